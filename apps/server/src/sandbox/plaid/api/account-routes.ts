import { currentVersion, type ItemRecord, snapshotOf } from '../item-data.ts';
import { type PlaidApi, post } from './context.ts';
import { dataItem, itemJson, withBalanceTime } from './items.ts';
import { schemas } from './schemas.ts';

/** Accounts and balances: the same accounts, one served from cache even when the item needs a new login. */
export function registerAccountRoutes(api: PlaidApi): void {
  post(api, '/accounts/get', schemas.accountsGet, async (input, c) => {
    // Plaid serves cached accounts even when the item needs a new login (item.error says so).
    const item = await dataItem(api, input.access_token, c, {
      rateLimitCode: 'ACCOUNTS_LIMIT',
      needsLogin: false,
    });
    return accountsResponse(api, item, input.options?.account_ids);
  });

  post(api, '/accounts/balance/get', schemas.accountsGet, async (input, c) => {
    const item = await dataItem(api, input.access_token, c, {
      rateLimitCode: 'BALANCE_LIMIT',
      needsLogin: true,
    });
    return accountsResponse(api, item, input.options?.account_ids);
  });
}

function accountsResponse(api: PlaidApi, item: ItemRecord, accountIds: string[] | undefined) {
  const snapshot = snapshotOf(item, currentVersion(item, api.now()));
  const accounts = accountIds
    ? snapshot.accounts.filter((account) => accountIds.includes(account.account_id))
    : snapshot.accounts;
  return {
    accounts: accounts.map((account) => withBalanceTime(api, account)),
    item: itemJson(item, snapshot),
  };
}
