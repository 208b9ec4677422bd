import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINT_PATHS } from '../identity/index.ts';
import { createTestApp, type TestApp, testDatabaseKinds } from '../testing/index.ts';
import {
  count5xx,
  discoverEndpoints,
  type Endpoint,
  endpointKey,
  type FuzzReport,
  formatCounts,
  formatFailures,
  runFuzz,
  WEB_AUTH_ENDPOINTS,
  watchChanges,
} from './fuzz.ts';

// A fixed seed, so a failure here reproduces: `npm run fuzz -- --seed 7 --count 2000` replays this run.
const SEED = 7;
const COUNT = 2_000;

/** The spec's /db endpoints (spec 1 "Data service", spec 2 "Resources"). */
const DB_ENDPOINTS = [
  'POST /db/database-setup',
  'GET /db/get-profile',
  'POST /db/save-user-preferences',
  'POST /db/generate-preference-prompt',
  'POST /db/delete-user-data',
  'POST /db/delete-user-account',
  'POST /db/store-resource',
  'GET /db/get-user-resources',
  'GET /db/get-resource/:id',
  'POST /db/delete-resource',
];

describe.each(testDatabaseKinds())(
  'fuzz: generated requests over every /db and /api/auth endpoint on %s',
  (kind) => {
    let t: TestApp;
    let endpoints: Endpoint[];
    let report: FuzzReport;

    beforeAll(async () => {
      t = await createTestApp({ database: kind, env: { LOG_LEVEL: 'info' } });
      endpoints = discoverEndpoints(t);
      report = await runFuzz(t, { seed: SEED, count: COUNT, endpoints });
      console.log(`[${kind}] ${formatCounts(report)}`);
      if (report.failures.length > 0) console.log(`[${kind}] failures:\n${formatFailures(report)}`);
    }, 300_000);
    afterAll(async () => {
      await t?.close();
    });

    it('covers every endpoint the web app and API users call', () => {
      const keys = endpoints.map(endpointKey);
      for (const key of [...DB_ENDPOINTS, ...WEB_AUTH_ENDPOINTS]) expect(keys).toContain(key);
      expect(report.requests).toBeGreaterThanOrEqual(COUNT);
      for (const key of keys)
        expect({ key, sent: report.byEndpoint[key] !== undefined }).toEqual({ key, sent: true });
    });

    it('gives every endpoint the auth gateway exposes shapes of its own; Better Auth’s others are never served', () => {
      const shaped: readonly string[] = WEB_AUTH_ENDPOINTS;
      for (const path of AUTH_ENDPOINT_PATHS) {
        expect({ path, shaped: shaped.some((key) => key.endsWith(` /api/auth${path}`)) }).toEqual({
          path,
          shaped: true,
        });
      }
      const hidden = endpoints
        .filter(
          (e) =>
            e.service === 'auth' &&
            !(AUTH_ENDPOINT_PATHS as readonly string[]).includes(e.path.slice('/api/auth'.length)),
        )
        .map(endpointKey);
      expect(hidden.length).toBeGreaterThan(0);
      for (const key of hidden) {
        const served = Object.keys(report.byEndpoint[key] ?? {}).filter((status) => Number(status) < 400);
        expect({ key, served }).toEqual({ key, served: [] });
      }
    });

    it('reaches the handlers: every /db endpoint and the main auth ones accept some generated requests', () => {
      const succeeded = (key: string) =>
        Object.entries(report.byEndpoint[key] ?? {}).some(([status, n]) => Number(status) < 300 && n > 0);
      const reached = [
        ...DB_ENDPOINTS,
        'POST /api/auth/sign-up/email',
        'POST /api/auth/sign-in/email',
        'GET /api/auth/get-session',
        'POST /api/auth/is-username-available',
        'POST /api/auth/update-user',
      ];
      for (const key of reached) expect({ key, succeeded: succeeded(key) }).toEqual({ key, succeeded: true });
    });

    it('answers no request with a 5xx', () => {
      const failures = report.failures.filter((f) => f.kind === '5xx');
      expect(count5xx(report), formatFailures({ ...report, failures })).toBe(0);
    });

    it('answers every 4xx with a JSON error', () => {
      const failures = report.failures.filter((f) => f.kind === '4xx-without-error');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
    });

    it('changes no row on a rejected request', () => {
      const failures = report.failures.filter((f) => f.kind === 'row-changed');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
    });

    it('never redirects off our origin', () => {
      const failures = report.failures.filter((f) => f.kind === 'off-origin-redirect');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
    });

    it('sees a row a request would change, and not a session merely read (the check can fail)', async () => {
      const changes = await watchChanges(t);
      const mark = await changes.mark();
      await t.rows(sql`update session set expires_at = expires_at + interval '1 minute', updated_at = now()`);
      await t.rows(
        sql`update profile set preferences = jsonb_build_object('checked', clock_timestamp()::text) where user_id = (select min(user_id) from profile)`,
      );
      expect(await changes.since(mark)).toEqual([{ table: 'profile', op: 'update', rows: 1 }]);
    });
  },
);
