import {
  ago,
  COUNT_UNITS,
  employerWord,
  type FlowFilter,
  LATELY,
  LYFT,
  last3,
  lastWeek,
  noneEver,
  PAY_UNITS,
  PEETS,
  STARBUCKS,
  shortAgo,
  TRADER_JOES,
  UBER,
  USUAL,
  WHOLE_FOODS,
  type Window,
  year,
} from './batch-words.ts';
import {
  centsOf,
  cryptoCents,
  cryptoSymbolCents,
  income,
  investmentsValue,
  latestCharge,
  netWorth,
  type Period,
  periods,
  spending,
  totalAssets,
  usd,
} from './expected.ts';
import {
  atMerchant,
  latestQuarter,
  percentOf,
  purchaseCount,
  spendingShare,
  yearEarlier,
} from './expected-reading.ts';
import {
  bankCash,
  DIVIDENDS,
  FAST_FOOD,
  INTEREST,
  monthYearEarlier,
  perDay,
  rollingMonths,
  savedToSavings,
  securitiesValue,
  WAGES,
} from './expected-typed.ts';
import {
  allCash,
  biggestPurchase,
  cardOwed,
  checkingBalance,
  FOOD,
  fullMonthsThisYear,
  incomeAndSpending,
  lastPaycheck,
  meanPurchase,
  monthly,
  monthsThisYear,
  netOf,
  perVisit,
  safeDivide,
  savingsBalance,
  savingsInterest,
  savingsRate,
  symbolUnitsText,
  wholeHistory,
  wholeMonthsThisYear,
} from './expected-typed-2.ts';
import {
  balancesMatching,
  distinctPaychecks,
  FOOD_OUT,
  mostOverspent,
  onCard,
  perWeekOf,
  SHOPPING,
  STABLECOINS,
  symbolsCents,
} from './expected-typed-3.ts';
import { noSpendDays, sumOf, topCategories } from './expected-typed-4.ts';
import { except, incomeSeries, largestPaycheck } from './expected-typed-5.ts';
import { incomePayments } from './expected-typed-6.ts';
import { GYM, perDayByKind } from './expected-typed-7.ts';
import { HABIT, medianPurchase, percentChange, THREE_MONTHS, TWELVE_MONTHS } from './expected-typed-8.ts';
import {
  bankBalanceAt,
  biggestPurchaseMerchant,
  cardPaymentCount,
  ENTERTAINMENT,
  HAIR,
  heldSymbols,
  inAccountNamed,
  periodsOver,
  sameDayLastMonth,
  sameDayMonthsAgo,
  TRAVEL,
  topDividendTickerOrNone,
  walletSymbolCents,
} from './expected-typed-9.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  batchOf,
  COFFEE,
  clarification,
  declines,
  GROCERIES,
  lastDays,
  lastMonth,
  lastYear,
  longMonth,
  money,
  monthNumberAgo,
  names,
  one,
  outsideHistory,
  percent,
  RENT,
  RESTAURANTS,
  tally,
  thisMonth,
  thisYear,
} from './reading-expect.ts';

/**
 * The ninth typed batch: questions typed the way people type into a chat box (lower case, typos,
 * abbreviations, no question marks), weighted on income (who paid me, how often, per week), averages
 * (per visit, per week, typical), account balances now and at a past date and their change, comparisons
 * against the usual and between two merchants or categories, open questions, follow-up threads with
 * pronouns, corrections, "why" and "and last year?", counts, shares, crypto, and questions to decline or
 * ask back. New shapes beside batches 3–8: balances at a month's end and a month ago, a balance's
 * change, debt to assets, net worth without retirement, per-account dividends, months over an amount,
 * no-spend days, card payments, coins inside one wallet, coins held, what-ifs on a drop. Written from
 * the sandbox generators, the contracts and docs/agent.md, without reading the analyst; every figure is
 * computed from the vendors' raw records (expected*.ts).
 */

const { q, thread } = batchOf('t9');

const CHIPOTLE = atMerchant('Chipotle Mexican Grill');
const MCDONALDS = atMerchant("McDonald's");
const ROTH: RegExp = /roth/i;
const INDIVIDUAL: RegExp = /individual/i;

const last6: Window = (raw) => periods.lastFullMonths(raw.today, 6);
const rolling6: Window = (raw) => rollingMonths(raw.today, 6);
/** This week's Monday to today. */
const thisWeek = (raw: RawData): Period => {
  const weekday = (new Date(`${raw.today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { start: periods.lastDays(raw.today, weekday + 1).start, end: raw.today };
};
/** The end of last year (the balance "at the start of the year"). */
const endOfLastYear = (raw: RawData): string => lastYear(raw).end;

/** The amount, or, when it is zero, a sentence saying there was none. */
const zeroOr = (cents: (raw: RawData) => number, ...units: string[]): Expect =>
  anyOf(
    one(cents),
    tally((raw) => (cents(raw) === 0 ? 0 : -1), ...COUNT_UNITS, ...units),
  );

/** The amount, only when the condition holds (otherwise nothing an answer could state). */
const when = (holds: (raw: RawData) => boolean, cents: (raw: RawData) => number): Expect => ({
  kind: 'amounts',
  values: (raw) => (holds(raw) ? [usd(cents(raw))] : ['(not this time)']),
});

/** The figure of each window, any one of them. */
const inAny = (windows: Window[], cents: (raw: RawData, period: Period) => number): Expect[] =>
  windows.map((window) => one((raw) => cents(raw, window(raw))));

/** A spending average per purchase: the total over the purchases, or the mean of the purchases. */
const perPurchaseIn = (windows: Window[], filter: FlowFilter): Expect[] =>
  windows.flatMap((window) => {
    const some = (raw: RawData) => purchaseCount(raw, window(raw), filter) > 0;
    return [
      when(some, (raw) => perVisit(raw, window(raw), filter)),
      when(some, (raw) => meanPurchase(raw, window(raw), filter)),
    ];
  });

/** The period's top category's spending at either level. */
const topCategoryAt = (windows: Window[], filter?: FlowFilter): Expect[] =>
  windows.flatMap((window) =>
    (['primary', 'detailed'] as const).map((level) =>
      one((raw) => topCategories(raw, window(raw), level, 1, filter)[0]?.cents ?? 0),
    ),
  );

/** A general "how am I doing": net worth, or a window's income and spending, net or savings rate. */
const HOW_AM_I_DOING: Expect[] = [
  clarification,
  one((raw) => netWorth(raw)),
  ...[thisMonth, lastMonth, last3, thisYear].flatMap((window) => [
    money((raw) => incomeAndSpending(raw, window(raw))),
    one((raw) => netOf(raw, window(raw))),
    percent((raw) => savingsRate(raw, window(raw))),
  ]),
];

/** A balance then and now (either order), or the change between them. */
const thenAndNow = (then: (raw: RawData) => number, now: (raw: RawData) => number): Expect[] => [
  money((raw) => [then(raw), now(raw)]),
  one((raw) => now(raw) - then(raw)),
];

/** The card's balance owed at the end of a day (a positive number). */
const owedAt = (raw: RawData, day: string): number => -bankBalanceAt(raw, 'credit', day);
/** The brokerage's accounts whose name matches, by their value. */
const brokerageValue = (raw: RawData, pattern: RegExp): number =>
  sumOf(
    raw.brokerages
      .flatMap((brokerage) => brokerage.accounts)
      .filter((account) => pattern.test(account.name))
      .map((account) => centsOf(account.totalValue)),
  );

// ---------------------------------------------------------------------------------------------------
// Income

const INCOME: Question[] = [
  q(
    'income',
    'who all paid me last month',
    one(
      (raw) => income(raw, lastMonth(raw), WAGES),
      (raw) => [employerWord(raw)],
    ),
  ),
  q(
    'income',
    'whats the best month for dividends ive had this yr',
    anyOf(
      one((raw) => Math.max(0, ...incomeSeries(raw, monthsThisYear(raw.today), DIVIDENDS))),
      one((raw) => Math.max(0, ...incomeSeries(raw, wholeMonthsThisYear(raw.today), DIVIDENDS))),
    ),
  ),
  q(
    'income',
    'roughly how much do i bring in per week',
    anyOf(
      clarification,
      ...[...USUAL, lastMonth].flatMap((window) => [
        one((raw) => perWeekOf(income(raw, window(raw)), window(raw))),
        one((raw) => perWeekOf(income(raw, window(raw), WAGES), window(raw))),
      ]),
      ...[1, 2].map((weeks) => one((raw) => safeDivide(lastPaycheck(raw) * 24, 52) * weeks)),
    ),
  ),
  q(
    'income',
    'has my paycheck amount changed in the last 6 months',
    anyOf(
      ...[last6, rolling6, (raw: RawData) => ({ start: ago(raw, 5).start, end: raw.today })].map((window) =>
        money((raw) => distinctPaychecks(raw, window(raw))),
      ),
    ),
  ),
  q(
    'income',
    'total intrest my savings has made since i linked it',
    one((raw) => savingsInterest(raw, wholeHistory(raw))),
  ),
  q(
    'income',
    (raw) => `which holding paid me the most in dividends in ${year(raw) - 1}`,
    names((raw) => [topDividendTickerOrNone(raw, lastYear(raw))]),
  ),
  q(
    'income',
    'divs from q3?',
    one((raw) => income(raw, latestQuarter(raw.today, 3), DIVIDENDS)),
  ),
  q(
    'income',
    'how often do i get paid',
    anyOf(
      names(() => ['twice']),
      names(() => ['semi']),
      names(() => ['15th']),
      tally((raw) => incomePayments(raw, lastMonth(raw), WAGES), ...PAY_UNITS),
    ),
  ),
  q(
    'income',
    'income for the past 2 months combined',
    anyOf(
      one((raw) => income(raw, periods.lastFullMonths(raw.today, 2))),
      one((raw) => income(raw, { start: ago(raw, 1).start, end: raw.today })),
      one((raw) => income(raw, rollingMonths(raw.today, 2))),
    ),
  ),
  q(
    'income',
    'did i get paid this week',
    anyOf(
      zeroOr((raw) => income(raw, thisWeek(raw), WAGES), ...PAY_UNITS),
      zeroOr((raw) => income(raw, lastDays(raw, 7), WAGES), ...PAY_UNITS),
      when(
        (raw) => income(raw, thisWeek(raw), WAGES) === 0,
        (raw) => lastPaycheck(raw),
      ),
    ),
  ),
  q(
    'income',
    'all the interest i got from everywhere, last 6 mo',
    anyOf(
      ...[last6, rolling6].map((window) => one((raw) => income(raw, window(raw), INTEREST))),
      one((raw) => income(raw, { start: ago(raw, 5).start, end: raw.today }, INTEREST)),
    ),
  ),
  q(
    'income',
    (raw) => `biggest single paycheck from ${employerWord(raw)} ever`,
    one((raw) => largestPaycheck(raw, wholeHistory(raw))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Averages

const AVERAGES: Question[] = [
  q(
    'averages',
    'how much is a typical trader joes run for me',
    anyOf(
      noneEver(TRADER_JOES),
      ...perPurchaseIn([...HABIT, wholeHistory], TRADER_JOES),
      ...[...HABIT, wholeHistory].map((window) =>
        when(
          (raw) => purchaseCount(raw, window(raw), TRADER_JOES) > 0,
          (raw) => medianPurchase(raw, window(raw), TRADER_JOES)[0] ?? 0,
        ),
      ),
    ),
  ),
  q(
    'averages',
    'avg per day on food the last 30 days',
    one((raw) => perDay(spending(raw, lastDays(raw, 30), FOOD), lastDays(raw, 30))),
  ),
  q(
    'averages',
    'whats my usual weekly grocery bill',
    anyOf(
      clarification,
      ...inAny([...USUAL, ...HABIT], (raw, period) => perWeekOf(spending(raw, period, GROCERIES), period)),
    ),
  ),
  q(
    'averages',
    'how much is my rent on avg',
    anyOf(
      one((raw) => latestCharge(raw, RENT)),
      ...perPurchaseIn([...USUAL, wholeHistory], RENT),
    ),
  ),
  q(
    'averages',
    'avg size of a dividend payment this yr',
    one((raw) =>
      safeDivide(income(raw, thisYear(raw), DIVIDENDS), incomePayments(raw, thisYear(raw), DIVIDENDS)),
    ),
  ),
  q(
    'averages',
    'what do i usually spend each time i eat out',
    anyOf(clarification, ...perPurchaseIn(HABIT, RESTAURANTS), ...perPurchaseIn(HABIT, FOOD_OUT)),
  ),
  q(
    'averages',
    'on a normal weekday how much do i spend',
    anyOf(clarification, ...inAny(HABIT, (raw, period) => perDayByKind(raw, period)[1] ?? 0)),
  ),
  q(
    'averages',
    'avg monthly interest from savings last yr',
    anyOf(
      one((raw) => monthly(savingsInterest(raw, lastYear(raw)), lastYear(raw))),
      one((raw) => monthly(income(raw, lastYear(raw), INTEREST), lastYear(raw))),
    ),
  ),
  q(
    'averages',
    'avg amazon order the past 6 months',
    anyOf(noneEver(atMerchant('Amazon')), ...perPurchaseIn([last6, rolling6], atMerchant('Amazon'))),
  ),
  q(
    'averages',
    'avg monthly credit card spend this yr',
    anyOf(
      one((raw) => monthly(spending(raw, thisYear(raw), onCard), thisYear(raw))),
      one((raw) => {
        const full = fullMonthsThisYear(raw.today);
        return monthly(spending(raw, full, onCard), full);
      }),
    ),
  ),
  q(
    'averages',
    'daily avg last wk',
    anyOf(
      one((raw) => perDay(spending(raw, lastWeek(raw)), lastWeek(raw))),
      one((raw) => perDay(spending(raw, lastDays(raw, 7)), lastDays(raw, 7))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Balances

const BALANCES: Question[] = [
  q(
    'net_worth',
    'whats left in checking after rent comes out',
    anyOf(
      one((raw) => checkingBalance(raw) - latestCharge(raw, RENT)),
      money((raw) => [checkingBalance(raw), latestCharge(raw, RENT)]),
      when(
        (raw) => spending(raw, thisMonth(raw), RENT) > 0,
        (raw) => checkingBalance(raw),
      ),
    ),
  ),
  q(
    'net_worth',
    'how much was in checking at the end of last month',
    one((raw) => bankBalanceAt(raw, 'checking', lastMonth(raw).end)),
  ),
  q(
    'net_worth',
    'savings bal on jan 1 vs now',
    anyOf(
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'savings', endOfLastYear(raw)),
        (raw) => savingsBalance(raw),
      ),
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'savings', `${year(raw)}-01-01`),
        (raw) => savingsBalance(raw),
      ),
    ),
  ),
  q(
    'net_worth',
    'how much has my checking gone up or down this month',
    anyOf(
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'checking', lastMonth(raw).end),
        (raw) => checkingBalance(raw),
      ),
    ),
  ),
  q(
    'net_worth',
    'what was my card balance at the end of last month',
    one((raw) => owedAt(raw, lastMonth(raw).end)),
  ),
  q(
    'net_worth',
    'how much more is in my brokerage than in savings',
    anyOf(
      ...[INDIVIDUAL, /alpaca|brokerage|roth/i].flatMap((pattern) => [
        one((raw) => brokerageValue(raw, pattern) - savingsBalance(raw)),
        money((raw) => [brokerageValue(raw, pattern), savingsBalance(raw)]),
      ]),
    ),
  ),
  q(
    'net_worth',
    'net worth not counting my retirement stuff',
    one((raw) => netWorth(raw) - sumOf(balancesMatching(raw, /\bira\b|roth/i))),
  ),
  q(
    'net_worth',
    'whats my debt to asset ratio',
    percent((raw) => percentOf(cardOwed(raw), totalAssets(raw))),
  ),
  q(
    'net_worth',
    'did my savings grow last month',
    anyOf(
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'savings', ago(raw, 2).end),
        (raw) => bankBalanceAt(raw, 'savings', lastMonth(raw).end),
      ),
    ),
  ),
  q(
    'net_worth',
    'liquid cash vs whats invested',
    anyOf(
      money((raw) => [bankCash(raw), investmentsValue(raw)]),
      money((raw) => [allCash(raw), securitiesValue(raw)]),
      money((raw) => [bankCash(raw), securitiesValue(raw)]),
      money((raw) => [bankCash(raw), investmentsValue(raw) + cryptoCents(raw)]),
      money((raw) => [allCash(raw), securitiesValue(raw) + cryptoCents(raw)]),
    ),
  ),
  q(
    'net_worth',
    'checking balance 3 months ago',
    anyOf(
      one((raw) => bankBalanceAt(raw, 'checking', sameDayMonthsAgo(raw.today, 3))),
      one((raw) => bankBalanceAt(raw, 'checking', ago(raw, 3).end)),
      one((raw) => bankBalanceAt(raw, 'checking', ago(raw, 4).end)),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Comparisons

/** Two figures of the same windows, any one window. */
const pairIn = (windows: Window[], a: FlowFilter, b: FlowFilter): Expect[] =>
  windows.map((window) =>
    money((raw) => {
      const both = [spending(raw, window(raw), a), spending(raw, window(raw), b)];
      const some = both.filter((cents) => cents !== 0);
      return some.length > 0 ? some : both;
    }),
  );

const COMPARISONS: Question[] = [
  q(
    'comparisons',
    'coffee this month vs what i normally spend',
    anyOf(
      ...USUAL.map((window) =>
        money((raw) => [
          spending(raw, thisMonth(raw), COFFEE),
          monthly(spending(raw, window(raw), COFFEE), window(raw)),
        ]),
      ),
    ),
  ),
  q(
    'comparisons',
    'chipotle or mcdonalds, which do i hit more this yr',
    anyOf(
      tally(
        (raw) =>
          Math.max(purchaseCount(raw, thisYear(raw), CHIPOTLE), purchaseCount(raw, thisYear(raw), MCDONALDS)),
        ...COUNT_UNITS,
      ),
      ...pairIn([thisYear], CHIPOTLE, MCDONALDS),
    ),
  ),
  q(
    'comparisons',
    (raw) => `income ${shortAgo(raw, 1)} this yr vs ${shortAgo(raw, 1)} last yr`,
    money((raw) => [income(raw, lastMonth(raw)), income(raw, monthYearEarlier(lastMonth(raw)))]),
  ),
  q(
    'comparisons',
    'entertainment vs shopping the last 3 mo',
    anyOf(...pairIn(THREE_MONTHS, ENTERTAINMENT, SHOPPING)),
  ),
  q(
    'comparisons',
    'is my checking higher or lower than at the start of the yr',
    anyOf(
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'checking', endOfLastYear(raw)),
        (raw) => checkingBalance(raw),
      ),
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'checking', `${year(raw)}-01-01`),
        (raw) => checkingBalance(raw),
      ),
    ),
  ),
  q(
    'comparisons',
    'dividends this yr compared w last yr',
    anyOf(
      money((raw) => [income(raw, thisYear(raw), DIVIDENDS), income(raw, lastYear(raw), DIVIDENDS)]),
      money((raw) => [
        income(raw, thisYear(raw), DIVIDENDS),
        income(raw, yearEarlier(thisYear(raw)), DIVIDENDS),
      ]),
    ),
  ),
  q('comparisons', 'gym or haircuts, which cost more last month', anyOf(...pairIn([lastMonth], GYM, HAIR))),
  q(
    'comparisons',
    'did i spend more the last 30 days than the 30 before that',
    money((raw) => {
      const recent = lastDays(raw, 30);
      const before = { start: lastDays(raw, 60).start, end: lastDays(raw, 31).start };
      return [spending(raw, recent), spending(raw, before)];
    }),
  ),
  q(
    'comparisons',
    'savings interest last month vs the same month last yr',
    money((raw) => [
      savingsInterest(raw, lastMonth(raw)),
      savingsInterest(raw, monthYearEarlier(lastMonth(raw))),
    ]),
  ),
  q(
    'comparisons',
    'whole foods vs trader joes, whos more per trip',
    anyOf(
      ...[...HABIT, wholeHistory].flatMap((window) => [
        money((raw) => [perVisit(raw, window(raw), WHOLE_FOODS), perVisit(raw, window(raw), TRADER_JOES)]),
        money((raw) => [
          meanPurchase(raw, window(raw), WHOLE_FOODS),
          meanPurchase(raw, window(raw), TRADER_JOES),
        ]),
      ]),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN: Question[] = [
  q(
    'open_questions',
    'what should i keep an eye on',
    anyOf(
      clarification,
      ...topCategoryAt(LATELY),
      ...topCategoryAt(LATELY, except(RENT)),
      one((raw) => mostOverspent(raw).last),
      one((raw) => cardOwed(raw)),
    ),
  ),
  q(
    'open_questions',
    'where is my money going this yr',
    anyOf(...topCategoryAt([thisYear]), ...topCategoryAt([thisYear], except(RENT))),
  ),
  q('open_questions', 'am i doing ok or nah', anyOf(...HOW_AM_I_DOING)),
  q(
    'open_questions',
    'is my spending under control lately',
    anyOf(
      ...HOW_AM_I_DOING,
      ...LATELY.map((window) => one((raw) => spending(raw, window(raw)))),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, lastMonth(raw))]),
      one((raw) => mostOverspent(raw).last),
    ),
  ),
  q(
    'open_questions',
    'anything off with my income lately',
    anyOf(
      clarification,
      one((raw) => lastPaycheck(raw)),
      ...[last3, last6, thisYear].map((window) => money((raw) => distinctPaychecks(raw, window(raw)))),
      ...LATELY.map((window) => one((raw) => income(raw, window(raw)))),
    ),
  ),
  q(
    'open_questions',
    'do i have enough of an emergency fund',
    anyOf(
      clarification,
      one((raw) => savingsBalance(raw)),
      one((raw) => bankCash(raw)),
      one((raw) => allCash(raw)),
    ),
  ),
  q(
    'open_questions',
    'what are my fixed costs every month',
    anyOf(
      clarification,
      one((raw) => latestCharge(raw, RENT)),
      one((raw) => spending(raw, lastMonth(raw), RENT)),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Counts

const COUNTS: Question[] = [
  q(
    'counts',
    'how many paychecks in the last 90 days',
    tally((raw) => incomePayments(raw, lastDays(raw, 90), WAGES), ...PAY_UNITS),
  ),
  q(
    'counts',
    'how many months this yr did i spend over 5k',
    anyOf(
      tally((raw) => periodsOver(raw, monthsThisYear(raw.today), 500_000), 'month'),
      tally((raw) => periodsOver(raw, wholeMonthsThisYear(raw.today), 500_000), 'month'),
    ),
  ),
  q(
    'counts',
    'how many no spend days have i had this month',
    anyOf(
      tally((raw) => noSpendDays(raw, thisMonth(raw)), 'day'),
      tally(
        (raw) =>
          thisMonth(raw).start === raw.today
            ? -1
            : noSpendDays(raw, { start: thisMonth(raw).start, end: lastDays(raw, 2).start }),
        'day',
      ),
    ),
  ),
  q(
    'counts',
    (raw) => `count of dividend payments in ${year(raw) - 1}`,
    tally((raw) => incomePayments(raw, lastYear(raw), DIVIDENDS), 'payment', 'dividend', 'time', 'deposit'),
  ),
  q(
    'counts',
    'how many times did i pay my card this yr',
    tally((raw) => cardPaymentCount(raw, thisYear(raw)), 'payment', 'time', 'card payment'),
  ),
  q(
    'counts',
    'how many lyft rides did i take in the last 2 months',
    anyOf(
      tally((raw) => purchaseCount(raw, periods.lastFullMonths(raw.today, 2), LYFT), ...COUNT_UNITS, 'ride'),
      tally((raw) => purchaseCount(raw, rollingMonths(raw.today, 2), LYFT), ...COUNT_UNITS, 'ride'),
      tally(
        (raw) => purchaseCount(raw, { start: ago(raw, 1).start, end: raw.today }, LYFT),
        ...COUNT_UNITS,
        'ride',
      ),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Shares

const SHARES: Question[] = [
  q(
    'shares',
    'what % of my income is divs + interest this yr',
    percent((raw) =>
      percentOf(
        income(raw, thisYear(raw), DIVIDENDS) + income(raw, thisYear(raw), INTEREST),
        income(raw, thisYear(raw)),
      ),
    ),
  ),
  q(
    'shares',
    'how much of last months spending was on the card, percentage wise',
    percent((raw) => spendingShare(raw, lastMonth(raw), onCard)),
  ),
  q(
    'shares',
    'what % of my net worth sits in savings',
    anyOf(
      percent((raw) => percentOf(savingsBalance(raw), netWorth(raw))),
      percent((raw) => percentOf(savingsBalance(raw), totalAssets(raw))),
    ),
  ),
  q(
    'shares',
    'what % of my eating out is fast food this yr',
    percent((raw) =>
      percentOf(spending(raw, thisYear(raw), FAST_FOOD), spending(raw, thisYear(raw), FOOD_OUT)),
    ),
  ),
  q(
    'shares',
    'what % of my pay went into savings last month',
    anyOf(
      percent((raw) => percentOf(savedToSavings(raw, lastMonth(raw)), income(raw, lastMonth(raw), WAGES))),
      percent((raw) => percentOf(savedToSavings(raw, lastMonth(raw)), income(raw, lastMonth(raw)))),
      percent((raw) => savingsRate(raw, lastMonth(raw))),
    ),
  ),
  q(
    'shares',
    'how much of my portfolio is in the roth, as a %',
    anyOf(
      clarification,
      percent((raw) => percentOf(sumOf(balancesMatching(raw, ROTH)), investmentsValue(raw))),
      ...[0, 1].map((index) =>
        percent((raw) => {
          const roths = balancesMatching(raw, ROTH);
          return roths.length > 1 ? percentOf(roths[index] ?? 0, investmentsValue(raw)) : Number.NaN;
        }),
      ),
    ),
  ),
  q(
    'shares',
    'by what % is my spending up or down vs last yr',
    anyOf(
      percent((raw) =>
        percentChange(spending(raw, thisYear(raw)), spending(raw, yearEarlier(thisYear(raw)))),
      ),
      percent((raw) =>
        percentChange(
          monthly(spending(raw, thisYear(raw)), thisYear(raw)),
          monthly(spending(raw, lastYear(raw)), lastYear(raw)),
        ),
      ),
      percent((raw) => {
        const full = fullMonthsThisYear(raw.today);
        return percentChange(
          monthly(spending(raw, full), full),
          monthly(spending(raw, lastYear(raw)), lastYear(raw)),
        );
      }),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Crypto

const BTC_DROP = (raw: RawData): number => Math.round(cryptoSymbolCents(raw, 'BTC') * 0.2);

const CRYPTO: Question[] = [
  q(
    'crypto',
    'metamask worth w/o the usdt',
    one((raw) => walletSymbolCents(raw, 'MetaMask_web3', 'ETH')),
  ),
  q(
    'crypto',
    'crypto total not counting stablecoins',
    one((raw) => cryptoCents(raw) - symbolsCents(raw, STABLECOINS)),
  ),
  q(
    'crypto',
    'if btc tanked 20% how much would i lose',
    anyOf(...[-1, 0, 1].map((cent) => one((raw) => BTC_DROP(raw) + cent))),
  ),
  q(
    'crypto',
    'which coins do i own',
    names((raw) => heldSymbols(raw)),
  ),
  q(
    'crypto',
    'how many diff coins am i holding',
    tally((raw) => heldSymbols(raw).length, 'coin', 'token', 'asset', 'crypto', 'currenc', 'symbol'),
  ),
  q(
    'crypto',
    'my sol vs my btc in dollars',
    money((raw) => [cryptoSymbolCents(raw, 'SOL'), cryptoSymbolCents(raw, 'BTC')]),
  ),
  q(
    'crypto',
    'crypto as a % of my investments',
    anyOf(
      percent((raw) => percentOf(cryptoCents(raw), investmentsValue(raw))),
      percent((raw) => percentOf(cryptoCents(raw), investmentsValue(raw) + cryptoCents(raw))),
    ),
  ),
  q(
    'crypto',
    'link and uni together whats that worth',
    anyOf(
      ...[-1, 0, 1].map((cent) =>
        one((raw) => cryptoSymbolCents(raw, 'LINK') + cryptoSymbolCents(raw, 'UNI') + cent),
      ),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Questions to decline, and ask-backs with nothing before them

const DECLINE: Question[] = [
  q('must_decline', 'how much will my apartment be worth in 5 yrs', declines),
  q('must_decline', 'whats my boyfriends venmo balance', declines),
  q('must_decline', 'book me a flight to nyc for under 300', declines),
  q('must_decline', 'what will my checking balance be on new years', outsideHistory),
  q('must_decline', 'am i gonna get a raise next yr', declines),
  q('must_decline', 'move 200 from checking into my roth', declines),
];

const AMBIGUOUS: Question[] = [
  q('ambiguous', 'is that a lot', clarification),
  q('ambiguous', 'what did i pay for it', clarification),
  q('ambiguous', 'compare to before', clarification),
  q('ambiguous', 'how much', clarification),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups: pronouns, "same for", "what about", corrections, "why", "and last year?"

/** Wages or all income of a period, either. */
const payIn = (window: Window): Expect =>
  anyOf(
    one((raw) => income(raw, window(raw), WAGES)),
    one((raw) => income(raw, window(raw))),
  );

const FOLLOW_UPS_1: Question[] = [
  thread(
    { ask: 'how much did i get paid last month', expect: payIn(lastMonth) },
    { ask: 'and the month before', expect: payIn((raw) => ago(raw, 2)) },
    {
      ask: 'why is it different',
      expect: anyOf(
        clarification,
        ...[WAGES, undefined].map((filter) =>
          money((raw) => [income(raw, lastMonth(raw), filter), income(raw, ago(raw, 2), filter)]),
        ),
        ...[undefined, DIVIDENDS, INTEREST].map((filter) =>
          one((raw) => income(raw, lastMonth(raw), filter) - income(raw, ago(raw, 2), filter)),
        ),
      ),
    },
  ),
  thread(
    { ask: 'checking bal', expect: one((raw) => checkingBalance(raw)) },
    {
      ask: 'what was it a month ago',
      expect: anyOf(
        one((raw) => bankBalanceAt(raw, 'checking', sameDayLastMonth(raw.today))),
        one((raw) => bankBalanceAt(raw, 'checking', lastMonth(raw).end)),
        one((raw) => bankBalanceAt(raw, 'checking', ago(raw, 2).end)),
      ),
    },
    {
      ask: 'so its up?',
      expect: anyOf(
        ...[
          (raw: RawData) => sameDayLastMonth(raw.today),
          (raw: RawData) => lastMonth(raw).end,
          (raw: RawData) => ago(raw, 2).end,
        ].flatMap((day) =>
          thenAndNow(
            (raw) => bankBalanceAt(raw, 'checking', day(raw)),
            (raw) => checkingBalance(raw),
          ),
        ),
      ),
    },
  ),
  thread(
    { ask: 'what do i owe on my card', expect: one((raw) => cardOwed(raw)) },
    {
      ask: 'is that more than last month',
      expect: anyOf(
        money((raw) => [cardOwed(raw), owedAt(raw, lastMonth(raw).end)]),
        money((raw) => [cardOwed(raw), owedAt(raw, sameDayLastMonth(raw.today))]),
        money((raw) => [spending(raw, thisMonth(raw), onCard), spending(raw, lastMonth(raw), onCard)]),
      ),
    },
  ),
  thread(
    { ask: 'dividends this yr', expect: one((raw) => income(raw, thisYear(raw), DIVIDENDS)) },
    {
      ask: 'how much of that was in the roth',
      expect: one((raw) =>
        income(raw, thisYear(raw), (flow) => DIVIDENDS(flow) && inAccountNamed(raw, ROTH)(flow)),
      ),
    },
    {
      ask: 'and the other acct',
      expect: one((raw) =>
        income(raw, thisYear(raw), (flow) => DIVIDENDS(flow) && inAccountNamed(raw, INDIVIDUAL)(flow)),
      ),
    },
  ),
  thread(
    {
      ask: 'how many times did i go to starbucks last month',
      expect: tally((raw) => purchaseCount(raw, lastMonth(raw), STARBUCKS), ...COUNT_UNITS),
    },
    {
      ask: 'avg per visit?',
      expect: anyOf(
        ...perPurchaseIn([lastMonth], STARBUCKS),
        tally((raw) => (purchaseCount(raw, lastMonth(raw), STARBUCKS) === 0 ? 0 : -1), ...COUNT_UNITS),
      ),
    },
    {
      ask: 'and peets?',
      expect: anyOf(
        ...perPurchaseIn([lastMonth], PEETS),
        tally((raw) => purchaseCount(raw, lastMonth(raw), PEETS), ...COUNT_UNITS),
      ),
    },
  ),
  thread(
    { ask: 'whats my eth worth', expect: one((raw) => cryptoSymbolCents(raw, 'ETH')) },
    {
      ask: 'how many coins is that',
      expect: anyOf(...[2, 3, 4].map((places) => names((raw) => [symbolUnitsText(raw, 'ETH', places)]))),
    },
    {
      ask: 'how much of it is on the ledger',
      expect: anyOf(
        one((raw) => walletSymbolCents(raw, 'Ledger_web3', 'ETH')),
        ...[2, 3, 4].map((places) => names((raw) => [ledgerEthText(raw, places)])),
      ),
    },
  ),
];

/** The ETH units in the Ledger wallet, cut to `places` decimals. */
const ledgerEthText = (raw: RawData, places: number): string =>
  symbolUnitsText(
    { ...raw, wallets: raw.wallets.filter((wallet) => wallet.accountName === 'Ledger_web3') },
    'ETH',
    places,
  );

const FOLLOW_UPS_2: Question[] = [
  thread(
    { ask: 'spent on groceries last month?', expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)) },
    { ask: 'no wait this month', expect: one((raw) => spending(raw, thisMonth(raw), GROCERIES)) },
    {
      ask: 'is that on pace with normal',
      expect: anyOf(
        clarification,
        ...[...USUAL, lastMonth].map((window) =>
          money((raw) => [
            spending(raw, thisMonth(raw), GROCERIES),
            monthly(spending(raw, window(raw), GROCERIES), window(raw)),
          ]),
        ),
      ),
    },
  ),
  thread(
    {
      ask: 'income ytd',
      expect: anyOf(
        one((raw) => income(raw, thisYear(raw))),
        one((raw) => income(raw, thisYear(raw), WAGES)),
      ),
    },
    {
      ask: 'is that before or after taxes',
      expect: anyOf(
        declines,
        one((raw) => income(raw, thisYear(raw))),
        one((raw) => income(raw, thisYear(raw), WAGES)),
        names(() => ['after']),
        names(() => ['take-home']),
        names(() => ['take home']),
        names(() => ['net']),
      ),
    },
    { ask: 'what % of it did i save', expect: percent((raw) => savingsRate(raw, thisYear(raw))) },
  ),
  thread(
    { ask: 'biggest purchase this month', expect: zeroOr((raw) => biggestPurchase(raw, thisMonth(raw))) },
    {
      ask: 'do i buy from there a lot',
      expect: anyOf(
        ...[thisYear, wholeHistory, last3, thisMonth, lastYear, ...TWELVE_MONTHS].map((window) =>
          tally(
            (raw) =>
              purchaseCount(raw, window(raw), atMerchant(biggestPurchaseMerchant(raw, thisMonth(raw)))),
            ...COUNT_UNITS,
          ),
        ),
      ),
    },
  ),
  thread(
    {
      ask: 'how much did i spend on travel this yr',
      expect: zeroOr((raw) => spending(raw, thisYear(raw), TRAVEL)),
    },
    { ask: 'and last year?', expect: zeroOr((raw) => spending(raw, lastYear(raw), TRAVEL)) },
    {
      ask: 'whats the biggest piece of that',
      expect: zeroOr((raw) => biggestPurchase(raw, lastYear(raw), TRAVEL)),
    },
  ),
  thread(
    { ask: 'savings interest last yr', expect: one((raw) => savingsInterest(raw, lastYear(raw))) },
    {
      ask: 'sorry i meant dividends not interest',
      expect: one((raw) => income(raw, lastYear(raw), DIVIDENDS)),
    },
  ),
  thread(
    {
      ask: (raw) => `uber in ${longMonth(monthNumberAgo(raw, 1))}`,
      expect: zeroOr((raw) => spending(raw, lastMonth(raw), UBER)),
    },
    { ask: 'same for lyft', expect: zeroOr((raw) => spending(raw, lastMonth(raw), LYFT)) },
    {
      ask: 'both together',
      expect: one((raw) => spending(raw, lastMonth(raw), UBER) + spending(raw, lastMonth(raw), LYFT)),
    },
  ),
];

export const TYPED_9_QUESTIONS: readonly Question[] = [
  ...INCOME,
  ...AVERAGES,
  ...BALANCES,
  ...COMPARISONS,
  ...OPEN,
  ...COUNTS,
  ...SHARES,
  ...CRYPTO,
  ...DECLINE,
  ...AMBIGUOUS,
  ...FOLLOW_UPS_1,
  ...FOLLOW_UPS_2,
];
