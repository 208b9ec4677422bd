import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../db/index.ts';
import { createLogger } from '../logger.ts';
import { createUserDataService, userDataTables } from './user-data.ts';

describe('which tables Delete Data empties', () => {
  it('covers every user-scoped table but identity and the profile, children first', () => {
    // Tables the chat and accounts work will add look like these.
    const thread = pgTable('thread', {
      id: text('id').primaryKey(),
      userId: text('user_id').references(() => tables.user.id, { onDelete: 'cascade' }),
    });
    const turn = pgTable('turn', {
      id: text('id').primaryKey(),
      userId: text('user_id').references(() => tables.user.id, { onDelete: 'cascade' }),
      threadId: text('thread_id').references(() => thread.id),
    });
    const security = pgTable('security', { id: text('id').primaryKey(), data: jsonb('data') });
    const names = userDataTables({ ...tables.schema, thread, security, turn }).map(({ table }) => table);
    expect(names).toContain(tables.resource);
    expect(names).not.toContain(tables.profile);
    expect(names).not.toContain(tables.user);
    expect(names).not.toContain(tables.session);
    expect(names).not.toContain(tables.account);
    expect(names).not.toContain(security);
    expect(names.indexOf(turn)).toBeLessThan(names.indexOf(thread));
  });
});

describe('linked-account clean-up hook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const addResource = (userId: string) =>
    t.rows(
      sql`insert into resource (id, user_id, dsl_objects) values (${randomUUID()}, ${userId}, '[]'::jsonb)`,
    );
  const resources = async (userId: string) =>
    (await t.rows(sql`select id from resource where user_id = ${userId}`)).length;

  it('asks every platform to remove the user before the rows go', async () => {
    const { user } = await t.signUpVerifiedUser();
    await addResource(user.id);
    const removed: string[] = [];
    const service = createUserDataService({
      db: t.database.db,
      logger: createLogger({ level: 'silent' }),
      linkedAccountCleanups: [
        { platform: 'plaid', removeAll: async (id) => void removed.push(`plaid:${id}`) },
        { platform: 'snaptrade', removeAll: async (id) => void removed.push(`snaptrade:${id}`) },
      ],
    });
    await service.eraseData(user.id);
    expect(removed).toEqual([`plaid:${user.id}`, `snaptrade:${user.id}`]);
    expect(await resources(user.id)).toBe(0);
  });

  it('keeps every row when a platform cannot remove the user, so nothing is orphaned there', async () => {
    const { user } = await t.signUpVerifiedUser();
    await addResource(user.id);
    const service = createUserDataService({
      db: t.database.db,
      logger: createLogger({ level: 'silent' }),
      linkedAccountCleanups: [
        {
          platform: 'plaid',
          removeAll: async () => {
            throw new Error('provider unavailable');
          },
        },
      ],
    });
    await expect(service.deleteAccount(user.id)).rejects.toThrow('provider unavailable');
    expect(await resources(user.id)).toBe(1);
    expect(await t.rows(sql`select id from "user" where id = ${user.id}`)).toHaveLength(1);
  });
});
