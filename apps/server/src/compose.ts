import type { Config } from './config.ts';
import { connectDatabase, type DatabaseHandle } from './db/index.ts';
import { createApp } from './http/app.ts';
import { createAuth } from './identity/index.ts';
import type { Logger } from './logger.ts';
import {
  createDevOutbox,
  createMailer,
  createSmtpTransport,
  type DevOutbox,
  type Mailer,
} from './mail/index.ts';
import { loadSecrets, type Secrets } from './secrets/index.ts';
import { createSharedState } from './shared-state/index.ts';

export type Services = {
  app: ReturnType<typeof createApp>;
  auth: ReturnType<typeof createAuth>;
  database: DatabaseHandle;
  secrets: Secrets;
  devOutbox: DevOutbox | undefined;
  mailer: Mailer;
  close(): Promise<void>;
};

/** config -> secrets -> database (migrated) -> auth -> http app. Shared by main.ts and the tests. */
export async function composeServices(
  config: Config,
  logger: Logger,
  overrides: { secrets?: Secrets; database?: DatabaseHandle } = {},
): Promise<Services> {
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
  } catch (error) {
    await database.close();
    throw error;
  }
  // SMTP_URL set: real mail. Otherwise the dev outbox (stored, logged, listed at /dev/outbox).
  const devOutbox = config.smtpUrl ? undefined : createDevOutbox({ db: database.db, logger });
  const transport = config.smtpUrl
    ? createSmtpTransport({ url: config.smtpUrl, from: config.mail.from })
    : (devOutbox as DevOutbox);
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
  const shared = createSharedState({ redisUrl: config.redisUrl });
  const auth = createAuth({
    config,
    database,
    secrets,
    mailer,
    logger,
    rateLimitStorage: shared.rateLimitStorage,
  });
  const app = createApp({
    config,
    logger,
    database,
    secrets,
    auth,
    replayStore: shared.replayStore,
    mailer,
    devOutbox,
  });
  return {
    app,
    auth,
    database,
    secrets,
    devOutbox,
    mailer,
    close: async () => {
      // Let queued mail reach the outbox before the database goes away.
      await mailer.settled();
      await shared.close();
      await database.close();
    },
  };
}
