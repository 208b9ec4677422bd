import { publicConfigSchema } from '@penny/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/index.ts';

describe('GET /dev/outbox', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lists the mail sent without SMTP, newest first, and logs each link', async () => {
    t = await createTestApp();
    const { user } = await t.signUpVerifiedUser();
    await t.app.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      body: JSON.stringify({ email: user.email, redirectTo: '/reset-password' }),
    });
    await t.mailer.settled();
    const response = await t.app.request('/dev/outbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await response.json()) as { messages: Array<Record<string, unknown>> };
    const mine = messages.filter((entry) => entry.to === user.email);
    expect(mine.map((entry) => entry.subject)).toEqual([
      'Reset your Penny password',
      'Confirm your Penny account',
    ]);
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual(['id', 'link', 'sentAt', 'subject', 'text', 'to']);
    expect(t.logText()).toContain(`dev outbox: ${String(mine[0]?.link)}`);
    expect(publicConfigSchema.parse(await (await t.app.request('/config')).json()).features.devOutbox).toBe(
      true,
    );
  });

  it('does not exist when SMTP is configured', async () => {
    t = await createTestApp({ env: { SMTP_URL: 'smtp://mail.invalid:2525' } });
    expect((await t.app.request('/dev/outbox')).status).toBe(404);
    expect(publicConfigSchema.parse(await (await t.app.request('/config')).json()).features.devOutbox).toBe(
      false,
    );
  });
});
