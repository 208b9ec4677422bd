import { createHmac, randomUUID } from 'node:crypto';
import { seededUuid } from './prng.ts';
import { canonicalJson } from './signature.ts';

/**
 * SnapTrade's webhooks, as SnapTrade sends them (docs/accounts.md, "The sandbox"): to the URL the
 * partner set in SnapTrade's dashboard (here the installation's own receiver, by configuration), a
 * moment after the event, each with its `webhookId`, the partner's `clientId`, `eventTimestamp` and the
 * SnapTrade user, signed in the `Signature` header: base64 HMAC-SHA256, keyed with the consumer key, over
 * the payload with sorted keys and no whitespace. Sent on a new connection (CONNECTION_ADDED), a
 * repaired one (CONNECTION_FIXED), and per account when a connection's holdings were refreshed
 * (ACCOUNT_HOLDINGS_UPDATED, after /authorizations/{id}/refresh). A failed delivery is dropped.
 */

export type WebhookEvent =
  | { eventType: 'CONNECTION_ADDED' | 'CONNECTION_FIXED'; brokerageAuthorizationId: string; broker: string }
  | {
      eventType: 'ACCOUNT_HOLDINGS_UPDATED';
      brokerageAuthorizationId: string;
      broker: string;
      accountId: string;
    };

export type SnapTradeWebhooks = {
  /** Where the webhooks go now (the dashboard setting); undefined: none are sent. */
  url: () => string | undefined;
  keys: { clientId: string; consumerKey: string };
  now: () => Date;
  /** How long after the event a webhook leaves (the partner has stored what it just made). */
  delayMs: number;
};

const DELIVERY_TIMEOUT_MS = 10_000;
const HOLDINGS_DETAILS = {
  total_value: { success: true, error: null },
  positions: { success: true, error: null },
  balances: { success: true, error: null },
  orders: { success: true, error: null },
} as const;

/** The payload of one event for one SnapTrade user, as SnapTrade's API-key schema writes it. */
export function webhookPayload(
  hooks: Pick<SnapTradeWebhooks, 'keys' | 'now'>,
  userId: string,
  event: WebhookEvent,
): Record<string, unknown> {
  const { broker, ...named } = event;
  return {
    webhookId: randomUUID(),
    clientId: hooks.keys.clientId,
    // SnapTrade's timestamps carry an explicit UTC offset.
    eventTimestamp: hooks.now().toISOString().replace('Z', '+00:00'),
    userId,
    brokerageId: seededUuid(`brokerage:${broker}`),
    ...named,
    ...(event.eventType === 'ACCOUNT_HOLDINGS_UPDATED' ? { details: HOLDINGS_DETAILS } : {}),
  };
}

/** The `Signature` header of a payload. */
export function webhookSignature(consumerKey: string, payload: Record<string, unknown>): string {
  return createHmac('sha256', consumerKey).update(canonicalJson(payload)).digest('base64');
}

/** Sends the events shortly, without waiting for them. */
export function announce(hooks: SnapTradeWebhooks | undefined, userId: string, events: WebhookEvent[]): void {
  const url = hooks?.url();
  if (!hooks || !url || events.length === 0) return;
  const timer = setTimeout(() => {
    for (const event of events) {
      const payload = webhookPayload(hooks, userId, event);
      void fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          signature: webhookSignature(hooks.keys.consumerKey, payload),
        },
        // The body as sent need not be the signed form: the receiver re-serialises it.
        body: JSON.stringify(payload, null, 1),
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    }
  }, hooks.delayMs);
  // A webhook still waiting never keeps a stopping process alive.
  timer.unref();
}
