import { randomUUID } from 'node:crypto';
import {
  type IdentityClient,
  type SignedUpUser,
  signUpBody,
  type TestApp,
  testDatabaseKinds,
  useIdentityApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

describe.each(testDatabaseKinds())('Delete Data and Delete Account on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;

  useIdentityApp({ database: kind }, (suite) => {
    ({ t, api } = suite);
  });

  const identity = (who: SignedUpUser) => ({
    username: who.user.username,
    firstName: who.user.firstName,
    lastName: who.user.lastName,
  });

  /** A user with a saved resource and saved preferences. */
  async function userWithData() {
    const who = await t.signUpVerifiedUser();
    await t.rows(
      sql`insert into resource (id, user_id, title, dsl_objects) values (${randomUUID()}, ${who.user.id}, 'Spending', '[]'::jsonb)`,
    );
    const saved = await api.sealedPost(
      '/db/save-user-preferences',
      { ...identity(who), preferences: { User_Preference_Prompt: 'Be brief.' } },
      who.token,
    );
    expect(saved.status).toBe(200);
    return who;
  }

  const countOf = async (
    table: 'resource' | 'profile' | 'session' | 'account' | '"user"',
    userId: string,
  ) => {
    const column = table === '"user"' ? 'id' : 'user_id';
    const [row] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(column)} = ${userId}`,
    );
    return Number(row?.n);
  };

  it('deletes the user’s data, keeps the profile and the session, and touches nobody else', async () => {
    const ada = await userWithData();
    const bob = await userWithData();
    const response = await api.sealedPost('/db/delete-user-data', identity(ada), ada.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    expect(await countOf('resource', ada.user.id)).toBe(0);
    expect(await countOf('resource', bob.user.id)).toBe(1);
    const profile = await api.get(`/db/get-profile?username=${ada.user.username}`, ada.token);
    expect(profile.status).toBe(200);
    const body = (await profile.json()) as {
      profile: { User_Info: { firstName: string }; User_Preferences: unknown };
    };
    expect(body.profile.User_Info.firstName).toBe(ada.user.firstName);
    expect(body.profile.User_Preferences).toEqual({ User_Preference_Prompt: 'Be brief.' });
  });

  it('deletes the account and everything in it; the token dies and the email can register again', async () => {
    const ada = await userWithData();
    const bob = await userWithData();
    const second = await api.auth('/sign-in/email', { email: ada.user.email, password: ada.user.password });
    const otherToken = second.headers.get('set-auth-token') ?? '';

    const response = await api.sealedPost('/db/delete-user-account', identity(ada), ada.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(response.headers.get('set-cookie') ?? '').toMatch(/session_token=;.*Max-Age=0/i);

    for (const table of ['"user"', 'session', 'account', 'profile', 'resource'] as const) {
      expect({ table, n: await countOf(table, ada.user.id) }).toEqual({ table, n: 0 });
    }
    for (const token of [ada.token, otherToken]) {
      expect((await api.get(`/db/get-profile?username=${ada.user.username}`, token)).status).toBe(401);
    }
    expect((await api.get(`/db/get-profile?username=${bob.user.username}`, bob.token)).status).toBe(200);
    expect(await countOf('resource', bob.user.id)).toBe(1);

    const signIn = await api.auth('/sign-in/email', { email: ada.user.email, password: ada.user.password });
    expect(signIn.status).toBe(401);

    const again = signUpBody({ email: ada.user.email, username: ada.user.username });
    expect((await api.auth('/sign-up/email', again)).status).toBe(200);
    const [confirmation] = await api.mailTo(ada.user.email);
    expect(confirmation?.subject).toBe('Confirm your Penny account');
    const link = new URL(confirmation?.link ?? '');
    await t.app.request(link.pathname + link.search);
    const reborn = await api.auth('/sign-in/email', { email: again.email, password: again.password });
    expect(reborn.status).toBe(200);
  });

  it('refuses to delete another user’s data or account (403) and changes nothing', async () => {
    const ada = await userWithData();
    const bob = await userWithData();
    for (const path of ['/db/delete-user-data', '/db/delete-user-account']) {
      const response = await api.sealedPost(path, identity(bob), ada.token);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
    expect(await countOf('resource', bob.user.id)).toBe(1);
    expect(await countOf('"user"', bob.user.id)).toBe(1);
    expect(await countOf('"user"', ada.user.id)).toBe(1);
  });

  it('refuses callers without a session (401) and bad payloads (400), changing nothing', async () => {
    const ada = await userWithData();
    const bad: Array<[string, unknown]> = [
      ['no username', { firstName: 'Ada', lastName: 'Lovelace' }],
      ['empty username', { username: '  ' }],
      ['username not text', { username: 42 }],
      ['overlong last name', { username: ada.user.username, lastName: 'x'.repeat(101) }],
      ['not an object', ['delete', 'everything']],
    ];
    for (const path of ['/db/delete-user-data', '/db/delete-user-account']) {
      expect((await api.sealedPost(path, identity(ada))).status).toBe(401);
      expect((await api.sealedPost(path, identity(ada), api.anonToken)).status).toBe(401);
      for (const [label, body] of bad) {
        const response = await api.sealedPost(path, body, ada.token);
        expect({ path, label, status: response.status }).toEqual({ path, label, status: 400 });
        expect(((await response.json()) as { error: string }).error).toMatch(/^Invalid request/);
      }
    }
    expect(await countOf('resource', ada.user.id)).toBe(1);
    expect(await countOf('"user"', ada.user.id)).toBe(1);
  });
});
