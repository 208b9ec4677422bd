import { createHmac, timingSafeEqual } from 'node:crypto';
import { SNAPTRADE_SYNC_EVENTS, type SnapTradeWebhook, snaptradeWebhookSchema } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import { type Database, tables } from '../db/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import { ServiceError } from '../services/errors.ts';
import { ReplayQuotaError, type ReplayStore } from '../shared-state/index.ts';
import { readJsonBody } from './body.ts';

/**
 * SnapTrade's webhooks (docs/security.md, "Webhooks"): the `Signature` header is base64 of an
 * HMAC-SHA256, keyed with the partner's consumer key, over the payload re-serialised with sorted keys
 * and no whitespace (their reference handler's `json.dumps(payload, separators=(",", ":"),
 * sort_keys=True)`, ASCII-escaped as Python's is). Checked in this order: the signature, the partner
 * (`clientId` must be ours), the age (`eventTimestamp` within 5 minutes either way), and last that this
 * `webhookId` was not received before (the replay store every instance shares).
 */

/** How far an event's time may be from now, as SnapTrade's own example checks (older: a replay). */
export const SNAPTRADE_WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** base64 of 32 bytes is 44 characters: anything much longer is not a SnapTrade signature. */
const MAX_SIGNATURE_LENGTH = 128;

const SYNC_EVENTS: ReadonlySet<string> = new Set(SNAPTRADE_SYNC_EVENTS);

const unverified = () =>
  new ServiceError('webhook:unverified', 'The webhook signature could not be verified.');

export type SnapTradeWebhookDeps = {
  db: Database;
  jobs: JobQueue;
  replayStore: ReplayStore;
  logger: Logger;
  /** This installation's SnapTrade keys; undefined when SnapTrade is not configured (nothing verifies). */
  keys: () => { clientId: string; consumerKey: string } | undefined;
  now: () => Date;
};

/**
 * A SnapTrade webhook: verified, then a connection or account event for a connection a user linked
 * queues a sync of it and answers at once. Other events, and connections nobody here holds, get the
 * same answer and change nothing.
 */
export async function receiveSnapTradeWebhook(
  deps: SnapTradeWebhookDeps,
  body: Uint8Array,
  signature: string | undefined,
): Promise<{ received: true }> {
  const keys = deps.keys();
  if (!keys || !signature || signature.length > MAX_SIGNATURE_LENGTH) throw unverified();
  // The signature is over the parsed payload re-serialised, so the body is read first: bounded by the
  // route's size limit and the contracts' depth and text rules, and nothing is acted on before it held.
  const json = readJsonBody(body);
  if (!sameSignature(signature, snapTradeWebhookSignature(keys.consumerKey, json))) throw unverified();
  const parsed = snaptradeWebhookSchema.safeParse(json);
  if (!parsed.success) throw new ServiceError('request:invalid', 'Invalid request: not a SnapTrade webhook.');
  const webhook = parsed.data;
  if (webhook.clientId !== keys.clientId) throw unverified();
  const at = Date.parse(webhook.eventTimestamp);
  if (Number.isNaN(at) || Math.abs(deps.now().getTime() - at) > SNAPTRADE_WEBHOOK_MAX_AGE_SECONDS * 1000)
    throw unverified();
  await claim(deps, webhook.webhookId);
  await act(deps, webhook);
  return { received: true };
}

async function claim(deps: SnapTradeWebhookDeps, webhookId: string): Promise<void> {
  let first: boolean;
  try {
    // Twice the age window: a delivery is refused as stale once it is older than that anyway.
    first = await deps.replayStore.claim(
      `snaptrade-webhook:${webhookId}`,
      2 * SNAPTRADE_WEBHOOK_MAX_AGE_SECONDS * 1000,
      'snaptrade-webhooks',
    );
  } catch (error) {
    if (error instanceof ReplayQuotaError) throw new ServiceError('request:too-many', 'Too many webhooks.');
    throw new ServiceError('server:unavailable', 'The webhook could not be recorded. Try again.');
  }
  if (!first) throw new ServiceError('webhook:replayed', 'This webhook was already received.');
}

async function act(deps: SnapTradeWebhookDeps, webhook: SnapTradeWebhook): Promise<void> {
  const authorizationId = webhook.brokerageAuthorizationId;
  if (SYNC_EVENTS.has(webhook.eventType) && authorizationId) {
    const { connection } = tables;
    const [row] = await deps.db
      .select({ id: connection.id, userId: connection.userId })
      .from(connection)
      .where(
        and(
          eq(connection.platform, 'snaptrade'),
          eq(connection.itemId, authorizationId),
          // The SnapTrade user too: an authorization id under another user is not this connection.
          eq(connection.externalUserId, webhook.userId),
        ),
      )
      .limit(1);
    if (row) {
      const queued = await deps.jobs.enqueueSync({
        userId: row.userId,
        connectionId: row.id,
        reason: 'snaptrade-webhook',
      });
      deps.logger.info(
        { connectionId: row.id, webhook: webhook.eventType, queued },
        'snaptrade webhook: sync queued',
      );
      return;
    }
  }
  deps.logger.info({ webhook: webhook.eventType, known: false }, 'snaptrade webhook: nothing to do');
}

/** The `Signature` SnapTrade sends with a payload: base64 HMAC-SHA256 of its canonical form. */
export function snapTradeWebhookSignature(consumerKey: string, payload: unknown): string {
  return createHmac('sha256', consumerKey).update(pythonJson(payload)).digest('base64');
}

/**
 * The payload as Python's `json.dumps(payload, separators=(",", ":"), sort_keys=True)` writes it:
 * keys sorted at every level, no whitespace, and every character past ASCII escaped as \uXXXX
 * (Python's default `ensure_ascii`). Numbers are written as JavaScript writes them: SnapTrade's
 * payloads carry strings, booleans and nulls, whose forms agree.
 */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return asciiOnly(JSON.stringify(value) ?? 'null');
  // Written out rather than through JSON.stringify, which puts integer-like keys first whatever the sort.
  const entries = Object.entries(value)
    .filter(([, nested]) => nested !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, nested]) => `${asciiOnly(JSON.stringify(key))}:${pythonJson(nested)}`).join(',')}}`;
}

function asciiOnly(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Two base64 signatures compared in constant time (one of another length is simply different). */
function sameSignature(given: string, expected: string): boolean {
  const left = Buffer.from(given, 'utf8');
  const right = Buffer.from(expected, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
