import type { AccountPlatform } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import { tables } from '../../db/index.ts';
import { requireConnection } from './connections.ts';
import type { AccountsDeps } from './deps.ts';

const { connection } = tables;

/** Syncs, and waits for, the user's connections of a platform whose data is older than allowed. */
export async function refreshIfStale(
  deps: Pick<AccountsDeps, 'db' | 'sync' | 'syncMaxAgeMs'>,
  userId: string,
  platform: AccountPlatform,
  accountName?: string,
): Promise<void> {
  const rows = await deps.db
    .select()
    .from(connection)
    .where(and(eq(connection.userId, userId), eq(connection.platform, platform)));
  const stale = rows.filter(
    (row) =>
      (!accountName || row.name === accountName) &&
      row.status !== 'login_required' &&
      deps.sync.isStale(row, deps.syncMaxAgeMs),
  );
  // Reads never fail because a provider is down: the last synced data is served, the status says why.
  await Promise.all(stale.map((row) => deps.sync.syncConnection(userId, row.id)));
}

/** POST /db/refresh-accounts: starts a sync of one connection or of all of them. */
export async function refresh(
  deps: Pick<AccountsDeps, 'db' | 'sync'>,
  userId: string,
  accountName?: string,
): Promise<string[]> {
  const rows = accountName
    ? [await requireConnection(deps.db, userId, accountName)]
    : await deps.db.select().from(connection).where(eq(connection.userId, userId));
  const started: string[] = [];
  for (const row of rows) {
    const outcome = await deps.sync.startSync(userId, row.id);
    if (outcome !== 'not-found') started.push(row.name);
  }
  return started;
}
