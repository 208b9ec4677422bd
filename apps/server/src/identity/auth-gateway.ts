import { apiMessages, identityMessages } from '@penny/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import type { RateLimiter } from '../shared-state/index.ts';
import { AUTH_RATE_LIMITS, type Auth, isPastAbsoluteLifetime, trustedOrigins } from './auth.ts';
import {
  AUTH_ENDPOINTS,
  type AuthEndpoint,
  type AuthEndpointPath,
  endpointOf,
  SESSION_CHANGING,
} from './auth-endpoints.ts';
import { authError, type CheckedBody, checkQuery, invalid, readBody } from './auth-request-checks.ts';
import { withClientIp } from './client-ip.ts';
import { createSignInBrake, type SignInBrake } from './sign-in-brake.ts';

export { AUTH_ENDPOINT_PATHS, type AuthEndpointPath } from './auth-endpoints.ts';

/**
 * The front door of Better Auth. Only the endpoints in `auth-endpoints.ts` are reachable (anything else
 * is a 404), and each request is checked before Better Auth sees it: the text rule and a depth bound on
 * every body and query value, the endpoint's contract schema, same-origin redirect targets
 * (`auth-request-checks.ts`), the absolute session lifetime on every endpoint that acts on a session, and
 * the sign-in brake. Answers made here have Better Auth's own error shape `{ code, message }`.
 */

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

/** The gateway's state, built once: the deps, the trusted origins, the brake and the background work. */
type Gateway = AuthGatewayDeps & {
  now: () => number;
  origins: string[];
  brake: SignInBrake | undefined;
  background: Set<Promise<unknown>>;
};

/** A request that passed the checks, on its way to Better Auth. */
type Admitted = { path: AuthEndpointPath; body: CheckedBody | undefined; forwarded: Request };

export function createAuthGateway(deps: AuthGatewayDeps): AuthGateway {
  const gateway: Gateway = {
    ...deps,
    now: deps.now ?? Date.now,
    origins: trustedOrigins(deps.config.publicUrl),
    brake: deps.config.authRateLimit ? createSignInBrake(deps.rateLimiter) : undefined,
    background: new Set(),
  };
  return {
    handle: async (request, clientIp) => {
      const admitted = await admit(gateway, request, clientIp);
      return admitted instanceof Response ? admitted : forward(gateway, admitted, clientIp);
    },
    settled: async () => {
      while (gateway.background.size > 0) await Promise.allSettled([...gateway.background]);
    },
  };
}

/** Every check before Better Auth: endpoint, method, query, body, session lifetime, username case. */
async function admit(
  gateway: Gateway,
  request: Request,
  clientIp: string | undefined,
): Promise<Admitted | Response> {
  const url = new URL(request.url);
  const path = endpointOf(url.pathname);
  if (!path) return authError(404, 'NOT_FOUND', apiMessages.notFound);
  const endpoint: AuthEndpoint = AUTH_ENDPOINTS[path];
  if (request.method !== endpoint.method) return authError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.');
  const queryRefusal = checkQuery(url, path, gateway.origins);
  if (queryRefusal) return queryRefusal;

  let body: CheckedBody | undefined;
  if (endpoint.body) {
    const read = await readBody(request, endpoint.body, gateway.origins);
    if (read instanceof Response) return read;
    body = read;
  }

  let sessionUsername: string | null | undefined;
  if (endpoint.session) {
    const checked = await refuseExpiredSession(gateway, request);
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
  return { path, body, forwarded };
}

/** Better Auth's answer, with what the gateway adds around sign-in, password reset and usernames. */
async function forward(
  gateway: Gateway,
  { path, body, forwarded }: Admitted,
  clientIp: string | undefined,
): Promise<Response> {
  const { brake } = gateway;
  if (path === '/sign-in/email' && brake && body) return signIn(gateway, brake, body, forwarded, clientIp);
  if (path === '/request-password-reset') return requestPasswordReset(gateway, forwarded, clientIp);

  const response = await gateway.auth.handler(forwarded);
  if (SESSION_CHANGING.has(path) && response.status < 300) await sessionsChanged(gateway);

  if (path === '/sign-up/email' && response.status === 200 && body) await holdUsername(gateway, body);
  if (path === '/is-username-available' && response.status === 200 && body) {
    if (await isReserved(gateway, body))
      return Response.json({ available: false }, { headers: response.headers });
  }
  return response;
}

async function signIn(
  gateway: Gateway,
  brake: SignInBrake,
  body: CheckedBody,
  forwarded: Request,
  clientIp: string | undefined,
): Promise<Response> {
  const email = String(body.value.email);
  const waitMs = await brake.attempt(email, clientIp);
  if (waitMs > 0) {
    return authError(429, 'TOO_MANY_ATTEMPTS', identityMessages.signIn.tooManyAttempts, {
      'X-Retry-After': String(Math.ceil(waitMs / 1000)),
    });
  }
  const response = await gateway.auth.handler(forwarded);
  if (response.status === 200) await brake.succeeded(email, clientIp);
  return response;
}

async function requestPasswordReset(
  gateway: Gateway,
  forwarded: Request,
  clientIp: string | undefined,
): Promise<Response> {
  // Known and unknown addresses get the same answer at the same speed: the lookup, the token and
  // the mail all happen after the answer has gone.
  if (gateway.config.authRateLimit) {
    const verdict = await gateway.rateLimiter.consume(`reset-request:${clientIp ?? 'unknown'}`, {
      windowMs: AUTH_RATE_LIMITS['/request-password-reset'].window * 1000,
      max: AUTH_RATE_LIMITS['/request-password-reset'].max,
    });
    if (!verdict.allowed)
      return authError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please try again later.', {
        'X-Retry-After': String(Math.ceil(verdict.retryAfterMs / 1000)),
      });
  }
  inBackground(gateway, gateway.auth.handler(forwarded));
  return Response.json(PASSWORD_RESET_ANSWER);
}

/**
 * After a sign-up: an already registered email creates no user, so hold its username all the same, and
 * the username check answers as it would after a real sign-up.
 */
async function holdUsername({ db }: Gateway, body: CheckedBody): Promise<void> {
  const username = String(body.value.username).trim().toLowerCase();
  const [holder] = await db
    .select({ id: tables.user.id })
    .from(tables.user)
    .where(eq(tables.user.username, username))
    .limit(1);
  if (!holder) await db.insert(tables.usernameReservation).values({ username }).onConflictDoNothing();
}

async function isReserved({ db }: Gateway, body: CheckedBody): Promise<boolean> {
  const username = String(body.value.username).trim().toLowerCase();
  const [reserved] = await db
    .select({ username: tables.usernameReservation.username })
    .from(tables.usernameReservation)
    .where(eq(tables.usernameReservation.username, username))
    .limit(1);
  return reserved !== undefined;
}

/** The caller's session when it is past its absolute lifetime: revoked, and the answer to send. */
async function refuseExpiredSession(
  gateway: Gateway,
  request: Request,
): Promise<Response | { username?: string | null } | null> {
  const { auth } = gateway;
  const found = await auth.api
    .getSession({ headers: request.headers, query: { disableRefresh: true } })
    .catch(() => null);
  if (!found) return null;
  if (isPastAbsoluteLifetime(found.session.createdAt, gateway.now())) {
    await auth.api
      .revokeSession({ headers: request.headers, body: { token: found.session.token } })
      .catch(() => undefined);
    await sessionsChanged(gateway);
    return authError(401, 'SESSION_EXPIRED', apiMessages.sessionExpired);
  }
  return { username: found.user.username ?? null };
}

async function sessionsChanged({ onSessionsChanged, logger }: Gateway): Promise<void> {
  await onSessionsChanged?.().catch((error: unknown) =>
    logger.error({ cause: (error as Error)?.name }, 'session cache could not be cleared'),
  );
}

function inBackground({ background, logger }: Gateway, work: Promise<unknown>): void {
  const tracked = work
    .catch((error: unknown) => logger.error({ cause: (error as Error)?.name }, 'background auth work failed'))
    .finally(() => background.delete(tracked));
  background.add(tracked);
}
