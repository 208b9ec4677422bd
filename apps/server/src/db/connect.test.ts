import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { assignFairShare, currentFairShare, withFairShare } from './fair-share.ts';

/** Every file and folder under `root` (itself included) that its group or others may use. */
async function looseEntries(root: string): Promise<string[]> {
  const loose: string[] = [];
  const visit = async (target: string) => {
    const stats = await lstat(target);
    if ((stats.mode & 0o077) !== 0)
      loose.push(`${path.relative(root, target) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of await readdir(target)) await visit(path.join(target, entry));
  };
  await visit(root);
  return loose;
}

async function countFiles(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

describe('the embedded database on disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('is readable by its owner only, including files an older version left open to others', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'penny-pglite-mode-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'db');

    const first = await connectDatabase({ kind: 'pglite', dataDir });
    await first.migrate();
    await first.close();
    expect(await countFiles(dataDir)).toBeGreaterThan(100);
    expect(await looseEntries(dataDir)).toEqual([]);

    // A data folder from before the fix: world-readable files and an open folder.
    await chmod(dataDir, 0o755);
    await chmod(path.join(dataDir, 'PG_VERSION'), 0o666);
    await writeFile(path.join(dataDir, 'base', 'stray'), 'x', { mode: 0o644 });
    await chmod(path.join(dataDir, 'base', 'stray'), 0o644);
    const second = await connectDatabase({ kind: 'pglite', dataDir });
    await second.db.execute('create table later_table (id int)');
    await second.close();
    expect(await looseEntries(dataDir)).toEqual([]);
  });
});

describe('the embedded database under concurrent requests', () => {
  it('serves the waiting queries of different users in turn, and one’s error stays its own', async () => {
    const database = await connectDatabase({ kind: 'pglite' });
    try {
      const { db } = database;
      await db.execute(sql`create table arrivals (seq serial primary key, label text not null)`);
      // Drizzle runs a query when it is awaited: inside the request's code, so on its share.
      const insert = (owner: string, label: string) =>
        withFairShare(
          owner,
          async () => await db.execute(sql`insert into arrivals (label) values (${label})`),
        );
      // One user has three queries waiting, asked at once, then two others ask (one of them wrongly).
      const results = await Promise.allSettled([
        insert('user:a', 'a1'),
        insert('user:a', 'a2'),
        insert('user:a', 'a3'),
        withFairShare('user:b', async () => await db.execute(sql`insert into missing_table values (1)`)),
        insert('user:b', 'b2'),
        insert('user:c', 'c1'),
      ]);
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      const rows = (await db.execute(sql`select label from arrivals order by seq`)) as unknown as {
        rows: Array<{ label: string }>;
      };
      expect(rows.rows.map((row) => row.label)).toEqual(['a1', 'c1', 'a2', 'b2', 'a3']);
    } finally {
      await database.close();
    }
  });

  it('charges a request to its user once the session names them, including work it started', async () => {
    const seen: string[] = [];
    await withFairShare('request:1', async () => {
      seen.push(currentFairShare());
      const later = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        seen.push(currentFairShare());
      });
      assignFairShare('user:ada');
      seen.push(currentFairShare());
      await later;
    });
    seen.push(currentFairShare());
    expect(seen).toEqual(['request:1', 'user:ada', 'user:ada', 'background']);
  });
});
