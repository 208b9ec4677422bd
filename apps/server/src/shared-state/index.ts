import type { Logger } from '../logger.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { connectRedis, createRedisRateLimiter, createRedisReplayStore } from './redis.ts';
import { createMemoryReplayStore, type ReplayStore } from './replay-store.ts';
import { createMemorySessionCache, createRedisSessionCache, type SessionCache } from './session-cache.ts';

export {
  type BetterAuthRateLimitStorage,
  betterAuthRateLimitStorage,
  createMemoryRateLimiter,
  type RateLimiter,
  type RateRule,
  type RateVerdict,
} from './rate-limiter.ts';
export {
  createMemoryReplayStore,
  type MemoryReplayStore,
  ReplayQuotaError,
  type ReplayStore,
  ReplayStoreFullError,
} from './replay-store.ts';
export { SESSION_CACHE_TTL_MS, type SessionCache } from './session-cache.ts';

/**
 * State that several instances must share: the replay cache of sealed request ids and the rate-limit
 * counters (auth limits, the sign-in brake, API limits). In memory by default (one process); on Redis
 * when REDIS_URL is set.
 */
export type SharedState = {
  kind: 'memory' | 'redis';
  replayStore: ReplayStore;
  rateLimiter: RateLimiter;
  /** A cache of verified sessions; `revive` rebuilds a value read back from Redis (JSON). */
  makeSessionCache<T>(revive: (json: unknown) => T): SessionCache<T>;
  /** Whether Redis answers (memory always does): what /healthz reports. */
  health(): Promise<'ok' | 'unavailable'>;
  close(): Promise<void>;
};

export function createSharedState(options: {
  redisUrl?: string | undefined;
  /** Where Redis's connection errors go (ioredis reconnects by itself; /healthz reports it meanwhile). */
  logger?: Pick<Logger, 'warn'>;
}): SharedState {
  if (!options.redisUrl) {
    return {
      kind: 'memory',
      replayStore: createMemoryReplayStore({ maxEntries: 100_000 }),
      rateLimiter: createMemoryRateLimiter(),
      makeSessionCache: () => createMemorySessionCache(),
      health: async () => 'ok',
      close: async () => {},
    };
  }
  const redis = connectRedis(options.redisUrl);
  redis.on('error', (error: Error) => options.logger?.warn({ err: error.message }, 'redis connection error'));
  return {
    kind: 'redis',
    replayStore: createRedisReplayStore(redis),
    rateLimiter: createRedisRateLimiter(redis),
    makeSessionCache: (revive) => createRedisSessionCache(redis, revive),
    health: async () => ((await redis.ping().catch(() => 'down')) === 'PONG' ? 'ok' : 'unavailable'),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
