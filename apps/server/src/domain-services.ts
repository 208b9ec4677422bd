import { createActionsService, createBrokerage } from './actions/index.ts';
import { createAgentService } from './agent/index.ts';
import { createChatService, createResourceService } from './chat/index.ts';
import type { AgentConfig } from './config.ts';
import type { ProviderClients, Vault } from './connections/index.ts';
import type { Database } from './db/index.ts';
import {
  createAccountsService,
  createAnalyticsService,
  createHomeService,
  createSyncEngine,
} from './finance/index.ts';
import { createProfileService, createUserDataService } from './identity/index.ts';
import { connectionsToRefresh, createInProcessJobQueue, type JobQueue } from './jobs/index.ts';
import type { Logger } from './logger.ts';
import { createMemoryReplayStore, type RateLimiter, type ReplayStore } from './shared-state/index.ts';
import { createWebhookService } from './webhooks/index.ts';

export type DomainServiceDeps = {
  db: Database;
  logger: Logger;
  /** The credential vault (provider tokens sealed at rest). */
  vault: Vault;
  /** Provider clients (sandbox or live: configuration only). */
  providers: ProviderClients;
  /** Where SnapTrade's portal sends the browser back to. */
  snapTradeRedirectUrl: string;
  /** Linked data older than this is synced again when read. */
  syncMaxAgeMs: number;
  /** How long a sync's lease lasts unrenewed (30 s when unset). */
  syncLeaseMs?: number;
  /** The agent's model and limits (offline analyst by default). */
  agent?: AgentConfig;
  /** Per-user chat turn limits; none when unset (tests). */
  rateLimiter?: RateLimiter;
  /** Today's date for the agent's analysis (tests pin it). */
  today?: () => string;
  /** Called after sessions were ended (the session cache). */
  onSessionsChanged?: () => Promise<void>;
  /** Webhook deliveries already received (shared by every instance on Redis); in memory when unset. */
  replayStore?: ReplayStore;
  /** Whether the in-process queue syncs every connection once a day (DAILY_REFRESH). */
  dailyRefresh?: boolean;
  /** Work that runs without a user (webhook-announced syncs); the in-process queue when unset. */
  jobs?: (sync: ReturnType<typeof createSyncEngine>) => JobQueue;
};

/** Every service but the agent, which is built over them (its tools call the same handlers). */
function createCoreServices(deps: DomainServiceDeps) {
  const sync = createSyncEngine({
    db: deps.db,
    vault: deps.vault,
    clients: deps.providers,
    logger: deps.logger,
    ...(deps.syncLeaseMs ? { leaseMs: deps.syncLeaseMs } : {}),
  });
  const jobs = deps.jobs
    ? deps.jobs(sync)
    : createInProcessJobQueue({
        run: sync.syncConnection,
        logger: deps.logger,
        ...(deps.dailyRefresh ? { daily: { targets: () => connectionsToRefresh(deps.db, new Date()) } } : {}),
      });
  const accounts = createAccountsService({
    db: deps.db,
    vault: deps.vault,
    clients: deps.providers,
    sync,
    logger: deps.logger,
    snapTradeRedirectUrl: deps.snapTradeRedirectUrl,
    syncMaxAgeMs: deps.syncMaxAgeMs,
  });
  const actions = createActionsService({
    db: deps.db,
    brokerage: createBrokerage({ db: deps.db, vault: deps.vault, providers: deps.providers, sync }),
  });
  return {
    profile: createProfileService(deps.db),
    userData: createUserDataService({
      db: deps.db,
      logger: deps.logger,
      // Delete Data and Delete Account remove the provider-side users and items before the rows.
      linkedAccountCleanups: accounts.linkedAccountCleanups,
      ...(deps.onSessionsChanged ? { onSessionsChanged: deps.onSessionsChanged } : {}),
    }),
    resources: createResourceService(deps.db),
    // A thread's history shows what became of each proposal its turns made.
    chat: createChatService(deps.db, { proposalsOf: actions.threadProposals }),
    accounts,
    analytics: createAnalyticsService({ db: deps.db }),
    actions,
    // The same day the agent counts to (UTC), so the start screen and a chat agree.
    home: createHomeService({
      db: deps.db,
      today: deps.today ?? (() => new Date().toISOString().slice(0, 10)),
    }),
    sync,
    jobs,
    webhooks: createWebhookService({
      db: deps.db,
      clients: deps.providers,
      snaptradeKeys: () => deps.providers.snaptradeWebhooks(),
      jobs,
      replayStore: deps.replayStore ?? createMemoryReplayStore({ maxEntries: 10_000 }),
      logger: deps.logger,
    }),
  };
}

/**
 * The registry of domain services, built once by compose.ts: one named, typed handler per operation,
 * each taking the acting user explicitly. The HTTP routes call these handlers and nothing else; the
 * agent's tools call the same ones. It sits at the top, beside the root composition: it imports every
 * domain module, and no domain module imports it (they share only `services/errors.ts`).
 */
export function createDomainServices(deps: DomainServiceDeps) {
  const domain = createCoreServices(deps);
  return {
    ...domain,
    agent: createAgentService({
      services: domain,
      config: deps.agent ?? OFFLINE_AGENT,
      logger: deps.logger,
      rateLimiter: deps.rateLimiter,
      ...(deps.today ? { today: deps.today } : {}),
    }),
  };
}

/** The offline analyst with the default limits (what `loadConfig` gives without AGENT_* variables). */
const OFFLINE_AGENT: AgentConfig = {
  provider: 'offline',
  baseUrl: undefined,
  apiKey: undefined,
  model: 'penny-analyst',
  deepModel: 'penny-analyst-deep',
  maxSteps: 8,
  timeoutMs: 120_000,
  maxTurnsPerMinute: 20,
};

export type DomainServices = ReturnType<typeof createDomainServices>;
