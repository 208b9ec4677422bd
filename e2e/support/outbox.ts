import type { APIRequestContext } from '@playwright/test';

/**
 * The dev outbox (embedded mode, no SMTP): every mail the server "sent", newest first, at
 * GET /dev/outbox. Tests read confirmation and reset links from it the way a person reads their inbox.
 */

export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  sentAt: string;
};

export async function readOutbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/dev/outbox');
  if (!response.ok()) throw new Error(`GET /dev/outbox answered ${response.status()}`);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages;
}

export type MailQuery = {
  to: string;
  /** Part of the link the mail must carry, e.g. 'verify-email' or 'reset-password'. */
  linkContains: string;
  /** Ignore mail already in the outbox (ids from an earlier read). */
  notIn?: ReadonlySet<string>;
  timeoutMs?: number;
};

/** Waits for the newest matching mail and answers it (its link is then set). */
export async function waitForMail(
  request: APIRequestContext,
  { to, linkContains, notIn, timeoutMs = 15_000 }: MailQuery,
): Promise<OutboxMessage & { link: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = (await readOutbox(request)).find(
      (message): message is OutboxMessage & { link: string } =>
        message.to.toLowerCase() === to.toLowerCase() &&
        typeof message.link === 'string' &&
        message.link.includes(linkContains) &&
        !notIn?.has(message.id),
    );
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a '${linkContains}' link arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The ids of the mail in the outbox now, to wait for a newer one later. */
export async function outboxIds(request: APIRequestContext): Promise<Set<string>> {
  return new Set((await readOutbox(request)).map((message) => message.id));
}
