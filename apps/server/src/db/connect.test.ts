import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';

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
