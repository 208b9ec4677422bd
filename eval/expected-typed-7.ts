import { balances, byDetailed, flows, type Period, spending } from './expected.ts';
import { yearEarlier } from './expected-reading.ts';
import { onWeekday, onWeekend } from './expected-typed.ts';
import { paychecks, safeDivide, wholeHistory } from './expected-typed-2.ts';
import { weekdaysIn } from './expected-typed-3.ts';
import { sumOf } from './expected-typed-4.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the seventh typed batch (tuning-typed-7.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * definitions of docs/agent.md. What it adds:
 * - the gym the user pays (the merchant of the latest gym charge);
 * - the first paycheck of the history, and the latest paycheck a year before today (a raise or not);
 * - weekend and weekday spending per day of each kind (the period's Saturdays and Sundays, the rest);
 * - an account's balance at one institution by its name ('my alpaca roth').
 * Nothing here throws on an empty period: it answers 0.
 */

export const GYM = byDetailed('PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS');

/** The merchant of the latest gym charge ('' when there is none). */
export function gymName(raw: RawData): string {
  const list = flows(raw)
    .filter((flow) => !flow.pending && GYM(flow) && flow.cents < 0)
    .sort((a, b) => a.date.localeCompare(b.date));
  const latest = list.at(-1);
  return latest ? (latest.merchant ?? latest.name) : '';
}

/** The first posted paycheck of the whole history (0 when there is none). */
export const firstPaycheck = (raw: RawData): number => paychecks(raw, wholeHistory(raw))[0]?.cents ?? 0;

/** The latest posted paycheck on or before the same day a year ago (0 when there is none). */
export const paycheckYearAgo = (raw: RawData): number => {
  const yearAgo = yearEarlier({ start: raw.today, end: raw.today }).end;
  return paychecks(raw, { start: '1900-01-01', end: yearAgo }).at(-1)?.cents ?? 0;
};

/** How many days of the period are Saturdays or Sundays, and how many are not. */
export function dayKinds(period: Period): { weekend: number; weekday: number } {
  const weekend = weekdaysIn(period, 6) + weekdaysIn(period, 0);
  let all = 0;
  for (let weekday = 0; weekday < 7; weekday++) all += weekdaysIn(period, weekday);
  return { weekend, weekday: all - weekend };
}

/** Weekend and weekday spending of the period, each over its own days (weekend first). */
export function perDayByKind(raw: RawData, period: Period): number[] {
  const days = dayKinds(period);
  return [
    safeDivide(spending(raw, period, onWeekend), days.weekend),
    safeDivide(spending(raw, period, onWeekday), days.weekday),
  ];
}

/** Weekend and weekday spending of the period (weekend first). */
export const weekendAndWeekday = (raw: RawData, period: Period): number[] => [
  spending(raw, period, onWeekend),
  spending(raw, period, onWeekday),
];

/** The balance of the accounts with this name at this institution. */
export const balanceAt = (raw: RawData, institution: string, name: string): number =>
  sumOf(
    balances(raw)
      .filter((balance) => balance.institution === institution && balance.name === name)
      .map((balance) => balance.cents),
  );
