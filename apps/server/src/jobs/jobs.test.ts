import {
  createTestApp,
  type LinkedBankConnection,
  linkedBankConnection,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay, createInProcessJobQueue, DEFAULT_RETRY, type JobQueue } from './index.ts';

const FAST = { maxAttempts: 8, baseDelayMs: 40, maxDelayMs: 250, busyDelayMs: 50, maxBusyWaits: 100 };

describe.each(testDatabaseKinds())('the in-process job queue on %s', (database) => {
  let t: TestApp;
  let bank: LinkedBankConnection;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    bank = await linkedBankConnection(t);
  }, 60_000);
  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await t.close();
  });

  /** A queue over the app's own sync engine, retrying within milliseconds; its log lines go to the app's log. */
  const queue = () => {
    const made = createInProcessJobQueue({
      run: t.services.sync.syncConnection,
      logger: t.logger,
      retry: FAST,
    });
    queues.push(made);
    return made;
  };

  const control = (path: string, body: Record<string, unknown>) => bank.control(path, body);
  const connection = () => bank.connection();
  const transactionCount = () => bank.transactionCount();
  const jobLines = (message: string) => bank.jobLines(message);

  it('retries a sync the provider refused for a while, and the new days arrive', async () => {
    const before = await transactionCount();
    const retriedBefore = jobLines('sync job will be retried').length;
    await control('/sandbox/item/advance', { days: 7 });
    await control('/sandbox/item/set_scenario', { scenario: 'rate_limited' });
    const jobs = queue();
    expect(
      await jobs.enqueueSync({
        userId: bank.userId,
        connectionId: bank.connectionId,
        reason: 'plaid-webhook',
      }),
    ).toBe('queued');
    // The first attempt fails: the page shows the provider slowing us down.
    await expect.poll(async () => (await connection()).status, { timeout: 5_000 }).toBe('error');
    await control('/sandbox/item/set_scenario', { scenario: null });
    await jobs.settled();
    expect((await connection()).status).toBe('active');
    expect(jobLines('sync job will be retried').length).toBeGreaterThan(retriedBefore);
    // A week of salary, groceries and posted pendings: more rows than before.
    expect(await transactionCount()).toBeGreaterThan(before);
  });

  it('runs one sync per connection: a job waits for the sync holding the lease, then runs', async () => {
    // The provider answers slowly: the sync started here holds the lease while the job is queued.
    await control('/sandbox/item/set_scenario', { scenario: 'timeout', delay_ms: 300 });
    expect(await t.services.sync.startSync(bank.userId, bank.connectionId)).toBe('started');
    const jobs = queue();
    expect(
      await jobs.enqueueSync({
        userId: bank.userId,
        connectionId: bank.connectionId,
        reason: 'plaid-webhook',
      }),
    ).toBe('queued');
    // Another announcement while the job runs runs once more after it; a third joins that one.
    expect(
      await jobs.enqueueSync({
        userId: bank.userId,
        connectionId: bank.connectionId,
        reason: 'plaid-webhook',
      }),
    ).toBe('queued');
    expect(
      await jobs.enqueueSync({
        userId: bank.userId,
        connectionId: bank.connectionId,
        reason: 'plaid-webhook',
      }),
    ).toBe('coalesced');
    await control('/sandbox/item/set_scenario', { scenario: null });
    await t.services.sync.settled();
    await jobs.settled();
    const outcomes = jobLines('sync job will be retried').map((line) => line.outcome);
    expect(outcomes).toContain('already-running');
    expect(jobLines('sync job done').at(-1)).toMatchObject({ outcome: 'synced' });
    expect((await connection()).status).toBe('active');
  });

  it('does not retry what only the user can mend (a login to renew)', async () => {
    await control('/sandbox/item/reset_login', {});
    const retriedBefore = jobLines('sync job will be retried').length;
    const jobs = queue();
    await jobs.enqueueSync({ userId: bank.userId, connectionId: bank.connectionId, reason: 'plaid-webhook' });
    await jobs.settled();
    expect((await connection()).status).toBe('login_required');
    expect(jobLines('sync job will be retried').length).toBe(retriedBefore);
    const done = jobLines('sync job done').at(-1);
    expect(done).toMatchObject({ attempts: 1, outcome: 'failed' });
  });
});

describe('the backoff', () => {
  it('doubles its ceiling per attempt, waits at least half of it, and stops at the cap', () => {
    const policy = { ...DEFAULT_RETRY, maxAttempts: 6, baseDelayMs: 1_000, maxDelayMs: 10_000 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(policy, attempt, () => 0))).toEqual([
      500, 1_000, 2_000, 4_000, 5_000,
    ]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(policy, attempt, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000,
    ]);
  });
});
