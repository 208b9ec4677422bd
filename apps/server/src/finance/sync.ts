import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ProviderReaders } from '../connections/index.ts';
import {
  type PlaidAdapter,
  ProviderError,
  type ProviderErrorKind,
  type ProviderHolding,
  type SnapTradeUser,
} from '../connections/types.ts';
import type { Vault } from '../connections/vault.ts';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import { type Logger, loggableError } from '../logger.ts';
import {
  type ConnectionRow,
  isoDay,
  refreshTransactionCounts,
  removeTransactions,
  replaceHoldings,
  upsertAccounts,
  upsertTransactions,
} from './ledger.ts';

const { connection, providerUser } = tables;

export type SyncOutcome =
  | { status: 'synced'; transactions: number }
  | { status: 'already-running' }
  | { status: 'failed'; kind: ProviderErrorKind | 'internal'; message: string };

/** Plaid's largest page. */
const PLAID_PAGE = 500;
/** How often a sync may restart its pagination after TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION. */
const MAX_PAGINATION_RESTARTS = 3;
/** SnapTrade and wallets: how far back a first sync reads, and how much a later one re-reads. */
const HISTORY_DAYS = 731;
const OVERLAP_DAYS = 30;

const STATUS_AFTER_FAILURE = {
  'login-required': 'login_required',
  'invalid-credentials': 'login_required',
  'not-found': 'login_required',
  'rate-limited': 'error',
  unavailable: 'error',
  timeout: 'error',
  'invalid-request': 'error',
  'cursor-reset': 'error',
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
  internal: 'Something went wrong while syncing. We will try again shortly.',
} as const satisfies Record<ProviderErrorKind | 'internal', string>;

export type SyncEngine = ReturnType<typeof createSyncEngine>;

/**
 * Brings a connection's accounts, balances, transactions and holdings up to date. One sync per
 * connection at a time, across processes: a lease taken by one atomic UPDATE on the connection row
 * (PGlite and PostgreSQL alike), renewed per page and released at the end. Every page is committed
 * together with the cursor that follows it, so a failure mid-sync leaves cursor and data consistent,
 * and unique keys make a replayed page a no-op.
 */
export function createSyncEngine(deps: {
  db: Database;
  vault: Vault;
  clients: ProviderReaders;
  logger: Logger;
  now?: () => Date;
  /** How long a lease lasts without renewal (a crashed process frees it after this). */
  leaseMs?: number;
}) {
  const { db, vault, clients, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const leaseSeconds = Math.ceil((deps.leaseMs ?? 120_000) / 1000);
  const running = new Set<Promise<unknown>>();

  const leaseUntil = sql`now() + make_interval(secs => ${leaseSeconds})`;

  async function acquire(userId: string, connectionId: string): Promise<ConnectionRow | undefined> {
    const [row] = await db
      .update(connection)
      .set({ syncLeaseUntil: leaseUntil, syncStartedAt: sql`now()` })
      .where(
        and(
          eq(connection.id, connectionId),
          eq(connection.userId, userId),
          or(isNull(connection.syncLeaseUntil), lt(connection.syncLeaseUntil, sql`now()`)),
        ),
      )
      .returning();
    return row;
  }

  async function renew(tx: Pick<Database, 'update'>, connectionId: string) {
    await tx.update(connection).set({ syncLeaseUntil: leaseUntil }).where(eq(connection.id, connectionId));
  }

  async function snapTradeUserOf(userId: string): Promise<SnapTradeUser> {
    const [row] = await db
      .select()
      .from(providerUser)
      .where(and(eq(providerUser.userId, userId), eq(providerUser.platform, 'snaptrade')));
    if (!row) throw new ProviderError('not-found', 'snaptrade', null, 'No SnapTrade user for this account.');
    return {
      userId: row.externalUserId,
      userSecret: vault.open(row.sealedSecret, { userId, connectionId: 'provider-user:snaptrade' }),
    };
  }

  async function syncPlaid(row: ConnectionRow): Promise<number> {
    const owner = { userId: row.userId, connectionId: row.id };
    if (!row.sealedSecret) throw new ProviderError('not-found', 'plaid', null, 'No access token stored.');
    const accessToken = vault.open(row.sealedSecret, owner);
    const plaid = clients.plaid();
    const reported = await plaid.getAccounts(accessToken);
    let accountIds = new Map<string, string>();
    await db.transaction(async (tx) => {
      accountIds = await upsertAccounts(tx, owner, reported.accounts, now());
      if (reported.institutionName) {
        await tx
          .update(connection)
          .set({ institutionName: reported.institutionName })
          .where(eq(connection.id, row.id));
      }
    });
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
      await db.transaction(async (tx) => {
        const written = await upsertTransactions(tx, owner, accountIds, [...page.added, ...page.modified]);
        count += written.written;
        await removeTransactions(
          tx,
          row.id,
          page.removed.map((removed) => removed.providerTransactionId),
        );
        // The cursor moves in the same transaction as the page it follows.
        await tx.update(connection).set({ syncCursor: page.nextCursor }).where(eq(connection.id, row.id));
        await renew(tx, row.id);
      });
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    const holdings = await plaid.getHoldings(accessToken);
    await db.transaction(async (tx) => {
      const investmentIds = new Map(
        [...accountIds].filter(([providerId]) =>
          reported.accounts.some(
            (account) => account.providerAccountId === providerId && account.kind === 'investment',
          ),
        ),
      );
      await replaceHoldings(tx, { userId: row.userId, platform: 'plaid' }, investmentIds, holdings);
    });
    return count;
  }

  function historyStart(row: ConnectionRow): string {
    const from = row.lastSyncedAt
      ? new Date(row.lastSyncedAt.getTime() - OVERLAP_DAYS * 86_400_000)
      : new Date(now().getTime() - HISTORY_DAYS * 86_400_000);
    return isoDay(from);
  }

  async function syncSnapTrade(row: ConnectionRow): Promise<number> {
    const owner = { userId: row.userId, connectionId: row.id };
    const user = await snapTradeUserOf(row.userId);
    const snaptrade = clients.snaptrade();
    const accounts = (await snaptrade.listAccounts(user)).filter(
      (account) => account.authorizationId === row.itemId,
    );
    if (accounts.length === 0) {
      throw new ProviderError('not-found', 'snaptrade', null, 'The brokerage connection has no accounts.');
    }
    const accountIds = await db.transaction(async (tx) => {
      const ids = await upsertAccounts(tx, owner, accounts, now());
      const institution = accounts[0]?.institutionName;
      if (institution)
        await tx.update(connection).set({ institutionName: institution }).where(eq(connection.id, row.id));
      return ids;
    });
    const range = { start: historyStart(row), end: isoDay(now()) };
    let count = 0;
    const holdings: ProviderHolding[] = [];
    for (const account of accounts) {
      holdings.push(...(await snaptrade.getPositions(user, account.providerAccountId)));
      const activities = await snaptrade.getActivities(user, account.providerAccountId, range);
      await db.transaction(async (tx) => {
        count += (await upsertTransactions(tx, owner, accountIds, activities)).written;
        await renew(tx, row.id);
      });
    }
    await db.transaction((tx) =>
      replaceHoldings(tx, { userId: row.userId, platform: 'snaptrade' }, accountIds, holdings),
    );
    return count;
  }

  async function syncWallet(row: ConnectionRow): Promise<number> {
    const owner = { userId: row.userId, connectionId: row.id };
    const address = row.externalUserId;
    const chain = row.chain;
    if (!address || !chain)
      throw new ProviderError('invalid-request', 'web3', null, 'The wallet has no address.');
    const chains = clients.chains();
    const balance = await chains.getBalance(chain, address);
    const transfers = await chains.getTransfers(chain, address);
    const native = balance.assets[0];
    return db.transaction(async (tx) => {
      const accountIds = await upsertAccounts(
        tx,
        owner,
        [
          {
            providerAccountId: address,
            name: row.name.replace(/_web3$/, '').replaceAll('_', ' '),
            officialName: native ? `${native.name} wallet` : null,
            mask: null,
            kind: 'crypto',
            subtype: chain,
            currency: 'USD',
            current: balance.totalUsd,
            available: balance.totalUsd,
            limit: null,
            currentUsd: balance.totalUsd,
          },
        ],
        now(),
      );
      await replaceHoldings(
        tx,
        { userId: row.userId, platform: 'web3' },
        accountIds,
        balance.assets.map((asset) => ({
          providerAccountId: address,
          security: {
            providerSecurityId: `${chain}:${asset.contract ?? asset.symbol}`,
            ticker: asset.symbol,
            name: asset.name,
            type: 'cryptocurrency',
            currency: 'USD',
            closePrice: asset.usdPrice,
          },
          quantity: asset.amount,
          price: asset.usdPrice,
          value: asset.usdValue,
          costBasis: null,
        })),
      );
      const written = await upsertTransactions(
        tx,
        owner,
        accountIds,
        transfers.map((transfer) => ({ ...transfer, providerAccountId: address })),
      );
      return written.written;
    });
  }

  const SYNC_BY_PLATFORM = {
    plaid: syncPlaid,
    snaptrade: syncSnapTrade,
    web3: syncWallet,
  } as const satisfies Record<ConnectionRow['platform'], (row: ConnectionRow) => Promise<number>>;

  async function notAcquired(userId: string, connectionId: string): Promise<SyncOutcome> {
    const [exists] = await db
      .select({ id: connection.id })
      .from(connection)
      .where(and(eq(connection.id, connectionId), eq(connection.userId, userId)));
    if (!exists) return { status: 'failed', kind: 'not-found', message: 'Account not found' };
    return { status: 'already-running' };
  }

  async function syncConnection(userId: string, connectionId: string): Promise<SyncOutcome> {
    const row = await acquire(userId, connectionId);
    return row ? run(row) : notAcquired(userId, connectionId);
  }

  async function run(row: ConnectionRow): Promise<SyncOutcome> {
    const started = Date.now();
    try {
      const transactions = await SYNC_BY_PLATFORM[row.platform](row);
      await refreshTransactionCounts(db, row.id);
      await db
        .update(connection)
        .set({ status: 'active', statusDetail: null, lastSyncedAt: now(), syncLeaseUntil: null })
        .where(eq(connection.id, row.id));
      logger.info(
        { connectionId: row.id, platform: row.platform, transactions, ms: Date.now() - started },
        'connection synced',
      );
      return { status: 'synced', transactions };
    } catch (error) {
      const kind = error instanceof ProviderError ? error.kind : 'internal';
      const level = kind === 'internal' ? 'error' : 'warn';
      logger[level](
        { connectionId: row.id, platform: row.platform, kind, err: loggableError(error) },
        'sync failed',
      );
      // Pages committed before the failure count too.
      await refreshTransactionCounts(db, row.id).catch(() => undefined);
      await db
        .update(connection)
        .set({ status: STATUS_AFTER_FAILURE[kind], statusDetail: STATUS_DETAIL[kind], syncLeaseUntil: null })
        .where(eq(connection.id, row.id))
        .catch(() => undefined);
      return { status: 'failed', kind, message: STATUS_DETAIL[kind] };
    }
  }

  return {
    syncConnection,
    /**
     * Takes the lease now (so the very next read already shows "syncing") and runs the sync without
     * waiting for it (link, refresh). `settled()` waits for every one.
     */
    async startSync(
      userId: string,
      connectionId: string,
    ): Promise<'started' | 'already-running' | 'not-found'> {
      const row = await acquire(userId, connectionId);
      if (!row) {
        const outcome = await notAcquired(userId, connectionId);
        return outcome.status === 'already-running' ? 'already-running' : 'not-found';
      }
      const task = run(row).catch((error: unknown) => {
        logger.error({ connectionId, err: loggableError(error) }, 'background sync failed');
      });
      running.add(task);
      void task.finally(() => running.delete(task));
      return 'started';
    },
    /** True when the connection's data is older than `maxAgeMs` (or was never synced). */
    isStale(row: Pick<ConnectionRow, 'lastSyncedAt'>, maxAgeMs: number): boolean {
      return !row.lastSyncedAt || now().getTime() - row.lastSyncedAt.getTime() > maxAgeMs;
    },
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
