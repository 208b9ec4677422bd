/**
 * Remembers the request ids of sealed request bodies so that each one is accepted once.
 * Async on purpose: the multi-instance implementation (Redis `SET id 1 NX PX ttl`) is a network call.
 */
export interface ReplayStore {
  /**
   * Records `id` for `ttlMs`. Resolves true the first time (the caller may proceed), false while the
   * id is still remembered. Must be atomic: of two concurrent claims of one id, exactly one wins.
   * Rejects when it cannot decide (store full or unreachable); callers must then refuse the request.
   */
  claim(id: string, ttlMs: number): Promise<boolean>;
}

/** Thrown by the memory store when every slot holds an unexpired id: refusing beats forgetting. */
export class ReplayStoreFullError extends Error {
  override name = 'ReplayStoreFullError';
}

export type MemoryReplayStoreOptions = {
  /** Upper bound on remembered ids (about 100-150 bytes each). Default 250,000. */
  maxEntries?: number;
  now?: () => number;
};

export type MemoryReplayStore = ReplayStore & {
  /** Ids currently held, expired ones not yet swept included. */
  readonly size: number;
};

const DEFAULT_MAX_ENTRIES = 250_000;
// A full scan is O(n); rate-limit it so a flood cannot turn every claim into one.
const FULL_SWEEP_INTERVAL_MS = 1_000;

/**
 * Single-process replay store. Bounded: ids are swept once expired, and when the bound is reached
 * with only live ids the claim rejects (fail closed) instead of evicting a live id, which would
 * re-open a replay window exactly when someone is flooding the server.
 */
export function createMemoryReplayStore(options: MemoryReplayStoreOptions = {}): MemoryReplayStore {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError('maxEntries must be a positive integer');
  }
  const now = options.now ?? Date.now;
  // Insertion order ~ expiry order (TTLs are short and similar), so expired ids gather at the head.
  const expiries = new Map<string, number>();
  let lastFullSweep = Number.NEGATIVE_INFINITY;

  function sweepHead(t: number): void {
    for (const [id, expiresAt] of expiries) {
      if (expiresAt > t) return;
      expiries.delete(id);
    }
  }

  function sweepAll(t: number): void {
    lastFullSweep = t;
    for (const [id, expiresAt] of expiries) {
      if (expiresAt <= t) expiries.delete(id);
    }
  }

  function claimSync(id: string, ttlMs: number): boolean {
    const t = now();
    sweepHead(t);
    const existing = expiries.get(id);
    if (existing !== undefined) {
      if (existing > t) return false;
      expiries.delete(id);
    }
    if (expiries.size >= maxEntries && t - lastFullSweep >= FULL_SWEEP_INTERVAL_MS) sweepAll(t);
    if (expiries.size >= maxEntries) throw new ReplayStoreFullError('Replay store is full');
    expiries.set(id, t + Math.max(1, ttlMs));
    return true;
  }

  return {
    // Check-and-set runs synchronously inside one call, so it is atomic on the event loop.
    claim: (id, ttlMs) => {
      try {
        return Promise.resolve(claimSync(id, ttlMs));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    get size() {
      return expiries.size;
    },
  };
}
