import {
  type AccountCredential,
  type AccountPlatform,
  accountMessages,
  agentEndpoints,
  connectEndpoints,
  dbEndpoints,
  type EndpointRequest,
  type EndpointResponse,
  type GetTransactionsRequest,
  type GetTransactionsResponse,
  type StoreCredentialsRequest,
} from '@penny/contracts';
import { callEndpoint } from './endpoint-client.ts';
import { HttpError } from './request.ts';

/**
 * The linked-account calls (docs/product/chat.md, "The calls it makes"): the database service's credentials,
 * refresh and disconnect, the agent service's transactions, and the account-connection service's Plaid and
 * SnapTrade steps. db and agent bodies are sealed by the request wrapper; connect calls carry no
 * Authorization header (the session cookie and the Origin authenticate them) and take forms or plain JSON.
 */

/** The user as every account call names them. */
/** One account's transactions view: a date range and a search. */
export type TransactionsQuery = {
  platform: AccountPlatform;
  accountName: string;
  accountId: string;
  start: string;
  end: string;
  search: string;
};

export type AccountUserInfo = { username: string; firstName: string; lastName: string };

/**
 * Keys carry the user's names (cache keys from username, first and last name plus a suffix:
 * docs/product/chat.md, "Cache").
 */
export const accountKeys = {
  all: ['accounts'] as const,
  credentials: (user: AccountUserInfo) =>
    ['accounts', user.username, user.firstName, user.lastName, 'credentials'] as const,
  transactions: (user: AccountUserInfo, query: TransactionsQuery) =>
    ['accounts', user.username, user.firstName, user.lastName, 'transactions', query] as const,
};

/** The server's own sentence for a failed call, else `fallback`. */
export function serverErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.serverError?.error) return error.serverError.error;
  return fallback;
}

/**
 * GET /db/get-credentials: the credentials map keyed by account name. Required (docs/product/chat.md,
 * "Account errors"): an error prefixed 'HTTP 404' is an empty list; any other failure reads
 * 'Failed to fetch credentials'.
 */
export async function fetchCredentials(
  user: AccountUserInfo,
  signal?: AbortSignal,
): Promise<Record<string, AccountCredential>> {
  try {
    const reply = await callEndpoint(dbEndpoints.getCredentials, { ...user }, signal ? { signal } : {});
    return reply.accounts;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('HTTP 404')) return {};
    if (signal?.aborted) throw error;
    throw new Error(accountMessages.fetchCredentialsFailed, { cause: error });
  }
}

/** POST /db/refresh-accounts: starts a sync of one connection, or of every stale one. */
export async function refreshAccounts(
  user: AccountUserInfo,
  accountName?: string,
): Promise<EndpointResponse<typeof dbEndpoints.refreshAccounts>> {
  try {
    return await callEndpoint(dbEndpoints.refreshAccounts, {
      ...user,
      ...(accountName ? { account_name: accountName } : {}),
    });
  } catch (error) {
    throw new Error(accountMessages.refreshFailed, { cause: error });
  }
}

/** POST /db/disconnect-account; a failure reads 'Failed to disconnect account: {reason}'. */
export async function disconnectAccount(
  user: AccountUserInfo,
  account: { account_name: string; account_type: AccountPlatform },
): Promise<void> {
  try {
    await callEndpoint(dbEndpoints.disconnectAccount, { ...user, ...account });
  } catch (error) {
    const reason = serverErrorMessage(error, error instanceof Error ? error.message : String(error));
    throw new Error(`${accountMessages.disconnectFailedPrefix}${reason}`, { cause: error });
  }
}

export type StoreWalletResult = { ok: true; accountName: string } | { ok: false; error: string };

/**
 * POST /db/store-credentials for one wallet. Never throws: a failure answers the server's error or
 * 'Failed to save {account name}' (docs/product/chat.md, "Web3 save").
 */
export async function storeWalletCredentials(request: StoreCredentialsRequest): Promise<StoreWalletResult> {
  try {
    const reply = await callEndpoint(dbEndpoints.storeCredentials, request);
    return { ok: true, accountName: reply.account_name };
  } catch (error) {
    return { ok: false, error: serverErrorMessage(error, accountMessages.saveFailed(request.account_name)) };
  }
}

/** POST /agent/{platform}/get-transactions: one page, newest first; `next_cursor` asks for the next. */
export async function fetchTransactions(
  platform: AccountPlatform,
  request: GetTransactionsRequest,
  signal?: AbortSignal,
): Promise<GetTransactionsResponse> {
  return callEndpoint(agentEndpoints.getTransactions, request, {
    params: { platform },
    ...(signal ? { signal } : {}),
  });
}

// ---- Bank link (Plaid).

/**
 * POST /connect/api/create_link_token with an empty form; answers the link token. With `accountName`
 * (a Plaid connection whose login expired) the token opens Link in update mode for that item.
 */
export async function createLinkToken(accountName?: string): Promise<string> {
  const reply = await callEndpoint(
    connectEndpoints.createLinkToken,
    accountName ? { account_name: accountName } : {},
    { encoding: 'form' },
  );
  return reply.link_token;
}

/**
 * POST /connect/api/set_access_token with form fields (product_name defaults to 'Connected Bank':
 * docs/product/chat.md, "Account-connection service").
 */
export async function setAccessToken(
  request: EndpointRequest<typeof connectEndpoints.setAccessToken>,
): Promise<EndpointResponse<typeof connectEndpoints.setAccessToken>> {
  return callEndpoint(connectEndpoints.setAccessToken, request, { encoding: 'form' });
}

// ---- Brokerage link (SnapTrade).

export async function snaptradeCheckUser(user: AccountUserInfo) {
  return callEndpoint(connectEndpoints.snaptradeCheckUser, { ...user });
}

export async function snaptradeGenerateUser(user: AccountUserInfo) {
  return callEndpoint(connectEndpoints.snaptradeGenerateUser, { ...user });
}

export async function snaptradeGetLoginUri(user: AccountUserInfo) {
  return callEndpoint(connectEndpoints.snaptradeGetLoginUri, { ...user });
}

export async function snaptradeStoreConnection(user: AccountUserInfo, connectionId?: string) {
  return callEndpoint(connectEndpoints.snaptradeStoreConnection, {
    ...user,
    ...(connectionId ? { connection_id: connectionId } : {}),
  });
}
