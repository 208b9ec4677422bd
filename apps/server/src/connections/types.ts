import type { AccountKind, AccountPlatform, ChainCode, ConnectionHistory } from '@penny/contracts';

/**
 * Penny's own shapes for what the providers report. Vendor JSON (Plaid, SnapTrade, JSON-RPC, Esplora,
 * CoinGecko) becomes these types inside the adapter that reads it, and nowhere else.
 *
 * Conventions, the same for every provider:
 * - Money is a decimal string (`"-12.34"`, `"0.000123456789012345"`), never a float. Adapters turn JSON
 *   numbers into decimal strings with `decimalFromNumber` (money.ts) and bigints with `decimalFromUnits`.
 * - One sign convention: + = money in. A purchase is negative, a salary or refund positive.
 *   (Plaid reports outflows as positive, SnapTrade inflows as positive: each adapter converts.)
 * - Balances: + = an asset. A credit card or loan balance owed is negative.
 * - Dates are `YYYY-MM-DD` strings (the account's local date), times ISO 8601 strings.
 */

/** The platforms, chains and account kinds are the contracts' (the Accounts page shows the same). */
export type Platform = AccountPlatform;
export type Chain = ChainCode;
export type { AccountKind };

export type DecimalString = string;
export type IsoDate = string;

export type ProviderAccount = {
  /** The provider's id of the account (Plaid account_id, SnapTrade account id, a wallet address). */
  providerAccountId: string;
  name: string;
  officialName: string | null;
  /** Last digits of the account number, when the provider gives them. */
  mask: string | null;
  kind: AccountKind;
  /** The provider's own subtype, kept for display ("checking", "credit card", "401k", "Margin"). */
  subtype: string | null;
  /** ISO 4217 code, or the asset's symbol for a wallet ("BTC", "ETH", "SOL"). */
  currency: string;
  /** + = asset; a balance owed is negative. */
  current: DecimalString | null;
  available: DecimalString | null;
  /** Credit limit (credit cards). */
  limit: DecimalString | null;
  /** The balance in USD when the provider's currency is not USD (wallets, priced). */
  currentUsd?: DecimalString | null;
};

export type ProviderTransaction = {
  /** The provider's id of the transaction; unique within one connection. */
  providerTransactionId: string;
  providerAccountId: string;
  date: IsoDate;
  /** + = money in. */
  amount: DecimalString;
  currency: string;
  /** The value in USD when `currency` is not USD (wallet transfers, priced at sync time). */
  amountUsd?: DecimalString | null;
  name: string;
  merchant: string | null;
  /** Plaid's personal-finance category (primary and detailed), or Penny's nearest for other providers. */
  categoryPrimary: string | null;
  categoryDetailed: string | null;
  pending: boolean;
};

export type SecurityType =
  | 'equity'
  | 'etf'
  | 'mutual fund'
  | 'fixed income'
  | 'cash'
  | 'cryptocurrency'
  | 'derivative'
  | 'other';

export type ProviderSecurity = {
  /** The provider's id of the security. */
  providerSecurityId: string;
  ticker: string | null;
  name: string;
  type: SecurityType;
  currency: string;
  /** Last close price, when known. */
  closePrice: DecimalString | null;
};

export type ProviderHolding = {
  providerAccountId: string;
  security: ProviderSecurity;
  quantity: DecimalString;
  /** Price per unit and value, in `security.currency`. */
  price: DecimalString | null;
  value: DecimalString | null;
  costBasis: DecimalString | null;
};

/** One page of an incremental transaction feed (Plaid /transactions/sync). */
export type TransactionPage = {
  added: ProviderTransaction[];
  modified: ProviderTransaction[];
  removed: { providerTransactionId: string }[];
  nextCursor: string;
  hasMore: boolean;
  /** How much of the item's history the provider has ready (Plaid's `transactions_update_status`). */
  history: ConnectionHistory;
};

/**
 * Why a provider call failed, as the product acts on it:
 * - `invalid-credentials`: the keys or the user's login are wrong (link fails).
 * - `login-required`: the user must re-link (the Accounts page shows "needs re-link").
 * - `rate-limited`, `unavailable`, `timeout`: try again later; nothing is lost.
 * - `not-found`: the item, user or account is gone at the provider.
 * - `invalid-request`: we sent something the provider refused (a bug or bad input).
 * - `cursor-reset`: the provider's data changed mid-pagination; restart from the last committed cursor.
 * - `order-refused`: the brokerage refused an order (not enough cash or units, a symbol it does not trade).
 * - `trade-expired`: a checked trade can no longer be placed (its 5 minutes passed, or it was placed).
 */
export type ProviderErrorKind =
  | 'invalid-credentials'
  | 'login-required'
  | 'rate-limited'
  | 'unavailable'
  | 'timeout'
  | 'not-found'
  | 'invalid-request'
  | 'cursor-reset'
  | 'order-refused'
  | 'trade-expired';

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly platform: Platform;
  /** The provider's own code (e.g. ITEM_LOGIN_REQUIRED, 1076, -32602); never a token or secret. */
  readonly providerCode: string | null;
  constructor(kind: ProviderErrorKind, platform: Platform, providerCode: string | null, message: string) {
    super(message);
    this.kind = kind;
    this.platform = platform;
    this.providerCode = providerCode;
  }
}

/** Plaid, on the official `plaid` SDK. */
export type PlaidAdapter = {
  /**
   * A Link token for a new item, or with `accessToken` an update-mode one for that item; with
   * `accountSelection` too, Link lets the user choose the item's accounts again (new ones included).
   */
  createLinkToken(input: {
    clientUserId: string;
    clientName: string;
    accessToken?: string;
    accountSelection?: boolean;
  }): Promise<{
    linkToken: string;
    expiration: string;
  }>;
  /**
   * The public tokens the Link sessions of a link token produced (/link/token/get): a public token is
   * accepted only from a session one of the user's own link tokens started.
   */
  linkSessionPublicTokens(linkToken: string): Promise<string[]>;
  exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }>;
  /** The item's institution and accounts with their latest balances (/accounts/balance/get). */
  getAccounts(accessToken: string): Promise<{
    itemId: string;
    institutionId: string | null;
    institutionName: string | null;
    accounts: ProviderAccount[];
  }>;
  /** One page of /transactions/sync from `cursor` (null = from the beginning). */
  syncTransactions(accessToken: string, cursor: string | null, count?: number): Promise<TransactionPage>;
  /**
   * Holdings of the item's investment accounts; empty when the item has none; null while Plaid is
   * still fetching them after linking (PRODUCT_NOT_READY: a later sync reads them, not a failure).
   */
  getHoldings(accessToken: string): Promise<ProviderHolding[] | null>;
  removeItem(accessToken: string): Promise<void>;
  /**
   * The public key that signs Plaid's webhooks under `keyId` (/webhook_verification_key/get): an EC
   * P-256 JWK, and when Plaid stopped using it (null while current). Unknown ids: `invalid-request`.
   */
  webhookVerificationKey(keyId: string): Promise<WebhookVerificationKey>;
};

/** A webhook signing key as Plaid publishes it (a JWK with its lifetime in Unix seconds). */
export type WebhookVerificationKey = {
  jwk: { kty: string; crv: string; x: string; y: string; alg: string; kid: string };
  createdAt: number;
  expiredAt: number | null;
};

/** The SnapTrade user Penny registers per Penny user; the secret is sealed in the vault. */
export type SnapTradeUser = { userId: string; userSecret: string };

/**
 * An order to check with the brokerage (SnapTrade's order impact): `units` of the symbol, or a dollar
 * `amount` (market orders only); a limit order's `limitPrice`. Decimal strings.
 */
export type OrderRequest = {
  accountId: string;
  symbolId: string;
  action: 'buy' | 'sell';
  orderType: 'market' | 'limit';
  timeInForce: 'day' | 'gtc' | 'fok' | 'ioc';
  units: DecimalString | null;
  amount: DecimalString | null;
  limitPrice: DecimalString | null;
};

/**
 * A checked order, placeable once by `tradeId` until `expiresAt`. Signed amounts are + = money in:
 * `amount` is the trade's value (negative for a buy), `commission` is ≤ 0; `remainingCash` is the cash
 * the account keeps after it.
 */
export type OrderImpact = {
  tradeId: string;
  /** When the trade can no longer be placed (SnapTrade: 5 minutes after the check). */
  expiresAt: string;
  ticker: string;
  units: DecimalString;
  /** The price the brokerage estimated with: the limit for a limit order, else the current price. */
  price: DecimalString;
  amount: DecimalString;
  commission: DecimalString;
  remainingCash: DecimalString;
  currency: string;
};

/** A placed order: filled, or open (a limit order waiting for its price). */
export type PlacedOrder = {
  orderId: string;
  status: 'filled' | 'open' | 'other';
  brokerStatus: string;
  filledUnits: DecimalString;
  executionPrice: DecimalString | null;
};

/** SnapTrade, on the official `snaptrade-typescript-sdk` (commercial keys). */
export type SnapTradeAdapter = {
  registerUser(userId: string): Promise<SnapTradeUser>;
  deleteUser(userId: string): Promise<void>;
  /** The connection portal URL; the portal redirects to `redirectUrl` with status=SUCCESS|ERROR|ABANDONED. */
  loginUri(user: SnapTradeUser, redirectUrl: string): Promise<string>;
  listAuthorizations(
    user: SnapTradeUser,
  ): Promise<{ id: string; brokerageName: string; disabled: boolean }[]>;
  removeAuthorization(user: SnapTradeUser, authorizationId: string): Promise<void>;
  /** Accounts with total balances; `authorizationId` groups them by connection. */
  listAccounts(
    user: SnapTradeUser,
  ): Promise<(ProviderAccount & { authorizationId: string; institutionName: string })[]>;
  /** Cash per currency. */
  getBalances(
    user: SnapTradeUser,
    accountId: string,
  ): Promise<{ currency: string; cash: DecimalString | null; buyingPower: DecimalString | null }[]>;
  getPositions(user: SnapTradeUser, accountId: string): Promise<ProviderHolding[]>;
  /** Activities between two dates (inclusive), every page, as transactions (+ = cash in). */
  getActivities(
    user: SnapTradeUser,
    accountId: string,
    range: { start: IsoDate; end: IsoDate },
  ): Promise<ProviderTransaction[]>;
  /** The symbol the account trades under `ticker` (exact match), or null when it has none. */
  findSymbol(
    user: SnapTradeUser,
    accountId: string,
    ticker: string,
  ): Promise<{ symbolId: string; ticker: string; name: string } | null>;
  /** The price a trade of `ticker` gets now in the account (its last trade price). */
  quote(user: SnapTradeUser, accountId: string, ticker: string): Promise<DecimalString | null>;
  /** Checks an order (nothing is placed); refusals are `order-refused`. */
  orderImpact(user: SnapTradeUser, order: OrderRequest): Promise<OrderImpact>;
  /** Places a checked trade once; an expired or placed one is `trade-expired`, a refusal `order-refused`. */
  placeOrder(user: SnapTradeUser, tradeId: string): Promise<PlacedOrder>;
  /** The account's orders still open at the brokerage (a limit order waiting for its price), newest first. */
  openOrders(user: SnapTradeUser, accountId: string): Promise<BrokerOrder[]>;
  /** Cancels an open order; one no longer open (or unknown) is `order-refused` (or `not-found`). */
  cancelOrder(user: SnapTradeUser, accountId: string, orderId: string): Promise<void>;
};

/** An order at the brokerage as listed (decimal strings). */
export type BrokerOrder = {
  orderId: string;
  brokerStatus: string;
  ticker: string;
  action: 'buy' | 'sell';
  units: DecimalString;
  /** Units still waiting to fill. */
  openUnits: DecimalString;
  orderType: 'market' | 'limit' | 'other';
  limitPrice: DecimalString | null;
  timeInForce: string;
  placedAt: string | null;
};

export type WalletBalance = {
  chain: Chain;
  address: string;
  /** Native asset first (SOL, ETH, BTC), then tokens. Amounts in whole units as decimal strings. */
  assets: {
    symbol: string;
    name: string;
    amount: DecimalString;
    usdPrice: DecimalString | null;
    usdValue: DecimalString | null;
    contract: string | null;
  }[];
  totalUsd: DecimalString;
};

/** Solana, Ethereum and Bitcoin reads (viem, @solana/kit, Esplora) plus USD prices. */
export type ChainAdapter = {
  getBalance(chain: Chain, address: string): Promise<WalletBalance>;
  /** Recent transfers of the native asset and tokens, newest first, priced in USD. */
  getTransfers(chain: Chain, address: string, options?: { limit?: number }): Promise<ProviderTransaction[]>;
};

/** USD prices by CoinGecko id (`bitcoin`, `ethereum`, `solana`, `usd-coin`, `tether`). */
export type PriceFeed = {
  usdPrices(ids: readonly string[]): Promise<Record<string, DecimalString>>;
};
