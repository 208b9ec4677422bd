import { accountMessages, LINKING } from '@penny/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { type PlaidAdapter, ProviderError } from '../../connections/types.ts';
import { isUniqueViolation, tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import {
  connectionByItem,
  createConnection,
  refuseAtConnectionQuota,
  requireConnection,
} from './connections.ts';
import type { AccountsDeps } from './deps.ts';
import { fromOwnLinkSession, rememberLinkToken } from './plaid-link-tokens.ts';
import { guarded, refusalOf } from './refusals.ts';
import { disconnectByItem } from './removal.ts';

/** Plaid's link flow (account-connection service): Link token, public-token exchange, disconnect. */

const { connection } = tables;

/**
 * A Link token for a new bank, or with `accountName` (one of the user's Plaid connections) an
 * update-mode token for that item: Link signs the user in again and the exchange keeps the item. A new
 * bank is refused at the user's quota of banks, before they sign in at it.
 */
export async function plaidLinkToken(
  deps: Pick<AccountsDeps, 'db' | 'vault' | 'clients' | 'now'>,
  userId: string,
  accountName?: string,
) {
  let accessToken: string | undefined;
  let accountSelection = false;
  if (accountName !== undefined) {
    const row = await requireConnection(deps.db, userId, accountName, 'plaid');
    if (!row.sealedSecret) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
    accessToken = deps.vault.open(row.sealedSecret, { userId, connectionId: row.id });
    // The bank said it has accounts not shared yet: Link lets the user choose them this time.
    accountSelection = row.newAccountsAvailable;
  } else {
    await refuseAtConnectionQuota(deps.db, userId, 'plaid');
  }
  const token = await guarded(() =>
    deps.clients.plaid().createLinkToken({
      clientUserId: userId,
      clientName: 'Penny',
      ...(accessToken === undefined ? {} : { accessToken, accountSelection }),
    }),
  );
  // Its sessions' public tokens are the only ones this user's exchange will accept.
  await rememberLinkToken(deps, userId, token.linkToken, token.expiration);
  return token;
}

const linkTokenInvalid = () =>
  new ServiceError('accounts:link-token-invalid', accountMessages.linkTokenInvalid);

/** Link's public token for an access token; a token Plaid does not know is the link-token refusal. */
async function exchange(
  plaid: PlaidAdapter,
  publicToken: string,
): Promise<{ accessToken: string; itemId: string }> {
  try {
    return await plaid.exchangePublicToken(publicToken);
  } catch (error) {
    if (error instanceof ProviderError && (error.kind === 'invalid-request' || error.kind === 'not-found')) {
      throw linkTokenInvalid();
    }
    return refusalOf(error);
  }
}

/**
 * Exchanges Link's public token, stores the sealed access token and starts the first sync. Only a public
 * token from a Link session of the user's own link token is exchanged, and only for an item no other
 * user holds; otherwise the refusal of a used link, with nothing stored and nothing removed at Plaid. A
 * new bank past the user's quota of banks is refused, and its item removed at Plaid again.
 */
export async function plaidExchange(
  deps: Pick<AccountsDeps, 'db' | 'vault' | 'clients' | 'sync' | 'now'>,
  userId: string,
  publicToken: string,
  productName?: string,
) {
  const plaid = deps.clients.plaid();
  if (!(await guarded(() => fromOwnLinkSession(deps, plaid, userId, publicToken)))) throw linkTokenInvalid();
  const exchanged = await exchange(plaid, publicToken);
  // Another user's item: the answer is the same as for a spent link (it tells nothing about the item).
  if (await heldByAnotherUser(deps, userId, exchanged.itemId)) throw linkTokenInvalid();
  const existing = await connectionByItem(deps.db, userId, 'plaid', exchanged.itemId);
  if (existing) {
    // Update mode (re-link): the item keeps its data; the new token replaces the old one. The user
    // acted on the bank's notices: a renewed login, the new accounts chosen (the sync reads them).
    await deps.db
      .update(connection)
      .set({
        sealedSecret: deps.vault.seal(exchanged.accessToken, { userId, connectionId: existing.id }),
        status: 'active',
        statusDetail: null,
        loginExpiresAt: null,
        newAccountsAvailable: false,
      })
      .where(eq(connection.id, existing.id));
    await deps.sync.startSync(userId, existing.id);
    return { accountName: existing.name, itemId: exchanged.itemId };
  }
  const institution = await guarded(() => plaid.getAccounts(exchanged.accessToken)).catch(() => undefined);
  const label =
    productName && productName !== LINKING.defaultProductName
      ? productName
      : (institution?.institutionName ?? LINKING.defaultProductName);
  // The unique index on Plaid item ids settles two users exchanging at once: the second is refused.
  const created = await createConnection(
    deps,
    {
      userId,
      platform: 'plaid',
      institutionName: institution?.institutionName ?? null,
      itemId: exchanged.itemId,
      // Plaid fetches a new item's history after linking; the first sync records how far it has come.
      history: 'pending',
    },
    label,
    exchanged.accessToken,
  ).catch(async (error: unknown) => {
    // Another user's item: refused, and the item stays theirs at Plaid.
    if (isUniqueViolation(error, 'connection_plaid_item_idx')) throw linkTokenInvalid();
    // Not kept: nothing of it may stay at Plaid either (best effort; the refusal stands regardless).
    await plaid.removeItem(exchanged.accessToken).catch(() => undefined);
    throw error;
  });
  await deps.sync.startSync(userId, created.id);
  return { accountName: created.name, itemId: exchanged.itemId };
}

/** Whether a user other than `userId` has a connection to the Plaid item. */
async function heldByAnotherUser(deps: Pick<AccountsDeps, 'db'>, userId: string, itemId: string) {
  const [row] = await deps.db
    .select({ userId: connection.userId })
    .from(connection)
    .where(
      and(eq(connection.platform, 'plaid'), eq(connection.itemId, itemId), ne(connection.userId, userId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function plaidDisconnect(
  deps: Pick<AccountsDeps, 'db' | 'vault' | 'clients'>,
  userId: string,
  itemId: string,
): Promise<void> {
  await disconnectByItem(deps, userId, 'plaid', itemId);
}
