import { apiErrorBodySchema } from '@penny/contracts';
import {
  type IdentityClient,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
  useIdentityApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Hardening issue, finding 6: the names a payload carries (username, firstName, lastName, and in
 * `user_info` the id and email) are compared with the session user, as docs/api.md says; any one that
 * names someone else is a 403 `auth:other-user` and changes nothing.
 */
describe.each(testDatabaseKinds())('names in payloads on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;
  let ada: SignedUpUser;
  let bob: SignedUpUser;

  useIdentityApp({ database: kind }, (suite) => {
    ({ t, api } = suite);
  });
  beforeAll(async () => {
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser({ firstName: 'Bob', lastName: 'Builder' });
  });

  const names = (user: SignedUpUser) => ({
    username: user.user.username,
    firstName: user.user.firstName,
    lastName: user.user.lastName,
  });
  const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  async function expectOtherUser(response: Response, label: string) {
    expect({ label, status: response.status }).toEqual({ label, status: 403 });
    expect(apiErrorBodySchema.parse(await response.json()).code).toBe('auth:other-user');
  }
  const userRows = async (user: SignedUpUser) =>
    (await t.rows<{ n: number }>(sql`select count(*)::int as n from "user" where id = ${user.user.id}`))[0]
      ?.n;
  const resourceRows = async (user: SignedUpUser) =>
    (
      await t.rows<{ n: number }>(
        sql`select count(*)::int as n from resource where user_id = ${user.user.id}`,
      )
    )[0]?.n;

  it('refuses Delete Account and Delete Data with another first or last name, and keeps the account', async () => {
    const ownName = names(ada);
    await expectOtherUser(
      await api.sealedPost('/db/delete-user-account', { ...ownName, firstName: 'Bob' }, ada.token),
      'delete-user-account, another first name',
    );
    await expectOtherUser(
      await api.sealedPost('/db/delete-user-account', { ...ownName, lastName: 'Builder' }, ada.token),
      'delete-user-account, another last name',
    );
    await expectOtherUser(
      await api.sealedPost('/db/delete-user-data', { ...ownName, firstName: bob.user.firstName }, ada.token),
      'delete-user-data, another first name',
    );
    expect(await userRows(ada)).toBe(1);
    const profile = await api.get(`/db/get-profile?${query(ownName)}`, ada.token);
    expect(profile.status).toBe(200);
  });

  it('refuses reads and writes whose names are not the session user’s', async () => {
    const mixed = { ...names(ada), lastName: bob.user.lastName };
    const container = { type: 'container', title: 'Spending', content_blocks: [] };
    await expectOtherUser(
      await api.sealedPost(
        '/db/store-resource',
        { ...mixed, thread_id: 't1', query_id: 'q1', dsl_objects: [container] },
        ada.token,
      ),
      'store-resource',
    );
    expect(await resourceRows(ada)).toBe(0);
    await expectOtherUser(
      await api.get(`/db/get-user-resources?${query(mixed)}`, ada.token),
      'get-user-resources',
    );
    await expectOtherUser(
      await api.get(`/db/get-all-user-threads?${query(mixed)}`, ada.token),
      'get-all-user-threads',
    );
    await expectOtherUser(
      await api.sealedPost('/agent/plaid/get-accounts', mixed, ada.token),
      'plaid/get-accounts',
    );
  });

  it('refuses user_info naming another user by id, email or name', async () => {
    const chat = (userInfo: Record<string, string>) =>
      api.sealedPost(
        '/agent/chat',
        {
          message: 'What is my net worth?',
          query_id: `query-${Math.random()}`.replace('.', ''),
          user_info: userInfo,
        },
        ada.token,
      );
    await expectOtherUser(await chat({ ...names(ada), userId: bob.user.id }), 'chat, another user id');
    await expectOtherUser(await chat({ ...names(ada), firstName: 'Bob' }), 'chat, another first name');
    const turns = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from chat_turn where user_id = ${ada.user.id}`,
    );
    expect(turns[0]?.n).toBe(0);

    const prompt = (userInfo: Record<string, string>) =>
      api.sealedPost('/db/generate-preference-prompt', { user_info: userInfo, preferences: {} }, ada.token);
    await expectOtherUser(await prompt({ userId: bob.user.id }), 'prompt, another user id');
    await expectOtherUser(await prompt({ email: bob.user.email }), 'prompt, another email');
    await expectOtherUser(await prompt({ firstName: 'Bob' }), 'prompt, another first name');
    expect((await prompt({ ...names(ada), userId: ada.user.id, email: ada.user.email })).status).toBe(200);

    const sync = await api.sealedPost(
      '/db/sync-thread-history',
      { thread_id: 'thread-1', user_info: { ...names(ada), userId: bob.user.id } },
      ada.token,
    );
    await expectOtherUser(sync, 'sync-thread-history, another user id');
  });

  it('refuses the account-connection service’s names too', async () => {
    const response = await t.app.request('/connect/api/create_link_token', {
      method: 'POST',
      headers: {
        cookie: ada.cookie,
        origin: t.config.publicUrl,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: query({ ...names(ada), lastName: 'Builder' }),
    });
    await expectOtherUser(response, 'create_link_token');
  });

  it('accepts the user’s own names in any case and spacing, and the email as username', async () => {
    const loose = {
      username: ada.user.email.toUpperCase(),
      firstName: ` ${ada.user.firstName.toLowerCase()} `,
      lastName: ada.user.lastName.toUpperCase(),
    };
    const response = await api.get(`/db/get-user-resources?${query(loose)}`, ada.token);
    expect(response.status).toBe(200);
    // Blank names name no one and are not compared.
    const blank = await api.get(
      `/db/get-user-resources?${query({ ...names(ada), firstName: '', lastName: ' ' })}`,
      ada.token,
    );
    expect(blank.status).toBe(200);
  });

  it('accepts the client’s fallback names only for a user who has none', async () => {
    const carol = await t.signUpVerifiedUser();
    await t.rows(sql`update "user" set first_name = null, last_name = null where id = ${carol.user.id}`);
    // A fresh session, so the session cache holds the row as it is now.
    const signIn = await api.auth('/sign-in/email', {
      email: carol.user.email,
      password: carol.user.password,
    });
    const token = signIn.headers.get('set-auth-token') ?? '';
    const list = (firstName: string, lastName: string) =>
      api.get(
        `/db/get-user-resources?${query({ username: carol.user.username, firstName, lastName })}`,
        token,
      );
    expect((await list('User', 'Account')).status).toBe(200);
    expect((await list('Guest', 'User')).status).toBe(200);
    await expectOtherUser(await list('Ada', 'Lovelace'), 'a name the user does not have');
    await expectOtherUser(await list('User', 'Lovelace'), 'a last name the user does not have');
    // A user with names cannot be addressed by the fallbacks.
    await expectOtherUser(
      await api.get(`/db/get-user-resources?${query({ ...names(ada), firstName: 'User' })}`, ada.token),
      'a fallback for a user with a name',
    );
  });
});
