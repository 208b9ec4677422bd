import { z } from 'zod';
import { safeString } from './text.ts';

/**
 * Webhooks the vendors send to Penny (`/connect/webhooks/...`, docs/api.md, "Webhooks"). They carry no
 * user session: the vendor's signature and the ids in the body say who they are about. The body is
 * parsed only after the signature over its exact bytes was verified.
 */

/** The largest webhook body accepted: Plaid's are a few hundred bytes. */
export const WEBHOOK_MAX_BODY_BYTES = 16 * 1024;

/** The Plaid `TRANSACTIONS` codes that mean "there is something new to read with /transactions/sync". */
export const PLAID_SYNC_WEBHOOK_CODES = [
  'SYNC_UPDATES_AVAILABLE',
  'DEFAULT_UPDATE',
  'HISTORICAL_UPDATE',
  'INITIAL_UPDATE',
] as const;

/** Plaid's item error webhook (`ITEM` / `ERROR`): the error it names, e.g. ITEM_LOGIN_REQUIRED. */
export const plaidItemErrorSchema = z.looseObject({
  error_type: safeString().max(64).optional(),
  error_code: safeString().max(64),
});

/**
 * A Plaid webhook as Plaid sends it: every one names its type and code, most an item; the rest of the
 * fields depend on the code and are kept as they are.
 */
export const plaidWebhookSchema = z.looseObject({
  webhook_type: safeString().max(64),
  webhook_code: safeString().max(64),
  item_id: safeString().max(200).nullish(),
  environment: safeString().max(32).optional(),
  initial_update_complete: z.boolean().optional(),
  historical_update_complete: z.boolean().optional(),
  error: plaidItemErrorSchema.nullish(),
  /** PENDING_EXPIRATION: when the item's consent ends (ISO 8601); the receiver checks it is a time. */
  consent_expiration_time: safeString().max(64).nullish(),
});
export type PlaidWebhook = z.infer<typeof plaidWebhookSchema>;

/**
 * The SnapTrade events that mean "this connection's data may have changed": each queues a sync of the
 * connection it names (its accounts, holdings, balances and activities are read again). A broken
 * connection's sync records that it is broken.
 */
export const SNAPTRADE_SYNC_EVENTS = [
  'CONNECTION_ADDED',
  'CONNECTION_UPDATED',
  'CONNECTION_FIXED',
  'CONNECTION_BROKEN',
  'NEW_ACCOUNT_AVAILABLE',
  'ACCOUNT_HOLDINGS_UPDATED',
  'ACCOUNT_TRANSACTIONS_INITIAL_UPDATE',
  'ACCOUNT_TRANSACTIONS_UPDATED',
  'ACCOUNT_REMOVED',
] as const;

/**
 * A SnapTrade webhook (API-key schema) as SnapTrade sends it: every one has its id, the partner's
 * client id, the event's time and type and the SnapTrade user; connection and account events name the
 * connection (`brokerageAuthorizationId`). The rest is kept as it is (it is signed too).
 */
export const snaptradeWebhookSchema = z.looseObject({
  webhookId: safeString().min(1).max(100),
  clientId: safeString().min(1).max(100),
  eventTimestamp: safeString().min(1).max(64),
  userId: safeString().min(1).max(200),
  eventType: safeString().min(1).max(64),
  brokerageAuthorizationId: safeString().max(100).nullish(),
  accountId: safeString().max(100).nullish(),
  brokerageId: safeString().max(100).nullish(),
});
export type SnapTradeWebhook = z.infer<typeof snaptradeWebhookSchema>;

/** What a webhook is answered once it was verified: the same for a known item and an unknown one. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
