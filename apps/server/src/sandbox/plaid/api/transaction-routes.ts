import { AccountType, type RemovedTransaction, type Transaction, TransactionsUpdateStatus } from 'plaid';
import { decodeCursor, encodeCursor, type Version } from '../cursor.ts';
import { failures } from '../errors.ts';
import {
  changesBetween,
  currentVersion,
  type ItemRecord,
  type PullStage,
  pullStage,
  snapshotOf,
} from '../item-data.ts';
import { type PlaidApi, post } from './context.ts';
import { dataItem, NS, withBalanceTime } from './items.ts';
import { schemas } from './schemas.ts';

/** Plaid's `transactions_update_status` at each stage of the initial pull. */
const UPDATE_STATUS = {
  'not-ready': TransactionsUpdateStatus.NotReady,
  recent: TransactionsUpdateStatus.InitialUpdateComplete,
  complete: TransactionsUpdateStatus.HistoricalUpdateComplete,
} as const satisfies Record<PullStage, TransactionsUpdateStatus>;

/** Plaid sends SYNC_UPDATES_AVAILABLE only for items /transactions/sync was called for: noted once. */
async function noteSyncCalled(api: PlaidApi, item: ItemRecord): Promise<void> {
  if (item.syncCalled) return;
  await api.store.update<ItemRecord>(NS.item, item.itemId, (current) =>
    current ? { ...current, syncCalled: true } : current,
  );
}

/**
 * Transactions: /transactions/sync pages through the changes between the cursor's version and today's.
 * A cursor mid-pagination pins its target version; if the data moved since, Plaid's mutation error.
 * Until the item's initial pull has its first 30 days, the answer is empty and NOT_READY, as Plaid's.
 */
export function registerTransactionRoutes(api: PlaidApi): void {
  post(api, '/transactions/sync', schemas.transactionsSync, async (input, c) => {
    const item = await dataItem(api, input.access_token, c, {
      rateLimitCode: 'TRANSACTIONS_SYNC_LIMIT',
      needsLogin: true,
      isSync: true,
    });
    await noteSyncCalled(api, item);
    const stage = pullStage(item, api.now());
    const current = currentVersion(item, api.now());
    if (stage === 'not-ready') {
      return {
        accounts: snapshotOf(item, current)
          .accounts.filter((account) => account.type !== AccountType.Investment)
          .map((account) => withBalanceTime(api, account)),
        added: [],
        modified: [],
        removed: [],
        next_cursor: input.cursor ?? '',
        has_more: false,
        transactions_update_status: UPDATE_STATUS[stage],
      };
    }
    const count = input.count ?? 100;
    let base: Version | null = null;
    let target = current;
    let offset = 0;
    if (input.cursor === 'now') {
      base = current;
    } else if (input.cursor) {
      const state = decodeCursor(input.cursor, item.cursorKey);
      if (!state) throw failures.invalidField('cursor is not valid');
      base = state.base;
      if (state.target) {
        if (
          state.target.day !== current.day ||
          state.target.custom !== current.custom ||
          state.target.recent !== current.recent
        ) {
          throw failures.mutationDuringPagination();
        }
        target = state.target;
        offset = state.offset;
      }
    }
    const changes = changesBetween(item, base, target);
    const page = changes.slice(offset, offset + count);
    const hasMore = offset + page.length < changes.length;
    const next = hasMore
      ? encodeCursor({ base, target, offset: offset + page.length }, item.cursorKey)
      : encodeCursor({ base: target, target: null, offset: 0 }, item.cursorKey);
    const added: Transaction[] = [];
    const modified: Transaction[] = [];
    const removed: RemovedTransaction[] = [];
    for (const change of page) {
      if (change.kind === 'added') added.push(change.transaction);
      else if (change.kind === 'modified') modified.push(change.transaction);
      else
        removed.push({
          transaction_id: change.transaction.transaction_id,
          account_id: change.transaction.account_id,
        });
    }
    const snapshot = snapshotOf(item, current);
    return {
      accounts: snapshot.accounts
        .filter((account) => account.type !== AccountType.Investment)
        .map((account) => withBalanceTime(api, account)),
      added,
      modified,
      removed,
      next_cursor: next,
      has_more: hasMore,
      transactions_update_status: UPDATE_STATUS[stage],
    };
  });
}
