import type { Redis } from 'ioredis';

/**
 * Verified sessions kept for a few seconds, so an authenticated request skips the session lookup.
 * Revocation stays immediate, on every instance: each entry carries the revocation epoch read before
 * its lookup began, and every sign-out, revocation, password change or reset, profile change and
 * account deletion bumps the epoch after the database has changed, which invalidates every entry
 * made before it. (Coarse on purpose: revocations are rare, and a global epoch has no race to lose.)
 */
export type CachedSession<T> = { value: T; epoch: number };

export interface SessionCache<T> {
  /** The entry for `key` when it is still valid (same epoch, not expired). */
  get(key: string): Promise<T | undefined>;
  /** The current epoch: read it before looking the session up, and store with it. */
  epoch(): Promise<number>;
  set(key: string, value: T, epoch: number, ttlMs: number): Promise<void>;
  /** Invalidates every entry: call after a revocation has been committed. */
  revoke(): Promise<void>;
}

export const SESSION_CACHE_TTL_MS = 10_000;

export function createMemorySessionCache<T>(
  options: { maxEntries?: number; now?: () => number } = {},
): SessionCache<T> {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; epoch: number; expiresAt: number }>();
  let epoch = 0;
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.epoch !== epoch || entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    epoch: async () => epoch,
    async set(key, value, at, ttlMs) {
      if (at !== epoch || ttlMs <= 0) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, epoch: at, expiresAt: now() + ttlMs });
    },
    async revoke() {
      epoch += 1;
      entries.clear();
    },
  };
}

const EPOCH_KEY = 'sc:epoch';

/** The same on Redis: entries and the epoch shared by every instance (one MGET per hit). */
export function createRedisSessionCache<T>(redis: Redis, revive: (json: unknown) => T): SessionCache<T> {
  return {
    async get(key) {
      const [entry, current] = await redis.mget(`sc:${key}`, EPOCH_KEY);
      if (!entry) return undefined;
      const parsed = JSON.parse(entry) as { epoch: number; value: unknown };
      if (parsed.epoch !== Number(current ?? 0)) return undefined;
      return revive(parsed.value);
    },
    epoch: async () => Number((await redis.get(EPOCH_KEY)) ?? 0),
    async set(key, value, epoch, ttlMs) {
      if (ttlMs <= 0) return;
      await redis.set(`sc:${key}`, JSON.stringify({ epoch, value }), 'PX', Math.ceil(ttlMs));
    },
    async revoke() {
      await redis.incr(EPOCH_KEY);
    },
  };
}
