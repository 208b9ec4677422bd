import { z } from 'zod';
import { userIdentitySchema } from './api.ts';
import { CATEGORY_TAXONOMY, type CategoryPrimaryCode, primaryCategoryOf } from './categories.ts';
import { agentActionSchema } from './chat.ts';
import { safeString } from './text.ts';

/**
 * Confirmed actions (docs/decisions/0022-proposals-and-effective-categories.md): the agent never writes on
 * its own. It hands back a proposal, a typed list of items each stating what changes (before and
 * after); the Confirm popup shows it, and only the user's confirm executes the items they kept
 * selected, once. Item kinds are a discriminated union so that orders and budgets join later as
 * new members, each with its own executor on the server.
 */

export const ACTION_LIMITS = {
  /** A proposal not confirmed within this long is refused: the ledger it was read from may have moved. */
  proposalTtlMs: 15 * 60_000,
  /** Items in one proposal (a re-categorisation lists at most this many transactions). */
  maxItems: 200,
  /** A rule's or a match's text. */
  matchTextMin: 2,
  matchTextMax: 100,
} as const;

/** Server-made ids (proposals, changes) and item ids: letters, digits and `_ . : -`. */
export const actionIdSchema = safeString()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may contain only letters, digits and _ . : -');

/** The client's key for one confirm: the same key answers the first outcome again, writing nothing. */
export const idempotencyKeySchema = safeString()
  .trim()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may contain only letters, digits and _ . : -');

const isKnownCategory = (code: string) =>
  Object.hasOwn(CATEGORY_TAXONOMY, code) ||
  Object.values(CATEGORY_TAXONOMY).some((codes) => (codes as readonly string[]).includes(code));

/** A category code of the taxonomy (categories.ts), primary ('TRANSPORTATION') or detailed. */
export const categoryCodeSchema = z
  .string()
  .trim()
  .max(80)
  .refine(isKnownCategory, 'must be a category code (packages/contracts/src/categories.ts)');

/**
 * What a transaction's category is or becomes: the primary code and, when one was chosen, the
 * detailed code. `category` is null only for a transaction the provider left uncategorised.
 */
export const categoryAssignmentSchema = z.object({
  category: z.string().nullable(),
  category_detailed: z.string().nullable(),
});
export type CategoryAssignment = z.infer<typeof categoryAssignmentSchema>;

/** A chosen code as the ledger stores it: a primary alone, or a detailed code with its primary. */
export function categoryAssignmentOf(code: string): {
  category: CategoryPrimaryCode;
  category_detailed: string | null;
} {
  const primary = primaryCategoryOf(code);
  if (!primary) throw new RangeError(`Not a category code: ${code}`);
  return { category: primary, category_detailed: primary === code ? null : code };
}

/** How a rule or a re-categorisation finds transactions: the merchant's name, or text in name or merchant. */
export const CATEGORY_MATCHES = ['merchant', 'text'] as const;
export const categoryMatchSchema = z.enum(CATEGORY_MATCHES);
export type CategoryMatch = z.infer<typeof categoryMatchSchema>;

const itemBase = {
  id: actionIdSchema,
  /** One line for the popup and the chat: 'Uber, Mar 2, 2026, $12.50: Travel → Transportation'. */
  description: z.string().max(500),
};

/** Re-categorise one transaction (the user's category then survives every sync). */
export const transactionCategoryItemSchema = z.object({
  ...itemBase,
  kind: z.literal('transaction_category'),
  transaction: z.object({
    id: z.string().regex(/^\d+$/),
    date: z.iso.date(),
    name: z.string(),
    merchant: z.string().nullable(),
    /** + = money in, a decimal string in the transaction's currency. */
    amount: z.string().regex(/^-?\d+(\.\d+)?$/),
    currency: z.string(),
    account_name: z.string(),
  }),
  before: categoryAssignmentSchema,
  after: categoryAssignmentSchema,
});

/** A rule for future transactions (and present ones without a category of the user's own). */
export const categoryRuleItemSchema = z.object({
  ...itemBase,
  kind: z.literal('category_rule'),
  rule: z.object({ match: categoryMatchSchema, text: z.string() }),
  before: z.null(),
  after: categoryAssignmentSchema,
});

/**
 * Budgets (docs/decisions/0023-budgets.md): a monthly amount of spending per primary category. Not for
 * money that is not spending (income, transfers, investments: docs/agent.md, "Definitions").
 */
export const BUDGET_NOT_SPENDING = ['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT'] as const;
export const budgetCategorySchema = z
  .string()
  .trim()
  .refine(
    (code) =>
      Object.hasOwn(CATEGORY_TAXONOMY, code) && !(BUDGET_NOT_SPENDING as readonly string[]).includes(code),
    'must be a primary spending category code (packages/contracts/src/categories.ts)',
  );
/** A monthly budget in USD: a decimal string, more than zero, at most two places. */
export const budgetAmountSchema = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be dollars with at most two decimals')
  .refine((amount) => Number(amount) > 0, 'must be more than zero');

/** Set, change or remove (`after: null`) the monthly budget of one primary category. */
export const budgetItemSchema = z
  .object({
    ...itemBase,
    kind: z.literal('budget'),
    /** The primary category code ('FOOD_AND_DRINK'). */
    category: budgetCategorySchema,
    /** The monthly amount now (null: no budget), checked again under a lock when confirmed. */
    before: budgetAmountSchema.nullable(),
    /** The monthly amount after (null: the budget is removed). */
    after: budgetAmountSchema.nullable(),
  })
  .refine((item) => item.before !== null || item.after !== null, 'a budget item changes something');
/*
 * Orders (docs/decisions/0024-orders.md): a buy or sell through a linked brokerage, checked with the
 * brokerage first (SnapTrade's order impact) and placed only on the user's confirm. Decimal strings;
 * signed amounts are + = money in (a buy's estimated amount is negative, a commission is ≤ 0).
 */
export const ORDER_ACTIONS = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['market', 'limit'] as const;
export const TIME_IN_FORCE = ['day', 'gtc', 'fok', 'ioc'] as const;
export const orderActionSchema = z.enum(ORDER_ACTIONS);
export const orderTypeSchema = z.enum(ORDER_TYPES);
export const timeInForceSchema = z.enum(TIME_IN_FORCE);
const signedDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const decimal = z.string().regex(/^\d+(\.\d+)?$/);

/** One order: what the user asked for (units or a dollar amount), and the brokerage's check of it. */
export const orderItemSchema = z.object({
  ...itemBase,
  kind: z.literal('order'),
  order: z.object({
    /** Penny's id of the brokerage account, its name, and the connection it syncs through. */
    account_id: z.string(),
    account_name: z.string(),
    connection_id: z.string(),
    symbol: z.string(),
    symbol_name: z.string(),
    action: orderActionSchema,
    /** Shares, or else a dollar `amount` (market orders only). */
    units: decimal.nullable(),
    amount: decimal.nullable(),
    order_type: orderTypeSchema,
    limit_price: decimal.nullable(),
    time_in_force: timeInForceSchema,
    currency: z.string(),
  }),
  /** The brokerage's check: placeable once by `trade_id` until `trade_expires_at`. */
  impact: z.object({
    trade_id: z.string(),
    trade_expires_at: z.iso.datetime(),
    units: decimal,
    /** The price estimated with: the limit for a limit order, else the price then. */
    price: decimal,
    /** + = money in: a buy's cost is negative, a sale's proceeds positive (commission apart). */
    estimated_amount: signedDecimal,
    commission: signedDecimal,
    remaining_cash: signedDecimal,
  }),
  /** Units of the symbol held and the account's cash, now and as the check estimates them after. */
  before: z.object({ units_held: decimal, cash: signedDecimal }),
  after: z.object({ units_held: decimal, cash: signedDecimal }),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * Cancelling an order still open at the brokerage (a limit order waiting for its price), listed by the
 * `open_orders` tool and cancelled only on the user's confirm (docs/api.md, "Confirmed actions").
 */
export const orderCancelItemSchema = z.object({
  ...itemBase,
  kind: z.literal('order_cancel'),
  order: z.object({
    account_id: z.string(),
    account_name: z.string(),
    connection_id: z.string(),
    /** The brokerage's id of the order. */
    order_id: z.string().min(1).max(128),
    symbol: z.string(),
    action: orderActionSchema,
    units: decimal,
    open_units: decimal,
    order_type: z.enum(['market', 'limit', 'other']),
    limit_price: decimal.nullable(),
    time_in_force: z.string(),
    placed_at: z.string().nullable(),
  }),
  before: z.object({ status: z.literal('open') }),
  after: z.object({ status: z.literal('cancelled') }),
});
export type OrderCancelItem = z.infer<typeof orderCancelItemSchema>;

/** Why an order is not proposed (before anything is stored). */
export const orderMessages = {
  accountNotFound: 'This brokerage account was not found.',
  symbolNotFound: 'This brokerage does not trade that symbol.',
  notEnoughCash: "The account's cash does not cover this order.",
  notEnoughUnits: 'The account does not hold that many shares to sell.',
  refused: 'The brokerage refused this order.',
  openOrderNotFound: 'This order was not found among your open orders.',
} as const;

export const proposalItemSchema = z.discriminatedUnion('kind', [
  transactionCategoryItemSchema,
  categoryRuleItemSchema,
  budgetItemSchema,
  orderItemSchema,
  orderCancelItemSchema,
]);
export type ProposalItem = z.infer<typeof proposalItemSchema>;
export type ProposalItemKind = ProposalItem['kind'];
/**
 * Every item kind, in the order a confirm executes them (a transaction's own category, then rules);
 * orders last, as a placed (or cancelled) order is the one change a rollback cannot take back.
 */
export const PROPOSAL_ITEM_KINDS = [
  'transaction_category',
  'category_rule',
  'budget',
  'order',
  'order_cancel',
] as const satisfies readonly ProposalItemKind[];

export const PROPOSAL_STATUSES = ['open', 'confirmed', 'cancelled', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const proposalSchema = z.object({
  id: actionIdSchema,
  status: z.enum(PROPOSAL_STATUSES),
  /** The popup's title (docs/product/chat.md, "Confirm popup"): 'Confirm Your Orders' for orders, else 'Confirm'. */
  title: z.string(),
  /** The turn that made it. */
  thread_id: z.string(),
  query_id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  items: z.array(proposalItemSchema).min(1).max(ACTION_LIMITS.maxItems),
});
export type Proposal = z.infer<typeof proposalSchema>;

/**
 * The names these payloads carry, compared with the session, never a lookup key. A confirm writes the
 * user's data, so an id or an email given beside them is compared too rather than dropped.
 */
const userInfoFields = {
  username: userIdentitySchema.shape.username,
  firstName: userIdentitySchema.shape.firstName,
  lastName: userIdentitySchema.shape.lastName,
  userId: safeString().max(128).optional(),
  email: safeString().max(254).optional(),
};

export const proposalQuerySchema = z.object({ ...userInfoFields, proposal_id: actionIdSchema });
export const proposalResponseSchema = z.object({ success: z.boolean(), proposal: proposalSchema });

export const confirmProposalRequestSchema = z.object({
  ...userInfoFields,
  proposal_id: actionIdSchema,
  /** The items the user kept selected; none is a cancel. */
  item_ids: z
    .array(actionIdSchema)
    .max(ACTION_LIMITS.maxItems)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an item'),
  idempotency_key: idempotencyKeySchema,
});
export type ConfirmProposalRequest = z.infer<typeof confirmProposalRequestSchema>;

/**
 * `failed`: selected but not done. Only an order can fail alone: in a proposal of several orders, one
 * the brokerage refuses after another was placed (docs/decisions/0028-several-orders.md).
 */
export const ITEM_OUTCOME_STATUSES = ['executed', 'not_selected', 'failed'] as const;

export const itemOutcomeSchema = z.object({
  item_id: actionIdSchema,
  kind: z.enum(PROPOSAL_ITEM_KINDS),
  status: z.enum(ITEM_OUTCOME_STATUSES),
  description: z.string(),
  /** The executed change, for POST /agent/actions/undo. */
  change_id: actionIdSchema.nullable(),
});
export type ItemOutcome = z.infer<typeof itemOutcomeSchema>;

export const confirmProposalResponseSchema = z.object({
  success: z.boolean(),
  proposal_id: actionIdSchema,
  status: z.enum(['confirmed', 'cancelled']),
  outcomes: z.array(itemOutcomeSchema),
  /** The outcomes as the chat shows them: one agent action per executed item. */
  agent_actions: z.array(agentActionSchema),
});
export type ConfirmProposalResponse = z.infer<typeof confirmProposalResponseSchema>;

export const cancelProposalRequestSchema = z.object({ ...userInfoFields, proposal_id: actionIdSchema });
export const cancelProposalResponseSchema = z.object({
  success: z.boolean(),
  proposal_id: actionIdSchema,
  status: z.literal('cancelled'),
});

export const undoChangeRequestSchema = z.object({ ...userInfoFields, change_id: actionIdSchema });
export const undoChangeResponseSchema = z.object({
  success: z.boolean(),
  change_id: actionIdSchema,
  status: z.literal('undone'),
});

/** The refusals' sentences (their codes are `actions:*` in API_ERROR_CODES). */
export const actionMessages = {
  proposalNotFound: 'This proposal was not found.',
  proposalExpired: 'This proposal has expired. Please ask again.',
  proposalClosed: 'This proposal was already answered.',
  proposalStale: 'Something this proposal depends on has changed since it was made. Please ask again.',
  unknownItem: 'The selection names an item this proposal does not have.',
  changeNotFound: 'This change was not found.',
  changeSuperseded: 'This change was changed again since. Undo the later change first.',
} as const;
