import { Redis } from 'ioredis';

import type { RateLimiter } from './rate-limiter.ts';
import { ReplayQuotaError, type ReplayStore } from './replay-store.ts';

const KEY_PREFIX = 'penny:';

/**
 * Fixed-window counter in one atomic step: the first hit of a window sets its expiry; a hit over the
 * limit reports how long until the window frees up. Returns { count, pttl }.
 */
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** A counter's hits and time left, without a hit: { count, pttl } ({0, 0} when there is none). */
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return { 0, 0 } end
return { tonumber(count), redis.call('PTTL', KEYS[1]) }
`;

export function connectRedis(url: string): Redis {
  return new Redis(url, {
    keyPrefix: KEY_PREFIX,
    // Fail a command quickly when Redis is down: callers fail closed (503/429) rather than hang.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

/**
 * Claims a request id (`SET NX PX`) unless its owner has claimed `quota` ids within the last window:
 * 1 = fresh, 0 = replayed, -1 = over the owner's share.
 */
const CLAIM_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local held = redis.call('INCR', KEYS[2])
if held == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
if held > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
return 1
`;

/**
 * Sealed-request ids shared by every instance. Each owner may claim at most `maxPerOwner` ids per
 * `ownerWindowMs` (the longest an id is remembered), so no client can fill Redis for the others.
 */
export function createRedisReplayStore(
  redis: Redis,
  options: { maxPerOwner?: number; ownerWindowMs?: number } = {},
): ReplayStore {
  const maxPerOwner = options.maxPerOwner ?? 5_000;
  const ownerWindowMs = options.ownerWindowMs ?? 160_000;
  return {
    async claim(id, ttlMs, owner) {
      const verdict = Number(
        await redis.eval(
          CLAIM_SCRIPT,
          2,
          `rid:${id}`,
          `ridq:${owner}`,
          String(Math.max(1, Math.ceil(ttlMs))),
          String(maxPerOwner),
          String(ownerWindowMs),
        ),
      );
      if (verdict === -1) throw new ReplayQuotaError('Replay quota exceeded');
      return verdict === 1;
    },
  };
}

/** Fixed-window counters shared by every instance (one atomic script per hit). */
export function createRedisRateLimiter(redis: Redis): RateLimiter {
  return {
    async consume(key, rule) {
      const windowMs = Math.max(1, Math.round(rule.windowMs));
      const [count, ttl] = (await redis.eval(CONSUME_SCRIPT, 1, `rc:${key}`, String(windowMs))) as [
        number,
        number,
      ];
      const allowed = count <= rule.max;
      return { allowed, count, retryAfterMs: allowed ? 0 : Math.max(1, ttl) };
    },
    async peek(key) {
      const [count, ttl] = (await redis.eval(PEEK_SCRIPT, 1, `rc:${key}`)) as [number, number];
      return { count, retryAfterMs: count > 0 ? Math.max(1, ttl) : 0 };
    },
    async reset(key) {
      await redis.del(`rc:${key}`);
    },
  };
}
