import { eq } from 'drizzle-orm';
import { type PlaidAdapter, ProviderError } from '../../connections/types.ts';
import { tables } from '../../db/index.ts';
import {
  type ConnectionRow,
  removeTransactions,
  replaceHoldings,
  upsertAccounts,
  upsertTransactions,
} from '../ledger.ts';
import { renew } from './lease.ts';
import type { SyncDeps } from './types.ts';

const { connection } = tables;

/** Plaid's largest page. */
const PLAID_PAGE = 500;
/** How often a sync may restart its pagination after TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION. */
const MAX_PAGINATION_RESTARTS = 3;

type Owner = { userId: string; connectionId: string };
type PlaidAccounts = Awaited<ReturnType<PlaidAdapter['getAccounts']>>;

/** The item's accounts and balances, and its institution's name; the ledger ids by Plaid's. */
async function storeAccounts(
  deps: Pick<SyncDeps, 'db' | 'now'>,
  row: ConnectionRow,
  owner: Owner,
  reported: PlaidAccounts,
): Promise<Map<string, string>> {
  let accountIds = new Map<string, string>();
  await deps.db.transaction(async (tx) => {
    accountIds = await upsertAccounts(tx, owner, reported.accounts, deps.now());
    if (reported.institutionName) {
      await tx
        .update(connection)
        .set({ institutionName: reported.institutionName })
        .where(eq(connection.id, row.id));
    }
  });
  return accountIds;
}

/**
 * The transactions since the stored cursor, page by page; each page is committed with the cursor that
 * follows it and how much of the history Plaid had ready (a new item's first pages: none, then its last
 * 30 days). A pagination Plaid resets starts over from the run's first cursor. Answers the rows written.
 */
async function pageTransactions(
  deps: Pick<SyncDeps, 'db' | 'leaseSeconds'>,
  plaid: PlaidAdapter,
  accessToken: string,
  row: ConnectionRow,
  accountIds: Map<string, string>,
): Promise<number> {
  const owner = { userId: row.userId, connectionId: row.id };
  const runStart = row.syncCursor;
  let cursor = runStart;
  let restarts = 0;
  let count = 0;
  for (;;) {
    let page: Awaited<ReturnType<PlaidAdapter['syncTransactions']>>;
    try {
      page = await plaid.syncTransactions(accessToken, cursor, PLAID_PAGE);
    } catch (error) {
      if (
        error instanceof ProviderError &&
        error.kind === 'cursor-reset' &&
        restarts < MAX_PAGINATION_RESTARTS
      ) {
        restarts += 1;
        cursor = runStart;
        continue;
      }
      throw error;
    }
    await deps.db.transaction(async (tx) => {
      const written = await upsertTransactions(tx, owner, accountIds, [...page.added, ...page.modified]);
      count += written.written;
      await removeTransactions(
        tx,
        row.id,
        page.removed.map((removed) => removed.providerTransactionId),
      );
      // The cursor moves in the same transaction as the page it follows, and so does what it covers.
      await tx
        .update(connection)
        .set({ syncCursor: page.nextCursor, history: page.history })
        .where(eq(connection.id, row.id));
      await renew(deps, tx, row.id);
    });
    cursor = page.nextCursor;
    if (!page.hasMore) break;
  }
  return count;
}

/**
 * The holdings of the item's investment accounts, replacing the ones stored; kept as they are while
 * Plaid is still fetching them after linking (the sync its webhook starts reads them).
 */
async function storeHoldings(
  deps: Pick<SyncDeps, 'db'>,
  plaid: PlaidAdapter,
  accessToken: string,
  row: ConnectionRow,
  reported: PlaidAccounts,
  accountIds: Map<string, string>,
): Promise<void> {
  const holdings = await plaid.getHoldings(accessToken);
  if (holdings === null) return;
  await deps.db.transaction(async (tx) => {
    const investmentIds = new Map(
      [...accountIds].filter(([providerId]) =>
        reported.accounts.some(
          (account) => account.providerAccountId === providerId && account.kind === 'investment',
        ),
      ),
    );
    await replaceHoldings(tx, { userId: row.userId, platform: 'plaid' }, investmentIds, holdings);
  });
}

/** A Plaid item: accounts, then transactions page by page, then holdings. Answers the rows written. */
export async function syncPlaid(deps: SyncDeps, row: ConnectionRow): Promise<number> {
  const owner = { userId: row.userId, connectionId: row.id };
  if (!row.sealedSecret) throw new ProviderError('not-found', 'plaid', null, 'No access token stored.');
  const accessToken = deps.vault.open(row.sealedSecret, owner);
  const plaid = deps.clients.plaid();
  const reported = await plaid.getAccounts(accessToken);
  const accountIds = await storeAccounts(deps, row, owner, reported);
  const count = await pageTransactions(deps, plaid, accessToken, row, accountIds);
  await storeHoldings(deps, plaid, accessToken, row, reported, accountIds);
  return count;
}
