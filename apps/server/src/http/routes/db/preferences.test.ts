import { countWords, identityMessages, PROMPT_WORD_LIMIT } from '@penny/contracts';
import {
  type IdentityClient,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
  useIdentityApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

const preferences = {
  'Financial Experience': {
    'Personal Finance': '6/10',
    'Personal Finance Risk': '1/3',
    Investing: '8/10',
    'Investing Risk': '2/3',
    'Crypto / Web3': '2/10',
    'Crypto / Web3 Risk': '3/3',
  },
  'Response Detail': { 'Detail Numbers': '9/10', 'Detail Visual': '4/10', 'Detail Context': '7/10' },
  'Conversation Tone': {
    tone_conversational: '3/3',
    tone_formal: '1/3',
    tone_creative: '2/3',
    tone_funny: '1/3',
  },
  Profile: {
    Name: 'Ada Lovelace',
    DateOfBirth: '1990-01-01',
    Country: 'United Kingdom',
    Occupation: [' Software Developer ', 'Trader', 'trader', '', 'Chess coach'],
  },
  User_Preference_Prompt: 'Always mention my mortgage.',
};

describe.each(testDatabaseKinds())('preferences on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;
  let ada: SignedUpUser;
  let bob: SignedUpUser;

  useIdentityApp({ database: kind }, (suite) => {
    ({ t, api } = suite);
  });
  beforeAll(async () => {
    ada = await t.signUpVerifiedUser({ firstName: 'Ada', lastName: 'Lovelace' });
    bob = await t.signUpVerifiedUser({ firstName: 'Bob', lastName: 'Babbage' });
  });

  const storedPreferences = async (userId: string) =>
    (
      await t.rows<{ preferences: unknown }>(sql`select preferences from profile where user_id = ${userId}`)
    )[0]?.preferences;
  const save = (who: typeof ada, body: Record<string, unknown>) =>
    api.sealedPost(
      '/db/save-user-preferences',
      { username: who.user.username, firstName: who.user.firstName, lastName: who.user.lastName, ...body },
      who.token,
    );

  it('stores the document and reads it back through get-profile', async () => {
    const response = await save(ada, { preferences });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const expected = {
      ...preferences,
      Profile: { ...preferences.Profile, Occupation: ['Software Developer', 'Trader', 'Chess coach'] },
    };
    expect(await storedPreferences(ada.user.id)).toEqual(expected);
    const profile = await api.get(`/db/get-profile?username=${ada.user.username}`, ada.token);
    expect(
      ((await profile.json()) as { profile: { User_Preferences: unknown } }).profile.User_Preferences,
    ).toEqual(expected);
  });

  it('refuses every malformed value with a clear 400 and keeps what was stored', async () => {
    await save(bob, { preferences: { 'Response Detail': { 'Detail Numbers': '5/10' } } });
    const before = await storedPreferences(bob.user.id);
    const fe = preferences['Financial Experience'];
    const cases: Array<[string, unknown, string]> = [
      ['rating over 10', { 'Financial Experience': { ...fe, Investing: '11/10' } }, 'Investing'],
      ['rating of 0', { 'Financial Experience': { Investing: '0/10' } }, 'Investing'],
      ['rating as a number', { 'Financial Experience': { Investing: 5 } }, 'Investing'],
      ['rating on the wrong scale', { 'Financial Experience': { Trading: '5/9' } }, 'Trading'],
      ['risk over 3', { 'Financial Experience': { 'Investing Risk': '4/3' } }, 'Investing Risk'],
      ['unknown category', { 'Financial Experience': { Gambling: '5/10' } }, 'Unrecognized key'],
      ['detail in words', { 'Response Detail': { 'Detail Visual': 'lots' } }, 'Detail Visual'],
      ['detail by display label', { 'Response Detail': { Numbers: '5/10' } }, 'Unrecognized key'],
      ['tone of 0', { 'Conversation Tone': { tone_funny: '0/3' } }, 'tone_funny'],
      ['tone out of 10', { 'Conversation Tone': { tone_formal: '3/10' } }, 'tone_formal'],
      ['occupation too long', { Profile: { Occupation: ['x'.repeat(81)] } }, 'Occupation'],
      [
        'too many occupations',
        { Profile: { Occupation: Array.from({ length: 21 }, (_, i) => `Job ${i}`) } },
        'Occupation',
      ],
      ['occupation not a list', { Profile: { Occupation: 42 } }, 'Occupation'],
      ['name not text', { Profile: { Name: ['Ada'] } }, 'Name'],
      ['prompt over 200 words', { User_Preference_Prompt: 'word '.repeat(201) }, 'User_Preference_Prompt'],
      ['prompt not text', { User_Preference_Prompt: { text: 'hi' } }, 'User_Preference_Prompt'],
      ['unknown section', { Hobbies: ['chess'] }, 'Unrecognized key'],
      ['preferences not an object', 'all of them', 'preferences'],
      ['preferences missing', undefined, 'preferences'],
    ];
    for (const [label, value, mentions] of cases) {
      const response = await save(bob, { preferences: value });
      expect({ label, status: response.status }).toEqual({ label, status: 400 });
      const { error } = (await response.json()) as { error: string };
      expect({ label, error }).toEqual({ label, error: expect.stringMatching(/^Invalid request: /) });
      expect({ label, error }).toEqual({ label, error: expect.stringContaining(mentions) });
    }
    expect(
      (
        (await (
          await save(bob, { preferences: { User_Preference_Prompt: 'word '.repeat(201) } })
        ).json()) as {
          error: string;
        }
      ).error,
    ).toContain(identityMessages.preferences.promptTooLong);
    const noUsername = await api.sealedPost('/db/save-user-preferences', { preferences: {} }, bob.token);
    expect(noUsername.status).toBe(400);
    expect(await storedPreferences(bob.user.id)).toEqual(before);
  });

  it('never lets one user change another user’s preferences', async () => {
    const before = await storedPreferences(bob.user.id);
    const response = await api.sealedPost(
      '/db/save-user-preferences',
      { username: bob.user.username, firstName: 'Bob', lastName: 'Babbage', preferences: {} },
      ada.token,
    );
    expect(response.status).toBe(403);
    expect(await storedPreferences(bob.user.id)).toEqual(before);
  });

  it('refuses callers without a session, and plaintext bodies', async () => {
    const body = { username: ada.user.username, preferences: {} };
    expect((await api.sealedPost('/db/save-user-preferences', body)).status).toBe(401);
    expect((await api.sealedPost('/db/save-user-preferences', body, api.anonToken)).status).toBe(401);
    const plaintext = await t.app.request('/db/save-user-preferences', {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(plaintext.status).toBe(400);
  });

  it('writes a personal prompt from the preferences, within 200 words', async () => {
    const response = await api.sealedPost(
      '/db/generate-preference-prompt',
      {
        user_info: { username: ada.user.username, firstName: 'Ada', lastName: 'Lovelace', country: null },
        preferences,
        existing_prompt: null,
      },
      ada.token,
    );
    expect(response.status).toBe(200);
    const { success, prompt } = (await response.json()) as { success: boolean; prompt: string };
    expect(success).toBe(true);
    expect(countWords(prompt)).toBeLessThanOrEqual(PROMPT_WORD_LIMIT);
    for (const fragment of [
      'Ada',
      'software developer',
      'a trader',
      'Chess coach',
      'investing',
      'United Kingdom',
    ]) {
      expect(prompt).toContain(fragment);
    }
  });

  it('keeps the gist of an existing prompt', async () => {
    const response = await api.sealedPost(
      '/db/generate-preference-prompt',
      {
        user_info: { firstName: 'Ada' },
        preferences: { 'Conversation Tone': { tone_funny: '3/3' } },
        existing_prompt: 'Always remind me about my mortgage payments.',
      },
      ada.token,
    );
    const { prompt } = (await response.json()) as { prompt: string };
    expect(prompt).toContain('Always remind me about my mortgage payments.');
  });

  it('refuses bad prompt requests with a 400, another user with a 403, and no session with a 401', async () => {
    const valid = { user_info: { firstName: 'Ada' }, preferences: {}, existing_prompt: null };
    const bad: Array<[string, Record<string, unknown>]> = [
      [
        'preferences malformed',
        { ...valid, preferences: { 'Response Detail': { 'Detail Numbers': '12/10' } } },
      ],
      ['existing prompt too long', { ...valid, existing_prompt: 'word '.repeat(201) }],
      ['existing prompt not text', { ...valid, existing_prompt: 7 }],
      ['user info not an object', { ...valid, user_info: 'Ada' }],
      ['user info field not text', { ...valid, user_info: { firstName: { first: 'Ada' } } }],
      ['no preferences', { user_info: {} }],
    ];
    for (const [label, body] of bad) {
      const response = await api.sealedPost('/db/generate-preference-prompt', body, ada.token);
      expect({ label, status: response.status }).toEqual({ label, status: 400 });
    }
    const other = await api.sealedPost(
      '/db/generate-preference-prompt',
      { ...valid, user_info: { username: bob.user.username } },
      ada.token,
    );
    expect(other.status).toBe(403);
    expect((await api.sealedPost('/db/generate-preference-prompt', valid, api.anonToken)).status).toBe(401);
  });
});
