import type { PublicConfig } from '@penny/contracts';
import { vi } from 'vitest';
import type { createPennyAuthClient } from '../session/auth-client.ts';

/** The network boundary for web tests: a stand-in for the server's auth and config endpoints. */

export type FakeUser = {
  id?: string;
  email?: string;
  name?: string;
  username?: string;
  firstName?: string | null;
  lastName?: string | null;
};

export type FakeNetworkOptions = {
  /** The session `GET /api/auth/get-session` reports; 'pending' never answers. */
  session: FakeUser | null | 'pending';
  /** Sent as the bearer plugin's `set-auth-token` header with a session. */
  authToken?: string;
  config?: unknown;
};

export const testConfig: PublicConfig = {
  boxPublicKey: 'c2VydmVyLXB1YmxpYy1rZXktMzItYnl0ZXMtbG9uZyE=',
  anonToken: 'anon-token',
  requireEncryptedBodies: true,
  services: { auth: '/api/auth', db: '/db', agent: '/agent', connect: '/connect' },
  legal: { termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' },
  features: { devOutbox: true, providers: 'sandbox' },
};

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.status && init.status >= 400 ? (statusTexts[init.status] ?? 'Error') : 'OK',
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** A value as it travels in JSON: dates become ISO strings. */
export type Wire<T> = T extends Date
  ? string
  : T extends Array<infer U>
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** The session the web's Better Auth client infers (its user carries the server's additional fields). */
export type SessionWire = Wire<ReturnType<typeof createPennyAuthClient>['$Infer']['Session']>;

/** What `GET /api/auth/get-session` answers for a signed-in user; `extras` are added to the user. */
export function sessionBody(user: FakeUser, extras: Partial<SessionWire['user']> = {}): SessionWire {
  const now = new Date().toISOString();
  return {
    session: {
      id: 'session-1',
      userId: user.id ?? 'user-1',
      token: 'cookie-token',
      expiresAt: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
      createdAt: now,
      updatedAt: now,
    },
    user: {
      id: user.id ?? 'user-1',
      email: user.email ?? 'ada@example.com',
      emailVerified: true,
      name: user.name ?? 'Ada Lovelace',
      username: user.username ?? 'ada',
      firstName: user.firstName === undefined ? 'Ada' : user.firstName,
      lastName: user.lastName === undefined ? 'Lovelace' : user.lastName,
      image: null,
      createdAt: now,
      updatedAt: now,
      ...extras,
    },
  };
}

/** Replaces global fetch for the current test with `answer` (restored by the setup file). */
export function stubFetch(answer: (url: URL, init?: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return answer(new URL(href, window.location.origin), init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Replaces global fetch for the current test (restored by the setup file). */
export function stubNetwork({ session, authToken, config = testConfig }: FakeNetworkOptions) {
  return stubFetch((url) => {
    if (url.pathname === '/api/auth/get-session') {
      if (session === 'pending') return new Promise<Response>(() => {});
      if (!session) return json(null);
      return json(sessionBody(session), { headers: authToken ? { 'set-auth-token': authToken } : {} });
    }
    if (url.pathname === '/config') return json(config);
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
}
