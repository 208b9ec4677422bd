import { randomUUID } from 'node:crypto';
import { type IdentityClient, type TestApp, useIdentityApp } from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSharedState, type SharedState } from '../../shared-state/index.ts';
import { reviveVerifiedSession } from './session.ts';

/** Memory always; Redis too when TEST_REDIS_URL points at a server (CI sets it). */
const kinds = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
const redisUrl = (kind: (typeof kinds)[number]) =>
  kind === 'redis' ? (process.env.TEST_REDIS_URL ?? '') : '';

describe.each(kinds)('the session cache on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;
  useIdentityApp(
    { env: { SESSION_CACHE: 'true', ...(kind === 'redis' ? { REDIS_URL: redisUrl(kind) } : {}) } },
    (suite) => {
      ({ t, api } = suite);
    },
  );
  const profile = (username: string, token: string) => api.get(`/db/get-profile?username=${username}`, token);

  it('serves a verified session from the cache (a row removed behind its back still works for seconds)', async () => {
    const { token, user } = await t.signUpVerifiedUser();
    expect((await profile(user.username, token)).status).toBe(200);
    // Out of band, not through any revocation path: only the cache can still know the session.
    await t.rows(sql`delete from session where user_id = ${user.id}`);
    expect((await profile(user.username, token)).status).toBe(200);
  });

  it('forgets every cached session the moment one is signed out, revoked or reset', async () => {
    const ada = await t.signUpVerifiedUser();
    const second = await api.auth('/sign-in/email', { email: ada.user.email, password: ada.user.password });
    const other = second.headers.get('set-auth-token') ?? '';
    for (const token of [ada.token, other])
      expect((await profile(ada.user.username, token)).status).toBe(200);

    const signOut = await api.auth('/sign-out', {}, { authorization: `Bearer ${other}` });
    expect(signOut.status).toBe(200);
    expect((await profile(ada.user.username, other)).status).toBe(401);
    expect((await profile(ada.user.username, ada.token)).status).toBe(200);

    await api.auth('/request-password-reset', { email: ada.user.email, redirectTo: '/reset-password' });
    const [mail] = await api.mailTo(ada.user.email);
    const resetToken = new URL(mail?.link ?? '').pathname.split('/').at(-1);
    const reset = await api.auth('/reset-password', { newPassword: 'a brand new one', token: resetToken });
    expect(reset.status).toBe(200);
    expect((await profile(ada.user.username, ada.token)).status).toBe(401);
  });

  it('forgets the sessions of a deleted account at once', async () => {
    const bob = await t.signUpVerifiedUser();
    const names = { username: bob.user.username, firstName: bob.user.firstName, lastName: bob.user.lastName };
    expect((await profile(bob.user.username, bob.token)).status).toBe(200);
    const deleted = await api.sealedPost('/db/delete-user-account', names, bob.token);
    expect(deleted.status).toBe(200);
    expect((await profile(bob.user.username, bob.token)).status).toBe(401);
  });
});

describe.each(kinds)('session cache instances on %s', (kind) => {
  const opened: SharedState[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((state) => state.close()));
  });
  const open = () => {
    const state = createSharedState({ redisUrl: redisUrl(kind) || undefined });
    opened.push(state);
    return state.makeSessionCache(reviveVerifiedSession);
  };
  const value = () =>
    reviveVerifiedSession({
      user: { id: randomUUID(), email: 'ada@example.com', createdAt: '2026-01-01T00:00:00.000Z' },
      session: {
        id: randomUUID(),
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2099-01-01T00:00:00.000Z',
      },
    });

  it('keeps an entry until it expires, and revives its dates', async () => {
    const cache = open();
    const key = randomUUID();
    await cache.set(key, value(), await cache.epoch(), 60_000);
    const read = await cache.get(key);
    expect(read?.session.createdAt).toBeInstanceOf(Date);
    expect(read?.user.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an entry looked up before a revocation, however late it is stored', async () => {
    const cache = open();
    const key = randomUUID();
    const before = await cache.epoch();
    await cache.revoke();
    await cache.set(key, value(), before, 60_000);
    expect(await cache.get(key)).toBeUndefined();
  });

  if (kind === 'redis') {
    it('shares revocations between instances', async () => {
      const first = open();
      const second = open();
      const key = randomUUID();
      await first.set(key, value(), await first.epoch(), 60_000);
      expect(await second.get(key)).toBeDefined();
      await second.revoke();
      expect(await first.get(key)).toBeUndefined();
    });
  }
});
