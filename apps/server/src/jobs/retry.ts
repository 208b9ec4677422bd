import type { SyncOutcome } from '../finance/index.ts';
import type { FailureKind, RetryPolicy } from './types.ts';

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 5_000,
  maxDelayMs: 5 * 60_000,
  busyDelayMs: 1_000,
  // Far past the sync lease's 30 s: a lease left by a process that died lapses within them.
  maxBusyWaits: 150,
};

/**
 * Which failures are worth trying again by themselves: the provider was busy, down, slow, or changed
 * data mid-read. A login to renew, a removed item or a refused request stay failed (the connection's
 * status already tells the user) until someone acts.
 */
const TRANSIENT = {
  'rate-limited': true,
  unavailable: true,
  timeout: true,
  'cursor-reset': true,
  'login-required': false,
  'invalid-credentials': false,
  'not-found': false,
  'invalid-request': false,
  'order-refused': false,
  'trade-expired': false,
  internal: false,
} as const satisfies Record<FailureKind, boolean>;

/**
 * What a job with this outcome does next: 'busy' when another sync (another request's, or another
 * instance's) holds the lease and may have read the provider before the change the job announces, so
 * the job waits its turn; 'retry' after a transient failure; otherwise 'done'.
 */
export function nextStep(outcome: SyncOutcome): 'busy' | 'retry' | 'done' {
  if (outcome.status === 'already-running') return 'busy';
  if (outcome.status === 'failed' && TRANSIENT[outcome.kind]) return 'retry';
  return 'done';
}

/** The wait before attempt `attempt + 1` (counting from 1): between half and all of a doubling ceiling. */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
