import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/index.ts';
import { createLogger } from '../logger.ts';
import { createDevOutbox } from './dev-outbox.ts';

describe('the dev outbox', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps messages across a restart and lists them newest first', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-outbox-'));
    dirs.push(dataDir);
    const logger = createLogger({ level: 'silent' });

    const first = await connectDatabase({ kind: 'pglite', dataDir });
    await first.migrate();
    const before = createDevOutbox({ db: first.db, logger });
    await before.deliver({ to: 'ada@example.com', subject: 'One', text: 'first', link: 'http://x/1' });
    await before.deliver({ to: 'ada@example.com', subject: 'Two', text: 'second' });
    await first.close();

    const second = await connectDatabase({ kind: 'pglite', dataDir });
    await second.migrate();
    const after = createDevOutbox({ db: second.db, logger });
    const listed = await after.list();
    await second.close();
    expect(listed.map(({ to, subject, text, link }) => ({ to, subject, text, link }))).toEqual([
      { to: 'ada@example.com', subject: 'Two', text: 'second', link: null },
      { to: 'ada@example.com', subject: 'One', text: 'first', link: 'http://x/1' },
    ]);
    expect(Number.isNaN(Date.parse(listed[0]?.sentAt ?? ''))).toBe(false);
  });
});
