// The runner: generated requests sent one at a time against the in-process app, every answer checked.

import { publicConfigSchema } from '@penny/contracts';
import fc from 'fast-check';
import type { TestApp } from '../app.ts';
import { buildRequests } from './build-request.ts';
import { type FuzzCase, fuzzCaseArbitrary } from './cases.ts';
import { watchChanges } from './changes.ts';
import type { BuildContext } from './context.ts';
import { discoverEndpoints, type Endpoint, endpointKey } from './endpoints.ts';
import { atVendors, forbiddenStrings, linkedSnapshot } from './linked-invariants.ts';
import { OTHER_LINKS, USER_LINKS } from './linking.ts';
import type { FuzzOptions, FuzzReport } from './report.ts';
import { runRequest } from './run-request.ts';
import { emptyReport, type FuzzRun, timed } from './run-state.ts';
import { newFuzzUser } from './users.ts';

/** Whether linked accounts are among the endpoints: then both users link theirs, which needs HTTP. */
const fuzzesLinkedAccounts = (endpoints: readonly Endpoint[]) =>
  endpoints.some((endpoint) => endpoint.service === 'agent' || endpoint.service === 'connect');

/**
 * The run's two users (with linked accounts when `linking`), the other user's linked data as it is
 * before any request, and the change log from here on.
 */
async function startRun(
  t: TestApp,
  options: FuzzOptions,
  report: FuzzReport,
  linking: boolean,
): Promise<{ run: FuzzRun; otherBefore: string }> {
  const config = publicConfigSchema.parse(await (await t.app.request('/config')).json());
  const plan = linking ? USER_LINKS : undefined;
  const [user, other] = await timed(report, 'users', () =>
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
  const forbidden = linking ? await forbiddenStrings(t, ctx.other.id) : { secrets: [], otherIds: [] };
  const changes = await watchChanges(t);
  const before = await changes.mark();
  const run: FuzzRun = {
    t,
    options,
    report,
    failureIndex: new Map(),
    ctx,
    linking,
    changes,
    before,
    forbidden,
  };
  return { run, otherBefore };
}

/** Sends the requests of case `index` (two for a replayed envelope). */
async function runCase(run: FuzzRun, index: number, c: FuzzCase, endpoint: Endpoint): Promise<void> {
  const requests = await timed(run.report, 'build', () => buildRequests(c, run.ctx, endpoint));
  for (const request of requests) await runRequest(run, index, c, endpoint, request);
}

/** After the run: the other user's linked data, to compare with before, and whether the vendors still hold it. */
async function otherUserAfter(run: FuzzRun, before: string): Promise<FuzzReport['other']> {
  const { t, ctx } = run;
  const vendors = await atVendors(t, ctx.other);
  return {
    userId: ctx.other.id,
    before,
    after: await linkedSnapshot(t, ctx.other.id),
    bankAtVendor: vendors.bank,
    brokerageAtVendor: vendors.brokerage,
  };
}

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
  const endpoints = options.endpoints ?? discoverEndpoints(t);
  const byKey = new Map(endpoints.map((endpoint) => [endpointKey(endpoint), endpoint]));
  const cases = fc.sample(fuzzCaseArbitrary(endpoints), { seed: options.seed, numRuns: options.count });
  const linking = fuzzesLinkedAccounts(endpoints);
  if (linking && !t.origin) {
    throw new Error('fuzzing linked accounts needs the app to listen: createTestApp({ listen: true })');
  }

  const report = emptyReport(options.seed, cases.length);
  const { run, otherBefore } = await startRun(t, options, report, linking);
  for (const [index, c] of cases.entries()) {
    // Every case is generated from one of `endpoints`.
    const endpoint = byKey.get(c.endpoint);
    if (!endpoint) throw new Error(`fuzz: a case for an endpoint not fuzzed: ${c.endpoint}`);
    await runCase(run, index, c, endpoint);
    if (options.onProgress && (index + 1) % 500 === 0) options.onProgress(index + 1, report);
  }
  if (linking) report.other = await otherUserAfter(run, otherBefore);
  report.ms = Math.round(performance.now() - started);
  return report;
}
