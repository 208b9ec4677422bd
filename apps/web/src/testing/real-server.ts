import { deserialize, serialize } from 'node:v8';
import {
  type ApiErrorBody,
  dbEndpoints,
  ENCRYPTED_HEADER,
  ENCRYPTED_HEADER_VALUE,
  type EndpointDefinition,
  type EndpointRequest,
  type EndpointResponse,
  endpointPath,
  type ResourceSummary,
  type SaveUserPreferencesRequest,
  type SignUpRequest,
} from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import nacl from 'tweetnacl';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { z } from 'zod';
import { resetPublicConfig } from '../api/config.ts';
import { setSessionToken } from '../session/token.ts';

/**
 * The real server for web tests: the server's own test app (real routes, real Better Auth, PGlite in
 * memory) started once per test file, with the page's `fetch` routed to it in process. A small cookie
 * jar plays the browser's part, so Better Auth's client and the session keeper work as in a browser.
 * A server/web drift fails here, not only in the end-to-end suite.
 *
 * The server's modules run natively (the web project externalizes apps/server/src and
 * apps/server/testing), in the same worker as jsdom. They are imported by a name held in a constant
 * rather than a literal: a plain import would make the web's type check compile the server's sources
 * under the web's settings (DOM lib), which they are not written for. `TestApp` below is the part of
 * the server's test app (`@penny/server/testing`) used here.
 */

/** The sign-up fields a test user is made with (the contract's, without the consents and names). */
export type SignUpInput = Pick<
  SignUpRequest,
  'email' | 'password' | 'username' | 'firstName' | 'lastName' | 'phoneNumber' | 'country' | 'dateOfBirth'
>;

export type SignedUpUser = { token: string; cookie: string; user: SignUpInput & { id: string } };

export type TestApp = {
  app: { request(path: string, init?: RequestInit): Promise<Response> };
  secrets: { boxKeyPair: { publicKey: Uint8Array; secretKey: Uint8Array } };
  services: {
    resources: {
      store(
        userId: string,
        input: {
          resourceId?: string;
          threadId: string;
          queryId: string;
          dslObjects: Array<Record<string, unknown>>;
        },
      ): Promise<string>;
      list(userId: string): Promise<{ resources: ResourceSummary[] }>;
    };
  };
  signUpVerifiedUser(input?: Partial<SignUpInput>): Promise<SignedUpUser>;
  close(): Promise<void>;
};

/** The server's test support, by its package export (a constant: the web's type check does not follow it). */
const SERVER_TESTING_MODULE = '@penny/server/testing';

async function createTestApp(): Promise<TestApp> {
  const testing = (await import(/* @vite-ignore */ SERVER_TESTING_MODULE)) as {
    createTestApp(): Promise<TestApp>;
  };
  return testing.createTestApp();
}

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  sealed: boolean;
  /** The body the app meant: sealed bodies opened with the server's key, JSON parsed. */
  body: unknown;
};

/** An answer put in the real server's place for one path: for failures it cannot be made to give. */
export type Interception = 'pending' | 'network' | (() => Response | Promise<Response>);

export type RealServer = {
  /** The running test app (its services, database, logs); set once the file's beforeAll has run. */
  readonly app: TestApp;
  /** Every call the page made this test, in order. */
  readonly requests: RecordedRequest[];
  /** Calls to one path this test, e.g. '/db/delete-resource'. */
  calls(path: string): RecordedRequest[];
  /** The browser's cookies for the server (name to value). */
  readonly cookies: Map<string, string>;
  /**
   * A verified user, made through the real sign-up, verification and sign-in endpoints. With
   * `signIn` (the default) the browser holds their session cookie, as after a past sign-in. With
   * `preferences` they are saved through the real endpoint (so the first-run wizard stays closed).
   */
  signUp(
    input?: Partial<SignUpInput>,
    options?: { signIn?: boolean; preferences?: SaveUserPreferencesRequest['preferences'] },
  ): Promise<SignedUpUser>;
  /**
   * Calls one of the server's endpoints as `user` (bearer, sealed body), for a test's setup; the reply
   * is parsed with the endpoint's response schema and must be OK.
   */
  callAs<E extends EndpointDefinition>(
    user: SignedUpUser,
    endpoint: E,
    request: EndpointRequest<E>,
    params?: Record<string, string>,
  ): Promise<z.output<E['response']>>;
  /** Answer `path` (a pathname) this way instead of the server, until cleared with null. */
  intercept(path: string, interception: Interception | null): void;
};

export type RealServerOptions = {
  /** Answers calls to other origins (e.g. the public countries service); by default they fail offline. */
  external?: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
};

/** A reply typed by its endpoint definition, for `intercept`: drift fails to compile. */
export function endpointReply<E extends EndpointDefinition>(
  _endpoint: E,
  body: EndpointResponse<E>,
): Response {
  return Response.json(body);
}

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error reply in the shape every error of Penny's own services has, for `intercept`. */
export function errorReply(status: number, body: ApiErrorBody): Response {
  return Response.json(body, { status, statusText: statusTexts[status] ?? 'Error' });
}

const TYPED_ARRAYS = [
  'ArrayBuffer',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
] as const;

/**
 * Vitest's jsdom environment replaces the global typed-array constructors with jsdom's (another
 * realm), so Node's own Uint8Arrays (TextEncoder, crypto) fail the server libraries' `instanceof
 * Uint8Array` checks (jose refuses its HMAC key). A browser has one realm: put Node's back for the file.
 */
function adoptNodeTypedArrays(): () => void {
  const saved = TYPED_ARRAYS.map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const name of TYPED_ARRAYS) {
    // v8.deserialize builds its objects in Node's own realm.
    const sample = name === 'ArrayBuffer' ? new ArrayBuffer(0) : new globalThis[name](0);
    const native = (deserialize(serialize(sample)) as object).constructor;
    Object.defineProperty(globalThis, name, { value: native, configurable: true, writable: true });
  }
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    }
  };
}

/** `name=value` pairs from Set-Cookie lines into the jar; an expired cookie is removed. */
function storeCookies(jar: Map<string, string>, lines: string[]) {
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', raw = ''] = attribute.split('=');
      const field = key.trim().toLowerCase();
      if (field === 'max-age') return Number(raw) <= 0;
      if (field === 'expires') return Date.parse(raw) <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Rejects when `signal` aborts, like fetch; the server's own work is left to finish. */
function abortable<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const MAX_REDIRECTS = 5;

/**
 * Starts the real server for this test file (beforeAll, closed in afterAll) and routes every test's
 * `fetch` to it (beforeEach: the setup file unstubs globals after each test). Each test starts
 * signed out with an empty cookie jar and a fresh public config.
 */
export function startRealServer(options: RealServerOptions = {}): RealServer {
  let app: TestApp | undefined;
  let restoreRealm: (() => void) | undefined;
  const cookies = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const interceptions = new Map<string, Interception>();

  function openBody(init: RequestInit | undefined, sealed: boolean): unknown {
    if (typeof init?.body !== 'string' || init.body === '') return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(init.body);
    } catch {
      return init.body;
    }
    if (!sealed || !app) return parsed;
    const envelope = parsed as { ephem_pub: string; nonce: string; ciphertext: string };
    const opened = nacl.box.open(
      new Uint8Array(Buffer.from(envelope.ciphertext, 'base64')),
      new Uint8Array(Buffer.from(envelope.nonce, 'base64')),
      new Uint8Array(Buffer.from(envelope.ephem_pub, 'base64')),
      app.secrets.boxKeyPair.secretKey,
    );
    if (!opened) return parsed;
    return (JSON.parse(Buffer.from(opened).toString('utf8')) as { body: unknown }).body;
  }

  async function send(url: URL, init: RequestInit | undefined): Promise<Response> {
    if (!app) throw new Error('the real server is not running (use startRealServer at the top of the file)');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    // What a browser adds: the jar's cookies (same origin) and, on unsafe methods, the page's origin.
    if (cookies.size > 0 && init?.credentials !== 'omit') {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    if (method !== 'GET' && method !== 'HEAD') headers.set('origin', window.location.origin);
    const response = await app.app.request(url.pathname + url.search, {
      method,
      headers,
      // Sealed JSON and forms travel as the strings the app made; the signal stays on this side
      // (jsdom's AbortSignal is not the one Node's Request accepts).
      ...(init?.body !== undefined && init.body !== null ? { body: init.body } : {}),
      redirect: 'manual',
    });
    storeCookies(cookies, response.headers.getSetCookie());
    return response;
  }

  async function route(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let url = new URL(href, window.location.origin);
    if (url.origin !== window.location.origin) {
      if (options.external) return options.external(url, init);
      throw new TypeError('Failed to fetch');
    }
    const headers = new Headers(init?.headers);
    const sealed = headers.get(ENCRYPTED_HEADER) === ENCRYPTED_HEADER_VALUE;
    requests.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: headers.get('authorization'),
      sealed,
      body: openBody(init, sealed),
    });

    const interception = interceptions.get(url.pathname);
    if (interception === 'pending') return new Promise<Response>(() => {});
    if (interception === 'network') throw new TypeError('Failed to fetch');
    if (interception) return interception();

    let response = await abortable(send(url, init), init?.signal);
    let redirected = false;
    // fetch follows same-origin redirects (e.g. Better Auth's reset-password link check).
    for (let hop = 0; init?.redirect !== 'manual' && hop < MAX_REDIRECTS; hop++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      url = new URL(location, url);
      redirected = true;
      if (url.origin !== window.location.origin) {
        response = new Response('', { status: 200 });
        break;
      }
      response = await abortable(send(url, { method: 'GET' }), init?.signal);
    }
    Object.defineProperty(response, 'url', { value: url.href });
    Object.defineProperty(response, 'redirected', { value: redirected });
    return response;
  }

  async function callAs<E extends EndpointDefinition>(
    user: SignedUpUser,
    endpoint: E,
    request: EndpointRequest<E>,
    params?: Record<string, string>,
  ): Promise<z.output<E['response']>> {
    if (!app) throw new Error('the real server is not running yet (it starts in beforeAll)');
    const path = `/${endpoint.service}${endpointPath(endpoint, params)}`;
    const headers: Record<string, string> = { authorization: `Bearer ${user.token}` };
    let target = path;
    let body: string | undefined;
    if (endpoint.method === 'GET') {
      const query = new URLSearchParams(request as Record<string, string>).toString();
      if (query) target = `${path}?${query}`;
    } else {
      const envelope = sealBody({
        serverPublicKey: Buffer.from(app.secrets.boxKeyPair.publicKey).toString('base64'),
        method: endpoint.method,
        path,
        body: request,
      });
      headers['content-type'] = 'application/json';
      headers[ENCRYPTED_HEADER] = ENCRYPTED_HEADER_VALUE;
      body = JSON.stringify(envelope);
    }
    const response = await app.app.request(target, {
      method: endpoint.method,
      headers,
      ...(body ? { body } : {}),
    });
    if (!response.ok)
      throw new Error(`${endpoint.method} ${path}: ${response.status} ${await response.text()}`);
    return endpoint.response.parse(await response.json()) as z.output<E['response']>;
  }

  beforeAll(async () => {
    restoreRealm = adoptNodeTypedArrays();
    app = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    restoreRealm?.();
  });
  beforeEach(() => {
    cookies.clear();
    requests.length = 0;
    interceptions.clear();
    setSessionToken(null);
    resetPublicConfig();
    vi.stubGlobal('fetch', vi.fn(route));
  });

  const realServer: RealServer = {
    get app() {
      if (!app) throw new Error('the real server is not running yet (it starts in beforeAll)');
      return app;
    },
    requests,
    calls: (path) => requests.filter((request) => request.path === path),
    cookies,
    async signUp(input = {}, { signIn = true, preferences } = {}) {
      if (!app) throw new Error('the real server is not running yet (it starts in beforeAll)');
      const user = await app.signUpVerifiedUser(input);
      if (preferences) {
        const { username, firstName, lastName } = user.user;
        await realServer.callAs(user, dbEndpoints.saveUserPreferences, {
          username,
          firstName,
          lastName,
          preferences,
        });
      }
      if (signIn) storeCookies(cookies, user.cookie.split('; '));
      return user;
    },
    callAs,
    intercept(path, interception) {
      if (interception) interceptions.set(path, interception);
      else interceptions.delete(path);
    },
  };
  return realServer;
}
