import { type IdentityClient, type TestApp, testDatabaseKinds, useIdentityApp } from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../../identity/index.ts';
import { createLogger } from '../../logger.ts';
import type { AppEnv } from '../context.ts';
import { sessionMiddleware } from './session.ts';

describe.each(testDatabaseKinds())('sessions on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;

  useIdentityApp({ database: kind }, (suite) => {
    ({ t, api } = suite);
  });

  const profileOf = (username: string, headers: Record<string, string>) =>
    t.app.request(`/db/get-profile?username=${username}`, { headers });

  /** The session middleware on its own, reading the time from `clock`. */
  function appWithClock(clock: { now: number }) {
    return new Hono<AppEnv>()
      .use(
        sessionMiddleware({
          auth: t.auth,
          anonToken: api.anonToken,
          logger: createLogger({ level: 'silent' }),
          now: () => clock.now,
        }),
      )
      .get('/whoami', (c) => {
        const principal = c.get('principal');
        return c.json({ kind: principal.kind, id: principal.kind === 'user' ? principal.user.id : null });
      });
  }

  it('ends a session 12 hours after sign-in, however active it was', async () => {
    const { token, user } = await t.signUpVerifiedUser();
    const clock = { now: Date.now() };
    const app = appWithClock(clock);
    const ask = () => app.request('/whoami', { headers: { authorization: `Bearer ${token}` } });

    clock.now += SESSION_ABSOLUTE_LIFETIME_MS - 60_000;
    expect(await (await ask()).json()).toEqual({ kind: 'user', id: user.id });

    clock.now += 2 * 60_000;
    const expired = await ask();
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      success: false,
      error: 'Your session has expired. Please sign in again.',
      code: 'auth:session-expired',
    });
    // Revoked, not just refused: back on the real clock the token is still dead.
    expect(await t.rows(sql`select id from session where user_id = ${user.id}`)).toEqual([]);
    expect((await profileOf(user.username, { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('ends a session after 30 minutes without a refresh', async () => {
    const { token, user } = await t.signUpVerifiedUser();
    expect((await profileOf(user.username, { authorization: `Bearer ${token}` })).status).toBe(200);
    // What 30 idle minutes leave behind: a session row past its sliding expiry.
    await t.rows(sql`update session set expires_at = now() - interval '1 minute' where user_id = ${user.id}`);
    expect((await profileOf(user.username, { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('signs out both the bearer token and the session cookie', async () => {
    const { user } = await t.signUpVerifiedUser();
    const signIn = await api.auth('/sign-in/email', { email: user.email, password: user.password });
    const token = signIn.headers.get('set-auth-token') ?? '';
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toContain('session_token=');
    // The cookie counts only beside an Authorization header (the anonymous token after a reload):
    // alone, as a cross-site form would send it, it opens nothing.
    expect((await profileOf(user.username, { cookie })).status).toBe(401);
    const reloaded = { cookie, authorization: `Bearer ${api.anonToken}` };
    expect((await profileOf(user.username, reloaded)).status).toBe(200);
    expect((await profileOf(user.username, { authorization: `Bearer ${token}` })).status).toBe(200);

    const signOut = await api.auth('/sign-out', {}, { authorization: `Bearer ${token}` });
    expect(signOut.status).toBe(200);
    expect((await profileOf(user.username, { authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await profileOf(user.username, reloaded)).status).toBe(401);
  });

  it('refuses an unsigned or tampered bearer token', async () => {
    const { token, user } = await t.signUpVerifiedUser();
    const [raw, signature] = token.split('.');
    for (const forged of [raw, `${raw}.${signature?.split('').reverse().join('')}`, `${raw}x.${signature}`]) {
      expect((await profileOf(user.username, { authorization: `Bearer ${forged}` })).status).toBe(401);
    }
  });

  it('treats the anonymous token as nobody', async () => {
    const response = await profileOf('anyone', { authorization: `Bearer ${api.anonToken}` });
    expect(response.status).toBe(401);
  });
});
