import type { ProviderReaders } from '../connections/index.ts';
import type { Database } from '../db/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import type { ReplayStore } from '../shared-state/index.ts';
import { receivePlaidWebhook } from './plaid.ts';
import { createPlaidWebhookVerifier } from './plaid-verify.ts';

export { PLAID_WEBHOOK_MAX_AGE_SECONDS, sha256Hex } from './plaid-verify.ts';

export type WebhookService = ReturnType<typeof createWebhookService>;

/**
 * The vendors' webhooks (docs/decisions/0025-webhooks-and-jobs.md): no user session; who a webhook is
 * from comes from its signature, and what it is about from the ids it names.
 */
export function createWebhookService(deps: {
  db: Database;
  clients: ProviderReaders;
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
  return {
    plaid: (body: Uint8Array, signature: string | undefined) =>
      receivePlaidWebhook(plaidDeps, body, signature),
  };
}
