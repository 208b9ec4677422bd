import {
  addDays,
  balances,
  calendarMonth,
  type Flow,
  flows,
  holdings,
  income,
  isIncome,
  isSpending,
  type Period,
  periods,
  spending,
  spendingBy,
  walletCents,
} from '../expected.ts';
import type { RawData } from '../raw-data.ts';

/**
 * The third held-out set's own arithmetic over the vendors' raw records, on top of ../expected.ts (the
 * same definitions of spending and income, docs/agent.md "Definitions"): holidays, the days of a
 * month, weekday and weekend splits, gross purchases and refunds, paychecks, days without spending,
 * the busiest day, cash taken out and money moved to savings, the card's use of its limit, wallets by
 * name. Plain integer cents; nothing here comes from the server or picks a reading (the questions ask
 * for every defensible reading's figure).
 */

export type FlowFilter = (flow: Flow) => boolean;
const everything: FlowFilter = () => true;
const within = (date: string, period: Period) => date >= period.start && date <= period.end;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const pad = (n: number) => String(n).padStart(2, '0');
const yearOf = (date: string) => Number(date.slice(0, 4));

// ---------------------------------------------------------------------------------------------------
// Days

/** Sunday = 0. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
export const isWeekend = (date: string): boolean => weekdayOf(date) === 0 || weekdayOf(date) === 6;
export const onWeekends: FlowFilter = (flow) => isWeekend(flow.date);
export const onWeekdays: FlowFilter = (flow) => !isWeekend(flow.date);

export function daysOf(period: Period): string[] {
  const out: string[] = [];
  for (let date = period.start; date <= period.end; date = addDays(date, 1)) out.push(date);
  return out;
}

/** The `nth` (1-based) `weekday` (Sunday = 0) of a month. */
export function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const first = `${year}-${pad(month)}-01`;
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return addDays(first, offset + 7 * (nth - 1));
}

/** The last `weekday` of a month. */
export function lastWeekdayOf(year: number, month: number, weekday: number): string {
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}

/** The latest `day(year)` that is not after today (this year's, or last year's when still ahead). */
const latest = (today: string, day: (year: number) => string): string => {
  const thisYear = day(yearOf(today));
  return thisYear <= today ? thisYear : day(yearOf(today) - 1);
};

/** The fourth Thursday of November, the latest that has come. */
export const thanksgiving = (today: string): string => latest(today, (year) => nthWeekday(year, 11, 4, 4));
/** The Friday after it. */
export const blackFriday = (today: string): string => addDays(thanksgiving(today), 1);
/** Thursday to Sunday of the latest Thanksgiving. */
export const thanksgivingWeekend = (today: string): Period => ({
  start: thanksgiving(today),
  end: addDays(thanksgiving(today), 3),
});
export const christmas = (today: string): string => latest(today, (year) => `${year}-12-25`);
export const julyFourth = (today: string): string => latest(today, (year) => `${year}-07-04`);
/** Saturday to Monday of the latest Labor Day weekend (the first Monday of September). */
export function laborDayWeekend(today: string): Period {
  const monday = latest(today, (year) => nthWeekday(year, 9, 1, 1));
  return { start: addDays(monday, -2), end: monday };
}
/** Saturday to Monday of the latest Memorial Day weekend (the last Monday of May). */
export function memorialDayWeekend(today: string): Period {
  const monday = latest(today, (year) => lastWeekdayOf(year, 5, 1));
  return { start: addDays(monday, -2), end: monday };
}
/** Christmas Day to New Year's Day, the latest such span that has ended or is running. */
export function holidayWeek(today: string): Period[] {
  const start = christmas(today);
  const newYear = `${yearOf(start) + 1}-01-01`;
  const cut = (end: string) => (end < today ? end : today);
  return [
    { start, end: cut(newYear) },
    { start, end: cut(`${yearOf(start)}-12-31`) },
    { start: addDays(start, 1), end: cut(`${yearOf(start)}-12-31`) },
  ];
}

/** Days `from`..`to` of the month `back` months before this one (0: this month, cut at today). */
export function daysOfMonth(today: string, back: number, from: number, to: number): Period {
  const month = calendarMonth(today, back);
  const start = `${month.start.slice(0, 8)}${pad(from)}`;
  const end = `${month.start.slice(0, 8)}${pad(to)}`;
  return { start, end: end < month.end ? end : month.end };
}

/** The latest whole month `month` (1–12) that has ended. */
export function latestWholeMonth(today: string, month: number): Period {
  for (let back = 1; back <= 12; back += 1) {
    const candidate = calendarMonth(today, back);
    if (Number(candidate.start.slice(5, 7)) === month) return candidate;
  }
  throw new Error(`no month ${month}`);
}

/** The calendar months of this year that have ended, oldest first. */
export function wholeMonthsThisYear(today: string): Period[] {
  const count = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => calendarMonth(today, count - index));
}

/** The `months` whole months before this one, each on its own, oldest first. */
export const lastMonths = (today: string, months: number): Period[] =>
  Array.from({ length: months }, (_, index) => calendarMonth(today, months - index));

// ---------------------------------------------------------------------------------------------------
// Transactions

/** Spending transactions of the period (refunds included, + = money in). */
export const spendingFlows = (raw: RawData, period: Period, filter: FlowFilter = everything): Flow[] =>
  flows(raw).filter((flow) => isSpending(flow) && within(flow.date, period) && filter(flow));

export const purchasesOf = (raw: RawData, period: Period, filter: FlowFilter = everything): Flow[] =>
  spendingFlows(raw, period, filter).filter((flow) => flow.cents < 0);

/** What the purchases came to before any refund (cents spent). */
export const grossPurchases = (raw: RawData, period: Period, filter: FlowFilter = everything): number =>
  -sum(purchasesOf(raw, period, filter).map((flow) => flow.cents));

/** The refunds (money back in a spending category) of the period. */
export const refunds = (raw: RawData, period: Period, filter: FlowFilter = everything): number =>
  sum(
    spendingFlows(raw, period, filter)
      .filter((flow) => flow.cents > 0)
      .map((flow) => flow.cents),
  );

export const refundCount = (raw: RawData, period: Period, filter: FlowFilter = everything): number =>
  spendingFlows(raw, period, filter).filter((flow) => flow.cents > 0).length;

export const netFlow = (raw: RawData, period: Period): number => income(raw, period) - spending(raw, period);

/** Every posted day the records hold: the first posted flow to today. */
export function wholeHistory(raw: RawData): Period {
  let first = raw.today;
  for (const flow of flows(raw)) if (!flow.pending && flow.date < first) first = flow.date;
  return { start: first, end: raw.today };
}

/** The merchant, or the description when there is none. */
export const merchantOf = (flow: Flow): string => flow.merchant ?? flow.name;

/** The merchant with the most spending in the period among a filter's (ties: the name). */
export function topMerchant(
  raw: RawData,
  period: Period,
  filter: FlowFilter,
): { key: string; cents: number } {
  const [top] = spendingBy(raw, period, merchantOf, filter);
  if (!top) throw new Error('no spending in the period');
  return top;
}

/** The merchants of a filter with their spending in the period, most first. */
export const merchantsOf = (raw: RawData, period: Period, filter: FlowFilter) =>
  spendingBy(raw, period, merchantOf, filter);

/** Days of the period on which nothing was bought. */
export function daysWithoutPurchases(raw: RawData, period: Period): number {
  const bought = new Set(purchasesOf(raw, period).map((flow) => flow.date));
  return daysOf(period).filter((date) => !bought.has(date)).length;
}

/** The day of the period with the most spending, and that spending. */
export function busiestDay(raw: RawData, period: Period): { date: string; cents: number } {
  const totals = new Map<string, number>();
  for (const flow of spendingFlows(raw, period))
    totals.set(flow.date, (totals.get(flow.date) ?? 0) - flow.cents);
  const [top] = [...totals].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (!top) throw new Error('no spending in the period');
  return { date: top[0], cents: top[1] };
}

/** Merchants bought from in the period (by merchant name, the description standing in). */
export const distinctMerchants = (raw: RawData, period: Period): number =>
  new Set(purchasesOf(raw, period).map(merchantOf)).size;

/** Cash taken out at ATMs (the bank's withdrawals) in the period. */
export const atmCash = (raw: RawData, period: Period): number =>
  -sum(
    flows(raw)
      .filter(
        (flow) =>
          !flow.pending &&
          flow.source === 'plaid' &&
          flow.detailed === 'TRANSFER_OUT_WITHDRAWAL' &&
          within(flow.date, period),
      )
      .map((flow) => flow.cents),
  );

/** Money moved out of checking into savings (gross of any moved back) in the period. */
export const movedToSavings = (raw: RawData, period: Period): number =>
  sum(
    flows(raw)
      .filter(
        (flow) =>
          !flow.pending &&
          flow.source === 'plaid' &&
          flow.accountKind === 'savings' &&
          flow.primary === 'TRANSFER_IN' &&
          within(flow.date, period),
      )
      .map((flow) => flow.cents),
  );

/** The bank's contributions to investments (checking → the investment account) in the period. */
export const investedFromChecking = (raw: RawData, period: Period): number =>
  -sum(
    flows(raw)
      .filter(
        (flow) =>
          !flow.pending &&
          flow.detailed === 'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS' &&
          within(flow.date, period),
      )
      .map((flow) => flow.cents),
  );

// ---------------------------------------------------------------------------------------------------
// Income

export const WAGES: FlowFilter = (flow) => flow.detailed === 'INCOME_WAGES';
export const DIVIDENDS: FlowFilter = (flow) => flow.detailed === 'INCOME_DIVIDENDS';
export const INTEREST: FlowFilter = (flow) => flow.detailed === 'INCOME_INTEREST_EARNED';

export const paychecks = (raw: RawData, period: Period): Flow[] =>
  flows(raw).filter((flow) => isIncome(flow) && WAGES(flow) && flow.cents > 0 && within(flow.date, period));

/** The latest paycheck's day and amount. */
export function latestPaycheck(raw: RawData): { date: string; cents: number } {
  const all = paychecks(raw, wholeHistory(raw)).sort((a, b) => a.date.localeCompare(b.date));
  const last = all.at(-1);
  if (!last) throw new Error('no paychecks in the raw records');
  return { date: last.date, cents: last.cents };
}

/** Since the latest paycheck: its day included, or from the day after. */
export const sinceLatestPaycheck = (raw: RawData): Period[] => {
  const { date } = latestPaycheck(raw);
  return [
    { start: date, end: raw.today },
    { start: addDays(date, 1), end: raw.today },
  ];
};

// ---------------------------------------------------------------------------------------------------
// Averages: the exact quotient printed rounded either way

export function averageCandidates(totalCents: number, count: number): number[] {
  if (count === 0) throw new Error('an average over nothing');
  const exact = totalCents / count;
  return [...new Set([Math.floor(exact), Math.ceil(exact)])];
}

/** Calendar months the period touches (a partial month counts as one). */
export const monthsTouched = (period: Period): number =>
  (yearOf(period.end) - yearOf(period.start)) * 12 +
  Number(period.end.slice(5, 7)) -
  Number(period.start.slice(5, 7)) +
  1;

export const dayCount = (period: Period): number => daysOf(period).length;

// ---------------------------------------------------------------------------------------------------
// Balances, investments, crypto

const plaidAccount = (raw: RawData, type: string) =>
  raw.plaid.flatMap((item) => item.accounts).find((account) => account.type === type);

/** The bank's card: owed (positive), its limit and the share of the limit in use. */
export function card(raw: RawData): { owed: number; limit: number; usedPercent: number } {
  const account = plaidAccount(raw, 'credit');
  if (!account) throw new Error('no credit card');
  const owed = Math.round((account.balances.current ?? 0) * 100);
  const limit = Math.round((account.balances.limit ?? 0) * 100);
  return { owed, limit, usedPercent: limit === 0 ? 0 : (owed / limit) * 100 };
}

/** Checking and savings together (cash at the bank). */
export const bankCash = (raw: RawData): number =>
  sum(
    balances(raw)
      .filter((balance) => balance.kind === 'checking' || balance.kind === 'savings')
      .map((balance) => balance.cents),
  );

/** The balances of the accounts whose name contains the word (any case). */
export const accountsNamed = (raw: RawData, word: string): number[] =>
  balances(raw)
    .filter((balance) => balance.name.toLowerCase().includes(word.toLowerCase()))
    .map((balance) => balance.cents);

/** A security's value across accounts and in each account holding it. */
export function tickerValue(raw: RawData, ticker: string): { total: number; each: number[] } {
  const rows = holdings(raw).filter((row) => row.ticker === ticker);
  return { total: sum(rows.map((row) => row.valueCents)), each: rows.map((row) => row.valueCents) };
}

/** A security's gain (value − cost) across accounts. */
export const tickerGain = (raw: RawData, ticker: string): number =>
  sum(
    holdings(raw)
      .filter((row) => row.ticker === ticker)
      .map((row) => row.valueCents - row.costCents),
  );

/** The tickers held anywhere (cash left out). */
export const heldTickers = (raw: RawData): string[] =>
  [...new Set(holdings(raw).map((row) => row.ticker))].filter((ticker) => ticker !== 'CASH').sort();

/** The value of the wallet with this tag ('Ledger'). */
export function walletTagged(raw: RawData, tag: string): number {
  const wallet = raw.wallets.find((candidate) => candidate.tag === tag);
  if (!wallet) throw new Error(`no ${tag} wallet`);
  return walletCents(wallet);
}

/** The Ethereum wallets' values, each. */
export const ethereumWallets = (raw: RawData): number[] =>
  raw.wallets.filter((wallet) => wallet.chain === 'eth').map(walletCents);

/** Every month's spending this year (whole months), the highest and its name. */
export function priciestMonthThisYear(raw: RawData): { start: string; cents: number } {
  const months = wholeMonthsThisYear(raw.today);
  const ranked = months
    .map((month) => ({ start: month.start, cents: spending(raw, month) }))
    .sort((a, b) => b.cents - a.cents);
  const top = ranked[0];
  if (!top) throw new Error('no whole month this year');
  return top;
}

export const lastFullMonths = (raw: RawData, months: number): Period =>
  periods.lastFullMonths(raw.today, months);

// ---------------------------------------------------------------------------------------------------
// Rankings and series

export type Level = 'primary' | 'detailed';
export const LEVELS: readonly Level[] = ['primary', 'detailed'];
const levelKey = (level: Level) => (flow: Flow) => (level === 'primary' ? flow.primary : flow.detailed);

/** The categories of a level ranked by spending in the period, a filter's only, most first. */
export const categoriesBy = (raw: RawData, period: Period, level: Level, filter: FlowFilter = everything) =>
  spendingBy(raw, period, levelKey(level), filter);

/** The category of a level with the most spending, its code and spending. */
export function topCategory(
  raw: RawData,
  period: Period,
  level: Level,
  filter: FlowFilter = everything,
): { key: string; cents: number } {
  const [top] = categoriesBy(raw, period, level, filter);
  if (!top) throw new Error('no spending in the period');
  return top;
}

/** Spending in one category code of a level. */
export const inCategory =
  (level: Level, code: string): FlowFilter =>
  (flow) =>
    levelKey(level)(flow) === code;

/** The earliest posted charge matching the filter (cents spent). */
export function earliestCharge(raw: RawData, filter: FlowFilter): number {
  const charges = flows(raw)
    .filter((flow) => isSpending(flow) && flow.cents < 0 && filter(flow))
    .sort((a, b) => a.date.localeCompare(b.date));
  const first = charges[0];
  if (!first) throw new Error('no such charge in the raw records');
  return -first.cents;
}

/** The largest single income payment of the period. */
export function largestIncomePayment(raw: RawData, period: Period): number {
  const paid = flows(raw)
    .filter((flow) => isIncome(flow) && flow.cents > 0 && within(flow.date, period))
    .map((flow) => flow.cents);
  if (paid.length === 0) throw new Error('no income in the period');
  return Math.max(...paid);
}

export const spendingSeries = (raw: RawData, buckets: readonly Period[], filter: FlowFilter = everything) =>
  buckets.map((bucket) => spending(raw, bucket, filter));

// ---------------------------------------------------------------------------------------------------
// Filters

export const both =
  (...filters: FlowFilter[]): FlowFilter =>
  (flow) =>
    filters.every((filter) => filter(flow));
export const either =
  (...filters: FlowFilter[]): FlowFilter =>
  (flow) =>
    filters.some((filter) => filter(flow));
export const not =
  (filter: FlowFilter): FlowFilter =>
  (flow) =>
    !filter(flow);
/** A charge (money out) of less than `dollars`. */
export const under =
  (dollars: number): FlowFilter =>
  (flow) =>
    flow.cents < 0 && -flow.cents < dollars * 100;

/** Merchants bought from in the period, by merchant name only (no description standing in). */
export const distinctNamedMerchants = (raw: RawData, period: Period): number =>
  new Set(purchasesOf(raw, period).flatMap((flow) => (flow.merchant ? [flow.merchant] : []))).size;

/** The latest paycheck on or before the same day a year before the latest one. */
export function paycheckYearBefore(raw: RawData): number {
  const { date } = latestPaycheck(raw);
  const yearBefore = `${yearOf(date) - 1}${date.slice(4)}`;
  const earlier = paychecks(raw, { start: '0000-01-01', end: yearBefore }).sort((a, b) =>
    a.date.localeCompare(b.date),
  );
  const last = earlier.at(-1);
  if (!last) throw new Error('no paycheck a year before the latest');
  return last.cents;
}

export const STABLECOINS: readonly string[] = ['USDC', 'USDT', 'DAI', 'PYUSD'];

/** A wallet's value without its stablecoins. */
export function walletWithoutStablecoins(raw: RawData, tag: string): number {
  const wallet = raw.wallets.find((candidate) => candidate.tag === tag);
  if (!wallet) throw new Error(`no ${tag} wallet`);
  return walletCents({
    ...wallet,
    assets: wallet.assets.filter((asset) => !STABLECOINS.includes(asset.symbol)),
  });
}
