import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { categoryLabel, SUBSCRIPTION_CATEGORIES } from '../categories.ts';
import { accountNameMap } from './accounts.ts';
import { addDays, addMonths, dayNumber, type Period } from './dates.ts';
import { divideCents, fromCents, type Money, toCents } from './money.ts';
import { and, IS_SPENDING, posted, readRows, USD } from './sql.ts';

export type Cadence = 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly';

export type RecurringPayment = {
  merchant: string;
  category: string | null;
  categoryLabel: string;
  isSubscription: boolean;
  cadence: Cadence;
  /** The latest charge (the current price). */
  amount: Money;
  averageAmount: Money;
  /** The cost per month and per year at the latest price. */
  monthlyAmount: Money;
  yearlyAmount: Money;
  occurrences: number;
  firstDate: string;
  lastDate: string;
  nextExpected: string;
  account: string;
};

export type RecurringPayments = {
  kind: 'subscriptions' | 'all';
  withinDays: number | null;
  today: string;
  /** Soonest expected first. */
  payments: RecurringPayment[];
  monthlyTotal: Money;
  yearlyTotal: Money;
  /** The charges the detection read (the listed payments' occurrences). */
  transactionCount: number;
  /** The window the detection looked at. */
  period: Period;
};

/** How far back recurring payments are looked for: three years and a little, for yearly charges. */
const LOOKBACK_DAYS = 1130;

/** Days between charges for each cadence (card charges post a few days after the billing day). */
const CADENCES = [
  { cadence: 'weekly', min: 5, max: 9, days: 7, months: 0, perYear: 52 },
  { cadence: 'biweekly', min: 12, max: 16, days: 14, months: 0, perYear: 26 },
  { cadence: 'monthly', min: 26, max: 35, days: 0, months: 1, perYear: 12 },
  { cadence: 'quarterly', min: 84, max: 98, days: 0, months: 3, perYear: 4 },
  { cadence: 'yearly', min: 350, max: 380, days: 0, months: 12, perYear: 1 },
] as const satisfies ReadonlyArray<{
  cadence: Cadence;
  min: number;
  max: number;
  days: number;
  months: number;
  perYear: number;
}>;

/** The recent charges a cadence is judged on. */
const RECENT_CHARGES = 12;
/** Share of recent gaps that must fit the cadence. */
const REGULAR_SHARE = 0.75;
/** Largest spread of recent amounts (standard deviation ÷ mean) for "similar amounts". */
const AMOUNT_SPREAD = 0.35;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * A merchant's charges (oldest first) as a recurring payment, or null: at least three charges whose
 * recent gaps fit one cadence, for similar amounts, and the next one not long overdue.
 */
export function detectCadence(
  dates: string[],
  amounts: string[],
  today: string,
): Omit<RecurringPayment, 'merchant' | 'category' | 'categoryLabel' | 'isSubscription' | 'account'> | null {
  if (dates.length < 3 || dates.length !== amounts.length) return null;
  const recentDates = dates.slice(-(RECENT_CHARGES + 1));
  const recentAmounts = amounts.slice(-RECENT_CHARGES).map((amount) => toCents(amount));
  const gaps: number[] = [];
  for (let index = 1; index < recentDates.length; index++) {
    gaps.push(dayNumber(recentDates[index] as string) - dayNumber(recentDates[index - 1] as string));
  }
  const typical = median(gaps);
  const cadence = CADENCES.find((candidate) => typical >= candidate.min && typical <= candidate.max);
  if (!cadence) return null;
  const fitting = gaps.filter((gap) => gap >= cadence.min && gap <= cadence.max).length;
  if (fitting / gaps.length < REGULAR_SHARE) return null;
  const values = recentAmounts.map(Number);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const spread = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  if (!(mean > 0) || spread / mean > AMOUNT_SPREAD) return null;
  const lastDate = dates.at(-1) as string;
  const nextExpected =
    cadence.months > 0 ? addMonths(lastDate, cadence.months) : addDays(lastDate, cadence.days);
  const cadenceDays = cadence.months > 0 ? cadence.months * 30 : cadence.days;
  const grace = Math.max(7, Math.round(cadenceDays / 2));
  if (nextExpected < addDays(today, -grace)) return null;
  const latest = recentAmounts.at(-1) ?? 0n;
  const total = recentAmounts.reduce((sum, amount) => sum + amount, 0n);
  return {
    cadence: cadence.cadence,
    amount: fromCents(latest),
    averageAmount: fromCents(divideCents(total, BigInt(recentAmounts.length))),
    monthlyAmount: fromCents(divideCents(latest * BigInt(cadence.perYear), 12n)),
    yearlyAmount: fromCents(latest * BigInt(cadence.perYear)),
    occurrences: dates.length,
    firstDate: dates[0] as string,
    lastDate,
    nextExpected,
  };
}

type MerchantCharges = {
  merchant: string;
  /** The charges' days and amounts (money out, positive), oldest first, comma-separated. */
  dates: string;
  amounts: string;
  category: string | null;
  account_id: string;
};

/** Each merchant charged at least three times in the window for amounts that do not vary wildly. */
function chargesByMerchant(db: Database, userId: string, window: Period): Promise<MerchantCharges[]> {
  return readRows<MerchantCharges>(
    db,
    sql`
      select coalesce(t.merchant, t.name) as merchant,
        string_agg(t.date::text, ',' order by t.date, t.id) as dates,
        string_agg(round(-${USD}, 2)::text, ',' order by t.date, t.id) as amounts,
        mode() within group (order by t.category_detailed) as category,
        mode() within group (order by t.account_id) as account_id
      from ledger_transaction t
      where ${and(posted(userId, window), IS_SPENDING, sql`${USD} < 0`)}
      group by coalesce(t.merchant, t.name)
      having count(*) >= 3 and stddev_pop(${USD}) <= 0.5 * abs(avg(${USD}))`,
  );
}

function soonestFirst(a: RecurringPayment, b: RecurringPayment): number {
  if (a.nextExpected === b.nextExpected) return a.merchant.localeCompare(b.merchant);
  return a.nextExpected < b.nextExpected ? -1 : 1;
}

/**
 * Recurring outflows: the same merchant charged at least three times at a regular cadence (weekly,
 * every two weeks, monthly, quarterly or yearly) for similar amounts, and still expected (the next
 * charge is not overdue by more than half a cadence). Transfers and card payments are not payments.
 */
export async function recurringPayments(
  db: Database,
  userId: string,
  query: { kind: 'subscriptions' | 'all'; withinDays?: number | undefined; today: string },
): Promise<RecurringPayments> {
  const window: Period = { start: addDays(query.today, -LOOKBACK_DAYS), end: query.today };
  const found = await chargesByMerchant(db, userId, window);
  const names = await accountNameMap(db, userId);
  const subscriptions = new Set<string>(SUBSCRIPTION_CATEGORIES);
  const payments: RecurringPayment[] = [];
  let transactionCount = 0;
  for (const row of found) {
    const detected = detectCadence(row.dates.split(','), row.amounts.split(','), query.today);
    if (!detected) continue;
    const isSubscription = row.category !== null && subscriptions.has(row.category);
    if (query.kind === 'subscriptions' && !isSubscription) continue;
    if (query.withinDays !== undefined && detected.nextExpected > addDays(query.today, query.withinDays))
      continue;
    transactionCount += detected.occurrences;
    payments.push({
      merchant: row.merchant,
      category: row.category,
      categoryLabel: categoryLabel(row.category),
      isSubscription,
      account: names.get(row.account_id) ?? row.account_id,
      ...detected,
    });
  }
  payments.sort(soonestFirst);
  const monthly = payments.reduce((sum, payment) => sum + toCents(payment.monthlyAmount), 0n);
  const yearly = payments.reduce((sum, payment) => sum + toCents(payment.yearlyAmount), 0n);
  return {
    kind: query.kind,
    withinDays: query.withinDays ?? null,
    today: query.today,
    payments,
    monthlyTotal: fromCents(monthly),
    yearlyTotal: fromCents(yearly),
    transactionCount,
    period: window,
  };
}
