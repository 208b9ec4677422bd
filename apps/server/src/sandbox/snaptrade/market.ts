import { hashString } from './prng.ts';

/**
 * The sandbox market: a few real tickers with plausible prices and dividends. A price is a pure
 * function of (ticker, date), so every sandbox user sees the same market and a past day's price never
 * changes as time goes on.
 */

export type Ticker =
  | 'AAPL'
  | 'MSFT'
  | 'NVDA'
  | 'GOOGL'
  | 'VTI'
  | 'VOO'
  | 'QQQ'
  | 'SCHD'
  | 'VXUS'
  | 'BND'
  | 'FXAIX';
export type InstrumentKind = 'stock' | 'etf' | 'mutualfund';

export type SecurityInfo = {
  ticker: Ticker;
  name: string;
  kind: InstrumentKind;
  exchange: { code: string; mic: string; name: string };
  /** Price on ANCHOR_DATE, in cents. */
  anchorCents: number;
  /** Yearly trend (0.12 = +12 %/year). */
  drift: number;
  /** Amplitude of the slow market swings (0.06 = ±6 %). */
  swing: number;
  /** Dividend per share on ANCHOR_DATE (grows 4 %/year), months paid (1-12) and day of month. */
  dividend: { perShare: number; months: readonly number[]; day: number; december?: number } | null;
};

const NASDAQ = { code: 'NASDAQ', mic: 'XNAS', name: 'Nasdaq All Markets' };
const ARCA = { code: 'ARCX', mic: 'ARCX', name: 'NYSE Arca' };
const QUARTER_ENDS = [3, 6, 9, 12] as const;

export const SECURITIES = {
  AAPL: {
    ticker: 'AAPL',
    name: 'Apple Inc.',
    kind: 'stock',
    exchange: NASDAQ,
    anchorCents: 20_512,
    drift: 0.11,
    swing: 0.08,
    dividend: { perShare: 0.26, months: [2, 5, 8, 11], day: 15 },
  },
  MSFT: {
    ticker: 'MSFT',
    name: 'Microsoft Corporation',
    kind: 'stock',
    exchange: NASDAQ,
    anchorCents: 49_711,
    drift: 0.14,
    swing: 0.07,
    dividend: { perShare: 0.83, months: QUARTER_ENDS, day: 12 },
  },
  NVDA: {
    ticker: 'NVDA',
    name: 'NVIDIA Corporation',
    kind: 'stock',
    exchange: NASDAQ,
    anchorCents: 15_799,
    drift: 0.38,
    swing: 0.14,
    dividend: { perShare: 0.01, months: QUARTER_ENDS, day: 27 },
  },
  GOOGL: {
    ticker: 'GOOGL',
    name: 'Alphabet Inc. Class A',
    kind: 'stock',
    exchange: NASDAQ,
    anchorCents: 17_623,
    drift: 0.17,
    swing: 0.09,
    dividend: { perShare: 0.21, months: QUARTER_ENDS, day: 16 },
  },
  VTI: {
    ticker: 'VTI',
    name: 'Vanguard Total Stock Market ETF',
    kind: 'etf',
    exchange: ARCA,
    anchorCents: 30_361,
    drift: 0.11,
    swing: 0.05,
    dividend: { perShare: 0.93, months: QUARTER_ENDS, day: 27 },
  },
  VOO: {
    ticker: 'VOO',
    name: 'Vanguard S&P 500 ETF',
    kind: 'etf',
    exchange: ARCA,
    anchorCents: 56_801,
    drift: 0.11,
    swing: 0.05,
    dividend: { perShare: 1.74, months: QUARTER_ENDS, day: 27 },
  },
  QQQ: {
    ticker: 'QQQ',
    name: 'Invesco QQQ Trust, Series 1',
    kind: 'etf',
    exchange: NASDAQ,
    anchorCents: 55_163,
    drift: 0.14,
    swing: 0.07,
    dividend: { perShare: 0.69, months: [1, 4, 7, 10], day: 28 },
  },
  SCHD: {
    ticker: 'SCHD',
    name: 'Schwab U.S. Dividend Equity ETF',
    kind: 'etf',
    exchange: ARCA,
    anchorCents: 2_651,
    drift: 0.04,
    swing: 0.04,
    dividend: { perShare: 0.26, months: QUARTER_ENDS, day: 24 },
  },
  VXUS: {
    ticker: 'VXUS',
    name: 'Vanguard Total International Stock ETF',
    kind: 'etf',
    exchange: NASDAQ,
    anchorCents: 6_841,
    drift: 0.07,
    swing: 0.05,
    dividend: { perShare: 0.31, months: QUARTER_ENDS, day: 26, december: 0.56 },
  },
  BND: {
    ticker: 'BND',
    name: 'Vanguard Total Bond Market ETF',
    kind: 'etf',
    exchange: NASDAQ,
    anchorCents: 7_352,
    drift: 0.01,
    swing: 0.02,
    dividend: { perShare: 0.23, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 5 },
  },
  FXAIX: {
    ticker: 'FXAIX',
    name: 'Fidelity 500 Index Fund',
    kind: 'mutualfund',
    exchange: NASDAQ,
    anchorCents: 21_468,
    drift: 0.11,
    swing: 0.05,
    dividend: { perShare: 0.66, months: [4, 7, 10, 12], day: 7 },
  },
} as const satisfies Record<Ticker, SecurityInfo>;

const ANCHOR_DATE = '2025-06-30';
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

export function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The date itself on a weekday, else the next Monday (markets and ACH settle on business days). */
export function businessDayOnOrAfter(date: string): string {
  let day = date;
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

export function businessDayOnOrBefore(date: string): string {
  let day = date;
  while (isWeekend(day)) day = addDays(day, -1);
  return day;
}

export function addBusinessDays(date: string, count: number): string {
  let day = date;
  for (let added = 0; added < count; ) {
    day = addDays(day, 1);
    if (!isWeekend(day)) added += 1;
  }
  return day;
}

/** `YYYY-MM-DD` of `day` (clamped to the month's length) in `year`-`month`. */
export function dateInMonth(year: number, month: number, day: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** Closing price in cents on `date` (a weekend gets Friday's close). */
export function priceCents(ticker: Ticker, date: string): number {
  const security: SecurityInfo = SECURITIES[ticker];
  const tradingDay = businessDayOnOrBefore(date);
  const years = (dayNumber(tradingDay) - dayNumber(ANCHOR_DATE)) / 365.25;
  const phase = (hashString(`phase:${ticker}`) / 2 ** 32) * 2 * Math.PI;
  const slow = Math.sin((2 * Math.PI * years) / 1.7 + phase) * security.swing;
  const fast = Math.sin((2 * Math.PI * years) / 0.31 + phase * 1.7) * security.swing * 0.35;
  const daily = (hashString(`close:${ticker}:${tradingDay}`) / 2 ** 32 - 0.5) * 0.02;
  const slowAtAnchor = Math.sin(phase) * security.swing;
  const fastAtAnchor = Math.sin(phase * 1.7) * security.swing * 0.35;
  // Normalised so the price on the anchor day is close to the real one.
  const level = Math.exp(security.drift * years) * ((1 + slow + fast) / (1 + slowAtAnchor + fastAtAnchor));
  return Math.max(1, Math.round(security.anchorCents * level * (1 + daily)));
}

/** Dividend per share in micro-dollars (1e-6 USD) paid on `date`, or 0 when none is paid that day. */
export function dividendMicrosPerShare(ticker: Ticker, date: string): number {
  const dividend: SecurityInfo['dividend'] = SECURITIES[ticker].dividend;
  if (!dividend) return 0;
  const [yearText, monthText] = date.split('-');
  const year = Number(yearText);
  const month = Number(monthText);
  if (!dividend.months.includes(month)) return 0;
  if (businessDayOnOrAfter(dateInMonth(year, month, dividend.day)) !== date) return 0;
  const base = month === 12 && dividend.december !== undefined ? dividend.december : dividend.perShare;
  const years = (dayNumber(date) - dayNumber(ANCHOR_DATE)) / 365.25;
  // Raised once a year (4 %), like most payers; four decimals as issuers declare them.
  const raised = base * 1.04 ** Math.floor(years);
  return Math.round(raised * 10_000) * 100;
}
