import type { ProviderErrorKind } from '../connections/types.ts';
import type { SyncOutcome } from '../finance/index.ts';

/** Why a sync was asked for: logged with the job, so a log line says what started it. */
export type SyncReason = 'plaid-webhook' | 'snaptrade-webhook' | 'daily-refresh';

/** A sync of one connection, run later by the queue without a user's request. */
export type SyncJob = { userId: string; connectionId: string; reason: SyncReason };

/**
 * Work that runs without a user (docs/decisions/0025-webhooks-and-jobs.md). One interface: the
 * in-process queue for the embedded default, and with DATABASE_URL the PostgreSQL-backed one shared by
 * every instance, whose jobs survive restarts (docs/decisions/0026-a-durable-job-queue.md).
 */
export type JobQueue = {
  /**
   * Queues a sync of the connection and answers at once. A sync of it already waiting absorbs this
   * one ('coalesced'): it has not read the provider yet, so it will read whatever this one would. One
   * asked for while a sync of it runs runs once more afterwards (that run may have read too early).
   */
  enqueueSync(job: SyncJob): Promise<'queued' | 'coalesced'>;
  /** Resolves when nothing is queued, running or waiting to retry (tests, shutdown). */
  settled(): Promise<void>;
  /**
   * Stops taking jobs and waits for the running ones. The in-process queue drops the jobs not yet
   * run; the PostgreSQL one leaves them in the table for the other instances or the next start.
   */
  close(): Promise<void>;
};

/** Runs one sync: the sync engine's `syncConnection`, which takes the connection's lease or says it is held. */
export type SyncRunner = (userId: string, connectionId: string) => Promise<SyncOutcome>;

/** How a failed job is tried again: exponential backoff with jitter, a bounded number of times. */
export type RetryPolicy = {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The delay before the second attempt (before jitter); each later one doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * The wait while another sync holds the connection's lease: short and even, since that sync ends
   * by itself (a dead holder's lease lapses after 30 s), and not counted as a failure.
   */
  busyDelayMs: number;
  /** Waits for the lease at most (past them the job is dropped: the holder's sync read the news). */
  maxBusyWaits: number;
};

export type FailureKind = ProviderErrorKind | 'internal';
