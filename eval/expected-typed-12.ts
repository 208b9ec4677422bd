import type { FlowFilter } from './batch-words.ts';
import { addDays, balances, byPrimary, flows, isSpending, type Period, spendingBy } from './expected.ts';
import type { RawData } from './raw-data.ts';
import { RENT } from './reading-expect.ts';

/**
 * The plain arithmetic the twelfth typed batch (tuning-typed-12.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * definitions of docs/agent.md. What it adds:
 * - Thanksgiving (the fourth Thursday of November) and the weeks around a day;
 * - a month's first seven days and its first whole Monday–Sunday week;
 * - the holidays of a year, each fair reading of them;
 * - the category with the least (positive) spending in a period;
 * - purchases under an amount (money out only, so a refund is no purchase);
 * - utilities: rent and utilities without the rent;
 * - the accounts holding the most money;
 * - the total interest of an amortising loan.
 * Nothing here throws on an empty period: it answers 0 (or an empty list).
 */

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay(); // Sunday = 0
const cut = (period: Period, today: string): Period => ({
  start: period.start,
  end: period.end < today ? period.end : today,
});

// ---------------------------------------------------------------------------------------------------
// Periods

/** The fourth Thursday of November of `year`. */
export function thanksgivingOf(year: number): string {
  const first = `${year}-11-01`;
  const firstThursday = addDays(first, (4 - weekdayOf(first) + 7) % 7);
  return addDays(firstThursday, 21);
}

/** The latest Thanksgiving that is not after today. */
export function latestThanksgiving(today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = thanksgivingOf(year);
  return thisYear <= today ? thisYear : thanksgivingOf(year - 1);
}

/** The week around a day, Monday–Sunday and Sunday–Saturday (cut at today). */
export function weeksAround(day: string, today: string): Period[] {
  const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
  const sunday = addDays(day, -weekdayOf(day));
  return [
    cut({ start: monday, end: addDays(monday, 6) }, today),
    cut({ start: sunday, end: addDays(sunday, 6) }, today),
  ];
}

/** "The first week of" a month: its 1st to 7th, or its first whole Monday–Sunday week. */
export function firstWeeksOf(month: Period): Period[] {
  const monday = addDays(month.start, (8 - weekdayOf(month.start)) % 7);
  return [
    { start: month.start, end: addDays(month.start, 6) },
    { start: monday, end: addDays(monday, 6) },
  ];
}

/** "The holidays" of `year`: December, or Thanksgiving to the year's end or to New Year's Day. */
export const holidaysOf = (year: number): Period[] => [
  { start: `${year}-12-01`, end: `${year}-12-31` },
  { start: thanksgivingOf(year), end: `${year}-12-31` },
  { start: thanksgivingOf(year), end: `${year + 1}-01-01` },
];

// ---------------------------------------------------------------------------------------------------
// Filters

/** A purchase (money out) of less than `dollars`: refunds are no purchases. */
export const purchaseUnder =
  (dollars: number): FlowFilter =>
  (flow) =>
    flow.cents < 0 && -flow.cents < dollars * 100;

/** Utilities: the rent and utilities category without the rent. */
export const UTILITIES: FlowFilter = (flow) => byPrimary('RENT_AND_UTILITIES')(flow) && !RENT(flow);

// ---------------------------------------------------------------------------------------------------
// Rankings and balances

/** The category (at the level) with the least positive spending in the period, 0 when none. */
export const smallestCategory = (raw: RawData, period: Period, level: 'primary' | 'detailed'): number =>
  spendingBy(raw, period, (flow) => flow[level])
    .filter((entry) => entry.cents > 0)
    .at(-1)?.cents ?? 0;

/** The `count` accounts (wallets too) that hold the most money, largest first. */
export const topBalances = (raw: RawData, count: number): number[] =>
  balances(raw)
    .map((balance) => balance.cents)
    .filter((cents) => cents > 0)
    .sort((a, b) => b - a)
    .slice(0, count);

// ---------------------------------------------------------------------------------------------------
// Calculators

/**
 * The interest over the life of an amortising loan: the payments less the principal, in cents, with the
 * payment rounded to the cent first and without (both fair to the cent).
 */
export function loanInterest(input: {
  principal: number;
  annualRatePercent: number;
  years: number;
}): number[] {
  const rate = input.annualRatePercent / 100 / 12;
  const count = input.years * 12;
  const payment = (input.principal * rate) / (1 - (1 + rate) ** -count);
  const rounded = Math.round(payment * 100);
  return [
    ...new Set([
      rounded * count - input.principal * 100,
      Math.round((payment * count - input.principal) * 100),
    ]),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Refunds

/** The period's refunds: posted spending transactions that brought money back, their total. */
export const refundTotal = (raw: RawData, period: Period): number =>
  flows(raw)
    .filter(
      (flow) => isSpending(flow) && flow.cents > 0 && flow.date >= period.start && flow.date <= period.end,
    )
    .reduce((sum, flow) => sum + flow.cents, 0);
