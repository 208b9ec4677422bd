import { publicConfigSchema } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import { createTestApp, type TestApp, testDatabaseKinds } from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(testDatabaseKinds())('the app on %s', (kind) => {
  let t: TestApp;
  let boxPublicKey: string;
  let anonToken: string;

  beforeAll(async () => {
    t = await createTestApp({ database: kind });
    const config = publicConfigSchema.parse(await (await t.app.request('/config')).json());
    boxPublicKey = config.boxPublicKey;
    anonToken = config.anonToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An encrypted JSON POST, as the web app's request wrapper sends it. */
  function sealedPost(path: string, body: unknown, token: string) {
    return t.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-encrypted': '1' },
      body: JSON.stringify(sealBody({ serverPublicKey: boxPublicKey, method: 'POST', path, body })),
    });
  }

  it('answers /healthz with 200 when the database is up', async () => {
    const response = await t.app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
  });

  it('publishes a public config with no secret in it', async () => {
    const response = await t.app.request('/config');
    const text = await response.text();
    const config = publicConfigSchema.parse(JSON.parse(text));
    expect(config.services).toEqual({ auth: '/api/auth', db: '/db', agent: '/agent', connect: '/connect' });
    expect(config.requireEncryptedBodies).toBe(true);
    expect(Buffer.from(config.boxPublicKey, 'base64')).toHaveLength(32);
    expect(text).not.toContain(Buffer.from(t.secrets.boxKeyPair.secretKey).toString('base64'));
    expect(text).not.toContain(t.secrets.authSecret);
  });

  it('sends security headers on every response', async () => {
    for (const path of ['/healthz', '/config', '/db/database-setup', '/nowhere']) {
      const response = await t.app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      // The sign-up form may load the live country list, and nothing else off-site.
      expect(csp).toContain("connect-src 'self' https://restcountries.com");
    }
  });

  it('publishes the native app links only when configured', async () => {
    expect(publicConfigSchema.parse(await (await t.app.request('/config')).json()).mobileApp).toBeUndefined();
    const withApp = await createTestApp({
      database: 'pglite',
      env: {
        APP_DEEP_LINK: 'penny://open',
        APP_STORE_URL_ANDROID: 'https://play.google.com/store/apps/details?id=penny',
      },
    });
    try {
      const config = publicConfigSchema.parse(await (await withApp.app.request('/config')).json());
      expect(config.mobileApp).toEqual({
        deepLink: 'penny://open',
        androidStoreUrl: 'https://play.google.com/store/apps/details?id=penny',
      });
    } finally {
      await withApp.close();
    }
  });

  it('refuses the database service without credentials (401)', async () => {
    const response = await t.app.request('/db/database-setup', { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      error: 'Authentication required.',
      code: 'auth:required',
    });
  });

  it('refuses a made-up bearer token (401)', async () => {
    const response = await sealedPost('/db/database-setup', {}, 'not-a-real-token');
    expect(response.status).toBe(401);
  });

  const setup = {
    username: 'ada_l',
    firstName: 'Ada',
    middleName: null,
    lastName: 'Lovelace',
    country: 'United Kingdom',
  };

  it('answers database-setup for an anonymous caller without acting on the named user', async () => {
    const response = await sealedPost('/db/database-setup', setup, anonToken);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; message: string };
    expect(body.success).toBe(true);
    expect(body.message).toBeTruthy();
  });

  it('sets up the signed-in user’s data container from an encrypted request', async () => {
    const { token, user } = await t.signUpVerifiedUser({
      username: 'grace_h',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const response = await sealedPost(
      '/db/database-setup',
      { ...setup, username: 'grace_h', firstName: 'Grace', lastName: 'Hopper', dateOfBirth: '1906-12-09' },
      token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Your account is set up.' });
    const rows = await t.database.db.execute(sql`select user_info from profile where user_id = ${user.id}`);
    const userInfo = (rows as unknown as { rows: Array<{ user_info: Record<string, unknown> }> }).rows[0]
      ?.user_info;
    expect(userInfo).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      dateOfBirth: '1906-12-09',
      email: user.email,
    });
  });

  it('refuses a request naming another user (403) and logs it', async () => {
    const { token } = await t.signUpVerifiedUser({ username: 'alan_t' });
    const response = await sealedPost('/db/database-setup', { ...setup, username: 'grace_h' }, token);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: string };
    expect(body.error).toBe('This request names a different user than the one signed in.');
    expect(t.logs.some((line) => String(line.msg).startsWith('refused:'))).toBe(true);
  });

  it('rejects invalid input with a clear 400 and changes nothing', async () => {
    const { token, user } = await t.signUpVerifiedUser({ username: 'katherine_j' });
    const readInfo = () => t.rows(sql`select user_info from profile where user_id = ${user.id}`);
    const before = await readInfo();
    const response = await sealedPost(
      '/db/database-setup',
      { username: 'katherine_j', lastName: 'J' },
      token,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^Invalid request: firstName/);
    expect(await readInfo()).toEqual(before);
  });

  it('rejects an oversized body with 413', async () => {
    const response = await t.app.request('/db/database-setup', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${anonToken}`,
        'content-type': 'application/json',
        'content-length': String(2_000_000),
      },
      body: 'x'.repeat(2_000_000),
    });
    expect(response.status).toBe(413);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.request('/api-nope/whatever');
    expect([404, 503]).toContain(response.status);
    const { token } = await t.signUpVerifiedUser();
    const unknownDb = await t.app.request('/db/no-such-thing', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknownDb.status).toBe(404);
    expect(await unknownDb.json()).toEqual({
      success: false,
      error: 'Not found.',
      code: 'request:not-found',
    });
    // The public anonymous token reaches database-setup only: anything else is a 401, known or not.
    const anonymous = await t.app.request('/db/no-such-thing', {
      headers: { authorization: `Bearer ${anonToken}` },
    });
    expect(anonymous.status).toBe(401);
    const unknownAuth = await t.app.request('/api/auth/admin/list-users');
    expect(unknownAuth.status).toBe(404);
  });

  it('never writes a token, password or secret into the logs', async () => {
    const { token, user } = await t.signUpVerifiedUser({ username: 'logs_check' });
    await sealedPost('/db/database-setup', { ...setup, username: 'logs_check' }, token);
    const text = t.logText();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[0]);
    expect(text).not.toContain(user.password);
    expect(text).not.toContain(t.secrets.authSecret);
  });
});
