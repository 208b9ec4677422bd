import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/index.ts';
import { createLogger } from '../logger.ts';
import { createDevOutbox, type DevOutbox } from './dev-outbox.ts';
import { createMailer, type MailMessage, maskEmail } from './mailer.ts';

const message = (to: string, subject = 'Confirm your Penny account'): MailMessage => ({
  to,
  subject,
  text: `Open https://penny.example/verify?token=abc for ${to}`,
  link: 'https://penny.example/verify?token=abc',
});

describe('the mailer', () => {
  let database: DatabaseHandle;
  let outbox: DevOutbox;
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  });

  beforeAll(async () => {
    database = await connectDatabase({ kind: 'pglite' });
    await database.migrate();
    outbox = createDevOutbox({ db: database.db, logger });
  });
  afterAll(async () => {
    await database?.close();
  });

  const setup = (limits: { perRecipient?: number; global?: number } = {}) => {
    const clock = { now: Date.now() };
    const mailer = createMailer({
      transport: outbox,
      logger,
      now: () => clock.now,
      throttle: {
        maxPerRecipient: limits.perRecipient ?? 3,
        recipientWindowMs: 10 * 60_000,
        maxGlobal: limits.global ?? 1000,
        globalWindowMs: 60 * 60_000,
      },
    });
    return { clock, mailer };
  };
  const inbox = async (to: string) => (await outbox.list()).filter((entry) => entry.to === to);

  it('sends a few messages per recipient per window, then drops the rest until the window passes', async () => {
    const { clock, mailer } = setup();
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(await mailer.send(message(i % 2 ? 'ADA@example.com' : 'ada@example.com')));
    expect(results).toEqual(['sent', 'sent', 'sent', 'throttled', 'throttled']);
    expect(await mailer.send(message('bob@example.com'))).toBe('sent');
    clock.now += 10 * 60_000;
    expect(await mailer.send(message('ada@example.com'))).toBe('sent');
    expect(await inbox('ada@example.com')).toHaveLength(4);
    expect(lines.join('')).toContain('mail throttled (recipient)');
  });

  it('caps the total across all recipients', async () => {
    const { mailer } = setup({ global: 2 });
    const results = [];
    for (const to of ['c1@example.com', 'c2@example.com', 'c3@example.com'])
      results.push(await mailer.send(message(to)));
    expect(results).toEqual(['sent', 'sent', 'throttled']);
    expect(await inbox('c3@example.com')).toEqual([]);
  });

  it('reports a transport failure without throwing or logging the message', async () => {
    const failing = createMailer({
      transport: {
        kind: 'smtp',
        deliver: async () => {
          throw new Error(
            'connect ECONNREFUSED, while sending "Open https://penny.example/verify?token=abc"',
          );
        },
      },
      logger,
      throttle: { maxPerRecipient: 5, recipientWindowMs: 1000, maxGlobal: 5, globalWindowMs: 1000 },
    });
    const before = lines.length;
    expect(await failing.send(message('dora@example.com'))).toBe('failed');
    const logged = lines.slice(before).join('');
    expect(logged).toContain('mail delivery failed');
    expect(logged).not.toContain('token=abc');
    expect(logged).not.toContain('dora@example.com');
  });

  it('sends queued mail in the background and reports when all of it has landed', async () => {
    const { mailer } = setup();
    mailer.queue(message('eve@example.com'));
    mailer.queue(message('eve@example.com', 'Reset your Penny password'));
    await mailer.settled();
    expect((await inbox('eve@example.com')).map((entry) => entry.subject)).toEqual([
      'Reset your Penny password',
      'Confirm your Penny account',
    ]);
  });

  it('masks addresses in its own log lines', () => {
    expect(maskEmail('grace@example.com')).toBe('g***@example.com');
  });
});
