import {
  addDays,
  calendarMonth,
  cryptoSymbolCents,
  type Flow,
  flows,
  holdings,
  income,
  isIncome,
  isSpending,
  type Period,
  spending,
  spendingBy,
} from '../expected.ts';
import {
  averageCandidates,
  incomeFlows,
  month,
  purchases,
  spendingFlows,
  weekday,
} from '../held-out/expected.ts';
import type { RawData } from '../raw-data.ts';

/**
 * The second held-out set's own arithmetic over the vendors' raw records, on top of ../expected.ts and
 * ../held-out/expected.ts (the same definitions of spending and income, docs/agent.md "Definitions"):
 * weekend and weekday splits, averages per month, week, weekend and transaction, series, rankings with
 * ties, distinct merchants, investment and crypto groupings. Plain code in integer cents; nothing here
 * comes from the server or picks a reading: the questions ask for every defensible reading's figure.
 */

export type FlowFilter = (flow: Flow) => boolean;
const everything: FlowFilter = () => true;
const within = (date: string, period: Period) => date >= period.start && date <= period.end;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

// ---------------------------------------------------------------------------------------------------
// Days, weeks and months

export const isWeekendDay = (date: string): boolean => weekday(date) === 0 || weekday(date) === 6;
export const onWeekends: FlowFilter = (flow) => isWeekendDay(flow.date);
export const onWeekdays: FlowFilter = (flow) => !isWeekendDay(flow.date);

export const daysOf = (period: Period): string[] => {
  const out: string[] = [];
  for (let date = period.start; date <= period.end; date = addDays(date, 1)) out.push(date);
  return out;
};

/** The Saturdays in the period: the divisor of an average per weekend (docs/agent.md, the ledger query). */
export const saturdaysIn = (period: Period): number =>
  daysOf(period).filter((date) => weekday(date) === 6).length;

/** Calendar months the period touches (a partial month counts as one). */
export function monthsTouched(period: Period): number {
  const [startYear = 0, startMonth = 1] = period.start.split('-').map(Number);
  const [endYear = 0, endMonth = 1] = period.end.split('-').map(Number);
  return (endYear - startYear) * 12 + (endMonth - startMonth) + 1;
}

/** The calendar months of the period, each cut to the period (first and last may be partial). */
export function monthsOf(period: Period): Period[] {
  const out: Period[] = [];
  const [year = 0, first = 1] = period.start.split('-').map(Number);
  for (let index = 0; index < monthsTouched(period); index += 1) {
    const whole = month(year + Math.floor((first - 1 + index) / 12), ((first - 1 + index) % 12) + 1);
    out.push({
      start: whole.start < period.start ? period.start : whole.start,
      end: whole.end > period.end ? period.end : whole.end,
    });
  }
  return out;
}

/** Monday–Sunday weeks of the period, each cut to the period. */
export function weeksOf(period: Period): Period[] {
  const out: Period[] = [];
  let start = period.start;
  while (start <= period.end) {
    let end = start;
    while (weekday(end) !== 0 && end < period.end) end = addDays(end, 1);
    out.push({ start, end });
    start = addDays(end, 1);
  }
  return out;
}

/** The `months` calendar months ending with this one (this month to date): "the last N months" read inclusively. */
export const monthsIncludingThis = (today: string, months: number): Period => ({
  start: calendarMonth(today, months - 1).start,
  end: today,
});

/** The `days` days before `period`'s start ("the 30 days before that"). */
export const daysBefore = (period: Period, days: number): Period => ({
  start: addDays(period.start, -days),
  end: addDays(period.start, -1),
});

/** Every posted day the records hold: from the first flow to today. */
export function allHistory(raw: RawData): Period {
  let first = raw.today;
  for (const flow of flows(raw)) if (flow.date < first) first = flow.date;
  return { start: first, end: raw.today };
}

// ---------------------------------------------------------------------------------------------------
// Filters

export const byMerchants =
  (...names: string[]): FlowFilter =>
  (flow) =>
    names.some((name) => flow.merchant?.toLowerCase() === name.toLowerCase());
export const byDetailedIn =
  (...codes: string[]): FlowFilter =>
  (flow) =>
    codes.includes(flow.detailed ?? '');
export const bySource =
  (source: Flow['source']): FlowFilter =>
  (flow) =>
    flow.source === source;

/** The merchant, or the description when there is none (rankings by merchant, docs/agent.md). */
export const merchantKey = (flow: Flow): string => flow.merchant ?? flow.name;

// ---------------------------------------------------------------------------------------------------
// Totals, averages and series

/** Average spending per calendar month touched: the printed value may round either way. */
export const perMonth = (raw: RawData, period: Period, filter: FlowFilter = everything): number[] =>
  averageCandidates(spending(raw, period, filter), monthsTouched(period));

export const incomePerMonth = (raw: RawData, period: Period, filter: FlowFilter = everything): number[] =>
  averageCandidates(income(raw, period, filter), monthsTouched(period));

/** Average per week: the total ÷ (days ÷ 7). */
export const perWeek = (totalCents: number, period: Period): number[] =>
  averageCandidates(totalCents * 7, daysOf(period).length);

export const perDay = (totalCents: number, period: Period): number[] =>
  averageCandidates(totalCents, daysOf(period).length);

/**
 * The readings of an average per transaction: the net total (refunds in) over the purchases, purchases
 * only over purchases, every spending transaction over their count.
 */
export function perTransaction(raw: RawData, period: Period, filter: FlowFilter = everything): number[][] {
  const every = spendingFlows(raw, period, filter);
  const bought = every.filter((flow) => flow.cents < 0);
  const net = -sum(every.map((flow) => flow.cents));
  return [
    averageCandidates(net, bought.length),
    averageCandidates(-sum(bought.map((flow) => flow.cents)), bought.length),
    averageCandidates(net, every.length),
  ];
}

/** Income per payment (money in) over the period. */
export function perIncomePayment(raw: RawData, period: Period, filter: FlowFilter = everything): number[] {
  const paid = incomeFlows(raw, period, filter).filter((flow) => flow.cents > 0);
  return averageCandidates(sum(paid.map((flow) => flow.cents)), paid.length);
}

export const spendingSeries = (raw: RawData, buckets: Period[], filter: FlowFilter = everything): number[] =>
  buckets.map((bucket) => spending(raw, bucket, filter));
export const incomeSeries = (raw: RawData, buckets: Period[]): number[] =>
  buckets.map((bucket) => income(raw, bucket));
export const netSeries = (raw: RawData, buckets: Period[]): number[] =>
  buckets.map((bucket) => income(raw, bucket) - spending(raw, bucket));

// ---------------------------------------------------------------------------------------------------
// Counts

/** Income payments (money in) of the period. */
export const incomePaymentCount = (raw: RawData, period: Period, filter: FlowFilter = everything): number =>
  incomeFlows(raw, period, filter).filter((flow) => flow.cents > 0).length;

/** The merchants bought from in the period: by merchant name only, and with descriptions standing in. */
export function distinctMerchants(raw: RawData, period: Period): number[] {
  const bought = purchases(raw, period);
  const named = new Set(bought.flatMap((flow) => (flow.merchant ? [flow.merchant] : [])));
  const keyed = new Set(bought.map(merchantKey));
  const spentAt = new Set(spendingFlows(raw, period).map(merchantKey));
  return [...new Set([named.size, keyed.size, spentAt.size])];
}

/** Every posted transaction of the period on the bank's card (payments and refunds too). */
export function cardTransactions(raw: RawData, period: Period): number {
  return flows(raw).filter(
    (flow) =>
      !flow.pending && flow.source === 'plaid' && flow.accountKind === 'credit' && within(flow.date, period),
  ).length;
}

// ---------------------------------------------------------------------------------------------------
// Rankings

export type Ranked = { key: string; cents: number };

/** The groups tied at the top by `key` (all of them, so a tie accepts either name). */
export function topTied(ranked: readonly Ranked[]): Ranked[] {
  const best = ranked[0];
  return best ? ranked.filter((entry) => entry.cents === best.cents) : [];
}

/** The merchants of a filter ranked by number of purchases, most first. */
export function merchantsByCount(raw: RawData, period: Period, filter: FlowFilter = everything): Ranked[] {
  const counts = new Map<string, number>();
  for (const flow of purchases(raw, period, filter))
    counts.set(merchantKey(flow), (counts.get(merchantKey(flow)) ?? 0) + 1);
  return [...counts]
    .map(([key, cents]) => ({ key, cents }))
    .sort((a, b) => b.cents - a.cents || a.key.localeCompare(b.key));
}

export const merchantsBySpend = (raw: RawData, period: Period, filter: FlowFilter = everything): Ranked[] =>
  spendingBy(raw, period, merchantKey, filter);

/** The largest income payment of the period. */
export function largestIncomePayment(raw: RawData, period: Period): number {
  const paid = incomeFlows(raw, period).map((flow) => flow.cents);
  if (paid.length === 0) throw new Error('no income in the period');
  return Math.max(...paid);
}

/** The calendar month (to date for the current one) with the highest value of `measure`, among `buckets`. */
export function bestBucket(buckets: Period[], measure: (bucket: Period) => number): number {
  const values = buckets.map(measure);
  if (values.length === 0) throw new Error('no buckets');
  return Math.max(...values);
}

// ---------------------------------------------------------------------------------------------------
// Income specifics

/** The employer named on the paychecks ('Fabrikam Inc Payroll' → 'Fabrikam Inc'). */
export function employer(raw: RawData): string {
  const wages = flows(raw)
    .filter((flow) => isIncome(flow) && flow.detailed === 'INCOME_WAGES')
    .sort((a, b) => a.date.localeCompare(b.date));
  const latest = wages.at(-1);
  if (!latest) throw new Error('no paychecks in the raw records');
  return latest.name.replace(/\s*Payroll$/i, '');
}

/** The date of the latest paycheck. */
export function latestPayday(raw: RawData): string {
  const dates = flows(raw)
    .filter((flow) => isIncome(flow) && flow.detailed === 'INCOME_WAGES')
    .map((flow) => flow.date)
    .sort();
  const latest = dates.at(-1);
  if (!latest) throw new Error('no paychecks in the raw records');
  return latest;
}

// ---------------------------------------------------------------------------------------------------
// Open questions

/**
 * The categories (detailed) whose last full month is above their own average over the `months` full
 * months before it (docs/agent.md, `cut_back`), with last month's figure.
 */
export function aboveTheirAverage(raw: RawData, months = 3): Ranked[] {
  const last = calendarMonth(raw.today, 1);
  const before: Period = {
    start: calendarMonth(raw.today, months + 1).start,
    end: calendarMonth(raw.today, 2).end,
  };
  const key = (flow: Flow) => flow.detailed ?? flow.primary;
  const usual = new Map(spendingBy(raw, before, key).map((entry) => [entry.key, entry.cents]));
  return spendingBy(raw, last, key).filter((entry) => entry.cents * months > (usual.get(entry.key) ?? 0));
}

/** The latest posted charge at a merchant (a subscription's price). */
export function latestChargeAt(raw: RawData, merchant: string): number {
  const charges = flows(raw)
    .filter((flow) => isSpending(flow) && flow.cents < 0 && flow.merchant === merchant)
    .sort((a, b) => a.date.localeCompare(b.date));
  const last = charges.at(-1);
  if (!last) throw new Error(`no charge at ${merchant}`);
  return -last.cents;
}

// ---------------------------------------------------------------------------------------------------
// Balances, investments and crypto

/** The bank's credit card: what is owed (positive) and the room left on it, two ways. */
export function cardRoom(raw: RawData): { owed: number; roomLeft: number; available: number } {
  for (const item of raw.plaid)
    for (const account of item.accounts)
      if (account.type === 'credit') {
        const owed = Math.round((account.balances.current ?? 0) * 100);
        const limit = Math.round((account.balances.limit ?? 0) * 100);
        return {
          owed,
          roomLeft: limit - owed,
          available: Math.round((account.balances.available ?? 0) * 100),
        };
      }
  throw new Error('no credit card');
}

/** Each security's value, cost and gain across every account (cash left out), by ticker. */
export function positionsByTicker(raw: RawData): { ticker: string; value: number; cost: number }[] {
  const totals = new Map<string, { value: number; cost: number }>();
  for (const row of holdings(raw)) {
    if (row.ticker === 'CASH') continue;
    const entry = totals.get(row.ticker) ?? { value: 0, cost: 0 };
    entry.value += row.valueCents;
    entry.cost += row.costCents;
    totals.set(row.ticker, entry);
  }
  return [...totals].map(([ticker, entry]) => ({ ticker, ...entry }));
}

/** The positions (per account) and the securities (across accounts), each with gain in cents and on cost. */
export function performers(raw: RawData): { ticker: string; gain: number; percent: number }[][] {
  const perPosition = holdings(raw)
    .filter((row) => row.ticker !== 'CASH' && row.costCents > 0)
    .map((row) => ({ ticker: row.ticker, value: row.valueCents, cost: row.costCents }));
  return [perPosition, positionsByTicker(raw)].map((rows) =>
    rows.map((row) => ({
      ticker: row.ticker,
      gain: row.value - row.cost,
      percent: ((row.value - row.cost) / row.cost) * 100,
    })),
  );
}

/** The gain on cost of every position that reports a cost basis (cash left out), in percent. */
export function returnOnCost(raw: RawData): number {
  const rows = holdings(raw).filter((row) => row.ticker !== 'CASH');
  const cost = sum(rows.map((row) => row.costCents));
  return cost === 0 ? 0 : (sum(rows.map((row) => row.valueCents - row.costCents)) / cost) * 100;
}

/** Uninvested cash in investment accounts: every account, and the brokerage connection's only. */
export function investmentCash(raw: RawData): { all: number; brokerageOnly: number; bankOnly: number } {
  const cashRows = holdings(raw).filter((row) => row.ticker === 'CASH');
  let bankOnly = 0;
  for (const item of raw.plaid) {
    const securities = new Map(item.securities.map((security) => [security.security_id, security]));
    for (const holding of item.holdings) {
      const security = securities.get(holding.security_id);
      if (security?.is_cash_equivalent === true || security?.type === 'cash')
        bankOnly += Math.round(holding.institution_value * 100);
    }
  }
  const all = sum(cashRows.map((row) => row.valueCents));
  return { all, brokerageOnly: all - bankOnly, bankOnly };
}

/** The dividends of one ticker (from the brokerage's activity descriptions) in the period. */
export const dividendsOf = (raw: RawData, period: Period, ticker: string): number =>
  income(raw, period, (flow) => flow.detailed === 'INCOME_DIVIDENDS' && flow.name.startsWith(`${ticker} `));

export const STABLECOINS = ['USDC', 'USDT', 'DAI', 'PYUSD'] as const;

export const stablecoinCents = (raw: RawData): number =>
  sum(STABLECOINS.map((symbol) => cryptoSymbolCents(raw, symbol)));

/** The wallet worth most and its value. */
export function richestWallet(raw: RawData, walletCents: (wallet: RawData['wallets'][number]) => number) {
  const ranked = raw.wallets
    .map((wallet) => ({ name: wallet.accountName, tag: wallet.tag, cents: walletCents(wallet) }))
    .sort((a, b) => b.cents - a.cents);
  const top = ranked[0];
  if (!top) throw new Error('no wallets');
  return top;
}
