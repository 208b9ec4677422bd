import type { Logger } from '../logger.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The action link inside the message, kept separately so the dev outbox can show it. */
  link?: string;
};

export type OutboxEntry = MailMessage & { id: number; sentAt: string };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
};

export type DevOutbox = Mailer & {
  list(): OutboxEntry[];
};

/**
 * The embedded mode's mailer: keeps recent messages in memory for /dev/outbox and logs each link,
 * so a self-hoster without SMTP can still confirm an account. Never used when SMTP_URL is set.
 */
export function createDevOutbox(logger: Logger, capacity = 200): DevOutbox {
  const entries: OutboxEntry[] = [];
  let nextId = 1;
  return {
    async send(message) {
      const entry: OutboxEntry = { ...message, id: nextId++, sentAt: new Date().toISOString() };
      entries.push(entry);
      if (entries.length > capacity) entries.shift();
      logger.info(
        { outbox: { id: entry.id, to: entry.to, subject: entry.subject } },
        `dev outbox: ${entry.link ?? ''}`,
      );
    },
    list: () => [...entries].reverse(),
  };
}
