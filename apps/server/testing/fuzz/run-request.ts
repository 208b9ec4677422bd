// One request of a run: sent, counted, and checked against every invariant; then the caller is kept
// usable for the requests that follow.

import { sql } from 'drizzle-orm';
import type { Caller, FuzzCase } from './cases.ts';
import type { ChangeLog } from './changes.ts';
import type { BuiltRequest } from './context.ts';
import { type Endpoint, isStandIn } from './endpoints.ts';
import { brokenInvariants } from './invariants.ts';
import {
  CROSS_USER_REFUSALS,
  crossUserAction,
  crossUserTarget,
  fieldsDelivered,
  forbiddenStrings,
  leaksIn,
} from './linked-invariants.ts';
import { otherNameIn } from './name-invariants.ts';
import type { FuzzReport } from './report.ts';
import { type FailureBase, type FuzzRun, recordFailure, settled, timed } from './run-state.ts';
import { keepCallerUsable } from './users.ts';

type Changes = Awaited<ReturnType<ChangeLog['since']>>;

/** A request and what came back. */
type Exchange = {
  c: FuzzCase;
  endpoint: Endpoint;
  request: BuiltRequest;
  response: Response;
  bodyText: string;
  base: FailureBase;
  /** The rows the request changed, read once and only when a check needs them. */
  changes: () => Promise<Changes>;
};

/** The request as a line to reproduce it by: credentials are named, not shown. */
function describeRequest(request: BuiltRequest, caller: Caller): string {
  const path = request.path.length > 300 ? `${request.path.slice(0, 300)}…` : request.path;
  const headers = {
    ...request.headers,
    authorization: request.headers.authorization ? '(set)' : undefined,
    cookie: request.headers.cookie ? '(set)' : undefined,
  };
  return `${request.method} ${path} as ${caller}; headers ${JSON.stringify(headers)}; body ${request.preview}`;
}

/** Sends the request to the app and waits for the work it left running. */
async function send(run: FuzzRun, request: BuiltRequest): Promise<{ response: Response; bodyText: string }> {
  const response = await run.t.app.request(request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const bodyText = await response.text();
  await settled(run.t);
  return { response, bodyText };
}

function countAnswer(report: FuzzReport, endpoint: string, status: number): void {
  report.requests++;
  const counts = report.byEndpoint[endpoint] ?? {};
  report.byEndpoint[endpoint] = counts;
  counts[status] = (counts[status] ?? 0) + 1;
  report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
}

/** Tables whose new rows bring new secrets or ids no answer may hold. */
const LINKED_TABLES = new Set(['connection', 'provider_user', 'ledger_account']);

/** No provider secret, Plaid token or other user's linked id in the answer (its headers included). */
async function checkLeaks(run: FuzzRun, exchange: Exchange): Promise<void> {
  const { request, response, bodyText, base } = exchange;
  // New connections bring new secrets: the answer that made them is checked against them too.
  if ((await exchange.changes()).some((change) => LINKED_TABLES.has(change.table))) {
    run.forbidden = await timed(run.report, 'changes', () => forbiddenStrings(run.t, run.ctx.other.id));
  }
  const requestText = `${request.path}\n${JSON.stringify(request.value) ?? ''}`;
  const answerText = `${bodyText}\n${[...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n')}`;
  const leaks = leaksIn(answerText, requestText, run.forbidden, {
    linkResult: exchange.c.endpoint === 'POST /sandbox/plaid/link/public_token',
  });
  if (leaks.length > 0) {
    recordFailure(run, {
      ...base,
      kind: 'leak',
      cause: leaks.join('; '),
      detail: `answer ${bodyText.slice(0, 300)}`,
    });
  }
}

/** A request naming the other user's connection is refused (and counted by its answer). */
async function checkCrossUser(run: FuzzRun, exchange: Exchange): Promise<void> {
  const { c, endpoint, request, bodyText, base } = exchange;
  const { t, ctx, report } = run;
  const status = exchange.response.status;
  const query = new URL(request.path, 'http://fuzz.invalid').searchParams;
  const target = fieldsDelivered(c, endpoint)
    ? (crossUserTarget(c.endpoint, request.value, ctx.other.linked, query) ??
      crossUserAction(request.value, ctx.other, query))
    : undefined;
  if (!target) return;
  const code = /"code":"([^"]+)"/.exec(bodyText)?.[1] ?? '';
  // 'accounts:not-found', 'actions:proposal-not-found': the answer to an id nobody holds.
  const refused = CROSS_USER_REFUSALS.has(status) && (status !== 404 || code.endsWith('not-found'));
  // The fuzz user may own a connection of the same name (a wallet it saved under it, say).
  const owned =
    !refused &&
    target.accountName !== undefined &&
    (
      await t.rows(
        sql`select 1 from connection where user_id = ${ctx.user.id} and name = ${target.accountName}`,
      )
    ).length > 0;
  const answers = report.crossUser[c.endpoint] ?? {};
  report.crossUser[c.endpoint] = answers;
  const answerKey = `${status} ${code}`.trim();
  const counted = owned ? `${answerKey} (a name the user owns too)` : answerKey;
  answers[counted] = (answers[counted] ?? 0) + 1;
  if (!refused && !owned) {
    recordFailure(run, {
      ...base,
      kind: 'cross-user',
      cause: `${target.field} of the other user answered ${answerKey}`,
      detail: `answer ${bodyText.slice(0, 300)}`,
    });
  }
}

/** A request of the signed-in user naming someone else is refused (and counted by its answer). */
function checkNames(run: FuzzRun, exchange: Exchange): void {
  const { c, endpoint, request, bodyText, base } = exchange;
  const field = otherNameIn(c, endpoint, request, run.ctx.user);
  if (!field) return;
  const status = exchange.response.status;
  run.report.otherNames[status] = (run.report.otherNames[status] ?? 0) + 1;
  if (status < 300) {
    recordFailure(run, {
      ...base,
      kind: 'names-accepted',
      cause: `a payload whose ${field} is not the signed-in user's answered ${status}`,
      detail: `answer ${bodyText.slice(0, 300)}`,
    });
  }
}

/** Callers whose request carries the signed-in user's session cookie (a browser of theirs). */
const BROWSER_CALLERS: ReadonlySet<Caller> = new Set(['cookie', 'user-cookie']);
/** What a sandbox vendor answers a caller without the installation's keys: 401, or a refusal before it. */
const KEYLESS_ANSWERS = new Set([401, 413, 429]);
/** The SnapTrade fake refuses bodies past this with its 400 before any key is looked at. */
const SNAPTRADE_BODY_LIMIT = 64 * 1024;

/**
 * The sandbox upstreams: the vendors' APIs serve nobody here (no fuzz caller holds the installation's
 * keys), and the stand-in pages serve only a signed-in user's browser (cross-user tokens: checkCrossUser).
 */
function checkSandbox(run: FuzzRun, exchange: Exchange): void {
  const { c, endpoint, request, response, bodyText, base } = exchange;
  if (endpoint.service !== 'sandbox') return;
  const status = response.status;
  let cause: string | undefined;
  if (!isStandIn(endpoint)) {
    const size =
      typeof request.body === 'string' ? Buffer.byteLength(request.body) : (request.body?.length ?? 0);
    const bigBody =
      status === 400 && endpoint.path.startsWith('/sandbox/snaptrade/') && size > SNAPTRADE_BODY_LIMIT;
    if (!KEYLESS_ANSWERS.has(status) && !bigBody) cause = `a caller without the keys got ${status}`;
  } else if (status < 400 && !BROWSER_CALLERS.has(c.caller)) {
    cause = `a stand-in page served ${c.caller} (${status})`;
  }
  if (cause)
    recordFailure(run, { ...base, kind: 'sandbox-open', cause, detail: `answer ${bodyText.slice(0, 300)}` });
}

/** After a success: the caller kept usable; what that wrote is not charged to the next request. */
async function keepUsable(run: FuzzRun, c: FuzzCase, request: BuiltRequest): Promise<void> {
  const { t, ctx, report } = run;
  const wrote = await timed(report, 'users', () =>
    keepCallerUsable(t, ctx, c, request, ctx.boxPublicKey, report),
  );
  if (wrote) {
    await settled(t);
    run.before = await run.changes.mark();
    if (run.linking) run.forbidden = await forbiddenStrings(t, ctx.other.id);
  }
}

/** Sends one request of case `index` and checks its answer. */
export async function runRequest(
  run: FuzzRun,
  index: number,
  c: FuzzCase,
  endpoint: Endpoint,
  request: BuiltRequest,
): Promise<void> {
  const { report } = run;
  const { response, bodyText } = await timed(report, 'request', () => send(run, request));
  const before = run.before;
  const after = await timed(report, 'changes', () => run.changes.mark());
  const status = response.status;
  countAnswer(report, c.endpoint, status);

  const described = describeRequest(request, c.caller);
  const base = { endpoint: c.endpoint, status, index, request: described };
  run.options.onRequest?.({ index, request: described, status, answer: bodyText.slice(0, 300) });
  let changed: Promise<Changes> | undefined;
  const changes = () => {
    changed ??=
      after === before ? Promise.resolve([]) : timed(report, 'changes', () => run.changes.since(before));
    return changed;
  };
  const broken = await brokenInvariants(run.t, run.ctx.origin, {
    endpoint,
    status,
    bodyText,
    headers: response.headers,
    changes,
  });
  for (const failure of broken) recordFailure(run, { ...base, ...failure });
  checkNames(run, { c, endpoint, request, response, bodyText, base, changes });

  if (run.linking) {
    const exchange: Exchange = { c, endpoint, request, response, bodyText, base, changes };
    await checkLeaks(run, exchange);
    await checkCrossUser(run, exchange);
    checkSandbox(run, exchange);
  }
  run.before = after;

  if (status < 300) await keepUsable(run, c, request);
}
