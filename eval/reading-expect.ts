import { byDetailed, calendarMonth, type Period, periods, usd } from './expected.ts';
import type { Category, Expect, Question, Turn } from './question-types.ts';
import type { RawData } from './raw-data.ts';

/** Shorthands for the reading questions (tuning-reading*.ts): expectations, periods and how people type. */

export const money = (cents: (raw: RawData) => number[], mentions?: (raw: RawData) => string[]): Expect => ({
  kind: 'amounts',
  values: (raw) => cents(raw).map(usd),
  ...(mentions ? { mentions } : {}),
});
export const one = (cents: (raw: RawData) => number, mentions?: (raw: RawData) => string[]): Expect =>
  money((raw) => [cents(raw)], mentions);
/** The answer names these words (no figure required). */
export const names = (words: (raw: RawData) => string[]): Expect => ({
  kind: 'amounts',
  values: () => [],
  mentions: words,
});
export const percent = (value: (raw: RawData) => number): Expect => ({ kind: 'percent', value });
export const tally = (value: (raw: RawData) => number, ...units: string[]): Expect => ({
  kind: 'tally',
  value,
  units,
});
export const anyOf = (...of: Expect[]): Expect => ({ kind: 'any', of });
export const clarification: Expect = { kind: 'clarification' };
export const declines: Expect = { kind: 'declines' };
/** A period before the linked history or still ahead: declined, or said so without a figure. */
export const outsideHistory: Expect = {
  kind: 'declines',
  orSays: /history|starts|hasn't happened|has not happened|not happened yet|future|ahead/i,
};

/** A one-turn question. */
export const single = (id: string, category: Category, ask: Turn['ask'], expect: Expect): Question => ({
  id: `reading-${id}`,
  category,
  turns: [{ ask, expect }],
});
/** A thread of turns. */
export const thread = (id: string, category: Category, ...turns: Turn[]): Question => ({
  id: `reading-${id}`,
  category,
  turns,
});

// ---------------------------------------------------------------------------------------------------
// Periods of today

/**
 * A batch's question makers: ids numbered per category under the batch's prefix ('t7-income-3'), a
 * single question, and a follow-up thread (category follow_ups).
 */
export function batchOf(prefix: string) {
  const counters = new Map<Category, number>();
  const nextId = (category: Category): string => {
    const n = (counters.get(category) ?? 0) + 1;
    counters.set(category, n);
    return `${prefix}-${category}-${n}`;
  };
  return {
    q: (category: Category, ask: Turn['ask'], expect: Expect): Question => ({
      id: nextId(category),
      category,
      turns: [{ ask, expect }],
    }),
    thread: (...turns: Turn[]): Question => ({ id: nextId('follow_ups'), category: 'follow_ups', turns }),
  };
}

export const lastMonth = (raw: RawData): Period => periods.lastMonth(raw.today);
export const thisMonth = (raw: RawData): Period => periods.thisMonth(raw.today);
export const thisYear = (raw: RawData): Period => periods.thisYear(raw.today);
export const lastYear = (raw: RawData): Period => periods.lastYear(raw.today);
/** The whole month `back` months before this one. */
export const monthsAgo = (raw: RawData, back: number): Period => periods.monthsAgo(raw.today, back);
export const lastDays = (raw: RawData, days: number): Period => periods.lastDays(raw.today, days);

export const GROCERIES = byDetailed('FOOD_AND_DRINK_GROCERIES');
export const RESTAURANTS = byDetailed('FOOD_AND_DRINK_RESTAURANT');
export const COFFEE = byDetailed('FOOD_AND_DRINK_COFFEE');
export const RIDES = byDetailed('TRANSPORTATION_TAXIS_AND_RIDE_SHARES');
export const RENT = byDetailed('RENT_AND_UTILITIES_RENT');

// ---------------------------------------------------------------------------------------------------
// Month names as people type them

const SHORT = ['jan', 'feb', 'mar', 'apr', 'may', 'june', 'july', 'aug', 'sept', 'oct', 'nov', 'dec'];
const LONG = [
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
];
const MISSPELT = [
  'janurary',
  'feburary',
  'mrach',
  'apirl',
  'mayy',
  'juen',
  'jully',
  'agust',
  'septmber',
  'octobr',
  'novmber',
  'decmber',
];

/** The month (1–12) of the month `back` months before today's. */
export const monthNumberAgo = (raw: RawData, back: number): number =>
  Number(calendarMonth(raw.today, back).start.slice(5, 7));

const pick = (table: readonly string[], month: number): string => table[month - 1] ?? '';
/** 'sept' for September. */
export const shortMonth = (month: number): string => pick(SHORT, month);
/** 'september' for September. */
export const longMonth = (month: number): string => pick(LONG, month);
/** 'septmber' for September. */
export const misspeltMonth = (month: number): string => pick(MISSPELT, month);
