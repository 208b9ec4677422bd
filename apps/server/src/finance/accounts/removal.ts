import { type AccountPlatform, accountMessages } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import { ProviderError } from '../../connections/types.ts';
import { tables } from '../../db/index.ts';
import type { LinkedAccountCleanup } from '../../identity/index.ts';
import { ServiceError } from '../../services/errors.ts';
import type { ConnectionRow } from '../ledger.ts';
import { connectionByItem, requireConnection } from './connections.ts';
import type { AccountsDeps } from './deps.ts';
import { guarded } from './refusals.ts';
import { snapTradeUser } from './snaptrade-user.ts';

/** Connections removed: at the provider first, then with all their data (rows cascade from the connection). */

const { connection } = tables;

type ProviderDeps = Pick<AccountsDeps, 'db' | 'vault' | 'clients'>;

/** Removes a connection at its provider (best effort for web3: nothing to remove). */
async function removeAtProvider(deps: ProviderDeps, row: ConnectionRow): Promise<void> {
  try {
    if (row.platform === 'plaid' && row.sealedSecret) {
      await deps.clients
        .plaid()
        .removeItem(deps.vault.open(row.sealedSecret, { userId: row.userId, connectionId: row.id }));
    } else if (row.platform === 'snaptrade' && row.itemId) {
      const user = await snapTradeUser(deps, row.userId);
      if (user) await deps.clients.snaptrade().removeAuthorization(user, row.itemId);
    }
  } catch (error) {
    // Already gone at the provider: nothing left to remove there.
    if (error instanceof ProviderError && error.kind === 'not-found') return;
    throw error;
  }
}

/** Removes a connection, named by its item id, at its provider, then with all its data. */
export async function disconnectByItem(
  deps: ProviderDeps,
  userId: string,
  platform: 'plaid' | 'snaptrade',
  itemId: string,
): Promise<void> {
  const row = await connectionByItem(deps.db, userId, platform, itemId);
  if (!row) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
  await guarded(() => removeAtProvider(deps, row));
  await deps.db.delete(connection).where(eq(connection.id, row.id));
}

/** POST /db/disconnect-account: removed at the provider first, then with all its data. */
export async function disconnect(
  deps: ProviderDeps & Pick<AccountsDeps, 'logger'>,
  userId: string,
  accountName: string,
  platform: AccountPlatform,
): Promise<void> {
  const row = await requireConnection(deps.db, userId, accountName, platform);
  await guarded(() => removeAtProvider(deps, row));
  await deps.db.delete(connection).where(and(eq(connection.id, row.id), eq(connection.userId, userId)));
  deps.logger.info({ userId, connectionId: row.id, platform }, 'account disconnected');
}

/** Delete Data / Delete Account: the provider-side users and items go first. */
export function linkedAccountCleanups(deps: ProviderDeps): LinkedAccountCleanup[] {
  return [
    {
      platform: 'plaid',
      async removeAll(userId: string) {
        const rows = await deps.db
          .select()
          .from(connection)
          .where(and(eq(connection.userId, userId), eq(connection.platform, 'plaid')));
        for (const row of rows) await removeAtProvider(deps, row);
      },
    },
    {
      platform: 'snaptrade',
      async removeAll(userId: string) {
        const user = await snapTradeUser(deps, userId);
        if (!user) return;
        try {
          await deps.clients.snaptrade().deleteUser(user.userId);
        } catch (error) {
          if (!(error instanceof ProviderError && error.kind === 'not-found')) throw error;
        }
      },
    },
  ];
}
