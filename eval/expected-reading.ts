import { addDays, type Flow, flows, isIncome, isSpending, type Period, spending } from './expected.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the reading questions (tuning-reading.ts) need beyond expected.ts: more kinds of
 * period, counts, averages, shares, rankings by merchant and amount filters, in integer cents over the
 * vendors' raw records. The definitions (the toolkit states the same ones):
 * - a count of spending is of purchases (spending transactions with amount < 0), a count of income of
 *   INCOME transactions with amount > 0;
 * - average per month = total ÷ the calendar months the period touches (a partial month counts as
 *   one), per week = total ÷ (days ÷ 7), per transaction = total ÷ count; half away from zero to the cent;
 * - share = the filtered total ÷ the unfiltered spending total of the same period, in percent;
 * - quarters are calendar quarters and a quarter, half or year that has not ended runs to today; a month
 *   span ("june thru aug") is the latest such span that has started; "last weekend" is the latest
 *   Saturday–Sunday that ended before today;
 * - rankings by merchant use the merchant name, the description when there is none.
 */

type FlowFilter = (flow: Flow) => boolean;
const all: FlowFilter = () => true;

const within = (day: string, period: Period) => day >= period.start && day <= period.end;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const dayUtc = (year: number, month: number, date: number) => iso(new Date(Date.UTC(year, month - 1, date)));
const yearOf = (day: string) => Number(day.slice(0, 4));
const monthOf = (day: string) => Number(day.slice(5, 7));

// ---------------------------------------------------------------------------------------------------
// Periods

/** A period cut at today (a quarter, a half or a span that has not ended runs to today). */
const toToday = (period: Period, today: string): Period => ({
  start: period.start,
  end: period.end < today ? period.end : today,
});

/** Months `from`..`to` (1–12; `to` < `from` runs into the next year) starting in `year`. */
const monthsOfYear = (year: number, from: number, to: number): Period => ({
  start: dayUtc(year, from, 1),
  end: dayUtc(to < from ? year + 1 : year, to + 1, 0),
});

/** The latest span of months `from`..`to` that has started ("june thru aug", "in september"). */
export function monthSpan(today: string, from: number, to: number = from): Period {
  const year = from <= monthOf(today) ? yearOf(today) : yearOf(today) - 1;
  return toToday(monthsOfYear(year, from, to), today);
}

/** Calendar quarter `quarter` (1–4) of `year`. */
export const quarterOf = (today: string, year: number, quarter: number): Period =>
  toToday(monthsOfYear(year, quarter * 3 - 2, quarter * 3), today);

/** The latest calendar quarter `quarter` that has started ("q3", "third quarter"). */
export const latestQuarter = (today: string, quarter: number): Period =>
  monthSpan(today, quarter * 3 - 2, quarter * 3);

/** The year of the latest quarter `quarter` that has started ("Q2 2026"). */
export const latestQuarterYear = (today: string, quarter: number): number =>
  yearOf(latestQuarter(today, quarter).start);

/** The whole calendar quarter before today's ("last quarter"). */
export function lastQuarter(today: string): Period {
  const current = Math.floor((monthOf(today) - 1) / 3) + 1;
  return current === 1
    ? quarterOf(today, yearOf(today) - 1, 4)
    : quarterOf(today, yearOf(today), current - 1);
}

/** January to June of this year ("first half of the year"). */
export const firstHalf = (today: string): Period => toToday(monthsOfYear(yearOf(today), 1, 6), today);

/** The latest `month`/`date` that is not after today ("3/15"). */
export function latestDay(today: string, month: number, date: number): string {
  const thisYear = dayUtc(yearOf(today), month, date);
  return thisYear <= today ? thisYear : dayUtc(yearOf(today) - 1, month, date);
}

/** `month` `from` to `month` `to` of the latest such span that has started ("march 3 to march 20"). */
export function daySpan(today: string, month: number, from: number, to: number): Period {
  const start = latestDay(today, month, from);
  return toToday({ start, end: dayUtc(yearOf(start), month, to) }, today);
}

export const yesterday = (today: string): Period => ({ start: addDays(today, -1), end: addDays(today, -1) });

/** The latest Saturday–Sunday that ended before today. */
export function lastWeekend(today: string): Period {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // Sunday = 0
  const sunday = addDays(today, -(weekday === 0 ? 7 : weekday));
  return { start: addDays(sunday, -1), end: sunday };
}

/** The `weeks` whole Monday–Sunday weeks before this one, oldest first. */
export function wholeWeeks(today: string, weeks: number): Period[] {
  const thisMonday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: weeks }, (_, index) => {
    const start = addDays(thisMonday, -7 * (weeks - index));
    return { start, end: addDays(start, 6) };
  });
}

/** `weeks` seven-day windows ending today, oldest first. */
export const sevenDayWindows = (today: string, weeks: number): Period[] =>
  Array.from({ length: weeks }, (_, index) => {
    const end = addDays(today, -7 * (weeks - 1 - index));
    return { start: addDays(end, -6), end };
  });

/** The same days one year earlier (this year to date, a year ago). */
export const yearEarlier = (period: Period): Period => ({
  start: `${yearOf(period.start) - 1}${period.start.slice(4)}`,
  end: `${yearOf(period.end) - 1}${period.end.slice(4)}`,
});

/** Days in the period, both ends included. */
export const daysIn = (period: Period): number =>
  Math.round((Date.parse(`${period.end}T00:00:00Z`) - Date.parse(`${period.start}T00:00:00Z`)) / 86_400_000) +
  1;

/** Calendar months the period touches (a partial month counts as one). */
export const monthsTouched = (period: Period): number =>
  (yearOf(period.end) - yearOf(period.start)) * 12 + monthOf(period.end) - monthOf(period.start) + 1;

/** The first day with a posted transaction in the raw records. */
export function firstPostedDay(raw: RawData): string {
  const days = flows(raw)
    .filter((flow) => !flow.pending)
    .map((flow) => flow.date)
    .sort();
  const first = days[0];
  if (!first) throw new Error('no posted transaction in the raw records');
  return first;
}

/**
 * The sandbox's wallets carry transfers from 2024-03-01 at the earliest (or from two years back, when that
 * is earlier; sandbox/chains/wallet-data.ts), and the raw records hold no wallet transfers: a period
 * before the history must be before those too, or the ledger would hold transactions in it.
 */
const WALLET_HISTORY_FROM = '2024-03-01';

/** The first day any linked account may have history on: the raw records' first posted day, or the wallets'. */
export const historyStart = (raw: RawData): string => {
  const first = firstPostedDay(raw);
  return first < WALLET_HISTORY_FROM ? first : WALLET_HISTORY_FROM;
};

/** The year before the history's first year: wholly before it. */
export const yearBeforeHistory = (raw: RawData): number => yearOf(historyStart(raw)) - 1;

/** The whole calendar month before the history's first month: wholly before it. */
export function monthBeforeHistory(raw: RawData): Period {
  const first = historyStart(raw);
  const start = dayUtc(yearOf(first), monthOf(first) - 1, 1);
  return { start, end: dayUtc(yearOf(start), monthOf(start) + 1, 0) };
}

// ---------------------------------------------------------------------------------------------------
// Counts, averages, shares

/** Purchases: posted spending transactions with amount < 0. */
export const purchases = (raw: RawData, period: Period, filter: FlowFilter = all): Flow[] =>
  flows(raw).filter(
    (flow) => isSpending(flow) && flow.cents < 0 && within(flow.date, period) && filter(flow),
  );

export const purchaseCount = (raw: RawData, period: Period, filter: FlowFilter = all): number =>
  purchases(raw, period, filter).length;

/** Income payments: posted INCOME transactions with amount > 0. */
export const incomeCount = (raw: RawData, period: Period, filter: FlowFilter = all): number =>
  flows(raw).filter((flow) => isIncome(flow) && flow.cents > 0 && within(flow.date, period) && filter(flow))
    .length;

/** `numerator / denominator` (integers) rounded half away from zero. */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator === 0) throw new Error('an average over nothing');
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const [n, d] = [Math.abs(numerator), Math.abs(denominator)];
  return sign * Math.floor((2 * n + d) / (2 * d));
}

export const perMonth = (cents: number, period: Period): number =>
  divideRounded(cents, monthsTouched(period));
export const perWeek = (cents: number, period: Period): number => divideRounded(cents * 7, daysIn(period));

/** Spending per purchase: the spending total ÷ the number of purchases. */
export const perPurchase = (raw: RawData, period: Period, filter: FlowFilter = all): number =>
  divideRounded(spending(raw, period, filter), purchaseCount(raw, period, filter));

/** `part` as a percentage of `whole` (0 when there is no whole). */
export const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : (part / whole) * 100);

/** The share of the period's spending the filter holds, in percent. */
export const spendingShare = (raw: RawData, period: Period, filter: FlowFilter): number =>
  percentOf(spending(raw, period, filter), spending(raw, period));

// ---------------------------------------------------------------------------------------------------
// Rankings and filters

/** The merchant name, the description when there is none. */
export const merchantKey = (flow: Flow): string => flow.merchant ?? flow.name;

/** The smallest purchase in the period (cents spent). */
export function smallestPurchase(raw: RawData, period: Period, filter: FlowFilter = all): number {
  const amounts = purchases(raw, period, filter).map((flow) => -flow.cents);
  if (amounts.length === 0) throw new Error('no purchase in the period');
  return Math.min(...amounts);
}

/** The merchant with the most purchases in the period (ties: the larger total, then the name). */
export function mostVisited(raw: RawData, period: Period, filter: FlowFilter = all): string {
  const visits = new Map<string, { count: number; cents: number }>();
  for (const flow of purchases(raw, period, filter)) {
    const entry = visits.get(merchantKey(flow)) ?? { count: 0, cents: 0 };
    visits.set(merchantKey(flow), { count: entry.count + 1, cents: entry.cents - flow.cents });
  }
  const [top] = [...visits].sort(
    ([a, x], [b, y]) => y.count - x.count || y.cents - x.cents || a.localeCompare(b),
  );
  if (!top) throw new Error('no purchase in the period');
  return top[0];
}

export const atMerchant =
  (name: string): FlowFilter =>
  (flow) =>
    merchantKey(flow).toLowerCase() === name.toLowerCase();

/** Money out of more than `dollars` (strictly). */
export const over =
  (dollars: number): FlowFilter =>
  (flow) =>
    -flow.cents > dollars * 100;

/** Money out of `low` to `high` dollars, both included. */
export const between =
  (low: number, high: number): FlowFilter =>
  (flow) =>
    -flow.cents >= low * 100 && -flow.cents <= high * 100;

/** The merchant name or the description contains the word (any case). */
export const mentioning =
  (word: string): FlowFilter =>
  (flow) =>
    `${flow.merchant ?? ''} ${flow.name}`.toLowerCase().includes(word.toLowerCase());

/** Every posted transaction that moved money out of an account, in the period. */
export const outflows = (raw: RawData, period: Period, filter: FlowFilter = all): Flow[] =>
  flows(raw).filter((flow) => !flow.pending && flow.cents < 0 && within(flow.date, period) && filter(flow));

// ---------------------------------------------------------------------------------------------------
// Discretionary spending ("where can I cut back"): what a person could choose to spend less on

/** Discretionary primary categories, each with the word an answer names it by (Penny's label's). */
const DISCRETIONARY_PRIMARY: Record<string, string> = {
  FOOD_AND_DRINK: 'food',
  GENERAL_MERCHANDISE: 'shopping',
  ENTERTAINMENT: 'entertainment',
  TRAVEL: 'travel',
  TRANSPORTATION: 'transportation',
  PERSONAL_CARE: 'personal care',
  HOME_IMPROVEMENT: 'home improvement',
};

/** The detailed categories the sandbox spends in under those, each with the word that names it. */
const DISCRETIONARY_DETAILED: Record<string, string> = {
  FOOD_AND_DRINK_RESTAURANT: 'restaurant',
  FOOD_AND_DRINK_COFFEE: 'coffee',
  FOOD_AND_DRINK_FAST_FOOD: 'fast food',
  GENERAL_MERCHANDISE_ONLINE_MARKETPLACES: 'online shopping',
  GENERAL_MERCHANDISE_SUPERSTORES: 'superstore',
  GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES: 'clothing',
  GENERAL_MERCHANDISE_SPORTING_GOODS: 'sporting goods',
  GENERAL_MERCHANDISE_ELECTRONICS: 'electronics',
  GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS: 'book',
  GENERAL_MERCHANDISE_PET_SUPPLIES: 'pet',
  ENTERTAINMENT_TV_AND_MOVIES: 'movies',
  ENTERTAINMENT_MUSIC_AND_AUDIO: 'music',
  TRAVEL_FLIGHTS: 'flight',
  TRAVEL_LODGING: 'lodging',
  TRANSPORTATION_TAXIS_AND_RIDE_SHARES: 'ride',
  TRANSPORTATION_GAS: 'gas',
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: 'gym',
  PERSONAL_CARE_HAIR_AND_BEAUTY: 'hair',
  HOME_IMPROVEMENT_FURNITURE: 'furniture',
  HOME_IMPROVEMENT_HARDWARE: 'hardware',
};

/** The discretionary category with the most spending in the period, by the key's level. */
function largestOf(
  raw: RawData,
  period: Period,
  names: Record<string, string>,
  key: (flow: Flow) => string | null,
): string {
  const totals = new Map<string, number>();
  for (const flow of flows(raw)) {
    const group = key(flow);
    if (group === null || !(group in names) || !isSpending(flow) || !within(flow.date, period)) continue;
    totals.set(group, (totals.get(group) ?? 0) - flow.cents);
  }
  const [top] = [...totals].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (!top) throw new Error('no discretionary spending in the period');
  return names[top[0]] ?? top[0];
}

/**
 * The word naming the period's largest discretionary category at the primary level ('food' for Food and
 * drink) and at the detailed level ('restaurant'): either is a fair way to say where to cut back.
 */
export const largestDiscretionary = (
  raw: RawData,
  period: Period,
): { primary: string; detailed: string } => ({
  primary: largestOf(raw, period, DISCRETIONARY_PRIMARY, (flow) => flow.primary),
  detailed: largestOf(raw, period, DISCRETIONARY_DETAILED, (flow) => flow.detailed),
});
