import { Blob as NodeBlob } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { SignUpRequest } from '@penny/contracts';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import nacl from 'tweetnacl';
import { composeServices, type Services } from '../src/compose.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/index.ts';
import { createLogger } from '../src/logger.ts';
import type { Secrets } from '../src/secrets/index.ts';

/** Secrets for tests and benches: random, never written anywhere. */
function ephemeralSecrets(): Secrets {
  return {
    authSecret: randomBytes(32).toString('base64url'),
    vaultKey: new Uint8Array(randomBytes(32)),
    boxKeyPair: nacl.box.keyPair(),
  };
}

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestApp = Services & {
  config: Config;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  /** Raw log output, for "never logged" assertions. */
  logText(): string;
  /** Rows of a raw SQL query, the same shape on PGlite and PostgreSQL. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  signUpVerifiedUser(
    input?: Partial<SignUpInput>,
  ): Promise<{ token: string; cookie: string; user: SignUpInput & { id: string } }>;
  /** With `listen: true`: where the app answers over real HTTP (the SDKs reach the sandbox there). */
  origin: string | undefined;
  /** On PostgreSQL: the throwaway database's URL (what a second instance, or a job queue, connects to). */
  databaseUrl: string | undefined;
};

/** A user made by `signUpVerifiedUser`: its bearer token and sign-up fields. */
export type SignedUpUser = Awaited<ReturnType<TestApp['signUpVerifiedUser']>>;

/** The sign-up fields a test user is made with (the contract's, without the consents and names). */
export type SignUpInput = Pick<
  SignUpRequest,
  'email' | 'password' | 'username' | 'firstName' | 'lastName' | 'phoneNumber' | 'country' | 'dateOfBirth'
>;

let migrated: Promise<Blob | undefined> | undefined;

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * A PGlite database with every migration applied, made once and kept in the temp folder for every
 * test process (named by the migrations it holds): each test app starts from a copy of it, because
 * PGlite's own initdb takes seconds and a copy about one. The app still runs its migrations at start
 * (a no-op on the copy), and the database is as real as a fresh one. Undefined where it cannot be
 * made (a browser-like test environment whose Blob cannot be read): that app starts empty.
 */
function migratedPglite(): Promise<Blob | undefined> {
  migrated ??= (async () => {
    // Named by PGlite's version and the migrations: another of either makes another database.
    const hash = createHash('sha256');
    const pglite = fileURLToPath(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')));
    hash.update(await readFile(pglite));
    for (const file of (await readdir(MIGRATIONS)).sort())
      if (file.endsWith('.sql')) hash.update(await readFile(path.join(MIGRATIONS, file)));
    const file = path.join(tmpdir(), `penny-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    const saved = await readFile(file).catch(() => undefined);
    if (saved) return new NodeBlob([saved]) as unknown as Blob;
    const database = await connectDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      const dump = await database.dump?.();
      if (!dump || typeof dump.arrayBuffer !== 'function') return undefined;
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Written whole, then renamed: a process reading it never sees half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      return new NodeBlob([bytes]) as unknown as Blob;
    } finally {
      await database.close();
    }
  })();
  return migrated;
}

/**
 * The real app, in process, on a fresh database: PGlite in memory, or a throwaway PostgreSQL database
 * created on the TEST_DATABASE_URL server and dropped by close().
 */
export async function createTestApp(
  options: {
    database?: TestDatabaseKind;
    env?: Record<string, string>;
    /**
     * Also serve the app on a loopback port: needed whenever a provider SDK must reach the sandbox
     * upstreams over real HTTP (linking and syncing accounts).
     */
    listen?: boolean;
  } = {},
): Promise<TestApp> {
  const kind = options.database ?? 'pglite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Webhook-announced syncs run in the background at moments of their own: a test that links banks
    // asks for them (PLAID_WEBHOOKS=true) when it is about them, so every other test's syncs are its own.
    PLAID_WEBHOOKS: 'false',
    SNAPTRADE_WEBHOOKS: 'false',
    // Nor the daily refresh, whose tick at 04:00 UTC would sync every test's connections at once.
    DAILY_REFRESH: 'false',
    // The sandbox Plaid's initial pull is ready at once unless a test is about it: the same code path,
    // with both stages due the moment the item is made (docs/accounts.md, "The sandbox").
    SANDBOX_PLAID_INITIAL_UPDATE_MS: '0',
    SANDBOX_PLAID_HISTORICAL_UPDATE_MS: '0',
    ...options.env,
  });
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: config.logLevel, destination });

  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let database: Awaited<ReturnType<typeof connectDatabase>>;
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `penny_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await connectDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 5 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const snapshot = await migratedPglite();
    database = await connectDatabase({ kind: 'pglite', ...(snapshot ? { snapshot } : {}) });
  }

  const services = await composeServices(config, logger, { secrets: ephemeralSecrets(), database });
  let counter = 0;
  let origin: string | undefined;
  let server: ReturnType<typeof serve> | undefined;
  if (options.listen) {
    const listening = serve({ fetch: services.app.fetch, port: 0, hostname: '127.0.0.1' });
    server = listening;
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    services.providers.useSandboxOrigin(origin);
  }

  return {
    ...services,
    config,
    origin,
    databaseUrl,
    get logs() {
      return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    logText: () => lines.join(''),
    async rows<T>(query: SQL) {
      const result = (await services.database.db.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    },
    async signUpVerifiedUser(input = {}) {
      counter++;
      const suffix = `${Date.now().toString(36)}${counter}`;
      const user: SignUpInput = {
        email: `user${suffix}@example.com`,
        password: 'correct horse battery',
        username: `user_${suffix}`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        phoneNumber: '+15551234567',
        country: 'United States',
        dateOfBirth: '1990-01-01',
        ...input,
      };
      const signUp = await services.app.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: config.publicUrl },
        body: JSON.stringify({
          ...user,
          name: `${user.firstName} ${user.lastName}`,
          agreedToTerms: true,
          agreedToPrivacy: true,
        }),
      });
      if (!signUp.ok) {
        const errors = lines.filter((line) => line.includes('"level":50')).slice(-3);
        throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}\n${errors.join('')}`);
      }
      // Mail is sent in the background; wait for it to land in the outbox.
      await services.mailer.settled();
      const mail = (await services.devOutbox?.list())?.find(
        (m) => m.to === user.email.toLowerCase() && m.link?.includes('verify-email'),
      );
      if (!mail?.link) throw new Error('no verification mail in the outbox');
      const link = new URL(mail.link);
      const verify = await services.app.request(link.pathname + link.search);
      if (verify.status >= 400) throw new Error(`verification failed: ${verify.status}`);
      const signIn = await services.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: config.publicUrl },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      const token = signIn.headers.get('set-auth-token');
      if (!signIn.ok || !token) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
      const body = (await signIn.json()) as { user: { id: string } };
      const cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      return { token, cookie, user: { ...user, id: body.user.id } };
    },
    async close() {
      if (server) {
        const closing = server;
        if ('closeAllConnections' in closing) closing.closeAllConnections();
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
      await services.close();
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
