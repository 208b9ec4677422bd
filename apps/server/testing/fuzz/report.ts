// A run's report (counts, failures, the other user's linked data) and how it prints.

import type { Endpoint } from './endpoints.ts';

export type FailureKind =
  | '5xx'
  | '4xx-without-error'
  /** An error of our services (/db, /agent, /connect) whose body or code its contract does not document. */
  | 'undocumented-error'
  | 'row-changed'
  | 'off-origin-redirect'
  /** A provider secret (sealed or opened) or another user's linked ids in an answer. */
  | 'leak'
  /** A request naming another user's connection (its name, item or authorization id) that succeeded. */
  | 'cross-user'
  /** Text from a request formatted as content markup in an answer's card (bold, a colour, a figure). */
  | 'forged-markup'
  /**
   * A request of the signed-in user whose payload names someone else (a username, first or last name,
   * or user_info's id or email that is not theirs) that succeeded.
   */
  | 'names-accepted'
  /** A sandbox vendor endpoint served a caller without the installation's keys, or a stand-in page a non-browser. */
  | 'sandbox-open';

export type FuzzFailure = {
  kind: FailureKind;
  endpoint: string;
  status: number;
  /** Index of the generated case (reproducible from the seed). */
  index: number;
  request: string;
  /** What went wrong, without the particulars of one request: the failures are grouped by it. */
  cause: string;
  detail: string;
  /** How many requests failed the same way (same kind, endpoint, status and cause). */
  occurrences: number;
};

export type FuzzReport = {
  seed: number;
  cases: number;
  requests: number;
  byEndpoint: Record<string, Record<number, number>>;
  byStatus: Record<number, number>;
  failures: FuzzFailure[];
  /** Users signed up to replace one a request legitimately deleted or changed the password of. */
  usersCreated: number;
  /** Sessions restored after a request legitimately ended the caller's. */
  sessionsRestored: number;
  /** Times the fuzz user's linked accounts were linked again after a request removed them. */
  relinks: number;
  /**
   * Requests naming the other user's connections (account name, item id, authorization id), by
   * endpoint, then by answer ('404 accounts:not-found').
   */
  crossUser: Record<string, Record<string, number>>;
  /** Delivered requests of the signed-in user whose payload named someone else, by answer status. */
  otherNames: Record<number, number>;
  /** The other user's linked data before and after the run (linkedSnapshot), and at the vendors after. */
  other: {
    userId: string;
    before: string;
    after: string;
    bankAtVendor: boolean;
    brokerageAtVendor: boolean;
  } | null;
  ms: number;
  /** Where the time went, in milliseconds: building and sealing, the app answering, bookkeeping. */
  timing: { build: number; request: number; changes: number; users: number };
};

export type FuzzOptions = {
  seed: number;
  count: number;
  /** Defaults to every discovered endpoint. */
  endpoints?: Endpoint[];
  onProgress?: (done: number, report: FuzzReport) => void;
  /** Every request and its answer, for tracing a run (`npm run fuzz -- --trace`). */
  onRequest?: (entry: { index: number; request: string; status: number; answer: string }) => void;
};

/** Counts by endpoint and status, one line each, then the totals by status. */
export function formatCounts(report: FuzzReport): string {
  const statusList = (counts: Record<number, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  const width = Math.max(...Object.keys(report.byEndpoint).map((key) => key.length), 10);
  const lines = Object.keys(report.byEndpoint)
    .sort()
    .map((key) => `  ${key.padEnd(width)}  ${statusList(report.byEndpoint[key] ?? {})}`);
  return [
    `fuzz: seed ${report.seed}, ${report.cases} cases, ${report.requests} requests in ${(report.ms / 1000).toFixed(1)} s (${Object.entries(
      report.timing,
    )
      .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
      .join(
        ', ',
      )}; ${report.sessionsRestored} sessions restored, ${report.usersCreated} users replaced, ${report.relinks} relinks)`,
    ...lines,
    `  ${'all'.padEnd(width)}  ${statusList(report.byStatus)}`,
    ...crossUserLines(report),
  ].join('\n');
}

/** The requests that named the other user's connections, by answer. */
function crossUserLines(report: FuzzReport): string[] {
  const answers: Record<string, number> = {};
  for (const byAnswer of Object.values(report.crossUser)) {
    for (const [answer, n] of Object.entries(byAnswer)) answers[answer] = (answers[answer] ?? 0) + n;
  }
  const total = Object.values(answers).reduce((sum, n) => sum + n, 0);
  if (total === 0) return [];
  const listed = Object.entries(answers)
    .sort(([, a], [, b]) => b - a)
    .map(([answer, n]) => `${answer} ×${n}`)
    .join(', ');
  const other = report.other;
  const unchanged = other
    ? `; the other user's linked data ${other.after === other.before ? 'unchanged' : 'CHANGED'}, at the vendors: bank ${other.bankAtVendor ? 'kept' : 'GONE'}, brokerage ${other.brokerageAtVendor ? 'kept' : 'GONE'}`
    : '';
  return [`  requests naming the other user's connections: ${total} (${listed})${unchanged}`];
}

export function formatFailures(report: FuzzReport): string {
  return report.failures
    .map(
      (f) =>
        `[${f.kind}] ${f.endpoint} → ${f.status} (×${f.occurrences}, first at case #${f.index} of seed ${report.seed})\n  cause: ${f.cause}\n  request: ${f.request}\n  ${f.detail.replaceAll('\n', '\n  ')}`,
    )
    .join('\n\n');
}

/** The number of requests answered 5xx. */
export const count5xx = (report: FuzzReport) =>
  Object.entries(report.byStatus).reduce((sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0), 0);
