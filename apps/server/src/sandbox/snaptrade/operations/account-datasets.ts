import { type GeneratedAccount, generateBrokerageData } from '../brokerage-data/index.ts';
import type { SandboxAuthorizationRecord, SandboxUserRecord } from '../state.ts';
import { tradingOf, withOrders } from '../trading.ts';
import type { SnapTradeApi } from './context.ts';

/** A connection's accounts as of today, cached: generating two years of history takes a few milliseconds, and a page walk asks for it many times. */
export function accountsOf(
  { now, datasets }: SnapTradeApi,
  user: SandboxUserRecord,
  authorization: SandboxAuthorizationRecord,
): GeneratedAccount[] {
  const today = now().toISOString().slice(0, 10);
  const key = `${user.userId}|${authorization.id}|${authorization.openedOn}|${today}`;
  let accounts = datasets.get(key);
  if (!accounts) {
    accounts = generateBrokerageData({
      userId: user.userId,
      authorizationId: authorization.id,
      openedOn: authorization.openedOn,
      today,
    }).accounts;
    if (datasets.size >= 64) datasets.delete(datasets.keys().next().value ?? '');
    datasets.set(key, accounts);
  }
  return accounts;
}

/** The user's accounts as the brokerage shows them today: the generated history with the placed orders filled. */
export async function tradedAccountsOf(
  api: SnapTradeApi,
  user: SandboxUserRecord,
): Promise<{ account: GeneratedAccount; authorization: SandboxAuthorizationRecord }[]> {
  const { orders } = await tradingOf(api.store, user.clientId, user.userId);
  const today = api.now().toISOString().slice(0, 10);
  return user.authorizations.flatMap((authorization) =>
    accountsOf(api, user, authorization).map((account) => ({
      account: withOrders(account, orders, today),
      authorization,
    })),
  );
}

export async function findAccount(api: SnapTradeApi, user: SandboxUserRecord, accountId: string | undefined) {
  return (await tradedAccountsOf(api, user)).find(({ account }) => account.id === accountId);
}
