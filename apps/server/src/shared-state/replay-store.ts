/**
 * Remembers the request ids of sealed request bodies so that each one is accepted once.
 * Async on purpose: the multi-instance implementation (Redis `SET id 1 NX PX ttl`) is a network call.
 */
export interface ReplayStore {
  /**
   * Records `id` for `ttlMs`. Resolves true the first time (the caller may proceed), false while the
   * id is still remembered. Must be atomic: of two concurrent claims of one id, exactly one wins.
   * Rejects when it cannot decide (store full or unreachable); callers must then refuse the request.
   * `owner` names the client (a user id, or a client address for anonymous callers): each owner may
   * hold only a bounded share of the store, so one client cannot fill it for everyone else; past
   * that share the claim rejects with ReplayQuotaError.
   */
  claim(id: string, ttlMs: number, owner: string): Promise<boolean>;
}

/** Thrown when one owner already holds its whole share of live ids: that client must slow down. */
export class ReplayQuotaError extends Error {
  override name = 'ReplayQuotaError';
}

/** Thrown by the memory store when every slot holds an unexpired id: refusing beats forgetting. */
export class ReplayStoreFullError extends Error {
  override name = 'ReplayStoreFullError';
}

export type MemoryReplayStoreOptions = {
  /** Upper bound on remembered ids (about 100-150 bytes each). Default 250,000. */
  maxEntries?: number;
  /** Upper bound on the live ids of one owner. Default 5,000. */
  maxPerOwner?: number;
  now?: () => number;
};

export type MemoryReplayStore = ReplayStore & {
  /** Ids currently held, expired ones not yet swept included. */
  readonly size: number;
};

const DEFAULT_MAX_ENTRIES = 250_000;
const DEFAULT_MAX_PER_OWNER = 5_000;
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
  const maxPerOwner = options.maxPerOwner ?? DEFAULT_MAX_PER_OWNER;
  const now = options.now ?? Date.now;
  // Insertion order ~ expiry order (TTLs are short and similar), so expired ids gather at the head.
  const expiries = new Map<string, { expiresAt: number; owner: string }>();
  const perOwner = new Map<string, number>();
  let lastFullSweep = Number.NEGATIVE_INFINITY;

  function forget(id: string, owner: string): void {
    expiries.delete(id);
    const held = (perOwner.get(owner) ?? 1) - 1;
    if (held > 0) perOwner.set(owner, held);
    else perOwner.delete(owner);
  }

  function sweepHead(t: number): void {
    for (const [id, entry] of expiries) {
      if (entry.expiresAt > t) return;
      forget(id, entry.owner);
    }
  }

  function sweepAll(t: number): void {
    lastFullSweep = t;
    for (const [id, entry] of expiries) {
      if (entry.expiresAt <= t) forget(id, entry.owner);
    }
  }

  function claimSync(id: string, ttlMs: number, owner: string): boolean {
    const t = now();
    sweepHead(t);
    const existing = expiries.get(id);
    if (existing !== undefined) {
      if (existing.expiresAt > t) return false;
      forget(id, existing.owner);
    }
    if ((perOwner.get(owner) ?? 0) >= maxPerOwner && t - lastFullSweep >= FULL_SWEEP_INTERVAL_MS) sweepAll(t);
    if ((perOwner.get(owner) ?? 0) >= maxPerOwner) throw new ReplayQuotaError('Replay quota exceeded');
    if (expiries.size >= maxEntries && t - lastFullSweep >= FULL_SWEEP_INTERVAL_MS) sweepAll(t);
    if (expiries.size >= maxEntries) throw new ReplayStoreFullError('Replay store is full');
    expiries.set(id, { expiresAt: t + Math.max(1, ttlMs), owner });
    perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1);
    return true;
  }

  return {
    // Check-and-set runs synchronously inside one call, so it is atomic on the event loop.
    claim: (id, ttlMs, owner) => {
      try {
        return Promise.resolve(claimSync(id, ttlMs, owner));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    get size() {
      return expiries.size;
    },
  };
}
