import type { ProviderReaders, SnapTradeAdapter, SnapTradeUser, Vault } from '../../connections/index.ts';
import type { Database } from '../../db/index.ts';
import { type SyncEngine, snapTradeUserOf } from '../../finance/index.ts';

/**
 * What orders need beyond the database (docs/decisions/0024-orders.md): the SnapTrade adapter, the
 * user's SnapTrade login (opened from the vault), a sync of the brokerage connection after a fill,
 * and the clock a trade's expiry is read against.
 */
export type Brokerage = {
  snaptrade(): SnapTradeAdapter;
  user(userId: string): Promise<SnapTradeUser>;
  sync(userId: string, connectionId: string): Promise<unknown>;
  now(): Date;
};

export function createBrokerage(deps: {
  db: Database;
  vault: Vault;
  providers: ProviderReaders;
  sync: Pick<SyncEngine, 'syncConnection'>;
  now?: () => Date;
}): Brokerage {
  return {
    snaptrade: () => deps.providers.snaptrade(),
    user: (userId) => snapTradeUserOf(deps, userId),
    sync: (userId, connectionId) => deps.sync.syncConnection(userId, connectionId),
    now: deps.now ?? (() => new Date()),
  };
}
