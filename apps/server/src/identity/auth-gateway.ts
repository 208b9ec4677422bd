import {
  apiMessages,
  changePasswordRequestSchema,
  emptyRequestSchema,
  findJsonProblem,
  identityMessages,
  isSafeText,
  JSON_LIMITS,
  jsonTextDepth,
  requestPasswordResetSchema,
  resetPasswordRequestSchema,
  revokeSessionRequestSchema,
  sendVerificationEmailSchema,
  signInRequestSchema,
  signUpRequestSchema,
  updateUserRequestSchema,
  usernameAvailabilityRequestSchema,
} from '@penny/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import type { RateLimiter } from '../shared-state/index.ts';
import { AUTH_RATE_LIMITS, type Auth, isPastAbsoluteLifetime, trustedOrigins } from './auth.ts';
import { withClientIp } from './client-ip.ts';
import { isSafeRedirectTarget } from './redirect-target.ts';
import { createSignInBrake } from './sign-in-brake.ts';

/**
 * The front door of Better Auth. Only the endpoints below are reachable (anything else is a 404), and
 * each request is checked before Better Auth sees it: the text rule and a depth bound on every body
 * and query value, the endpoint's contract schema, same-origin redirect targets, the absolute session
 * lifetime on every endpoint that acts on a session, and the sign-in brake. Answers made here have
 * Better Auth's own error shape `{ code, message }`.
 */
type AuthEndpoint = {
  method: 'GET' | 'POST';
  /** Schema of the JSON body (POST). */
  body?: z.ZodType;
  /** Acts on the caller's session: refused once the session is past its absolute lifetime. */
  session?: boolean;
};

const AUTH_ENDPOINTS = {
  '/sign-up/email': { method: 'POST', body: signUpRequestSchema },
  '/sign-in/email': { method: 'POST', body: signInRequestSchema },
  '/sign-out': { method: 'POST', body: emptyRequestSchema },
  '/get-session': { method: 'GET', session: true },
  '/request-password-reset': { method: 'POST', body: requestPasswordResetSchema },
  '/reset-password': { method: 'POST', body: resetPasswordRequestSchema },
  '/reset-password/:token': { method: 'GET' },
  '/verify-email': { method: 'GET' },
  '/send-verification-email': { method: 'POST', body: sendVerificationEmailSchema },
  '/is-username-available': { method: 'POST', body: usernameAvailabilityRequestSchema },
  '/update-user': { method: 'POST', body: updateUserRequestSchema, session: true },
  '/change-password': { method: 'POST', body: changePasswordRequestSchema, session: true },
  '/list-sessions': { method: 'GET', session: true },
  '/revoke-session': { method: 'POST', body: revokeSessionRequestSchema, session: true },
  '/revoke-sessions': { method: 'POST', body: emptyRequestSchema, session: true },
  '/revoke-other-sessions': { method: 'POST', body: emptyRequestSchema, session: true },
} as const satisfies Record<string, AuthEndpoint>;

export type AuthEndpointPath = keyof typeof AUTH_ENDPOINTS;
export const AUTH_ENDPOINT_PATHS = Object.keys(AUTH_ENDPOINTS) as AuthEndpointPath[];

/** Query and body fields that name a URL Better Auth will redirect to or put in a mail. */
const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;
const MAX_QUERY_VALUE = 2048;
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{1,512}$/;
/** Endpoints whose success ends sessions or changes what a session's user looks like. */
const SESSION_CHANGING: ReadonlySet<AuthEndpointPath> = new Set([
  '/sign-out',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/change-password',
  '/reset-password',
  '/update-user',
]);
const PASSWORD_RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

export type AuthGatewayDeps = {
  auth: Auth;
  db: Database;
  logger: Logger;
  config: { publicUrl: string; authRateLimit: boolean };
  rateLimiter: RateLimiter;
  /** Called after anything that ends or changes sessions has been committed (the session cache). */
  onSessionsChanged?: () => Promise<void>;
  now?: () => number;
};

export type AuthGateway = {
  handle(request: Request, clientIp: string | undefined): Promise<Response>;
  /** Resolves once work moved off the request path (password-reset requests) has finished. */
  settled(): Promise<void>;
};

function authError(status: number, code: string, message: string, headers?: Record<string, string>) {
  return Response.json({ code, message }, { status, ...(headers ? { headers } : {}) });
}

const invalid = (message: string) => authError(400, 'VALIDATION_ERROR', message);

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  // Sign-up's messages are the form's own sentences; elsewhere name the field.
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return issue.message.endsWith('.') ? issue.message : `Invalid request: ${where}${issue.message}`;
}

function endpointOf(pathname: string): AuthEndpointPath | undefined {
  const path = pathname.replace(/^\/api\/auth/, '');
  if (path in AUTH_ENDPOINTS) return path as AuthEndpointPath;
  if (/^\/reset-password\/[^/]+$/.test(path)) return '/reset-password/:token';
  return undefined;
}

export function createAuthGateway(deps: AuthGatewayDeps): AuthGateway {
  const { auth, db, logger, config } = deps;
  const now = deps.now ?? Date.now;
  const origins = trustedOrigins(config.publicUrl);
  const brake = config.authRateLimit ? createSignInBrake(deps.rateLimiter) : undefined;
  const background = new Set<Promise<unknown>>();
  const sessionsChanged = async () => {
    await deps
      .onSessionsChanged?.()
      .catch((error: unknown) =>
        logger.error({ cause: (error as Error)?.name }, 'session cache could not be cleared'),
      );
  };

  /** The query string's values: each passes the text rule; redirect targets must stay on our origin. */
  function checkQuery(url: URL, path: AuthEndpointPath): Response | undefined {
    for (const [key, value] of url.searchParams) {
      if (!isSafeText(key) || !isSafeText(value) || value.length > MAX_QUERY_VALUE)
        return invalid(`Invalid request: ${key.slice(0, 40)}: is not valid text`);
      if ((REDIRECT_FIELDS as readonly string[]).includes(key) && !isSafeRedirectTarget(value, origins))
        return invalid(`Invalid request: ${key}: must be a page of this site`);
      if (key === 'token' && !TOKEN_PATTERN.test(value))
        return invalid('Invalid request: token: is not valid');
    }
    if (path === '/reset-password/:token') {
      const token = url.pathname.split('/').at(-1) ?? '';
      if (!TOKEN_PATTERN.test(token)) return invalid('Invalid request: token: is not valid');
    }
    return undefined;
  }

  /** The JSON body, checked against the endpoint's schema; a Response when it is refused. */
  async function readBody(
    request: Request,
    schema: z.ZodType,
  ): Promise<{ text: string; value: Record<string, unknown> } | Response> {
    const text = await request.text();
    if (text.trim() === '' && schema === emptyRequestSchema) return { text: '{}', value: {} };
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\b/i.test(type))
      return authError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
    if (jsonTextDepth(text) > JSON_LIMITS.maxDepth) return invalid('Request body is nested too deeply.');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return invalid('Request body must be valid JSON.');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return invalid('Request body must be a JSON object.');
    const problem = findJsonProblem(value);
    if (problem) return invalid(`Invalid request: ${problem.path || 'body'}: ${problem.message}`);
    const parsed = schema.safeParse(value);
    if (!parsed.success) return invalid(describeIssue(parsed.error));
    for (const field of REDIRECT_FIELDS) {
      const target = (value as Record<string, unknown>)[field];
      if (typeof target === 'string' && !isSafeRedirectTarget(target, origins))
        return invalid(`Invalid request: ${field}: must be a page of this site`);
    }
    return { text, value: value as Record<string, unknown> };
  }

  /** The caller's session when it is past its absolute lifetime: revoked, and the answer to send. */
  async function refuseExpiredSession(
    request: Request,
  ): Promise<Response | { username?: string | null } | null> {
    const found = await auth.api
      .getSession({ headers: request.headers, query: { disableRefresh: true } })
      .catch(() => null);
    if (!found) return null;
    if (isPastAbsoluteLifetime(found.session.createdAt, now())) {
      await auth.api
        .revokeSession({ headers: request.headers, body: { token: found.session.token } })
        .catch(() => undefined);
      await sessionsChanged();
      return authError(401, 'SESSION_EXPIRED', apiMessages.sessionExpired);
    }
    return { username: found.user.username ?? null };
  }

  function inBackground(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) =>
        logger.error({ cause: (error as Error)?.name }, 'background auth work failed'),
      )
      .finally(() => background.delete(tracked));
    background.add(tracked);
  }

  async function handle(request: Request, clientIp: string | undefined): Promise<Response> {
    const url = new URL(request.url);
    const path = endpointOf(url.pathname);
    if (!path) return authError(404, 'NOT_FOUND', apiMessages.notFound);
    const endpoint: AuthEndpoint = AUTH_ENDPOINTS[path];
    if (request.method !== endpoint.method)
      return authError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.');
    const queryRefusal = checkQuery(url, path);
    if (queryRefusal) return queryRefusal;

    let body: { text: string; value: Record<string, unknown> } | undefined;
    if (endpoint.body) {
      const read = await readBody(request, endpoint.body);
      if (read instanceof Response) return read;
      body = read;
    }

    let sessionUsername: string | null | undefined;
    if (endpoint.session) {
      const checked = await refuseExpiredSession(request);
      if (checked instanceof Response) return checked;
      sessionUsername = checked?.username;
    }
    if (path === '/update-user' && typeof body?.value.displayUsername === 'string') {
      const wanted = body.value.displayUsername.trim().toLowerCase();
      if (sessionUsername && wanted !== sessionUsername.toLowerCase())
        return invalid('Invalid request: displayUsername: may only change the case of your username');
    }

    const forwarded = withClientIp(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        ...(body ? { body: body.text } : {}),
      }),
      clientIp,
    );

    if (path === '/sign-in/email' && brake && body) {
      const email = String(body.value.email);
      const waitMs = await brake.attempt(email, clientIp);
      if (waitMs > 0) {
        return authError(429, 'TOO_MANY_ATTEMPTS', identityMessages.signIn.tooManyAttempts, {
          'X-Retry-After': String(Math.ceil(waitMs / 1000)),
        });
      }
      const response = await auth.handler(forwarded);
      if (response.status === 200) await brake.succeeded(email, clientIp);
      return response;
    }

    if (path === '/request-password-reset') {
      // Known and unknown addresses get the same answer at the same speed: the lookup, the token and
      // the mail all happen after the answer has gone.
      if (config.authRateLimit) {
        const verdict = await deps.rateLimiter.consume(`reset-request:${clientIp ?? 'unknown'}`, {
          windowMs: AUTH_RATE_LIMITS['/request-password-reset'].window * 1000,
          max: AUTH_RATE_LIMITS['/request-password-reset'].max,
        });
        if (!verdict.allowed)
          return authError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please try again later.', {
            'X-Retry-After': String(Math.ceil(verdict.retryAfterMs / 1000)),
          });
      }
      inBackground(auth.handler(forwarded));
      return Response.json(PASSWORD_RESET_ANSWER);
    }

    const response = await auth.handler(forwarded);
    if (SESSION_CHANGING.has(path) && response.status < 300) await sessionsChanged();

    if (path === '/sign-up/email' && response.status === 200 && body) {
      // An already registered email creates no user: hold its username all the same, so the username
      // check answers as it would after a real sign-up.
      const username = String(body.value.username).trim().toLowerCase();
      const [holder] = await db
        .select({ id: tables.user.id })
        .from(tables.user)
        .where(eq(tables.user.username, username))
        .limit(1);
      if (!holder) await db.insert(tables.usernameReservation).values({ username }).onConflictDoNothing();
    }
    if (path === '/is-username-available' && response.status === 200 && body) {
      const username = String(body.value.username).trim().toLowerCase();
      const [reserved] = await db
        .select({ username: tables.usernameReservation.username })
        .from(tables.usernameReservation)
        .where(eq(tables.usernameReservation.username, username))
        .limit(1);
      if (reserved) return Response.json({ available: false }, { headers: response.headers });
    }
    return response;
  }

  return {
    handle,
    settled: async () => {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
