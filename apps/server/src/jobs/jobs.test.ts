import {
  type LinkedBankConnection,
  linkedBankConnection,
  type TestApp,
  testDatabaseKinds,
  useLinkedBankApp,
} from '@penny/server/testing';
import { describe, expect, it } from 'vitest';
import type { SyncOutcome } from '../finance/index.ts';
import {
  backoffDelay,
  connectionsToRefresh,
  createInProcessJobQueue,
  DEFAULT_RETRY,
  type RefreshClock,
  type SyncRunner,
} from './index.ts';

const FAST = { maxAttempts: 8, baseDelayMs: 40, maxDelayMs: 250, busyDelayMs: 50, maxBusyWaits: 100 };
const HOUR = 3_600_000;

/** A clock the test moves by hand: a timer runs when the time passes its moment, never on its own. */
function handClock(start: string): RefreshClock & { advance(ms: number): void } {
  let now = Date.parse(start);
  const timers = new Set<{ at: number; run: () => void }>();
  return {
    now: () => new Date(now),
    after(ms, run) {
      const timer = { at: now + ms, run };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      now += ms;
      for (const timer of [...timers].filter((waiting) => waiting.at <= now)) {
        timers.delete(timer);
        timer.run();
      }
    },
  };
}

describe.each(testDatabaseKinds())('the in-process job queue on %s', (database) => {
  let t: TestApp;
  let bank: LinkedBankConnection;
  let keep: <Q extends { close(): Promise<void> }>(queue: Q) => Q;
  useLinkedBankApp({ database, listen: true }, (suite) => ({ t, bank, keep } = suite));

  /** A queue over the app's own sync engine (or `run`), retrying within milliseconds; its log lines go to the app's log. */
  const queue = (options: Partial<Parameters<typeof createInProcessJobQueue>[0]> = {}) =>
    keep(
      createInProcessJobQueue({
        run: t.services.sync.syncConnection,
        logger: t.logger,
        retry: FAST,
        ...options,
      }),
    );

  it('retries a sync the provider refused for a while, and the new days arrive', async () => {
    const before = await bank.transactionCount();
    const retriedBefore = bank.jobLines('sync job will be retried').length;
    await bank.control('/sandbox/item/advance', { days: 7 });
    await bank.control('/sandbox/item/set_scenario', { scenario: 'rate_limited' });
    const jobs = queue();
    expect(await jobs.enqueueSync(bank.job)).toBe('queued');
    // The first attempt fails: the page shows the provider slowing us down.
    await expect.poll(async () => (await bank.connection()).status, { timeout: 5_000 }).toBe('error');
    await bank.control('/sandbox/item/set_scenario', { scenario: null });
    await jobs.settled();
    expect((await bank.connection()).status).toBe('active');
    expect(bank.jobLines('sync job will be retried').length).toBeGreaterThan(retriedBefore);
    // A week of salary, groceries and posted pendings: more rows than before.
    expect(await bank.transactionCount()).toBeGreaterThan(before);
  });

  it('runs one sync per connection: a job waits for the sync holding the lease, then runs', async () => {
    // The provider answers slowly: the sync started here holds the lease while the job is queued.
    await bank.control('/sandbox/item/set_scenario', { scenario: 'timeout', delay_ms: 300 });
    expect(await t.services.sync.startSync(bank.userId, bank.connectionId)).toBe('started');
    const jobs = queue();
    // The first is queued; another announcement while it runs runs once more after it; a third joins that one.
    const answers = [];
    for (let asked = 0; asked < 3; asked += 1) answers.push(await jobs.enqueueSync(bank.job));
    expect(answers).toEqual(['queued', 'queued', 'coalesced']);
    await bank.control('/sandbox/item/set_scenario', { scenario: null });
    await t.services.sync.settled();
    await jobs.settled();
    const outcomes = bank.jobLines('sync job will be retried').map((line) => line.outcome);
    expect(outcomes).toContain('already-running');
    expect(bank.jobLines('sync job done').at(-1)).toMatchObject({ outcome: 'synced' });
    expect((await bank.connection()).status).toBe('active');
  });

  it('refreshes every connection once a day on its clock: one sync each, none beside a running sync', async () => {
    const everyone = [bank, await linkedBankConnection(t), await linkedBankConnection(t)];
    const [, busy] = everyone;
    if (!busy) throw new Error('no second bank');
    /** The syncs the queue ran, by connection, and their outcomes. */
    const ran = new Map<string, SyncOutcome['status'][]>();
    const run: SyncRunner = async (userId, connectionId) => {
      const outcome = await t.services.sync.syncConnection(userId, connectionId);
      ran.set(connectionId, [...(ran.get(connectionId) ?? []), outcome.status]);
      return outcome;
    };
    const clock = handClock('2026-12-08T03:59:00.000Z');
    const jobs = queue({
      run,
      daily: { clock, targets: () => connectionsToRefresh(t.database.db, new Date()) },
    });
    const ticks = () => t.logs.filter((line) => line.msg === 'daily refresh queued');
    const ticked = ticks().length;

    // A minute before 04:00 UTC nothing runs; one bank is mid-sync (a slow provider) when the hour strikes.
    clock.advance(59_000);
    await jobs.settled();
    expect(ran.size).toBe(0);
    await busy.control('/sandbox/item/set_scenario', { scenario: 'timeout', delay_ms: 300 });
    expect(await t.services.sync.startSync(busy.userId, busy.connectionId)).toBe('started');
    clock.advance(1_000);
    await jobs.settled();
    await busy.control('/sandbox/item/set_scenario', { scenario: null });
    await t.services.sync.settled();
    // Every other connection synced once; the one syncing already was left to that sync, never run beside it.
    expect(ticks().slice(ticked)).toEqual([expect.objectContaining({ connections: 2, queued: 2 })]);
    expect(Object.fromEntries(ran)).toEqual(
      Object.fromEntries(everyone.filter((one) => one !== busy).map((one) => [one.connectionId, ['synced']])),
    );

    // The next day, at the same hour, every connection once more (the busy one included): no sooner.
    clock.advance(23 * HOUR);
    await jobs.settled();
    expect(ticks().length).toBe(ticked + 1);
    clock.advance(HOUR);
    await jobs.settled();
    expect(ticks().slice(ticked + 1)).toEqual([expect.objectContaining({ connections: 3, queued: 3 })]);
    for (const one of everyone) expect(ran.get(one.connectionId)?.at(-1)).toBe('synced');
    expect([...ran.values()].flat()).not.toContain('already-running');
    expect(ran.get(busy.connectionId)).toEqual(['synced']);
  });

  it('does not retry what only the user can mend (a login to renew)', async () => {
    await bank.control('/sandbox/item/reset_login', {});
    const retriedBefore = bank.jobLines('sync job will be retried').length;
    const jobs = queue();
    await jobs.enqueueSync(bank.job);
    await jobs.settled();
    expect((await bank.connection()).status).toBe('login_required');
    expect(bank.jobLines('sync job will be retried').length).toBe(retriedBefore);
    const done = bank.jobLines('sync job done').at(-1);
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
