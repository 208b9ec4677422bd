import { agentEndpoints, connectEndpoints, escapeMarkup } from '@penny/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINT_PATHS } from '../../src/identity/index.ts';
import { createTestApp, type TestApp, testDatabaseKinds } from '../app.ts';
import {
  count5xx,
  discoverEndpoints,
  type Endpoint,
  endpointKey,
  type FuzzReport,
  forbiddenStrings,
  forgedMarkup,
  formatCounts,
  formatFailures,
  leaksIn,
  MARKUP_FORGERIES,
  runFuzz,
  WEB_AUTH_ENDPOINTS,
  watchChanges,
} from './index.ts';

// A fixed seed, so a failure here reproduces: `npm run fuzz -- --seed 7 --count 3500` replays this run.
// The count grew from 3,000 with the sandbox vendors' endpoints (about a tenth of the cases), so that
// every other endpoint is still sent about as many requests as before.
const SEED = 7;
const COUNT = 3_500;

/** The /db endpoints (docs/product/identity.md, "Data service"; docs/product/chat.md, "Database service"). */
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

/**
 * The linked-account endpoints (docs/product/chat.md, "Database service", "Agent service",
 * "Account-connection service").
 */
const DB_ACCOUNT_ENDPOINTS = [
  'GET /db/get-credentials',
  'POST /db/store-credentials',
  'POST /db/disconnect-account',
  'POST /db/refresh-accounts',
];
const AGENT_ENDPOINTS = Object.values(agentEndpoints).map((e) => `${e.method} /agent${e.path}`);
const CONNECT_ENDPOINTS = Object.values(connectEndpoints).map((e) => `${e.method} /connect${e.path}`);
const ACCOUNT_ENDPOINTS = [...DB_ACCOUNT_ENDPOINTS, ...AGENT_ENDPOINTS, ...CONNECT_ENDPOINTS];
/** The calls that remove a connection: named with the user's own in one case of five, so few succeed. */
const REMOVING = [
  'POST /db/disconnect-account',
  'POST /connect/api/plaid/disconnect',
  'POST /connect/api/snaptrade/disconnect',
];

/** The sandbox's stand-in pages a browser calls (docs/security.md, "Linked accounts"). */
const STAND_INS = [
  'GET /sandbox/plaid/link/institutions',
  'POST /sandbox/plaid/link/public_token',
  'GET /sandbox/snaptrade/portal',
  'POST /sandbox/snaptrade/portal',
];

describe.each(testDatabaseKinds())(
  'fuzz: generated requests over every /db, /agent, /connect, /api/auth and sandbox vendor endpoint on %s',
  (kind) => {
    let t: TestApp;
    let endpoints: Endpoint[];
    let report: FuzzReport;

    beforeAll(async () => {
      // Listening: the fuzz users link sandbox accounts, which the provider SDKs reach over HTTP.
      t = await createTestApp({ database: kind, env: { LOG_LEVEL: 'info' }, listen: true });
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
      for (const key of [...DB_ENDPOINTS, ...ACCOUNT_ENDPOINTS, ...WEB_AUTH_ENDPOINTS, ...STAND_INS])
        expect(keys).toContain(key);
      // And the sandbox vendors' APIs, read from the app like the rest.
      expect(keys).toContain('POST /sandbox/plaid/item/public_token/exchange');
      expect(keys).toContain('GET /sandbox/snaptrade/snapTrade/listUsers');
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

    it('reaches the linked-account handlers: every read and link call succeeds some of the time', () => {
      const succeeded = (key: string) =>
        Object.entries(report.byEndpoint[key] ?? {}).some(([status, n]) => Number(status) < 300 && n > 0);
      for (const key of ACCOUNT_ENDPOINTS.filter((key) => !REMOVING.includes(key))) {
        expect({ key, succeeded: succeeded(key) }).toEqual({ key, succeeded: true });
      }
    });

    it('refuses every request naming another user’s connection (404 accounts:not-found, or 403), with no data', () => {
      const failures = report.failures.filter((f) => f.kind === 'cross-user');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
      // The probes happened: authenticated requests naming the other user's connections were refused
      // as not found, by the calls that remove connections and by the agent's reads.
      const notFound = (key: string) => report.crossUser[key]?.['404 accounts:not-found'] ?? 0;
      for (const key of REMOVING)
        expect({ key, notFound: notFound(key) > 0 }).toEqual({ key, notFound: true });
      expect(AGENT_ENDPOINTS.reduce((sum, key) => sum + notFound(key), 0)).toBeGreaterThan(0);
    });

    it('answers another user’s proposal or change as an unknown one, and reaches the confirmed actions', () => {
      // The POSTs: a GET's query is not read as fields here (actions.test.ts covers its 404).
      const actions = AGENT_ENDPOINTS.filter((key) => key.startsWith('POST /agent/actions/'));
      expect(actions).toHaveLength(3);
      for (const key of actions) {
        const notFound = Object.entries(report.crossUser[key] ?? {})
          .filter(([answer]) => /^404 actions:.*not-found$/.test(answer))
          .reduce((sum, [, n]) => sum + n, 0);
        expect({ key, notFound: notFound > 0 }).toEqual({ key, notFound: true });
      }
    });

    it('serves the sandbox vendors to no caller without the installation’s keys, the stand-ins only to a signed-in browser', () => {
      const failures = report.failures.filter((f) => f.kind === 'sandbox-open');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
      const answered = (key: string, wanted: (status: number) => boolean) =>
        Object.entries(report.byEndpoint[key] ?? {}).some(([status, n]) => wanted(Number(status)) && n > 0);
      const vendors = Object.keys(report.byEndpoint).filter(
        (key) => / \/sandbox\//.test(key) && !STAND_INS.includes(key),
      );
      expect(vendors.length).toBeGreaterThan(20);
      for (const key of vendors)
        expect({ key, refused: answered(key, (s) => s === 401) }).toEqual({ key, refused: true });
      // The stand-ins were reached: fake Link's list and the portal page served the user's own browser
      // (a fake Link login through every check is rare among mutated bodies; the setup makes several).
      for (const key of ['GET /sandbox/plaid/link/institutions', 'GET /sandbox/snaptrade/portal'])
        expect({ key, served: answered(key, (s) => s === 200) }).toEqual({ key, served: true });
    });

    it('refuses another user’s link sessions: their public token at the exchange, their link and portal tokens at the stand-ins', () => {
      const refusals = (key: string) =>
        Object.entries(report.crossUser[key] ?? {})
          .filter(([answer]) => /^4\d\d/.test(answer))
          .reduce((sum, [, n]) => sum + n, 0);
      for (const key of [
        'POST /connect/api/set_access_token',
        'POST /sandbox/plaid/link/public_token',
        'POST /sandbox/snaptrade/portal',
      ]) {
        expect({ key, refused: refusals(key) > 0 }).toEqual({ key, refused: true });
      }
      expect(
        report.crossUser['POST /connect/api/set_access_token']?.['400 accounts:link-token-invalid'],
      ).toBeGreaterThan(0);
    });

    it('leaves the other user’s linked accounts exactly as they were, at Penny and at the vendors', () => {
      const other = report.other;
      expect(other).not.toBeNull();
      expect(other?.after).toBe(other?.before);
      // The snapshot holds the linked data: three connections, their accounts and transactions.
      const snapshot = JSON.parse(other?.before ?? '{}') as { connections: Array<{ transactions: number }> };
      expect(snapshot.connections.length).toBe(3);
      expect(snapshot.connections.some((connection) => connection.transactions > 100)).toBe(true);
      expect({ bank: other?.bankAtVendor, brokerage: other?.brokerageAtVendor }).toEqual({
        bank: true,
        brokerage: true,
      });
    });

    it('refuses every unsigned webhook, whoever sends it and however, with a 4xx', () => {
      for (const key of ['POST /connect/webhooks/plaid', 'POST /connect/webhooks/snaptrade']) {
        const statuses = Object.keys(report.byEndpoint[key] ?? {}).map(Number);
        expect({ key, fuzzed: statuses.length > 0 }).toEqual({ key, fuzzed: true });
        for (const status of statuses)
          expect({ key, status, refused: status >= 400 && status < 500 }).toMatchObject({ refused: true });
      }
    });

    it('answers every error of /db, /agent and /connect with a documented code and its status', () => {
      const failures = report.failures.filter((f) => f.kind === 'undocumented-error');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
    });

    it('never answers with a provider secret, a Plaid token or another user’s linked ids', () => {
      const failures = report.failures.filter((f) => f.kind === 'leak');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
    });

    it('would see a leak: the forbidden strings hold the tokens, sealed secrets and the other user’s ids', async () => {
      const forbidden = await forbiddenStrings(t, report.other?.userId ?? '');
      const [bank] = await t.rows<{ item_id: string; sealed_secret: string }>(
        sql`select item_id, sealed_secret from connection where user_id = ${report.other?.userId ?? ''} and platform = 'plaid'`,
      );
      expect(bank).toBeDefined();
      expect(forbidden.secrets).toContain(bank?.sealed_secret);
      expect(forbidden.secrets.some((secret) => secret.startsWith('access-sandbox-'))).toBe(true);
      expect(leaksIn(`{"item_id":"${bank?.item_id}"}`, '{}', forbidden)).not.toEqual([]);
      // What the request itself carried may come back; a token never may.
      expect(leaksIn(`{"item_id":"${bank?.item_id}"}`, `{"item_id":"${bank?.item_id}"}`, forbidden)).toEqual(
        [],
      );
      const token = forbidden.secrets.find((secret) => secret.startsWith('access-sandbox-')) ?? '';
      expect(leaksIn(`{"x":"${token}"}`, `{"x":"${token}"}`, forbidden)).not.toEqual([]);
    });

    it('quotes the text of a request in answer cards as text, never as markup (issue #19, 4)', () => {
      const failures = report.failures.filter((f) => f.kind === 'forged-markup');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
    });

    it('would see forged markup: a card formatting a request’s text is caught, an escaped one is not', () => {
      const card = (content: string) =>
        JSON.stringify({
          dsl_objects: [{ type: 'container', content_blocks: [{ type: 'content', content }] }],
        });
      for (const forgery of MARKUP_FORGERIES) {
        expect(forgedMarkup('POST /agent/chat', 200, card(`Top: ${forgery}`))).toMatchObject({
          kind: 'forged-markup',
        });
        expect(forgedMarkup('GET /agent/dsl/:thread_id', 200, `data: ${card(forgery)}\n\n`)).toBeDefined();
        expect(forgedMarkup('POST /agent/chat', 200, card(`Top: ${escapeMarkup(forgery)}`))).toBeUndefined();
      }
      // Resources are the client's own documents; a refusal holds no card.
      expect(forgedMarkup('POST /db/store-resource', 200, card(MARKUP_FORGERIES[0]))).toBeUndefined();
      expect(forgedMarkup('POST /agent/chat', 400, card(MARKUP_FORGERIES[0]))).toBeUndefined();
    });

    it('refuses every request of the signed-in user whose payload names someone else (403)', () => {
      const failures = report.failures.filter((f) => f.kind === 'names-accepted');
      expect(failures, formatFailures({ ...report, failures })).toEqual([]);
      // The probes happened and reached the guard.
      expect(report.otherNames[403] ?? 0).toBeGreaterThan(0);
    });

    it('keeps every user’s quota counts equal to the rows they count, through every request', async () => {
      const drift = await t.rows(sql`
        select u.id from "user" u left join user_usage q on q.user_id = u.id
        where coalesce(q.resources, 0) <> (select count(*) from resource r where r.user_id = u.id)
           or coalesce(q.threads, 0) <> (select count(*) from chat_thread c where c.user_id = u.id)
           or coalesce(q.stored_bytes, 0) <>
                (select coalesce(sum(r.size_bytes), 0) from resource r where r.user_id = u.id)
              + (select coalesce(sum(c.size_bytes), 0) from chat_turn c where c.user_id = u.id)`);
      expect(drift).toEqual([]);
      const [kept] = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from user_usage where stored_bytes > 0`,
      );
      expect(Number(kept?.n)).toBeGreaterThan(0);
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
      await t.rows(
        sql`update ledger_transaction set name = name || ' (checked)' where id = (select min(id) from ledger_transaction)`,
      );
      expect(await changes.since(mark)).toEqual([
        { table: 'ledger_transaction', op: 'update', rows: 1 },
        { table: 'profile', op: 'update', rows: 1 },
      ]);
    });
  },
);
