export { createInProcessJobQueue } from './in-process.ts';
export { backoffDelay, DEFAULT_RETRY, nextStep } from './retry.ts';
export type { JobQueue, RetryPolicy, SyncJob, SyncReason, SyncRunner } from './types.ts';
