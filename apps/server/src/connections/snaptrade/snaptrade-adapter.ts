import { Snaptrade, SnaptradeAuth } from 'snaptrade-typescript-sdk';
import {
  ProviderError,
  type ProviderTransaction,
  type SnapTradeAdapter,
  type SnapTradeUser,
} from '../types.ts';
import {
  accountFromSnapTrade,
  balanceFromSnapTrade,
  holdingFromAccountPosition,
  transactionFromActivity,
} from './conversions.ts';
import { toProviderError } from './provider-errors.ts';
import { tradingCalls } from './trading.ts';

export type SnapTradeAdapterOptions = {
  /** https://api.snaptrade.com in production; the sandbox's `http://host/sandbox/snaptrade` otherwise. */
  basePath: string;
  clientId: string;
  consumerKey: string;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** Activities per page (SnapTrade's maximum and default is 1000; smaller only to exercise paging). */
  activitiesPageSize?: number;
};

const MAX_ACTIVITY_PAGES = 500;

/**
 * SnapTrade through the official SDK (v11, commercial keys). Only operations present in both SDK 11 and
 * 12 are used: positions come from `positions/all` and connections are removed with `deleteConnection`.
 */
export function createSnapTradeAdapter(options: SnapTradeAdapterOptions): SnapTradeAdapter {
  const client = new Snaptrade({
    basePath: options.basePath.replace(/\/+$/, ''),
    auth: SnaptradeAuth.commercialApiKey({ consumerKey: options.consumerKey, clientId: options.clientId }),
    baseOptions: { timeout: options.timeoutMs ?? 30_000 },
  });
  const pageSize = Math.min(1000, Math.max(1, options.activitiesPageSize ?? 1000));

  /** Runs one SDK call; any failure becomes a ProviderError that carries no secret. */
  const call = async <T>(operation: string, user: SnapTradeUser | null, run: () => Promise<{ data: T }>) => {
    try {
      return (await run()).data;
    } catch (error) {
      throw toProviderError(error, operation, [options.consumerKey, ...(user ? [user.userSecret] : [])]);
    }
  };

  return {
    async registerUser(userId) {
      const data = await call('registerUser', null, () =>
        client.authentication.registerSnapTradeUser({ userId }),
      );
      if (!data.userId || !data.userSecret) {
        throw new ProviderError(
          'unavailable',
          'snaptrade',
          null,
          'SnapTrade registerUser answered without a user secret',
        );
      }
      return { userId: data.userId, userSecret: data.userSecret };
    },

    async deleteUser(userId) {
      await call('deleteUser', null, () => client.authentication.deleteSnapTradeUser({ userId }));
    },

    async loginUri(user, redirectUrl) {
      const data = await call('login', user, () =>
        client.authentication.loginSnapTradeUser({
          userId: user.userId,
          userSecret: user.userSecret,
          customRedirect: redirectUrl,
          // Orders need a trading connection (docs/decisions/0024-orders.md); a brokerage that cannot
          // trade still connects, read-only.
          connectionType: 'trade-if-available',
        }),
      );
      if (!('redirectURI' in data) || typeof data.redirectURI !== 'string') {
        throw new ProviderError(
          'unavailable',
          'snaptrade',
          null,
          'SnapTrade login answered without a redirect URI',
        );
      }
      return data.redirectURI;
    },

    async listAuthorizations(user) {
      const data = await call('listBrokerageAuthorizations', user, () =>
        client.connections.listBrokerageAuthorizations({ userId: user.userId, userSecret: user.userSecret }),
      );
      return data.flatMap((authorization) =>
        authorization.id
          ? [
              {
                id: authorization.id,
                brokerageName:
                  authorization.brokerage?.display_name ?? authorization.brokerage?.name ?? 'Brokerage',
                disabled: authorization.disabled ?? false,
              },
            ]
          : [],
      );
    },

    async removeAuthorization(user, authorizationId) {
      await call('deleteConnection', user, () =>
        client.connections.deleteConnection({
          connectionId: authorizationId,
          userId: user.userId,
          userSecret: user.userSecret,
        }),
      );
    },

    async listAccounts(user) {
      const data = await call('listUserAccounts', user, () =>
        client.accountInformation.listUserAccounts({ userId: user.userId, userSecret: user.userSecret }),
      );
      return data.map(accountFromSnapTrade);
    },

    async getBalances(user, accountId) {
      const data = await call('getUserAccountBalance', user, () =>
        client.accountInformation.getUserAccountBalance({
          accountId,
          userId: user.userId,
          userSecret: user.userSecret,
        }),
      );
      return data.map(balanceFromSnapTrade);
    },

    async getPositions(user, accountId) {
      const data = await call('getAllAccountPositions', user, () =>
        client.accountInformation.getAllAccountPositions({
          accountId,
          userId: user.userId,
          userSecret: user.userSecret,
        }),
      );
      return data.results.map((position) => holdingFromAccountPosition(accountId, position));
    },

    async getActivities(user, accountId, range) {
      const transactions: ProviderTransaction[] = [];
      for (let page = 0, offset = 0; page < MAX_ACTIVITY_PAGES; page += 1) {
        const data = await call('getAccountActivities', user, () =>
          client.accountInformation.getAccountActivities({
            accountId,
            startDate: range.start,
            endDate: range.end,
            offset,
            limit: pageSize,
            userId: user.userId,
            userSecret: user.userSecret,
          }),
        );
        const activities = data.data ?? [];
        transactions.push(...activities.map((activity) => transactionFromActivity(accountId, activity)));
        offset += activities.length;
        if (activities.length === 0 || offset >= (data.pagination?.total ?? 0)) return transactions;
      }
      throw new ProviderError(
        'unavailable',
        'snaptrade',
        null,
        'SnapTrade activities did not end after 500 pages',
      );
    },

    ...tradingCalls(client, call),
  };
}
