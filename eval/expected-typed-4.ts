import { addDays, balances, type Flow, flows, type Period, spending, spendingBy } from './expected.ts';
import { daysIn, merchantKey, purchases } from './expected-reading.ts';
import { tickerTotals } from './expected-typed-2.ts';
import { savingsFlows, weekdaysIn } from './expected-typed-3.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the fourth typed batch (tuning-typed-4.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * same definitions (spending, income, purchases, averages as those files state them). What it adds:
 * - a merchant's visits are its purchases (spending transactions with amount < 0) in the period; when
 *   merchants tie on visits, any of them may be named at the tie;
 * - spending by weekday adds each day's spending to its weekday (UTC); its average per day divides that by
 *   how many of that weekday the period has;
 * - a no-spend day is a day of the period with no purchase at all;
 * - a workday is Monday to Friday;
 * - "the last N weekends" are the N latest Saturday–Sunday pairs that ended before today;
 * - this year's quarters are the calendar quarters that have started, the current one cut at today;
 * - the savings balance at the end of a day = today's balance − the posted savings flows after that day;
 * - money moved into savings (gross) is the sum of the transfers in to the savings account;
 * - a ranking by gain sorts the securities by their unrealised gain (value − cost) over every account.
 * Nothing here throws on an empty period.
 */

type FlowFilter = (flow: Flow) => boolean;
const all: FlowFilter = () => true;

const within = (day: string, period: Period) => day >= period.start && day <= period.end;
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay(); // Sunday = 0

export const sumOf = (list: readonly number[]): number => list.reduce((total, cents) => total + cents, 0);

// ---------------------------------------------------------------------------------------------------
// Periods

/** The `count` latest Saturday–Sunday weekends that ended before today, oldest first. */
export function weekendsBack(today: string, count: number): Period[] {
  const weekday = weekdayOf(today);
  const lastSunday = addDays(today, -(weekday === 0 ? 7 : weekday));
  return Array.from({ length: count }, (_, index) => {
    const sunday = addDays(lastSunday, -7 * (count - 1 - index));
    return { start: addDays(sunday, -1), end: sunday };
  });
}

/** This year's calendar quarters that have started, the current one cut at today, oldest first. */
export function quartersThisYear(today: string): Period[] {
  const year = today.slice(0, 4);
  const starts = ['01-01', '04-01', '07-01', '10-01'].map((start) => `${year}-${start}`);
  const ends = ['03-31', '06-30', '09-30', '12-31'].map((end) => `${year}-${end}`);
  return starts
    .map((start, index) => ({ start, end: (ends[index] ?? '') < today ? (ends[index] ?? '') : today }))
    .filter((period) => period.start <= today);
}

/** The Monday-to-Friday days of the period. */
export const workdaysIn = (period: Period): number =>
  sumOf([1, 2, 3, 4, 5].map((weekday) => weekdaysIn(period, weekday)));

// ---------------------------------------------------------------------------------------------------
// Rankings

export type Ranked = { name: string; cents: number };

/** The `count` merchants with the most spending in the period under the filter, with their spending. */
export const topMerchants = (
  raw: RawData,
  period: Period,
  count: number,
  filter: FlowFilter = all,
): Ranked[] =>
  spendingBy(raw, period, merchantKey, filter)
    .slice(0, count)
    .map((entry) => ({ name: entry.key, cents: entry.cents }));

/** The `count` categories (Plaid's primary or detailed level) with the most spending, with it. */
export const topCategories = (
  raw: RawData,
  period: Period,
  level: 'primary' | 'detailed',
  count: number,
  filter: FlowFilter = all,
): Ranked[] =>
  spendingBy(raw, period, (flow) => flow[level], filter)
    .slice(0, count)
    .map((entry) => ({ name: entry.key, cents: entry.cents }));

export type Visits = { name: string; count: number; cents: number };

/** Each merchant's purchases in the period under the filter, most first (ties: more spent, then name). */
export function visitsByMerchant(raw: RawData, period: Period, filter: FlowFilter = all): Visits[] {
  const visits = new Map<string, Visits>();
  for (const flow of purchases(raw, period, filter)) {
    const name = merchantKey(flow);
    const entry = visits.get(name) ?? { name, count: 0, cents: 0 };
    entry.count += 1;
    entry.cents -= flow.cents;
    visits.set(name, entry);
  }
  return [...visits.values()].sort(
    (a, b) => b.count - a.count || b.cents - a.cents || a.name.localeCompare(b.name),
  );
}

/** The merchants with the most purchases in the period (every one of them when several tie). */
export function mostVisitedTied(raw: RawData, period: Period, filter: FlowFilter = all): string[] {
  const list = visitsByMerchant(raw, period, filter);
  const top = list[0]?.count ?? 0;
  return list.filter((entry) => entry.count === top).map((entry) => entry.name);
}

/**
 * The merchants any right "top `count` by visits" must name: those with more purchases than the
 * merchant after the first `count` (a tie across the cut may be named either way).
 */
export function surelyTopVisited(
  raw: RawData,
  period: Period,
  count: number,
  filter: FlowFilter = all,
): string[] {
  const list = visitsByMerchant(raw, period, filter);
  const next = list[count]?.count ?? 0;
  return list
    .slice(0, count)
    .filter((entry) => entry.count > next)
    .map((entry) => entry.name);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export type WeekdaySpending = { weekday: string; cents: number; perDay: number };

/** The period's spending on each weekday, and per such day, the largest total first. */
export function spendingByWeekday(raw: RawData, period: Period): WeekdaySpending[] {
  return WEEKDAYS.map((weekday, index) => {
    const cents = spending(raw, period, (flow) => weekdayOf(flow.date) === index);
    const days = weekdaysIn(period, index);
    return { weekday, cents, perDay: days === 0 ? 0 : cents / days };
  }).sort((a, b) => b.cents - a.cents);
}

/** The weekday with the most spending per such day in the period. */
export const topWeekdayPerDay = (raw: RawData, period: Period): string =>
  [...spendingByWeekday(raw, period)].sort((a, b) => b.perDay - a.perDay)[0]?.weekday ?? '';

/** The periods of the list by spending, the largest first. */
export const rankedBySpending = (
  raw: RawData,
  list: readonly Period[],
): { period: Period; cents: number }[] =>
  list
    .map((period) => ({ period, cents: spending(raw, period) }))
    .sort((a, b) => b.cents - a.cents || a.period.start.localeCompare(b.period.start));

/** Every security by its unrealised gain (value − cost) over every account, the largest first. */
export const rankedByGain = (raw: RawData): Ranked[] =>
  tickerTotals(raw)
    .map((entry) => ({ name: entry.ticker, cents: entry.valueCents - entry.costCents }))
    .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name));

// ---------------------------------------------------------------------------------------------------
// Counts

/** The days of the period with no purchase at all. */
export function noSpendDays(raw: RawData, period: Period): number {
  const spent = new Set(purchases(raw, period).map((flow) => flow.date));
  return daysIn(period) - [...spent].filter((day) => within(day, period)).length;
}

// ---------------------------------------------------------------------------------------------------
// Savings

/** The savings balance at the end of `day` (today's balance less the posted savings flows after it). */
export function savingsBalanceAt(raw: RawData, day: string): number {
  const now = sumOf(
    balances(raw)
      .filter((balance) => balance.kind === 'savings')
      .map((balance) => balance.cents),
  );
  return day >= raw.today ? now : now - savingsFlows(raw, { start: addDays(day, 1), end: raw.today });
}

/** The transfers in to the bank's savings account in the period (gross). */
export const grossIntoSavings = (raw: RawData, period: Period): number =>
  sumOf(
    flows(raw)
      .filter(
        (flow) =>
          !flow.pending &&
          flow.source === 'plaid' &&
          flow.accountKind === 'savings' &&
          flow.primary === 'TRANSFER_IN' &&
          flow.cents > 0 &&
          within(flow.date, period),
      )
      .map((flow) => flow.cents),
  );
