import {
  addDays,
  byDetailed,
  centsOf,
  type Flow,
  flows,
  isSpending,
  type Period,
  periods,
  spending,
  walletCents,
} from './expected.ts';
import { latestDay, monthSpan, purchases } from './expected-reading.ts';
import { rollingMonths } from './expected-typed.ts';
import { netOf, paychecks, safeDivide, wholeHistory } from './expected-typed-2.ts';
import { weekdaysIn } from './expected-typed-3.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the eighth typed batch (tuning-typed-8.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * definitions of docs/agent.md. What it adds:
 * - a named day of the year ("since labor day": the first Monday of September; "since july 4th") runs
 *   from the latest such day that is not after today, to today;
 * - the halves of a month are its 1st to 15th and its 16th to its end; summer is June to August, winter
 *   December to February, each the latest that has started;
 * - the median purchase: the middle amount, or for an even count either middle amount or their mean;
 * - a weekday's average is that weekday's spending over how many of that weekday the period holds;
 * - a refund is a posted spending transaction that brought money in;
 * - the category that rose most between two periods (increase only), at either level;
 * - a coin's price as the price API serves it, to the cent; the wallet worth least.
 * Nothing here throws on an empty period: it answers 0.
 */

type FlowFilter = (flow: Flow) => boolean;
type Window = (raw: RawData) => Period;
const all: FlowFilter = () => true;
const within = (day: string, period: Period) => day >= period.start && day <= period.end;
const yearOf = (day: string) => Number(day.slice(0, 4));

// ---------------------------------------------------------------------------------------------------
// Filters

export const GAS = byDetailed('TRANSPORTATION_GAS');
export const PETS = byDetailed('GENERAL_MERCHANDISE_PET_SUPPLIES');
export const PHONE = byDetailed('RENT_AND_UTILITIES_TELEPHONE');
export const TRANSPORTATION: FlowFilter = (flow) => flow.primary === 'TRANSPORTATION';
/** The brokerage's cash interest (not the bank's savings interest). */
export const BROKERAGE_INTEREST: FlowFilter = (flow) =>
  flow.source === 'snaptrade' && flow.detailed === 'INCOME_INTEREST_EARNED';

// ---------------------------------------------------------------------------------------------------
// Periods

/** "The last 3 months": the three whole months, the two before this one and this month, or rolling. */
export const THREE_MONTHS: Window[] = [
  (raw) => periods.lastFullMonths(raw.today, 3),
  (raw) => ({ start: periods.monthsAgo(raw.today, 2).start, end: raw.today }),
  (raw) => rollingMonths(raw.today, 3),
];

/** "The last 12 months": the twelve whole months before this one, or rolling. */
export const TWELVE_MONTHS: Window[] = [
  (raw) => periods.lastFullMonths(raw.today, 12),
  (raw) => rollingMonths(raw.today, 12),
];

/** A habit with no period named: the usual windows, the month so far and the last 30 days. */
export const HABIT: Window[] = [
  (raw) => periods.lastFullMonths(raw.today, 3),
  (raw) => periods.lastMonth(raw.today),
  (raw) => periods.thisMonth(raw.today),
  (raw) => periods.thisYear(raw.today),
  (raw) => periods.lastDays(raw.today, 30),
  (raw) => periods.lastFullMonths(raw.today, 6),
];

/** From the latest `month`/`date` that is not after today, to today ("since july 4th"). */
export const sinceDay = (today: string, month: number, date: number): Period => ({
  start: latestDay(today, month, date),
  end: today,
});

/** The first Monday of September of `year`. */
const laborDayOf = (year: number): string => {
  const first = `${year}-09-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay(); // Sunday = 0
  return addDays(first, (8 - weekday) % 7);
};

/** From the latest Labor Day (first Monday of September) that is not after today, to today. */
export function sinceLaborDay(today: string): Period {
  const thisYear = laborDayOf(yearOf(today));
  return { start: thisYear <= today ? thisYear : laborDayOf(yearOf(today) - 1), end: today };
}

/** A month's 1st to 15th and its 16th to its end (cut at today). */
export function halvesOf(month: Period): [Period, Period] {
  const fifteenth = `${month.start.slice(0, 8)}15`;
  const firstEnd = fifteenth < month.end ? fifteenth : month.end;
  return [
    { start: month.start, end: firstEnd },
    { start: addDays(firstEnd, 1), end: month.end },
  ];
}

/** June to August, the latest that has started. */
export const summer = (today: string): Period => monthSpan(today, 6, 8);
/** December to February, the latest that has started. */
export const winter = (today: string): Period => monthSpan(today, 12, 2);

/** A year's calendar month (1–12). */
export const monthOfYear = (year: number, month: number): Period => {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start, end: addDays(next, -1) };
};

/** The whole of a calendar year (cut at today). */
export const wholeYear = (today: string, year: number): Period => {
  const end = `${year}-12-31`;
  return { start: `${year}-01-01`, end: end < today ? end : today };
};

// ---------------------------------------------------------------------------------------------------
// Averages

/**
 * The median purchase of the period, every fair value: the middle amount, or for an even count either
 * middle amount or their mean (half away from zero).
 */
export function medianPurchase(raw: RawData, period: Period, filter: FlowFilter = all): number[] {
  const amounts = purchases(raw, period, filter)
    .map((flow) => -flow.cents)
    .sort((a, b) => a - b);
  if (amounts.length === 0) return [0];
  const middle = Math.floor(amounts.length / 2);
  const upper = amounts[middle] ?? 0;
  if (amounts.length % 2 === 1) return [upper];
  const lower = amounts[middle - 1] ?? 0;
  return [...new Set([lower, upper, safeDivide(lower + upper, 2)])];
}

/** Spending on one weekday (Sunday = 0) over how many of that weekday the period holds. */
export const perWeekdayOf = (raw: RawData, period: Period, weekday: number): number =>
  safeDivide(
    spending(raw, period, (flow) => new Date(`${flow.date}T00:00:00Z`).getUTCDay() === weekday),
    weekdaysIn(period, weekday),
  );

// ---------------------------------------------------------------------------------------------------
// Income and cash flow

/** The paycheck before the latest one (0 when there is none). */
export const previousPaycheck = (raw: RawData): number =>
  paychecks(raw, wholeHistory(raw)).at(-2)?.cents ?? 0;

/** Each period's net cash flow (income − spending). */
export const netSeries = (raw: RawData, list: readonly Period[]): number[] =>
  list.map((period) => netOf(raw, period));

/** How many of the periods spent more than came in. */
export const monthsInTheRed = (raw: RawData, list: readonly Period[]): number =>
  netSeries(raw, list).filter((cents) => cents < 0).length;

// ---------------------------------------------------------------------------------------------------
// Counts and changes

/** Posted spending transactions that brought money in (refunds) in the period. */
export const refundCount = (raw: RawData, period: Period): number =>
  flows(raw).filter((flow) => isSpending(flow) && flow.cents > 0 && within(flow.date, period)).length;

/** The change from `before` to `now` in percent of `before` (0 when `before` is 0). */
export const percentChange = (now: number, before: number): number =>
  before === 0 ? 0 : ((now - before) / before) * 100;

/**
 * The category (at the level) whose spending rose most from `first` to `second`: its spending in each,
 * first period first ([0, 0] when none rose).
 */
export function biggestRise(
  raw: RawData,
  first: Period,
  second: Period,
  level: 'primary' | 'detailed',
): number[] {
  const codes = new Set(
    flows(raw)
      .filter((flow) => within(flow.date, second))
      .map((flow) => flow[level])
      .filter((code): code is string => code !== null),
  );
  let best: number[] = [0, 0];
  let bestRise = 0;
  for (const code of [...codes].sort()) {
    const inCode: FlowFilter = (flow) => flow[level] === code;
    const a = spending(raw, first, inCode);
    const b = spending(raw, second, inCode);
    if (b - a > bestRise) {
      bestRise = b - a;
      best = [a, b];
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// Crypto

/** The USD price of one unit of the symbol, to the cent, as the price API serves it. */
export function priceCents(raw: RawData, symbol: string): number {
  const asset = raw.wallets.flatMap((wallet) => wallet.assets).find((entry) => entry.symbol === symbol);
  if (!asset) throw new Error(`no ${symbol} in any wallet`);
  return /e/i.test(asset.usdPrice) ? Math.round(Number(asset.usdPrice) * 100) : centsOf(asset.usdPrice);
}

/** The wallet worth least, by its tag ('Bitcoin'), and its value. */
export function smallestWallet(raw: RawData): { tag: string; cents: number } {
  const [low] = raw.wallets
    .map((wallet) => ({ tag: wallet.tag, cents: walletCents(wallet) }))
    .sort((a, b) => a.cents - b.cents || a.tag.localeCompare(b.tag));
  if (!low) throw new Error('no wallet');
  return low;
}

/** The tags of the wallets that hold a balance of the symbol. */
export const walletsHolding = (raw: RawData, symbol: string): string[] =>
  raw.wallets
    .filter((wallet) => wallet.assets.some((asset) => asset.symbol === symbol && BigInt(asset.units) > 0n))
    .map((wallet) => wallet.tag);
