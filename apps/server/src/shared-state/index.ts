import { createMemoryReplayStore, type ReplayStore } from '../http/middleware/replay-store.ts';
import {
  type BetterAuthRateLimitStorage,
  connectRedis,
  createRedisRateLimitStorage,
  createRedisReplayStore,
} from './redis.ts';

/**
 * State that several instances must share: the replay cache of sealed request ids and the auth rate
 * limits. In memory by default (one process); on Redis when REDIS_URL is set.
 */
export type SharedState = {
  kind: 'memory' | 'redis';
  replayStore: ReplayStore;
  /** Undefined in memory mode: Better Auth keeps its own in-process counters then. */
  rateLimitStorage: BetterAuthRateLimitStorage | undefined;
  close(): Promise<void>;
};

export function createSharedState(options: { redisUrl?: string | undefined }): SharedState {
  if (!options.redisUrl) {
    return {
      kind: 'memory',
      replayStore: createMemoryReplayStore({ maxEntries: 100_000 }),
      rateLimitStorage: undefined,
      close: async () => {},
    };
  }
  const redis = connectRedis(options.redisUrl);
  return {
    kind: 'redis',
    replayStore: createRedisReplayStore(redis),
    rateLimitStorage: createRedisRateLimitStorage(redis),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
