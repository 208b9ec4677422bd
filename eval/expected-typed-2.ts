import {
  addDays,
  assetCents,
  balances,
  byPrimary,
  calendarMonth,
  centsOfNumber,
  type Flow,
  flows,
  holdings,
  income,
  investmentsValue,
  isIncome,
  type Period,
  periods,
  spending,
  spendingBy,
} from './expected.ts';
import {
  divideRounded,
  firstPostedDay,
  lastWeekend,
  merchantKey,
  monthsTouched,
  purchases,
} from './expected-reading.ts';
import { bankCash, WAGES } from './expected-typed.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the second typed batch (tuning-typed-2.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed.ts, in integer cents over the vendors' raw records, with the
 * same definitions (spending, income, purchases, averages as those files state them). What it adds:
 * - "usually" / "normally" / "a month" with no period named: an average over one of the usual windows
 *   (the last 3, 6 or 12 whole months, this year's whole months, or this year to date over the months it
 *   touches); every one of them is accepted;
 * - an average per visit or per order = the spending total ÷ the purchases, or the plain mean of the
 *   purchase amounts (refunds left aside); both are accepted;
 * - the monthly surplus = (income − spending) of whole months ÷ their number;
 * - a ticker's performance is its unrealised gain across every account that holds it, in dollars
 *   (value − cost) or in percent of its cost; cash is never a performer;
 * - a coin's holding adds its units and values over every wallet; a "coin" is a symbol;
 * - the biggest deposit is the largest posted income payment, or the largest posted money in to a
 *   checking or savings account, or the largest posted money in to any account.
 * Nothing here throws on an empty period: it answers 0 (an average over nothing is 0).
 */

type FlowFilter = (flow: Flow) => boolean;
const all: FlowFilter = () => true;

const within = (day: string, period: Period) => day >= period.start && day <= period.end;
const monthOf = (day: string) => Number(day.slice(5, 7));

export const FOOD = byPrimary('FOOD_AND_DRINK');

// ---------------------------------------------------------------------------------------------------
// Periods

/** The `count` whole calendar months before this one, oldest first. */
export const wholeMonthsBack = (today: string, count: number): Period[] =>
  Array.from({ length: count }, (_, index) => calendarMonth(today, count - index));

/** This year's whole months (January to last month); in January, last year. */
export function fullMonthsThisYear(today: string): Period {
  if (monthOf(today) === 1) return periods.lastYear(today);
  return { start: `${today.slice(0, 4)}-01-01`, end: calendarMonth(today, 1).end };
}

/** Each whole month of this year before this one, oldest first (none in January). */
export const wholeMonthsThisYear = (today: string): Period[] => wholeMonthsBack(today, monthOf(today) - 1);

/** Each month of this year, this one to date last. */
export const monthsThisYear = (today: string): Period[] => [
  ...wholeMonthsThisYear(today),
  calendarMonth(today, 0),
];

/** Each calendar month the period touches, cut to the period (a quarter's three months). */
export function monthsWithin(period: Period): Period[] {
  const out: Period[] = [];
  let start = period.start;
  while (start <= period.end) {
    const [year = 0, number = 1] = start.split('-').map(Number);
    const end = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
    out.push({ start, end: end < period.end ? end : period.end });
    start = new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 10);
  }
  return out;
}

/** The calendar quarter today is in, to date. */
export function currentQuarter(today: string): Period {
  const quarter = Math.floor((monthOf(today) - 1) / 3);
  const start = `${today.slice(0, 4)}-${String(quarter * 3 + 1).padStart(2, '0')}-01`;
  return { start, end: today };
}

/** Every day of the linked history. */
export const wholeHistory = (raw: RawData): Period => ({ start: firstPostedDay(raw), end: raw.today });

/**
 * The windows an average with no period named may fairly cover: the last 3, 6 and 12 whole months,
 * this year's whole months, this year to date (over the months it touches).
 */
export const USUAL_PERIODS: readonly ((today: string) => Period)[] = [
  (today) => periods.lastFullMonths(today, 3),
  (today) => periods.lastFullMonths(today, 6),
  (today) => periods.lastFullMonths(today, 12),
  fullMonthsThisYear,
  periods.thisYear,
];

/** "Last weekend" (the latest Saturday–Sunday that ended before today) and the weekend before it. */
export function weekendBefore(today: string): Period {
  const weekend = lastWeekend(today);
  return { start: addDays(weekend.start, -7), end: addDays(weekend.end, -7) };
}

// ---------------------------------------------------------------------------------------------------
// Averages

/** `numerator / denominator` half away from zero, 0 over nothing. */
export const safeDivide = (numerator: number, denominator: number): number =>
  denominator === 0 ? 0 : divideRounded(numerator, denominator);

/** Average per month over the calendar months the period touches. */
export const monthly = (cents: number, period: Period): number => safeDivide(cents, monthsTouched(period));

/** Spending per purchase (total ÷ purchases), 0 when there is none. */
export const perVisit = (raw: RawData, period: Period, filter: FlowFilter = all): number =>
  safeDivide(spending(raw, period, filter), purchases(raw, period, filter).length);

/** The plain mean of the purchase amounts (refunds left aside), 0 when there is none. */
export function meanPurchase(raw: RawData, period: Period, filter: FlowFilter = all): number {
  const amounts = purchases(raw, period, filter).map((flow) => -flow.cents);
  return safeDivide(
    amounts.reduce((sum, cents) => sum + cents, 0),
    amounts.length,
  );
}

/** Income minus spending per whole month, averaged over the `count` whole months before this one. */
export function monthlySurplus(raw: RawData, count: number): number {
  const period = periods.lastFullMonths(raw.today, count);
  return safeDivide(income(raw, period) - spending(raw, period), count);
}

// ---------------------------------------------------------------------------------------------------
// Spending by month, category, merchant

/** The month of the list with the most spending, and the spending. */
export function mostExpensive(raw: RawData, list: Period[]): { period: Period; cents: number } {
  let best = { period: list[0] ?? calendarMonth(raw.today, 0), cents: Number.NEGATIVE_INFINITY };
  for (const period of list) {
    const cents = spending(raw, period);
    if (cents > best.cents) best = { period, cents };
  }
  return { period: best.period, cents: Number.isFinite(best.cents) ? best.cents : 0 };
}

const MONTH_ABBREVIATIONS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];

/** 'oct' for a period starting in October: in 'October', 'Oct 2026' and 'october' alike. */
export const monthWord = (period: Period): string => MONTH_ABBREVIATIONS[monthOf(period.start) - 1] ?? '';

/** The `count` merchants with the most spending in the period under the filter. */
export const topMerchantsWhere = (
  raw: RawData,
  period: Period,
  filter: FlowFilter,
  count: number,
): string[] =>
  spendingBy(raw, period, merchantKey, filter)
    .slice(0, count)
    .map((entry) => entry.key);

/** The largest purchase of the period (cents spent), 0 when there is none. */
export const biggestPurchase = (raw: RawData, period: Period, filter: FlowFilter = all): number =>
  Math.max(0, ...purchases(raw, period, filter).map((flow) => -flow.cents));

// ---------------------------------------------------------------------------------------------------
// Income

/** The period's posted paychecks (INCOME_WAGES paid in), oldest first. */
export const paychecks = (raw: RawData, period: Period): Flow[] =>
  flows(raw)
    .filter((flow) => isIncome(flow) && WAGES(flow) && flow.cents > 0 && within(flow.date, period))
    .sort((a, b) => a.date.localeCompare(b.date));

/** The mean paycheck of the period, 0 when there is none. */
export function meanPaycheck(raw: RawData, period: Period): number {
  const list = paychecks(raw, period);
  return safeDivide(
    list.reduce((sum, flow) => sum + flow.cents, 0),
    list.length,
  );
}

/** The latest posted paycheck's amount. */
export const lastPaycheck = (raw: RawData): number => paychecks(raw, wholeHistory(raw)).at(-1)?.cents ?? 0;

/** The employer, as the payroll deposits name it ('Tailwind Labs Payroll' → 'Tailwind Labs'). */
export function employerName(raw: RawData): string {
  const latest = paychecks(raw, wholeHistory(raw)).at(-1);
  return latest ? latest.name.replace(/\s*payroll\s*$/i, '') : 'payroll';
}

/** The period's interest on the bank's savings account (not the brokerage's cash interest). */
export const savingsInterest = (raw: RawData, period: Period): number =>
  flows(raw)
    .filter(
      (flow) =>
        isIncome(flow) &&
        flow.detailed === 'INCOME_INTEREST_EARNED' &&
        flow.source === 'plaid' &&
        flow.accountKind === 'savings' &&
        within(flow.date, period),
    )
    .reduce((sum, flow) => sum + flow.cents, 0);

/** The largest posted income payment in the period. */
export const largestIncomePayment = (raw: RawData, period: Period): number =>
  Math.max(
    0,
    ...flows(raw)
      .filter((flow) => isIncome(flow) && within(flow.date, period))
      .map((flow) => flow.cents),
  );

/** The largest posted money in to a checking or savings account in the period. */
export const largestBankDeposit = (raw: RawData, period: Period): number =>
  Math.max(
    0,
    ...flows(raw)
      .filter(
        (flow) =>
          !flow.pending &&
          flow.source === 'plaid' &&
          (flow.accountKind === 'checking' || flow.accountKind === 'savings') &&
          within(flow.date, period),
      )
      .map((flow) => flow.cents),
  );

// ---------------------------------------------------------------------------------------------------
// Balances

/** The balances of every account with this name, in the order the records list them. */
export const balancesNamed = (raw: RawData, name: string): number[] =>
  balances(raw)
    .filter((balance) => balance.name === name)
    .map((balance) => balance.cents);

/** The bank's checking balance. */
export const checkingBalance = (raw: RawData): number =>
  balances(raw)
    .filter((balance) => balance.kind === 'checking')
    .reduce((sum, balance) => sum + balance.cents, 0);

/** The bank's savings balance. */
export const savingsBalance = (raw: RawData): number =>
  balances(raw)
    .filter((balance) => balance.kind === 'savings')
    .reduce((sum, balance) => sum + balance.cents, 0);

/** What is owed on the card (a positive number). */
export const cardOwed = (raw: RawData): number =>
  -balances(raw)
    .filter((balance) => balance.kind === 'credit')
    .reduce((sum, balance) => sum + balance.cents, 0);

/** The card's limit less its balance owed, and the available credit the bank reports. */
export function creditLeft(raw: RawData): { limitLessOwed: number; available: number } {
  const cards = raw.plaid.flatMap((item) => item.accounts).filter((account) => account.type === 'credit');
  return {
    limitLessOwed: cards.reduce(
      (sum, card) =>
        sum + centsOfNumber(card.balances.limit ?? 0) - centsOfNumber(card.balances.current ?? 0),
      0,
    ),
    available: cards.reduce((sum, card) => sum + centsOfNumber(card.balances.available ?? 0), 0),
  };
}

/** The cash held in the investment accounts. */
export const investmentCash = (raw: RawData): number =>
  holdings(raw)
    .filter((row) => row.ticker === 'CASH')
    .reduce((sum, row) => sum + row.valueCents, 0);

/** Checking and savings plus the investment accounts' cash. */
export const allCash = (raw: RawData): number => bankCash(raw) + investmentCash(raw);

// ---------------------------------------------------------------------------------------------------
// Investments

export type TickerTotal = { ticker: string; valueCents: number; costCents: number; assetClass: string };

/** Each security's value and cost summed over every account (cash left out). */
export function tickerTotals(raw: RawData): TickerTotal[] {
  const totals = new Map<string, TickerTotal>();
  for (const row of holdings(raw)) {
    if (row.ticker === 'CASH') continue;
    const entry = totals.get(row.ticker) ?? {
      ticker: row.ticker,
      valueCents: 0,
      costCents: 0,
      assetClass: row.assetClass,
    };
    entry.valueCents += row.valueCents;
    entry.costCents += row.costCents;
    totals.set(row.ticker, entry);
  }
  return [...totals.values()];
}

const gainOf = (entry: TickerTotal) => entry.valueCents - entry.costCents;
const returnOf = (entry: TickerTotal) =>
  entry.costCents === 0 ? 0 : (entry.valueCents - entry.costCents) / entry.costCents;

/** The best or worst security by gain in dollars and by return on cost, optionally of one class only. */
export function performer(
  raw: RawData,
  which: 'best' | 'worst',
  by: 'dollars' | 'percent',
  assetClass?: string,
): string {
  const measure = by === 'dollars' ? gainOf : returnOf;
  const sign = which === 'best' ? -1 : 1;
  const [top] = tickerTotals(raw)
    .filter((entry) => assetClass === undefined || entry.assetClass === assetClass)
    .sort((a, b) => sign * (measure(a) - measure(b)) || a.ticker.localeCompare(b.ticker));
  return top?.ticker ?? '';
}

/** The single position (one security in one account) worth most, cash left out. */
export function largestPosition(raw: RawData): { ticker: string; valueCents: number; costCents: number } {
  const [top] = holdings(raw)
    .filter((row) => row.ticker !== 'CASH')
    .sort((a, b) => b.valueCents - a.valueCents || a.ticker.localeCompare(b.ticker));
  return top ?? { ticker: '', valueCents: 0, costCents: 0 };
}

/** The value of one asset class across every account. */
export const classValue = (raw: RawData, assetClass: string): number =>
  holdings(raw)
    .filter((row) => row.assetClass === assetClass)
    .reduce((sum, row) => sum + row.valueCents, 0);

/** `part` as a percentage of everything invested (cash included). */
export const percentOfInvestments = (raw: RawData, part: number): number => {
  const whole = investmentsValue(raw);
  return whole === 0 ? 0 : (part / whole) * 100;
};

/** The value of each account's holding of the ticker. */
export const tickerValuesByAccount = (raw: RawData, ticker: string): number[] =>
  holdings(raw)
    .filter((row) => row.ticker === ticker)
    .map((row) => row.valueCents);

// ---------------------------------------------------------------------------------------------------
// Crypto

/** Each symbol's value over every wallet, largest first. */
export function symbolValues(raw: RawData): { symbol: string; cents: number }[] {
  const totals = new Map<string, number>();
  for (const wallet of raw.wallets)
    for (const asset of wallet.assets)
      totals.set(asset.symbol, (totals.get(asset.symbol) ?? 0) + assetCents(asset));
  return [...totals]
    .map(([symbol, cents]) => ({ symbol, cents }))
    .sort((a, b) => b.cents - a.cents || a.symbol.localeCompare(b.symbol));
}

/** Each single holding (one symbol in one wallet), largest first. */
export const singleHoldings = (raw: RawData): { symbol: string; cents: number }[] =>
  raw.wallets
    .flatMap((wallet) => wallet.assets.map((asset) => ({ symbol: asset.symbol, cents: assetCents(asset) })))
    .sort((a, b) => b.cents - a.cents || a.symbol.localeCompare(b.symbol));

/** The units of a symbol over every wallet, cut (not rounded) to `places` decimals: '0.8273'. */
export function symbolUnitsText(raw: RawData, symbol: string, places: number): string {
  let units = 0n;
  let decimals = 0;
  for (const wallet of raw.wallets)
    for (const asset of wallet.assets)
      if (asset.symbol === symbol) {
        units += BigInt(asset.units);
        decimals = asset.decimals;
      }
  const scaled = units / 10n ** BigInt(Math.max(0, decimals - places));
  const text = scaled.toString().padStart(places + 1, '0');
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
}

// ---------------------------------------------------------------------------------------------------
// Open questions

/** Income and spending of the period, each. */
export const incomeAndSpending = (raw: RawData, period: Period): number[] => [
  income(raw, period),
  spending(raw, period),
];

/** Net cash flow (income − spending) of the period. */
export const netOf = (raw: RawData, period: Period): number => income(raw, period) - spending(raw, period);

/** Savings rate (income − spending) ÷ income of the period, in percent. */
export function savingsRate(raw: RawData, period: Period): number {
  const earned = income(raw, period);
  return earned === 0 ? 0 : ((earned - spending(raw, period)) / earned) * 100;
}
