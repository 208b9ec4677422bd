import {
  addDays,
  assetCents,
  balances,
  byDetailed,
  byPrimary,
  calendarMonth,
  centsOf,
  type Flow,
  flows,
  holdings,
  isSpending,
  type Period,
  spending,
} from './expected.ts';
import { daysIn, merchantKey, monthSpan, purchases } from './expected-reading.ts';
import { paychecks, safeDivide, tickerTotals } from './expected-typed-2.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the third typed batch (tuning-typed-3.ts) needs beyond expected.ts,
 * expected-reading.ts, expected-typed.ts and expected-typed-2.ts, in integer cents over the vendors' raw
 * records, with the same definitions (spending, income, purchases, averages as those files state them).
 * What it adds:
 * - "this week" runs from this week's Monday to today; "since june" from June 1 of the latest June that
 *   has started to today;
 * - a week split of this month is either Monday–Sunday weeks cut to the month, or 7-day blocks from the
 *   1st (1–7, 8–14, ...), each cut at today; both are accepted;
 * - an average per weekend = weekend spending ÷ the Saturdays (or the Sundays) in the period;
 * - "card spending" is spending on the bank's credit card;
 * - the savings balance at the start of a period = today's balance − the posted savings flows since;
 * - a class's performance is its unrealised gain (value − cost) over every account, cash left out;
 * - Roth contributions are the brokerage's CONTRIBUTION activities in a Roth account, by trade date (or
 *   by the tax year the description names);
 * - stablecoins are USDC, USDT, DAI and PYUSD; "international" holdings are VXUS (the only
 *   international fund the sandbox holds).
 * Nothing here throws on an empty period: it answers 0.
 */

type FlowFilter = (flow: Flow) => boolean;

const within = (day: string, period: Period) => day >= period.start && day <= period.end;
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay(); // Sunday = 0
const yearOf = (day: string) => Number(day.slice(0, 4));
const sum = (list: readonly number[]) => list.reduce((total, cents) => total + cents, 0);

// ---------------------------------------------------------------------------------------------------
// Filters

export const INTERNET = byDetailed('RENT_AND_UTILITIES_INTERNET_AND_CABLE');
export const TELEPHONE = byDetailed('RENT_AND_UTILITIES_TELEPHONE');
export const ONLINE_SHOPPING = byDetailed('GENERAL_MERCHANDISE_ONLINE_MARKETPLACES');
export const SHOPPING = byPrimary('GENERAL_MERCHANDISE');
export const FOOD_OUT = byDetailed('FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD');

/** A transaction on the bank's credit card. */
export const onCard: FlowFilter = (flow) => flow.source === 'plaid' && flow.accountKind === 'credit';

/** A transaction in an investment account (income there: dividends and cash interest). */
export const inInvestments: FlowFilter = (flow) => flow.accountKind === 'investment';

export const STABLECOINS: readonly string[] = ['USDC', 'USDT', 'DAI', 'PYUSD'];
export const INTERNATIONAL: readonly string[] = ['VXUS'];
export const BONDS: readonly string[] = ['BND', 'BNDX', 'AGG', 'TLT', 'VBTLX'];

// ---------------------------------------------------------------------------------------------------
// Periods

/** This week's Monday to today. */
export function thisWeek(today: string): Period {
  return { start: addDays(today, -((weekdayOf(today) + 6) % 7)), end: today };
}

/** From the first of the latest `month` (1–12) that has started to today ("since june"). */
export const sinceMonth = (today: string, month: number): Period => ({
  start: monthSpan(today, month).start,
  end: today,
});

/** The `count` whole months before the `skip` whole months before this one ("the 3 before those"). */
export const fullMonthsBefore = (today: string, count: number, skip: number): Period => ({
  start: calendarMonth(today, skip + count).start,
  end: calendarMonth(today, skip + 1).end,
});

/** The period without today (when it has another day). */
export const beforeToday = (period: Period, today: string): Period =>
  period.end === today && period.start < today ? { start: period.start, end: addDays(today, -1) } : period;

/** This month's Monday–Sunday weeks cut to the month and to today, oldest first. */
export function calendarWeeksThisMonth(today: string): Period[] {
  const out: Period[] = [];
  let start = `${today.slice(0, 8)}01`;
  while (start <= today) {
    const sunday = addDays(start, (7 - weekdayOf(start)) % 7);
    const end = sunday < today ? sunday : today;
    out.push({ start, end });
    start = addDays(end, 1);
  }
  return out;
}

/** This month's 7-day blocks from the 1st (1–7, 8–14, ...) cut at today, oldest first. */
export function weekBlocksThisMonth(today: string): Period[] {
  const out: Period[] = [];
  let start = `${today.slice(0, 8)}01`;
  while (start <= today) {
    const seventh = addDays(start, 6);
    const end = seventh < today ? seventh : today;
    out.push({ start, end });
    start = addDays(end, 1);
  }
  return out;
}

/** How many days of the period fall on the weekday (Sunday = 0, Saturday = 6). */
export function weekdaysIn(period: Period, weekday: number): number {
  let count = 0;
  for (let day = period.start; day <= period.end; day = addDays(day, 1))
    if (weekdayOf(day) === weekday) count++;
  return count;
}

// ---------------------------------------------------------------------------------------------------
// Spending

/** The period list's spending, one figure each. */
export const seriesOf = (raw: RawData, list: readonly Period[], filter: FlowFilter = () => true): number[] =>
  list.map((period) => spending(raw, period, filter));

/** Spending per day over the period's days, 0 over nothing. */
export const perDayOf = (cents: number, period: Period): number => safeDivide(cents, daysIn(period));

/** Spending per week over the period's days (total × 7 ÷ days). */
export const perWeekOf = (cents: number, period: Period): number => safeDivide(cents * 7, daysIn(period));

/** Half of an amount, rounded down and up (both fair to the cent). */
export const halves = (cents: number): number[] => [
  ...new Set([Math.floor(cents / 2), Math.ceil(cents / 2)]),
];

/** The purchases of the period under the filter: how many. */
export const countOf = (raw: RawData, period: Period, filter: FlowFilter = () => true): number =>
  purchases(raw, period, filter).length;

/** Every posted transaction of the period under the filter (card payments and refunds too). */
export const postedCount = (raw: RawData, period: Period, filter: FlowFilter): number =>
  flows(raw).filter((flow) => !flow.pending && within(flow.date, period) && filter(flow)).length;

/** The cheapest (least spending) period of the list, and its spending. */
export function cheapest(raw: RawData, list: readonly Period[]): { period: Period; cents: number } {
  let best: { period: Period; cents: number } | null = null;
  for (const period of list) {
    const cents = spending(raw, period);
    if (best === null || cents < best.cents) best = { period, cents };
  }
  return best ?? { period: calendarMonth(raw.today, 0), cents: 0 };
}

/** The merchant with the most spending in the period under the filter, and its spending ('' when none). */
export function topMerchantWithCents(
  raw: RawData,
  period: Period,
  filter: FlowFilter,
): { name: string; cents: number } {
  const totals = new Map<string, number>();
  for (const flow of flows(raw)) {
    if (!isSpending(flow) || !within(flow.date, period) || !filter(flow)) continue;
    totals.set(merchantKey(flow), (totals.get(merchantKey(flow)) ?? 0) - flow.cents);
  }
  const [top] = [...totals].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return top ? { name: top[0], cents: top[1] } : { name: '', cents: 0 };
}

/**
 * "Where am I overspending": last full month's spending per detailed category against that category's
 * average over the 3 full months before it (their total ÷ 3); the category furthest above its average,
 * with last month's spending and the average.
 */
export function mostOverspent(raw: RawData): { detailed: string; last: number; average: number } {
  const last = calendarMonth(raw.today, 1);
  const before = { start: calendarMonth(raw.today, 4).start, end: calendarMonth(raw.today, 2).end };
  const categories = new Set(
    flows(raw)
      .filter((flow) => isSpending(flow) && within(flow.date, last))
      .map((flow) => flow.detailed ?? flow.primary ?? ''),
  );
  let best = { detailed: '', last: 0, average: 0 };
  let bestExcess = 0;
  for (const category of categories) {
    const inCategory: FlowFilter = (flow) => (flow.detailed ?? flow.primary ?? '') === category;
    const lastCents = spending(raw, last, inCategory);
    const average = safeDivide(spending(raw, before, inCategory), 3);
    if (lastCents - average > bestExcess) {
      bestExcess = lastCents - average;
      best = { detailed: category, last: lastCents, average };
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// Income

/** The distinct amounts of the period's paychecks, in the order they were first paid. */
export const distinctPaychecks = (raw: RawData, period: Period): number[] => [
  ...new Set(paychecks(raw, period).map((flow) => flow.cents)),
];

// ---------------------------------------------------------------------------------------------------
// Balances

/** The account with the largest balance (wallets included). */
export function richestAccount(raw: RawData): { name: string; cents: number } {
  const [top] = [...balances(raw)].sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name));
  return top ? { name: top.name, cents: top.cents } : { name: '', cents: 0 };
}

/** The balances of the accounts whose name matches, in the order the records list them. */
export const balancesMatching = (raw: RawData, pattern: RegExp): number[] =>
  balances(raw)
    .filter((balance) => pattern.test(balance.name))
    .map((balance) => balance.cents);

/** Every account's balance as a positive amount (what is owed on the card too); wallets optionally left out. */
export const balanceAmounts = (raw: RawData, wallets: boolean): number[] =>
  balances(raw)
    .filter((balance) => wallets || balance.kind !== 'wallet')
    .map((balance) => Math.abs(balance.cents));

/** The posted flows of the bank's savings account in the period (+ = in). */
export const savingsFlows = (raw: RawData, period: Period): number =>
  sum(
    flows(raw)
      .filter(
        (flow) =>
          !flow.pending &&
          flow.source === 'plaid' &&
          flow.accountKind === 'savings' &&
          within(flow.date, period),
      )
      .map((flow) => flow.cents),
  );

/** The savings balance today and at the start of the period (today's less the period's posted flows). */
export function savingsAtStart(raw: RawData, period: Period): { start: number; now: number } {
  const now = sum(
    balances(raw)
      .filter((balance) => balance.kind === 'savings')
      .map((balance) => balance.cents),
  );
  return { start: now - savingsFlows(raw, { start: period.start, end: raw.today }), now };
}

// ---------------------------------------------------------------------------------------------------
// Investments

/** The unrealised gain (value − cost) of one asset class over every account. */
export const classGain = (raw: RawData, assetClass: string): number =>
  sum(
    tickerTotals(raw)
      .filter((entry) => entry.assetClass === assetClass)
      .map((entry) => entry.valueCents - entry.costCents),
  );

/** The cost of everything invested (cash left out). */
export const investedCost = (raw: RawData): number => sum(tickerTotals(raw).map((entry) => entry.costCents));

/** The value of these tickers over every account. */
export const tickersValue = (raw: RawData, tickers: readonly string[]): number =>
  sum(
    holdings(raw)
      .filter((row) => tickers.includes(row.ticker))
      .map((row) => row.valueCents),
  );

/** The `count` securities worth most (over every account), optionally of one class only. */
export const topTickers = (raw: RawData, count: number, assetClass?: string): string[] =>
  tickerTotals(raw)
    .filter((entry) => assetClass === undefined || entry.assetClass === assetClass)
    .sort((a, b) => b.valueCents - a.valueCents || a.ticker.localeCompare(b.ticker))
    .slice(0, count)
    .map((entry) => entry.ticker);

/** The unrealised gain of the holdings of the accounts whose name matches (cash left out). */
export const accountGain = (raw: RawData, pattern: RegExp): number =>
  sum(
    holdings(raw)
      .filter((row) => row.ticker !== 'CASH' && pattern.test(row.account))
      .map((row) => row.valueCents - row.costCents),
  );

/** The cost of the holdings of the accounts whose name matches (cash left out). */
export const accountCost = (raw: RawData, pattern: RegExp): number =>
  sum(
    holdings(raw)
      .filter((row) => row.ticker !== 'CASH' && pattern.test(row.account))
      .map((row) => row.costCents),
  );

/**
 * Contributions to the brokerage's Roth accounts: by trade date within the period, or (`taxYear`) every
 * contribution whose description names that year.
 */
export function rothContributions(raw: RawData, by: { period: Period } | { taxYear: number }): number {
  let cents = 0;
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts) {
      if (!/roth/i.test(account.name)) continue;
      for (const activity of account.activities) {
        if (activity.type !== 'CONTRIBUTION') continue;
        const counted =
          'period' in by
            ? within(activity.tradeDate, by.period)
            : (activity.description ?? '').includes(String(by.taxYear));
        if (counted) cents += centsOf(activity.amount);
      }
    }
  return cents;
}

/** How many linked accounts have a name matching the pattern. */
export const accountsMatching = (raw: RawData, pattern: RegExp): number =>
  balances(raw).filter((balance) => pattern.test(balance.name)).length;

// ---------------------------------------------------------------------------------------------------
// Crypto

/** The wallet worth most: its tag (what the app names it by) and value. */
export function richestWallet(raw: RawData): { tag: string; cents: number } {
  const valued = raw.wallets.map((wallet) => ({
    tag: wallet.tag,
    cents: sum(wallet.assets.map((asset) => assetCents(asset))),
  }));
  const [top] = valued.sort((a, b) => b.cents - a.cents || a.tag.localeCompare(b.tag));
  return top ?? { tag: '', cents: 0 };
}

/** The value of these symbols over every wallet. */
export const symbolsCents = (raw: RawData, symbols: readonly string[]): number =>
  sum(
    raw.wallets.flatMap((wallet) =>
      wallet.assets.filter((asset) => symbols.includes(asset.symbol)).map((asset) => assetCents(asset)),
    ),
  );

/** The units of a symbol over every wallet, rounded half up to `places` decimals: '17.15'. */
export function symbolUnitsRounded(raw: RawData, symbol: string, places: number): string {
  let units = 0n;
  let decimals = 0;
  for (const wallet of raw.wallets)
    for (const asset of wallet.assets)
      if (asset.symbol === symbol) {
        units += BigInt(asset.units);
        decimals = asset.decimals;
      }
  const drop = BigInt(Math.max(0, decimals - places));
  const step = 10n ** drop;
  const scaled = drop === 0n ? units : (units + step / 2n) / step;
  const text = scaled.toString().padStart(places + 1, '0');
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
}

// ---------------------------------------------------------------------------------------------------
// Years

export const lastYearNumber = (raw: RawData): number => yearOf(raw.today) - 1;
