import type { FlowFilter } from './batch-words.ts';
import { addDays, centsOf, flows, isIncome, type Period, usd } from './expected.ts';
import { daysIn } from './expected-reading.ts';
import { safeDivide } from './expected-typed-2.ts';
import { sumOf } from './expected-typed-4.ts';
import { bankBalanceAt } from './expected-typed-9.ts';
import type { Expect } from './question-types.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the eleventh typed batch (tuning-typed-11.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * definitions of docs/agent.md. What it adds:
 * - the mean of a period's income payments under a filter (a "typical dividend");
 * - a bank account kind's balance at the end of each day of a period, their mean and their lowest;
 * - the brokerage accounts' total value as the brokerage reports it;
 * - the tickers ranked by the dividends they paid in a period;
 * - the accounts ranked by the interest they paid in a period (by account name);
 * - a pair of figures where a zero is no figure to state.
 * Nothing here throws on an empty period: it answers 0 (or an empty list).
 */

const within = (day: string, period: Period) => day >= period.start && day <= period.end;

type BankKind = 'checking' | 'savings' | 'credit';

// ---------------------------------------------------------------------------------------------------
// Income

/** The mean of the period's income payments under the filter (0 when there is none). */
export function meanIncomePayment(raw: RawData, period: Period, filter: FlowFilter): number {
  const amounts = flows(raw)
    .filter((flow) => isIncome(flow) && flow.cents > 0 && within(flow.date, period) && filter(flow))
    .map((flow) => flow.cents);
  return safeDivide(sumOf(amounts), amounts.length);
}

/** The tickers whose brokerage dividends added up to the most in the period, largest first. */
export function topDividendTickers(raw: RawData, period: Period, count: number): string[] {
  const totals = new Map<string, number>();
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts)
      for (const activity of account.activities)
        if (activity.type === 'DIVIDEND' && activity.ticker !== null && within(activity.tradeDate, period))
          totals.set(activity.ticker, (totals.get(activity.ticker) ?? 0) + centsOf(activity.amount));
  return [...totals]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, count)
    .map(([ticker]) => ticker);
}

/** Every account's id → its name (bank and brokerage). */
function accountNames(raw: RawData): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of raw.plaid)
    for (const account of item.accounts) names.set(account.account_id, account.name);
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts) names.set(account.id, account.name);
  return names;
}

/** The accounts' names ranked by the interest they paid in the period, largest first. */
export function interestByAccount(raw: RawData, period: Period): { name: string; cents: number }[] {
  const names = accountNames(raw);
  const totals = new Map<string, number>();
  for (const flow of flows(raw))
    if (isIncome(flow) && flow.detailed === 'INCOME_INTEREST_EARNED' && within(flow.date, period)) {
      const name = names.get(flow.accountId) ?? '?';
      totals.set(name, (totals.get(name) ?? 0) + flow.cents);
    }
  return [...totals]
    .map(([name, cents]) => ({ name, cents }))
    .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name));
}

// ---------------------------------------------------------------------------------------------------
// Balances

/** The balance of the bank's accounts of the kind at the end of each day of the period. */
export const dailyBalances = (raw: RawData, kind: BankKind, period: Period): number[] =>
  Array.from({ length: daysIn(period) }, (_, index) =>
    bankBalanceAt(raw, kind, addDays(period.start, index)),
  );

/** The mean of the end-of-day balances over the period. */
export const meanDailyBalance = (raw: RawData, kind: BankKind, period: Period): number => {
  const list = dailyBalances(raw, kind, period);
  return safeDivide(sumOf(list), list.length);
};

/** The lowest end-of-day balance of the period. */
export const lowestBalance = (raw: RawData, kind: BankKind, period: Period): number =>
  Math.min(...dailyBalances(raw, kind, period));

/** The SnapTrade accounts' total value as the brokerage reports it. */
export const brokerageTotal = (raw: RawData): number =>
  sumOf(
    raw.brokerages.flatMap((brokerage) => brokerage.accounts).map((account) => centsOf(account.totalValue)),
  );

// ---------------------------------------------------------------------------------------------------
// Expectation shapes

/** The figures, the non-zero ones when some are zero (a zero is no figure to state). */
export const nonZero = (figures: (raw: RawData) => number[]): Expect => ({
  kind: 'amounts',
  values: (raw) => {
    const all = figures(raw);
    const some = all.filter((cents) => cents !== 0);
    return (some.length > 0 ? some : all).map(usd);
  },
});
