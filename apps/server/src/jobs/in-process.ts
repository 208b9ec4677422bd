import { type Logger, loggableError } from '../logger.ts';
import {
  DAILY_REFRESH_HOUR_UTC,
  msUntilNextTick,
  queueDailyRefresh,
  type RefreshClock,
  type RefreshTarget,
  systemClock,
} from './daily-refresh.ts';
import { backoffDelay, DEFAULT_RETRY, nextStep } from './retry.ts';
import type { JobQueue, RetryPolicy, SyncJob, SyncRunner } from './types.ts';

type Entry = {
  job: SyncJob;
  /** Attempts that ran into a failure, the first included; waits for the lease are counted apart. */
  attempt: number;
  busyWaits: number;
  state: 'waiting' | 'running' | 'retrying';
};

/**
 * The embedded queue: jobs live in this process's memory and run here, a few at a time. A restart
 * loses the jobs not yet run; nothing is lost with them, because the next sync of a connection (a
 * refresh, the agent's read of stale data, the provider's next webhook) reads everything since the
 * stored cursor. One entry per connection: a job for a connection already waiting joins it, and one
 * for a connection whose sync is running waits until it ends and then runs again.
 */
export function createInProcessJobQueue(deps: {
  run: SyncRunner;
  logger: Logger;
  retry?: RetryPolicy;
  /** Syncs this queue runs at once (each holds a provider connection and a database connection). */
  concurrency?: number;
  random?: () => number;
  /**
   * The daily refresh: at `hourUtc` every day (on `clock`, the system's unless a test drives one)
   * a sync of each connection `targets` names is queued like any other job.
   */
  daily?: { targets: () => Promise<RefreshTarget[]>; clock?: RefreshClock; hourUtc?: number };
}): JobQueue {
  const retry = deps.retry ?? DEFAULT_RETRY;
  const concurrency = deps.concurrency ?? 2;
  const entries = new Map<string, Entry>();
  /** Connections whose entry waits for a free slot, in arrival order. */
  const ready: string[] = [];
  /** A new job for a connection whose sync is running: it runs once more afterwards. */
  const askedAgain = new Map<string, SyncJob>();
  const timers = new Map<string, NodeJS.Timeout>();
  const idle = new Set<() => void>();
  let running = 0;
  let closed = false;
  /** The daily tick in progress (listing the connections and queueing them): waited for by settled(). */
  let ticking: Promise<void> | undefined;
  let cancelTick = () => {};

  const busy = () => entries.size > 0;
  const notifyIdle = () => {
    if (busy()) return;
    for (const resolve of idle) resolve();
    idle.clear();
  };

  const pump = () => {
    while (!closed && running < concurrency && ready.length > 0) {
      const key = ready.shift();
      if (key === undefined) break;
      const entry = entries.get(key);
      if (entry?.state !== 'waiting') continue;
      entry.state = 'running';
      running += 1;
      void attempt(key, entry).finally(() => {
        running -= 1;
        pump();
        notifyIdle();
      });
    }
  };

  const schedule = (key: string, entry: Entry) => {
    entry.state = 'waiting';
    entries.set(key, entry);
    ready.push(key);
    pump();
  };

  async function attempt(key: string, entry: Entry): Promise<void> {
    const { job } = entry;
    const outcome = await deps.run(job.userId, job.connectionId).catch((error: unknown) => {
      deps.logger.error({ connectionId: job.connectionId, err: loggableError(error) }, 'sync job threw');
      return { status: 'failed', kind: 'internal', message: 'threw' } as const;
    });
    const queuedMeanwhile = askedAgain.get(key);
    askedAgain.delete(key);
    const step = nextStep(outcome);
    const tryAgain =
      !closed &&
      ((step === 'retry' && entry.attempt < retry.maxAttempts) ||
        (step === 'busy' && entry.busyWaits < retry.maxBusyWaits));
    if (tryAgain) {
      const delay = step === 'busy' ? retry.busyDelayMs : backoffDelay(retry, entry.attempt, deps.random);
      deps.logger.info(
        {
          connectionId: job.connectionId,
          reason: job.reason,
          attempt: entry.attempt,
          delayMs: delay,
          outcome: outcome.status,
        },
        'sync job will be retried',
      );
      if (step === 'busy') entry.busyWaits += 1;
      else entry.attempt += 1;
      entry.state = 'retrying';
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          schedule(key, entry);
        }, delay),
      );
      return;
    }
    entries.delete(key);
    deps.logger.info(
      {
        connectionId: job.connectionId,
        reason: job.reason,
        attempts: entry.attempt,
        outcome: outcome.status,
      },
      'sync job done',
    );
    // Asked for while this one ran: the provider may have more than this run read.
    if (queuedMeanwhile && !closed)
      schedule(key, { job: queuedMeanwhile, attempt: 1, busyWaits: 0, state: 'waiting' });
  }

  const daily = deps.daily;
  if (daily) {
    const clock = daily.clock ?? systemClock;
    const arm = () => {
      cancelTick = clock.after(msUntilNextTick(clock.now(), daily.hourUtc ?? DAILY_REFRESH_HOUR_UTC), () => {
        if (closed) return;
        ticking = queueDailyRefresh({ targets: daily.targets, enqueueSync, logger: deps.logger })
          .catch((error: unknown) => deps.logger.error({ err: loggableError(error) }, 'daily refresh failed'))
          .finally(() => {
            ticking = undefined;
          });
        arm();
      });
    };
    arm();
  }

  async function enqueueSync(job: SyncJob): Promise<'queued' | 'coalesced'> {
    if (closed) throw new Error('the job queue is closed');
    const key = job.connectionId;
    const entry = entries.get(key);
    if (!entry) {
      schedule(key, { job, attempt: 1, busyWaits: 0, state: 'waiting' });
      return 'queued';
    }
    if (entry.state === 'running') {
      if (askedAgain.has(key)) return 'coalesced';
      askedAgain.set(key, job);
      return 'queued';
    }
    if (entry.state === 'retrying') {
      // New news from the provider: try now rather than at the end of the backoff.
      clearTimeout(timers.get(key));
      timers.delete(key);
      schedule(key, entry);
    }
    return 'coalesced';
  }

  return {
    enqueueSync,
    async settled() {
      await ticking;
      if (!busy()) return;
      await new Promise<void>((resolve) => idle.add(resolve));
    },
    async close() {
      cancelTick();
      await ticking;
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      askedAgain.clear();
      for (const [key, entry] of entries) if (entry.state !== 'running') entries.delete(key);
      ready.length = 0;
      notifyIdle();
      if (busy()) await new Promise<void>((resolve) => idle.add(resolve));
    },
  };
}
