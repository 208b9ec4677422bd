import { type Period, periods, usd } from '../expected.ts';
import type { Expect } from '../question-types.ts';
import type { RawData } from '../raw-data.ts';
import { anyOf, batchOf, money } from '../reading-expect.ts';

/**
 * The third held-out set's shorthands: one batch of ids ('h3-spending-4'), the expectations the set
 * uses beyond ../reading-expect.ts, and the periods of today it names most.
 */

export const { q, thread } = batchOf('h3');

export type Window = (raw: RawData) => Period;

/** An average printed rounded either way: the floor or the ceiling of the exact quotient (cents). */
export const average = (
  candidates: (raw: RawData) => number[],
  mentions?: (raw: RawData) => string[],
): Expect =>
  anyOf(
    money((raw) => [candidates(raw)[0] ?? Number.NaN], mentions),
    money((raw) => [candidates(raw).at(-1) ?? Number.NaN], mentions),
  );

/** Each reading's figures: one 'amounts' expectation per reading. */
export const readings = (...each: ((raw: RawData) => number[])[]): Expect =>
  anyOf(...each.map((values) => money(values)));

/** The same figures over several windows (every defensible period of a vague span). */
export const overWindows = (windows: readonly Window[], values: (raw: RawData, period: Period) => number[]) =>
  anyOf(...windows.map((window) => money((raw) => values(raw, window(raw)))));

/** '$1,234.56' of cents, for asks that quote an amount from the records. */
export const dollars = (cents: number): string => usd(cents);

export const year = (raw: RawData): number => Number(raw.today.slice(0, 4));
export const lastMonth: Window = (raw) => periods.lastMonth(raw.today);
export const thisMonth: Window = (raw) => periods.thisMonth(raw.today);
export const thisYear: Window = (raw) => periods.thisYear(raw.today);
export const lastYear: Window = (raw) => periods.lastYear(raw.today);
export const ago =
  (back: number): Window =>
  (raw) =>
    periods.monthsAgo(raw.today, back);
export const lastDays =
  (days: number): Window =>
  (raw) =>
    periods.lastDays(raw.today, days);
export const fullMonths =
  (months: number): Window =>
  (raw) =>
    periods.lastFullMonths(raw.today, months);
/** The `months` months ending with this one (to date): "the last N months" read inclusively. */
export const monthsToDate =
  (months: number): Window =>
  (raw) => ({ start: periods.monthsAgo(raw.today, months - 1).start, end: raw.today });
/** "Lately" read every defensible way. */
export const LATELY: readonly Window[] = [lastDays(30), thisMonth, lastMonth, fullMonths(3)];
