import { z } from 'zod';
import { userIdentitySchema } from './api.ts';

/**
 * GET /db/home-summary: where the signed-in user stands, for the start screen once accounts are linked
 * (docs/api.md, "Home summary"). Every figure comes from the server's finance analytics over the
 * user's own ledger; money is a decimal string in USD with two places.
 */

/** Decimal amounts are strings on the wire ("-12.34"). */
const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const periodSchema = z.object({ start: isoDaySchema, end: isoDaySchema });

/** How many months the net-worth trend covers, the current month included. */
export const HOME_TREND_MONTHS = 6;
/** How many days ahead upcoming recurring payments are listed. */
export const HOME_UPCOMING_DAYS = 14;
/** At most this many upcoming payments are listed (their total counts them all). */
export const HOME_UPCOMING_LIMIT = 5;

export const homeSummaryQuerySchema = z.object({
  username: userIdentitySchema.shape.username,
  firstName: userIdentitySchema.shape.firstName,
  lastName: userIdentitySchema.shape.lastName,
});
export type HomeSummaryQuery = z.infer<typeof homeSummaryQuerySchema>;

export const homeNetWorthSchema = z.object({
  /** Now: Σ the accounts' USD balances. */
  net: moneySchema,
  assets: moneySchema,
  liabilities: moneySchema,
  /** Accounts without a USD value, left out of the totals. */
  unpriced_accounts: z.number().int().nonnegative(),
  /**
   * Each month's last day (today for the current month), oldest first: `net` (null where nothing was
   * valued), `complete` (every account had a value that day; investments and wallets have none before
   * their first recorded balance), and `cash`, the bank and card accounts alone, known for every day.
   */
  trend: z.array(
    z.object({ date: isoDaySchema, net: moneySchema.nullable(), cash: moneySchema, complete: z.boolean() }),
  ),
  /** Net now less the earliest trend point that valued every account; null when there is none. */
  change: z.object({ amount: moneySchema, since: isoDaySchema }).nullable(),
});

export const homeSpendingSchema = z.object({
  /** From the first of this month through today. */
  this_month: periodSchema.extend({ total: moneySchema, transactions: z.number().int().nonnegative() }),
  /** Last month over the same days (the 1st through today's day of the month, or its last day). */
  last_month: periodSchema.extend({ total: moneySchema, transactions: z.number().int().nonnegative() }),
  /** This month's total less last month's, over the same days. */
  change: moneySchema,
});

export const homeUpcomingPaymentSchema = z.object({
  merchant: z.string(),
  /** The latest charge (what the next one is expected to be). */
  amount: moneySchema,
  /** The expected day; before today when it is due and not seen yet. */
  date: isoDaySchema,
  cadence: z.enum(['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly']),
});
export type HomeUpcomingPayment = z.infer<typeof homeUpcomingPaymentSchema>;

export const homeSummarySchema = z.object({
  /** The day the figures are counted to. */
  today: isoDaySchema,
  net_worth: homeNetWorthSchema,
  spending: homeSpendingSchema,
  upcoming: z.object({
    period: periodSchema,
    payments: z.array(homeUpcomingPaymentSchema).max(HOME_UPCOMING_LIMIT),
    /** How many recurring payments are expected in the period (may exceed the ones listed). */
    count: z.number().int().nonnegative(),
    total: moneySchema,
  }),
  /** Questions Penny answers well over this user's data, each a chat starter. */
  suggestions: z.array(z.string()).max(4),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

export const homeSummaryResponseSchema = z.object({
  success: z.boolean(),
  /** How many accounts the user has linked. */
  accounts: z.number().int().nonnegative(),
  /** Null while nothing is linked: the start screen stays as docs/product/identity.md describes. */
  summary: homeSummarySchema.nullable(),
});
export type HomeSummaryResponse = z.infer<typeof homeSummaryResponseSchema>;
