import { accountMessages } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import type { SnapTradeUser } from '../../connections/types.ts';
import { tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import type { AccountsDeps } from './deps.ts';

const { providerUser } = tables;

/** The vault binding of the SnapTrade user secret (not tied to one connection). */
export const SNAPTRADE_USER_BINDING = 'provider-user:snaptrade';

/** The user's SnapTrade registration, its secret opened; none before the first brokerage link. */
export async function snapTradeUser(
  deps: Pick<AccountsDeps, 'db' | 'vault'>,
  userId: string,
): Promise<SnapTradeUser | undefined> {
  const [row] = await deps.db
    .select()
    .from(providerUser)
    .where(and(eq(providerUser.userId, userId), eq(providerUser.platform, 'snaptrade')));
  if (!row) return undefined;
  return {
    userId: row.externalUserId,
    userSecret: deps.vault.open(row.sealedSecret, { userId, connectionId: SNAPTRADE_USER_BINDING }),
  };
}

export async function requireSnapTradeUser(
  deps: Pick<AccountsDeps, 'db' | 'vault'>,
  userId: string,
): Promise<SnapTradeUser> {
  const user = await snapTradeUser(deps, userId);
  if (!user) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
  return user;
}
