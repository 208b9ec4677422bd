import { apiMessages } from '@penny/contracts';
import type { MiddlewareHandler } from 'hono';
import type { RateLimiter, RateRule } from '../../shared-state/index.ts';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';

/**
 * Limits on the database and agent services, counted before a sealed body is opened (and so before
 * its request id takes a place in the replay store). Per client address first, then per user; the
 * public anonymous token gets a small budget of its own.
 */
export const API_RATE_LIMITS = {
  perAddress: { windowMs: 60_000, max: 1_200 },
  perUser: { windowMs: 60_000, max: 600 },
  anonymousPerAddress: { windowMs: 60_000, max: 30 },
} as const satisfies Record<string, RateRule>;

/**
 * The only paths the anonymous token reaches (database-setup is called right after sign-up:
 * docs/product/identity.md, "Data service").
 */
export const ANONYMOUS_PATHS: ReadonlySet<string> = new Set(['/db/database-setup']);

async function over(limiter: RateLimiter, key: string, rule: RateRule): Promise<number> {
  const verdict = await limiter.consume(key, rule);
  return verdict.allowed ? 0 : verdict.retryAfterMs;
}

function tooMany(c: Parameters<MiddlewareHandler<AppEnv>>[0], waitMs: number) {
  c.header('retry-after', String(Math.ceil(waitMs / 1000)));
  // The body may still be unread on the socket: close rather than promise a keep-alive.
  c.header('connection', 'close');
  return fail(c, 'request:too-many', apiMessages.tooMany);
}

/** Before the session lookup: a flood from one address costs one counter hit per request. */
export function addressRateLimit(limiter: RateLimiter | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!limiter) return next();
    const wait = await over(limiter, `api:ip:${c.get('clientIp') ?? 'unknown'}`, API_RATE_LIMITS.perAddress);
    return wait > 0 ? tooMany(c, wait) : next();
  };
}

/**
 * After the session lookup, before the envelope: the anonymous token reaches only ANONYMOUS_PATHS (a
 * 401 elsewhere, as with no credentials), and each caller is held to its own budget.
 */
export function principalGuard(limiter: RateLimiter | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (principal.kind === 'anonymous') {
      if (!ANONYMOUS_PATHS.has(c.req.path)) {
        if (c.req.method !== 'GET' && c.req.method !== 'HEAD') c.header('connection', 'close');
        return fail(c, 'auth:required', apiMessages.authRequired);
      }
      if (limiter) {
        const key = `api:anon:${c.get('clientIp') ?? 'unknown'}`;
        const wait = await over(limiter, key, API_RATE_LIMITS.anonymousPerAddress);
        if (wait > 0) return tooMany(c, wait);
      }
      return next();
    }
    if (limiter) {
      const wait = await over(limiter, `api:user:${principal.user.id}`, API_RATE_LIMITS.perUser);
      if (wait > 0) return tooMany(c, wait);
    }
    return next();
  };
}
