import { randomUUID } from 'node:crypto';
import { envelopeErrors, identityMessages } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import {
  type IdentityClient,
  type SignedUpUser,
  signUpBody,
  type TestApp,
  testDatabaseKinds,
  useIdentityApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import nacl from 'tweetnacl';
import { beforeAll, describe, expect, it } from 'vitest';

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
