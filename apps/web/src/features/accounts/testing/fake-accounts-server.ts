import type {
  AccountCredential,
  agentEndpoints,
  connectEndpoints,
  dbEndpoints,
  EndpointResponse,
  LedgerTransaction,
  LinkedAccount,
  PublicConfig,
} from '@penny/contracts';
import nacl from 'tweetnacl';
import naclUtil from 'tweetnacl-util';
import { vi } from 'vitest';
import { type FakeUser, sessionBody, testConfig } from '../../../test/fake-network.ts';

/**
 * The network boundary for account tests: session and config, the database, agent and
 * account-connection services' account paths, and the sandbox bank-link paths. Every answer is typed
 * by its endpoint definition (`EndpointResponse<typeof …>`), so a contract change fails to compile
 * here. Sealed bodies are opened with a key pair made here, so tests see exactly what the app sent,
 * and the raw text of every body is kept too (to prove a secret never travelled).
 */

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

type Handler = (request: RecordedRequest) => unknown;

export type FakeAccountsServer = {
  credentials: Map<string, AccountCredential>;
  /** Transactions by ledger account id, newest first. */
  transactions: Record<string, LedgerTransaction[]>;
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

export function makeAccount(
  overrides: Partial<LinkedAccount> & Pick<LinkedAccount, 'id' | 'name'>,
): LinkedAccount {
  return {
    official_name: null,
    mask: null,
    kind: 'checking',
    subtype: null,
    currency: 'USD',
    current: '0.00',
    available: null,
    limit: null,
    current_usd: null,
    transaction_count: 0,
    ...overrides,
  };
}

export function makeCredential(
  overrides: Partial<AccountCredential> & Pick<AccountCredential, 'account_name' | 'account_type'>,
): AccountCredential {
  return {
    item_id: null,
    account_id: null,
    tag: null,
    chain: null,
    institution_name: null,
    status: 'active',
    status_detail: null,
    last_synced_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    created_at: new Date(Date.now() - 86_400_000).toISOString(),
    accounts: [],
    ...overrides,
  };
}

export function makeTransaction(
  overrides: Partial<LedgerTransaction> & Pick<LedgerTransaction, 'id' | 'account_id' | 'amount'>,
): LedgerTransaction {
  return {
    date: '2026-01-15',
    currency: 'USD',
    amount_usd: null,
    name: `Transaction ${overrides.id}`,
    merchant: null,
    category: null,
    category_detailed: null,
    pending: false,
    ...overrides,
  };
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

  function open(text: string): unknown {
    const envelope = JSON.parse(text) as { ephem_pub: string; nonce: string; ciphertext: string };
    const opened = nacl.box.open(
      naclUtil.decodeBase64(envelope.ciphertext),
      naclUtil.decodeBase64(envelope.nonce),
      naclUtil.decodeBase64(envelope.ephem_pub),
      keys.secretKey,
    );
    if (!opened) throw new Error('the request body could not be opened with the test key');
    return (JSON.parse(new TextDecoder().decode(opened)) as { body: unknown }).body;
  }

  const body = (request: RecordedRequest) => (request.body ?? {}) as Record<string, unknown>;

  const getCredentials = (): EndpointResponse<typeof dbEndpoints.getCredentials> => ({
    success: true,
    accounts: Object.fromEntries(server.credentials),
  });
  const storeCredentials = (
    request: RecordedRequest,
  ): EndpointResponse<typeof dbEndpoints.storeCredentials> => {
    const input = body(request) as {
      account_name: string;
      credentials: { account_id: string; chain: 'eth' };
    };
    server.credentials.set(
      input.account_name,
      makeCredential({
        account_name: input.account_name,
        account_type: 'web3',
        account_id: input.credentials.account_id,
        chain: input.credentials.chain,
        status: 'syncing',
      }),
    );
    return { success: true, account_name: input.account_name };
  };
  const disconnect = (request: RecordedRequest): EndpointResponse<typeof dbEndpoints.disconnectAccount> => {
    server.credentials.delete(String(body(request).account_name));
    return { success: true };
  };
  const refresh = (): EndpointResponse<typeof dbEndpoints.refreshAccounts> => ({
    success: true,
    syncing: [...server.credentials.keys()],
  });
  const getTransactions = (
    request: RecordedRequest,
  ): EndpointResponse<typeof agentEndpoints.getTransactions> => {
    const input = body(request) as {
      account_id?: string;
      start_date: string;
      end_date: string;
      search?: string;
      limit?: number;
      cursor?: string;
    };
    const search = input.search?.toLowerCase();
    const all = (server.transactions[input.account_id ?? ''] ?? []).filter(
      (transaction) =>
        transaction.date >= input.start_date &&
        transaction.date <= input.end_date &&
        (!search || `${transaction.name} ${transaction.merchant ?? ''}`.toLowerCase().includes(search)),
    );
    const offset = input.cursor ? Number(input.cursor) : 0;
    const limit = input.limit ?? 100;
    const page = all.slice(offset, offset + limit);
    return {
      success: true,
      transactions: page,
      next_cursor: offset + limit < all.length ? String(offset + limit) : null,
    };
  };
  /** The connection the last link token re-links (update mode), as the server would remember it. */
  let relinking: AccountCredential | undefined;
  const createLinkToken = (
    request: RecordedRequest,
  ): EndpointResponse<typeof connectEndpoints.createLinkToken> | FailureReply => {
    const accountName = body(request).account_name;
    relinking = undefined;
    if (typeof accountName === 'string') {
      relinking = server.credentials.get(accountName);
      if (relinking?.account_type !== 'plaid') {
        return new FailureReply(404, {
          success: false,
          error: 'Account not found',
          code: 'accounts:not-found',
        });
      }
    }
    return {
      link_token: relinking ? 'link-sandbox-update' : 'link-sandbox-test',
      expiration: new Date(Date.now() + 3_600_000).toISOString(),
    };
  };
  const setAccessToken = (): EndpointResponse<typeof connectEndpoints.setAccessToken> => {
    if (!relinking) return { success: true, account_name: 'First_Platypus_Bank_plaid', item_id: 'item-1' };
    // Update mode: the same connection, signed in again (its sync done at once, for brevity).
    const again = {
      ...relinking,
      status: 'active',
      status_detail: null,
      last_synced_at: new Date().toISOString(),
    } satisfies AccountCredential;
    server.credentials.set(again.account_name, again);
    return { success: true, account_name: again.account_name, item_id: again.item_id ?? '' };
  };
  const checkUser = (): EndpointResponse<typeof connectEndpoints.snaptradeCheckUser> => ({
    success: true,
    hasSnapTradeCredentials: false,
  });
  const generateUser = (): EndpointResponse<typeof connectEndpoints.snaptradeGenerateUser> => ({
    success: true,
    userExists: false,
  });
  const loginUri = (): EndpointResponse<typeof connectEndpoints.snaptradeGetLoginUri> => ({
    success: true,
    redirectURI: 'http://localhost:3000/sandbox/snaptrade/portal?token=t1',
  });
  const storeConnection = (): EndpointResponse<typeof connectEndpoints.snaptradeStoreConnection> => ({
    success: true,
    message: '1 account(s) connected',
    accounts: [],
  });

  const handlers: Record<string, Handler> = {
    '/db/get-credentials': getCredentials,
    '/db/store-credentials': storeCredentials,
    '/db/disconnect-account': disconnect,
    '/db/refresh-accounts': refresh,
    '/agent/plaid/get-transactions': getTransactions,
    '/agent/snaptrade/get-transactions': getTransactions,
    '/agent/web3/get-transactions': getTransactions,
    '/connect/api/create_link_token': createLinkToken,
    '/connect/api/set_access_token': setAccessToken,
    '/connect/api/snaptrade/check_user': checkUser,
    '/connect/api/snaptrade/generate_user': generateUser,
    '/connect/api/snaptrade/get_login_uri': loginUri,
    '/connect/api/snaptrade/store_connection': storeConnection,
    '/sandbox/plaid/link/institutions': () => ({
      institutions: [
        { institution_id: 'ins_109508', name: 'First Platypus Bank' },
        { institution_id: 'ins_109509', name: 'First Gingham Credit Union' },
      ],
    }),
    '/sandbox/plaid/link/public_token': (request) => {
      const input = body(request);
      if (input.password !== 'pass_good') {
        return new FailureReply(400, {
          error_type: 'ITEM_ERROR',
          error_code: 'INVALID_CREDENTIALS',
          error_message: 'the provided credentials were not correct',
          display_message: 'The provided credentials were not correct. Please try again.',
        });
      }
      return {
        public_token: 'public-sandbox-1',
        metadata: {
          institution: { name: 'First Platypus Bank', institution_id: String(input.institution_id) },
          accounts: [
            { id: 'acc-1', name: 'Plaid Checking', mask: '0000', type: 'depository', subtype: 'checking' },
          ],
          link_session_id: 'session-1',
        },
      };
    },
  };

  async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, window.location.origin);
    if (url.pathname === '/api/auth/get-session') {
      if (!session) return json(null);
      return new Response(JSON.stringify(sessionBody(session)), {
        status: 200,
        headers: { 'content-type': 'application/json', 'set-auth-token': TEST_SESSION_TOKEN },
      });
    }
    if (url.pathname === '/config') return json(config);

    const headers = new Headers(init?.headers);
    const sealed = headers.get('x-encrypted') === '1';
    const contentType = headers.get('content-type');
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    let parsed: unknown;
    if (rawBody !== undefined) {
      if (sealed) parsed = open(rawBody);
      else if (contentType?.includes('application/x-www-form-urlencoded'))
        parsed = Object.fromEntries(new URLSearchParams(rawBody));
      else parsed = rawBody ? JSON.parse(rawBody) : undefined;
    }
    const request: RecordedRequest = {
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
    server.requests.push(request);

    const failure = failures.get(url.pathname)?.(request) ?? null;
    if (failure === 'pending') return new Promise<Response>(() => {});
    if (failure === 'network') throw new TypeError('NetworkError when attempting to fetch resource.');
    if (failure && 'status' in failure) {
      return json(failure.json ?? { success: false, error: 'Failed', code: 'server:error' }, failure.status);
    }
    if (failure) return json(failure.json);

    const handler = handlers[url.pathname];
    if (!handler) return json({ success: false, error: 'Not found.', code: 'request:not-found' }, 404);
    const answer = handler(request);
    if (answer instanceof FailureReply) return json(answer.body, answer.status);
    return json(answer);
  }

  vi.stubGlobal('fetch', vi.fn(handle));
  return server;
}

class FailureReply {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    this.status = status;
    this.body = body;
  }
}
