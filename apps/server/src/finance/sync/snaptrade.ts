import { and, eq } from 'drizzle-orm';
import { ProviderError, type ProviderHolding, type SnapTradeUser } from '../../connections/types.ts';
import { tables } from '../../db/index.ts';
import {
  type ConnectionRow,
  isoDay,
  replaceHoldings,
  upsertAccounts,
  upsertTransactions,
} from '../ledger.ts';
import { renew } from './lease.ts';
import type { SyncDeps } from './types.ts';

const { connection, providerUser } = tables;

/**
 * How far back a first sync reads (five years: a brokerage's history is the user's own, and two years
 * cut off the first dividends of an account opened just over two years ago), and how much a later one
 * re-reads.
 */
const HISTORY_DAYS = 1827;
const OVERLAP_DAYS = 30;

export async function snapTradeUserOf(
  deps: Pick<SyncDeps, 'db' | 'vault'>,
  userId: string,
): Promise<SnapTradeUser> {
  const [row] = await deps.db
    .select()
    .from(providerUser)
    .where(and(eq(providerUser.userId, userId), eq(providerUser.platform, 'snaptrade')));
  if (!row) throw new ProviderError('not-found', 'snaptrade', null, 'No SnapTrade user for this account.');
  return {
    userId: row.externalUserId,
    userSecret: deps.vault.open(row.sealedSecret, { userId, connectionId: 'provider-user:snaptrade' }),
  };
}

/** The first day to read activities from: five years back at first, a month before the last sync after. */
function historyStart(deps: Pick<SyncDeps, 'now'>, row: ConnectionRow): string {
  const from = row.lastSyncedAt
    ? new Date(row.lastSyncedAt.getTime() - OVERLAP_DAYS * 86_400_000)
    : new Date(deps.now().getTime() - HISTORY_DAYS * 86_400_000);
  return isoDay(from);
}

/**
 * A brokerage authorization: its accounts, then each account's positions and activities (committed per
 * account), then the positions replace the stored holdings. Answers the rows written.
 */
export async function syncSnapTrade(deps: SyncDeps, row: ConnectionRow): Promise<number> {
  const owner = { userId: row.userId, connectionId: row.id };
  const user = await snapTradeUserOf(deps, row.userId);
  const snaptrade = deps.clients.snaptrade();
  const accounts = (await snaptrade.listAccounts(user)).filter(
    (account) => account.authorizationId === row.itemId,
  );
  if (accounts.length === 0) {
    throw new ProviderError('not-found', 'snaptrade', null, 'The brokerage connection has no accounts.');
  }
  const accountIds = await deps.db.transaction(async (tx) => {
    const ids = await upsertAccounts(tx, owner, accounts, deps.now());
    const institution = accounts[0]?.institutionName;
    if (institution)
      await tx.update(connection).set({ institutionName: institution }).where(eq(connection.id, row.id));
    return ids;
  });
  const range = { start: historyStart(deps, row), end: isoDay(deps.now()) };
  let count = 0;
  const holdings: ProviderHolding[] = [];
  for (const account of accounts) {
    holdings.push(...(await snaptrade.getPositions(user, account.providerAccountId)));
    const activities = await snaptrade.getActivities(user, account.providerAccountId, range);
    await deps.db.transaction(async (tx) => {
      count += (await upsertTransactions(tx, owner, accountIds, activities)).written;
      await renew(deps, tx, row.id);
    });
  }
  await deps.db.transaction((tx) =>
    replaceHoldings(tx, { userId: row.userId, platform: 'snaptrade' }, accountIds, holdings),
  );
  return count;
}
