import { eq, getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/index.ts';
import { lockUsage, tables } from '../db/index.ts';
import type { Logger } from '../logger.ts';

/**
 * Provider-side clean-up for one user's linked accounts (Plaid /item/remove, SnapTrade user deletion,
 * wallet keys...), run before their rows go. The Accounts work registers one per platform in
 * compose.ts; a failure stops the deletion so nothing is left orphaned at the provider.
 */
export type LinkedAccountCleanup = {
  platform: string;
  removeAll(userId: string): Promise<void>;
};

/** Identity and the data container: Delete Data keeps these ("the profile remains"). */
const KEPT_BY_DELETE_DATA = new Set<PgTable>([
  tables.user,
  tables.session,
  tables.account,
  tables.verification,
  tables.profile,
]);

type UserTable = { table: PgTable; userId: ReturnType<typeof getTableColumns>[string] };

/**
 * Every user-scoped table (one with a `userId` column) in the schema apart from the kept ones, children
 * before the tables they reference. Derived from the schema so a table added later (threads, turns,
 * connections...) is covered without touching this file.
 */
export function userDataTables(schema: Record<string, unknown> = tables.schema): UserTable[] {
  const found: UserTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable) || KEPT_BY_DELETE_DATA.has(value)) continue;
    const userId = getTableColumns(value).userId;
    if (userId) found.push({ table: value, userId });
  }
  const references = new Map(
    found.map(({ table }) => [
      table,
      new Set(getTableConfig(table).foreignKeys.map((fk) => fk.reference().foreignTable)),
    ]),
  );
  // A table goes after every table that references it.
  const ordered: UserTable[] = [];
  const remaining = [...found];
  while (remaining.length > 0) {
    const index = remaining.findIndex(
      (candidate) =>
        !remaining.some((other) => other !== candidate && references.get(other.table)?.has(candidate.table)),
    );
    const [next] = remaining.splice(index === -1 ? 0 : index, 1);
    if (next) ordered.push(next);
  }
  return ordered;
}

export type UserDataService = ReturnType<typeof createUserDataService>;

export function createUserDataService(deps: {
  db: Database;
  logger: Logger;
  linkedAccountCleanups?: readonly LinkedAccountCleanup[];
  /** Called once the account and its sessions are gone (clears the session cache). */
  onSessionsChanged?: () => Promise<void>;
}) {
  const cleanups = deps.linkedAccountCleanups ?? [];

  async function removeLinkedAccounts(userId: string) {
    for (const cleanup of cleanups) {
      await cleanup.removeAll(userId);
      deps.logger.info({ userId, platform: cleanup.platform }, 'linked accounts removed at the provider');
    }
  }

  return {
    /**
     * Delete Data: conversations and messages, saved resources, linked accounts and their credentials.
     * The account, its sessions and the profile (user info and preferences) remain.
     */
    async eraseData(userId: string): Promise<void> {
      await removeLinkedAccounts(userId);
      const targets = userDataTables();
      await deps.db.transaction(async (tx) => {
        // First, as every writer of the user's resources and chats does (db/usage.ts); the usage row
        // goes with the rest, and the next write starts it again from zero.
        await lockUsage(tx, userId);
        for (const { table, userId: column } of targets) {
          await tx.delete(table).where(eq(column, userId));
        }
      });
      deps.logger.info({ userId, tables: targets.length }, 'user data deleted');
    },

    /** Delete Account: everything, the auth user included (sessions, profile and data cascade). */
    async deleteAccount(userId: string): Promise<void> {
      await removeLinkedAccounts(userId);
      await deps.db.transaction(async (tx) => {
        await lockUsage(tx, userId);
        // Outstanding reset tokens name the user by id; they die with the account.
        await tx.delete(tables.verification).where(eq(tables.verification.value, userId));
        await tx.delete(tables.user).where(eq(tables.user.id, userId));
      });
      await deps.onSessionsChanged?.();
      deps.logger.info({ userId }, 'account deleted');
    },
  };
}
