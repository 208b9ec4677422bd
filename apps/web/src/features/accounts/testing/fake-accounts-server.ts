import type { AccountCredential, LedgerTransaction, PublicConfig } from '@penny/contracts';
import nacl from 'tweetnacl';
import naclUtil from 'tweetnacl-util';
import { vi } from 'vitest';
import { type FakeUser, sessionBody, testConfig } from '../../../testing/fake-network.ts';
import {
  accountsHandlers,
  FailureReply,
  type FakeAccountsData,
  type FakeAccountsState,
} from './fake-accounts-handlers.ts';

/**
 * The network boundary for account tests: session and config, the database, agent and
 * account-connection services' account paths, and the sandbox bank-link paths. Every answer is typed
 * by its endpoint definition (`EndpointResponse<typeof …>`), so a contract change fails to compile
 * here. Sealed bodies are opened with a key pair made here, so tests see exactly what the app sent,
 * and the raw text of every body is kept too (to prove a secret never travelled).
 */

export { makeAccount, makeCredential, makeTransaction } from './fake-accounts-records.ts';

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
  contentType: string | null;
  sealed: boolean;
  /** The body as it travelled (sealed envelope, JSON or form text). */
  rawBody: string | undefined;
  /** The body the app meant: opened, parsed JSON, or form fields. */
  body: unknown;
};

/** A way to fail a path instead of answering normally. */
export type Failure =
  | { status: number; statusText?: string; json?: unknown }
  | { json: unknown }
  | 'pending'
  | 'network';

export type FakeAccountsServerOptions = {
  session?: FakeUser | null;
  credentials?: AccountCredential[];
  transactions?: Record<string, LedgerTransaction[]>;
  providers?: 'sandbox' | 'live';
};

export type FakeAccountsServer = FakeAccountsData & {
  requests: RecordedRequest[];
  /** Calls to `path` fail this way until cleared with null; a function decides per call. */
  fail(path: string, failure: Failure | null | ((request: RecordedRequest) => Failure | null)): void;
  config: PublicConfig;
  calls(path: string): RecordedRequest[];
};

export const TEST_SESSION_TOKEN = 'session-token-accounts';

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status >= 400 ? (statusTexts[status] ?? 'Error') : 'OK',
    headers: { 'content-type': 'application/json' },
  });
}

/** Opens a sealed body with the fake server's secret key. */
function openSealed(text: string, secretKey: Uint8Array): unknown {
  const envelope = JSON.parse(text) as { ephem_pub: string; nonce: string; ciphertext: string };
  const opened = nacl.box.open(
    naclUtil.decodeBase64(envelope.ciphertext),
    naclUtil.decodeBase64(envelope.nonce),
    naclUtil.decodeBase64(envelope.ephem_pub),
    secretKey,
  );
  if (!opened) throw new Error('the request body could not be opened with the test key');
  return (JSON.parse(new TextDecoder().decode(opened)) as { body: unknown }).body;
}

/** The request as it travelled, and its body as the app meant it. */
function recordRequest(url: URL, init: RequestInit | undefined, secretKey: Uint8Array): RecordedRequest {
  const headers = new Headers(init?.headers);
  const sealed = headers.get('x-encrypted') === '1';
  const contentType = headers.get('content-type');
  const rawBody = typeof init?.body === 'string' ? init.body : undefined;
  let parsed: unknown;
  if (rawBody !== undefined) {
    if (sealed) parsed = openSealed(rawBody, secretKey);
    else if (contentType?.includes('application/x-www-form-urlencoded'))
      parsed = Object.fromEntries(new URLSearchParams(rawBody));
    else parsed = rawBody ? JSON.parse(rawBody) : undefined;
  }
  return {
    method: init?.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    authorization: headers.get('authorization'),
    credentials: init?.credentials,
    contentType,
    sealed,
    rawBody,
    body: parsed,
  };
}

function failureResponse(failure: Failure): Promise<Response> | Response {
  if (failure === 'pending') return new Promise<Response>(() => {});
  if (failure === 'network') throw new TypeError('NetworkError when attempting to fetch resource.');
  if ('status' in failure) {
    return json(failure.json ?? { success: false, error: 'Failed', code: 'server:error' }, failure.status);
  }
  return json(failure.json);
}

type FakeServerDeps = {
  server: FakeAccountsServer;
  state: FakeAccountsState;
  session: FakeUser | null;
  failures: Map<string, (request: RecordedRequest) => Failure | null>;
  secretKey: Uint8Array;
};

async function answer(deps: FakeServerDeps, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, window.location.origin);
  if (url.pathname === '/api/auth/get-session') {
    if (!deps.session) return json(null);
    return new Response(JSON.stringify(sessionBody(deps.session)), {
      status: 200,
      headers: { 'content-type': 'application/json', 'set-auth-token': TEST_SESSION_TOKEN },
    });
  }
  if (url.pathname === '/config') return json(deps.server.config);

  const request = recordRequest(url, init, deps.secretKey);
  deps.server.requests.push(request);

  const failure = deps.failures.get(url.pathname)?.(request) ?? null;
  if (failure) return failureResponse(failure);

  const handler = accountsHandlers[url.pathname];
  if (!handler) return json({ success: false, error: 'Not found.', code: 'request:not-found' }, 404);
  const reply = handler(deps.state, request);
  if (reply instanceof FailureReply) return json(reply.body, reply.status);
  return json(reply);
}

export function stubAccountsServer({
  session = { username: 'ada', firstName: 'Ada', lastName: 'Lovelace' },
  credentials = [],
  transactions = {},
  providers = 'sandbox',
}: FakeAccountsServerOptions = {}): FakeAccountsServer {
  const keys = nacl.box.keyPair();
  const config: PublicConfig = {
    ...testConfig,
    boxPublicKey: naclUtil.encodeBase64(keys.publicKey),
    features: { devOutbox: true, providers },
  };
  const failures = new Map<string, (request: RecordedRequest) => Failure | null>();
  const server: FakeAccountsServer = {
    credentials: new Map(credentials.map((credential) => [credential.account_name, credential])),
    transactions,
    requests: [],
    fail: (path, failure) => {
      if (failure === null) failures.delete(path);
      else failures.set(path, typeof failure === 'function' ? failure : () => failure);
    },
    config,
    calls: (path) => server.requests.filter((request) => request.path === path),
  };
  const deps: FakeServerDeps = {
    server,
    state: { data: server, relinking: undefined },
    session,
    failures,
    secretKey: keys.secretKey,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => answer(deps, input, init)),
  );
  return server;
}
