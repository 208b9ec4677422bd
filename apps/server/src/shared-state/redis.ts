import type { BetterAuthOptions } from 'better-auth';
import { Redis } from 'ioredis';

import type { ReplayStore } from '../http/middleware/replay-store.ts';

export type BetterAuthRateLimitStorage = NonNullable<
  NonNullable<BetterAuthOptions['rateLimit']>['customStorage']
>;

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

export function connectRedis(url: string): Redis {
  return new Redis(url, {
    keyPrefix: KEY_PREFIX,
    // Fail a command quickly when Redis is down: callers fail closed (503/429) rather than hang.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}

/** Sealed-request ids shared by every instance: `SET NX PX` is the atomic claim. */
export function createRedisReplayStore(redis: Redis): ReplayStore {
  return {
    async claim(id, ttlMs) {
      const result = await redis.set(`rid:${id}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
      return result === 'OK';
    },
  };
}

/** Better Auth's rate-limit storage on Redis, so limits hold across instances. */
export function createRedisRateLimitStorage(redis: Redis): BetterAuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const windowMs = Math.max(1, Math.round(rule.window * 1000));
      const [count, ttl] = (await redis.eval(CONSUME_SCRIPT, 1, `rl:${key}`, String(windowMs))) as [
        number,
        number,
      ];
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    },
  };
}
