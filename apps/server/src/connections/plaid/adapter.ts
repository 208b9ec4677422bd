import type { ConnectionHistory } from '@penny/contracts';
import { Configuration, CountryCode, PlaidApi, Products, TransactionsUpdateStatus } from 'plaid';
import { type PlaidAdapter, ProviderError } from '../types.ts';
import { toProviderAccount, toProviderHoldings, toProviderTransaction } from './convert.ts';
import { toProviderError } from './errors.ts';

export type PlaidAdapterOptions = {
  /** Where Plaid sends this installation's webhooks (`{PUBLIC_URL}/connect/webhooks/plaid`). */
  webhookUrl?: string | undefined;
  /** https://sandbox.plaid.com, https://production.plaid.com, or Penny's sandbox (…/sandbox/plaid). */
  basePath: string;
  clientId: string;
  secret: string;
  timeoutMs?: number;
  /** Shown in Plaid Link ("Penny uses Plaid to connect…"); at most 30 characters. */
  clientName?: string;
};

/** Two years: Plaid's default is 90 days, too little for Penny's charts. */
const DAYS_REQUESTED = 730;

/** Plaid's answers meaning "this item has no investment accounts". */
const NO_HOLDINGS_CODES = new Set([
  'NO_INVESTMENT_ACCOUNTS',
  'PRODUCTS_NOT_SUPPORTED',
  'NO_INVESTMENT_AUTH_ACCOUNTS',
]);

/** What each `transactions_update_status` says of the item's history; an unknown one claims nothing more. */
const HISTORY_OF_STATUS = {
  [TransactionsUpdateStatus.NotReady]: 'pending',
  [TransactionsUpdateStatus.InitialUpdateComplete]: 'recent',
  [TransactionsUpdateStatus.HistoricalUpdateComplete]: 'complete',
  [TransactionsUpdateStatus.TransactionsUpdateStatusUnknown]: 'complete',
} as const satisfies Record<TransactionsUpdateStatus, ConnectionHistory>;

export function createPlaidAdapter(options: PlaidAdapterOptions): PlaidAdapter {
  const api = new PlaidApi(
    new Configuration({
      basePath: options.basePath,
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret },
        timeout: options.timeoutMs ?? 30_000,
      },
    }),
  );
  const secrets = [options.secret];
  /** Every SDK call goes through here, so no AxiosError (holding headers and body) escapes. */
  const call = async <T>(request: () => Promise<{ data: T }>): Promise<T> => {
    try {
      return (await request()).data;
    } catch (error) {
      throw toProviderError(error, secrets);
    }
  };

  return {
    async createLinkToken({ clientUserId, clientName, accessToken, accountSelection }) {
      const data = await call(() =>
        api.linkTokenCreate({
          client_name: (clientName || options.clientName || 'Penny').slice(0, 30),
          language: 'en',
          country_codes: [CountryCode.Us],
          user: { client_user_id: clientUserId },
          ...(options.webhookUrl ? { webhook: options.webhookUrl } : {}),
          ...(accessToken
            ? {
                access_token: accessToken,
                ...(accountSelection ? { update: { account_selection_enabled: true } } : {}),
              }
            : {
                products: [Products.Transactions],
                optional_products: [Products.Investments],
                transactions: { days_requested: DAYS_REQUESTED },
              }),
        }),
      );
      return { linkToken: data.link_token, expiration: data.expiration };
    },

    async linkSessionPublicTokens(linkToken) {
      const data = await call(() => api.linkTokenGet({ link_token: linkToken }));
      // Plaid reports each session's public token in its results, and (older) in on_success.
      const tokens = (data.link_sessions ?? []).flatMap((session) => [
        ...(session.results?.item_add_results ?? []).map((result) => result.public_token),
        ...(session.on_success?.public_token ? [session.on_success.public_token] : []),
      ]);
      return [...new Set(tokens)];
    },

    async exchangePublicToken(publicToken) {
      const data = await call(() => api.itemPublicTokenExchange({ public_token: publicToken }));
      return { accessToken: data.access_token, itemId: data.item_id };
    },

    async getAccounts(accessToken) {
      const data = await call(() => api.accountsBalanceGet({ access_token: accessToken }));
      return {
        itemId: data.item.item_id,
        institutionId: data.item.institution_id ?? null,
        institutionName: data.item.institution_name ?? null,
        accounts: data.accounts.map(toProviderAccount),
      };
    },

    async syncTransactions(accessToken, cursor, count) {
      const data = await call(() =>
        api.transactionsSync({
          access_token: accessToken,
          ...(cursor ? { cursor } : {}),
          ...(count === undefined ? {} : { count }),
        }),
      );
      return {
        added: data.added.map(toProviderTransaction),
        modified: data.modified.map(toProviderTransaction),
        removed: data.removed.map((removed) => ({ providerTransactionId: removed.transaction_id })),
        nextCursor: data.next_cursor,
        hasMore: data.has_more,
        // Absent in answers from before Plaid reported it: such an item's history is all there.
        history: HISTORY_OF_STATUS[data.transactions_update_status] ?? 'complete',
      };
    },

    async getHoldings(accessToken) {
      try {
        const data = await call(() => api.investmentsHoldingsGet({ access_token: accessToken }));
        return toProviderHoldings(data.holdings, data.securities);
      } catch (error) {
        // Plaid answers an item without investment accounts with an error; for Penny that is "none".
        if (error instanceof ProviderError && error.providerCode && NO_HOLDINGS_CODES.has(error.providerCode))
          return [];
        // Right after linking Plaid is still fetching them: not a failure, a later sync reads them.
        if (error instanceof ProviderError && error.providerCode === 'PRODUCT_NOT_READY') return null;
        throw error;
      }
    },

    async removeItem(accessToken) {
      await call(() => api.itemRemove({ access_token: accessToken }));
    },

    async webhookVerificationKey(keyId) {
      const { key } = await call(() => api.webhookVerificationKeyGet({ key_id: keyId }));
      return {
        jwk: { kty: key.kty, crv: key.crv, x: key.x, y: key.y, alg: key.alg, kid: key.kid },
        createdAt: key.created_at,
        expiredAt: key.expired_at,
      };
    },
  };
}
