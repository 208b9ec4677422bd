import { and, isNull, lte, ne, or } from 'drizzle-orm';
import { type Database, tables } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import type { SyncJob } from './types.ts';

/**
 * The daily refresh of every connection (docs/decisions/0030-provider-notices-and-snaptrade-webhooks.md):
 * one tick a day queues a sync of each connection, so data stays fresh without a user or a webhook.
 * pg-boss ticks it by cron across instances; the in-process queue by its own timer, on a clock a test
 * can drive by hand.
 */

/** The hour (UTC) of the daily tick: a quiet hour for most users; Plaid refreshes items through the night. */
export const DAILY_REFRESH_HOUR_UTC = 4;
const DAY_MS = 86_400_000;

/** A connection the refresh syncs: its user and id. */
export type RefreshTarget = Pick<SyncJob, 'userId' | 'connectionId'>;

/** The time the in-process refresh reads and the timer it waits on: real in the server, by hand in tests. */
export type RefreshClock = {
  now(): Date;
  /** Runs `run` once after `ms`; the answer cancels it. */
  after(ms: number, run: () => void): () => void;
};

export const systemClock: RefreshClock = {
  now: () => new Date(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    // A tick still waiting never keeps a stopping process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** How long from `now` until the next tick at `hourUtc` (a tick due this very moment is a day away). */
export function msUntilNextTick(now: Date, hourUtc = DAILY_REFRESH_HOUR_UTC): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  const next = today > now.getTime() ? today : today + DAY_MS;
  return next - now.getTime();
}

/**
 * The connections a tick syncs: every one whose login still works (a `login_required` one fails until
 * its user renews it, and the sync after that catches up) and that no sync is running for at this
 * moment (that sync reads everything the refresh would: a second one after it would only repeat it).
 */
export async function connectionsToRefresh(db: Database, now: Date): Promise<RefreshTarget[]> {
  const { connection } = tables;
  return db
    .select({ userId: connection.userId, connectionId: connection.id })
    .from(connection)
    .where(
      and(
        ne(connection.status, 'login_required'),
        or(isNull(connection.syncLeaseUntil), lte(connection.syncLeaseUntil, now)),
      ),
    );
}

/** One tick: a sync queued for each connection to refresh, and a log line saying how many. */
export async function queueDailyRefresh(deps: {
  targets: () => Promise<RefreshTarget[]>;
  enqueueSync: (job: SyncJob) => Promise<'queued' | 'coalesced'>;
  logger: Logger;
}): Promise<void> {
  const targets = await deps.targets();
  let queued = 0;
  for (const target of targets) {
    if ((await deps.enqueueSync({ ...target, reason: 'daily-refresh' })) === 'queued') queued += 1;
  }
  deps.logger.info({ connections: targets.length, queued }, 'daily refresh queued');
}
