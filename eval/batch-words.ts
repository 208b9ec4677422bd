import type { Flow, Period } from './expected.ts';
import { periods } from './expected.ts';
import { atMerchant } from './expected-reading.ts';
import { employerName } from './expected-typed-2.ts';
import type { RawData } from './raw-data.ts';
import { monthNumberAgo, monthsAgo, shortMonth } from './reading-expect.ts';

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
