import { and, eq, gt, isNull } from 'drizzle-orm';
import { type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import { type Logger, loggableError } from '../logger.ts';
import { connectionsToRefresh, DAILY_REFRESH_HOUR_UTC, queueDailyRefresh } from './daily-refresh.ts';
import { DEFAULT_RETRY, nextStep } from './retry.ts';
import type { JobQueue, RetryPolicy, SyncJob, SyncRunner } from './types.ts';

/** pg-boss's queues: one sync per job, and the daily tick that queues a sync of every connection. */
export const SYNC_QUEUE = 'penny-sync';
export const DAILY_REFRESH_QUEUE = 'penny-daily-refresh';
/** Every day at 04:00 UTC, as the in-process queue's tick (jobs/daily-refresh.ts). */
export const DAILY_REFRESH_CRON = `0 ${DAILY_REFRESH_HOUR_UTC} * * *`;
/** pg-boss's own schema, created and migrated by it at start (under its own advisory lock). */
const SCHEMA = 'pgboss';

export type PostgresJobQueue = JobQueue & {
  /** Resolves once the schema is in place and this instance's workers take jobs. */
  ready: Promise<void>;
  /** Whether the queue's tables answer: what /healthz reports. */
  health(): Promise<'ok' | 'unavailable'>;
};

type Deps = {
  /** The PostgreSQL server's URL (DATABASE_URL): pg-boss keeps a small pool of its own there. */
  url: string;
  db: Database;
  run: SyncRunner;
  logger: Logger;
  retry?: RetryPolicy;
  /** Syncs this instance runs at once. */
  concurrency?: number;
  /** How often an idle worker asks for a job, in seconds (pg-boss's default is 2). */
  pollingIntervalSeconds?: number;
  /**
   * How often the queue's supervision runs, in seconds: it fails the jobs of an instance that died
   * (no heartbeat) so another one takes them. Default 10.
   */
  superviseIntervalSeconds?: number;
  /** The daily refresh (DAILY_REFRESH): false removes the installation's schedule. Default true. */
  dailyRefresh?: boolean;
};

/** Thrown by a job whose sync failed in a way worth trying again: pg-boss retries it with backoff. */
class TransientSyncFailure extends Error {}

/**
 * The queue shared by every instance on one PostgreSQL database (docs/decisions/0026-a-durable-job-
 * queue.md), on pg-boss: jobs are rows, so they survive a restart, and whichever instance is free runs
 * them. The same promises as the in-process queue:
 * - One waiting and one running job per connection (the queue's `stately` policy keyed by the
 *   connection): a job for a connection whose job waits joins it; one asked for while it runs waits
 *   and runs after it. pg-boss never hands two instances jobs of one key at once.
 * - Transient provider failures are thrown, and pg-boss retries them with exponential backoff; a
 *   failure only the user can mend ends the job (the connection's status tells them).
 * - While another sync holds the connection's lease (a refresh, a link), the job waits in short
 *   steps. When it is free and a sync that started after the job was asked for went through, that
 *   sync read what the job announced and the job ends without a second one.
 * - Each running job beats a heartbeat: when its instance dies, pg-boss fails it within
 *   `heartbeatSeconds` plus a supervision pass, and another instance retries it.
 * Plus the daily refresh: pg-boss's cron sends one tick a day across all instances, and the tick
 * queues a sync of every connection whose login still works.
 */
export function createPostgresJobQueue(deps: Deps): PostgresJobQueue {
  const retry = deps.retry ?? DEFAULT_RETRY;
  const boss = new PgBoss({
    connectionString: deps.url,
    schema: SCHEMA,
    max: 3,
    application_name: 'penny-jobs',
    superviseIntervalSeconds: deps.superviseIntervalSeconds ?? 10,
    monitorIntervalSeconds: deps.superviseIntervalSeconds ?? 10,
  });
  boss.on('error', (error: unknown) => deps.logger.error({ err: loggableError(error) }, 'job queue error'));
  let closing = false;
  let stopped: Promise<void> | undefined;
  /** Busy waits in progress, woken at once when the queue closes. */
  const sleepers = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  /** A sync of the connection that started after `since` and went through: it read what a job asked for. */
  const syncedSince = async (connectionId: string, since: Date) => {
    const [row] = await deps.db
      .select({ id: tables.connection.id })
      .from(tables.connection)
      .where(
        and(
          eq(tables.connection.id, connectionId),
          isNull(tables.connection.syncLeaseUntil),
          gt(tables.connection.syncStartedAt, since),
          eq(tables.connection.status, 'active'),
        ),
      );
    return row !== undefined;
  };

  async function handle(job: JobWithMetadata<SyncJob>): Promise<void> {
    const { userId, connectionId, reason } = job.data;
    const attempt = job.retryCount + 1;
    const coveredMeanwhile = async () => {
      if (!(await syncedSince(connectionId, job.createdOn))) return false;
      deps.logger.info(
        { connectionId, reason, attempts: attempt, outcome: 'synced-meanwhile' },
        'sync job done',
      );
      return true;
    };
    // A job that waited behind another job of its connection: that one's sync may already cover it.
    if (await coveredMeanwhile()) return;
    for (let busyWaits = 0; ; ) {
      const outcome = await deps.run(userId, connectionId).catch((error: unknown) => {
        deps.logger.error({ connectionId, err: loggableError(error) }, 'sync job threw');
        return { status: 'failed', kind: 'internal', message: 'threw' } as const;
      });
      const step = nextStep(outcome);
      if (step === 'busy' && !closing && busyWaits < retry.maxBusyWaits) {
        busyWaits += 1;
        await sleep(retry.busyDelayMs);
        if (await coveredMeanwhile()) return;
        continue;
      }
      // Stopping while another sync holds the lease: the job goes back to the queue for an instance
      // that stays.
      if (step === 'retry' || (step === 'busy' && closing)) {
        deps.logger.info(
          { connectionId, reason, attempt, outcome: outcome.status, willRetry: attempt < retry.maxAttempts },
          'sync job will be retried',
        );
        throw new TransientSyncFailure(outcome.status === 'failed' ? outcome.kind : outcome.status);
      }
      deps.logger.info({ connectionId, reason, attempts: attempt, outcome: outcome.status }, 'sync job done');
      return;
    }
  }

  const refreshAll = () =>
    queueDailyRefresh({
      targets: () => connectionsToRefresh(deps.db, new Date()),
      enqueueSync,
      logger: deps.logger,
    });

  async function enqueueSync(job: SyncJob): Promise<'queued' | 'coalesced'> {
    if (closing) throw new Error('the job queue is closed');
    await ready;
    const id = await boss.send(SYNC_QUEUE, job, { singletonKey: job.connectionId });
    return id ? 'queued' : 'coalesced';
  }

  const ready = (async () => {
    await boss.start();
    await boss.createQueue(SYNC_QUEUE, {
      policy: 'stately',
      retryLimit: retry.maxAttempts - 1,
      retryDelay: Math.max(1, Math.round(retry.baseDelayMs / 1000)),
      retryBackoff: true,
      retryDelayMax: Math.max(1, Math.round(retry.maxDelayMs / 1000)),
      heartbeatSeconds: 10,
      // Far past any sync (the lease's waits included); the heartbeat catches a dead instance first.
      expireInSeconds: 30 * 60,
      deleteAfterSeconds: 24 * 60 * 60,
    });
    await boss.createQueue(DAILY_REFRESH_QUEUE, { policy: 'singleton', retryLimit: 2, retryDelay: 60 });
    if (deps.dailyRefresh === false) await boss.unschedule(DAILY_REFRESH_QUEUE);
    else await boss.schedule(DAILY_REFRESH_QUEUE, DAILY_REFRESH_CRON, null, { tz: 'UTC' });
    await boss.work(
      SYNC_QUEUE,
      {
        batchSize: 1,
        localConcurrency: deps.concurrency ?? 2,
        includeMetadata: true,
        pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2,
      },
      async ([job]: JobWithMetadata<SyncJob>[]) => {
        if (job) await handle(job);
      },
    );
    await boss.work(DAILY_REFRESH_QUEUE, { batchSize: 1 }, async () => refreshAll());
  })();
  // A failed start is reported by whoever awaits `ready` (compose.ts refuses to start).
  ready.catch(() => undefined);

  /** Jobs of this queue not yet finished, on any instance. */
  const unfinished = async () => {
    const { rows } = await boss
      .getDb()
      .executeSql(
        `select count(*)::int as n from ${SCHEMA}.job where name = $1 and state in ('created', 'retry', 'active')`,
        [SYNC_QUEUE],
      );
    return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
  };

  return {
    ready,
    enqueueSync,
    async settled() {
      await ready;
      while ((await unfinished()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    close() {
      closing = true;
      for (const wake of [...sleepers]) wake();
      // Running syncs finish; what is queued stays in the table for the other instances (or the next start).
      stopped ??= ready
        .catch(() => undefined)
        .then(() => boss.stop({ graceful: true, close: true, timeout: 60_000 }));
      return stopped;
    },
    async health() {
      try {
        await boss.getDb().executeSql(`select 1 from ${SCHEMA}.queue limit 1`);
        return closing ? 'unavailable' : 'ok';
      } catch {
        return 'unavailable';
      }
    },
  };
}
