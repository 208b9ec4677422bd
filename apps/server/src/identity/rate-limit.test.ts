import { identityMessages } from '@penny/contracts';
import {
  type IdentityClient,
  signUpBody,
  type TestApp,
  testDatabaseKinds,
  useIdentityApp,
} from '@penny/server/testing';
import { describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from './auth.ts';
import { SIGN_IN_BRAKE } from './sign-in-brake.ts';

let ipCounter = 0;
/** A fresh client address per use, so tests never share a rate-limit bucket. */
function freshIp() {
  ipCounter++;
  return `10.${Math.floor(Math.random() * 200)}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

describe.each(testDatabaseKinds())('brute force and mail flooding on %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;

  // Rate limits are off under NODE_ENV=test unless asked for; the proxy header lets each test be
  // its own client.
  useIdentityApp(
    {
      database: kind,
      env: { AUTH_RATE_LIMIT: 'true', CLIENT_IP_HEADER: 'x-forwarded-for', MAIL_MAX_PER_RECIPIENT: '3' },
    },
    (suite) => {
      ({ t, api } = suite);
    },
  );

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('slows the guessing address down, known account or not, while the owner still signs in elsewhere', async () => {
    const { user } = await t.signUpVerifiedUser();
    const { max } = SIGN_IN_BRAKE.perAccountAndAddress;
    for (const email of [user.email, `ghost${Date.now()}@example.com`]) {
      const attacker = freshIp();
      for (let attempt = 1; attempt <= max; attempt++) {
        const guess = await api.auth(
          '/sign-in/email',
          { email, password: `guess-${attempt}` },
          from(attacker),
        );
        expect(guess.status).toBe(401);
      }
      const blocked = await api.auth('/sign-in/email', { email, password: user.password }, from(attacker));
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toMatchObject({ message: identityMessages.signIn.tooManyAttempts });
      expect(Number(blocked.headers.get('x-retry-after'))).toBeGreaterThan(0);
    }
    // The owner, from their own address, is not locked out by the attacker's failures.
    const owner = await api.auth(
      '/sign-in/email',
      { email: user.email, password: user.password },
      from(freshIp()),
    );
    expect(owner.status).toBe(200);
  });

  it('counts 60 wrong passwords sent at once: only the allowed few reach the password check', async () => {
    const { user } = await t.signUpVerifiedUser();
    const attacker = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api.auth('/sign-in/email', { email: user.email, password: `wrong-${i}` }, from(attacker)),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_BRAKE.perAccountAndAddress.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      60 - SIGN_IN_BRAKE.perAccountAndAddress.max,
    );
  });

  it('stops a guessing campaign spread over many addresses at the per-account ceiling', async () => {
    const email = `target${Date.now()}@example.com`;
    const { max } = SIGN_IN_BRAKE.perAccount;
    // All but the last allowed attempt, as a campaign from many addresses leaves them (counted in the
    // same counters the gateway uses; a real request per attempt would cost a password hash each).
    for (let i = 0; i < max - 1; i++)
      await t.rateLimiter.consume(`signin:${email}`, SIGN_IN_BRAKE.perAccount);
    const last = await api.auth('/sign-in/email', { email, password: 'guess-last' }, from(freshIp()));
    expect(last.status).toBe(401);
    const over = await api.auth('/sign-in/email', { email, password: 'guess-over' }, from(freshIp()));
    expect(over.status).toBe(429);
  });

  it('clears an address’s count after a correct password', async () => {
    const { user } = await t.signUpVerifiedUser();
    const home = freshIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_BRAKE.perAccountAndAddress.max - 1; i++) {
        const typo = await api.auth(
          '/sign-in/email',
          { email: user.email, password: 'typo typo' },
          from(home),
        );
        expect(typo.status).toBe(401);
      }
      const right = await api.auth(
        '/sign-in/email',
        { email: user.email, password: user.password },
        from(home),
      );
      expect(right.status).toBe(200);
    }
  });

  it('limits sign-in attempts per address, whatever is forged in front of the proxy’s hop', async () => {
    const ip = freshIp();
    const { max } = AUTH_RATE_LIMITS['/sign-in/email'];
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const response = await api.auth(
        '/sign-in/email',
        { email: `someone${i}-${ip}@example.com`, password: 'nope nope' },
        { 'x-forwarded-for': `203.0.113.${i % 250}, ${ip}` },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, max).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const elsewhere = await api.auth(
      '/sign-in/email',
      { email: 'x@example.com', password: 'nope nope' },
      from(freshIp()),
    );
    expect(elsewhere.status).toBe(401);
  });

  it('limits sign-ups, reset requests, resends and username checks per address', async () => {
    const cases: Array<[keyof typeof AUTH_RATE_LIMITS, () => Record<string, unknown>]> = [
      ['/sign-up/email', () => signUpBody()],
      ['/request-password-reset', () => ({ email: `nobody${Math.random()}@example.com` })],
      ['/send-verification-email', () => ({ email: `nobody${Math.random()}@example.com` })],
      ['/is-username-available', () => ({ username: `free_${Math.floor(Math.random() * 1e9)}` })],
    ];
    for (const [path, body] of cases) {
      const ip = freshIp();
      const { max } = AUTH_RATE_LIMITS[path];
      const allowed = await Promise.all(Array.from({ length: max }, () => api.auth(path, body(), from(ip))));
      expect({ path, statuses: [...new Set(allowed.map((r) => r.status))] }).toEqual({
        path,
        statuses: [200],
      });
      const over = await api.auth(path, body(), from(ip));
      expect({ path, status: over.status }).toEqual({ path, status: 429 });
    }
  });

  it('sends at most a few emails to one address, while every answer stays the same', async () => {
    const { user } = await t.signUpVerifiedUser();
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await api.auth(
        '/request-password-reset',
        { email: user.email, redirectTo: '/reset-password' },
        from(freshIp()),
      );
      expect(response.status).toBe(200);
      answers.add(await response.text());
    }
    expect(answers.size).toBe(1);
    // MAIL_MAX_PER_RECIPIENT=3 within 10 minutes: the confirmation link plus two reset links.
    const mails = await api.mailTo(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Reset your Penny password',
      'Reset your Penny password',
      'Confirm your Penny account',
    ]);
    expect(t.logText()).toContain('mail throttled (recipient)');
  });
});

describe('client address without a proxy', () => {
  let api: IdentityClient;

  useIdentityApp({ env: { AUTH_RATE_LIMIT: 'true' } }, (suite) => {
    api = suite.api;
  });

  it('ignores forwarding headers a client sends, so forging one buys no fresh limit', async () => {
    const { max } = AUTH_RATE_LIMITS['/is-username-available'];
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const response = await api.auth(
        '/is-username-available',
        { username: `free_${i}_name` },
        { 'x-forwarded-for': freshIp(), 'x-penny-client-ip': freshIp() },
      );
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
