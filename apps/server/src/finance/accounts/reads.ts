import {
  ACCOUNT_LIMITS,
  type AccountCredential,
  type AccountPlatform,
  accountMessages,
  PLATFORMS,
} from '@penny/contracts';
import { eq, sql } from 'drizzle-orm';
import { tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { listHoldings, queryTransactions } from '../ledger.ts';
import { connectionsOf, requireConnection } from './connections.ts';
import type { AccountsDeps } from './deps.ts';
import { refreshIfStale } from './refresh.ts';
import { decodeTransactionCursor, encodeTransactionCursor } from './transaction-cursor.ts';
import { agentAccountsOf, credentialOf, transactionOut } from './views.ts';

/** The reads of linked data: /db's credentials, the agent calls (synced first when stale), counts. */

type ReadDeps = Pick<AccountsDeps, 'db' | 'sync' | 'syncMaxAgeMs'>;

function isPlatform(value: string): value is AccountPlatform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** GET /db/get-credentials: every connection with its accounts; never a token or key. */
export async function credentials(
  deps: Pick<AccountsDeps, 'db' | 'now'>,
  userId: string,
): Promise<Record<string, AccountCredential>> {
  const at = deps.now();
  const entries = await connectionsOf(deps.db, userId);
  return Object.fromEntries(
    entries.map(({ connection: row, accounts }) => [row.name, credentialOf(row, accounts, at)]),
  );
}

/** The user's connections of one platform (or the one named, refused when unknown), synced first when stale. */
async function freshConnections(
  deps: ReadDeps,
  userId: string,
  platform: AccountPlatform,
  accountName?: string,
) {
  if (accountName) await requireConnection(deps.db, userId, accountName, platform);
  await refreshIfStale(deps, userId, platform, accountName);
  return connectionsOf(deps.db, userId, platform, accountName);
}

/** Agent: accounts of one platform (optionally one connection), synced first when stale. */
export async function agentAccounts(
  deps: ReadDeps,
  userId: string,
  platform: AccountPlatform,
  accountName?: string,
) {
  const entries = await freshConnections(deps, userId, platform, accountName);
  return entries.flatMap(agentAccountsOf);
}

/** Agent: balances (and, for wallets and brokerages, what they hold). */
export async function agentBalances(
  deps: ReadDeps,
  userId: string,
  platform: AccountPlatform,
  accountName?: string,
) {
  const entries = await freshConnections(deps, userId, platform, accountName);
  const accountIds = entries.flatMap((entry) => entry.accounts.map((account) => account.id));
  const holdings = await listHoldings(deps.db, userId, accountIds);
  return entries.flatMap(({ connection: row, accounts }) =>
    accounts.map((account) => ({
      account_name: row.name,
      account_type: row.platform,
      account_id: account.providerAccountId,
      name: account.name,
      currency: account.currency,
      current: account.current,
      available: account.available,
      current_usd: account.currentUsd,
      chain: row.chain,
      assets: holdings
        .filter((item) => item.accountId === account.id)
        .map((item) => ({
          symbol: item.ticker ?? item.name,
          name: item.name,
          amount: item.quantity,
          usd_price: item.currency === 'USD' ? item.price : null,
          usd_value: item.currency === 'USD' ? item.value : null,
        })),
    })),
  );
}

/** Agent: a connection's transactions in a date range, newest first, keyset paged. */
export async function agentTransactions(
  deps: ReadDeps,
  userId: string,
  platform: string,
  query: {
    accountName: string;
    startDate: string;
    endDate: string;
    accountId?: string | undefined;
    search?: string | undefined;
    limit?: number | undefined;
    cursor?: string | undefined;
  },
) {
  if (!isPlatform(platform)) {
    throw new ServiceError('accounts:unsupported-platform', accountMessages.unsupportedPlatform(platform));
  }
  const row = await requireConnection(deps.db, userId, query.accountName, platform);
  const after = query.cursor ? decodeTransactionCursor(query.cursor) : undefined;
  if (query.cursor && !after)
    throw new ServiceError('request:invalid', 'Invalid request: cursor: is not a valid cursor');
  const limit = query.limit ?? ACCOUNT_LIMITS.defaultPageSize;
  await refreshIfStale(deps, userId, platform, row.name);
  const rows = await queryTransactions(deps.db, {
    userId,
    connectionId: row.id,
    accountId: query.accountId,
    startDate: query.startDate,
    endDate: query.endDate,
    search: query.search || undefined,
    limit: limit + 1,
    after: after ?? undefined,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    transactions: page.map(transactionOut),
    nextCursor:
      rows.length > limit && last ? encodeTransactionCursor({ date: last.date, id: last.id }) : null,
  };
}

/**
 * In one read: how many of the user's connections are syncing right now (a lease held by any
 * process), the institutions whose first pull is still bringing their history, and a stamp that
 * changes whenever their linked data may have (a connection added, removed or synced, a confirmed
 * re-categorisation executed or undone). Caches of whole-ledger summaries (the agent's vocabulary)
 * are keyed by it.
 */
export async function ledgerState(
  deps: Pick<AccountsDeps, 'db'>,
  userId: string,
): Promise<{ syncing: number; arriving: string[]; stamp: string }> {
  const { connection } = tables;
  const [row] = await deps.db
    .select({
      count: sql<number>`count(*)::int`,
      syncing: sql<number>`count(*) filter (where ${connection.syncLeaseUntil} > now())::int`,
      // A login the user must renew stops the history too: the status says that, not "arriving".
      arriving: sql<
        string[] | null
      >`array_agg(distinct coalesce(${connection.institutionName}, ${connection.name})) filter (where ${connection.history} <> 'complete' and ${connection.status} <> 'login_required')`,
      synced: sql<string | null>`max(${tables.connection.lastSyncedAt})::text`,
      updated: sql<string | null>`max(${tables.connection.updatedAt})::text`,
      changed: sql<
        string | null
      >`(select max(c.updated_at)::text from action_change c where c.user_id = ${userId})`,
    })
    .from(tables.connection)
    .where(eq(tables.connection.userId, userId));
  return {
    syncing: row?.syncing ?? 0,
    arriving: (row?.arriving ?? []).sort(),
    stamp: `${row?.count ?? 0}|${row?.synced ?? ''}|${row?.updated ?? ''}|${row?.changed ?? ''}`,
  };
}

/** Counts for benches and tests. */
export async function transactionCount(deps: Pick<AccountsDeps, 'db'>, userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(tables.ledgerTransaction)
    .where(eq(tables.ledgerTransaction.userId, userId));
  return row?.count ?? 0;
}
