import { createHmac, randomUUID } from 'node:crypto';
import { apiErrorBodySchema, envelopeErrors, identityMessages } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type IdentityClient,
  type SignedUpUser,
  signUpBody,
  type TestApp,
  testDatabaseKinds,
  useIdentityApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVault } from '../connections/vault.ts';
import { snapTradeUserIdOf } from '../finance/index.ts';
import { SANDBOX_BROWSER_PATHS } from '../sandbox/index.ts';

/**
 * The findings of the external attack on Penny (issue "Security hardening"), one regression test each,
 * against the real app on PGlite and, where CI has it, PostgreSQL. The outbox takeover, file modes and
 * secrets are in dev-outbox.test.ts, db/ and secrets/; the sign-in brake in identity/rate-limit.test.ts.
 */

const NUL = 'Ada\u0000Lovelace';
const LONE = 'Ada\ud800';
const container = (content: string, extra: Record<string, unknown> = {}) => ({
  type: 'container',
  title: 'Spending',
  content_blocks: [{ type: 'content', content }],
  ...extra,
});
/** Cursors PostgreSQL cannot hold a date of, or with a NUL in the id. */
const badCursors = [
  ['0000-01-01T00:00:00.000Z', 'x'],
  ['10000-01-01T00:00:00.000Z', 'x'],
  ['+271821-01-01T00:00:00.000Z', 'x'],
  ['-271821-01-01T00:00:00.000Z', 'x'],
  ['2025-01-01T00:00:00.000Z', 'res\u0000x'],
].map((value) => Buffer.from(JSON.stringify(value)).toString('base64url'));

/** A sealed body whose JSON text is given as is (JSON.stringify itself overflows on 10,000 levels). */
function sealRawBody(serverPublicKey: string, path: string, bodyText: string) {
  const plaintext = `{"v":1,"ts":${Date.now()},"rid":"${randomUUID().replace(/-/g, '')}","method":"POST","path":"${path}","body":${bodyText}}`;
  const ephemeral = nacl.box.keyPair();
  const nonce = nacl.randomBytes(nacl.box.nonceLength);
  const box = nacl.box(
    new Uint8Array(Buffer.from(plaintext)),
    nonce,
    new Uint8Array(Buffer.from(serverPublicKey, 'base64')),
    ephemeral.secretKey,
  );
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  return JSON.stringify({ ephem_pub: b64(ephemeral.publicKey), nonce: b64(nonce), ciphertext: b64(box) });
}

describe.each(testDatabaseKinds())('security findings on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;
  let ada: SignedUpUser;

  useIdentityApp({ database: kind }, (suite) => {
    ({ t, api } = suite);
  });
  beforeAll(async () => {
    ada = await t.signUpVerifiedUser();
  });

  const who = (user: SignedUpUser) => ({
    username: user.user.username,
    firstName: user.user.firstName,
    lastName: user.user.lastName,
  });
  const rowCounts = async () =>
    (
      await t.rows<Record<string, number>>(
        sql`select (select count(*)::int from resource) as resources, (select count(*)::int from "user") as users,
                   (select md5(coalesce(string_agg(user_info::text || preferences::text, ',' order by user_id), '')) from profile) as profiles`,
      )
    )[0];
  async function expect400(response: Response, label: string) {
    const body = (await response.json()) as { error?: string; message?: string };
    expect({ label, status: response.status }).toEqual({ label, status: 400 });
    expect(body.error ?? body.message).toEqual(expect.any(String));
  }

  describe('inputs that used to crash (5xx) now answer 400 and change nothing', () => {
    it('refuses NUL characters and lone surrogates in every stored string', async () => {
      const before = await rowCounts();
      const cases: Array<[string, string, unknown]> = [];
      for (const [name, bad] of [
        ['NUL', NUL],
        ['lone surrogate', LONE],
      ] as const) {
        cases.push(
          [`setup first name (${name})`, '/db/database-setup', { ...who(ada), firstName: bad }],
          [
            `setup phone (${name})`,
            '/db/database-setup',
            { ...who(ada), firstName: 'Ada', lastName: 'L', phoneNumber: `+1555${bad}` },
          ],
          [
            `setup country (${name})`,
            '/db/database-setup',
            { ...who(ada), firstName: 'Ada', lastName: 'L', country: bad },
          ],
          [
            `preference prompt (${name})`,
            '/db/save-user-preferences',
            { ...who(ada), preferences: { User_Preference_Prompt: bad } },
          ],
          [
            `occupation (${name})`,
            '/db/save-user-preferences',
            { ...who(ada), preferences: { Profile: { Occupation: [bad] } } },
          ],
          [
            `DSL content (${name})`,
            '/db/store-resource',
            { ...who(ada), thread_id: 't1', query_id: 'q1', dsl_objects: [container(bad)] },
          ],
          [
            `DSL key (${name})`,
            '/db/store-resource',
            { ...who(ada), thread_id: 't1', query_id: 'q1', dsl_objects: [container('ok', { [bad]: 1 })] },
          ],
        );
      }
      for (const [label, path, body] of cases)
        await expect400(await api.sealedPost(path, body, ada.token), label);
      expect(await rowCounts()).toEqual(before);
    });

    it('refuses them in Better Auth’s endpoints too, signed in or not', async () => {
      for (const [label, body] of [
        ['name', { name: NUL }],
        ['firstName', { firstName: LONE }],
        ['image', { image: `https://example.com/${NUL}` }],
      ] as const) {
        const response = await api.auth('/update-user', body, { authorization: `Bearer ${ada.token}` });
        await expect400(response, `update-user ${label}`);
      }
      await expect400(
        await api.auth('/reset-password', { newPassword: 'new password 1', token: `abc${NUL}` }),
        'reset token',
      );
      await expect400(
        await api.auth('/sign-in/email', { email: ada.user.email, password: NUL }),
        'sign-in password',
      );
      await expect400(await api.auth('/sign-up/email', signUpBody({ firstName: LONE })), 'sign-up name');
    });

    it('refuses a sealed body nested 10,000 levels deep on every /db POST', async () => {
      const config = (await (await t.app.request('/config')).json()) as { boxPublicKey: string };
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      for (const path of [
        '/db/database-setup',
        '/db/save-user-preferences',
        '/db/store-resource',
        '/db/delete-user-data',
      ]) {
        const response = await t.app.request(path, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${ada.token}`,
            'content-type': 'application/json',
            'x-encrypted': '1',
          },
          body: sealRawBody(config.boxPublicKey, path, deep),
        });
        expect({ path, status: response.status }).toEqual({ path, status: 400 });
        expect(await response.json()).toEqual({
          success: false,
          error: envelopeErrors.tooDeep,
          code: 'envelope:tooDeep',
        });
      }
      const plain = await t.app.request('/api/auth/update-user', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: t.config.publicUrl,
          authorization: `Bearer ${ada.token}`,
        },
        body: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      });
      expect(plain.status).toBe(400);
    });

    it('refuses list cursors with dates PostgreSQL cannot hold or a NUL in the id', async () => {
      const { username, firstName, lastName } = who(ada);
      for (const cursor of badCursors) {
        const response = await api.get(
          `/db/get-user-resources?username=${username}&firstName=${firstName}&lastName=${lastName}&cursor=${cursor}`,
          ada.token,
        );
        expect({ cursor, status: response.status }).toEqual({ cursor, status: 400 });
        expect(((await response.json()) as { error: string }).error).toMatch(/cursor/);
      }
    });

    it('refuses update-user with a null, array or non-JSON body', async () => {
      for (const body of ['null', '[]', '"x"', '{']) {
        const response = await t.app.request('/api/auth/update-user', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: t.config.publicUrl,
            authorization: `Bearer ${ada.token}`,
          },
          body,
        });
        await expect400(response, body);
      }
    });
  });

  describe('abuse', () => {
    it('lets the anonymous token reach database-setup only', async () => {
      const path = `/db/get-profile?username=${ada.user.username}`;
      expect((await api.get(path, api.anonToken)).status).toBe(401);
      for (const post of ['/db/store-resource', '/db/save-user-preferences', '/db/delete-user-data']) {
        const response = await api.sealedPost(post, who(ada), api.anonToken);
        expect({ post, status: response.status }).toEqual({ post, status: 401 });
      }
      const setup = await api.sealedPost(
        '/db/database-setup',
        { ...who(ada), firstName: 'Ada', lastName: 'L' },
        api.anonToken,
      );
      expect(setup.status).toBe(200);
    });

    it('accepts exactly one of 20 parallel copies of one envelope', async () => {
      const path = '/db/database-setup';
      const config = (await (await t.app.request('/config')).json()) as { boxPublicKey: string };
      const sealed = JSON.stringify(
        sealBody({
          serverPublicKey: config.boxPublicKey,
          method: 'POST',
          path,
          body: who(ada),
        }),
      );
      const send = () =>
        t.app.request(path, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${ada.token}`,
            'content-type': 'application/json',
            'x-encrypted': '1',
          },
          body: sealed,
        });
      const statuses = (await Promise.all(Array.from({ length: 20 }, send))).map(
        (response) => response.status,
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    });

    it('leaves the same trace for a sign-up with a registered email as for a new one (no enumeration)', async () => {
      const fresh = signUpBody();
      const duplicate = signUpBody({ email: ada.user.email });
      const answers = [await api.auth('/sign-up/email', fresh), await api.auth('/sign-up/email', duplicate)];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      for (const body of [fresh, duplicate]) {
        const check = await api.auth('/is-username-available', { username: body.username });
        expect({ username: body.username, answer: await check.json() }).toEqual({
          username: body.username,
          answer: { available: false },
        });
        const again = await api.auth('/sign-up/email', signUpBody({ username: body.username }));
        expect(again.status).toBe(400);
        expect(await again.json()).toMatchObject({ message: identityMessages.signUp.usernameTaken });
      }
    });

    it('answers a reset request before looking the address up, the same for known and unknown', async () => {
      const known = await api.auth('/request-password-reset', {
        email: ada.user.email,
        redirectTo: '/reset-password',
      });
      const unknown = await api.auth('/request-password-reset', {
        email: `nobody${Date.now()}@example.com`,
        redirectTo: '/reset-password',
      });
      expect(known.status).toBe(200);
      expect(await known.text()).toBe(await unknown.text());
      const mails = await api.mailTo(ada.user.email);
      expect(mails[0]?.subject).toBe('Reset your Penny password');
    });
  });

  describe('sessions and tokens', () => {
    it('ends a session past 12 hours on every authenticated surface, /api/auth included', async () => {
      const aged = await t.signUpVerifiedUser();
      await t.rows(
        sql`update session set created_at = now() - interval '13 hours' where user_id = ${aged.user.id}`,
      );
      const bearer = { authorization: `Bearer ${aged.token}` };
      const getSession = await t.app.request('/api/auth/get-session', { headers: bearer });
      expect(getSession.status).toBe(401);
      expect((await api.auth('/update-user', { name: 'Still Here' }, bearer)).status).toBe(401);
      expect((await t.app.request('/api/auth/list-sessions', { headers: bearer })).status).toBe(401);
      const [left] = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from session where user_id = ${aged.user.id}`,
      );
      expect(Number(left?.n)).toBe(0);
    });

    it('spends every reset link of an account once one of them is used', async () => {
      const user = await t.signUpVerifiedUser();
      for (let i = 0; i < 2; i++)
        await api.auth('/request-password-reset', { email: user.user.email, redirectTo: '/reset-password' });
      const links = (await api.mailTo(user.user.email)).filter(
        (mail) => mail.subject === 'Reset your Penny password',
      );
      const tokens = links.map((mail) => new URL(mail.link ?? '').pathname.split('/').at(-1) ?? '');
      expect(tokens).toHaveLength(2);
      const [newer, older] = tokens;
      expect(
        (await api.auth('/reset-password', { newPassword: 'brand new pass 1', token: newer })).status,
      ).toBe(200);
      const stale = await api.auth('/reset-password', { newPassword: 'attacker pass 2', token: older });
      expect(stale.status).toBe(400);
      const signIn = await api.auth('/sign-in/email', {
        email: user.user.email,
        password: 'brand new pass 1',
      });
      expect(signIn.status).toBe(200);
    });

    it('validates update-user: length, https images only, display name only the username’s case', async () => {
      const user = await t.signUpVerifiedUser();
      const bearer = { authorization: `Bearer ${user.token}` };
      await expect400(await api.auth('/update-user', { name: 'x'.repeat(900_000) }, bearer), 'huge name');
      await expect400(
        await api.auth('/update-user', { image: 'javascript:alert(1)' }, bearer),
        'javascript image',
      );
      await expect400(
        await api.auth('/update-user', { image: 'http://example.com/a.png' }, bearer),
        'http image',
      );
      await expect400(
        await api.auth('/update-user', { displayUsername: 'someone_else' }, bearer),
        'other name',
      );
      await expect400(await api.auth('/update-user', { username: 'takeover' }, bearer), 'username');
      await expect400(await api.auth('/update-user', { emailVerified: true }, bearer), 'server-owned field');
      const recased = await api.auth(
        '/update-user',
        { displayUsername: user.user.username.toUpperCase() },
        bearer,
      );
      expect(recased.status).toBe(200);
      const image = await api.auth('/update-user', { image: 'https://example.com/a.png' }, bearer);
      expect(image.status).toBe(200);
      const [row] = await t.rows<{ name: string; username: string }>(
        sql`select name, username from "user" where id = ${user.user.id}`,
      );
      expect(row?.username).toBe(user.user.username.toLowerCase());
    });
  });

  describe('smaller findings', () => {
    it('refuses redirect targets off our origin, including dot-segment tricks', async () => {
      for (const target of [
        '/..//evil.example/login',
        '//evil.example/login',
        'https://evil.example/',
        '/\\evil.example',
      ]) {
        const verify = await t.app.request(
          `/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(target)}`,
        );
        expect({ target, status: verify.status }).toEqual({ target, status: 400 });
        expect(verify.headers.get('location')).toBeNull();
        const reset = await api.auth('/request-password-reset', {
          email: ada.user.email,
          redirectTo: target,
        });
        expect({ target, status: reset.status }).toEqual({ target, status: 400 });
      }
      const ours = await t.app.request(
        '/api/auth/verify-email?token=abc&callbackURL=%2Fsignin%3Fverified%3D1',
      );
      expect(ours.status).toBe(302);
      expect(ours.headers.get('location')).toMatch(/^\/signin\?verified=1/);
    });

    it('never lets a crafted name forge a log line, and keeps Better Auth’s output in pino', async () => {
      const forged = 'Eve\n{"level":50,"msg":"forged entry"}';
      await api.auth('/sign-up/email', signUpBody({ firstName: forged, name: forged }));
      await api.auth('/update-user', { name: forged }, { authorization: `Bearer ${ada.token}` });
      // Every line is one JSON object of pino's, and none is the forged one.
      expect(t.logs.some((line) => line.msg === 'forged entry')).toBe(false);
    });

    it('closes the connection after an early answer that leaves the body unread', async () => {
      const big = await t.app.request('/db/database-setup', {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
        body: 'x'.repeat(t.config.maxBodyBytes + 1),
      });
      expect(big.status).toBe(413);
      expect(big.headers.get('connection')).toBe('close');
      const plain = await t.app.request('/db/database-setup', {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(who(ada)),
      });
      expect(plain.status).toBe(400);
      expect(await plain.json()).toEqual({
        success: false,
        error: envelopeErrors.required,
        code: 'envelope:required',
      });
      expect(plain.headers.get('connection')).toBe('close');
    });

    it('answers 404 for Better Auth endpoints Penny does not expose', async () => {
      for (const path of ['/sign-in/username', '/delete-user', '/admin/list-users', '/change-email', '/ok']) {
        const response = await api.auth(path, {});
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
    });
  });
});

describe('limits on the database service', () => {
  let t: TestApp;
  let api: IdentityClient;
  useIdentityApp({ env: { API_RATE_LIMIT: 'true', CLIENT_IP_HEADER: 'x-forwarded-for' } }, (suite) => {
    ({ t, api } = suite);
  });

  it('holds one address to a small anonymous budget, before any envelope is opened', async () => {
    const body = { username: 'ada_l', firstName: 'Ada', lastName: 'L' };
    const flood = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++)
      statuses.push((await api.sealedPost('/db/database-setup', body, api.anonToken, flood)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    // Another client is untouched, and so is a signed-in user.
    const other = await api.sealedPost('/db/database-setup', body, api.anonToken, {
      'x-forwarded-for': '198.51.100.8',
    });
    expect(other.status).toBe(200);
    const user = await t.signUpVerifiedUser();
    const own = await api.get(`/db/get-profile?username=${user.user.username}`, user.token, flood);
    expect(own.status).toBe(200);
  });
});

/**
 * The sandbox upstreams (issue "Security hardening", finding 2) and public tokens across users (finding
 * 3), over real HTTP as a stranger, a browser and the product's SDKs reach them.
 */

/** The keys the source used to print: what the attacker of finding 2 held. */
const OLD_PLAID_KEYS = {
  'plaid-client-id': 'penny-sandbox-client-id',
  'plaid-secret': 'penny-sandbox-secret',
};
const OLD_SNAPTRADE = { clientId: 'PENNY-SANDBOX', consumerKey: 'penny-sandbox-consumer-key' };

/** SnapTrade's documented request signature (docs "Request Signatures"), written out here. */
function snapTradeSigned(path: string, query: string, key: string, content: unknown = null) {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, sorted(v)]),
          )
        : value;
  return createHmac('sha256', encodeURI(key))
    .update(JSON.stringify(sorted({ content, path, query })))
    .digest('base64');
}

describe.each(testDatabaseKinds())('the sandbox upstreams and linking on %s', (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let adaApi: AccountsClient;
  let bobApi: AccountsClient;

  beforeAll(async () => {
    t = await createTestApp({ database: kind, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    adaApi = await accountsClient(t, ada);
    bobApi = await accountsClient(t, bob);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The vendor-side state of the fakes, whole. */
  const vendorState = async () =>
    (
      await t.rows<{ n: number; digest: string }>(
        sql`select count(*)::int as n, md5(coalesce(string_agg(namespace || key || value::text, ',' order by namespace, key), '')) as digest from sandbox_record`,
      )
    )[0];
  const count = async (query: ReturnType<typeof sql>) => Number((await t.rows<{ n: number }>(query))[0]?.n);

  /** A request from outside: no cookie, no keys unless given. */
  const stranger = (path: string, init: RequestInit = {}) => fetch(`${t.origin}${path}`, init);
  /** A SnapTrade partner call from outside, signed with `key` (none: unsigned). */
  const snapTradeCall = (method: string, route: string, key?: string) => {
    const query = `clientId=${OLD_SNAPTRADE.clientId}&userId=${snapTradeUserIdOf(ada.user.id)}&timestamp=${Math.round(Date.now() / 1000)}`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key) headers.Signature = snapTradeSigned(route.replace(/^\/sandbox\/snaptrade/, ''), query, key);
    return stranger(`${route}?${query}`, { method, headers, ...(method === 'POST' ? { body: '{}' } : {}) });
  };

  async function linkBrokerage(client: AccountsClient, user: SignedUpUser) {
    expect((await client.connect('/snaptrade/generate_user')).status).toBe(200);
    const login = await client.connect<{ redirectURI: string }>('/snaptrade/get_login_uri');
    const portal = new URL(login.body.redirectURI);
    const submitted = await t.app.request(portal.pathname, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: user.cookie,
        origin: t.config.publicUrl,
      },
      body: new URLSearchParams({
        token: portal.searchParams.get('token') ?? '',
        broker: 'SANDBOX',
        username: 'user_good',
        password: 'pass_good',
        action: 'connect',
      }).toString(),
    });
    const connectionId = new URL(submitted.headers.get('location') ?? 'http://x/').searchParams.get(
      'connection_id',
    );
    expect(connectionId).toBeTruthy();
    expect(
      (await client.connect('/snaptrade/store_connection', { connection_id: connectionId ?? '' })).status,
    ).toBe(200);
  }

  /** A Link public token for the user, from the stand-in on a link token of their own (not exchanged). */
  async function publicTokenOf(client: AccountsClient, institution = 'ins_109508') {
    const token = await client.connect<{ link_token: string }>('/create_link_token', {}, { form: true });
    expect(token.status).toBe(200);
    const link = await client.sandbox<{ public_token: string }>('/plaid/link/public_token', {
      link_token: token.body.link_token,
      institution_id: institution,
      username: 'user_good',
      password: 'pass_good',
    });
    expect(link.status).toBe(200);
    return { linkToken: token.body.link_token, publicToken: link.body.public_token };
  }

  it('answers a stranger 401 on every Plaid and SnapTrade endpoint, without keys or with the ones once in the source', async () => {
    await linkBrokerage(adaApi, ada);
    const before = await vendorState();
    const routes = t.app.routes.filter(
      (route) =>
        route.method !== 'ALL' &&
        /^\/sandbox\/(plaid|snaptrade)\//.test(route.path) &&
        !route.path.endsWith('*'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'x');
      const tries: Response[] = [];
      if ((SANDBOX_BROWSER_PATHS as readonly string[]).includes(route.path)) {
        const body = route.method === 'POST' ? { body: '{}' } : {};
        tries.push(await stranger(path, { method: route.method, ...body }));
        tries.push(
          await stranger(path, {
            method: route.method,
            headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
            ...body,
          }),
        );
      } else if (path.startsWith('/sandbox/plaid/')) {
        for (const headers of [{}, OLD_PLAID_KEYS]) {
          tries.push(
            await stranger(path, {
              method: route.method,
              headers: { 'content-type': 'application/json', ...headers },
              body: '{}',
            }),
          );
        }
      } else {
        tries.push(await snapTradeCall(route.method, path));
        tries.push(await snapTradeCall(route.method, path, OLD_SNAPTRADE.consumerKey));
      }
      for (const answer of tries) answers.push(`${route.method} ${path} ${answer.status}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
    expect(await vendorState()).toEqual(before);
    // Ada's brokerage link is whole at the vendor: nobody listed or deleted her SnapTrade user.
    const brokerages = await adaApi.post<{ balances: unknown[] }>(
      '/agent/snaptrade/get-account-balances',
      {},
    );
    expect(brokerages.status).toBe(200);
    expect((await adaApi.connect('/snaptrade/generate_user')).body).toMatchObject({ userExists: true });
  });

  it('keeps the Link stand-in and the brokerage portal to the signed-in user’s own link sessions', async () => {
    const adas = await adaApi.connect<{ link_token: string }>('/create_link_token', {}, { form: true });
    const before = await vendorState();
    const login = { institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' };
    const stolen = await bobApi.sandbox('/plaid/link/public_token', {
      link_token: adas.body.link_token,
      ...login,
    });
    expect(stolen).toMatchObject({ status: 400, body: { error_code: 'INVALID_LINK_TOKEN' } });
    expect((await adaApi.connect('/snaptrade/generate_user')).status).toBe(200);
    const portal = new URL(
      (await adaApi.connect<{ redirectURI: string }>('/snaptrade/get_login_uri')).body.redirectURI,
    );
    const afterLogin = await vendorState();
    const asBob = { cookie: bob.cookie, origin: t.config.publicUrl };
    const page = await t.app.request(`${portal.pathname}${portal.search}`, {
      headers: { cookie: bob.cookie },
    });
    expect(page.status).toBe(400);
    expect(await page.text()).not.toContain('name="token"');
    const posted = await t.app.request(portal.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...asBob },
      body: new URLSearchParams({
        token: portal.searchParams.get('token') ?? '',
        broker: 'SANDBOX',
        username: 'user_good',
        password: 'pass_good',
        action: 'connect',
      }).toString(),
    });
    expect(posted.status).toBe(400);
    expect(await vendorState()).toEqual(afterLogin);
    expect(before?.n).toBeLessThan(afterLogin?.n ?? 0);
    // Ada's own session still works, on both.
    const own = await adaApi.sandbox('/plaid/link/public_token', {
      link_token: adas.body.link_token,
      ...login,
    });
    expect(own.status).toBe(200);
    const ownPage = await t.app.request(`${portal.pathname}${portal.search}`, {
      headers: { cookie: ada.cookie },
    });
    expect(ownPage.status).toBe(200);
    // A token the store cannot hold (a NUL, found by the fuzzer) is no token: 400, never a 500.
    const nul = await t.app.request(`${portal.pathname}?token=${portal.searchParams.get('token')}%00`, {
      headers: { cookie: ada.cookie },
    });
    expect(nul.status).toBe(400);
    const nulLink = await adaApi.sandbox('/plaid/link/public_token', { link_token: 'link-\u0000', ...login });
    expect(nulLink.status).toBe(400);
  });

  it('bounds what a signed-in user can make the fakes keep', async () => {
    const linkTokens = () =>
      count(
        sql`select count(*)::int as n from sandbox_record where namespace = 'plaid:link-token' and value->>'clientUserId' = ${bob.user.id}`,
      );
    const publicTokens = () =>
      count(sql`select count(*)::int as n from sandbox_record where namespace = 'plaid:public-token'`);
    const items = () =>
      count(sql`select count(*)::int as n from sandbox_record where namespace = 'plaid:item'`);
    let last = '';
    for (let i = 0; i < 25; i++) {
      const made = await bobApi.connect<{ link_token: string }>('/create_link_token', {}, { form: true });
      expect(made.status).toBe(200);
      last = made.body.link_token;
    }
    expect(await linkTokens()).toBeLessThanOrEqual(10);
    expect(
      await count(sql`select count(*)::int as n from plaid_link_token where user_id = ${bob.user.id}`),
    ).toBe(10);
    const [tokensBefore, itemsBefore] = [await publicTokens(), await items()];
    for (let i = 0; i < 12; i++) {
      const link = await bobApi.sandbox('/plaid/link/public_token', {
        link_token: last,
        institution_id: 'ins_109511',
        username: 'user_good',
        password: 'pass_good',
      });
      expect(link.status).toBe(200);
    }
    expect((await publicTokens()) - tokensBefore).toBeLessThanOrEqual(5);
    expect(await items()).toBe(itemsBefore);
    expect((await bobApi.connect('/snaptrade/generate_user')).status).toBe(200);
    for (let i = 0; i < 12; i++) expect((await bobApi.connect('/snaptrade/get_login_uri')).status).toBe(200);
    expect(
      await count(
        sql`select count(*)::int as n from sandbox_record where namespace = 'snaptrade:portal' and value->>'userId' = ${snapTradeUserIdOf(bob.user.id)}`,
      ),
    ).toBeLessThanOrEqual(5);
  });

  it('exchanges a public token only from a Link session of the user’s own link token, storing nothing otherwise', async () => {
    const { publicToken } = await publicTokenOf(adaApi, 'ins_109509');
    const rows = () =>
      t.rows(
        sql`select (select count(*)::int from connection where user_id = ${bob.user.id}) as connections,
                   (select count(*)::int from ledger_transaction where user_id = ${bob.user.id}) as transactions`,
      );
    const before = await rows();
    const taken = await bobApi.connect('/set_access_token', { public_token: publicToken }, { form: true });
    expect(taken.status).toBe(400);
    expect(apiErrorBodySchema.parse(taken.body).code).toBe('accounts:link-token-invalid');
    await t.services.sync.settled();
    expect(await rows()).toEqual(before);
    // The token was not spent by the refusal: its owner exchanges it.
    const own = await adaApi.connect('/set_access_token', { public_token: publicToken }, { form: true });
    expect(own.status).toBe(200);
  });

  it('never lets one Plaid item belong to two users, and another user’s disconnect leaves it at Plaid', async () => {
    const linked = await adaApi.linkBank('ins_109512');
    expect(linked.status).toBe(200);
    await t.services.sync.settled();
    const itemId = linked.body.item_id;
    const [row] = await t.rows<{ id: string; sealed_secret: string }>(
      sql`select id, sealed_secret from connection where user_id = ${ada.user.id} and item_id = ${itemId}`,
    );
    const adaAccessToken = createVault(t.secrets.vaultKey).open(row?.sealed_secret ?? '', {
      userId: ada.user.id,
      connectionId: row?.id ?? '',
    });
    // As if Plaid's Link had handed Bob's own session Ada's item: Bob's link token, made by Penny,
    // names Ada's item at the vendor (Link's update mode for it).
    const bobs = await bobApi.connect<{ link_token: string }>('/create_link_token', {}, { form: true });
    await t.rows(
      sql`update sandbox_record set value = jsonb_set(value, '{itemId}', to_jsonb(${itemId}::text)) where namespace = 'plaid:link-token' and key = ${bobs.body.link_token}`,
    );
    const link = await bobApi.sandbox<{ public_token: string }>('/plaid/link/public_token', {
      link_token: bobs.body.link_token,
      institution_id: 'ins_109512',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(link.status).toBe(200);
    const before = await count(sql`select count(*)::int as n from connection where user_id = ${bob.user.id}`);
    const taken = await bobApi.connect(
      '/set_access_token',
      { public_token: link.body.public_token },
      { form: true },
    );
    expect(taken.status).toBe(400);
    expect(apiErrorBodySchema.parse(taken.body).code).toBe('accounts:link-token-invalid');
    expect(await count(sql`select count(*)::int as n from connection where user_id = ${bob.user.id}`)).toBe(
      before,
    );
    const disconnect = await bobApi.connect('/plaid/disconnect', { item_id: itemId }, { form: true });
    expect(disconnect.status).toBe(404);
    await expect(t.providers.plaid().getAccounts(adaAccessToken)).resolves.toMatchObject({ itemId });
    // And in the database itself: a second connection to the item, anyone's, is refused.
    await expect(
      t.rows(
        sql`insert into connection (id, user_id, platform, name, item_id) values ('conn_forged', ${bob.user.id}, 'plaid', 'Forged_plaid', ${itemId})`,
      ),
    ).rejects.toThrow();
  });
});

describe('limits on the sandbox upstreams', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ listen: true, env: { API_RATE_LIMIT: 'true' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('turns a keyless loop into 429s within a minute’s budget, storing nothing', async () => {
    const before = await t.rows(sql`select count(*)::int as n from sandbox_record`);
    const statuses: number[] = [];
    const body = JSON.stringify({
      client_id: OLD_PLAID_KEYS['plaid-client-id'],
      secret: OLD_PLAID_KEYS['plaid-secret'],
      client_name: 'Loop',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: 'loop' },
      products: ['transactions'],
    });
    for (let i = 0; i < 80; i++) {
      const answer = await fetch(`${t.origin}/sandbox/plaid/link/token/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
    expect(await t.rows(sql`select count(*)::int as n from sandbox_record`)).toEqual(before);
    // The installation's own clients are not counted against that address.
    const user = await t.signUpVerifiedUser();
    const client = await accountsClient(t, user);
    expect((await client.linkBank()).status).toBe(200);
  });
});
