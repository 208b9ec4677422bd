import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { apiMessages } from '@penny/contracts';
import type { MiddlewareHandler } from 'hono';
import { assignFairShare } from '../../db/index.ts';
import type { Auth } from '../../identity/index.ts';
import { isPastAbsoluteLifetime } from '../../identity/index.ts';
import { type Logger, loggableError } from '../../logger.ts';
import { SESSION_CACHE_TTL_MS, type SessionCache } from '../../shared-state/index.ts';
import type { AppEnv, Principal, SessionUser } from '../context.ts';
import { fail } from '../errors.ts';
import type { LookupBudget } from './api-guard.ts';

/** What the cache keeps of a verified session: never its token. */
export type VerifiedSession = {
  user: SessionUser;
  session: { id: string; createdAt: Date; expiresAt: Date };
};

/** Rebuilds a VerifiedSession read back as JSON (dates arrive as strings). */
export function reviveVerifiedSession(json: unknown): VerifiedSession {
  const value = json as { user: SessionUser & Record<string, unknown>; session: Record<string, string> };
  const user = { ...value.user };
  for (const field of ['createdAt', 'updatedAt'] as const) {
    if (typeof user[field] === 'string') (user as Record<string, unknown>)[field] = new Date(user[field]);
  }
  return {
    user,
    session: {
      id: String(value.session.id),
      createdAt: new Date(String(value.session.createdAt)),
      expiresAt: new Date(String(value.session.expiresAt)),
    },
  };
}

function cacheKey(credential: string): string {
  return createHash('sha256').update(credential).digest('base64url');
}

/**
 * The public token visitors without a session send as bearer (the "anonymous token" of docs/product/chat.md,
 * "Request wrapper").
 */
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
 * Authorization header is required: the request wrapper (docs/product/chat.md, "Request wrapper") always
 * sends one, and a cross-site form, which can carry the cookie but not the header, never gets in. A
 * session older than the absolute lifetime is revoked here, since Better Auth only slides expiry. No
 * credentials: 401.
 */
export function sessionMiddleware(deps: {
  auth: Auth;
  anonToken: string;
  logger: Logger;
  /** Verified sessions for a few seconds (shared-state/session-cache.ts); none: every request looks up. */
  cache?: SessionCache<VerifiedSession> | undefined;
  now?: () => number;
  /**
   * `bearer` (the default): the Authorization header is required. `cookie`: the account-connection
   * service, whose calls the request wrapper sends without it (docs/product/chat.md, "Request wrapper"); the
   * session cookie alone names the user (the route adds an Origin check against cross-site forms).
   */
  credentials?: 'bearer' | 'cookie';
  /**
   * Failed lookups per address (api-guard.ts): checked before a lookup, spent when it finds no session.
   * Valid sessions never spend it.
   */
  lookupBudget?: LookupBudget | undefined;
}): MiddlewareHandler<AppEnv> {
  const now = deps.now ?? Date.now;
  const cache = deps.cache;
  const cookieOnly = deps.credentials === 'cookie';
  return async (c, next) => {
    const authorization = cookieOnly ? undefined : c.req.header('authorization');
    const bearer = cookieOnly ? deps.anonToken : authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    if (!bearer) return fail(c, 'auth:required', apiMessages.authRequired);
    const anonymous = Boolean(bearer && sameToken(bearer, deps.anonToken));
    // A browser that holds its session only in the httpOnly cookie (after a reload the in-memory bearer
    // token is gone) sends the anonymous token: the cookie still names the user, as it would alone.
    if (anonymous && !c.req.header('cookie')) {
      c.set('principal', { kind: 'anonymous' });
      return next();
    }
    const headers = new Headers(c.req.raw.headers);
    if (anonymous) headers.delete('authorization');
    const key = cacheKey(anonymous ? `cookie:${c.req.header('cookie')}` : `bearer:${bearer}`);
    let verified = cache ? await cache.get(key).catch(() => undefined) : undefined;
    if (verified && verified.session.expiresAt.getTime() <= now()) verified = undefined;
    if (!verified) {
      const refused = await deps.lookupBudget?.refuse(c);
      if (refused) return refused;
      const epoch = cache ? await cache.epoch().catch(() => undefined) : undefined;
      const result = await deps.auth.api.getSession({ headers }).catch((error: unknown) => {
        deps.logger.warn({ err: loggableError(error) }, 'session lookup failed');
        return null;
      });
      if (result) {
        verified = {
          user: result.user,
          session: {
            id: result.session.id,
            createdAt: new Date(result.session.createdAt),
            expiresAt: new Date(result.session.expiresAt),
          },
        };
        const ttl = Math.min(SESSION_CACHE_TTL_MS, verified.session.expiresAt.getTime() - now());
        if (cache && epoch !== undefined) await cache.set(key, verified, epoch, ttl).catch(() => undefined);
      } else {
        await deps.lookupBudget?.failed(c);
      }
    }
    if (!verified && anonymous) {
      c.set('principal', { kind: 'anonymous' });
      return next();
    }
    if (!verified) return fail(c, 'auth:required', apiMessages.authRequired);
    const createdAt = verified.session.createdAt;
    if (isPastAbsoluteLifetime(createdAt, now())) {
      const current = await deps.auth.api.getSession({ headers }).catch(() => null);
      if (current) {
        await deps.auth.api.revokeSession({ headers, body: { token: current.session.token } }).catch(() => {
          // Already gone is fine: the caller is signed out either way.
        });
      }
      await cache?.revoke().catch(() => undefined);
      return fail(c, 'auth:session-expired', apiMessages.sessionExpired);
    }
    const principal: Principal = {
      kind: 'user',
      user: verified.user,
      sessionId: verified.session.id,
      sessionCreatedAt: createdAt,
    };
    c.set('principal', principal);
    assignFairShare(`user:${verified.user.id}`);
    return next();
  };
}
