import type { AccountsDeps } from './deps.ts';
import { plaidDisconnect, plaidExchange, plaidLinkToken } from './plaid-link.ts';
import {
  agentAccounts,
  agentBalances,
  agentTransactions,
  credentials,
  ledgerState,
  transactionCount,
} from './reads.ts';
import { refresh } from './refresh.ts';
import { disconnect, linkedAccountCleanups } from './removal.ts';
import {
  snapTradeDisconnect,
  snapTradeGenerateUser,
  snapTradeHasUser,
  snapTradeLoginUri,
  snapTradeStoreConnection,
} from './snaptrade-link.ts';
import { storeWallet } from './wallet-link.ts';

export { accountNameFor } from './connections.ts';
export { snapTradeUserIdOf } from './snaptrade-user.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Linked accounts: one named handler per operation, each taking the acting user's id explicitly. The
 * routes of /db, /agent and /connect call these, and the agent's tools will call the same ones.
 * Provider credentials are opened from the vault only inside these handlers and the sync engine.
 */
export function createAccountsService(deps: Omit<AccountsDeps, 'now'> & { now?: () => Date }) {
  const resolved: AccountsDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  // Each handler takes its dependencies first; the service hands it the ones it was built with.
  const withDeps =
    <Args extends unknown[], Result>(handler: (deps: AccountsDeps, ...args: Args) => Result) =>
    (...args: Args): Result =>
      handler(resolved, ...args);
  return {
    credentials: withDeps(credentials),
    storeWallet: withDeps(storeWallet),
    disconnect: withDeps(disconnect),
    refresh: withDeps(refresh),
    accounts: withDeps(agentAccounts),
    balances: withDeps(agentBalances),
    transactions: withDeps(agentTransactions),
    plaidLinkToken: withDeps(plaidLinkToken),
    plaidExchange: withDeps(plaidExchange),
    plaidDisconnect: withDeps(plaidDisconnect),
    snapTradeHasUser: withDeps(snapTradeHasUser),
    snapTradeGenerateUser: withDeps(snapTradeGenerateUser),
    snapTradeLoginUri: withDeps(snapTradeLoginUri),
    snapTradeStoreConnection: withDeps(snapTradeStoreConnection),
    snapTradeDisconnect: withDeps(snapTradeDisconnect),
    linkedAccountCleanups: linkedAccountCleanups(resolved),
    ledgerState: withDeps(ledgerState),
    transactionCount: withDeps(transactionCount),
  };
}
