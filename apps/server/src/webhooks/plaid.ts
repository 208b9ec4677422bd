import { PLAID_SYNC_WEBHOOK_CODES, type PlaidWebhook, plaidWebhookSchema } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import { type Database, tables } from '../db/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import { ServiceError } from '../services/errors.ts';
import { readJsonBody } from './body.ts';
import type { PlaidWebhookVerifier } from './plaid-verify.ts';

const { connection } = tables;

const SYNC_CODES: ReadonlySet<string> = new Set(PLAID_SYNC_WEBHOOK_CODES);

export type PlaidWebhookDeps = {
  db: Database;
  jobs: JobQueue;
  verifier: PlaidWebhookVerifier;
  logger: Logger;
};

/**
 * A Plaid webhook: verified over its raw bytes first, then read. Transactions news for an item a user
 * linked queues a sync of that connection and answers at once (Plaid waits 10 s at most); anything
 * else, and an item nobody here holds, is answered the same way and changes nothing, so the answer
 * tells a sender nothing about which items exist.
 */
export async function receivePlaidWebhook(
  deps: PlaidWebhookDeps,
  body: Uint8Array,
  signature: string | undefined,
): Promise<{ received: true }> {
  await deps.verifier.verify(body, signature);
  const webhook = parse(body);
  const itemId = webhook.item_id;
  if (isLoginRequired(webhook) && itemId) {
    await markLoginRequired(deps, itemId);
    return { received: true };
  }
  const notice = webhook.webhook_type === 'ITEM' ? noticeOf(webhook) : undefined;
  if (notice && itemId) {
    await leaveNotice(deps, itemId, webhook.webhook_code, notice);
    return { received: true };
  }
  if (webhook.webhook_type === 'TRANSACTIONS' && SYNC_CODES.has(webhook.webhook_code) && itemId) {
    const [row] = await deps.db
      .select({ id: connection.id, userId: connection.userId })
      .from(connection)
      .where(and(eq(connection.platform, 'plaid'), eq(connection.itemId, itemId)))
      .limit(1);
    if (row) {
      const queued = await deps.jobs.enqueueSync({
        userId: row.userId,
        connectionId: row.id,
        reason: 'plaid-webhook',
      });
      deps.logger.info(
        { connectionId: row.id, webhook: webhook.webhook_code, queued },
        'plaid webhook: sync queued',
      );
      return { received: true };
    }
  }
  deps.logger.info(
    { webhookType: webhook.webhook_type, webhook: webhook.webhook_code, known: false },
    'plaid webhook: nothing to do',
  );
  return { received: true };
}

/** Plaid's item ERROR webhook for a login the user must renew. */
function isLoginRequired(webhook: PlaidWebhook): boolean {
  return (
    webhook.webhook_type === 'ITEM' &&
    webhook.webhook_code === 'ERROR' &&
    webhook.error?.error_code === 'ITEM_LOGIN_REQUIRED'
  );
}

/**
 * The bank's login must be renewed: its card says "needs re-link" and offers Re-link at once, rather
 * than after the next sync fails. No sync is queued: only the user can mend it.
 */
async function markLoginRequired(deps: PlaidWebhookDeps, itemId: string): Promise<void> {
  const updated = await deps.db
    .update(connection)
    .set({ status: 'login_required', statusDetail: null })
    .where(and(eq(connection.platform, 'plaid'), eq(connection.itemId, itemId)))
    .returning({ id: connection.id });
  deps.logger.info(
    { connectionId: updated[0]?.id, webhook: 'ERROR', known: updated.length > 0 },
    'plaid webhook: login required',
  );
}

/** The columns an item webhook's notice sets: what the card tells the user until they act. */
type Notice = { loginExpiresAt: Date } | { newAccountsAvailable: true };

/**
 * PENDING_EXPIRATION (the item's consent ends at `consent_expiration_time`: reconnect before then) and
 * NEW_ACCOUNTS_AVAILABLE (the bank has accounts the user did not share). A PENDING_EXPIRATION without
 * a readable time is not one Plaid sent: refused as invalid.
 */
function noticeOf(webhook: PlaidWebhook): Notice | undefined {
  if (webhook.webhook_code === 'NEW_ACCOUNTS_AVAILABLE') return { newAccountsAvailable: true };
  if (webhook.webhook_code !== 'PENDING_EXPIRATION') return undefined;
  const at = Date.parse(webhook.consent_expiration_time ?? '');
  if (!ISO_TIME.test(webhook.consent_expiration_time ?? '') || Number.isNaN(at))
    throw new ServiceError('request:invalid', 'Invalid request: consent_expiration_time is not a time.');
  return { loginExpiresAt: new Date(at) };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A notice on the connection, kept until the user acts (an update-mode re-link clears it), not by the
 * next sync. Nothing is queued: the data did not change, and only the user can act on it.
 */
async function leaveNotice(
  deps: PlaidWebhookDeps,
  itemId: string,
  code: string,
  notice: Notice,
): Promise<void> {
  const updated = await deps.db
    .update(connection)
    .set(notice)
    .where(and(eq(connection.platform, 'plaid'), eq(connection.itemId, itemId)))
    .returning({ id: connection.id });
  deps.logger.info(
    { connectionId: updated[0]?.id, webhook: code, known: updated.length > 0 },
    'plaid webhook: notice left',
  );
}

function parse(body: Uint8Array): PlaidWebhook {
  const parsed = plaidWebhookSchema.safeParse(readJsonBody(body));
  if (!parsed.success) throw new ServiceError('request:invalid', 'Invalid request: not a Plaid webhook.');
  return parsed.data;
}
