import type { Config } from './config.ts';
import { connectDatabase, type DatabaseHandle } from './db/index.ts';
import { createApp } from './http/app.ts';
import { createMemoryReplayStore } from './http/middleware/replay-store.ts';
import { createAuth } from './identity/index.ts';
import type { Logger } from './logger.ts';
import { createDevOutbox, type DevOutbox } from './mail/index.ts';
import { loadSecrets, type Secrets } from './secrets/index.ts';

export type Services = {
  app: ReturnType<typeof createApp>;
  auth: ReturnType<typeof createAuth>;
  database: DatabaseHandle;
  secrets: Secrets;
  devOutbox: DevOutbox | undefined;
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
  // SMTP delivery arrives with the Identity work; until then every mode uses the dev outbox.
  const devOutbox = createDevOutbox(logger);
  const auth = createAuth({ config, database, secrets, mailer: devOutbox, logger });
  const replayStore = createMemoryReplayStore({ maxEntries: 100_000 });
  const app = createApp({ config, logger, database, secrets, auth, replayStore, devOutbox });
  return { app, auth, database, secrets, devOutbox, close: () => database.close() };
}
