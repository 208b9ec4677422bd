import { type Period, periods, usd } from '../expected.ts';
import type { Expect, Turn } from '../question-types.ts';
import type { RawData } from '../raw-data.ts';

/**
 * The second held-out set's categories, the shape of a question, and the shorthands its files share
 * (apart from questions.ts so the files it gathers can use them without importing it back).
 */

export const HELD_OUT_2_CATEGORIES = [
  'spending',
  'income',
  'cash_flow',
  'counts',
  'averages',
  'rankings',
  'shares',
  'balances',
  'investments',
  'crypto',
  'periods',
  'comparisons',
  'trends',
  'open_questions',
  'follow_ups',
  'must_decline',
  'history_bounds',
  'ambiguous',
] as const;
export type HeldOut2Category = (typeof HELD_OUT_2_CATEGORIES)[number];
export type HeldOut2Question = { id: string; category: HeldOut2Category; turns: Turn[] };

export type Cents = (raw: RawData) => number;
export type PeriodOf = (raw: RawData) => Period;

// ---------------------------------------------------------------------------------------------------
// Expectations

/** Every amount appears in the answer (and every mention, case aside). */
export const money = (cents: (raw: RawData) => number[], mentions?: (raw: RawData) => string[]): Expect => ({
  kind: 'amounts',
  values: (raw) => cents(raw).map(usd),
  ...(mentions ? { mentions } : {}),
});
export const one = (cents: Cents, mentions?: (raw: RawData) => string[]): Expect =>
  money((raw) => [cents(raw)], mentions);
export const any = (...of: Expect[]): Expect => ({ kind: 'any', of });
export const percent = (value: (raw: RawData) => number): Expect => ({ kind: 'percent', value });
export const clarification: Expect = { kind: 'clarification' };

/** Units a count of transactions is stated in (singular; the plural matches too). */
export const COUNT_UNITS = [
  'transaction',
  'purchase',
  'time',
  'charge',
  'visit',
  'order',
  'ride',
  'trip',
  'payment',
  'paycheck',
  'deposit',
  'run',
  'meal',
] as const;
export const tally = (value: Cents, units: readonly string[] = COUNT_UNITS): Expect => ({
  kind: 'tally',
  value,
  units,
});

/**
 * Up to `max` alternatives picked by index from a list computed on the day (readings, tied names,
 * printed roundings); the list's last entry stands in for indices past its end.
 */
export function eachOf<T>(
  max: number,
  list: (raw: RawData) => readonly T[],
  expect: (pick: (raw: RawData) => T) => Expect,
): Expect {
  const pick = (index: number) => (raw: RawData) => {
    const all = list(raw);
    const chosen = all[Math.min(index, all.length - 1)];
    if (chosen === undefined) throw new Error('nothing to pick from');
    return chosen;
  };
  return any(...Array.from({ length: max }, (_, index) => expect(pick(index))));
}

/** A count with several readings (e.g. purchases only, every transaction): any of them. */
export const tallies = (values: (raw: RawData) => readonly number[], units?: readonly string[]): Expect =>
  eachOf(3, values, (pick) => tally(pick, units));

/** An amount printed rounded either way (floor or ceiling of the exact quotient in cents). */
export const rounded = (candidates: (raw: RawData) => readonly number[]): Expect =>
  eachOf(2, candidates, (pick) => one(pick));

/** Several readings of an average, each printed rounded either way. */
export const averages = (readings: (raw: RawData) => readonly (readonly number[])[]): Expect =>
  eachOf(4, readings, (pick) => rounded(pick));

/** One expectation per reading of a period (up to `max` readings). */
export const perPeriod = (
  readings: (raw: RawData) => readonly Period[],
  expect: (period: PeriodOf) => Expect,
  max = 2,
) => eachOf(max, readings, expect);

// ---------------------------------------------------------------------------------------------------
// Declines

/** A plain refusal in a completed answer that states no amount. */
const REFUSES =
  /\b(?:can't|cannot|can not|unable|not able|won't|don't|do not|doesn't|does not|isn't something|outside|beyond|only (?:help|answer|see|show|read))\b/i;
export const declines: Expect = { kind: 'declines', orSays: REFUSES };

/** Says the linked history does not reach that far back. */
const BEFORE_HISTORY = new RegExp(
  [
    String.raw`\b(?:history|records?|data|transactions?|accounts?)\b[^.!?\n]{0,80}\b(?:starts?|started|begins?|began|go(?:es)? back|earliest|first)\b`,
    String.raw`\bearliest\b`,
    String.raw`\bbefore (?:your|the) (?:linked |connected )?(?:history|records?|accounts?|data)\b`,
    String.raw`\bno (?:data|records|history|transactions)\b`,
  ].join('|'),
  'i',
);
export const beforeHistory: Expect = { kind: 'declines', orSays: BEFORE_HISTORY };

/** Says the period has not happened yet (or cannot be predicted). */
const AHEAD =
  /\b(?:hasn't (?:happened|started|come)|has not (?:happened|started|come)|not yet|in the future|ahead|yet to come|hasn't begun|can't predict|cannot predict|forecast)\b/i;
export const notYet: Expect = { kind: 'declines', orSays: AHEAD };

// ---------------------------------------------------------------------------------------------------
// Periods the files share

export const lastMonth: PeriodOf = (raw) => periods.lastMonth(raw.today);
export const thisMonth: PeriodOf = (raw) => periods.thisMonth(raw.today);
export const thisYear: PeriodOf = (raw) => periods.thisYear(raw.today);
export const lastYear: PeriodOf = (raw) => periods.lastYear(raw.today);
export const lastWeek: PeriodOf = (raw) => periods.lastWeek(raw.today);
export const lastDays =
  (days: number): PeriodOf =>
  (raw) =>
    periods.lastDays(raw.today, days);
export const lastFullMonths =
  (months: number): PeriodOf =>
  (raw) =>
    periods.lastFullMonths(raw.today, months);
export const monthsAgo =
  (back: number): PeriodOf =>
  (raw) =>
    periods.monthsAgo(raw.today, back);

/** A category code's spending or income shorthand is built in each file from ../expected.ts. */
export const lower = (text: string) => text.toLowerCase();
