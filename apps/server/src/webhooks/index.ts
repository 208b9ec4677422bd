import type { ProviderReaders } from '../connections/index.ts';
import type { Database } from '../db/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import type { ReplayStore } from '../shared-state/index.ts';
import { receivePlaidWebhook } from './plaid.ts';
import { createPlaidWebhookVerifier } from './plaid-verify.ts';
import { receiveSnapTradeWebhook } from './snaptrade.ts';

export { PLAID_WEBHOOK_MAX_AGE_SECONDS, sha256Hex } from './plaid-verify.ts';
export { pythonJson, SNAPTRADE_WEBHOOK_MAX_AGE_SECONDS, snapTradeWebhookSignature } from './snaptrade.ts';

export type WebhookService = ReturnType<typeof createWebhookService>;

/**
 * The vendors' webhooks (docs/decisions/0025-webhooks-and-jobs.md): no user session; who a webhook is
 * from comes from its signature, and what it is about from the ids it names.
 */
export function createWebhookService(deps: {
  db: Database;
  clients: ProviderReaders;
  /** SnapTrade's partner keys, which sign its webhooks. */
  snaptradeKeys: () => { clientId: string; consumerKey: string } | undefined;
  jobs: JobQueue;
  replayStore: ReplayStore;
  logger: Logger;
  now?: () => Date;
}) {
  const verifier = createPlaidWebhookVerifier({
    fetchKey: (keyId) => deps.clients.plaid().webhookVerificationKey(keyId),
    replayStore: deps.replayStore,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const plaidDeps = { db: deps.db, jobs: deps.jobs, verifier, logger: deps.logger };
  const snaptradeDeps = {
    db: deps.db,
    jobs: deps.jobs,
    replayStore: deps.replayStore,
    logger: deps.logger,
    keys: deps.snaptradeKeys,
    now: deps.now ?? (() => new Date()),
  };
  return {
    plaid: (body: Uint8Array, signature: string | undefined) =>
      receivePlaidWebhook(plaidDeps, body, signature),
    snaptrade: (body: Uint8Array, signature: string | undefined) =>
      receiveSnapTradeWebhook(snaptradeDeps, body, signature),
  };
}
