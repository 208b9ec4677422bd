import { z } from 'zod';

/**
 * A question about the ledger as a typed plan (docs/agent.md, "The ledger query"): what is measured,
 * over which transactions, over which period or periods, grouped and ranked how. The offline analyst
 * reads a question into one; an LLM fills the same shape as the `ledger_query` tool's input. The tool
 * computes every figure (totals, counts, averages, shares, differences, ranks) in SQL or plain
 * arithmetic, and states the plan back as its reading in words.
 */

const isoDay = z.iso.date();
const dollars = z.union([z.number().nonnegative().max(1e12), z.string().regex(/^\d{1,12}(\.\d{1,2})?$/)]);
const name = z.string().trim().min(1).max(200);
const categoryCode = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z_]*$/)
  .max(80);

/** Which money is measured: spending (out, net of refunds), income (in), or income minus spending. */
export const LEDGER_MEASURES = ['spending', 'income', 'net_cash_flow'] as const;
export type LedgerMeasure = (typeof LEDGER_MEASURES)[number];

/**
 * What is computed from it:
 * - total: the sum; grouped, each group's sum;
 * - count: the number of transactions (spending: purchases; income: payments in; net: all);
 * - average: the total divided by the `per` unit (calendar months, weeks or days of the period, or
 *   transactions);
 * - largest / smallest: single transactions ranked by amount (with a grouping: the groups ranked by
 *   their total);
 * - share: the filtered total as a percentage of the same measure (or `share_of`) without the filters;
 *   when the account is the only filter, of all accounts (grouped: each group's share of the period's
 *   total).
 */
export const LEDGER_STATISTICS = ['total', 'count', 'average', 'largest', 'smallest', 'share'] as const;
export type LedgerStatistic = (typeof LEDGER_STATISTICS)[number];

export const LEDGER_AVERAGE_UNITS = ['month', 'week', 'weekend', 'day', 'transaction'] as const;
export type LedgerAverageUnit = (typeof LEDGER_AVERAGE_UNITS)[number];

/** The groupings over time: calendar months, quarters or weeks (Monday to Sunday), a series. */
export const LEDGER_TIME_GROUPINGS = ['month', 'quarter', 'week'] as const;
export type LedgerTimeGrouping = (typeof LEDGER_TIME_GROUPINGS)[number];

/**
 * Grouping: none, by category, merchant or account, by calendar month, quarter or week (a series), or
 * weekdays against weekends (`day_type`).
 */
export const LEDGER_GROUPINGS = [
  'none',
  'category',
  'merchant',
  'account',
  ...LEDGER_TIME_GROUPINGS,
  'day_type',
] as const;
export type LedgerGrouping = (typeof LEDGER_GROUPINGS)[number];

export function isTimeGrouping(grouping: LedgerGrouping): grouping is LedgerTimeGrouping {
  return (LEDGER_TIME_GROUPINGS as readonly string[]).includes(grouping);
}

export const ledgerPeriodSchema = z.object({
  start: isoDay.describe('First day, YYYY-MM-DD'),
  end: isoDay.describe('Last day, YYYY-MM-DD (inclusive)'),
  /** How the answer names it ('Q3 2026', 'June 2026'); the dates are said when omitted. */
  label: z.string().trim().min(1).max(80).optional(),
});
export type LedgerPeriod = z.output<typeof ledgerPeriodSchema>;

export const ledgerFiltersSchema = z
  .object({
    /** Category codes, primary ('FOOD_AND_DRINK') or detailed ('FOOD_AND_DRINK_GROCERIES'); any of them. */
    categories: z.array(categoryCode).max(10).optional(),
    /** Merchant names (matched case-insensitively, whole name or contained); any of them. */
    merchants: z.array(name).max(10).optional(),
    /** An account name or id. */
    account: name.optional(),
    /** Words in the description or merchant. */
    text: name.optional(),
    /** Smallest absolute amount of a transaction, in dollars (inclusive). */
    min_amount: dollars.optional(),
    /** Largest absolute amount of a transaction, in dollars (inclusive). */
    max_amount: dollars.optional(),
    /** Only transactions dated on weekends (Saturday and Sunday) or on weekdays (Monday to Friday). */
    days: z.enum(['weekends', 'weekdays']).optional(),
    /** Category codes left out ('everything but rent'): none of them. */
    exclude_categories: z.array(categoryCode).max(10).optional(),
    /** Merchant names left out (matched as `merchants` is): none of them. */
    exclude_merchants: z.array(name).max(10).optional(),
  })
  .strict();
export type LedgerFilters = z.output<typeof ledgerFiltersSchema>;

export const ledgerQuerySchema = z
  .object({
    measure: z.enum(LEDGER_MEASURES).default('spending'),
    statistic: z.enum(LEDGER_STATISTICS).default('total'),
    /**
     * For `share`: the whole it is a share of, when not the same measure ('what share of my income went
     * to rent': spending on rent as a share of income).
     */
    share_of: z.enum(['spending', 'income']).optional(),
    /**
     * For `share`: the whole is only these categories ('what portion of my food spending went to
     * groceries': Groceries within Food and drink).
     */
    share_within: z.array(categoryCode).max(10).optional(),
    /**
     * For `share`: of the money (the default) or of the number of transactions ('what percent of my
     * purchases were at Amazon'). Both are computed and stated; this one leads.
     */
    share_by: z.enum(['amount', 'count']).optional(),
    /** For `average`: per calendar month (the default), week, weekend (the period's Saturdays), day or transaction. */
    per: z.enum(LEDGER_AVERAGE_UNITS).optional(),
    filters: ledgerFiltersSchema.default({}),
    /** One period, or two for a comparison (the first is compared with the second). */
    periods: z.array(ledgerPeriodSchema).min(1).max(2),
    group_by: z.enum(LEDGER_GROUPINGS).default('none'),
    /**
     * Two periods grouped: the groups ranked by their change, either way (the default), or only those
     * that rose ('which category grew the most') or fell, largest first; or `none`, a breakdown of both
     * periods ranked by size, the larger of each group's two figures ('break it down by category').
     */
    change: z.enum(['any', 'increase', 'decrease', 'none']).optional(),
    /** How many groups or transactions to list (rankings: 'top 3'). */
    top: z.number().int().min(1).max(50).optional(),
  })
  .strict();
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;
export type LedgerQueryInput = z.input<typeof ledgerQuerySchema>;
