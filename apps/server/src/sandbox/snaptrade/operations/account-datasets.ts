import { type GeneratedAccount, generateBrokerageData } from '../brokerage-data/index.ts';
import type { SandboxAuthorizationRecord, SandboxUserRecord } from '../state.ts';
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

export function findAccount(api: SnapTradeApi, user: SandboxUserRecord, accountId: string | undefined) {
  for (const authorization of user.authorizations) {
    const account = accountsOf(api, user, authorization).find((candidate) => candidate.id === accountId);
    if (account) return { account, authorization };
  }
  return undefined;
}
