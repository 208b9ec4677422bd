import { desc } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import { type MailTransport, maskEmail } from './mailer.ts';

/** One message as GET /dev/outbox lists it (e2e tests read this shape). */
export type OutboxEntry = {
  id: number;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  sentAt: string;
};

export type DevOutbox = MailTransport & {
  /** Newest first. */
  list(limit?: number): Promise<OutboxEntry[]>;
};

/**
 * MAIL_MODE=outbox, the default outside production without SMTP: stored in the outbox table (kept
 * across restarts), each link printed to the log, and listed at /dev/outbox to loopback clients only,
 * so a developer or the e2e tests can confirm an account. Never used in production.
 */
export function createDevOutbox(deps: { db: Database; logger: Logger }): DevOutbox {
  return {
    kind: 'dev-outbox',
    async deliver(message) {
      const [row] = await deps.db
        .insert(tables.outbox)
        .values({
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          link: message.link ?? null,
        })
        .returning({ id: tables.outbox.id });
      deps.logger.info(
        { outbox: { id: row?.id, to: maskEmail(message.to), subject: message.subject } },
        `dev outbox: ${message.link ?? '(no link)'}`,
      );
    },
    async list(limit = 200) {
      const rows = await deps.db
        .select()
        .from(tables.outbox)
        .orderBy(desc(tables.outbox.id))
        .limit(Math.min(Math.max(limit, 1), 1000));
      return rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        link: row.link,
        sentAt: row.createdAt.toISOString(),
      }));
    },
  };
}
