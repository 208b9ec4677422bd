import { ACCOUNT_LIMITS, ACCOUNT_SUFFIX, type AccountPlatform, accountMessages } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { listConnections, newId } from '../ledger.ts';
import type { AccountsDeps } from './deps.ts';

/** The user's connections as the handlers look them up, name them and create them. */

const { connection } = tables;

/**
 * The required account name (docs/product/chat.md, "Account credentials map"): whitespace to underscores,
 * plus the platform suffix.
 */
export function accountNameFor(label: string, platform: AccountPlatform): string {
  const base =
    label
      .trim()
      .replace(/\s+/g, '_')
      .slice(0, ACCOUNT_LIMITS.nameMax - 20) || 'Account';
  return `${base}${ACCOUNT_SUFFIX[platform]}`;
}

/** The user's connections with their accounts, optionally of one platform or one name. */
export async function connectionsOf(
  db: Database,
  userId: string,
  platform?: AccountPlatform,
  accountName?: string,
) {
  const all = await listConnections(db, userId);
  return all.filter(
    (entry) =>
      (!platform || entry.connection.platform === platform) &&
      (!accountName || entry.connection.name === accountName),
  );
}

/** The user's connection of that name (and platform); otherwise not found. */
export async function requireConnection(
  db: Database,
  userId: string,
  accountName: string,
  platform?: AccountPlatform,
) {
  const [row] = await db
    .select()
    .from(connection)
    .where(and(eq(connection.userId, userId), eq(connection.name, accountName)));
  // Another user's connection, or one of another platform, is simply not there.
  if (!row || (platform && row.platform !== platform)) {
    throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
  }
  return row;
}

/** The user's connection of a platform by its item id (Plaid item, SnapTrade authorization). */
export async function connectionByItem(
  db: Database,
  userId: string,
  platform: 'plaid' | 'snaptrade',
  itemId: string,
) {
  const [row] = await db
    .select()
    .from(connection)
    .where(
      and(eq(connection.userId, userId), eq(connection.platform, platform), eq(connection.itemId, itemId)),
    );
  return row;
}

/** A free account name: 'Chase_plaid', then 'Chase_2_plaid', ... */
export async function freeName(
  db: Database,
  userId: string,
  label: string,
  platform: AccountPlatform,
): Promise<string> {
  const taken = new Set(
    (await db.select({ name: connection.name }).from(connection).where(eq(connection.userId, userId))).map(
      (row) => row.name,
    ),
  );
  const first = accountNameFor(label, platform);
  if (!taken.has(first)) return first;
  const stem = first.slice(0, -ACCOUNT_SUFFIX[platform].length);
  for (let index = 2; ; index += 1) {
    const candidate = `${stem}_${index}${ACCOUNT_SUFFIX[platform]}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A new connection, its provider secret sealed to it. */
export async function createConnection(
  deps: Pick<AccountsDeps, 'db' | 'vault'>,
  values: Omit<typeof connection.$inferInsert, 'id'>,
  secret?: string,
): Promise<string> {
  const id = newId('conn');
  await deps.db.insert(connection).values({
    ...values,
    id,
    sealedSecret: secret ? deps.vault.seal(secret, { userId: values.userId, connectionId: id }) : null,
  });
  return id;
}
