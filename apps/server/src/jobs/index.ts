export {
  connectionsToRefresh,
  DAILY_REFRESH_HOUR_UTC,
  msUntilNextTick,
  type RefreshClock,
  type RefreshTarget,
  systemClock,
} from './daily-refresh.ts';
export { createInProcessJobQueue } from './in-process.ts';
export {
  createPostgresJobQueue,
  DAILY_REFRESH_CRON,
  DAILY_REFRESH_QUEUE,
  type PostgresJobQueue,
  SYNC_QUEUE,
} from './postgres.ts';
export { backoffDelay, DEFAULT_RETRY, nextStep } from './retry.ts';
export type { JobQueue, RetryPolicy, SyncJob, SyncReason, SyncRunner } from './types.ts';
