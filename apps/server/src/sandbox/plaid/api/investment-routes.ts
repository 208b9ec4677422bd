import { AccountType } from 'plaid';
import { failures } from '../errors.ts';
import { currentVersion, pullStage, snapshotOf } from '../item-data.ts';
import { type PlaidApi, post } from './context.ts';
import { dataItem, itemJson, withBalanceTime } from './items.ts';
import { schemas } from './schemas.ts';

/**
 * Investments: the holdings of the item's investment accounts and the securities they name. Before the
 * item's initial pull has its first results, PRODUCT_NOT_READY, as Plaid answers early reads.
 */
export function registerInvestmentRoutes(api: PlaidApi): void {
  post(api, '/investments/holdings/get', schemas.accountsGet, async (input, c) => {
    const item = await dataItem(api, input.access_token, c, {
      rateLimitCode: 'INVESTMENT_HOLDINGS_GET_LIMIT',
      needsLogin: true,
    });
    if (pullStage(item, api.now()) === 'not-ready') throw failures.productNotReady();
    const snapshot = snapshotOf(item, currentVersion(item, api.now()));
    const accounts = snapshot.accounts.filter((account) => account.type === AccountType.Investment);
    if (accounts.length === 0) throw failures.noInvestmentAccounts();
    const ids = new Set(accounts.map((account) => account.account_id));
    const holdings = snapshot.data.holdings.filter((holding) => ids.has(holding.account_id));
    const securityIds = new Set(holdings.map((holding) => holding.security_id));
    return {
      accounts: accounts.map((account) => withBalanceTime(api, account)),
      holdings,
      securities: snapshot.data.securities.filter((security) => securityIds.has(security.security_id)),
      item: itemJson(item, snapshot),
    };
  });
}
