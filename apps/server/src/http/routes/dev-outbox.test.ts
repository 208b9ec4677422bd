import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { serve } from '@hono/node-server';
import { publicConfigSchema } from '@penny/contracts';
import { createTestApp, signUpBody, type TestApp } from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

/** The connection info Hono's Node adapter hands the app (c.env.incoming.socket), for one peer. */
const from = (remoteAddress: string) => ({
  incoming: {
    socket: {
      remoteAddress,
      remotePort: 50_000,
      remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4',
    },
  },
});

const outboxFrom = (t: TestApp, peer: string | undefined, headers: Record<string, string> = {}) =>
  t.app.request('/dev/outbox', { headers }, peer === undefined ? undefined : from(peer));

/** What the app answers for a path that does not exist, from the same peer. */
async function notFoundAnswer(t: TestApp, peer: string | undefined) {
  const response = await t.app.request('/dev/no-such-page', {}, peer === undefined ? undefined : from(peer));
  return { status: response.status, body: await response.json() };
}

async function requestReset(t: TestApp, email: string) {
  await t.app.request('/api/auth/request-password-reset', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
    body: JSON.stringify({ email, redirectTo: '/reset-password' }),
  });
  // The reset request is handled after its answer has gone (same timing for known and unknown emails).
  await t.authGateway.settled();
  await t.mailer.settled();
}

describe('GET /dev/outbox', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lists the mail sent without SMTP to a client on this machine, newest first, and logs each link', async () => {
    t = await createTestApp();
    const { user } = await t.signUpVerifiedUser();
    await requestReset(t, user.email);
    const response = await outboxFrom(t, '127.0.0.1');
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
    // The log line names the recipient masked, never in full.
    expect(t.logText()).not.toContain(`"to":"${user.email}"`);
    expect(publicConfigSchema.parse(await (await t.app.request('/config')).json()).features.devOutbox).toBe(
      true,
    );
  });

  it('answers every loopback form of the socket address', async () => {
    t = await createTestApp();
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect({ peer, status: (await outboxFrom(t, peer)).status }).toEqual({ peer, status: 200 });
    }
  });

  it('does not exist for anyone else: the same 404 as an unknown path, whatever headers they send', async () => {
    t = await createTestApp();
    const { user } = await t.signUpVerifiedUser();
    await requestReset(t, user.email);
    const cases: Array<{ peer: string | undefined; headers?: Record<string, string> }> = [
      { peer: '192.0.2.7' },
      { peer: '10.0.0.1' },
      { peer: '::ffff:192.0.2.7' },
      { peer: 'fd00::2' },
      { peer: '128.0.0.1' },
      // No connection info at all is not "local".
      { peer: undefined },
      // A remote client cannot make itself local with a header.
      { peer: '192.0.2.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { peer: '192.0.2.7', headers: { 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' } },
      // A proxy on this machine forwarding a remote client is not local either.
      { peer: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { peer: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' } },
      { peer: '127.0.0.1', headers: { forwarded: 'for="[2001:db8::1]:4711"' } },
      { peer: '::1', headers: { 'x-real-ip': '198.51.100.4' } },
      { peer: '127.0.0.1', headers: { 'x-forwarded-for': 'unknown' } },
    ];
    for (const { peer, headers } of cases) {
      const response = await outboxFrom(t, peer, headers);
      const body = await response.text();
      expect({ peer, headers, status: response.status, body: JSON.parse(body) }).toEqual({
        peer,
        headers,
        ...(await notFoundAnswer(t, peer)),
      });
      expect(body).not.toContain(user.email);
    }
    expect(await notFoundAnswer(t, '192.0.2.7')).toEqual({
      status: 404,
      body: { success: false, error: 'Not found.', code: 'request:not-found' },
    });
    // A local proxy that forwards a local client (e.g. a dev proxy) is fine.
    expect((await outboxFrom(t, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });

  it('over real sockets: 200 through 127.0.0.1, 404 through any other address of this machine', async () => {
    t = await createTestApp();
    const app = t.app;
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const listening = serve({ fetch: app.fetch, port: 0, hostname: '0.0.0.0' }, () => resolve(listening));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const local = await fetch(`http://127.0.0.1:${port}/dev/outbox`);
      expect(local.status).toBe(200);
      expect(await local.json()).toHaveProperty('messages');
      const spoofed = await fetch(`http://127.0.0.1:${port}/dev/outbox`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(spoofed.status).toBe(404);
      // The machine's own non-loopback addresses reach the server as a remote client would.
      const others = Object.values(networkInterfaces())
        .flat()
        .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
        .map((entry) => entry?.address);
      for (const address of others) {
        for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
          const response = await fetch(`http://${address}:${port}/dev/outbox`, { headers });
          expect({ address, headers, status: response.status, body: await response.json() }).toEqual({
            address,
            headers,
            status: 404,
            body: { success: false, error: 'Not found.', code: 'request:not-found' },
          });
        }
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('does not exist when SMTP is configured', async () => {
    t = await createTestApp({ env: { SMTP_URL: 'smtp://mail.invalid:2525' } });
    expect((await outboxFrom(t, '127.0.0.1')).status).toBe(404);
    expect(publicConfigSchema.parse(await (await t.app.request('/config')).json()).features.devOutbox).toBe(
      false,
    );
  });

  it('in production with MAIL_MODE=log: links go to the server log only, never to a table or /dev/outbox', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', MAIL_MODE: 'log' } });
    expect(t.devOutbox).toBeUndefined();
    const email = 'logmode@example.com';
    const signUp = await t.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      body: JSON.stringify(signUpBody({ email: email, username: 'log_mode' })),
    });
    expect(signUp.status).toBe(200);
    await t.mailer.settled();

    const line = t.logs.find((entry) => String(entry.msg).startsWith('mail (MAIL_MODE=log): '));
    const link = String(line?.msg).slice('mail (MAIL_MODE=log): '.length);
    expect(link).toContain('/api/auth/verify-email?token=');
    expect(line?.mail).toEqual({ to: 'l***@example.com', subject: 'Confirm your Penny account' });
    expect(t.logText()).not.toContain(email);
    // The logged link is the working one: the operator can hand it to the user.
    const url = new URL(link);
    expect((await t.app.request(url.pathname + url.search)).status).toBeLessThan(400);

    expect(await t.rows(sql`select id from outbox`)).toEqual([]);
    expect((await outboxFrom(t, '127.0.0.1')).status).toBe(404);
    expect(publicConfigSchema.parse(await (await t.app.request('/config')).json()).features.devOutbox).toBe(
      false,
    );
  });
});
