import { eq } from 'drizzle-orm';
import { ProviderError, type ProviderErrorKind } from '../../connections/types.ts';
import { tables } from '../../db/index.ts';
import { loggableError } from '../../logger.ts';
import { type ConnectionRow, refreshTransactionCounts } from '../ledger.ts';
import { syncPlaid } from './plaid.ts';
import { syncSnapTrade } from './snaptrade.ts';
import type { SyncDeps, SyncOutcome } from './types.ts';
import { syncWallet } from './wallet.ts';

const { connection } = tables;

const STATUS_AFTER_FAILURE = {
  'login-required': 'login_required',
  'invalid-credentials': 'login_required',
  'not-found': 'login_required',
  'rate-limited': 'error',
  unavailable: 'error',
  timeout: 'error',
  'invalid-request': 'error',
  'cursor-reset': 'error',
  'order-refused': 'error',
  'trade-expired': 'error',
  internal: 'error',
} as const satisfies Record<ProviderErrorKind | 'internal', ConnectionRow['status']>;

/** What the Accounts page says beside a connection that failed to sync. */
const STATUS_DETAIL = {
  'login-required': 'The institution needs you to sign in again.',
  'invalid-credentials': 'The institution needs you to sign in again.',
  'not-found': 'The connection was removed at the provider. Link it again.',
  'rate-limited': 'The provider asked us to slow down. We will try again shortly.',
  unavailable: 'The provider is not reachable right now. We will try again shortly.',
  timeout: 'The provider took too long to answer. We will try again shortly.',
  'invalid-request': 'The provider refused the request.',
  'cursor-reset': 'The provider changed data while we read it. We will try again shortly.',
  'order-refused': 'The provider refused the request.',
  'trade-expired': 'The provider refused the request.',
  internal: 'Something went wrong while syncing. We will try again shortly.',
} as const satisfies Record<ProviderErrorKind | 'internal', string>;

const SYNC_BY_PLATFORM = {
  plaid: syncPlaid,
  snaptrade: syncSnapTrade,
  web3: syncWallet,
} as const satisfies Record<
  ConnectionRow['platform'],
  (deps: SyncDeps, row: ConnectionRow) => Promise<number>
>;

/** A sync that went through: the counts refreshed, the status active, the lease released. */
async function succeeded(
  deps: SyncDeps,
  row: ConnectionRow,
  transactions: number,
  started: number,
): Promise<SyncOutcome> {
  await refreshTransactionCounts(deps.db, row.id);
  await deps.db
    .update(connection)
    .set({ status: 'active', statusDetail: null, lastSyncedAt: deps.now(), syncLeaseUntil: null })
    .where(eq(connection.id, row.id));
  deps.logger.info(
    { connectionId: row.id, platform: row.platform, transactions, ms: Date.now() - started },
    'connection synced',
  );
  return { status: 'synced', transactions };
}

/** A sync that failed: logged, the status says why, the lease released; never throws. */
async function failed(deps: SyncDeps, row: ConnectionRow, error: unknown): Promise<SyncOutcome> {
  const kind = error instanceof ProviderError ? error.kind : 'internal';
  const level = kind === 'internal' ? 'error' : 'warn';
  deps.logger[level](
    { connectionId: row.id, platform: row.platform, kind, err: loggableError(error) },
    'sync failed',
  );
  // Pages committed before the failure count too.
  await refreshTransactionCounts(deps.db, row.id).catch(() => undefined);
  await deps.db
    .update(connection)
    .set({ status: STATUS_AFTER_FAILURE[kind], statusDetail: STATUS_DETAIL[kind], syncLeaseUntil: null })
    .where(eq(connection.id, row.id))
    .catch(() => undefined);
  return { status: 'failed', kind, message: STATUS_DETAIL[kind] };
}

/** Syncs a connection whose lease is held, and records how it went. */
export async function run(deps: SyncDeps, row: ConnectionRow): Promise<SyncOutcome> {
  const started = Date.now();
  try {
    const transactions = await SYNC_BY_PLATFORM[row.platform](deps, row);
    return await succeeded(deps, row, transactions, started);
  } catch (error) {
    return failed(deps, row, error);
  }
}
