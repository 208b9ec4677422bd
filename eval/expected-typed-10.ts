import type { FlowFilter, Window } from './batch-words.ts';
import { COUNT_UNITS } from './batch-words.ts';
import { centsOf, centsOfNumber, flows, netWorth, type Period, periods, usd } from './expected.ts';
import { purchaseCount } from './expected-reading.ts';
import {
  incomeAndSpending,
  meanPurchase,
  monthWord,
  netOf,
  perVisit,
  savingsRate,
} from './expected-typed-2.ts';
import { sumOf, topCategories } from './expected-typed-4.ts';
import { incomeSeries } from './expected-typed-5.ts';
import { bankBalanceAt, CARD_PAYMENT } from './expected-typed-9.ts';
import type { Expect } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  clarification,
  lastMonth,
  money,
  one,
  percent,
  tally,
  thisMonth,
  thisYear,
} from './reading-expect.ts';

/**
 * The plain arithmetic the tenth typed batch (tuning-typed-10.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * definitions of docs/agent.md, and the expectation shapes it shares between its questions. What it adds:
 * - the card's limit as the bank reports it;
 * - a card payment's amounts, counted once on the checking side (money out of checking to the card);
 * - one ticker's brokerage dividends in a period;
 * - the month(s) of a list with the most income (every one of them when several tie);
 * - what is owed on the card at the end of a day (today's less the card's later posted flows).
 * Nothing here throws on an empty period: it answers 0 (or an empty list).
 */

const within = (day: string, period: Period) => day >= period.start && day <= period.end;

// ---------------------------------------------------------------------------------------------------
// Balances

/** The card's credit limit as the bank reports it (all cards together). */
export const cardLimit = (raw: RawData): number =>
  sumOf(
    raw.plaid
      .flatMap((item) => item.accounts)
      .filter((account) => account.type === 'credit')
      .map((account) => centsOfNumber(account.balances.limit ?? 0)),
  );

/** What is owed on the card at the end of `day` (a positive number). */
export const owedAt = (raw: RawData, day: string): number => -bankBalanceAt(raw, 'credit', day);

/** The cash of the brokerage accounts whose name matches. */
export const brokerageCash = (raw: RawData, pattern: RegExp): number =>
  sumOf(
    raw.brokerages
      .flatMap((brokerage) => brokerage.accounts)
      .filter((account) => pattern.test(account.name))
      .map((account) => centsOf(account.cash)),
  );

// ---------------------------------------------------------------------------------------------------
// Income and payments

/** The period's card payments, counted once on the checking side (money out to the card), as cents. */
export const cardPaymentAmounts = (raw: RawData, period: Period): number[] =>
  flows(raw)
    .filter(
      (flow) =>
        !flow.pending &&
        CARD_PAYMENT(flow) &&
        flow.accountKind === 'checking' &&
        flow.cents < 0 &&
        within(flow.date, period),
    )
    .map((flow) => -flow.cents);

/** One ticker's brokerage dividends in the period. */
export const dividendsOf = (raw: RawData, period: Period, ticker: string): number =>
  sumOf(
    raw.brokerages
      .flatMap((brokerage) => brokerage.accounts)
      .flatMap((account) => account.activities)
      .filter(
        (activity) =>
          activity.type === 'DIVIDEND' && activity.ticker === ticker && within(activity.tradeDate, period),
      )
      .map((activity) => centsOf(activity.amount)),
  );

/** The months of the list with the most income under the filter, by their short word ('oct'); ties all. */
export function topIncomeMonths(raw: RawData, list: readonly Period[], filter?: FlowFilter): string[] {
  const series = incomeSeries(raw, list, filter);
  const best = Math.max(...series);
  return list.filter((_, index) => series[index] === best).map(monthWord);
}

// ---------------------------------------------------------------------------------------------------
// Expectation shapes the batch's questions share

/** The amount, only when the condition holds (otherwise nothing an answer could state). */
export const when = (holds: (raw: RawData) => boolean, cents: (raw: RawData) => number): Expect => ({
  kind: 'amounts',
  values: (raw) => (holds(raw) ? [usd(cents(raw))] : ['(not this time)']),
});

/** The amount, or, when it is zero, a sentence saying there was none. */
export const zeroOr = (cents: (raw: RawData) => number, ...units: string[]): Expect =>
  anyOf(
    one(cents),
    tally((raw) => (cents(raw) === 0 ? 0 : -1), ...COUNT_UNITS, ...units),
  );

/** The figure of each window, any one of them. */
export const inAny = (
  windows: readonly Window[],
  cents: (raw: RawData, period: Period) => number,
): Expect[] => windows.map((window) => one((raw) => cents(raw, window(raw))));

/** The figure of each window that is not zero, any one of them (a zero is no figure to state). */
export const inAnyNonZero = (
  windows: readonly Window[],
  cents: (raw: RawData, period: Period) => number,
): Expect[] =>
  windows.map((window) =>
    when(
      (raw) => cents(raw, window(raw)) !== 0,
      (raw) => cents(raw, window(raw)),
    ),
  );

/** A spending average per purchase: the total over the purchases, or the mean of the purchases. */
export const perPurchaseIn = (windows: readonly Window[], filter: FlowFilter): Expect[] =>
  windows.flatMap((window) => {
    const some = (raw: RawData) => purchaseCount(raw, window(raw), filter) > 0;
    return [
      when(some, (raw) => perVisit(raw, window(raw), filter)),
      when(some, (raw) => meanPurchase(raw, window(raw), filter)),
    ];
  });

/** The window's top category's spending at either level. */
export const topCategoryAt = (windows: readonly Window[], filter?: FlowFilter): Expect[] =>
  windows.flatMap((window) =>
    (['primary', 'detailed'] as const).map((level) =>
      one((raw) => topCategories(raw, window(raw), level, 1, filter)[0]?.cents ?? 0),
    ),
  );

/** A balance then and now (either order), or the change between them. */
export const thenAndNow = (then: (raw: RawData) => number, now: (raw: RawData) => number): Expect[] => [
  money((raw) => [then(raw), now(raw)]),
  one((raw) => now(raw) - then(raw)),
];

const last3: Window = (raw) => periods.lastFullMonths(raw.today, 3);

/** A general "how am I doing": net worth, or a window's income and spending, net or savings rate. */
export const HOW_AM_I_DOING: Expect[] = [
  clarification,
  one((raw) => netWorth(raw)),
  ...[thisMonth, lastMonth, last3, thisYear].flatMap((window) => [
    money((raw) => incomeAndSpending(raw, window(raw))),
    one((raw) => netOf(raw, window(raw))),
    percent((raw) => savingsRate(raw, window(raw))),
  ]),
];
