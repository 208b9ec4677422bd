import {
  type LinkedBankConnection,
  type TestApp,
  testDatabaseKinds,
  useLinkedBankApp,
} from '@penny/server/testing';
import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import {
  createPostgresJobQueue,
  DAILY_REFRESH_CRON,
  DAILY_REFRESH_QUEUE,
  type PostgresJobQueue,
} from './index.ts';

// pg-boss counts its retry delays in whole seconds: one second, doubling, is as fast as it goes.
const FAST = { maxAttempts: 8, baseDelayMs: 1_000, maxDelayMs: 2_000, busyDelayMs: 50, maxBusyWaits: 200 };

// PostgreSQL only (where TEST_DATABASE_URL names a server, as in CI): the durable queue lives there.
const postgresOnly = testDatabaseKinds().filter((kind) => kind === 'postgres');

describe.each(postgresOnly)('the durable job queue on %s', (database) => {
  let t: TestApp;
  let bank: LinkedBankConnection;
  let keep: <Q extends { close(): Promise<void> }>(queue: Q) => Q;
  useLinkedBankApp({ database, listen: true }, (suite) => ({ t, bank, keep } = suite));

  /** One instance's queue over the app's sync engine, on the test's database; its log lines go to the app's log. */
  const instance = async () => {
    const made: PostgresJobQueue = keep(
      createPostgresJobQueue({
        url: t.databaseUrl ?? '',
        db: t.database.db,
        run: t.services.sync.syncConnection,
        logger: t.logger,
        retry: FAST,
        pollingIntervalSeconds: 0.5,
      }),
    );
    await made.ready;
    return made;
  };

  const control = (path: string, body: Record<string, unknown>) => bank.control(path, body);
  const connection = () => bank.connection();
  const transactionCount = () => bank.transactionCount();
  const jobLines = (message: string) => bank.jobLines(message);

  it('keeps a job through a restart: a sync the provider refused is retried by the next instance', async () => {
    const before = await transactionCount();
    await control('/sandbox/item/advance', { days: 7 });
    await control('/sandbox/item/set_scenario', { scenario: 'rate_limited' });
    const first = await instance();
    expect(await first.enqueueSync(bank.job)).toBe('queued');
    // The first attempt fails (the page shows the provider slowing us down) and waits for its retry.
    await expect.poll(async () => (await connection()).status, { timeout: 10_000 }).toBe('error');
    await expect.poll(() => jobLines('sync job will be retried').length, { timeout: 10_000 }).toBe(1);
    await first.close();
    await control('/sandbox/item/set_scenario', { scenario: null });
    // Another process starts on the same database: the job is still there, and it runs it.
    const second = await instance();
    await second.settled();
    expect(jobLines('sync job done').at(-1)).toMatchObject({ outcome: 'synced', attempts: 2 });
    expect((await connection()).status).toBe('active');
    // A week of salary, groceries and posted pendings: more rows than before.
    expect(await transactionCount()).toBeGreaterThan(before);
  }, 60_000);

  it('runs one sync per connection across instances, and a job a later sync covered ends without one', async () => {
    const [a, b] = [await instance(), await instance()];
    const synced = () =>
      t.logs.filter((line) => line.msg === 'connection synced' && line.connectionId === bank.connectionId)
        .length;
    const syncedBefore = synced();
    // The provider answers slowly: a refresh's sync holds the lease while jobs are asked for.
    await control('/sandbox/item/set_scenario', { scenario: 'timeout', delay_ms: 500 });
    expect(await t.services.sync.startSync(bank.userId, bank.connectionId)).toBe('started');
    const answers = await Promise.all([a, b, a, b].map((queue) => queue.enqueueSync(bank.job)));
    // At most one job waits and one runs, whichever instance was asked.
    expect(answers).toContain('queued');
    expect(answers.filter((answer) => answer === 'queued').length).toBeLessThanOrEqual(2);
    expect(answers).toContain('coalesced');
    await t.services.sync.settled();
    await control('/sandbox/item/set_scenario', { scenario: null });
    await a.settled();
    // The refresh's sync, then one for the jobs (it started before them, so it may have read too
    // early); a second job, asked for while the first waited, was covered by the first one's sync.
    expect(synced() - syncedBefore).toBe(2);
    expect(jobLines('sync job will be retried')).toHaveLength(1);
    expect((await connection()).status).toBe('active');
    expect(await a.health()).toBe('ok');
    expect(await b.health()).toBe('ok');
  }, 60_000);

  it('refreshes every connection once a day, on a schedule all instances share', async () => {
    const queue = await instance();
    const before = (await connection()).lastSyncedAt?.getTime() ?? 0;
    // What pg-boss's cron sends at 04:00 UTC, sent now by another client of the database.
    const client = new PgBoss({ connectionString: t.databaseUrl ?? '', schema: 'pgboss', supervise: false });
    await client.start();
    try {
      const schedules = await client.getSchedules(DAILY_REFRESH_QUEUE);
      expect(schedules.map((schedule) => schedule.cron)).toEqual([DAILY_REFRESH_CRON]);
      expect(await client.send(DAILY_REFRESH_QUEUE, {})).not.toBeNull();
    } finally {
      await client.stop({ graceful: false });
    }
    await expect
      .poll(() => t.logs.filter((line) => line.msg === 'daily refresh queued').length, { timeout: 15_000 })
      .toBe(1);
    await queue.settled();
    expect(t.logs.find((line) => line.msg === 'daily refresh queued')).toMatchObject({ connections: 1 });
    expect(jobLines('sync job done').at(-1)).toMatchObject({ reason: 'daily-refresh', outcome: 'synced' });
    expect((await connection()).lastSyncedAt?.getTime()).toBeGreaterThan(before);
  }, 60_000);
});
