import { mkdir } from 'node:fs/promises';
import { startTurnSweep } from './agent/index.ts';
import { type Config, withSandboxKeys } from './config.ts';
import { createProviderClients, createVault, type ProviderClients } from './connections/index.ts';
import { restrictToOwner } from './db/connect.ts';
import { connectDatabase, type DatabaseHandle } from './db/index.ts';
import { createDomainServices, type DomainServices } from './domain-services.ts';
import { createApp } from './http/app.ts';
import { sandboxHost } from './http/middleware/sandbox-guard.ts';
import { reviveVerifiedSession } from './http/middleware/session.ts';
import { type AuthGateway, createAuth, createAuthGateway } from './identity/index.ts';
import { createPostgresJobQueue, type PostgresJobQueue } from './jobs/index.ts';
import type { Logger } from './logger.ts';
import {
  createDevOutbox,
  createLogTransport,
  createMailer,
  createSmtpTransport,
  type DevOutbox,
  type Mailer,
  type MailTransport,
} from './mail/index.ts';
import { createDatabaseSandboxStore, createSandboxRoutes, type SandboxKeys } from './sandbox/index.ts';
import { checkVaultKey, deriveSandboxKeys, loadSecrets, type Secrets } from './secrets/index.ts';
import { createSharedState, type RateLimiter } from './shared-state/index.ts';

export type Services = {
  app: ReturnType<typeof createApp>;
  auth: ReturnType<typeof createAuth>;
  authGateway: AuthGateway;
  /** Every domain service: what the routes call, and what the agent's tools call too. */
  services: DomainServices;
  /** Provider clients (Plaid, SnapTrade, chains): sandbox or live by configuration. */
  providers: ProviderClients;
  /** Sandbox mode: the vendor keys the fakes mounted under /sandbox accept (and the clients send). */
  sandboxKeys: SandboxKeys | undefined;
  /** The counters behind every rate limit (shared state: memory, or Redis). */
  rateLimiter: RateLimiter;
  database: DatabaseHandle;
  secrets: Secrets;
  devOutbox: DevOutbox | undefined;
  mailer: Mailer;
  logger: Logger;
  /**
   * SIGTERM arrived: /healthz answers 503 'draining' from now on; no new job starts here, and this
   * resolves when the running ones have finished (requests are still served meanwhile).
   */
  drain(): Promise<void>;
  close(): Promise<void>;
};

/** config -> secrets -> database (migrated) -> auth -> http app. Shared by main.ts and the tests. */
export async function composeServices(
  config: Config,
  logger: Logger,
  overrides: { secrets?: Secrets; database?: DatabaseHandle } = {},
): Promise<Services> {
  const { authSecret, vaultKey, boxSecretKey } = config.secretOverrides;
  const usesDataDir =
    (!overrides.database && !config.databaseUrl) ||
    (!overrides.secrets && !(authSecret && vaultKey && boxSecretKey));
  if (usesDataDir) {
    // The embedded database and the generated secrets: for the server's user only.
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    await restrictToOwner(config.dataDir, { recursive: false });
  }
  const secrets = overrides.secrets ?? (await loadSecrets(config));
  const database =
    overrides.database ??
    (await connectDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
    ));
  try {
    await database.migrate();
    await checkVaultKey(database.db, secrets.vaultKey, { acceptNew: config.acceptNewVaultKey, logger });
  } catch (error) {
    await database.close();
    throw error;
  }
  // The dev outbox exists only in its own mode (never in production: loadConfig refuses that), so
  // /dev/outbox is mounted and publicConfig.features.devOutbox is true exactly then.
  const devOutbox = config.mail.mode === 'outbox' ? createDevOutbox({ db: database.db, logger }) : undefined;
  const transport = mailTransport(config, logger, devOutbox);
  const mailer = createMailer({
    transport,
    logger,
    throttle: {
      maxPerRecipient: config.mail.maxPerRecipient,
      recipientWindowMs: 10 * 60_000,
      maxGlobal: config.mail.maxPerHour,
      globalWindowMs: 60 * 60_000,
    },
  });
  const shared = createSharedState({ redisUrl: config.redisUrl, logger });
  const auth = createAuth({
    config,
    database,
    secrets,
    mailer,
    logger,
    rateLimiter: shared.rateLimiter,
  });
  const sessionCache = config.sessionCache ? shared.makeSessionCache(reviveVerifiedSession) : undefined;
  const onSessionsChanged = async () => {
    await sessionCache?.revoke();
  };
  const authGateway = createAuthGateway({
    auth,
    db: database.db,
    logger,
    config,
    rateLimiter: shared.rateLimiter,
    onSessionsChanged,
  });
  // Sandbox mode: the keys the product's clients send are the ones the fakes mounted here check.
  const providerSettings = withSandboxKeys(config.providers, deriveSandboxKeys(secrets.authSecret));
  const providers = createProviderClients(providerSettings);
  // With DATABASE_URL the jobs live in PostgreSQL, shared by every instance (decision 0026).
  let durableJobs: PostgresJobQueue | undefined;
  const databaseUrl = config.databaseUrl;
  const services = createDomainServices({
    db: database.db,
    logger,
    vault: createVault(secrets.vaultKey),
    providers,
    snapTradeRedirectUrl: `${config.publicUrl}/connect/snaptrade/callback`,
    syncMaxAgeMs: config.providers.syncMaxAgeMs,
    syncLeaseMs: config.providers.syncLeaseMs,
    dailyRefresh: config.providers.dailyRefresh,
    replayStore: shared.replayStore,
    agent: config.agent,
    ...(config.apiRateLimit ? { rateLimiter: shared.rateLimiter } : {}),
    onSessionsChanged,
    ...(databaseUrl
      ? {
          jobs: (sync) => {
            durableJobs = createPostgresJobQueue({
              url: databaseUrl,
              db: database.db,
              run: sync.syncConnection,
              logger,
              dailyRefresh: config.providers.dailyRefresh,
            });
            return durableJobs;
          },
        }
      : {}),
  });
  try {
    await durableJobs?.ready;
  } catch (error) {
    await durableJobs?.close().catch(() => undefined);
    await shared.close();
    await database.close();
    throw error;
  }
  // Turns a stopped process left running: swept now and every 15 s while the server runs.
  const turnSweep = await startTurnSweep({ chat: services.chat, config: config.agent, logger });
  const sandbox =
    config.providers.mode === 'sandbox'
      ? createSandboxRoutes({
          store: createDatabaseSandboxStore(database.db),
          publicUrl: config.publicUrl,
          keys: sandboxKeysOf(providerSettings),
          host: sandboxHost(config.apiRateLimit ? shared.rateLimiter : undefined),
          plaidInitialPull: config.providers.sandboxPlaidPull,
          // Rebased with the clients once the server listens (useSandboxOrigin), so read at each send.
          snaptradeWebhookUrl: () => providers.snaptradeWebhooks()?.url,
        })
      : undefined;
  const app = createApp({
    config,
    logger,
    database,
    secrets,
    auth,
    authGateway,
    replayStore: shared.replayStore,
    rateLimiter: shared.rateLimiter,
    services,
    sessionCache,
    mailer,
    devOutbox,
    sandbox,
    health: {
      ...(shared.kind === 'redis' ? { redis: shared.health } : {}),
      queue: async () => (durableJobs ? durableJobs.health() : 'ok'),
      draining: () => draining,
    },
  });
  let draining = false;
  return {
    app,
    auth,
    authGateway,
    services,
    providers,
    sandboxKeys: sandbox ? sandboxKeysOf(providerSettings) : undefined,
    rateLimiter: shared.rateLimiter,
    database,
    secrets,
    devOutbox,
    mailer,
    logger,
    drain: async () => {
      draining = true;
      await services.jobs.close();
    },
    close: async () => {
      // Let background auth work and queued mail finish before the database goes away.
      await turnSweep.stop();
      await authGateway.settled();
      await services.jobs.close();
      await services.sync.settled();
      await mailer.settled();
      await shared.close();
      await database.close();
    },
  };
}

function mailTransport(config: Config, logger: Logger, devOutbox: DevOutbox | undefined): MailTransport {
  switch (config.mail.mode) {
    case 'smtp':
      if (!config.smtpUrl) throw new Error('MAIL_MODE=smtp without SMTP_URL');
      return createSmtpTransport({ url: config.smtpUrl, from: config.mail.from });
    case 'outbox':
      if (!devOutbox) throw new Error('MAIL_MODE=outbox without its outbox');
      return devOutbox;
    case 'log':
      return createLogTransport({ logger });
  }
}

/** The vendor keys of the sandbox's fakes: the clients' own (sandbox mode always configures both vendors). */
function sandboxKeysOf(settings: Config['providers']): SandboxKeys {
  const { plaid, snaptrade } = settings;
  if (!plaid || !snaptrade) throw new Error('sandbox mode without Plaid or SnapTrade settings');
  return {
    plaid: { clientId: plaid.clientId, secret: plaid.secret },
    snaptrade: { clientId: snaptrade.clientId, consumerKey: snaptrade.consumerKey },
  };
}
