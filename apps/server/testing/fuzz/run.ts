// The runner: requests sent one at a time against the in-process app, every answer checked.

import { publicConfigSchema } from '@penny/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { TestApp } from '../app.ts';
import { buildRequests } from './build-request.ts';
import { type Caller, fuzzCaseArbitrary } from './cases.ts';
import { watchChanges } from './changes.ts';
import type { BuildContext, BuiltRequest } from './context.ts';
import { discoverEndpoints, type Endpoint, endpointKey } from './endpoints.ts';
import { brokenInvariants } from './invariants.ts';
import {
  atVendors,
  CROSS_USER_REFUSALS,
  crossUserTarget,
  fieldsDelivered,
  forbiddenStrings,
  leaksIn,
  linkedSnapshot,
} from './linked-invariants.ts';
import { OTHER_LINKS, USER_LINKS } from './linking.ts';
import type { FuzzFailure, FuzzOptions, FuzzReport } from './report.ts';
import { keepCallerUsable, newFuzzUser } from './users.ts';

/**
 * Waits for the work a request left running after its answer (auth work done off the request path,
 * queued mail), so that a change is charged to the request that caused it.
 */
async function settled(t: TestApp): Promise<void> {
  await t.authGateway.settled();
  await t.mailer.settled();
  await t.services.sync.settled();
}

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

/** Whether linked accounts are among the endpoints: then both users link theirs, which needs HTTP. */
const fuzzesLinkedAccounts = (endpoints: readonly Endpoint[]) =>
  endpoints.some((endpoint) => endpoint.service === 'agent' || endpoint.service === 'connect');

/**
 * Sends `count` generated requests one at a time (so each change is attributable), checking the
 * invariants after each. Two users exist throughout: the caller and another whose names and ids the
 * requests use to reach across users. When a request legitimately ends the caller's session (sign-out,
 * revoke, password change, account deletion), a fresh user takes its place. When /agent or /connect
 * endpoints are fuzzed, both users first link a sandbox bank, a brokerage and a wallet (the app must
 * listen: createTestApp({ listen: true })), the fuzz user links again whatever a request removed, and
 * after the run the other user's linked data must be exactly as before, at Penny and at the vendors.
 */
export async function runFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const config = publicConfigSchema.parse(await (await t.app.request('/config')).json());
  const endpoints = options.endpoints ?? discoverEndpoints(t);
  const byKey = new Map(endpoints.map((endpoint) => [endpointKey(endpoint), endpoint]));
  const cases = fc.sample(fuzzCaseArbitrary(endpoints), { seed: options.seed, numRuns: options.count });
  const linking = fuzzesLinkedAccounts(endpoints);
  if (linking && !t.origin) {
    throw new Error('fuzzing linked accounts needs the app to listen: createTestApp({ listen: true })');
  }

  const report: FuzzReport = {
    seed: options.seed,
    cases: cases.length,
    requests: 0,
    byEndpoint: {},
    byStatus: {},
    failures: [],
    usersCreated: 0,
    sessionsRestored: 0,
    relinks: 0,
    crossUser: {},
    other: null,
    ms: 0,
    timing: { build: 0, request: 0, changes: 0, users: 0 },
  };
  const timed = async <T>(phase: keyof FuzzReport['timing'], work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      report.timing[phase] += performance.now() - start;
    }
  };
  const failureIndex = new Map<string, FuzzFailure>();
  const recordFailure = (failure: Omit<FuzzFailure, 'occurrences'>) => {
    // Values in quotes and numbers vary between requests failing the same way.
    const cause = failure.cause.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N');
    const key = `${failure.kind}|${failure.endpoint}|${failure.status}|${cause}`;
    const known = failureIndex.get(key);
    if (known) known.occurrences++;
    else {
      const entry = { ...failure, occurrences: 1 };
      failureIndex.set(key, entry);
      report.failures.push(entry);
    }
  };

  const plan = linking ? USER_LINKS : undefined;
  const [user, other] = await timed('users', () =>
    Promise.all([
      newFuzzUser(t, config.boxPublicKey, plan),
      newFuzzUser(t, config.boxPublicKey, linking ? OTHER_LINKS : undefined),
    ]),
  );
  const ctx: BuildContext = {
    user,
    other,
    anonToken: config.anonToken,
    boxPublicKey: config.boxPublicKey,
    origin: t.config.publicUrl,
    ...(plan ? { plan } : {}),
  };
  const otherBefore = linking ? await linkedSnapshot(t, ctx.other.id) : '';
  let forbidden = linking ? await forbiddenStrings(t, ctx.other.id) : { secrets: [], otherIds: [] };
  const changes = await watchChanges(t);
  let before = await changes.mark();

  for (const [index, c] of cases.entries()) {
    const endpoint = byKey.get(c.endpoint) as Endpoint;
    const requests = await timed('build', () => buildRequests(c, ctx, endpoint));
    for (const request of requests) {
      const { response, bodyText } = await timed('request', async () => {
        const response = await t.app.request(request.path, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        const bodyText = await response.text();
        await settled(t);
        return { response, bodyText };
      });
      const after = await timed('changes', () => changes.mark());
      const status = response.status;
      report.requests++;
      const counts = report.byEndpoint[c.endpoint] ?? {};
      report.byEndpoint[c.endpoint] = counts;
      counts[status] = (counts[status] ?? 0) + 1;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;

      const described = describeRequest(request, c.caller);
      const base = { endpoint: c.endpoint, status, index, request: described };
      options.onRequest?.({ index, request: described, status, answer: bodyText.slice(0, 300) });
      let changed: Promise<Array<{ table: string; op: string; rows: number }>> | undefined;
      const changesOf = () => {
        changed ??= after === before ? Promise.resolve([]) : timed('changes', () => changes.since(before));
        return changed;
      };
      const broken = await brokenInvariants(t, ctx.origin, {
        endpoint,
        status,
        bodyText,
        headers: response.headers,
        changes: changesOf,
      });
      for (const failure of broken) recordFailure({ ...base, ...failure });

      if (linking) {
        // New connections bring new secrets: the answer that made them is checked against them too.
        const linkedTables = new Set(['connection', 'provider_user', 'ledger_account']);
        if ((await changesOf()).some((change) => linkedTables.has(change.table))) {
          forbidden = await timed('changes', () => forbiddenStrings(t, ctx.other.id));
        }
        const requestText = `${request.path}\n${JSON.stringify(request.value) ?? ''}`;
        const answerText = `${bodyText}\n${[...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n')}`;
        const leaks = leaksIn(answerText, requestText, forbidden);
        if (leaks.length > 0) {
          recordFailure({
            ...base,
            kind: 'leak',
            cause: leaks.join('; '),
            detail: `answer ${bodyText.slice(0, 300)}`,
          });
        }
        const target = fieldsDelivered(c, endpoint)
          ? crossUserTarget(c.endpoint, request.value, ctx.other.linked)
          : undefined;
        if (target) {
          const code = /"code":"([^"]+)"/.exec(bodyText)?.[1] ?? '';
          const refused = CROSS_USER_REFUSALS.has(status) && (status !== 404 || code.endsWith(':not-found'));
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
            recordFailure({
              ...base,
              kind: 'cross-user',
              cause: `${target.field} of the other user answered ${answerKey}`,
              detail: `answer ${bodyText.slice(0, 300)}`,
            });
          }
        }
      }
      before = after;

      if (status < 300) {
        const wrote = await timed('users', () =>
          keepCallerUsable(t, ctx, c, request, config.boxPublicKey, report),
        );
        if (wrote) {
          await settled(t);
          before = await changes.mark();
          if (linking) forbidden = await forbiddenStrings(t, ctx.other.id);
        }
      }
    }
    if (options.onProgress && (index + 1) % 500 === 0) options.onProgress(index + 1, report);
  }
  if (linking) {
    const vendors = await atVendors(t, ctx.other);
    report.other = {
      userId: ctx.other.id,
      before: otherBefore,
      after: await linkedSnapshot(t, ctx.other.id),
      bankAtVendor: vendors.bank,
      brokerageAtVendor: vendors.brokerage,
    };
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
