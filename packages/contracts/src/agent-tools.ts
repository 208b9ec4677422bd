import { z } from 'zod';
import {
  ACTION_LIMITS,
  budgetAmountSchema,
  budgetCategorySchema,
  categoryCodeSchema,
  categoryMatchSchema,
  orderActionSchema,
  orderTypeSchema,
  timeInForceSchema,
} from './actions.ts';
import { ledgerQuerySchema } from './ledger-query.ts';

/**
 * The finance toolkit's inputs (apps/server/src/agent/tools/): one schema per tool. Any model (an LLM
 * or the offline analyst) calls the tools with these, and the server validates every call against
 * them before a tool runs. Dates are ISO days (YYYY-MM-DD), both ends included; amounts are decimal
 * strings or numbers of dollars; categories are Plaid personal-finance category codes, primary
 * ('FOOD_AND_DRINK') or detailed ('FOOD_AND_DRINK_GROCERIES').
 *
 * Definitions every tool and the evaluation share (docs/agent.md, "Definitions"):
 * - Only posted transactions count (pending ones may still change).
 * - Spending: -Σ amount over transactions whose primary category is not INCOME, TRANSFER_IN,
 *   TRANSFER_OUT or INVESTMENT (buying and selling securities moves money into assets) and whose detailed category is not LOAN_PAYMENTS_CREDIT_CARD_PAYMENT (paying the
 *   card moves money between the user's own accounts). Refunds in a category reduce its spending.
 * - Income: Σ amount over transactions whose primary category is INCOME.
 * - Amounts are in USD (amount_usd where the ledger has it, else the amount when the currency is USD).
 */

const isoDay = z.iso.date();
const money = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);
const shortText = z.string().trim().min(1).max(200);
/** A positive number of dollars or shares, as a number or a decimal string. */
const positiveDecimal = z.union([
  z.number().positive().max(1e9),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/)
    .refine((text) => Number(text) > 0 && Number(text) <= 1e9, 'must be more than 0'),
]);

export const periodInputSchema = z.object({
  start: isoDay.describe('First day, YYYY-MM-DD'),
  end: isoDay.describe('Last day, YYYY-MM-DD (inclusive)'),
});

const accountFilter = shortText.describe('An account name or id; omit for all accounts').optional();
const categoryFilter = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z_]*$/)
  .max(80)
  .describe("A category code, primary ('FOOD_AND_DRINK') or detailed ('FOOD_AND_DRINK_GROCERIES')");

/** One order's fields (propose_order: the first order, and each of `more_orders`). */
const orderFields = {
  symbol: z
    .string()
    .trim()
    .min(1)
    .max(12)
    .regex(/^[A-Za-z0-9.-]+$/)
    .describe('The ticker, e.g. VTI'),
  action: orderActionSchema,
  units: positiveDecimal.describe('Shares (up to 3 decimals); or give amount').optional(),
  amount: positiveDecimal.describe('Dollars to buy or sell (market orders); or give units').optional(),
  order_type: orderTypeSchema.default('market'),
  limit_price: positiveDecimal.describe('The limit, for a limit order').optional(),
  time_in_force: timeInForceSchema.default('day'),
};
const oneOrderSchema = z.object(orderFields);

/** Why an order's fields do not make one order (null: they do). */
function orderProblem(order: z.infer<typeof oneOrderSchema>): string | null {
  if ((order.units === undefined) === (order.amount === undefined)) return 'give either units or amount';
  if (order.order_type === 'limit' && order.limit_price === undefined)
    return 'a limit order needs limit_price';
  if (order.amount !== undefined && order.order_type !== 'market')
    return 'an amount is for market orders; give units for a limit order';
  return null;
}

export const toolInputSchemas = {
  list_accounts: z.object({
    platform: z.enum(['plaid', 'snaptrade', 'web3']).optional(),
  }),
  net_worth: z.object({
    /** Months of history for the trend (month-end values). */
    months: z.number().int().min(1).max(60).default(12),
  }),
  /** One account's balance over a period: at its start, at each month's end and at its end. */
  balance_history: periodInputSchema.extend({
    account: shortText.describe("An account name or id, or a kind ('savings', 'checking')"),
  }),
  search_transactions: z.object({
    text: shortText.describe('Words in the description or merchant').optional(),
    merchant: shortText.optional(),
    category: categoryFilter.optional(),
    /** Any of several categories ('transfers in and out'), with or instead of `category`. */
    categories: z.array(categoryFilter).max(10).optional(),
    min_amount: money.describe('Smallest absolute amount, dollars').optional(),
    max_amount: money.describe('Largest absolute amount, dollars').optional(),
    direction: z.enum(['in', 'out']).optional(),
    start: isoDay.optional(),
    end: isoDay.optional(),
    account: accountFilter,
    limit: z.number().int().min(1).max(200).default(50),
  }),
  spending_by_category: periodInputSchema.extend({
    category: categoryFilter.optional(),
    account: accountFilter,
    /** Also total the same-length period just before, and the change. */
    compare_previous: z.boolean().default(false),
  }),
  spending_by_merchant: periodInputSchema.extend({
    category: categoryFilter.optional(),
    merchant: shortText.optional(),
    account: accountFilter,
    limit: z.number().int().min(1).max(50).default(10),
    compare_previous: z.boolean().default(false),
  }),
  cash_flow: periodInputSchema.extend({
    account: accountFilter,
  }),
  recurring_payments: z.object({
    /** Only subscriptions (digital services, memberships) or every recurring outflow. */
    kind: z.enum(['subscriptions', 'all']).default('all'),
    /** Only those expected within the next N days. */
    within_days: z.number().int().min(1).max(366).optional(),
    /**
     * Also their monthly cost as a share of the average monthly spending or income over the last 3 full
     * months ('how much of my spending is subscriptions').
     */
    share_of: z.enum(['spending', 'income']).optional(),
  }),
  largest_transactions: periodInputSchema.extend({
    direction: z.enum(['in', 'out']).default('out'),
    category: categoryFilter.optional(),
    account: accountFilter,
    limit: z.number().int().min(1).max(50).default(10),
  }),
  holdings: z.object({
    account: accountFilter,
    group_by: z.enum(['asset_class', 'security', 'account']).default('security'),
  }),
  crypto_balances: z.object({
    /** Coins asked about ('link and uni together', 'eth across both wallets'): their total leads. */
    symbols: z.array(z.string().trim().min(1).max(16)).max(10).optional(),
  }),
  compound_growth: z.object({
    principal: money,
    /** Added at the end of each month. */
    monthly_contribution: money.default(0),
    annual_rate_percent: z.number().min(-50).max(100),
    years: z.number().min(0).max(100),
    /** 12 = monthly (the default), 1 = annually, 4 = quarterly, 365 = daily. */
    compounds_per_year: z
      .union([z.literal(1), z.literal(2), z.literal(4), z.literal(12), z.literal(365)])
      .default(12),
  }),
  loan_payment: z.object({
    principal: money,
    annual_rate_percent: z.number().min(0).max(100),
    years: z.number().min(0.0833).max(50),
  }),
  savings_goal: z.object({
    target: money,
    current: money.default(0),
    annual_rate_percent: z.number().min(0).max(100).default(0),
    /** Either the months to reach it (gives the monthly saving) or the monthly saving (gives months). */
    months: z.number().int().min(1).max(1200).optional(),
    monthly_saving: money.optional(),
  }),
  emergency_fund: z.object({
    /** Months of expenses the fund should cover. */
    target_months: z.number().min(1).max(24).default(6),
    /** The user's own monthly expenses, when they give them; else the ledger's average of 3 full months. */
    monthly_expenses: money.optional(),
  }),
  /** 'Give me a summary', 'how am I doing': net worth, this month against last, top categories, bills due. */
  money_summary: z.object({}),
  /** 'Can I afford a $2,000 trip', 'can I afford $500 a month more rent'. */
  affordability: z.object({
    /** Dollars, more than zero: a one-off cost, or a monthly one with `monthly`. */
    amount: money,
    /** The day the one-off cost is paid; recurring payments due until then count. Default: 30 days ahead. */
    by: isoDay.optional(),
    /** The amount is a new monthly cost (weighed against the typical monthly surplus). */
    monthly: z.boolean().default(false),
  }),
  /** 'Where can I cut back': categories above their own average, discretionary first, and subscriptions. */
  cut_back: z.object({
    /** Full months before the last one that each category's average covers. */
    months: z.number().int().min(1).max(12).default(3),
  }),
  /** Any question about the ledger as a typed plan (docs/agent.md, "The ledger query"). */
  ledger_query: ledgerQuerySchema,
  /**
   * 'Categorise all Uber as Transportation', 'that Costco charge was groceries': proposes, never writes.
   * The user confirms the listed transactions (and the rule) in the Confirm popup.
   */
  propose_recategorize: z
    .object({
      /** How `text` finds the transactions: the merchant's name, or text in the name or merchant. */
      match: categoryMatchSchema.default('merchant'),
      text: z
        .string()
        .trim()
        .min(ACTION_LIMITS.matchTextMin)
        .max(ACTION_LIMITS.matchTextMax)
        .describe('The merchant, or the text the transactions contain')
        .optional(),
      /** One transaction (its id from a transaction list) instead of every match. */
      transaction_id: z.string().regex(/^\d+$/).max(20).optional(),
      category: categoryCodeSchema.describe('The category code to file them under'),
      /** Also file future transactions that match under the category (a rule). */
      rule: z.boolean().default(false),
    })
    .refine((input) => input.text !== undefined || input.transaction_id !== undefined, {
      message: 'name the transactions: text or transaction_id',
    })
    .refine((input) => !input.rule || input.text !== undefined, { message: 'a rule needs text' }),
  /**
   * 'How am I doing on my budgets': each budgeted category's spending this month (or in `month`, a past
   * one) against its budget, what is left, and the pace (docs/decisions/0023-budgets.md).
   */
  budget_status: z.object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .describe('A past month, YYYY-MM; omit for this month so far')
      .optional(),
  }),
  /**
   * 'Set a $400 dining budget', 'remove my travel budget': proposes, never writes. The user confirms it
   * in the Confirm popup.
   */
  propose_budget: z
    .object({
      category: budgetCategorySchema.describe(
        "The primary spending category code ('FOOD_AND_DRINK'); budgets are per primary category",
      ),
      /** Dollars a month, more than zero; omit with `remove:true`. */
      amount: money.describe('Dollars a month').optional(),
      remove: z.boolean().default(false),
    })
    .refine((input) => (input.amount === undefined) === input.remove, {
      message: 'give either an amount or remove:true',
    })
    .refine(
      (input) =>
        input.amount === undefined ||
        budgetAmountSchema.safeParse(
          typeof input.amount === 'number' ? input.amount.toFixed(2) : input.amount,
        ).success,
      { message: 'amount: more than zero, at most two decimals' },
    ),
  /**
   * 'Buy $500 of VTI', 'sell 2 shares of AAPL': checks the order with the brokerage and proposes it,
   * never places it (docs/decisions/0024-orders.md). The user confirms it in the Confirm popup.
   */
  propose_order: z
    .object({
      account: shortText.describe('The brokerage account: its name or id (list_accounts)'),
      ...orderFields,
      more_orders: z
        .array(oneOrderSchema)
        .max(9)
        .describe('Further orders in the same account, proposed together (at most 10 in all)')
        .optional(),
    })
    .superRefine((input, context) => {
      for (const order of [input, ...(input.more_orders ?? [])]) {
        const problem = orderProblem(order);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }
    }),
  /** 'Show my open orders': the orders still open at the brokerage (limit orders waiting), read live. */
  open_orders: z.object({
    account: shortText
      .describe('A brokerage account name or id; omit for every brokerage account')
      .optional(),
  }),
  /**
   * 'Cancel my VTI order': proposes cancelling open orders, never cancels (the user confirms it in the
   * Confirm popup). By the brokerage's order id (open_orders), or every open order of a symbol, or all.
   */
  propose_cancel_order: z.object({
    order_id: shortText.describe("The order's id, as open_orders lists it").optional(),
    symbol: orderFields.symbol.describe('Every open order of this ticker').optional(),
    account: shortText
      .describe('A brokerage account name or id; omit for every brokerage account')
      .optional(),
  }),
  /**
   * 'Rebalance to 60/40': proposes the orders that bring one brokerage account's holdings to a
   * stocks/bonds mix, never places them (the user confirms in the Confirm popup).
   */
  propose_rebalance: z.object({
    account: shortText.describe('The brokerage account: its name or id (list_accounts)'),
    stocks_percent: z
      .number()
      .int()
      .min(0)
      .max(100)
      .describe('The stocks share in whole percent; bonds the rest'),
  }),
} as const;

export type ToolName = keyof typeof toolInputSchemas;
export const TOOL_NAMES = Object.keys(toolInputSchemas) as ToolName[];
export type ToolInput<N extends ToolName> = z.output<(typeof toolInputSchemas)[N]>;
