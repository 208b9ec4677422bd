import type { Flow, Period } from './expected.ts';
import { income, periods } from './expected.ts';
import { atMerchant, purchaseCount } from './expected-reading.ts';
import { WAGES } from './expected-typed.ts';
import { employerName, USUAL_PERIODS, wholeHistory } from './expected-typed-2.ts';
import type { Expect } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  lastDays,
  lastMonth,
  monthNumberAgo,
  monthsAgo,
  one,
  shortMonth,
  tally,
  thisMonth,
} from './reading-expect.ts';

/**
 * The words the typed batches (tuning-typed-*.ts) share: filters, windows, the merchants they ask
 * about, and the units a count may be said in. Each batch's own helpers stay in it.
 */

export type FlowFilter = (flow: Flow) => boolean;
export type Window = (raw: RawData) => Period;

/** The whole month `back` months ago. */
export const ago = (raw: RawData, back: number): Period => monthsAgo(raw, back);
export const year = (raw: RawData): number => Number(raw.today.slice(0, 4));
/** 'contoso' for Contoso Ltd. */
export const employerWord = (raw: RawData): string => (employerName(raw).split(' ')[0] ?? '').toLowerCase();
/** The whole month `back` months ago, by its short name ('sept'). */
export const shortAgo = (raw: RawData, back: number): string => shortMonth(monthNumberAgo(raw, back));
export const lastWeek = (raw: RawData): Period => periods.lastWeek(raw.today);

export const AMAZON = atMerchant('Amazon');
export const TARGET = atMerchant('Target');
export const STARBUCKS = atMerchant('Starbucks');
export const PEETS = atMerchant("Peet's Coffee");
export const TRADER_JOES = atMerchant("Trader Joe's");
export const WHOLE_FOODS = atMerchant('Whole Foods Market');
export const LYFT = atMerchant('Lyft');
export const UBER = atMerchant('Uber');

/** What a count of purchases may be said in. */
export const COUNT_UNITS = ['purchase', 'transaction', 'time', 'charge', 'visit', 'order', 'run', 'trip'];
/** What a count of paychecks may be said in. */
export const PAY_UNITS = ['paycheck', 'payment', 'deposit', 'time', 'check'];

export const last3: Window = (raw) => periods.lastFullMonths(raw.today, 3);
/** "Lately", "recently": the last 30 days, this month, last month, the last 3 months. */
export const LATELY: Window[] = [(raw) => lastDays(raw, 30), thisMonth, lastMonth, last3];
/** The windows "usually" may mean (expected-typed-2.ts, `USUAL_PERIODS`). */
export const USUAL: Window[] = USUAL_PERIODS.map((window) => (raw: RawData) => window(raw.today));

/** Nothing at all of the kind in the whole history: said as none rather than a figure. */
export const noneEver = (filter: FlowFilter): Expect =>
  tally((raw) => (purchaseCount(raw, wholeHistory(raw), filter) === 0 ? 0 : -1), ...COUNT_UNITS);

/** Wages or all income of a period, either. */
export const payIn = (window: Window): Expect =>
  anyOf(
    one((raw) => income(raw, window(raw), WAGES)),
    one((raw) => income(raw, window(raw))),
  );
