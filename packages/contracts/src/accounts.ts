import { z } from 'zod';
import { LIMITS, userIdentitySchema } from './api.ts';
import { safeString } from './text.ts';

/**
 * Linked accounts (docs/product/chat.md, "Linked accounts page", "Link Accounts popup",
 * "Account credentials map", "Web3 credential", and the account calls of "The calls it makes"). Tokens, user
 * secrets and private keys never appear in any answer: the server seals provider credentials in its
 * vault and a wallet's private key never leaves the browser.
 */

export const PLATFORMS = ['snaptrade', 'plaid', 'web3'] as const;
export type AccountPlatform = (typeof PLATFORMS)[number];

/** The required chain codes (docs/product/chat.md, "Linking"): solana sol, ethereum eth, bitcoin btc. */
export const CHAIN_CODES = ['sol', 'eth', 'btc'] as const;
export type ChainCode = (typeof CHAIN_CODES)[number];
export const CHAIN_LABELS = { sol: 'Solana', eth: 'Ethereum', btc: 'Bitcoin' } as const satisfies Record<
  ChainCode,
  string
>;

/**
 * Account name suffixes per platform ('{name}_plaid', '{name}_snaptrade', '{name}_web3':
 * docs/product/chat.md, "Account credentials map").
 */
export const ACCOUNT_SUFFIX = {
  plaid: '_plaid',
  snaptrade: '_snaptrade',
  web3: '_web3',
} as const satisfies Record<AccountPlatform, string>;

/**
 * The required words for the Accounts page and the link flows (docs/product/chat.md, "Linked accounts page"
 * and "Error catalogue"), quoted exactly.
 */
export const accountMessages = {
  unsupportedPlatform: (platform: string) => `Unsupported platform: ${platform}`,
  // Accounts page.
  sectionBanks: 'Financial Institutions',
  sectionBrokerages: 'Brokerage Accounts',
  sectionWallets: 'Web3 Wallets',
  // 'N account(s) connected' with the plural written out: '1 account connected', '7 accounts connected'.
  connectedCount: (count: number) => `${count} ${count === 1 ? 'account' : 'accounts'} connected`,
  addMore: 'Add More',
  emptyTitle: 'Get started by connecting an account',
  featureAnalytics: 'Analytics',
  featureRealtime: 'Real-time Updates',
  featureSecure: 'Secure Connection',
  connectAccount: 'Connect Account',
  summaryTitle: 'Account Summary',
  loadFailedTitle: 'Failed to load accounts',
  retry: 'Retry',
  dismiss: 'Dismiss',
  accountIdLabel: 'Account ID',
  addressLabel: 'Address',
  tagLabel: 'Tag',
  fetchCredentialsFailed: 'Failed to fetch credentials',
  refreshFailed: 'Failed to refresh accounts',
  disconnectFailedPrefix: 'Failed to disconnect account: ',
  // Link Accounts popup.
  optionWeb3: 'Web3',
  optionBanks: 'Financial Institutions',
  optionBrokerages: 'Brokerage and Investments',
  // Bank link.
  plaidInitFailedPrefix: 'Failed to initialize Plaid Link: ',
  serverError: (status: number) => `Server error: ${status}`,
  exchangeFailed: 'Failed to exchange token',
  linkFailed: 'Failed to link account',
  linkInterrupted: 'Link process was interrupted',
  // Brokerage link.
  userInfoIncomplete: 'User information is incomplete',
  invalidConnectionLink: 'Invalid connection link',
  verifyFailed: 'Failed to verify account status',
  generateUserFailed: 'Failed to generate SnapTrade user',
  generateLinkFailed: 'Failed to generate connection link',
  getLinkFailed: 'Failed to get connection link',
  popupBlocked: 'Popup was blocked. Please allow popups for this site.',
  connectionTimeout: 'Connection timeout. Please try again.',
  completeFailedPrefix: 'Failed to complete connection: ',
  finishedConnecting: "I've finished connecting",
  tryAgain: 'Try Again',
  cancel: 'Cancel',
  // Web3 form.
  web3FormTitle: 'Link Web3 Accounts',
  walletErrorPrefix: (index: number) => `Error in Wallet #${index}: `,
  identifierRequired: 'Identifier is required.',
  addressOrKeyRequired: 'You must provide either an Address or a Private Key.',
  chainRequired: 'Chain is required when Address is provided.',
  addressRequired: 'Address is required.',
  privateKeyRequired: 'Private Key is required.',
  savedTitle: 'Account Info Saved',
  saveFailed: (accountName: string) => `Failed to save ${accountName}`,
  // Ours: what the requirements leave open (docs/product/chat.md, "Web3 wallet form").
  invalidAddress: (chain: ChainCode) => `This is not a valid ${CHAIN_LABELS[chain]} address.`,
  privateKeyRefused: 'Private keys are never stored: send the wallet address instead.',
  accountNotFound: 'Account not found',
  providerUnavailable: 'The account provider is not reachable right now. Please try again in a moment.',
  providerLoginRequired: 'This connection needs to be linked again.',
  providerRefused: 'The account provider refused the request.',
  linkTokenInvalid: 'This link has expired or was already used. Please start again.',
  originRefused: 'This request must come from the Penny app.',
} as const;

/** The required linking constants (docs/product/chat.md, "Linking"). */
export const LINKING = {
  web3SuccessCloseMs: 2000,
  popupMaxWidth: 1000,
  popupMaxWidthShare: 0.8,
  popupMaxHeight: 800,
  popupMaxHeightShare: 0.85,
  popupTimeoutMs: 300_000,
  popupClosedCheckMs: 1000,
  beforeOpenMs: 500,
  beforeStoreMs: 2000,
  beforeCloseMs: 1000,
  maxRetries: 3,
  retryDelayStepMs: 2000,
  defaultProductName: 'Connected Bank',
} as const;

export const ACCOUNT_LIMITS = {
  nameMax: 120,
  tagMax: 60,
  identifierMax: 60,
  addressMax: 100,
  /** Wallets saved from one Web3 form. */
  maxWallets: 20,
  /** Rows per page of the transactions view. */
  defaultPageSize: 100,
  maxPageSize: 500,
  searchMax: 100,
  /** Oldest date a transaction query may name. */
  minDate: '1970-01-01',
  maxDate: '2100-12-31',
} as const;

const accountNameSchema = safeString()
  .trim()
  .min(1)
  .max(ACCOUNT_LIMITS.nameMax)
  .regex(/^[^\s]+$/, 'must not contain whitespace');

export const platformSchema = z.enum(PLATFORMS);
export const chainCodeSchema = z.enum(CHAIN_CODES);

const isoDateSchema = z.iso
  .date()
  .refine((value) => value >= ACCOUNT_LIMITS.minDate && value <= ACCOUNT_LIMITS.maxDate, {
    message: `must be between ${ACCOUNT_LIMITS.minDate} and ${ACCOUNT_LIMITS.maxDate}`,
  });

/** Decimal amounts are strings on the wire ("-12.34"); + = money in. */
const decimalSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

const userInfoFields = {
  username: userIdentitySchema.shape.username,
  firstName: userIdentitySchema.shape.firstName,
  lastName: userIdentitySchema.shape.lastName,
};

export const ACCOUNT_KINDS = [
  'checking',
  'savings',
  'credit',
  'loan',
  'investment',
  'crypto',
  'other',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const CONNECTION_STATUSES = ['active', 'syncing', 'login_required', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * How much of a connection's transaction history has arrived (docs/accounts.md, "The first pull"): a
 * bank just linked has none yet (`pending`: the provider is still fetching it), then its last 30 days
 * (`recent`), then all of it (`complete`). Brokerages and wallets are `complete` once synced.
 */
export const CONNECTION_HISTORIES = ['pending', 'recent', 'complete'] as const;
export type ConnectionHistory = (typeof CONNECTION_HISTORIES)[number];

/** What the Accounts page and the chat say while a connection's history is still arriving. */
export const historyMessages = {
  pending: 'Syncing: fetching your transactions…',
  recent: 'Your last 30 days are in; fetching the full history…',
  /** The chat's answer, and what the agent's tools report, while a first pull runs. */
  arriving: (institutions: string[]) =>
    `Your transaction history from ${institutions.join(' and ')} is still arriving, so an answer now would count only part of it. Ask again in a minute and I will answer over all of it.`,
  /** The chat's "checking accounts" step while a first pull runs. */
  arrivingStep: 'Your transaction history is still arriving',
} as const;

/**
 * What a connection's card says about a provider's notice that only its user can act on (docs/product/
 * has no words for them): a login about to expire, and accounts at the bank not shared yet. `date` is the
 * expiry as the page formats it.
 */
export const noticeMessages = {
  loginExpires: (date: string) => `The login expires on ${date} — reconnect.`,
  newAccounts: 'New accounts are available — add them.',
  reconnect: 'Reconnect',
  addAccounts: 'Add them',
} as const;

/** One account under a connection, as the Accounts page shows it. */
export const linkedAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  official_name: z.string().nullable(),
  mask: z.string().nullable(),
  kind: z.enum(ACCOUNT_KINDS),
  subtype: z.string().nullable(),
  currency: z.string(),
  current: decimalSchema.nullable(),
  available: decimalSchema.nullable(),
  limit: decimalSchema.nullable(),
  current_usd: decimalSchema.nullable(),
  transaction_count: z.number().int().nonnegative(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/**
 * One entry of the "Account credentials map" (docs/product/chat.md; keyed by account name), without any
 * secret: `access_token` is never sent. Penny adds the connection's institution, sync state and accounts.
 */
export const accountCredentialSchema = z.object({
  account_name: z.string(),
  account_type: platformSchema,
  item_id: z.string().nullable(),
  account_id: z.string().nullable(),
  tag: z.string().nullable(),
  chain: chainCodeSchema.nullable(),
  institution_name: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES),
  status_detail: z.string().nullable(),
  history: z.enum(CONNECTION_HISTORIES),
  /**
   * The provider said the login ends at this time (Plaid's PENDING_EXPIRATION): the user should
   * reconnect before then. Kept until they do, whatever the syncs in between.
   */
  login_expires_at: z.string().nullable(),
  /** The bank has accounts not shared with Penny yet (Plaid's NEW_ACCOUNTS_AVAILABLE), until the user adds them. */
  new_accounts_available: z.boolean(),
  last_synced_at: z.string().nullable(),
  created_at: z.string(),
  accounts: z.array(linkedAccountSchema),
});
export type AccountCredential = z.infer<typeof accountCredentialSchema>;

/** GET /db/get-credentials?username&firstName&lastName */
export const getCredentialsQuerySchema = z.object(userInfoFields);
export const getCredentialsResponseSchema = z.object({
  success: z.boolean(),
  accounts: z.record(z.string(), accountCredentialSchema),
});
export type GetCredentialsResponse = z.infer<typeof getCredentialsResponseSchema>;

/** The Web3 credential of POST /db/store-credentials (docs/product/chat.md, "Web3 credential"). */
export const web3CredentialSchema = z.object({
  chain: chainCodeSchema,
  /** The wallet address. */
  account_id: safeString().trim().min(1).max(ACCOUNT_LIMITS.addressMax),
  /** The username (the required item_id). */
  item_id: safeString().trim().max(LIMITS.email.max).optional(),
  /** The required field for the private key. Penny refuses any non-empty value: keys stay in the browser. */
  access_token: safeString().max(1000).optional(),
  tag: safeString().trim().max(ACCOUNT_LIMITS.tagMax).optional(),
  last_updated: z.iso.datetime({ offset: true }).optional(),
});

/** POST /db/store-credentials: one call per wallet. */
export const storeCredentialsRequestSchema = z.object({
  ...userInfoFields,
  account_name: accountNameSchema,
  credentials: web3CredentialSchema,
});
export type StoreCredentialsRequest = z.input<typeof storeCredentialsRequestSchema>;
export const storeCredentialsResponseSchema = z.object({
  success: z.boolean(),
  account_name: z.string(),
});

/** POST /db/disconnect-account */
export const disconnectAccountRequestSchema = z.object({
  ...userInfoFields,
  account_name: accountNameSchema,
  account_type: platformSchema,
});
export const disconnectAccountResponseSchema = z.object({ success: z.boolean() });

/** POST /db/refresh-accounts (Penny's): sync one connection, or every stale one. */
export const refreshAccountsRequestSchema = z.object({
  ...userInfoFields,
  account_name: accountNameSchema.optional(),
});
export const refreshAccountsResponseSchema = z.object({
  success: z.boolean(),
  /** Connections whose sync started (or was already running). */
  syncing: z.array(z.string()),
});

/** Agent service: POST /agent/{platform}/get-accounts, /snaptrade/get-account-balances, /web3/get-balances. */
export const agentAccountsRequestSchema = z.object({
  ...userInfoFields,
  account_name: accountNameSchema.optional(),
});
export const agentAccountSchema = linkedAccountSchema.extend({
  account_name: z.string(),
  account_type: platformSchema,
  institution_name: z.string().nullable(),
});
export const agentAccountsResponseSchema = z.object({
  success: z.boolean(),
  accounts: z.array(agentAccountSchema),
});
export const walletAssetSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  amount: decimalSchema,
  usd_price: decimalSchema.nullable(),
  usd_value: decimalSchema.nullable(),
});
export const agentBalancesResponseSchema = z.object({
  success: z.boolean(),
  balances: z.array(
    z.object({
      account_name: z.string(),
      account_type: platformSchema,
      account_id: z.string(),
      name: z.string(),
      currency: z.string(),
      current: decimalSchema.nullable(),
      available: decimalSchema.nullable(),
      current_usd: decimalSchema.nullable(),
      chain: chainCodeSchema.nullable(),
      assets: z.array(walletAssetSchema),
    }),
  ),
});

/** POST /agent/{platform}/get-transactions */
export const getTransactionsRequestSchema = z
  .object({
    ...userInfoFields,
    account_name: accountNameSchema,
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    /** Penny's: one account of the connection, a text search, keyset paging. */
    account_id: safeString().trim().min(1).max(128).optional(),
    search: safeString().trim().max(ACCOUNT_LIMITS.searchMax).optional(),
    limit: z.number().int().min(1).max(ACCOUNT_LIMITS.maxPageSize).optional(),
    cursor: safeString().max(256).optional(),
  })
  .refine((value) => value.start_date <= value.end_date, {
    message: 'start_date must not be after end_date',
    path: ['end_date'],
  });
export type GetTransactionsRequest = z.input<typeof getTransactionsRequestSchema>;

export const ledgerTransactionSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  date: z.string(),
  amount: decimalSchema,
  currency: z.string(),
  amount_usd: decimalSchema.nullable(),
  name: z.string(),
  merchant: z.string().nullable(),
  category: z.string().nullable(),
  category_detailed: z.string().nullable(),
  pending: z.boolean(),
});
export type LedgerTransaction = z.infer<typeof ledgerTransactionSchema>;

export const getTransactionsResponseSchema = z.object({
  success: z.boolean(),
  transactions: z.array(ledgerTransactionSchema),
  /** Present when more rows match: send it back as `cursor`. */
  next_cursor: z.string().nullable(),
});
export type GetTransactionsResponse = z.infer<typeof getTransactionsResponseSchema>;

// ---- Account-connection service (/connect/api): session cookie + Origin check, form or JSON bodies.

/**
 * POST /connect/api/create_link_token: the required empty form (docs/product/chat.md,
 * "Account-connection service"), or Penny's `account_name` of one of the user's Plaid connections for an
 * update-mode token that re-links that item (its login expired). A client may name the user as on the other
 * calls; they must then be the signed-in user.
 */
export const createLinkTokenRequestSchema = z.object({
  username: userInfoFields.username.optional(),
  firstName: userInfoFields.firstName.optional(),
  lastName: userInfoFields.lastName.optional(),
  account_name: accountNameSchema.optional(),
});
export type CreateLinkTokenRequest = z.input<typeof createLinkTokenRequestSchema>;

export const createLinkTokenResponseSchema = z.object({
  link_token: z.string(),
  expiration: z.string(),
});

export const setAccessTokenRequestSchema = z.object({
  public_token: safeString().trim().min(1).max(256),
  username: userInfoFields.username,
  firstName: userInfoFields.firstName,
  lastName: userInfoFields.lastName,
  product_name: safeString().trim().min(1).max(ACCOUNT_LIMITS.nameMax).optional(),
});
export const setAccessTokenResponseSchema = z.object({
  success: z.boolean(),
  account_name: z.string(),
  item_id: z.string(),
});

export const connectUserRequestSchema = z.object(userInfoFields);

export const plaidDisconnectRequestSchema = z.object({
  ...userInfoFields,
  item_id: safeString().trim().min(1).max(128),
  /** Accepted as the web app sends it; never needed: the server holds the token. */
  access_token: safeString().max(512).optional(),
});

export const snaptradeDisconnectRequestSchema = z.object({
  ...userInfoFields,
  user_id: safeString().max(128).optional(),
  /** Accepted as the web app sends it; ignored: the server holds the secret. */
  user_secret: safeString().max(512).optional(),
  /** The brokerage authorization (connection) to remove. */
  account_id: safeString().trim().min(1).max(128),
});

export const connectSuccessSchema = z.object({ success: z.boolean() });
export const checkUserResponseSchema = z.object({
  success: z.boolean(),
  hasSnapTradeCredentials: z.boolean(),
});
export const generateUserResponseSchema = z.object({ success: z.boolean(), userExists: z.boolean() });
export const loginUriResponseSchema = z.object({ success: z.boolean(), redirectURI: z.string() });
export const storeConnectionRequestSchema = z.object({
  ...userInfoFields,
  /** The authorization the portal reported (`connection_id`); without it every new one is stored. */
  connection_id: safeString().trim().min(1).max(128).optional(),
});
export const storeConnectionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  accounts: z.array(agentAccountSchema),
});
