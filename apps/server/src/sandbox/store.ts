import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';

/**
 * Where the sandbox upstreams keep their vendor-side state (items, tokens, users, forced errors): a
 * small key-value store per namespace ('plaid:item', 'snaptrade:user', ...). The database version
 * survives restarts, so a sandbox account linked yesterday still syncs today; the memory version is
 * for a fake served on its own in a contract test.
 */
export type SandboxStore = {
  get<T>(namespace: string, key: string): Promise<T | undefined>;
  put(namespace: string, key: string, value: unknown): Promise<void>;
  /** Applies `change` to the current value atomically (per key); `undefined` from `change` deletes. */
  update<T>(
    namespace: string,
    key: string,
    change: (current: T | undefined) => T | undefined,
  ): Promise<T | undefined>;
  delete(namespace: string, key: string): Promise<void>;
  list<T>(namespace: string): Promise<{ key: string; value: T }[]>;
};

export function createMemorySandboxStore(): SandboxStore {
  const data = new Map<string, Map<string, unknown>>();
  const space = (namespace: string) => {
    let entries = data.get(namespace);
    if (!entries) {
      entries = new Map();
      data.set(namespace, entries);
    }
    return entries;
  };
  // JSON round trips keep the memory store as strict as the database one (no shared references).
  const copy = <T>(value: unknown): T =>
    value === undefined ? (undefined as T) : JSON.parse(JSON.stringify(value));
  return {
    async get<T>(namespace: string, key: string) {
      return copy<T | undefined>(space(namespace).get(key));
    },
    async put(namespace, key, value) {
      space(namespace).set(key, copy(value));
    },
    async update<T>(namespace: string, key: string, change: (current: T | undefined) => T | undefined) {
      const next = change(copy<T | undefined>(space(namespace).get(key)));
      if (next === undefined) space(namespace).delete(key);
      else space(namespace).set(key, copy(next));
      return copy<T | undefined>(next);
    },
    async delete(namespace, key) {
      space(namespace).delete(key);
    },
    async list<T>(namespace: string) {
      return [...space(namespace)].map(([key, value]) => ({ key, value: copy<T>(value) }));
    },
  };
}

export function createDatabaseSandboxStore(db: Database): SandboxStore {
  const record = tables.sandboxRecord;
  const where = (namespace: string, key: string) => and(eq(record.namespace, namespace), eq(record.key, key));
  return {
    async get<T>(namespace: string, key: string) {
      const [row] = await db.select({ value: record.value }).from(record).where(where(namespace, key));
      return row?.value as T | undefined;
    },
    async put(namespace, key, value) {
      await db
        .insert(record)
        .values({ namespace, key, value })
        .onConflictDoUpdate({
          target: [record.namespace, record.key],
          set: { value, version: sql`${record.version} + 1`, updatedAt: new Date() },
        });
    },
    async update<T>(namespace: string, key: string, change: (current: T | undefined) => T | undefined) {
      return db.transaction(async (tx) => {
        // Row lock (or, for a new key, the insert's conflict) serialises concurrent updates of one key.
        await tx.insert(record).values({ namespace, key, value: sql`'null'::jsonb` }).onConflictDoNothing();
        const [row] = await tx
          .select({ value: record.value })
          .from(record)
          .where(where(namespace, key))
          .for('update');
        const next = change((row?.value ?? undefined) as T | undefined);
        if (next === undefined) await tx.delete(record).where(where(namespace, key));
        else
          await tx
            .update(record)
            .set({ value: next, version: sql`${record.version} + 1`, updatedAt: new Date() })
            .where(where(namespace, key));
        return next;
      });
    },
    async delete(namespace, key) {
      await db.delete(record).where(where(namespace, key));
    },
    async list<T>(namespace: string) {
      const rows = await db
        .select({ key: record.key, value: record.value })
        .from(record)
        .where(eq(record.namespace, namespace));
      return rows.map((row) => ({ key: row.key, value: row.value as T }));
    },
  };
}
