import { and, eq, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { tables } from '../../db/index.ts';
import type { ConnectionRow } from '../ledger.ts';
import type { SyncDeps, SyncOutcome } from './types.ts';

/**
 * One sync per connection at a time, across processes: a lease taken by one atomic UPDATE on the
 * connection row (PGlite and PostgreSQL alike), renewed per page and released at the end.
 */

const { connection } = tables;

function leaseUntil(leaseSeconds: number): SQL {
  return sql`now() + make_interval(secs => ${leaseSeconds})`;
}

/** Takes the connection's lease when it is free (or expired); the row, or nothing. */
export async function acquire(
  deps: Pick<SyncDeps, 'db' | 'leaseSeconds'>,
  userId: string,
  connectionId: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await deps.db
    .update(connection)
    .set({ syncLeaseUntil: leaseUntil(deps.leaseSeconds), syncStartedAt: sql`now()` })
    .where(
      and(
        eq(connection.id, connectionId),
        eq(connection.userId, userId),
        or(isNull(connection.syncLeaseUntil), lt(connection.syncLeaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/** Extends the lease, inside the transaction that commits a page. */
export async function renew(
  deps: Pick<SyncDeps, 'leaseSeconds'>,
  tx: Pick<Database, 'update'>,
  connectionId: string,
): Promise<void> {
  await tx
    .update(connection)
    .set({ syncLeaseUntil: leaseUntil(deps.leaseSeconds) })
    .where(eq(connection.id, connectionId));
}

/**
 * Keeps a held lease alive while its sync runs, whatever one provider call takes: renewed every third
 * of its length, so the lease can stay short and a process that died mid-sync frees the connection
 * within it. Only a lease still held is extended (the sync's own end clears it). Stop it before the
 * lease is released.
 */
export function holdLease(deps: Pick<SyncDeps, 'db' | 'leaseSeconds' | 'logger'>, connectionId: string) {
  const timer = setInterval(
    () => {
      void deps.db
        .update(connection)
        .set({ syncLeaseUntil: leaseUntil(deps.leaseSeconds) })
        .where(and(eq(connection.id, connectionId), isNotNull(connection.syncLeaseUntil)))
        .catch(() => undefined);
    },
    Math.max(1_000, (deps.leaseSeconds * 1_000) / 3),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Why the lease was not taken: another sync holds it, or the user has no such connection. */
export async function notAcquired(
  deps: Pick<SyncDeps, 'db'>,
  userId: string,
  connectionId: string,
): Promise<SyncOutcome> {
  const [exists] = await deps.db
    .select({ id: connection.id })
    .from(connection)
    .where(and(eq(connection.id, connectionId), eq(connection.userId, userId)));
  if (!exists) return { status: 'failed', kind: 'not-found', message: 'Account not found' };
  return { status: 'already-running' };
}
