import { addDays, type Flow, flows, isIncome, type Period, spending, spendingBy } from './expected.ts';
import { merchantKey, purchases } from './expected-reading.ts';
import { biggestPurchase, paychecks, wholeHistory } from './expected-typed-2.ts';
import { weekdaysIn } from './expected-typed-3.ts';
import { sumOf } from './expected-typed-4.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the sixth typed batch (tuning-typed-6.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * same definitions (spending, income, purchases, averages as those files state them). What it adds:
 * - "since my last paycheck" runs from the latest posted paycheck's day (or the day after it) to today;
 * - a deposit is posted money in to the bank's checking or savings account (transfers between them
 *   included, or left out); an ATM visit is a posted withdrawal whose description says ATM;
 * - distinct merchants are counted by merchant name (the description when there is none);
 * - an average per weekend divides weekend spending by the Saturdays (or the Sundays) of the period;
 * - a month's biggest expense is its largest purchase, or its top category (either level);
 * - "why did it change" between two periods is the category (either level) whose spending moved most;
 * - a share by number is the filtered purchases over all the period's purchases.
 * Nothing here throws on an empty period: it answers 0.
 */

type FlowFilter = (flow: Flow) => boolean;
const all: FlowFilter = () => true;
const within = (day: string, period: Period) => day >= period.start && day <= period.end;

// ---------------------------------------------------------------------------------------------------
// Periods

/** The day of the latest posted paycheck (today when there is none). */
export const lastPaycheckDay = (raw: RawData): string =>
  paychecks(raw, wholeHistory(raw)).at(-1)?.date ?? raw.today;

/** From the latest paycheck's day to today, or from the day after it. */
export const sinceLastPaycheck = (raw: RawData, dayAfter: boolean): Period => {
  const day = lastPaycheckDay(raw);
  const start = dayAfter && day < raw.today ? addDays(day, 1) : day;
  return { start, end: raw.today };
};

// ---------------------------------------------------------------------------------------------------
// Counts

/** Posted money in to the bank's checking or savings accounts: the total and how many. */
export function bankDeposits(
  raw: RawData,
  period: Period,
  transfers: boolean,
): { cents: number; count: number } {
  const list = flows(raw).filter(
    (flow) =>
      !flow.pending &&
      flow.source === 'plaid' &&
      (flow.accountKind === 'checking' || flow.accountKind === 'savings') &&
      flow.cents > 0 &&
      (transfers || (flow.primary !== 'TRANSFER_IN' && flow.primary !== 'TRANSFER_OUT')) &&
      within(flow.date, period),
  );
  return { cents: sumOf(list.map((flow) => flow.cents)), count: list.length };
}

/** Posted cash withdrawals at an ATM in the period. */
export const atmVisits = (raw: RawData, period: Period): number =>
  flows(raw).filter(
    (flow) => !flow.pending && flow.cents < 0 && /\bATM\b/i.test(flow.name) && within(flow.date, period),
  ).length;

/** How many different merchants the period's purchases under the filter were at. */
export const distinctMerchants = (raw: RawData, period: Period, filter: FlowFilter = all): number =>
  new Set(purchases(raw, period, filter).map(merchantKey)).size;

/** The filtered purchases as a percentage of all the period's purchases (by number). */
export function purchaseShareByCount(raw: RawData, period: Period, filter: FlowFilter): number {
  const whole = purchases(raw, period).length;
  return whole === 0 ? 0 : (purchases(raw, period, filter).length / whole) * 100;
}

/** Posted income payments (amount > 0) under the filter in the period. */
export const incomePayments = (raw: RawData, period: Period, filter: FlowFilter = all): number =>
  flows(raw).filter((flow) => isIncome(flow) && flow.cents > 0 && within(flow.date, period) && filter(flow))
    .length;

// ---------------------------------------------------------------------------------------------------
// Averages

/** Weekend spending over the Saturdays (weekday 6) or the Sundays (0) of the period, half away from zero. */
export function perWeekendBy(raw: RawData, period: Period, weekday: 0 | 6, filter: FlowFilter = all): number {
  const days = weekdaysIn(period, weekday);
  const onWeekend: FlowFilter = (flow) => [0, 6].includes(new Date(`${flow.date}T00:00:00Z`).getUTCDay());
  const cents = spending(raw, period, (flow) => onWeekend(flow) && filter(flow));
  return days === 0 ? 0 : Math.sign(cents) * Math.floor((2 * Math.abs(cents) + days) / (2 * days));
}

// ---------------------------------------------------------------------------------------------------
// Rankings

/** Each period's largest purchase (0 when none), in the list's order. */
export const largestEach = (raw: RawData, list: readonly Period[]): number[] =>
  list.map((period) => biggestPurchase(raw, period));

/** Each period's top category's spending at the level (0 when none), in the list's order. */
export const topCategoryEach = (
  raw: RawData,
  list: readonly Period[],
  level: 'primary' | 'detailed',
): number[] => list.map((period) => spendingBy(raw, period, (flow) => flow[level])[0]?.cents ?? 0);

/**
 * The category (at the level) whose spending moved most between two periods: its spending in each,
 * first period first.
 */
export function biggestMover(
  raw: RawData,
  first: Period,
  second: Period,
  level: 'primary' | 'detailed',
): number[] {
  const codes = new Set(
    flows(raw)
      .filter((flow) => within(flow.date, first) || within(flow.date, second))
      .map((flow) => flow[level])
      .filter((code): code is string => code !== null),
  );
  let best: number[] = [0, 0];
  let bestChange = -1;
  for (const code of [...codes].sort()) {
    const inCode: FlowFilter = (flow) => flow[level] === code;
    const a = spending(raw, first, inCode);
    const b = spending(raw, second, inCode);
    if (Math.abs(a - b) > bestChange) {
      bestChange = Math.abs(a - b);
      best = [a, b];
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// Crypto

/** The symbols a wallet holds a balance of. */
export function walletSymbols(raw: RawData, accountName: string): string[] {
  const wallet = raw.wallets.find((candidate) => candidate.accountName === accountName);
  if (!wallet) throw new Error(`no wallet ${accountName}`);
  return wallet.assets.filter((asset) => BigInt(asset.units) > 0n).map((asset) => asset.symbol);
}
