import type { Logger } from '../logger.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The action link inside the message, kept separately so the dev outbox can show it. */
  link?: string;
};

/** Where mail goes: SMTP (nodemailer), the dev outbox table, or the server log only. */
export type MailTransport = {
  kind: 'smtp' | 'dev-outbox' | 'log';
  deliver(message: MailMessage): Promise<void>;
};

export type MailDelivery = 'sent' | 'throttled' | 'failed';

export type MailThrottle = {
  /** At most this many messages to one address per `recipientWindowMs`. */
  maxPerRecipient: number;
  recipientWindowMs: number;
  /** At most this many messages overall per `globalWindowMs`. */
  maxGlobal: number;
  globalWindowMs: number;
};

export type Mailer = {
  readonly transport: MailTransport['kind'];
  /** Sends unless a throttle says no; never throws (a mail failure must not fail the request). */
  send(message: MailMessage): Promise<MailDelivery>;
  /**
   * Sends in the background: auth endpoints answer in the same time whether or not a mail goes out,
   * so response timing does not tell whether an address is registered.
   */
  queue(message: MailMessage): void;
  /** Resolves once every queued message has been handled (tests, shutdown). */
  settled(): Promise<void>;
};

/** 'a***@example.com': enough to follow a support case in the logs, not a full address. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Sliding-window counter: timestamps per key, pruned as they age out; bounded in size. */
function createWindowCounter(maxKeys = 50_000) {
  const hits = new Map<string, number[]>();
  return {
    /** Records a hit and returns true when it fits within `max` per `windowMs`. */
    take(key: string, max: number, windowMs: number, now: number): boolean {
      const recent = (hits.get(key) ?? []).filter((at) => now - at < windowMs);
      if (recent.length >= max) {
        hits.set(key, recent);
        return false;
      }
      recent.push(now);
      hits.delete(key);
      hits.set(key, recent);
      if (hits.size > maxKeys) {
        const oldest = hits.keys().next().value;
        if (oldest !== undefined) hits.delete(oldest);
      }
      return true;
    },
  };
}

/**
 * Throttled mail: per recipient (so nobody's inbox can be flooded through the sign-up, resend or reset
 * forms) and overall (so the server cannot be turned into a spam relay). Throttled messages are
 * dropped and logged; the HTTP answer stays the same either way.
 */
export function createMailer(deps: {
  transport: MailTransport;
  logger: Logger;
  throttle: MailThrottle;
  now?: () => number;
}): Mailer {
  const now = deps.now ?? Date.now;
  const perRecipient = createWindowCounter();
  const overall = createWindowCounter(1);
  const pending = new Set<Promise<unknown>>();
  const { throttle, logger } = deps;

  async function send(message: MailMessage): Promise<MailDelivery> {
    const recipient = message.to.trim().toLowerCase();
    const at = now();
    if (!perRecipient.take(recipient, throttle.maxPerRecipient, throttle.recipientWindowMs, at)) {
      logger.warn(
        { mail: { to: maskEmail(recipient), subject: message.subject } },
        'mail throttled (recipient)',
      );
      return 'throttled';
    }
    if (!overall.take('*', throttle.maxGlobal, throttle.globalWindowMs, at)) {
      logger.warn(
        { mail: { to: maskEmail(recipient), subject: message.subject } },
        'mail throttled (global)',
      );
      return 'throttled';
    }
    try {
      await deps.transport.deliver({ ...message, to: recipient });
      logger.info({ mail: { to: maskEmail(recipient), subject: message.subject } }, 'mail sent');
      return 'sent';
    } catch (error) {
      // The transport's error may quote the message; log only its kind.
      logger.error(
        { mail: { to: maskEmail(recipient), subject: message.subject }, cause: (error as Error)?.name },
        'mail delivery failed',
      );
      return 'failed';
    }
  }

  return {
    transport: deps.transport.kind,
    send,
    queue(message) {
      const job = send(message).finally(() => pending.delete(job));
      pending.add(job);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
