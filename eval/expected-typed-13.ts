import type { FlowFilter } from './batch-words.ts';
import { addDays, type Flow, flows, holdings, isSpending, type Period, spending } from './expected.ts';
import { purchases } from './expected-reading.ts';
import { paychecks, safeDivide } from './expected-typed-2.ts';
import { sumOf } from './expected-typed-4.ts';
import { thanksgivingOf } from './expected-typed-12.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the thirteenth typed batch (tuning-typed-13.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * definitions of docs/agent.md. What it adds:
 * - Memorial Day (the last Monday of May) and Black Friday (the day after Thanksgiving), each the latest
 *   that is not after today;
 * - purchases before refunds ("before returns"): the money out of the purchases alone;
 * - spending per paycheck: a period's spending over the paychecks it holds;
 * - the mean purchase without the single largest one;
 * - a weekday filter (Sunday = 0);
 * - money into the checking account, with or without the transfers;
 * - the days of a period with the most spending;
 * - the security held in the most accounts;
 * - refunds under a filter (how many, how much);
 * - calculators: whole months to pay off a card with a fixed payment, whole years for money to double.
 * Nothing here throws on an empty period: it answers 0 (or an empty list).
 */

const within = (day: string, period: Period) => day >= period.start && day <= period.end;
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay(); // Sunday = 0
const yearOf = (day: string) => Number(day.slice(0, 4));

// ---------------------------------------------------------------------------------------------------
// Periods

/** The last Monday of May of `year`. */
export function memorialDayOf(year: number): string {
  const last = `${year}-05-31`;
  return addDays(last, -((weekdayOf(last) + 6) % 7));
}

/** The latest Memorial Day that is not after today. */
export function latestMemorialDay(today: string): string {
  const thisYear = memorialDayOf(yearOf(today));
  return thisYear <= today ? thisYear : memorialDayOf(yearOf(today) - 1);
}

/** The latest Black Friday (the day after Thanksgiving) that is not after today. */
export function latestBlackFriday(today: string): string {
  const thisYear = addDays(thanksgivingOf(yearOf(today)), 1);
  return thisYear <= today ? thisYear : addDays(thanksgivingOf(yearOf(today) - 1), 1);
}

/** One day as a period. */
export const oneDay = (day: string): Period => ({ start: day, end: day });

// ---------------------------------------------------------------------------------------------------
// Filters

/** Transactions on one day of the week (Sunday = 0, Saturday = 6). */
export const onDayOfWeek =
  (weekday: number): FlowFilter =>
  (flow) =>
    weekdayOf(flow.date) === weekday;

// ---------------------------------------------------------------------------------------------------
// Spending

/** The purchases' money out, refunds left aside ("before returns"). */
export const grossPurchases = (raw: RawData, period: Period, filter: FlowFilter = () => true): number =>
  sumOf(purchases(raw, period, filter).map((flow) => -flow.cents));

/** The period's refunds under the filter: posted spending that brought money in, how many and how much. */
export function refundsWhere(
  raw: RawData,
  period: Period,
  filter: FlowFilter,
): { count: number; cents: number } {
  const list = flows(raw).filter(
    (flow) => isSpending(flow) && flow.cents > 0 && within(flow.date, period) && filter(flow),
  );
  return { count: list.length, cents: sumOf(list.map((flow) => flow.cents)) };
}

/** The period's spending over the paychecks it holds (0 when it holds none). */
export const perPaycheck = (raw: RawData, period: Period): number =>
  safeDivide(spending(raw, period), paychecks(raw, period).length);

/** The mean purchase of the period without its single largest one (0 when fewer than two). */
export function meanWithoutLargest(raw: RawData, period: Period, filter: FlowFilter): number {
  const amounts = purchases(raw, period, filter)
    .map((flow) => -flow.cents)
    .sort((a, b) => b - a)
    .slice(1);
  return safeDivide(sumOf(amounts), amounts.length);
}

/** The `count` days of the period with the most spending, their spending, largest first. */
export function topDays(raw: RawData, period: Period, count: number): number[] {
  const totals = new Map<string, number>();
  for (const flow of flows(raw))
    if (isSpending(flow) && within(flow.date, period))
      totals.set(flow.date, (totals.get(flow.date) ?? 0) - flow.cents);
  return [...totals.values()].sort((a, b) => b - a).slice(0, count);
}

// ---------------------------------------------------------------------------------------------------
// Money in

/** Posted money in to the checking account in the period, with or without the transfers in. */
export function intoChecking(raw: RawData, period: Period, transfers: boolean): number {
  const isIn = (flow: Flow) =>
    !flow.pending &&
    flow.source === 'plaid' &&
    flow.accountKind === 'checking' &&
    flow.cents > 0 &&
    within(flow.date, period) &&
    (transfers || (flow.primary !== 'TRANSFER_IN' && flow.primary !== 'TRANSFER_OUT'));
  return sumOf(
    flows(raw)
      .filter(isIn)
      .map((flow) => flow.cents),
  );
}

// ---------------------------------------------------------------------------------------------------
// Calculators

/**
 * Whole months to pay off `balance` at `aprPercent` (interest monthly) paying `monthly` at each month's
 * end: the last, smaller payment counts as a month. Infinity when the payment never covers the interest.
 */
export function monthsToPayOff(input: { balance: number; aprPercent: number; monthly: number }): number {
  const rate = input.aprPercent / 100 / 12;
  if (rate === 0) return Math.ceil(input.balance / input.monthly);
  if (input.monthly <= input.balance * rate) return Number.POSITIVE_INFINITY;
  return Math.ceil(-Math.log(1 - (rate * input.balance) / input.monthly) / Math.log(1 + rate));
}

/** Whole years for money to at least double at `ratePercent` a year, compounded yearly. */
export const yearsToDouble = (ratePercent: number): number =>
  Math.ceil(Math.log(2) / Math.log(1 + ratePercent / 100));

// ---------------------------------------------------------------------------------------------------
// Investments

/** The security held in the most accounts (ties: the one worth more over them all), cash left out. */
export function tickerInMostAccounts(raw: RawData): string {
  const held = new Map<string, { accounts: number; cents: number }>();
  for (const row of holdings(raw)) {
    if (row.ticker === 'CASH') continue;
    const entry = held.get(row.ticker) ?? { accounts: 0, cents: 0 };
    held.set(row.ticker, { accounts: entry.accounts + 1, cents: entry.cents + row.valueCents });
  }
  const [top] = [...held].sort(
    ([a, x], [b, y]) => y.accounts - x.accounts || y.cents - x.cents || a.localeCompare(b),
  );
  return top?.[0] ?? '';
}
