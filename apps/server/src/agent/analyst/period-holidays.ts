import { iso, plusDays } from './period-calendar.ts';

/**
 * Days people date things by ('since labor day', 'over thanksgiving'): US holidays, each a day of a
 * given year. A holiday named without a year is the latest one on or before today.
 */

/** The `nth` (0-based) given weekday (0 = Sunday) of a month, or the last one when `nth` is -1. */
function weekdayOfMonth(year: number, month: number, weekday: number, nth: number): string {
  if (nth < 0) {
    const last = new Date(Date.UTC(year, month + 1, 0));
    const back = (last.getUTCDay() - weekday + 7) % 7;
    return iso(year, month, last.getUTCDate() - back);
  }
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return iso(year, month, 1 + ((weekday - first + 7) % 7) + nth * 7);
}

/** Each holiday: the words that name it (as tokens), and its day in a year. */
const HOLIDAYS: ReadonlyArray<[readonly string[][], (year: number) => string]> = [
  [
    [
      ['labor', 'day'],
      ['labour', 'day'],
    ],
    (y) => weekdayOfMonth(y, 8, 1, 0),
  ],
  [[['memorial', 'day']], (y) => weekdayOfMonth(y, 4, 1, -1)],
  [[['thanksgiving']], (y) => weekdayOfMonth(y, 10, 4, 3)],
  // The day after Thanksgiving, and the Monday after that.
  [[['black', 'friday']], (y) => plusDays(weekdayOfMonth(y, 10, 4, 3), 1)],
  [[['cyber', 'monday']], (y) => plusDays(weekdayOfMonth(y, 10, 4, 3), 4)],
  [
    [
      ['mlk', 'day'],
      ['martin', 'luther', 'king', 'day'],
    ],
    (y) => weekdayOfMonth(y, 0, 1, 2),
  ],
  [
    [
      ['presidents', 'day'],
      ["presidents'", 'day'],
      ["president's", 'day'],
    ],
    (y) => weekdayOfMonth(y, 1, 1, 2),
  ],
  [
    [
      ['mothers', 'day'],
      ["mother's", 'day'],
    ],
    (y) => weekdayOfMonth(y, 4, 0, 1),
  ],
  [
    [
      ['fathers', 'day'],
      ["father's", 'day'],
    ],
    (y) => weekdayOfMonth(y, 5, 0, 2),
  ],
  [
    [
      ['christmas', 'eve'],
      ['xmas', 'eve'],
    ],
    (y) => iso(y, 11, 24),
  ],
  [[['christmas'], ['xmas']], (y) => iso(y, 11, 25)],
  [
    [
      ['new', 'years', 'eve'],
      ['new', "year's", 'eve'],
    ],
    (y) => iso(y, 11, 31),
  ],
  [
    [
      ['new', 'years', 'day'],
      ['new', 'years'],
      ['new', "year's", 'day'],
      ['new', "year's"],
    ],
    (y) => iso(y, 0, 1),
  ],
  [
    [
      ['independence', 'day'],
      ['4th', 'of', 'july'],
      ['fourth', 'of', 'july'],
      ['july', '4th'],
    ],
    (y) => iso(y, 6, 4),
  ],
  [[['halloween']], (y) => iso(y, 9, 31)],
  [[['valentines', 'day'], ["valentine's", 'day'], ['valentines']], (y) => iso(y, 1, 14)],
];

/**
 * The holiday named at word `k` of `words`: its latest day on or before `today`, the words read, and its
 * day in any year ('valentines day 2025').
 */
export function holidayAt(
  words: readonly string[],
  k: number,
  today: string,
): { date: string; length: number; inYear: (year: number) => string } | undefined {
  for (const [names, dayIn] of HOLIDAYS) {
    const name = names.find((parts) => parts.every((part, i) => words[k + i] === part));
    if (!name) continue;
    const year = Number(today.slice(0, 4));
    const date = dayIn(year) <= today ? dayIn(year) : dayIn(year - 1);
    return { date, length: name.length, inYear: dayIn };
  }
  return undefined;
}
