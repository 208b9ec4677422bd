import {
  addDays,
  byDetailed,
  calendarMonth,
  centsOf,
  centsOfNumber,
  type Flow,
  flows,
  holdings,
  isSpending,
  type Period,
  periods,
  spendingBy,
  walletCents,
} from './expected.ts';
import { daysIn, divideRounded, merchantKey, purchases } from './expected-reading.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the typed questions (tuning-typed.ts) need beyond expected.ts and
 * expected-reading.ts, in integer cents over the vendors' raw records, with the same definitions:
 * spending and income as expected.ts states them, purchases as expected-reading.ts counts them.
 * - a weekend day is a Saturday or a Sunday (UTC, like every day here);
 * - "the last N months" read as a rolling span runs from the day after the same date N months ago to
 *   today (the whole-month reading is periods.lastFullMonths);
 * - a position's shares, value and cost are summed over every account that holds the ticker;
 * - a category ranking is by spending, at Plaid's primary or detailed level.
 */

type FlowFilter = (flow: Flow) => boolean;

const within = (day: string, period: Period) => day >= period.start && day <= period.end;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const dayUtc = (year: number, month: number, date: number) => iso(new Date(Date.UTC(year, month - 1, date)));
const yearOf = (day: string) => Number(day.slice(0, 4));
const monthOf = (day: string) => Number(day.slice(5, 7));
const dateOf = (day: string) => Number(day.slice(8, 10));
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay(); // Sunday = 0

// ---------------------------------------------------------------------------------------------------
// Filters

export const WAGES = byDetailed('INCOME_WAGES');
export const DIVIDENDS = byDetailed('INCOME_DIVIDENDS');
export const INTEREST = byDetailed('INCOME_INTEREST_EARNED');
export const ELECTRICITY = byDetailed('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY');
export const FAST_FOOD = byDetailed('FOOD_AND_DRINK_FAST_FOOD');

export const onWeekend: FlowFilter = (flow) => [0, 6].includes(weekdayOf(flow.date));
export const onWeekday: FlowFilter = (flow) => !onWeekend(flow);

/** Any of the filters holds. */
export const either =
  (...filters: FlowFilter[]): FlowFilter =>
  (flow) =>
    filters.some((filter) => filter(flow));

/** Every one of the filters holds. */
export const both =
  (...filters: FlowFilter[]): FlowFilter =>
  (flow) =>
    filters.every((filter) => filter(flow));

/** Money out of less than `dollars` (strictly). */
export const under =
  (dollars: number): FlowFilter =>
  (flow) =>
    -flow.cents < dollars * 100;

// ---------------------------------------------------------------------------------------------------
// Periods

export const thisYearOf = (raw: RawData): number => yearOf(raw.today);

/** July to December of `year`, cut at today. */
export function secondHalfOf(today: string, year: number): Period {
  const end = `${year}-12-31`;
  return { start: `${year}-07-01`, end: end < today ? end : today };
}

/** From the day after the same date `months` months ago to today (a rolling span). */
export function rollingMonths(today: string, months: number): Period {
  const back = dayUtc(yearOf(today), monthOf(today) - months, dateOf(today));
  return { start: addDays(back, 1), end: today };
}

/** Last month from its first day to the same day of the month as today (or its end). */
export function sameDaysLastMonth(today: string): Period {
  const last = periods.lastMonth(today);
  const sameDay = dayUtc(yearOf(last.start), monthOf(last.start), dateOf(today));
  return { start: last.start, end: sameDay < last.end ? sameDay : last.end };
}

/** The latest Saturday–Sunday that has started (on a weekend day, the one under way, cut at today). */
export function weekendStarted(today: string): Period {
  const weekday = weekdayOf(today);
  const saturday = addDays(today, -((weekday + 1) % 7));
  const sunday = addDays(saturday, 1);
  return { start: saturday, end: sunday < today ? sunday : today };
}

/** The one day `date` of this month (today when it is later than today). */
export function dayOfThisMonth(today: string, date: number): Period {
  const day = dayUtc(yearOf(today), monthOf(today), date);
  const cut = day < today ? day : today;
  return { start: cut, end: cut };
}

/** The month after today's (wholly ahead). */
export const nextMonth = (today: string): Period => calendarMonth(today, -1);

/** The same calendar month a year before the period's. */
export function monthYearEarlier(period: Period): Period {
  const year = yearOf(period.start) - 1;
  const month = monthOf(period.start);
  return { start: dayUtc(year, month, 1), end: dayUtc(year, month + 1, 0) };
}

// ---------------------------------------------------------------------------------------------------
// Spending, income and transfers

/** The amounts of the period's purchases the filter keeps (cents spent), largest first. */
export const purchaseAmounts = (raw: RawData, period: Period, filter: FlowFilter = () => true): number[] =>
  purchases(raw, period, filter)
    .map((flow) => -flow.cents)
    .sort((a, b) => b - a);

/** The period's largest purchase (ties: the earlier one). */
export function largestPurchase(raw: RawData, period: Period, filter: FlowFilter = () => true): Flow {
  const [top] = purchases(raw, period, filter).sort(
    (a, b) => a.cents - b.cents || a.date.localeCompare(b.date),
  );
  if (!top) throw new Error('no purchase in the period');
  return top;
}

/** Spending per day over the period's days, half away from zero to the cent. */
export const perDay = (cents: number, period: Period): number => divideRounded(cents, daysIn(period));

/** Net money moved into the savings account by transfers (+ = into savings) in the period. */
export const savedToSavings = (raw: RawData, period: Period): number =>
  flows(raw)
    .filter(
      (flow) =>
        !flow.pending &&
        flow.source === 'plaid' &&
        flow.accountKind === 'savings' &&
        (flow.primary === 'TRANSFER_IN' || flow.primary === 'TRANSFER_OUT') &&
        within(flow.date, period),
    )
    .reduce((sum, flow) => sum + flow.cents, 0);

// ---------------------------------------------------------------------------------------------------
// Rankings

/** The `count` merchants with the most spending in the period (names as merchantKey gives them). */
export const topMerchantsBySpending = (raw: RawData, period: Period, count: number): string[] =>
  spendingBy(raw, period, merchantKey)
    .slice(0, count)
    .map((entry) => entry.key);

/** The `count` merchants with the most purchases in the period (ties: the larger total, then the name). */
export function topMerchantsByVisits(raw: RawData, period: Period, count: number): string[] {
  const visits = new Map<string, { count: number; cents: number }>();
  for (const flow of purchases(raw, period)) {
    const entry = visits.get(merchantKey(flow)) ?? { count: 0, cents: 0 };
    visits.set(merchantKey(flow), { count: entry.count + 1, cents: entry.cents - flow.cents });
  }
  return [...visits]
    .sort(([a, x], [b, y]) => y.count - x.count || y.cents - x.cents || a.localeCompare(b))
    .slice(0, count)
    .map(([name]) => name);
}

/** The merchant with the most spending in the period under the filter. */
export function topMerchantOf(raw: RawData, period: Period, filter: FlowFilter): string {
  const [top] = spendingBy(raw, period, merchantKey, filter);
  if (!top) throw new Error('no spending in the period');
  return top.key;
}

/** The spending of the `count` largest categories in the period, at the primary or detailed level. */
export const topCategoryTotals = (
  raw: RawData,
  period: Period,
  level: 'primary' | 'detailed',
  count: number,
): number[] =>
  spendingBy(raw, period, (flow) => flow[level])
    .slice(0, count)
    .map((entry) => entry.cents);

/** The period's spending transactions (refunds too) under the filter: a count of "transactions". */
export const spendingTransactionCount = (
  raw: RawData,
  period: Period,
  filter: FlowFilter = () => true,
): number =>
  flows(raw).filter((flow) => isSpending(flow) && within(flow.date, period) && filter(flow)).length;

// ---------------------------------------------------------------------------------------------------
// Investments and crypto

/** Thousandths of a share of the ticker held across every account. */
export function sharesMilli(raw: RawData, ticker: string): number {
  let milli = 0;
  for (const item of raw.plaid) {
    const securities = new Map(item.securities.map((security) => [security.security_id, security]));
    for (const holding of item.holdings)
      if (securities.get(holding.security_id)?.ticker_symbol === ticker)
        milli += Math.round(holding.quantity * 1000);
  }
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts)
      for (const position of account.positions)
        if (position.ticker === ticker) milli += Math.round(Number(position.units) * 1000);
  return milli;
}

/** '79' or '43.892' (no trailing zeros) for thousandths of a share. */
export function sharesText(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** Unrealised gain (value − cost) of the ticker, in each account that holds it. */
export const gainsByAccount = (raw: RawData, ticker: string): number[] =>
  holdings(raw)
    .filter((row) => row.ticker === ticker)
    .map((row) => row.valueCents - row.costCents);

/** Unrealised gain (value − cost) of the ticker across every account. */
export const gainOfTicker = (raw: RawData, ticker: string): number =>
  gainsByAccount(raw, ticker).reduce((sum, cents) => sum + cents, 0);

/** Value of the securities, cash left out. */
export const securitiesValue = (raw: RawData): number =>
  holdings(raw)
    .filter((row) => row.ticker !== 'CASH')
    .reduce((sum, row) => sum + row.valueCents, 0);

/** The ticker whose brokerage dividends added up to the most in the period. */
export function topDividendTicker(raw: RawData, period: Period): string {
  const totals = new Map<string, number>();
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts)
      for (const activity of account.activities)
        if (activity.type === 'DIVIDEND' && activity.ticker !== null && within(activity.tradeDate, period))
          totals.set(activity.ticker, (totals.get(activity.ticker) ?? 0) + centsOf(activity.amount));
  const [top] = [...totals].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (!top) throw new Error('no dividend in the period');
  return top[0];
}

/** The USD value of one wallet, by its account name. */
export function walletNamed(raw: RawData, accountName: string): number {
  const wallet = raw.wallets.find((candidate) => candidate.accountName === accountName);
  if (!wallet) throw new Error(`no wallet ${accountName}`);
  return walletCents(wallet);
}

/** Each wallet on the chain, by its USD value, in the fixture's order. */
export const walletsOnChain = (raw: RawData, chain: 'eth' | 'sol' | 'btc'): number[] =>
  raw.wallets.filter((wallet) => wallet.chain === chain).map(walletCents);

/** Checking plus savings: the cash in the bank. */
export const bankCash = (raw: RawData): number =>
  raw.plaid
    .flatMap((item) => item.accounts)
    .filter((account) => account.type === 'depository')
    .reduce((sum, account) => sum + centsOfNumber(account.balances.current ?? 0), 0);
