import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createFairQueue, type FairQueue } from './fair-queue.ts';
import { currentFairShare } from './fair-share.ts';
import { type Schema, schema } from './schema.ts';

/** One query surface for both engines: the same schema and the same SQL run on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the engine has one connection (PGlite): callers must not nest queries inside transactions. */
  singleConnection: boolean;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start another from (`snapshot`). */
  dump?(): Promise<Blob>;
};

export type ConnectOptions =
  /**
   * PGlite stored in `dataDir`, or in memory when `dataDir` is omitted: empty, or a copy of `snapshot`
   * (a database's `dump()`), which skips PGlite's seconds-long initdb.
   */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number };

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle client dropped by the server (restart, failover, a forced disconnect) emits 'error' on the
    // pool; unhandled, that would crash the process. The pool replaces the client on next checkout.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      singleConnection: false,
      migrate: () => migrateUnderLock(pool),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
  }
  const client = await PGlite.create(
    dataDir ? { dataDir } : options.snapshot ? { loadDataDir: options.snapshot } : {},
  );
  // PGlite unpacks its initial cluster with mode 0666 files (and older installs still have them);
  // PostgreSQL itself creates later files 0600. One pass after opening leaves everything owner-only.
  if (dataDir) await restrictToOwner(dataDir);
  const db = drizzlePglite(withFairQueue(client, createFairQueue()), { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    singleConnection: true,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * Names the advisory lock instances take around migrating one PostgreSQL database; any bigint would do,
 * as long as it stays the same across versions (docs/operations.md, "Running").
 */
export const MIGRATION_LOCK_KEY = 0x70656e6e79n;

/**
 * Migrates while holding a session advisory lock on one pooled connection: instances started together
 * on one database take turns, and the later ones find every migration applied. Without it two starts
 * race on `CREATE SCHEMA drizzle` and one fails. The lock goes with the connection if the process dies.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {
        // The lock is held by a connection we cannot talk to: it must not go back into the pool.
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Every query, exec and transaction of the app goes through the fair queue (fair-queue.ts): one at a
 * time, the owners of waiting work in turn (currentFairShare: the request's user), with the event
 * loop given a turn every few milliseconds. A transaction's own queries run inside its job, back to
 * back. Migrations and the health check use the client directly.
 */
function withFairQueue(client: PGlite, queue: FairQueue): PGlite {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query' || property === 'exec' || property === 'transaction') {
        const method = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => queue.run(currentFairShare(), () => method.apply(target, args));
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Takes group and other permissions off `target` and, for a folder, everything below it unless
 * `recursive` is false (symlinks are left alone). The database and secrets are for the server's user.
 */
export async function restrictToOwner(target: string, options: { recursive?: boolean } = {}): Promise<void> {
  const stats = await lstat(target);
  if (stats.isSymbolicLink()) return;
  if ((stats.mode & 0o077) !== 0) await chmod(target, stats.mode & 0o700);
  if (!stats.isDirectory() || options.recursive === false) return;
  const entries = await readdir(target);
  await Promise.all(entries.map((entry) => restrictToOwner(path.join(target, entry))));
}
