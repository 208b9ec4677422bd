import { accountMessages } from '@penny/contracts';
import { tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { connectionByItem, connectionsOf, createConnection, refuseAtConnectionQuota } from './connections.ts';
import type { AccountsDeps } from './deps.ts';
import { guarded } from './refusals.ts';
import { disconnectByItem } from './removal.ts';
import {
  requireSnapTradeUser,
  SNAPTRADE_USER_BINDING,
  snapTradeUser,
  snapTradeUserIdOf,
} from './snaptrade-user.ts';
import { agentAccountsOf } from './views.ts';

/** SnapTrade's link flow (account-connection service): the user, the portal, the connections. */

const { providerUser } = tables;

type SnapTradeDeps = Pick<AccountsDeps, 'db' | 'vault' | 'clients'>;

export async function snapTradeHasUser(deps: SnapTradeDeps, userId: string): Promise<boolean> {
  return (await snapTradeUser(deps, userId)) !== undefined;
}

/** Registers the user at SnapTrade once; `true` when it already existed. */
export async function snapTradeGenerateUser(deps: SnapTradeDeps, userId: string): Promise<boolean> {
  if (await snapTradeUser(deps, userId)) return true;
  const registered = await guarded(() => deps.clients.snaptrade().registerUser(snapTradeUserIdOf(userId)));
  const inserted = await deps.db
    .insert(providerUser)
    .values({
      userId,
      platform: 'snaptrade',
      externalUserId: registered.userId,
      sealedSecret: deps.vault.seal(registered.userSecret, { userId, connectionId: SNAPTRADE_USER_BINDING }),
    })
    .onConflictDoNothing()
    .returning({ userId: providerUser.userId });
  if (inserted.length === 0) {
    // Another request registered first: ours is a stray user at SnapTrade; remove it.
    await deps.clients
      .snaptrade()
      .deleteUser(registered.userId)
      .catch(() => undefined);
    return true;
  }
  return false;
}

/** The portal's link, for a new brokerage connection: refused at the user's quota of them. */
export async function snapTradeLoginUri(
  deps: SnapTradeDeps & Pick<AccountsDeps, 'snapTradeRedirectUrl'>,
  userId: string,
): Promise<string> {
  await refuseAtConnectionQuota(deps.db, userId, 'snaptrade');
  const user = await requireSnapTradeUser(deps, userId);
  return guarded(() => deps.clients.snaptrade().loginUri(user, deps.snapTradeRedirectUrl));
}

/**
 * Stores the brokerage connections the portal created (one, when the portal named it), syncs their
 * accounts now, and their history in the background. A new one past the user's quota of brokerage
 * connections is refused and removed at SnapTrade again (the ones stored before it stay).
 */
export async function snapTradeStoreConnection(
  deps: SnapTradeDeps & Pick<AccountsDeps, 'sync' | 'logger'>,
  userId: string,
  authorizationId?: string,
) {
  const user = await requireSnapTradeUser(deps, userId);
  const snaptrade = deps.clients.snaptrade();
  const authorizations = await guarded(() => snaptrade.listAuthorizations(user));
  const wanted = authorizations.filter((item) => !authorizationId || item.id === authorizationId);
  if (wanted.length === 0) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
  const stored: string[] = [];
  for (const authorization of wanted) {
    const existing = await connectionByItem(deps.db, userId, 'snaptrade', authorization.id);
    const id =
      existing?.id ??
      (
        await createConnection(
          deps,
          {
            userId,
            platform: 'snaptrade',
            institutionName: authorization.brokerageName,
            itemId: authorization.id,
            externalUserId: user.userId,
          },
          authorization.brokerageName,
        ).catch(async (error: unknown) => {
          // Not kept: nothing of it may stay at SnapTrade either (best effort; the refusal stands).
          await snaptrade.removeAuthorization(user, authorization.id).catch(() => undefined);
          throw error;
        })
      ).id;
    const outcome = await deps.sync.syncConnection(userId, id);
    if (outcome.status === 'failed')
      deps.logger.warn({ userId, kind: outcome.kind }, 'first brokerage sync failed');
    stored.push(id);
  }
  const entries = (await connectionsOf(deps.db, userId, 'snaptrade')).filter((entry) =>
    stored.includes(entry.connection.id),
  );
  return entries.flatMap(agentAccountsOf);
}

export async function snapTradeDisconnect(
  deps: SnapTradeDeps,
  userId: string,
  authorizationId: string,
): Promise<void> {
  await disconnectByItem(deps, userId, 'snaptrade', authorizationId);
}
