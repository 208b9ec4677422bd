import type { ProviderReaders } from '../../connections/index.ts';
import type { Vault } from '../../connections/vault.ts';
import type { Database } from '../../db/index.ts';
import { type Logger, loggableError } from '../../logger.ts';
import type { ConnectionRow } from '../ledger.ts';
import { acquire, holdLease, notAcquired } from './lease.ts';
import { run } from './run.ts';
import type { SyncDeps, SyncOutcome } from './types.ts';

export type { SyncOutcome } from './types.ts';

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
  /**
   * How long a lease lasts without renewal: a process that died mid-sync frees the connection after
   * this. Renewed with each page and every third of it while the sync runs.
   */
  leaseMs?: number;
}) {
  const resolved: SyncDeps = {
    db: deps.db,
    vault: deps.vault,
    clients: deps.clients,
    logger: deps.logger,
    now: deps.now ?? (() => new Date()),
    leaseSeconds: Math.ceil((deps.leaseMs ?? 30_000) / 1000),
  };
  const running = new Set<Promise<unknown>>();
  /** Runs the sync of a connection whose lease was just taken, keeping the lease alive meanwhile. */
  const runHeld = async (row: ConnectionRow) => {
    const release = holdLease(resolved, row.id);
    try {
      return await run(resolved, row);
    } finally {
      release();
    }
  };

  return {
    async syncConnection(userId: string, connectionId: string): Promise<SyncOutcome> {
      const row = await acquire(resolved, userId, connectionId);
      return row ? runHeld(row) : notAcquired(resolved, userId, connectionId);
    },
    /**
     * Takes the lease now (so the very next read already shows "syncing") and runs the sync without
     * waiting for it (link, refresh). `settled()` waits for every one.
     */
    async startSync(
      userId: string,
      connectionId: string,
    ): Promise<'started' | 'already-running' | 'not-found'> {
      const row = await acquire(resolved, userId, connectionId);
      if (!row) {
        const outcome = await notAcquired(resolved, userId, connectionId);
        return outcome.status === 'already-running' ? 'already-running' : 'not-found';
      }
      const task = runHeld(row).catch((error: unknown) => {
        resolved.logger.error({ connectionId, err: loggableError(error) }, 'background sync failed');
      });
      running.add(task);
      void task.finally(() => running.delete(task));
      return 'started';
    },
    /** True when the connection's data is older than `maxAgeMs` (or was never synced). */
    isStale(row: Pick<ConnectionRow, 'lastSyncedAt'>, maxAgeMs: number): boolean {
      return !row.lastSyncedAt || resolved.now().getTime() - row.lastSyncedAt.getTime() > maxAgeMs;
    },
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
