import { addDays, balances, type Flow, income, type Period } from './expected.ts';
import { paychecks } from './expected-typed-2.ts';
import { sumOf } from './expected-typed-4.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the fifth typed batch (tuning-typed-5.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * same definitions (spending, income, purchases, averages as those files state them). What it adds:
 * - "everything but X" is the filter's complement (`except`);
 * - "since the 15th" runs from the latest 15th that is not after today to today;
 * - an institution's total is either the net of its accounts' balances (what is owed on a card
 *   subtracted) or the sum of the accounts holding money (cards left out); both are accepted;
 * - the biggest paycheck of a period is its largest posted INCOME_WAGES payment;
 * - an income series adds the income of each period of a list, one figure each;
 * - the "last N months" of a breakdown by month are either the N whole months before this one, or the
 *   N−1 whole months before this one and this month to date; both are accepted.
 * Nothing here throws on an empty period: it answers 0.
 */

type FlowFilter = (flow: Flow) => boolean;

// ---------------------------------------------------------------------------------------------------
// Filters

/** The filter does not hold ("everything but rent"). */
export const except =
  (filter: FlowFilter): FlowFilter =>
  (flow) =>
    !filter(flow);

// ---------------------------------------------------------------------------------------------------
// Periods

/** From the latest day `date` of a month that is not after today, to today ("since the 15th"). */
export function sinceDayOfMonth(today: string, date: number): Period {
  const day = `${today.slice(0, 8)}${String(date).padStart(2, '0')}`;
  if (day <= today) return { start: day, end: today };
  // Last month's: step back to the last day of last month, then to its `date`.
  const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -1);
  return { start: `${lastMonthEnd.slice(0, 8)}${String(date).padStart(2, '0')}`, end: today };
}

/** The `count` − 1 whole months before this one and this month to date, oldest first. */
export function monthsToDate(today: string, count: number): Period[] {
  const [year = 0, month = 1] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const back = count - 1 - index;
    const start = new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
    const end = back === 0 ? today : new Date(Date.UTC(year, month - back, 0)).toISOString().slice(0, 10);
    return { start, end };
  });
}

// ---------------------------------------------------------------------------------------------------
// Balances

/** The accounts at the institution: their net balance (owed subtracted) and the money they hold. */
export function institutionTotals(raw: RawData, institution: string): { net: number; held: number } {
  const list = balances(raw).filter((balance) => balance.institution === institution);
  return {
    net: sumOf(list.map((balance) => balance.cents)),
    held: sumOf(list.filter((balance) => balance.cents > 0).map((balance) => balance.cents)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Income

/** The period's largest posted paycheck, 0 when there is none. */
export const largestPaycheck = (raw: RawData, period: Period): number =>
  Math.max(0, ...paychecks(raw, period).map((flow) => flow.cents));

/** The period's latest posted paycheck, 0 when there is none. */
export const latestPaycheckIn = (raw: RawData, period: Period): number =>
  paychecks(raw, period).at(-1)?.cents ?? 0;

/** The income of each period of the list under the filter, one figure each. */
export const incomeSeries = (
  raw: RawData,
  list: readonly Period[],
  filter: FlowFilter = () => true,
): number[] => list.map((period) => income(raw, period, filter));
