import {
  ACCOUNT_LIMITS,
  ACCOUNT_SUFFIX,
  type AccountPlatform,
  accountMessages,
  quotaMessages,
  USER_QUOTAS,
} from '@penny/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { lockUsage, tables } from '../../db/index.ts';
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
  db: Pick<Database, 'select'>,
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

/** How many connections of `platform` the user has. */
async function connectionCount(
  db: Pick<Database, 'select'>,
  userId: string,
  platform: AccountPlatform,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(connection)
    .where(and(eq(connection.userId, userId), eq(connection.platform, platform)));
  return Number(row?.n ?? 0);
}

const overQuota = (platform: AccountPlatform) =>
  new ServiceError('quota:connections', quotaMessages.connections(platform));

/**
 * Before a link starts (a Link token, the brokerage portal): refused when the user already holds the
 * platform's quota of connections (USER_QUOTAS), so nobody signs in at a bank only to be refused after.
 */
export async function refuseAtConnectionQuota(
  db: Pick<Database, 'select'>,
  userId: string,
  platform: AccountPlatform,
): Promise<void> {
  if ((await connectionCount(db, userId, platform)) >= USER_QUOTAS.connections[platform])
    throw overQuota(platform);
}

/**
 * Writes a connection of `platform` within the user's quota: in one transaction holding the user's usage
 * lock (db/usage.ts), so links arriving at once are counted one after the other and the count after
 * the write is exact; over the quota the write is rolled back and refused.
 */
export async function withinConnectionQuota<T>(
  db: Database,
  userId: string,
  platform: AccountPlatform,
  write: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockUsage(tx, userId);
    const result = await write(tx as unknown as Database);
    if ((await connectionCount(tx, userId, platform)) > USER_QUOTAS.connections[platform])
      throw overQuota(platform);
    return result;
  });
}

/**
 * A new connection named after `label` (a free name), its provider secret sealed to it, within the
 * user's quota of connections of its platform. Answers its id and name.
 */
export async function createConnection(
  deps: Pick<AccountsDeps, 'db' | 'vault'>,
  values: Omit<typeof connection.$inferInsert, 'id' | 'name'>,
  label: string,
  secret?: string,
): Promise<{ id: string; name: string }> {
  const id = newId('conn');
  return withinConnectionQuota(deps.db, values.userId, values.platform, async (tx) => {
    const name = await freeName(tx, values.userId, label, values.platform);
    await tx.insert(connection).values({
      ...values,
      id,
      name,
      sealedSecret: secret ? deps.vault.seal(secret, { userId: values.userId, connectionId: id }) : null,
    });
    return { id, name };
  });
}
