// A run's state, shared by the runner's steps: the app, the report it fills, the users' context, the
// change log and its position, the strings no answer may hold.

import type { TestApp } from '../app.ts';
import type { ChangeLog } from './changes.ts';
import type { BuildContext } from './context.ts';
import type { Forbidden } from './linked-invariants.ts';
import type { FuzzFailure, FuzzOptions, FuzzReport } from './report.ts';

export type FuzzRun = {
  t: TestApp;
  options: FuzzOptions;
  report: FuzzReport;
  /** The distinct failures so far, by kind, endpoint, status and cause. */
  failureIndex: Map<string, FuzzFailure>;
  /** The users the requests are built for (the caller is replaced as requests end its session). */
  ctx: BuildContext;
  /** Whether both users have linked accounts (the linked-account invariants are checked). */
  linking: boolean;
  changes: ChangeLog;
  /** The change log's position before the request being checked. */
  before: number;
  forbidden: Forbidden;
};

export type FailureBase = Pick<FuzzFailure, 'endpoint' | 'status' | 'index' | 'request'>;

export function emptyReport(seed: number, cases: number): FuzzReport {
  return {
    seed,
    cases,
    requests: 0,
    byEndpoint: {},
    byStatus: {},
    failures: [],
    usersCreated: 0,
    sessionsRestored: 0,
    relinks: 0,
    crossUser: {},
    otherNames: {},
    other: null,
    ms: 0,
    timing: { build: 0, request: 0, changes: 0, users: 0 },
  };
}

/** `work`, its time added to the report's `phase`. */
export async function timed<T>(
  report: FuzzReport,
  phase: keyof FuzzReport['timing'],
  work: () => Promise<T> | T,
): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    report.timing[phase] += performance.now() - start;
  }
}

/** A failure, counted with the earlier ones that failed the same way. */
export function recordFailure(run: FuzzRun, failure: Omit<FuzzFailure, 'occurrences'>): void {
  // Values in quotes and numbers vary between requests failing the same way.
  const cause = failure.cause.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N');
  const key = `${failure.kind}|${failure.endpoint}|${failure.status}|${cause}`;
  const known = run.failureIndex.get(key);
  if (known) known.occurrences++;
  else {
    const entry = { ...failure, occurrences: 1 };
    run.failureIndex.set(key, entry);
    run.report.failures.push(entry);
  }
}

/**
 * Waits for the work a request left running after its answer (auth work done off the request path,
 * queued mail), so that a change is charged to the request that caused it.
 */
export async function settled(t: TestApp): Promise<void> {
  await t.authGateway.settled();
  await t.mailer.settled();
  await t.services.sync.settled();
}
