import { accountMessages, LINKING } from '@penny/contracts';
import { eq } from 'drizzle-orm';
import { type PlaidAdapter, ProviderError } from '../../connections/types.ts';
import { tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import {
  connectionByItem,
  createConnection,
  refuseAtConnectionQuota,
  requireConnection,
} from './connections.ts';
import type { AccountsDeps } from './deps.ts';
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
  deps: Pick<AccountsDeps, 'db' | 'vault' | 'clients'>,
  userId: string,
  accountName?: string,
) {
  let accessToken: string | undefined;
  if (accountName !== undefined) {
    const row = await requireConnection(deps.db, userId, accountName, 'plaid');
    if (!row.sealedSecret) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
    accessToken = deps.vault.open(row.sealedSecret, { userId, connectionId: row.id });
  } else {
    await refuseAtConnectionQuota(deps.db, userId, 'plaid');
  }
  return guarded(() =>
    deps.clients.plaid().createLinkToken({
      clientUserId: userId,
      clientName: 'Penny',
      ...(accessToken === undefined ? {} : { accessToken }),
    }),
  );
}

/** Link's public token for an access token; a token Plaid does not know is the link-token refusal. */
async function exchange(
  plaid: PlaidAdapter,
  publicToken: string,
): Promise<{ accessToken: string; itemId: string }> {
  try {
    return await plaid.exchangePublicToken(publicToken);
  } catch (error) {
    if (error instanceof ProviderError && (error.kind === 'invalid-request' || error.kind === 'not-found')) {
      throw new ServiceError('accounts:link-token-invalid', accountMessages.linkTokenInvalid);
    }
    return refusalOf(error);
  }
}

/**
 * Exchanges Link's public token, stores the sealed access token and starts the first sync. A new bank
 * past the user's quota of banks is refused, and its item removed at Plaid again.
 */
export async function plaidExchange(
  deps: Pick<AccountsDeps, 'db' | 'vault' | 'clients' | 'sync'>,
  userId: string,
  publicToken: string,
  productName?: string,
) {
  const plaid = deps.clients.plaid();
  const exchanged = await exchange(plaid, publicToken);
  const existing = await connectionByItem(deps.db, userId, 'plaid', exchanged.itemId);
  if (existing) {
    // Update mode (re-link): the item keeps its data; the new token replaces the old one.
    await deps.db
      .update(connection)
      .set({
        sealedSecret: deps.vault.seal(exchanged.accessToken, { userId, connectionId: existing.id }),
        status: 'active',
        statusDetail: null,
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
  const created = await createConnection(
    deps,
    {
      userId,
      platform: 'plaid',
      institutionName: institution?.institutionName ?? null,
      itemId: exchanged.itemId,
    },
    label,
    exchanged.accessToken,
  ).catch(async (error: unknown) => {
    // Not kept: nothing of it may stay at Plaid either (best effort; the refusal stands regardless).
    await plaid.removeItem(exchanged.accessToken).catch(() => undefined);
    throw error;
  });
  await deps.sync.startSync(userId, created.id);
  return { accountName: created.name, itemId: exchanged.itemId };
}

export async function plaidDisconnect(
  deps: Pick<AccountsDeps, 'db' | 'vault' | 'clients'>,
  userId: string,
  itemId: string,
): Promise<void> {
  await disconnectByItem(deps, userId, 'plaid', itemId);
}
