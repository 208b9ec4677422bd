import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { WebhookVerificationKeyGetResponse } from 'plaid';
import { failures } from '../errors.ts';
import { currentVersion, type ItemRecord, snapshotOf } from '../item-data.ts';
import { type PlaidApi, post, requestId } from './context.ts';
import { NS } from './items.ts';
import { type ItemWebhookCode, schemas, type TransactionsWebhookCode } from './schemas.ts';

/**
 * Plaid's webhooks, as Plaid sends them (docs/accounts.md, "The sandbox"): each signed with an EC
 * P-256 key of this installation's own (made once, kept in the sandbox store like its items), its
 * public half served at /webhook_verification_key/get; the JWT in `Plaid-Verification` carries `iat`
 * and the body's SHA-256. Sent to the item's `webhook` URL (given at /link/token/create) a moment
 * after the event, as Plaid does: when a new item's initial pull has its last 30 days, then its whole
 * history, and when new transactions arrive (/sandbox/item/advance, /sandbox/transactions/create).
 */

const KEY_NS = 'plaid:webhook-key';
const CURRENT = 'current';

type StoredKey = { kid: string; privateJwk: JWK; publicJwk: JWK; createdAt: number };

/** How long after the event a webhook leaves: Plaid's come seconds later, after the client stored the item. */
export const WEBHOOK_DELAY_MS = 500;
const DELIVERY_TIMEOUT_MS = 10_000;

async function signingKey(api: PlaidApi): Promise<StoredKey> {
  const existing = await api.store.get<StoredKey>(KEY_NS, CURRENT);
  if (existing) return existing;
  const pair = await generateKeyPair('ES256', { extractable: true });
  const made: StoredKey = {
    kid: randomUUID(),
    privateJwk: await exportJWK(pair.privateKey),
    publicJwk: await exportJWK(pair.publicKey),
    createdAt: Math.floor(api.now().getTime() / 1000),
  };
  // Two instances making one at once: the first stored wins, and both sign with it.
  const stored = await api.store.update<StoredKey>(KEY_NS, CURRENT, (current) => current ?? made);
  return stored ?? made;
}

export function registerWebhookRoutes(api: PlaidApi): void {
  post(api, '/webhook_verification_key/get', schemas.webhookVerificationKeyGet, async (input) => {
    const key = await signingKey(api);
    if (input.key_id !== key.kid) throw failures.invalidField('key_id: no such key');
    const { x, y, crv, kty } = key.publicJwk;
    if (!x || !y || !crv || !kty) throw failures.internal();
    const answer: Omit<WebhookVerificationKeyGetResponse, 'request_id'> = {
      key: {
        alg: 'ES256',
        crv,
        kid: key.kid,
        kty,
        use: 'sig',
        x,
        y,
        created_at: key.createdAt,
        expired_at: null,
      },
    };
    return answer;
  });
}

/** The body and signature header of one webhook, signed now. */
export async function signedWebhook(
  api: PlaidApi,
  payload: Record<string, unknown>,
): Promise<{ body: string; verification: string }> {
  const key = await signingKey(api);
  const body = JSON.stringify(payload);
  const verification = await new SignJWT({
    request_body_sha256: createHash('sha256').update(body).digest('hex'),
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuedAt(Math.floor(api.now().getTime() / 1000))
    .sign(await importJWK(key.privateJwk, 'ES256'));
  return { body, verification };
}

/** Each code's own fields, as Plaid's bodies carry them. */
const CODE_FIELDS = {
  SYNC_UPDATES_AVAILABLE: { initial_update_complete: true, historical_update_complete: true },
  DEFAULT_UPDATE: { new_transactions: 0 },
  HISTORICAL_UPDATE: { new_transactions: 0 },
  INITIAL_UPDATE: { new_transactions: 0 },
} as const satisfies Record<TransactionsWebhookCode, Record<string, unknown>>;

/**
 * Sends a transactions webhook (SYNC_UPDATES_AVAILABLE unless told) for the item to its webhook URL
 * shortly, without waiting for it (a failed delivery is dropped: the client's next sync reads the same
 * changes).
 */
export function announceSyncUpdates(
  api: PlaidApi,
  item: Pick<ItemRecord, 'itemId' | 'webhook'>,
  code: TransactionsWebhookCode = 'SYNC_UPDATES_AVAILABLE',
): void {
  const url = item.webhook;
  if (!url) return;
  const timer = setTimeout(() => {
    void deliver(api, url, {
      webhook_type: 'TRANSACTIONS',
      webhook_code: code,
      item_id: item.itemId,
      ...CODE_FIELDS[code],
      environment: 'sandbox',
    }).catch(() => undefined);
  }, api.webhookDelayMs);
  // A webhook still waiting never keeps a stopping process alive.
  timer.unref();
}

/** How long before an item's consent ends Plaid sends PENDING_EXPIRATION. */
export const CONSENT_WARNING_MS = 7 * 24 * 60 * 60_000;

/** Each item webhook's own fields, as Plaid's bodies carry them. */
const ITEM_FIELDS = {
  // The login must be renewed (/sandbox/item/reset_login).
  ERROR: () => ({ error: failures.itemLoginRequired().body(requestId()) }),
  NEW_ACCOUNTS_AVAILABLE: () => ({ error: null }),
  PENDING_EXPIRATION: (item) => ({ consent_expiration_time: item.consentExpiresAt ?? null }),
} as const satisfies Record<ItemWebhookCode, (item: Pick<ItemRecord, 'consentExpiresAt'>) => object>;

/**
 * One of Plaid's item webhooks, sent to the item's webhook URL shortly, as Plaid sends it: ERROR with
 * ITEM_LOGIN_REQUIRED, NEW_ACCOUNTS_AVAILABLE, PENDING_EXPIRATION with the consent's end.
 */
export function announceItemWebhook(
  api: PlaidApi,
  item: Pick<ItemRecord, 'itemId' | 'webhook' | 'consentExpiresAt'>,
  code: ItemWebhookCode,
): void {
  const url = item.webhook;
  if (!url) return;
  const timer = setTimeout(() => {
    void deliver(api, url, {
      webhook_type: 'ITEM',
      webhook_code: code,
      item_id: item.itemId,
      ...ITEM_FIELDS[code](item),
      environment: 'sandbox',
    }).catch(() => undefined);
  }, api.webhookDelayMs);
  timer.unref();
}

/**
 * A new item's initial pull, announced as Plaid announces it: when its last 30 days are ready,
 * INITIAL_UPDATE then SYNC_UPDATES_AVAILABLE (initial complete); when its whole history is,
 * HISTORICAL_UPDATE then SYNC_UPDATES_AVAILABLE (historical complete). SYNC_UPDATES_AVAILABLE goes
 * only to an item /transactions/sync was called for, as Plaid's. Each leaves no sooner than the
 * webhook delay, so the client has stored the item; an item removed meanwhile hears nothing.
 */
export function announceInitialPull(
  api: PlaidApi,
  item: Pick<ItemRecord, 'itemId' | 'webhook' | 'pull'>,
): void {
  const { webhook: url, pull } = item;
  if (!url || !pull) return;
  const stages = [
    { at: pull.recentAt, legacy: 'INITIAL_UPDATE', historical: false },
    { at: pull.completeAt, legacy: 'HISTORICAL_UPDATE', historical: true },
  ] as const;
  for (const stage of stages) {
    const wait = Math.max(api.webhookDelayMs, Date.parse(stage.at) - api.now().getTime());
    const timer = setTimeout(() => {
      void announceStage(api, item.itemId, url, stage).catch(() => undefined);
    }, wait);
    timer.unref();
  }
}

async function announceStage(
  api: PlaidApi,
  itemId: string,
  url: string,
  stage: { legacy: 'INITIAL_UPDATE' | 'HISTORICAL_UPDATE'; historical: boolean },
): Promise<void> {
  const item = await api.store.get<ItemRecord>(NS.item, itemId);
  if (!item) return;
  const version = currentVersion(item, api.now());
  const recent = snapshotOf(item, { ...version, recent: true }).transactions.length;
  const all = snapshotOf(item, { ...version, recent: false }).transactions.length;
  const common = { webhook_type: 'TRANSACTIONS', item_id: itemId, environment: 'sandbox' };
  await deliver(api, url, {
    ...common,
    webhook_code: stage.legacy,
    new_transactions: stage.historical ? all - recent : recent,
  });
  if (!item.syncCalled) return;
  await deliver(api, url, {
    ...common,
    webhook_code: 'SYNC_UPDATES_AVAILABLE',
    initial_update_complete: true,
    historical_update_complete: stage.historical,
  });
}

async function deliver(api: PlaidApi, url: string, payload: Record<string, unknown>): Promise<void> {
  const { body, verification } = await signedWebhook(api, payload);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'plaid-verification': verification },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  await response.body?.cancel();
}
