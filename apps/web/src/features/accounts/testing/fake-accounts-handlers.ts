import type {
  AccountCredential,
  agentEndpoints,
  connectEndpoints,
  dbEndpoints,
  EndpointResponse,
  LedgerTransaction,
} from '@penny/contracts';
import { makeCredential } from './fake-accounts-records.ts';

/** What the fake server's handlers see of a request (fake-accounts-server.ts records every one). */
export type HandledRequest = { body: unknown };

/** The fake server's data, which tests read and change too. */
export type FakeAccountsData = {
  credentials: Map<string, AccountCredential>;
  /** Transactions by ledger account id, newest first. */
  transactions: Record<string, LedgerTransaction[]>;
};

/** What the handlers read and change. */
export type FakeAccountsState = {
  data: FakeAccountsData;
  /** The connection the last link token re-links (update mode), as the server would remember it. */
  relinking: AccountCredential | undefined;
};

/** An answer other than 200. */
export class FailureReply {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    this.status = status;
    this.body = body;
  }
}

type Handler = (state: FakeAccountsState, request: HandledRequest) => unknown;

const bodyOf = (request: HandledRequest) => (request.body ?? {}) as Record<string, unknown>;

function getCredentials(state: FakeAccountsState): EndpointResponse<typeof dbEndpoints.getCredentials> {
  return { success: true, accounts: Object.fromEntries(state.data.credentials) };
}

function storeCredentials(
  state: FakeAccountsState,
  request: HandledRequest,
): EndpointResponse<typeof dbEndpoints.storeCredentials> {
  const input = bodyOf(request) as {
    account_name: string;
    credentials: { account_id: string; chain: 'eth' };
  };
  state.data.credentials.set(
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
}

function disconnect(
  state: FakeAccountsState,
  request: HandledRequest,
): EndpointResponse<typeof dbEndpoints.disconnectAccount> {
  state.data.credentials.delete(String(bodyOf(request).account_name));
  return { success: true };
}

function refresh(state: FakeAccountsState): EndpointResponse<typeof dbEndpoints.refreshAccounts> {
  return { success: true, syncing: [...state.data.credentials.keys()] };
}

function getTransactions(
  state: FakeAccountsState,
  request: HandledRequest,
): EndpointResponse<typeof agentEndpoints.getTransactions> {
  const input = bodyOf(request) as {
    account_id?: string;
    start_date: string;
    end_date: string;
    search?: string;
    limit?: number;
    cursor?: string;
  };
  const search = input.search?.toLowerCase();
  const all = (state.data.transactions[input.account_id ?? ''] ?? []).filter(
    (transaction) =>
      transaction.date >= input.start_date &&
      transaction.date <= input.end_date &&
      // As the server's search: the name, the merchant or the detailed category.
      (!search ||
        [transaction.name, transaction.merchant, transaction.category_detailed].some((field) =>
          field?.toLowerCase().includes(search),
        )),
  );
  const offset = input.cursor ? Number(input.cursor) : 0;
  const limit = input.limit ?? 100;
  const page = all.slice(offset, offset + limit);
  return {
    success: true,
    transactions: page,
    next_cursor: offset + limit < all.length ? String(offset + limit) : null,
  };
}

function createLinkToken(
  state: FakeAccountsState,
  request: HandledRequest,
): EndpointResponse<typeof connectEndpoints.createLinkToken> | FailureReply {
  const accountName = bodyOf(request).account_name;
  state.relinking = undefined;
  if (typeof accountName === 'string') {
    state.relinking = state.data.credentials.get(accountName);
    if (state.relinking?.account_type !== 'plaid') {
      return new FailureReply(404, {
        success: false,
        error: 'Account not found',
        code: 'accounts:not-found',
      });
    }
  }
  return {
    link_token: state.relinking ? 'link-sandbox-update' : 'link-sandbox-test',
    expiration: new Date(Date.now() + 3_600_000).toISOString(),
  };
}

function setAccessToken(state: FakeAccountsState): EndpointResponse<typeof connectEndpoints.setAccessToken> {
  const { relinking } = state;
  if (!relinking) return { success: true, account_name: 'First_Platypus_Bank_plaid', item_id: 'item-1' };
  // Update mode: the same connection, signed in again (its sync done at once, for brevity); the
  // bank's notices are settled by it, as the server clears them.
  const again = {
    ...relinking,
    status: 'active',
    status_detail: null,
    login_expires_at: null,
    new_accounts_available: false,
    last_synced_at: new Date().toISOString(),
  } satisfies AccountCredential;
  state.data.credentials.set(again.account_name, again);
  return { success: true, account_name: again.account_name, item_id: again.item_id ?? '' };
}

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
  message: '1 account connected',
  accounts: [],
});

const sandboxInstitutions = () => ({
  institutions: [
    { institution_id: 'ins_109508', name: 'First Platypus Bank' },
    { institution_id: 'ins_109509', name: 'First Gingham Credit Union' },
  ],
});

function sandboxPublicToken(_state: FakeAccountsState, request: HandledRequest) {
  const input = bodyOf(request);
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
}

/** The answer of each path the fake server knows. */
export const accountsHandlers: Record<string, Handler> = {
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
  '/sandbox/plaid/link/institutions': sandboxInstitutions,
  '/sandbox/plaid/link/public_token': sandboxPublicToken,
};
