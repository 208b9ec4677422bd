import { apiMessages } from '@penny/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { snapTradeUserIdOf } from '../../finance/index.ts';
import type { SandboxHost, SandboxRateRule } from '../../sandbox/index.ts';
import type { RateLimiter } from '../../shared-state/index.ts';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';

/**
 * The sandbox upstreams' host (PROVIDERS=sandbox): who the browser is on a stand-in page, and the
 * callers' budgets, counted by the same counters as the API limits when those are on
 * (docs/decisions/0014-sandbox-keys-and-link-sessions.md).
 */
export function sandboxHost(limiter: RateLimiter | undefined): SandboxHost {
  return {
    browserUser(c) {
      const principal = (c as Context<AppEnv>).get('principal');
      if (principal?.kind !== 'user') return undefined;
      const id = principal.user.id;
      return { plaidUserId: id, snapTradeUserId: snapTradeUserIdOf(id) };
    },
    async allow(caller: string, rule: SandboxRateRule) {
      if (!limiter) return true;
      return (await limiter.consume(`sandbox:${caller}`, rule)).allowed;
    },
    address: (c) => (c as Context<AppEnv>).get('clientIp') ?? 'unknown',
  };
}

/** A person signing in to a sandbox bank or brokerage: a few dozen pages a minute at most. */
export const SANDBOX_BROWSER_RULE = { windowMs: 60_000, max: 60 } as const satisfies SandboxRateRule;

/**
 * The stand-in pages (fake Link, the brokerage portal), after the cookie session: a signed-in user
 * only (401 otherwise, as /connect/api answers), within a budget of their own.
 */
export function signedInBrowser(limiter: RateLimiter | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (principal.kind !== 'user') return fail(c, 'auth:required', apiMessages.authRequired);
    if (limiter) {
      const verdict = await limiter.consume(`sandbox:browser:${principal.user.id}`, SANDBOX_BROWSER_RULE);
      if (!verdict.allowed) {
        c.header('retry-after', String(Math.ceil(verdict.retryAfterMs / 1000)));
        return fail(c, 'request:too-many', apiMessages.tooMany);
      }
    }
    return next();
  };
}
