import { eq, sql } from 'drizzle-orm';
import type { Database } from './connect.ts';
import { userUsage } from './schema.ts';

/** What a user keeps, as the usage triggers count it (schema.ts, `userUsage`). */
export type Usage = { resources: number; threads: number; storedBytes: number };

const columns = {
  resources: userUsage.resources,
  threads: userUsage.threads,
  storedBytes: userUsage.storedBytes,
};

/**
 * Locks the user's usage row (creating it at zero) until the transaction ends, and answers it. Every
 * transaction that writes a user's resources, threads or turns, or links a connection, takes it
 * first: the user's writes then run one at a time, so a count read after an insert is exact under any
 * concurrency, and the row locks they take later are always taken in the same order (no deadlock).
 */
export async function lockUsage(tx: Pick<Database, 'insert'>, userId: string): Promise<Usage> {
  const [row] = await tx
    .insert(userUsage)
    .values({ userId })
    .onConflictDoUpdate({ target: userUsage.userId, set: { userId: sql`excluded.user_id` } })
    .returning(columns);
  return row ?? { resources: 0, threads: 0, storedBytes: 0 };
}

/** The user's usage as this transaction sees it (after its own writes). */
export async function readUsage(tx: Pick<Database, 'select'>, userId: string): Promise<Usage> {
  const [row] = await tx.select(columns).from(userUsage).where(eq(userUsage.userId, userId));
  return row ?? { resources: 0, threads: 0, storedBytes: 0 };
}
