import type { PublicConfig } from '@penny/contracts';
import { vi } from 'vitest';

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
  features: { devOutbox: true },
};

function json(body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function sessionBody(user: FakeUser) {
  const now = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 30 * 60 * 1000).toISOString();
  return {
    session: {
      id: 'session-1',
      userId: user.id ?? 'user-1',
      token: 'cookie-token',
      expiresAt,
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
    },
  };
}

function urlOf(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, window.location.origin);
}

/** Replaces global fetch for the current test (restored by the setup file). */
export function stubNetwork({ session, authToken, config = testConfig }: FakeNetworkOptions) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    if (url.pathname === '/api/auth/get-session') {
      if (session === 'pending') return new Promise<Response>(() => {});
      if (!session) return json(null);
      return json(sessionBody(session), authToken ? { 'set-auth-token': authToken } : {});
    }
    if (url.pathname === '/config') return json(config);
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
