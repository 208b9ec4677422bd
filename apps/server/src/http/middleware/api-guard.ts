import { apiMessages } from '@penny/contracts';
import type { MiddlewareHandler } from 'hono';
import type { RateLimiter, RateRule } from '../../shared-state/index.ts';
import type { AppContext, AppEnv } from '../context.ts';
import { fail } from '../errors.ts';

/**
 * Limits on the database, agent and account-connection services, counted before a sealed body is
 * opened (and so before its request id takes a place in the replay store). Each signed-in user has a
 * budget of their own, which nobody else can spend; the per-address limit is a backstop behind it,
 * sized for several users behind one NAT, and counts only the requests their own budgets let through,
 * so one user's flood leaves the others on that address alone. The public anonymous token has a small
 * budget per address. Before the session is known a request costs an HMAC check of its credential,
 * and a database lookup only for a genuine one the session cache does not hold: lookups that find no
 * session (forged, revoked or expired credentials) have a budget per address, checked before each
 * lookup, that valid sessions never spend.
 */
export const API_RATE_LIMITS = {
  perUser: { windowMs: 60_000, max: 600 },
  /** Five users at their full rate. */
  perAddress: { windowMs: 60_000, max: 3_000 },
  failedLookupsPerAddress: { windowMs: 60_000, max: 600 },
  anonymousPerAddress: { windowMs: 60_000, max: 30 },
} as const satisfies Record<string, RateRule>;

/**
 * The only paths the anonymous token reaches (database-setup is called right after sign-up:
 * docs/product/identity.md, "Data service").
 */
export const ANONYMOUS_PATHS: ReadonlySet<string> = new Set(['/db/database-setup']);

const addressOf = (c: AppContext) => c.get('clientIp') ?? 'unknown';

async function over(limiter: RateLimiter, key: string, rule: RateRule): Promise<number> {
  const verdict = await limiter.consume(key, rule);
  return verdict.allowed ? 0 : verdict.retryAfterMs;
}

function tooMany(c: AppContext, waitMs: number) {
  c.header('retry-after', String(Math.ceil(waitMs / 1000)));
  // The body may still be unread on the socket: close rather than promise a keep-alive.
  c.header('connection', 'close');
  return fail(c, 'request:too-many', apiMessages.tooMany);
}

/** What the session middleware asks before a session lookup, and tells after one that found nothing. */
export type LookupBudget = {
  /** A 429 when the caller's address has spent its failed lookups; otherwise undefined. */
  refuse(c: AppContext): Promise<Response | undefined>;
  /** A lookup found no session. */
  failed(c: AppContext): Promise<void>;
};

/** The per-address budget alone, for the sandbox's stand-in pages (before their session lookup). */
export function addressRateLimit(limiter: RateLimiter | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!limiter) return next();
    const wait = await over(limiter, `api:ip:${addressOf(c)}`, API_RATE_LIMITS.perAddress);
    return wait > 0 ? tooMany(c, wait) : next();
  };
}

/** The budget of failed session lookups per address (none when limits are off). */
export function failedLookupBudget(limiter: RateLimiter | undefined): LookupBudget | undefined {
  if (!limiter) return undefined;
  const key = (c: AppContext) => `api:lookup-failed:${addressOf(c)}`;
  const rule = API_RATE_LIMITS.failedLookupsPerAddress;
  return {
    async refuse(c) {
      const seen = await limiter.peek(key(c));
      return seen.count >= rule.max ? tooMany(c, seen.retryAfterMs) : undefined;
    },
    async failed(c) {
      await limiter.consume(key(c), rule);
    },
  };
}

/**
 * After the session lookup, before the envelope: the anonymous token reaches only ANONYMOUS_PATHS (a
 * 401 elsewhere, as with no credentials) within its small budget per address; a signed-in user spends
 * their own budget first, and only a request it lets through counts against the address's backstop.
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
        const wait = await over(limiter, `api:anon:${addressOf(c)}`, API_RATE_LIMITS.anonymousPerAddress);
        if (wait > 0) return tooMany(c, wait);
      }
      return next();
    }
    if (limiter) {
      const own = await over(limiter, `api:user:${principal.user.id}`, API_RATE_LIMITS.perUser);
      if (own > 0) return tooMany(c, own);
      const shared = await over(limiter, `api:ip:${addressOf(c)}`, API_RATE_LIMITS.perAddress);
      if (shared > 0) return tooMany(c, shared);
    }
    return next();
  };
}
