import type { BetterAuthOptions } from 'better-auth';

/**
 * Fixed-window counters, counted atomically before the work they guard: the memory implementation
 * checks and increments inside one synchronous call (atomic on the event loop), the Redis one in one
 * Lua script. So 60 requests sent at once are counted as 60, not as 60 times "the first".
 */
export type RateRule = { windowMs: number; max: number };
export type RateVerdict = { allowed: boolean; count: number; retryAfterMs: number };

export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within `rule`. */
  consume(key: string, rule: RateRule): Promise<RateVerdict>;
  /**
   * The hits `key` holds in its current window, without adding one (0 when it has none): for a budget
   * spent only by failures, checked before the work that may fail.
   */
  peek(key: string): Promise<{ count: number; retryAfterMs: number }>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

export type MemoryRateLimiterOptions = {
  /** Keys kept at most; expired windows are swept first, then the oldest windows go. Default 200,000. */
  maxKeys?: number;
  now?: () => number;
};

export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter {
  const maxKeys = options.maxKeys ?? 200_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  function makeRoom(t: number): void {
    for (const [key, window] of windows) if (window.resetAt <= t) windows.delete(key);
    // Still full of live windows: drop the oldest (insertion order), which at worst forgets a count.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  function consumeSync(key: string, rule: RateRule): RateVerdict {
    const t = now();
    let window = windows.get(key);
    if (!window || window.resetAt <= t) {
      if (window) windows.delete(key);
      if (windows.size >= maxKeys) makeRoom(t);
      window = { count: 0, resetAt: t + rule.windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    const allowed = window.count <= rule.max;
    return { allowed, count: window.count, retryAfterMs: allowed ? 0 : Math.max(1, window.resetAt - t) };
  }

  return {
    consume: async (key, rule) => consumeSync(key, rule),
    peek: async (key) => {
      const window = windows.get(key);
      const t = now();
      if (!window || window.resetAt <= t) return { count: 0, retryAfterMs: 0 };
      return { count: window.count, retryAfterMs: Math.max(1, window.resetAt - t) };
    },
    reset: async (key) => {
      windows.delete(key);
    },
  };
}

export type BetterAuthRateLimitStorage = NonNullable<
  NonNullable<BetterAuthOptions['rateLimit']>['customStorage']
>;

/**
 * Better Auth's rate-limit storage on our counters (Redis or memory), so its per-address limits are
 * counted atomically and hold across instances.
 */
export function betterAuthRateLimitStorage(limiter: RateLimiter): BetterAuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const verdict = await limiter.consume(`auth:${key}`, {
        windowMs: Math.max(1, Math.round(rule.window * 1000)),
        max: rule.max,
      });
      if (verdict.allowed) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)) };
    },
  };
}
