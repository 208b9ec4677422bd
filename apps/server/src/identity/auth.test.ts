import { identityMessages } from '@penny/contracts';
import {
  type IdentityClient,
  signUpBody,
  type TestApp,
  testDatabaseKinds,
  useIdentityApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

const m = identityMessages.signUp;

describe.each(testDatabaseKinds())('sign-up, sign-in and recovery on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;

  useIdentityApp({ database: kind }, (suite) => {
    ({ t, api } = suite);
  });

  const countUsers = async () =>
    Number((await t.rows<{ n: number }>(sql`select count(*)::int as n from "user"`))[0]?.n);

  /** Signs up, confirms through the outbox link, signs in: the session's bearer token. */
  async function signUpAndSignIn(body = signUpBody()) {
    expect((await api.auth('/sign-up/email', body)).status).toBe(200);
    const [mail] = await api.mailTo(body.email);
    const link = new URL(mail?.link ?? '');
    expect((await t.app.request(link.pathname + link.search)).status).toBeLessThan(400);
    const signIn = await api.auth('/sign-in/email', { email: body.email, password: body.password });
    expect(signIn.status).toBe(200);
    return { body, token: signIn.headers.get('set-auth-token') ?? '' };
  }

  it('creates the account from the four steps and emails a confirmation link', async () => {
    const body = signUpBody({ username: 'Grace.H_1', middleName: '  ' });
    const response = await api.auth('/sign-up/email', body);
    expect(response.status).toBe(200);
    const [row] = await t.rows(sql`select * from "user" where email = ${body.email}`);
    expect(row).toMatchObject({
      username: 'grace.h_1',
      display_username: 'Grace.H_1',
      first_name: 'Grace',
      middle_name: null,
      last_name: 'Hopper',
      phone_number: '+15551234567',
      country: 'United States',
      date_of_birth: '1906-12-09',
      agreed_to_terms: true,
      agreed_to_privacy: true,
      mfa_setup_completed: false,
      email_verified: false,
    });
    const mails = await api.mailTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Confirm your Penny account');
    expect(mails[0]?.link).toContain('/api/auth/verify-email?token=');
    expect(mails[0]?.text).toContain(mails[0]?.link ?? 'missing');
    // The data container exists from the start (database-setup comes before any session:
    // docs/product/identity.md, "Data service").
    expect(await t.rows(sql`select user_id from profile where user_id = ${String(row?.id)}`)).toHaveLength(1);
  });

  it("refuses every invalid sign-up field with the form's own message and creates nothing", async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['terms not ticked', { agreedToTerms: false }, m.termsRequired],
      ['privacy missing', { agreedToPrivacy: undefined }, m.privacyRequired],
      ['no username', { username: '' }, m.credentialsRequired],
      ['short username', { username: 'ab' }, m.usernameFormat],
      ['username with spaces', { username: 'bad name!' }, m.usernameFormat],
      ['long username', { username: 'a'.repeat(31) }, m.usernameFormat],
      ['bad email', { email: 'not-an-email' }, m.invalidEmail],
      ['short password', { password: '12345' }, m.passwordTooShort],
      ['long password', { password: 'x'.repeat(129) }, m.passwordTooLong],
      ['no first name', { firstName: ' ' }, m.namesRequired],
      ['no last name', { lastName: undefined }, m.namesRequired],
      ['overlong middle name', { middleName: 'x'.repeat(101) }, m.nameTooLong],
      ['phone too short', { phoneNumber: '+1555123' }, m.invalidPhone],
      ['phone without country code', { phoneNumber: '5551234567' }, m.invalidPhone],
      ['phone with letters', { phoneNumber: '+1555CALLME' }, m.invalidPhone],
      ['no phone', { phoneNumber: '' }, m.contactRequired],
      ['no country', { country: '' }, m.contactRequired],
      ['no date of birth', { dateOfBirth: '' }, m.contactRequired],
      ['unreadable date of birth', { dateOfBirth: '12/09/1906' }, m.invalidDateOfBirth],
      ['impossible date of birth', { dateOfBirth: '1990-02-31' }, m.invalidDateOfBirth],
      ['date of birth in the future', { dateOfBirth: future }, m.dateOfBirthInFuture],
      ['a number for a name', { firstName: 42 }, m.namesRequired],
    ];
    const before = await countUsers();
    for (const [label, override, message] of cases) {
      const response = await api.auth('/sign-up/email', signUpBody(override));
      expect({ label, status: response.status }).toEqual({ label, status: 400 });
      const body = (await response.json()) as { message: string };
      expect({ label, message: body.message }).toEqual({ label, message });
    }
    expect(await countUsers()).toBe(before);
  });

  it('never lets a request set server-owned fields', async () => {
    const body = signUpBody({ mfaSetupCompleted: true, emailVerified: true, role: 'admin' });
    expect((await api.auth('/sign-up/email', body)).status).toBe(200);
    const [row] = await t.rows(
      sql`select mfa_setup_completed, email_verified from "user" where email = ${body.email}`,
    );
    expect(row).toEqual({ mfa_setup_completed: false, email_verified: false });
  });

  it('keeps usernames unique whatever their case, and says so in the required words (docs/product/identity.md, "Validation rules")', async () => {
    const first = signUpBody({ username: 'Unique_Name1' });
    expect((await api.auth('/sign-up/email', first)).status).toBe(200);
    const again = await api.auth('/sign-up/email', signUpBody({ username: 'unique_NAME1' }));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'USERNAME_IS_ALREADY_TAKEN', message: m.usernameTaken });

    const taken = await api.auth('/is-username-available', { username: 'UNIQUE_name1' });
    expect(await taken.json()).toEqual({ available: false });
    const free = await api.auth('/is-username-available', { username: 'nobody_has_this' });
    expect(await free.json()).toEqual({ available: true });
  });

  it('lets exactly one of two simultaneous sign-ups for one username through', async () => {
    const username = `race_${Date.now().toString(36)}`;
    const responses = await Promise.all([
      api.auth('/sign-up/email', signUpBody({ username })),
      api.auth('/sign-up/email', signUpBody({ username: username.toUpperCase() })),
    ]);
    const winners = responses.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    // The loser is refused either by the availability check (400) or by the unique index (422).
    const loser = responses.find((r) => r.status !== 200);
    expect([400, 422]).toContain(loser?.status);
    expect(((await loser?.json()) as { message?: string } | undefined)?.message).toBe(m.usernameTaken);
    const rows = await t.rows(sql`select id from "user" where lower(username) = ${username}`);
    expect(rows).toHaveLength(1);
  });

  it('answers a sign-up for a registered email exactly like a new one', async () => {
    const owner = signUpBody();
    const fresh = await api.auth('/sign-up/email', owner);
    const duplicate = await api.auth(
      '/sign-up/email',
      signUpBody({ email: owner.email, username: `${owner.username}x`.slice(0, 30) }),
    );
    expect(duplicate.status).toBe(fresh.status);
    const a = (await fresh.json()) as { token: unknown; user: Record<string, unknown> };
    const b = (await duplicate.json()) as { token: unknown; user: Record<string, unknown> };
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(Object.keys(b.user)).toEqual(Object.keys(a.user));
    expect(b.token).toBe(a.token);
    const comparable = ({
      id: _i,
      createdAt: _c,
      updatedAt: _u,
      username: _n,
      displayUsername: _d,
      ...rest
    }: Record<string, unknown>) => rest;
    expect(comparable(b.user)).toEqual(comparable(a.user));
    // Only the owner of the inbox learns that the account exists.
    const mails = await api.mailTo(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You already have a Penny account',
      'Confirm your Penny account',
    ]);
    expect(await t.rows(sql`select id from "user" where email = ${owner.email}`)).toHaveLength(1);
  });

  it('asks for a confirmed email before the first sign-in and sends the link again', async () => {
    const body = signUpBody();
    await api.auth('/sign-up/email', body);
    const early = await api.auth('/sign-in/email', { email: body.email, password: body.password });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(early.headers.get('set-auth-token')).toBeNull();
    expect((await api.mailTo(body.email)).filter((mail) => mail.link?.includes('verify-email'))).toHaveLength(
      2,
    );

    const resend = await api.auth('/send-verification-email', { email: body.email });
    expect(resend.status).toBe(200);
    const unknown = await api.auth('/send-verification-email', { email: 'nobody-here@example.com' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await resend.clone().json());
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const { body } = await signUpAndSignIn();
    const wrong = await api.auth('/sign-in/email', { email: body.email, password: 'not the password' });
    const unknown = await api.auth('/sign-in/email', { email: 'ghost@example.com', password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('answers a reset request for an unknown email exactly as for a known one', async () => {
    const { body } = await signUpAndSignIn();
    const known = await api.auth('/request-password-reset', {
      email: body.email,
      redirectTo: '/reset-password',
    });
    const unknown = await api.auth('/request-password-reset', {
      email: 'nobody-at-all@example.com',
      redirectTo: '/reset-password',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await api.mailTo('nobody-at-all@example.com')).toEqual([]);
    expect((await api.mailTo(body.email))[0]?.subject).toBe('Reset your Penny password');
  });

  it('resets the password through the emailed link, once, and signs out every other session', async () => {
    const { body, token } = await signUpAndSignIn();
    const second = await api.auth('/sign-in/email', { email: body.email, password: body.password });
    const otherToken = second.headers.get('set-auth-token') ?? '';
    await api.auth('/request-password-reset', { email: body.email, redirectTo: '/reset-password' });
    const [mail] = await api.mailTo(body.email);
    expect(mail?.subject).toBe('Reset your Penny password');

    const link = new URL(mail?.link ?? '');
    const landing = await t.app.request(link.pathname + link.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location') ?? '', t.config.publicUrl);
    expect(target.pathname).toBe('/reset-password');
    const resetToken = target.searchParams.get('token');
    expect(resetToken).toBeTruthy();

    const reset = await api.auth('/reset-password', { newPassword: 'a brand new secret', token: resetToken });
    expect(reset.status).toBe(200);
    const reused = await api.auth('/reset-password', {
      newPassword: 'yet another secret',
      token: resetToken,
    });
    expect(reused.status).toBe(400);

    for (const old of [token, otherToken]) {
      const profile = await api.get(`/db/get-profile?username=${body.username}`, old);
      expect(profile.status).toBe(401);
    }
    const oldPassword = await api.auth('/sign-in/email', { email: body.email, password: body.password });
    expect(oldPassword.status).toBe(401);
    const newPassword = await api.auth('/sign-in/email', {
      email: body.email,
      password: 'a brand new secret',
    });
    expect(newPassword.status).toBe(200);
  });

  it('keeps session tokens out of every response body and every log line', async () => {
    const { body, token } = await signUpAndSignIn();
    const rawToken = token.split('.')[0] ?? token;
    const signIn = await api.auth('/sign-in/email', { email: body.email, password: body.password });
    const secondToken = signIn.headers.get('set-auth-token') ?? '';
    const bodies = [
      await signIn.text(),
      await (await api.get('/api/auth/get-session', token)).text(),
      await (await api.get('/api/auth/list-sessions', token)).text(),
      await (await api.get(`/db/get-profile?username=${body.username}`, token)).text(),
    ];
    const [hash] = await t.rows<{ password: string }>(
      sql`select a.password from account a join "user" u on u.id = a.user_id where u.email = ${body.email}`,
    );
    expect(hash?.password).toBeTruthy();
    for (const text of [...bodies, t.logText()]) {
      expect(text).not.toContain(rawToken);
      expect(text).not.toContain(secondToken.split('.')[0]);
      expect(text).not.toContain(body.password);
      expect(text).not.toContain(hash?.password);
    }
    expect(JSON.parse(bodies[1] ?? '{}')).toMatchObject({ user: { email: body.email } });
  });
});
