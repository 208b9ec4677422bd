import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../../identity/index.ts';
import { isPastAbsoluteLifetime } from '../../identity/index.ts';
import type { Logger } from '../../logger.ts';
import type { AppEnv, Principal } from '../context.ts';
import { fail } from '../errors.ts';

/** The public token visitors without a session send as bearer (the spec's "anonymous token"). */
export function deriveAnonToken(authSecret: string): string {
  return `anon_${createHmac('sha256', authSecret).update('penny:anonymous-token:v1').digest('base64url')}`;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Resolves the caller from the bearer token, or from the session cookie when the bearer is the
 * anonymous token (a reloaded browser keeps its session only in the httpOnly cookie). The
 * Authorization header is required: the spec's request wrapper always sends one, and a cross-site
 * form, which can carry the cookie but not the header, never gets in. A session older than the
 * absolute lifetime is revoked here, since Better Auth only slides expiry. No credentials: 401.
 */
export function sessionMiddleware(deps: {
  auth: Auth;
  anonToken: string;
  logger: Logger;
  now?: () => number;
}): MiddlewareHandler<AppEnv> {
  const now = deps.now ?? Date.now;
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    if (!bearer) return fail(c, 'auth:required', 'Authentication required.');
    const anonymous = Boolean(bearer && sameToken(bearer, deps.anonToken));
    // A browser that holds its session only in the httpOnly cookie (after a reload the in-memory bearer
    // token is gone) sends the anonymous token: the cookie still names the user, as it would alone.
    if (anonymous && !c.req.header('cookie')) {
      c.set('principal', { kind: 'anonymous' });
      return next();
    }
    const headers = new Headers(c.req.raw.headers);
    if (anonymous) headers.delete('authorization');
    const result = await deps.auth.api.getSession({ headers }).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'session lookup failed');
      return null;
    });
    if (!result && anonymous) {
      c.set('principal', { kind: 'anonymous' });
      return next();
    }
    if (!result) return fail(c, 'auth:required', 'Authentication required.');
    const createdAt = new Date(result.session.createdAt);
    if (isPastAbsoluteLifetime(createdAt, now())) {
      await deps.auth.api.revokeSession({ headers, body: { token: result.session.token } }).catch(() => {
        // Already gone is fine: the caller is signed out either way.
      });
      return fail(c, 'auth:session-expired', 'Your session has expired. Please sign in again.');
    }
    const principal: Principal = {
      kind: 'user',
      user: result.user,
      sessionId: result.session.id,
      sessionCreatedAt: createdAt,
    };
    c.set('principal', principal);
    return next();
  };
}
