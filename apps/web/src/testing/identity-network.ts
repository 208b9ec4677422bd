import {
  type ApiErrorBody,
  dbEndpoints,
  type EndpointDefinition,
  type EndpointResponse,
  type PublicConfig,
  type UsernameAvailabilityResponse,
} from '@penny/contracts';
import nacl from 'tweetnacl';
import { type FakeUser, json, type SessionWire, sessionBody, stubFetch, testConfig } from './fake-network.ts';

export { json, sessionBody };

// ---- Replies typed by what each side expects, so a drift fails to compile here.

type AuthUserWire = SessionWire['user'];

/** Better Auth's replies as its client reads them. */
export type AuthReplies = {
  'GET /api/auth/get-session': SessionWire | null;
  'POST /api/auth/sign-in/email': { redirect: boolean; token: string; url?: string; user: AuthUserWire };
  'POST /api/auth/sign-up/email': { token: string | null; user: Partial<AuthUserWire> & { id: string } };
  'POST /api/auth/is-username-available': UsernameAvailabilityResponse;
  'POST /api/auth/sign-out': { success: boolean };
  'POST /api/auth/request-password-reset': { status: boolean };
  'POST /api/auth/reset-password': { status: boolean };
  'POST /api/auth/send-verification-email': { status: boolean };
};

/** A Better Auth reply, typed by the endpoint it answers. */
export function authReply<K extends keyof AuthReplies>(
  _endpoint: K,
  body: AuthReplies[K],
  init: { headers?: Record<string, string> } = {},
): Response {
  return json(body, init);
}

/** A reply of Penny's database service, typed by its endpoint definition. */
export function dbReply<E extends EndpointDefinition>(_endpoint: E, body: EndpointResponse<E>): Response {
  return json(body);
}

/** An error reply of Penny's own services (`{success:false, error, code}`). */
export function apiErrorReply(status: number, body: ApiErrorBody): Response {
  return json(body, { status });
}

/**
 * A stateful stand-in for the server at the network boundary, for the identity screens: Better Auth's
 * endpoints, the database service (its sealed bodies are opened with a key pair made here), the public
 * config and the public countries service. Handlers can be replaced per test.
 */

const serverKeys = nacl.box.keyPair();

export const identityTestConfig: PublicConfig = {
  ...testConfig,
  boxPublicKey: Buffer.from(serverKeys.publicKey).toString('base64'),
};

export type RecordedCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, opened when it was sealed. */
  body: unknown;
  sealed: boolean;
  authorization: string | null;
};

export type Handler = (call: RecordedCall, state: IdentityState) => Response | Promise<Response>;

export type IdentityState = {
  session: FakeUser | null;
  /** Extra user fields reported by get-session. */
  sessionExtras: Partial<SessionWire['user']>;
};

/** A Better Auth error reply. */
export function authError(status: number, message: string, code?: string): Response {
  return json({ message, ...(code ? { code } : {}) }, { status });
}

function openSealed(body: { ephem_pub: string; nonce: string; ciphertext: string }): unknown {
  const bytes = nacl.box.open(
    new Uint8Array(Buffer.from(body.ciphertext, 'base64')),
    new Uint8Array(Buffer.from(body.nonce, 'base64')),
    new Uint8Array(Buffer.from(body.ephem_pub, 'base64')),
    serverKeys.secretKey,
  );
  if (!bytes) throw new Error('sealed body did not open');
  const plaintext = JSON.parse(Buffer.from(bytes).toString('utf8')) as { body: unknown };
  return plaintext.body;
}

/** The profile as GET /db/get-profile answers it. */
export function profileReply(preferences: unknown = {}, info: Record<string, string | null> = {}): Response {
  const userInfo = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '+15551234567',
    dateOfBirth: '1990-05-01',
    country: 'United Kingdom',
    email: 'ada@example.com',
    ...info,
  };
  return dbReply(dbEndpoints.getProfile, {
    success: true,
    profile: { ...userInfo, User_Info: userInfo, User_Preferences: preferences },
  });
}

const defaultHandlers: Record<string, Handler> = {
  'GET /api/auth/get-session': (_call, state) =>
    authReply(
      'GET /api/auth/get-session',
      state.session ? sessionBody(state.session, state.sessionExtras) : null,
    ),
  'POST /api/auth/sign-out': (_call, state) => {
    state.session = null;
    return authReply('POST /api/auth/sign-out', { success: true });
  },
  'POST /api/auth/sign-in/email': (_call, state) => {
    state.session = { firstName: 'Ada' };
    return authReply(
      'POST /api/auth/sign-in/email',
      { redirect: false, token: 'tok', user: sessionBody(state.session).user },
      { headers: { 'set-auth-token': 'tok-1' } },
    );
  },
  'POST /api/auth/sign-up/email': () =>
    authReply('POST /api/auth/sign-up/email', { token: null, user: { id: 'new-user' } }),
  'POST /api/auth/is-username-available': () =>
    authReply('POST /api/auth/is-username-available', { available: true }),
  'POST /api/auth/request-password-reset': () =>
    authReply('POST /api/auth/request-password-reset', { status: true }),
  'POST /api/auth/reset-password': () => authReply('POST /api/auth/reset-password', { status: true }),
  'POST /api/auth/send-verification-email': () =>
    authReply('POST /api/auth/send-verification-email', { status: true }),
  'POST /db/database-setup': () =>
    dbReply(dbEndpoints.databaseSetup, { success: true, message: 'Your account is set up.' }),
  'GET /db/get-profile': () => profileReply({ 'Response Detail': { 'Detail Numbers': '5/10' } }),
  'POST /db/save-user-preferences': () => dbReply(dbEndpoints.saveUserPreferences, { success: true }),
  'POST /db/generate-preference-prompt': () =>
    dbReply(dbEndpoints.generatePreferencePrompt, { success: true, prompt: 'Explain things simply.' }),
  'POST /db/delete-user-data': () => dbReply(dbEndpoints.deleteUserData, { success: true }),
  'POST /db/delete-user-account': (_call, state) => {
    state.session = null;
    return dbReply(dbEndpoints.deleteUserAccount, { success: true });
  },
};

export type IdentityNetworkOptions = {
  session?: FakeUser | null;
  sessionExtras?: Partial<SessionWire['user']>;
  handlers?: Record<string, Handler>;
  /** Names the public countries service answers with; by default it cannot be reached (offline). */
  countries?: string[];
  /** Reset tokens the server still knows (Better Auth's link check); by default any starting 'tok'. */
  liveResetToken?: (token: string) => boolean;
};

/** Better Auth's `GET /reset-password/:token`: a redirect to the callback with the token or an error. */
function resetLinkRedirect(url: URL, live: boolean): Response {
  const target = new URL(url.searchParams.get('callbackURL') ?? '/reset-password', url.origin);
  if (live) target.searchParams.set('token', decodeURIComponent(url.pathname.split('/').pop() ?? ''));
  else target.searchParams.set('error', 'INVALID_TOKEN');
  const response = new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
  Object.defineProperty(response, 'url', { value: target.href });
  Object.defineProperty(response, 'redirected', { value: true });
  return response;
}

export function stubIdentityNetwork({
  session = null,
  sessionExtras = {},
  handlers = {},
  countries,
  liveResetToken = (token) => token.startsWith('tok'),
}: IdentityNetworkOptions = {}) {
  const state: IdentityState = { session, sessionExtras };
  const calls: RecordedCall[] = [];
  const all = { ...defaultHandlers, ...handlers };

  const fetchMock = stubFetch((url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.hostname === 'restcountries.com') {
      if (!countries) throw new TypeError('Failed to fetch');
      return json(countries.map((common) => ({ name: { common }, independent: true })));
    }
    if (url.pathname === '/config') return json(identityTestConfig);

    const headers = new Headers(init?.headers);
    let body: unknown;
    let sealed = false;
    if (typeof init?.body === 'string' && init.body) {
      const parsed = JSON.parse(init.body) as unknown;
      sealed = headers.get('x-encrypted') === '1';
      body = sealed ? openSealed(parsed as { ephem_pub: string; nonce: string; ciphertext: string }) : parsed;
    }
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      sealed,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    if (method === 'GET' && url.pathname.startsWith('/api/auth/reset-password/')) {
      const token = decodeURIComponent(url.pathname.slice('/api/auth/reset-password/'.length));
      return resetLinkRedirect(url, liveResetToken(token));
    }
    const handler = all[`${method} ${url.pathname}`];
    if (!handler)
      return apiErrorReply(404, { success: false, error: 'Not found.', code: 'request:not-found' });
    return handler(call, state);
  });

  return {
    state,
    calls,
    fetchMock,
    /** Calls to one endpoint, e.g. 'POST /db/save-user-preferences'. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
