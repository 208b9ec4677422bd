import { accountMessages } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import type { SnapTradeUser } from '../../connections/types.ts';
import { tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import type { AccountsDeps } from './deps.ts';

const { providerUser } = tables;

/** The SnapTrade user id Penny registers for one of its users (not secret: SnapTrade's docs say so). */
export const snapTradeUserIdOf = (userId: string) => `penny-${userId}`;

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
