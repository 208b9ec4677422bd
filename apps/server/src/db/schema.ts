import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// Better Auth's four tables (user, session, account, verification), with the username plugin's columns
// and the required sign-up fields (docs/product/identity.md, "Sign-up user data"). Better Auth addresses them
// by the TypeScript keys below.
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username'),
    displayUsername: text('display_username'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    country: text('country'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    mfaSetupCompleted: boolean('mfa_setup_completed').notNull().default(false),
    agreedToTerms: boolean('agreed_to_terms').notNull().default(false),
    agreedToPrivacy: boolean('agreed_to_privacy').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    // Case-insensitive uniqueness is the real guard against two sign-ups racing for one name.
    uniqueIndex('user_email_lower_idx').on(sql`lower(${table.email})`),
    uniqueIndex('user_username_lower_idx').on(sql`lower(${table.username})`),
  ],
);

/** The owning user: every user-scoped table has one, and its rows go with the user (cascade). */
function userIdColumn() {
  return text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
}

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** The user's data container: created when the account is, kept by Delete Data, gone with the account. */
export const profile = pgTable('profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  userInfo: jsonb('user_info').$type<Record<string, unknown>>().notNull().default({}),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

/** A visualization the user saved (docs/product/chat.md, "Stored resource payload"). */
export const resource = pgTable(
  'resource',
  {
    // Unique per user, not globally: a client-chosen id must not tell whether another user holds it.
    id: text('id').notNull(),
    userId: userIdColumn(),
    threadId: text('thread_id'),
    queryId: text('query_id'),
    title: text('title'),
    dslObjects: jsonb('dsl_objects').$type<unknown[]>().notNull(),
    /** What the resource spends of the user's storage budget: its DSL document's UTF-8 bytes. */
    sizeBytes: integer('size_bytes').notNull().generatedAlwaysAs(sql`octet_length(dsl_objects::text)`),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('resource_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * A chat thread (docs/product/chat.md, "Thread"). Ids are client-made (time plus a random suffix) and unique
 * per user, not globally, like resources: a chosen id never tells whether another user holds it.
 */
export const chatThread = pgTable(
  'chat_thread',
  {
    id: text('id').notNull(),
    userId: userIdColumn(),
    title: text('title').notNull().default('Untitled Chat'),
    turnCount: integer('turn_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    // The sidebar: newest activity first, keyset paged on (last_activity_at, id).
    index('chat_thread_user_activity_idx').on(table.userId, table.lastActivityAt, table.id),
  ],
);

/**
 * One question and its answer in a thread: the user's message, the agent's actions, the prose and the
 * visualization container, the model and the timings. `status` is 'running' until the turn ends, so
 * a turn whose client went away is still saved when the agent finishes.
 */
export const chatTurn = pgTable(
  'chat_turn',
  {
    userId: userIdColumn(),
    queryId: text('query_id').notNull(),
    threadId: text('thread_id').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userMessage: text('user_message').notNull(),
    status: text('status')
      .$type<'running' | 'completed' | 'clarification_needed' | 'out_of_scope' | 'error' | 'interrupted'>()
      .notNull(),
    answer: text('answer').notNull().default(''),
    agentActions: jsonb('agent_actions').$type<unknown[]>().notNull().default([]),
    dslObjects: jsonb('dsl_objects').$type<unknown[]>().notNull().default([]),
    model: text('model'),
    /** Server timings in ms: total, model, tools. */
    timings: jsonb('timings').$type<Record<string, number>>().notNull().default({}),
    /** Set on a turn copied by a fork: where it came from. */
    forkedFrom: jsonb('forked_from').$type<{ threadId: string; queryId: string }>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What the turn spends of the user's storage budget: the UTF-8 bytes of what the user reads back. */
    sizeBytes: integer('size_bytes')
      .notNull()
      .generatedAlwaysAs(
        sql`octet_length(user_message) + octet_length(answer) + octet_length(agent_actions::text) + octet_length(dsl_objects::text)`,
      ),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.queryId] }),
    index('chat_turn_thread_idx').on(table.userId, table.threadId, table.seq),
    foreignKey({
      name: 'chat_turn_thread_fk',
      columns: [table.userId, table.threadId],
      foreignColumns: [chatThread.userId, chatThread.id],
    }).onDelete('cascade'),
  ],
);

/**
 * What a user keeps, counted for their quotas (USER_QUOTAS in the contracts): saved resources, chat
 * threads, and the bytes of resources and turns together. Kept by triggers on `resource`, `chat_thread`
 * and `chat_turn` (migration 0007), so every insert, update and delete, cascades included, is counted
 * in the same transaction. Writers lock this row first (`db/usage.ts`), which serialises one user's
 * writes and makes a check after the insert exact.
 */
export const userUsage = pgTable('user_usage', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  resources: integer('resources').notNull().default(0),
  threads: integer('threads').notNull().default(0),
  storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
});

/** Mail the embedded mode "sent" (no SMTP): listed at /dev/outbox, kept across restarts. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient, table.createdAt)],
);

/**
 * A linked connection (docs/product/chat.md, "Account credentials map"): one Plaid item, one SnapTrade
 * brokerage authorization, or one wallet address. `name` is the required account name ('{name}_plaid', ...),
 * unique per user. The Plaid access token or SnapTrade user secret is sealed by the vault (`sealedSecret`,
 * associated data bound to the user and this row's id) and never leaves the server.
 */
export const connection = pgTable(
  'connection',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    platform: text('platform').$type<'plaid' | 'snaptrade' | 'web3'>().notNull(),
    name: text('name').notNull(),
    institutionName: text('institution_name'),
    /**
     * Plaid item_id, SnapTrade authorization id, or the wallet's username (the required item_id:
     * docs/product/chat.md, "Web3 credential").
     */
    itemId: text('item_id'),
    /** SnapTrade user id (Penny's choice, not secret); wallet address for web3. */
    externalUserId: text('external_user_id'),
    chain: text('chain').$type<'sol' | 'eth' | 'btc'>(),
    tag: text('tag'),
    sealedSecret: text('sealed_secret'),
    /** active | login_required | error: what the Accounts page shows beside the sync time. */
    status: text('status').$type<'active' | 'login_required' | 'error'>().notNull().default('active'),
    statusDetail: text('status_detail'),
    /**
     * How much of the transaction history the provider has ready (the contracts' ConnectionHistory):
     * a bank just linked is `pending`, then `recent` (its last 30 days), then `complete`; each Plaid
     * sync records what its last page said.
     */
    history: text('history').$type<'pending' | 'recent' | 'complete'>().notNull().default('complete'),
    /**
     * Notices the provider sent that only the user can act on, kept until they do (not cleared by a
     * sync, unlike `status_detail`): Plaid's PENDING_EXPIRATION (the login's consent ends at this time:
     * reconnect) and NEW_ACCOUNTS_AVAILABLE (accounts at the bank not shared with Penny yet). Both are
     * cleared by an update-mode re-link (docs/decisions/0030-provider-notices-and-snaptrade-webhooks.md).
     */
    loginExpiresAt: timestamp('login_expires_at', { withTimezone: true }),
    newAccountsAvailable: boolean('new_accounts_available').notNull().default(false),
    /** Plaid /transactions/sync cursor: stored in the same transaction as the page it follows. */
    syncCursor: text('sync_cursor'),
    /** A sync lease (any process): set atomically, cleared at the end, expired after a while. */
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('connection_user_name_idx').on(table.userId, table.name),
    index('connection_user_platform_idx').on(table.userId, table.platform),
    // One Plaid item belongs to one user: a second connection to it, anyone's, is refused.
    uniqueIndex('connection_plaid_item_idx').on(table.itemId).where(sql`${table.platform} = 'plaid'`),
  ],
);

/**
 * The Plaid link tokens Penny made for a user (sealed by the vault, bound to the user and this row):
 * a public token is exchanged only if /link/token/get shows it came from a Link session one of them
 * started. A few per user, each kept a while past its expiry (finance/accounts/plaid-link-tokens.ts).
 */
export const plaidLinkToken = pgTable(
  'plaid_link_token',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    sealedToken: text('sealed_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('plaid_link_token_user_idx').on(table.userId, table.createdAt)],
);

/**
 * The user Penny registers at a provider on the user's behalf (one SnapTrade user per Penny user): its
 * id and its secret, sealed by the vault. It outlives any one brokerage connection.
 */
export const providerUser = pgTable(
  'provider_user',
  {
    userId: userIdColumn(),
    platform: text('platform').$type<'snaptrade'>().notNull(),
    externalUserId: text('external_user_id').notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.platform] })],
);

/** An account under a connection (a bank account, a brokerage account, a wallet). */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connection.id, { onDelete: 'cascade' }),
    providerAccountId: text('provider_account_id').notNull(),
    name: text('name').notNull(),
    officialName: text('official_name'),
    mask: text('mask'),
    kind: text('kind').notNull(),
    subtype: text('subtype'),
    currency: text('currency').notNull(),
    /** + = asset, owed is negative; numeric, never float. */
    currentBalance: numeric('current_balance'),
    availableBalance: numeric('available_balance'),
    creditLimit: numeric('credit_limit'),
    currentBalanceUsd: numeric('current_balance_usd'),
    balanceAsOf: timestamp('balance_as_of', { withTimezone: true }),
    /** Kept by the sync (counted once per sync), so reading the accounts never counts the ledger. */
    transactionCount: integer('transaction_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('ledger_account_connection_provider_idx').on(table.connectionId, table.providerAccountId),
    index('ledger_account_user_idx').on(table.userId),
  ],
);

/** One balance per account per day: the history behind net worth over time. */
export const balanceSnapshot = pgTable(
  'balance_snapshot',
  {
    userId: userIdColumn(),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccount.id, { onDelete: 'cascade' }),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    current: numeric('current'),
    available: numeric('available'),
    currentUsd: numeric('current_usd'),
    currency: text('currency').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.asOf] }),
    index('balance_snapshot_user_idx').on(table.userId),
  ],
);

/** A transaction, + = money in, keyed by the provider's id within its connection (idempotent sync). */
export const ledgerTransaction = pgTable(
  'ledger_transaction',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userIdColumn(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => connection.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccount.id, { onDelete: 'cascade' }),
    providerTransactionId: text('provider_transaction_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: numeric('amount').notNull(),
    currency: text('currency').notNull(),
    amountUsd: numeric('amount_usd'),
    name: text('name').notNull(),
    merchant: text('merchant'),
    /**
     * The effective category, which every figure reads: the user's own, else the newest matching
     * rule's, else the provider's. Kept by finance/recategorize/effective.ts and nothing else.
     */
    categoryPrimary: text('category_primary'),
    categoryDetailed: text('category_detailed'),
    /** What the provider said, replaced by every sync. */
    providerCategoryPrimary: text('provider_category_primary'),
    providerCategoryDetailed: text('provider_category_detailed'),
    /** The user's own category (a confirmed re-categorisation): no sync touches it. */
    userCategoryPrimary: text('user_category_primary'),
    userCategoryDetailed: text('user_category_detailed'),
    pending: boolean('pending').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('ledger_transaction_provider_idx').on(table.connectionId, table.providerTransactionId),
    // The transactions view: one account, a date range, newest first, keyset paged on (date, id).
    index('ledger_transaction_account_date_idx').on(table.userId, table.accountId, table.date, table.id),
    index('ledger_transaction_user_date_idx').on(table.userId, table.date),
  ],
);

/**
 * A user's category rule (a confirmed proposal's item): transactions whose merchant is `pattern`
 * (`match` 'merchant', case-insensitive) or whose name or merchant contains it ('text') are filed
 * under the category, unless the user categorised the transaction itself. The newest rule wins.
 */
export const categoryRule = pgTable(
  'category_rule',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    match: text('match').$type<'merchant' | 'text'>().notNull(),
    /** Lower case. */
    pattern: text('pattern').notNull(),
    categoryPrimary: text('category_primary').notNull(),
    categoryDetailed: text('category_detailed'),
    ...timestamps,
  },
  (table) => [index('category_rule_user_idx').on(table.userId, table.createdAt)],
);

/**
 * What the agent proposed instead of acting (docs/decisions/0022-proposals-and-effective-categories.md):
 * its items (the contracts' `proposalItemSchema`), the turn that made it and its expiry. Confirming
 * it stores the idempotency key, the selection and the outcome in the same transaction as the
 * changes, so a replay answers the stored outcome.
 */
export const actionProposal = pgTable(
  'action_proposal',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    threadId: text('thread_id').notNull(),
    queryId: text('query_id').notNull(),
    title: text('title').notNull(),
    items: jsonb('items').$type<unknown[]>().notNull(),
    status: text('status').$type<'open' | 'confirmed' | 'cancelled'>().notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmKey: text('confirm_key'),
    selectedItemIds: jsonb('selected_item_ids').$type<string[]>(),
    outcome: jsonb('outcome').$type<unknown>(),
    ...timestamps,
  },
  (table) => [index('action_proposal_user_idx').on(table.userId, table.createdAt)],
);

/** One executed item of a confirmed proposal, with what restores it (undo). */
export const actionChange = pgTable(
  'action_change',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    proposalId: text('proposal_id')
      .notNull()
      .references(() => actionProposal.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    kind: text('kind').notNull(),
    /** What undoing needs (per kind: finance/recategorize/changes.ts). */
    undo: jsonb('undo').$type<unknown>().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('action_change_proposal_idx').on(table.userId, table.proposalId)],
);

/** A user's monthly budget per primary category, set only by a confirmed item (docs/decisions/0023-budgets.md). */
export const budget = pgTable(
  'budget',
  {
    userId: userIdColumn(),
    categoryPrimary: text('category_primary').notNull(),
    /** USD a month, two places; numeric, never float. */
    monthlyAmount: numeric('monthly_amount', { precision: 14, scale: 2 }).notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.categoryPrimary] })],
);

/** Securities as the providers describe them (public market data, not personal). */
export const security = pgTable('security', {
  /** '<platform>:<provider security id>' */
  id: text('id').primaryKey(),
  ticker: text('ticker'),
  name: text('name').notNull(),
  type: text('type').notNull(),
  currency: text('currency').notNull(),
  closePrice: numeric('close_price'),
  ...timestamps,
});

/** What an investment account holds now (replaced at each sync). */
export const holding = pgTable(
  'holding',
  {
    userId: userIdColumn(),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccount.id, { onDelete: 'cascade' }),
    securityId: text('security_id')
      .notNull()
      .references(() => security.id),
    quantity: numeric('quantity').notNull(),
    price: numeric('price'),
    value: numeric('value'),
    costBasis: numeric('cost_basis'),
    currency: text('currency').notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.securityId] }),
    index('holding_user_idx').on(table.userId),
  ],
);

/**
 * State of the in-process sandbox upstreams (PROVIDERS=sandbox): items, tokens, SnapTrade users,
 * forced error scenarios. Vendor-side data, not the user's: it stands in for Plaid's and SnapTrade's
 * own databases, and survives restarts so linked sandbox accounts keep syncing.
 */
export const sandboxRecord = pgTable(
  'sandbox_record',
  {
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.namespace, table.key] })],
);

export const schema = {
  user,
  session,
  account,
  verification,
  profile,
  resource,
  chatThread,
  chatTurn,
  userUsage,
  outbox,
  providerUser,
  connection,
  plaidLinkToken,
  ledgerAccount,
  balanceSnapshot,
  ledgerTransaction,
  categoryRule,
  actionProposal,
  actionChange,
  budget,
  security,
  holding,
};
export type Schema = typeof schema;

/**
 * Fingerprints of keys that data at rest depends on (`vault`: HMAC of VAULT_KEY, never the key). Kept in
 * the database beside the data they protect, so a start with another key is refused before it can
 * write anything the old key cannot read. See docs/decisions/0005-mail-modes-and-key-checks.md.
 */
export const keyCheck = pgTable('key_check', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Usernames held back without an account row: a sign-up that names an already registered email
 * creates no user, so its username is reserved here instead. Both paths then leave the same trace
 * (the name is taken), and the username check cannot tell whether the email exists.
 */
export const usernameReservation = pgTable('username_reservation', {
  username: text('username').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
