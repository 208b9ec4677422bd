import { randomBytes } from 'node:crypto';
import { lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  killServerProcesses,
  signUpBody,
  startServerProcess,
  testDatabaseKinds,
} from '@penny/server/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/** The server process as `npm start` runs it, with this environment on top of the embedded defaults. */
const run = startServerProcess;

/** Every file and folder under `root` (itself included) that its group or others may use. */
async function looseEntries(root: string): Promise<string[]> {
  const loose: string[] = [];
  const visit = async (target: string) => {
    const stats = await lstat(target);
    if ((stats.mode & 0o077) !== 0) {
      loose.push(`${path.relative(root, target) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    }
    if (stats.isDirectory()) for (const entry of await readdir(target)) await visit(path.join(target, entry));
  };
  await visit(root);
  return loose;
}

describe('starting the server', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    killServerProcesses();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps DATA_DIR owner-only, and refuses a restart with another VAULT_KEY', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'penny-main-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'data');

    const first = run({ DATA_DIR: dataDir, NODE_ENV: 'development' });
    const url = await first.ready;
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify(signUpBody({ email: 'modes@example.com', username: 'mode_check' })),
    });
    expect(signUp.status).toBe(200);
    // The e2e tests' way in: the dev outbox, to a client on this machine.
    const outbox = await fetch(`${url}/dev/outbox`);
    expect(outbox.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const files = await readdir(dataDir, { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join('secrets', 'secrets.json'));
    expect(await looseEntries(dataDir)).toEqual([]);

    const second = run({
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      VAULT_KEY: Buffer.alloc(32, 9).toString('base64'),
    });
    expect(await second.exit).toBe(2);
    const said = second.output.join('');
    expect(said).toContain('VAULT_KEY is not the key this database has used since');
    expect(said).not.toContain('Penny is ready');
  }, 120_000);

  it('refuses production without SMTP unless log-only mail is chosen', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-main-'));
    dirs.push(dataDir);
    const refused = run({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(await refused.exit).toBe(2);
    expect(refused.output.join('')).toContain('set SMTP_URL to send it, or MAIL_MODE=log');
  }, 60_000);
});

// PostgreSQL only (where TEST_DATABASE_URL names a server, as in CI): PGlite is one process's alone.
const postgresOnly = testDatabaseKinds().filter((kind) => kind === 'postgres');
describe.each(postgresOnly)('instances started together on %s', () => {
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `penny_together_${randomBytes(5).toString('hex')}`;
  const dirs: string[] = [];
  afterAll(async () => {
    killServerProcesses();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('both come up on one empty database, which is migrated once', async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const shared = {
      DATABASE_URL: url.toString(),
      NODE_ENV: 'development',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      VAULT_KEY: randomBytes(32).toString('base64'),
      BOX_SECRET_KEY: randomBytes(32).toString('base64'),
    };
    const starts = await Promise.all(
      [0, 1].map(async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-together-'));
        dirs.push(dataDir);
        return run({ ...shared, DATA_DIR: dataDir });
      }),
    );
    const origins = await Promise.all(starts.map((start) => start.ready));
    for (const origin of origins) {
      const health = await fetch(`${origin}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
    }
    const journal = JSON.parse(
      await readFile(fileURLToPath(new URL('../drizzle/meta/_journal.json', import.meta.url)), 'utf8'),
    ) as { entries: unknown[] };
    const migrated = new pg.Client({ connectionString: url.toString() });
    await migrated.connect();
    const applied = await migrated.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await migrated.end();
    // One row per migration: the second instance found them applied rather than applying them again.
    expect(applied.rows[0]).toEqual({ n: journal.entries.length });
    for (const start of starts) {
      start.child.kill('SIGTERM');
      expect(await start.exit).toBe(0);
    }
  }, 120_000);
});
