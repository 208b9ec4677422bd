import { getProfileResponseSchema } from '@penny/contracts';
import {
  type IdentityClient,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
  useIdentityApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

describe.each(testDatabaseKinds())('GET /db/get-profile on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;
  let ada: SignedUpUser;
  let bob: SignedUpUser;

  useIdentityApp({ database: kind }, (suite) => {
    ({ t, api } = suite);
  });
  beforeAll(async () => {
    ada = await t.signUpVerifiedUser({ firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' });
    bob = await t.signUpVerifiedUser({
      firstName: 'Bob',
      lastName: 'Babbage',
      phoneNumber: '+447700900123',
      dateOfBirth: '1971-12-26',
    });
  });

  // The names must be the user's own: another user's are refused (403).
  const query = (user: SignedUpUser, extra = '', username = user.user.username) =>
    `/db/get-profile?${new URLSearchParams({ username, firstName: user.user.firstName, lastName: user.user.lastName })}${extra}`;

  it('returns the signed-in user’s info and empty preferences, never cached', async () => {
    const response = await api.get(query(ada), ada.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = getProfileResponseSchema.parse(await response.json());
    const info = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+15551234567',
      dateOfBirth: '1990-01-01',
      country: 'United Kingdom',
      email: ada.user.email,
    };
    expect(body).toEqual({ success: true, profile: { ...info, User_Info: info, User_Preferences: {} } });
  });

  it('answers the fresh variant the same way', async () => {
    const plain = await (await api.get(query(ada), ada.token)).json();
    const fresh = await api.get(query(ada, '&fresh=true'), ada.token);
    expect(fresh.headers.get('cache-control')).toBe('no-store');
    expect(await fresh.json()).toEqual(plain);
  });

  it('reads preferences stored in older shapes as the canonical document', async () => {
    const legacy = {
      'Financial Experience': { Investing: '7/10', 'Investing Risk': 2, Trading: '99/10' },
      'Response Detail': { Numbers: '3/10' },
      Profile: { Occupation: '  Chef  ' },
      user_preference_prompt: 'Keep it short.',
    };
    await t.rows(
      sql`update profile set preferences = ${JSON.stringify(legacy)}::jsonb where user_id = ${bob.user.id}`,
    );
    const body = getProfileResponseSchema.parse(await (await api.get(query(bob), bob.token)).json());
    expect(body.profile.User_Preferences).toEqual({
      'Financial Experience': { Investing: '7/10', 'Investing Risk': '2/3' },
      'Response Detail': { 'Detail Numbers': '3/10' },
      Profile: { Occupation: ['Chef'] },
      User_Preference_Prompt: 'Keep it short.',
    });
  });

  it('accepts the username in any case, or the email, as the session user', async () => {
    for (const name of [ada.user.username.toUpperCase(), ada.user.email]) {
      const response = await api.get(query(ada, '', name), ada.token);
      expect(response.status).toBe(200);
    }
  });

  it('never shows one user another user’s profile (403)', async () => {
    const response = await api.get(query(bob), ada.token);
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      error: 'This request names a different user than the one signed in.',
      code: 'auth:other-user',
    });
    expect(text).not.toContain(bob.user.email);
  });

  it('refuses callers without a session (401)', async () => {
    expect((await api.get(query(ada))).status).toBe(401);
    expect((await api.get(query(ada), api.anonToken)).status).toBe(401);
  });

  it('refuses a malformed query with a clear 400', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/db/get-profile', /^Invalid request: username/],
      [`/db/get-profile?username=${'x'.repeat(300)}`, /^Invalid request: username/],
      [`/db/get-profile?username=${ada.user.username}&fresh=maybe`, /^Invalid request: fresh/],
      [
        `/db/get-profile?username=${ada.user.username}&firstName=${'y'.repeat(101)}`,
        /^Invalid request: firstName/,
      ],
    ];
    for (const [path, message] of cases) {
      const response = await api.get(path, ada.token);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
  });
});
