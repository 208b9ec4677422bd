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
  spending,
  spendingBy,
} from '../expected.ts';
import type { RawData } from '../raw-data.ts';

/**
 * The held-out set's own arithmetic over the vendors' raw records: periods the tuning set does not use
 * (quarters, month ranges, named days, weekends), counts, averages, shares, rankings, smallest
 * transactions. Plain code in integer cents on top of ../expected.ts (the same definitions of spending
 * and income), never the server's. Where a question has several defensible readings the questions
 * file asks for each reading's figure; nothing here picks a reading.
 */

type FlowFilter = (flow: Flow) => boolean;
const everything: FlowFilter = () => true;
const within = (day: string, period: Period) => day >= period.start && day <= period.end;

// ---------------------------------------------------------------------------------------------------
// Days and periods (UTC, both ends included)

const parts = (day: string) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, date };
};
const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** How people misspell each month when typing fast. */
export const MISSPELT_MONTHS = [
  'janurary',
  'febuary',
  'march',
  'aprl',
  'may',
  'jun',
  'jully',
  'agust',
  'septmber',
  'ocotber',
  'novmber',
  'decmber',
] as const;

export const yearOf = (day: string): number => parts(day).year;
export const monthOf = (day: string): number => parts(day).month;

/** A whole calendar month (month 1-12), cut at today when it is the current one. */
export function month(year: number, monthNumber: number, today?: string): Period {
  const start = `${year}-${pad(monthNumber)}-01`;
  const end = `${year}-${pad(monthNumber)}-${pad(lastDayOf(year, monthNumber))}`;
  return { start, end: today && end > today ? today : end };
}

/** The month `back` months before today's: its period (whole, or to date for 0), name and year. */
export function monthBack(today: string, back: number) {
  const period = calendarMonth(today, back);
  const { year, month: number } = parts(period.start);
  const name = MONTHS[number - 1] ?? '';
  return { period, year, number, name, short: name.slice(0, 3), misspelt: MISSPELT_MONTHS[number - 1] ?? '' };
}

/** The months `fromBack` to `toBack` months ago (fromBack >= toBack), whole months. */
export function monthSpan(today: string, fromBack: number, toBack: number): Period {
  return { start: calendarMonth(today, fromBack).start, end: calendarMonth(today, toBack).end };
}

export function quarter(year: number, q: number, today?: string): Period {
  const first = (q - 1) * 3 + 1;
  const end = month(year, first + 2).end;
  return { start: month(year, first).start, end: today && end > today ? today : end };
}

/** Today's quarter (1-4) and year. */
export const quarterOfDay = (day: string) => ({
  year: parts(day).year,
  q: Math.floor((parts(day).month - 1) / 3) + 1,
});

/** The quarter `back` quarters before today's, whole (this quarter to date for 0). */
export function quarterBack(today: string, back: number) {
  const current = quarterOfDay(today);
  const index = current.year * 4 + (current.q - 1) - back;
  const year = Math.floor(index / 4);
  const q = (index % 4) + 1;
  return { year, q, period: quarter(year, q, today) };
}

/** The latest quarter number `q` that has started ("q3"): this year's, or last year's if not yet begun. */
export function latestQuarter(today: string, q: number): Period {
  const { year, q: current } = quarterOfDay(today);
  return q <= current ? quarter(year, q, today) : quarter(year - 1, q);
}

export const wholeYear = (year: number, today?: string): Period => ({
  start: `${year}-01-01`,
  end: today && `${year}-12-31` > today ? today : `${year}-12-31`,
});

export const day = (date: string): Period => ({ start: date, end: date });

export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay(); // Sunday = 0

/** The last Saturday–Sunday that has ended before today (yesterday's, when today is Monday). */
export function lastWeekend(today: string): Period {
  let sunday = addDays(today, -1);
  while (weekday(sunday) !== 0) sunday = addDays(sunday, -1);
  return { start: addDays(sunday, -1), end: sunday };
}

/** The weekend going on now (Saturday or Sunday today), to today; null on a weekday. */
export function currentWeekend(today: string): Period | null {
  if (weekday(today) === 6) return { start: today, end: today };
  if (weekday(today) === 0) return { start: addDays(today, -1), end: today };
  return null;
}

/** The `weeks` whole Monday–Sunday weeks before this one. */
export function lastWholeWeeks(today: string, weeks: number): Period {
  const mondayIndex = (weekday(today) + 6) % 7;
  const thisMonday = addDays(today, -mondayIndex);
  return { start: addDays(thisMonday, -7 * weeks), end: addDays(thisMonday, -1) };
}

/** This week so far, Monday to today. */
export function thisWeek(today: string): Period {
  return { start: addDays(today, -((weekday(today) + 6) % 7)), end: today };
}

export const daysIn = (period: Period): number =>
  Math.round((Date.parse(`${period.end}T00:00:00Z`) - Date.parse(`${period.start}T00:00:00Z`)) / 86_400_000) +
  1;

/** The first day the bank's records hold (the linked history's start). */
export function historyStart(raw: RawData): string {
  let first = raw.today;
  for (const flow of flows(raw)) if (flow.source === 'plaid' && flow.date < first) first = flow.date;
  return first;
}

/** '10/3/2026', '2026-10-03', 'Oct 3rd' and friends for an ISO day. */
export function dayFormats(date: string) {
  const { year, month: number, date: dayOfMonth } = parts(date);
  const name = MONTHS[number - 1] ?? '';
  const suffix =
    dayOfMonth % 10 === 1 && dayOfMonth !== 11
      ? 'st'
      : dayOfMonth % 10 === 2 && dayOfMonth !== 12
        ? 'nd'
        : dayOfMonth % 10 === 3 && dayOfMonth !== 13
          ? 'rd'
          : 'th';
  return {
    us: `${number}/${dayOfMonth}/${year}`,
    usShort: `${number}/${dayOfMonth}`,
    iso: date,
    ordinal: `${name.slice(0, 1).toUpperCase()}${name.slice(1, 3)} ${dayOfMonth}${suffix}`,
    long: `${name} ${dayOfMonth}`,
    /** The same digits read day-first (3/10 for October 3rd), when that is a real date. */
    dayFirst: dayOfMonth <= 12 ? `${year}-${pad(dayOfMonth)}-${pad(number)}` : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Filters the tuning set's helpers lack

/** The description or the merchant contains the text (case aside). */
export const byText =
  (text: string): FlowFilter =>
  (flow) =>
    `${flow.name} ${flow.merchant ?? ''}`.toLowerCase().includes(text.toLowerCase());

export const anyOf =
  (...filters: FlowFilter[]): FlowFilter =>
  (flow) =>
    filters.some((filter) => filter(flow));
export const allOf =
  (...filters: FlowFilter[]): FlowFilter =>
  (flow) =>
    filters.every((filter) => filter(flow));
export const not =
  (filter: FlowFilter): FlowFilter =>
  (flow) =>
    !filter(flow);

/** A single charge of at least `cents` (a purchase, not a refund). */
export const chargeAtLeast =
  (cents: number): FlowFilter =>
  (flow) =>
    -flow.cents >= cents;
export const chargeAbove =
  (cents: number): FlowFilter =>
  (flow) =>
    -flow.cents > cents;
export const chargeBelow =
  (cents: number): FlowFilter =>
  (flow) =>
    flow.cents < 0 && -flow.cents < cents;

// ---------------------------------------------------------------------------------------------------
// Transactions

/** The spending transactions of the period, refunds included (+ = money in). */
export const spendingFlows = (raw: RawData, period: Period, filter: FlowFilter = everything): Flow[] =>
  flows(raw).filter((flow) => isSpending(flow) && within(flow.date, period) && filter(flow));

/** Purchases: spending transactions that took money out. */
export const purchases = (raw: RawData, period: Period, filter: FlowFilter = everything): Flow[] =>
  spendingFlows(raw, period, filter).filter((flow) => flow.cents < 0);

/** The counts a "how many" can defensibly mean: purchases only, and every spending transaction. */
export function spendingCounts(raw: RawData, period: Period, filter: FlowFilter = everything): number[] {
  return [...new Set([purchases(raw, period, filter).length, spendingFlows(raw, period, filter).length])];
}

export const incomeFlows = (raw: RawData, period: Period, filter: FlowFilter = everything): Flow[] =>
  flows(raw).filter((flow) => isIncome(flow) && within(flow.date, period) && filter(flow));

/** Net cash flow: income minus spending (cents, + = came out ahead). */
export const netFlow = (raw: RawData, period: Period): number => income(raw, period) - spending(raw, period);

/** The smallest purchase of the period (cents spent); throws when there is none. */
export function smallestPurchase(raw: RawData, period: Period, filter: FlowFilter = everything): number {
  const amounts = purchases(raw, period, filter).map((flow) => -flow.cents);
  if (amounts.length === 0) throw new Error('no purchase in the period');
  return Math.min(...amounts);
}

/** The day of the period's largest purchase matching the filter (a day that surely has spending). */
export function dayOfLargestPurchase(raw: RawData, period: Period, filter: FlowFilter = everything): string {
  const sorted = purchases(raw, period, filter).sort(
    (a, b) => a.cents - b.cents || a.date.localeCompare(b.date),
  );
  const first = sorted[0];
  if (!first) throw new Error('no purchase in the period');
  return first.date;
}

/** The amount of the latest posted income transaction matching the filter. */
export function latestIncome(raw: RawData, filter: FlowFilter = everything): number {
  const sorted = flows(raw)
    .filter((flow) => isIncome(flow) && filter(flow))
    .sort((a, b) => a.date.localeCompare(b.date));
  const last = sorted.at(-1);
  if (!last) throw new Error('no income in the raw records');
  return last.cents;
}

// ---------------------------------------------------------------------------------------------------
// Averages: an exact quotient in cents may be printed rounded either way, so both neighbours

/** The cents a printed average of total/count can be: floor and ceiling of the exact quotient. */
export function averageCandidates(totalCents: number, count: number): number[] {
  if (count === 0) return [0];
  const exact = totalCents / count;
  return [...new Set([Math.floor(exact), Math.ceil(exact)])];
}

/** Average spending per transaction (purchases and refunds alike, or purchases only). */
export function averagePerTransaction(
  raw: RawData,
  period: Period,
  filter: FlowFilter = everything,
): number[][] {
  const all = spendingFlows(raw, period, filter);
  const only = all.filter((flow) => flow.cents < 0);
  return [
    averageCandidates(-all.reduce((sum, flow) => sum + flow.cents, 0), all.length),
    averageCandidates(-only.reduce((sum, flow) => sum + flow.cents, 0), only.length),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Rankings and shares

export const topMerchants = (raw: RawData, period: Period, count: number, filter: FlowFilter = everything) =>
  spendingBy(raw, period, (flow) => flow.merchant, filter).slice(0, count);
export const topPrimary = (raw: RawData, period: Period, count: number) =>
  spendingBy(raw, period, (flow) => flow.primary).slice(0, count);
export const topDetailed = (raw: RawData, period: Period, count: number) =>
  spendingBy(raw, period, (flow) => flow.detailed).slice(0, count);

/** The group spent least on (positive spending only) by a key. */
export function smallestGroup(raw: RawData, period: Period, key: (flow: Flow) => string | null) {
  const positive = spendingBy(raw, period, key).filter((group) => group.cents > 0);
  const last = positive.at(-1);
  if (!last) throw new Error('no spending in the period');
  return last;
}

/** `part` as a percentage of `whole`. */
export const share = (part: number, whole: number): number => (whole === 0 ? 0 : (part / whole) * 100);

// ---------------------------------------------------------------------------------------------------
// Balances and holdings

export function balanceNamed(raw: RawData, name: string, institution?: string): number[] {
  return balances(raw)
    .filter((balance) => balance.name === name && (!institution || balance.institution === institution))
    .map((balance) => balance.cents);
}

/** Each account's value of a ticker, and their total. */
export function tickerValues(raw: RawData, ticker: string): { total: number; perAccount: number[] } {
  const rows = holdings(raw).filter((row) => row.ticker === ticker);
  return {
    total: rows.reduce((sum, row) => sum + row.valueCents, 0),
    perAccount: rows.map((row) => row.valueCents),
  };
}

/** Every holding row's total value (cash rows included): the portfolio. */
export const portfolioCents = (raw: RawData): number =>
  holdings(raw).reduce((sum, row) => sum + row.valueCents, 0);

/** Spending per calendar month for `months` whole months before this one, oldest first. */
export function monthlySpending(raw: RawData, months: number, filter: FlowFilter = everything): number[] {
  const out: number[] = [];
  for (let back = months; back >= 1; back -= 1)
    out.push(spending(raw, calendarMonth(raw.today, back), filter));
  return out;
}

export function monthlyIncome(raw: RawData, months: number): number[] {
  const out: number[] = [];
  for (let back = months; back >= 1; back -= 1) out.push(income(raw, calendarMonth(raw.today, back)));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Named periods and their defensible readings ("in september" is the latest September that has
// started; while it is still running, last year's whole September is a reading too)

/** Readings of a month name (1-12) without a year: the latest that has started, to date. */
export function monthReadings(today: string, monthNumber: number): Period[] {
  const { year, month: current } = parts(today);
  if (monthNumber < current) return [month(year, monthNumber)];
  if (monthNumber > current) return [month(year - 1, monthNumber)];
  return [month(year, monthNumber, today), month(year - 1, monthNumber)];
}

/** Readings of a month range without a year ("june through august"): the latest that has started. */
export function monthRangeReadings(today: string, first: number, last: number): Period[] {
  const { year, month: current } = parts(today);
  const startYear = first <= current ? year : year - 1;
  const endYear = last >= first ? startYear : startYear + 1;
  const latest = { start: month(startYear, first).start, end: month(endYear, last, today).end };
  if (month(endYear, last).end <= today) return [latest];
  return [latest, { start: month(startYear - 1, first).start, end: month(endYear - 1, last).end }];
}

/** Readings of a quarter without a year ("q3"): the latest that has started, to date. */
export function quarterReadings(today: string, q: number): Period[] {
  const { year, q: current } = quarterOfDay(today);
  if (q < current) return [quarter(year, q)];
  if (q > current) return [quarter(year - 1, q)];
  return [quarter(year, q, today), quarter(year - 1, q)];
}

/** The latest day with this month and day of month, on or before today. */
export function latestDay(today: string, monthNumber: number, dayOfMonth: number): string {
  const { year } = parts(today);
  const candidate = `${year}-${pad(monthNumber)}-${pad(dayOfMonth)}`;
  return candidate <= today ? candidate : `${year - 1}-${pad(monthNumber)}-${pad(dayOfMonth)}`;
}

/** The whole months of this year before this one (January: none), first to last, and this month to date. */
export function monthsOfThisYear(today: string): { whole: Period[]; current: Period } {
  const { year, month: current } = parts(today);
  const whole: Period[] = [];
  for (let number = 1; number < current; number += 1) whole.push(month(year, number));
  return { whole, current: month(year, current, today) };
}

/** The quarters of this year that have started, the current one to date. */
export function quartersOfThisYear(today: string): Period[] {
  const { year, q: current } = quarterOfDay(today);
  const out: Period[] = [];
  for (let q = 1; q <= current; q += 1) out.push(quarter(year, q, today));
  return out;
}

/** The same span of last year as this year so far (January 1 to today's date a year ago). */
export function lastYearToDate(today: string): Period {
  const { year, month: number, date } = parts(today);
  const end = `${year - 1}-${pad(number)}-${pad(Math.min(date, lastDayOf(year - 1, number)))}`;
  return { start: `${year - 1}-01-01`, end };
}

/** Every posted bank transaction of the period on accounts of a Plaid type ('credit', 'depository'). */
export function postedCount(raw: RawData, period: Period, accountType: string): number {
  let count = 0;
  for (const item of raw.plaid) {
    const ids = new Set(
      item.accounts.filter((account) => account.type === accountType).map((account) => account.account_id),
    );
    for (const transaction of item.transactions)
      if (!transaction.pending && ids.has(transaction.account_id) && within(transaction.date, period))
        count += 1;
  }
  return count;
}
