import {
  AMAZON,
  ago,
  COUNT_UNITS,
  employerWord,
  type FlowFilter,
  lastWeek,
  PEETS,
  STARBUCKS,
  shortAgo,
  TARGET,
  type Window,
  year,
} from './batch-words.ts';
import {
  calendarMonth,
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
} from './expected.ts';
import {
  atMerchant,
  latestQuarter,
  outflows,
  over,
  percentOf,
  purchaseCount,
  purchases,
  spendingShare,
  yearEarlier,
} from './expected-reading.ts';
import {
  bankCash,
  DIVIDENDS,
  ELECTRICITY,
  FAST_FOOD,
  INTEREST,
  onWeekend,
  savedToSavings,
  securitiesValue,
  under,
  WAGES,
  walletNamed,
} from './expected-typed.ts';
import {
  allCash,
  biggestPurchase,
  checkingBalance,
  classValue,
  FOOD,
  fullMonthsThisYear,
  incomeAndSpending,
  lastPaycheck,
  meanPaycheck,
  meanPurchase,
  monthly,
  monthsThisYear,
  netOf,
  perVisit,
  safeDivide,
  savingsInterest,
  savingsRate,
  symbolUnitsText,
  USUAL_PERIODS,
  wholeHistory,
  wholeMonthsBack,
  wholeMonthsThisYear,
} from './expected-typed-2.ts';
import {
  balancesMatching,
  distinctPaychecks,
  FOOD_OUT,
  halves,
  INTERNET,
  mostOverspent,
  perDayOf,
} from './expected-typed-3.ts';
import { sumOf, topCategories } from './expected-typed-4.ts';
import { except, incomeSeries } from './expected-typed-5.ts';
import { distinctMerchants, purchaseShareByCount, walletSymbols } from './expected-typed-6.ts';
import {
  BROKERAGE_INTEREST,
  biggestRise,
  GAS,
  HABIT,
  halvesOf,
  medianPurchase,
  monthOfYear,
  monthsInTheRed,
  netSeries,
  PETS,
  PHONE,
  percentChange,
  perWeekdayOf,
  previousPaycheck,
  priceCents,
  refundCount,
  sinceDay,
  sinceLaborDay,
  smallestWallet,
  summer,
  THREE_MONTHS,
  TRANSPORTATION,
  TWELVE_MONTHS,
  walletsHolding,
  wholeYear,
  winter,
} from './expected-typed-8.ts';
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
  RIDES,
  tally,
  thisMonth,
  thisYear,
} from './reading-expect.ts';

/**
 * The eighth typed batch: questions typed the way people type into a chat box (lower case, typos,
 * abbreviations, no question marks), weighted on income, averages, comparisons, open questions,
 * follow-up threads with pronouns and corrections, counts, shares, crypto and cash flow, with
 * questions to decline or ask back. New shapes beside batches 3–7: medians, a weekday's average, a
 * month's halves, seasons, named days (labor day, july 4th), the category that rose most, percent
 * changes, months in the red, refunds, coin prices and what-ifs. Written from the sandbox generators,
 * the contracts and docs/agent.md, without reading the analyst; every figure is computed from the
 * vendors' raw records (expected*.ts).
 */

const { q, thread } = batchOf('t8');

const BLUE_BOTTLE = atMerchant('Blue Bottle Coffee');
const OLIVE_GARDEN = atMerchant('Olive Garden');

const last3: Window = (raw) => periods.lastFullMonths(raw.today, 3);
/** "Lately", "recently": the last 30 days, this month, last month, the last 3 months. */
const LATELY: Window[] = [(raw) => lastDays(raw, 30), thisMonth, lastMonth, last3];
const USUAL: Window[] = USUAL_PERIODS.map((window) => (raw: RawData) => window(raw.today));
/** The first day of next month. */
const calendarMonthAhead = (raw: RawData): string => calendarMonth(raw.today, -1).start;
const maxOf = (list: readonly number[]): number => Math.max(0, ...list);

/**
 * Nothing at all of the kind (a person who does not drive has no gas; one with no pet, no pet
 * supplies): said as none ("you haven't bought any gas") rather than a figure. Holds only then.
 */
const noneEver = (filter: FlowFilter): Expect =>
  tally((raw) => (purchaseCount(raw, wholeHistory(raw), filter) === 0 ? 0 : -1), ...COUNT_UNITS, 'fill');

/** The amount, or, when it is zero, a sentence saying there was none. */
const zeroOr = (cents: (raw: RawData) => number): Expect =>
  anyOf(
    one(cents),
    tally((raw) => (cents(raw) === 0 ? 0 : -1), ...COUNT_UNITS),
  );

/** The period's top category's spending at either level. */
const topCategoryAt = (windows: Window[], filter?: FlowFilter): Expect[] =>
  windows.flatMap((window) =>
    (['primary', 'detailed'] as const).map((level) =>
      one((raw) => topCategories(raw, window(raw), level, 1, filter)[0]?.cents ?? 0),
    ),
  );

/** A spending average per purchase: the total over the purchases, or the mean of the purchases. */
const perPurchaseIn = (windows: Window[], filter: FlowFilter): Expect[] =>
  windows.flatMap((window) => [
    one((raw) => perVisit(raw, window(raw), filter)),
    one((raw) => meanPurchase(raw, window(raw), filter)),
  ]);

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

/** "Where can I cut back": the top category lately (rent aside or not), or the most overspent one. */
const CUT_BACK: Expect[] = [
  clarification,
  ...topCategoryAt(LATELY),
  ...topCategoryAt(LATELY, except(RENT)),
  one((raw) => mostOverspent(raw).last),
];

/** The figure of each window, any one of them. */
const inAny = (windows: Window[], cents: (raw: RawData, period: Period) => number): Expect[] =>
  windows.map((window) => one((raw) => cents(raw, window(raw))));

// ---------------------------------------------------------------------------------------------------
// Income

const INCOME: Question[] = [
  q(
    'income',
    'which month did i make the most this yr',
    anyOf(
      one((raw) => maxOf(incomeSeries(raw, monthsThisYear(raw.today)))),
      one((raw) => maxOf(incomeSeries(raw, wholeMonthsThisYear(raw.today)))),
    ),
  ),
  q(
    'income',
    'interest from the brokerage vs my savings acct this yr',
    money((raw) => [income(raw, thisYear(raw), BROKERAGE_INTEREST), savingsInterest(raw, thisYear(raw))]),
  ),
  q(
    'income',
    'how much of last months pay was left after rent',
    anyOf(
      one((raw) => income(raw, lastMonth(raw)) - spending(raw, lastMonth(raw), RENT)),
      one((raw) => income(raw, lastMonth(raw), WAGES) - spending(raw, lastMonth(raw), RENT)),
    ),
  ),
  q(
    'income',
    'how much have i been paid since labor day',
    anyOf(
      clarification,
      one((raw) => income(raw, sinceLaborDay(raw.today))),
      one((raw) => income(raw, sinceLaborDay(raw.today), WAGES)),
    ),
  ),
  q(
    'income',
    'whats my gross salary before taxes',
    anyOf(
      declines,
      one((raw) => lastPaycheck(raw)),
      one((raw) => lastPaycheck(raw) * 24),
      one((raw) => income(raw, lastYear(raw), WAGES)),
      ...inAny(TWELVE_MONTHS, (raw, period) => income(raw, period, WAGES)),
    ),
  ),
  q(
    'income',
    'income last 12 mo split by job / divs / interest',
    anyOf(
      ...TWELVE_MONTHS.map((window) =>
        money((raw) => [
          income(raw, window(raw), WAGES),
          income(raw, window(raw), DIVIDENDS),
          income(raw, window(raw), INTEREST),
        ]),
      ),
    ),
  ),
  q(
    'income',
    (raw) => `what did ${employerWord(raw)} pay me in q2`,
    one((raw) => income(raw, latestQuarter(raw.today, 2), WAGES)),
  ),
  q(
    'income',
    'do i make more from dividends or interest',
    anyOf(
      ...[thisYear, lastYear, wholeHistory, ...TWELVE_MONTHS].flatMap((window) => [
        money((raw) => [income(raw, window(raw), DIVIDENDS), income(raw, window(raw), INTEREST)]),
        money((raw) => [income(raw, window(raw), DIVIDENDS), savingsInterest(raw, window(raw))]),
      ]),
    ),
  ),
  q(
    'income',
    'is my income pretty steady month to month',
    anyOf(
      clarification,
      money((raw) => incomeSeries(raw, wholeMonthsBack(raw.today, 3))),
      money((raw) => incomeSeries(raw, wholeMonthsBack(raw.today, 6))),
      money((raw) => incomeSeries(raw, monthsThisYear(raw.today))),
      money((raw) => incomeSeries(raw, wholeMonthsThisYear(raw.today))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Averages

const AVERAGES: Question[] = [
  q(
    'averages',
    'avg cost of a gas fill up',
    anyOf(noneEver(GAS), ...perPurchaseIn([...HABIT, wholeHistory], GAS)),
  ),
  q(
    'averages',
    'how much do i usually drop on gas monthly',
    anyOf(
      clarification,
      noneEver(GAS),
      ...inAny(USUAL, (raw, period) => monthly(spending(raw, period, GAS), period)),
    ),
  ),
  q(
    'averages',
    'whats my median purchase last month',
    anyOf(
      declines,
      ...[0, 1, 2].map((index) =>
        one((raw) => {
          const values = medianPurchase(raw, lastMonth(raw));
          return values[index] ?? values[0] ?? 0;
        }),
      ),
    ),
  ),
  q(
    'averages',
    'what do i typically spend on a saturday',
    anyOf(clarification, ...inAny(HABIT, (raw, period) => perWeekdayOf(raw, period, 6))),
  ),
  q(
    'averages',
    'avg monthly spend w/o rent this yr',
    anyOf(
      one((raw) => monthly(spending(raw, thisYear(raw), except(RENT)), thisYear(raw))),
      one((raw) => {
        const full = fullMonthsThisYear(raw.today);
        return monthly(spending(raw, full, except(RENT)), full);
      }),
    ),
  ),
  q(
    'averages',
    'avg amazon order vs avg target trip ytd',
    anyOf(
      money((raw) => [perVisit(raw, thisYear(raw), AMAZON), perVisit(raw, thisYear(raw), TARGET)]),
      money((raw) => [meanPurchase(raw, thisYear(raw), AMAZON), meanPurchase(raw, thisYear(raw), TARGET)]),
    ),
  ),
  q(
    'averages',
    (raw) => `avg per day in ${shortAgo(raw, 1)} vs ${shortAgo(raw, 0)} so far`,
    anyOf(
      money((raw) => [
        perDayOf(spending(raw, lastMonth(raw)), lastMonth(raw)),
        perDayOf(spending(raw, thisMonth(raw)), thisMonth(raw)),
      ]),
      money((raw) => {
        const toYesterday = { start: thisMonth(raw).start, end: lastDays(raw, 2).start };
        return [
          perDayOf(spending(raw, lastMonth(raw)), lastMonth(raw)),
          perDayOf(spending(raw, toYesterday), toYesterday),
        ];
      }),
    ),
  ),
  q(
    'averages',
    'avg paycheck over the summer',
    anyOf(
      clarification,
      one((raw) => meanPaycheck(raw, summer(raw.today))),
    ),
  ),
  q(
    'averages',
    'whats a normal month of spending look like for me',
    anyOf(clarification, ...inAny(USUAL, (raw, period) => monthly(spending(raw, period), period))),
  ),
  q(
    'averages',
    'avg electric bill per month last yr vs this yr',
    anyOf(
      money((raw) => [
        monthly(spending(raw, lastYear(raw), ELECTRICITY), lastYear(raw)),
        monthly(spending(raw, thisYear(raw), ELECTRICITY), thisYear(raw)),
      ]),
      money((raw) => {
        const full = fullMonthsThisYear(raw.today);
        return [
          monthly(spending(raw, lastYear(raw), ELECTRICITY), lastYear(raw)),
          monthly(spending(raw, full, ELECTRICITY), full),
        ];
      }),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Comparisons

const COMPARISONS: Question[] = [
  q(
    'comparisons',
    (raw) => `did i spend more in the first half of ${shortAgo(raw, 1)} or the second half`,
    money((raw) => halvesOf(lastMonth(raw)).map((half) => spending(raw, half))),
  ),
  q(
    'comparisons',
    'which went up more vs last yr, groceries or eating out',
    anyOf(
      ...[RESTAURANTS, FOOD_OUT].flatMap((out) => [
        money((raw) => {
          const now = thisYear(raw);
          const before = yearEarlier(now);
          return [GROCERIES, out].flatMap((filter) => [
            spending(raw, now, filter),
            spending(raw, before, filter),
          ]);
        }),
        money((raw) => {
          const now = thisYear(raw);
          const before = yearEarlier(now);
          return [GROCERIES, out].map((filter) => spending(raw, now, filter) - spending(raw, before, filter));
        }),
        money((raw) =>
          [GROCERIES, out].flatMap((filter) => [
            spending(raw, thisYear(raw), filter),
            spending(raw, lastYear(raw), filter),
          ]),
        ),
      ]),
    ),
  ),
  q(
    'comparisons',
    (raw) => `how much more did i spend in ${year(raw) - 1} than ${year(raw) - 2}`,
    anyOf(
      outsideHistory,
      money((raw) => [
        spending(raw, wholeYear(raw.today, year(raw) - 1)),
        spending(raw, wholeYear(raw.today, year(raw) - 2)),
      ]),
    ),
  ),
  q(
    'comparisons',
    'food or transportation, which costs me more the last 3 months',
    anyOf(
      ...THREE_MONTHS.map((window) =>
        money((raw) => [spending(raw, window(raw), FOOD), spending(raw, window(raw), TRANSPORTATION)]),
      ),
    ),
  ),
  q(
    'comparisons',
    'whats more per month, my phone bill or internet',
    anyOf(
      money((raw) => [latestCharge(raw, PHONE), latestCharge(raw, INTERNET)]),
      money((raw) => [spending(raw, lastMonth(raw), PHONE), spending(raw, lastMonth(raw), INTERNET)]),
      ...USUAL.map((window) =>
        money((raw) => [
          monthly(spending(raw, window(raw), PHONE), window(raw)),
          monthly(spending(raw, window(raw), INTERNET), window(raw)),
        ]),
      ),
    ),
  ),
  q(
    'comparisons',
    (raw) => `which category jumped the most from ${shortAgo(raw, 2)} to ${shortAgo(raw, 1)}`,
    anyOf(
      ...(['primary', 'detailed'] as const).flatMap((level) => [
        money((raw) => biggestRise(raw, ago(raw, 2), lastMonth(raw), level)),
        one((raw) => {
          const [before = 0, after = 0] = biggestRise(raw, ago(raw, 2), lastMonth(raw), level);
          return after - before;
        }),
      ]),
    ),
  ),
  q(
    'comparisons',
    'starbucks vs peets vs blue bottle this yr',
    money((raw) => [STARBUCKS, PEETS, BLUE_BOTTLE].map((filter) => spending(raw, thisYear(raw), filter))),
  ),
  q(
    'comparisons',
    'how much more do i spend eating out than on groceries this yr',
    anyOf(
      ...[RESTAURANTS, FOOD_OUT].flatMap((out) => [
        one((raw) => spending(raw, thisYear(raw), out) - spending(raw, thisYear(raw), GROCERIES)),
        money((raw) => [spending(raw, thisYear(raw), out), spending(raw, thisYear(raw), GROCERIES)]),
      ]),
    ),
  ),
  q(
    'comparisons',
    'do i spend more in summer or winter',
    anyOf(
      clarification,
      money((raw) => [spending(raw, summer(raw.today)), spending(raw, winter(raw.today))]),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN: Question[] = [
  q('open_questions', 'be real w me am i bad with money', anyOf(...HOW_AM_I_DOING)),
  q('open_questions', 'where could i trim like 200 bucks a month', anyOf(...CUT_BACK)),
  q(
    'open_questions',
    'am i living paycheck to paycheck',
    anyOf(
      ...HOW_AM_I_DOING,
      one((raw) => checkingBalance(raw)),
      one((raw) => bankCash(raw)),
    ),
  ),
  q(
    'open_questions',
    'could i survive 3 months with no income',
    anyOf(
      clarification,
      one((raw) => bankCash(raw)),
      ...USUAL.flatMap((window) => [
        ...[bankCash, allCash].map((cash) =>
          money((raw) => [cash(raw), monthly(spending(raw, window(raw)), window(raw))]),
        ),
        one((raw) => 3 * monthly(spending(raw, window(raw)), window(raw))),
      ]),
    ),
  ),
  q(
    'open_questions',
    'whats eating my budget this month',
    anyOf(...topCategoryAt([thisMonth]), ...topCategoryAt([thisMonth], except(RENT))),
  ),
  q('open_questions', 'give me 3 ways to save money', anyOf(declines, ...CUT_BACK)),
];

// ---------------------------------------------------------------------------------------------------
// Cash flow

const CASH_FLOW: Question[] = [
  q(
    'cash_flow',
    (raw) => `did more come in than go out in ${shortAgo(raw, 1)}`,
    anyOf(
      money((raw) => incomeAndSpending(raw, lastMonth(raw))),
      one((raw) => netOf(raw, lastMonth(raw))),
    ),
  ),
  q(
    'cash_flow',
    'which month this yr did i save the most',
    anyOf(
      one((raw) => maxOf(netSeries(raw, monthsThisYear(raw.today)))),
      one((raw) => maxOf(netSeries(raw, wholeMonthsThisYear(raw.today)))),
    ),
  ),
  q(
    'cash_flow',
    'how many months this yr was i in the red',
    anyOf(
      tally((raw) => monthsInTheRed(raw, monthsThisYear(raw.today)), 'month'),
      tally((raw) => monthsInTheRed(raw, wholeMonthsThisYear(raw.today)), 'month'),
    ),
  ),
  q(
    'cash_flow',
    'avg monthly surplus last 6 mo',
    anyOf(
      one((raw) => {
        const six = periods.lastFullMonths(raw.today, 6);
        return monthly(netOf(raw, six), six);
      }),
      one((raw) => safeDivide(netOf(raw, { start: ago(raw, 5).start, end: raw.today }), 6)),
    ),
  ),
  q(
    'cash_flow',
    'net in and out since july 4th',
    anyOf(
      one((raw) => netOf(raw, sinceDay(raw.today, 7, 4))),
      money((raw) => incomeAndSpending(raw, sinceDay(raw.today, 7, 4))),
    ),
  ),
  q(
    'cash_flow',
    'how much have i saved in total since i started using this',
    anyOf(
      one((raw) => netOf(raw, wholeHistory(raw))),
      money((raw) => incomeAndSpending(raw, wholeHistory(raw))),
      one((raw) => savedToSavings(raw, wholeHistory(raw))),
    ),
  ),
  q(
    'cash_flow',
    'net cash flow q1 vs q2',
    money((raw) => [netOf(raw, latestQuarter(raw.today, 1)), netOf(raw, latestQuarter(raw.today, 2))]),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Counts

const COUNTS: Question[] = [
  q(
    'counts',
    (raw) => `how many times did i fill up on gas in ${shortAgo(raw, 1)}`,
    tally((raw) => purchaseCount(raw, lastMonth(raw), GAS), ...COUNT_UNITS, 'fill'),
  ),
  q(
    'counts',
    'how many diff merchants did i buy from last month',
    tally(
      (raw) => distinctMerchants(raw, lastMonth(raw)),
      'merchant',
      'place',
      'store',
      'shop',
      'business',
      'vendor',
    ),
  ),
  q(
    'counts',
    'how many rent payments so far this yr',
    tally(
      (raw) => purchaseCount(raw, thisYear(raw), RENT),
      'payment',
      'time',
      'rent',
      'transaction',
      'charge',
    ),
  ),
  q(
    'counts',
    '# of purchases under 5 bucks this yr',
    anyOf(
      tally((raw) => purchaseCount(raw, thisYear(raw), under(5)), ...COUNT_UNITS),
      tally((raw) => purchaseCount(raw, thisYear(raw), (flow) => -flow.cents <= 500), ...COUNT_UNITS),
    ),
  ),
  q(
    'counts',
    'how many transactions over 1k have i ever had',
    anyOf(
      tally((raw) => purchaseCount(raw, wholeHistory(raw), over(1000)), ...COUNT_UNITS, 'payment'),
      tally((raw) => outflows(raw, wholeHistory(raw), over(1000)).length, ...COUNT_UNITS, 'payment'),
    ),
  ),
  q(
    'counts',
    (raw) => `how many times did we go to olive garden in ${year(raw) - 1}`,
    tally((raw) => purchaseCount(raw, lastYear(raw), OLIVE_GARDEN), ...COUNT_UNITS),
  ),
  q(
    'counts',
    'did i get any refunds this yr? how many',
    tally((raw) => refundCount(raw, thisYear(raw)), 'refund', 'return', 'credit', 'transaction'),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Shares

const SHARES: Question[] = [
  q(
    'shares',
    (raw) => `what % of my amazon spending in ${year(raw) - 1} was in december`,
    percent((raw) =>
      percentOf(spending(raw, monthOfYear(year(raw) - 1, 12), AMAZON), spending(raw, lastYear(raw), AMAZON)),
    ),
  ),
  q(
    'shares',
    'what % of my purchases this yr were under $20',
    anyOf(
      percent((raw) => purchaseShareByCount(raw, thisYear(raw), under(20))),
      percent((raw) => purchaseShareByCount(raw, thisYear(raw), (flow) => -flow.cents <= 2000)),
      percent((raw) => spendingShare(raw, thisYear(raw), under(20))),
    ),
  ),
  q(
    'shares',
    'what % of my net worth is in retirement accts',
    anyOf(
      percent((raw) => percentOf(retirement(raw), netWorth(raw))),
      percent((raw) => percentOf(retirement(raw), totalAssets(raw))),
    ),
  ),
  q(
    'shares',
    (raw) => `fraction of my income from dividends in ${year(raw) - 1}`,
    percent((raw) => percentOf(income(raw, lastYear(raw), DIVIDENDS), income(raw, lastYear(raw)))),
  ),
  q(
    'shares',
    'what cut of my spending goes to uber n lyft',
    anyOf(clarification, ...HABIT.map((window) => percent((raw) => spendingShare(raw, window(raw), RIDES)))),
  ),
  q(
    'shares',
    'is rent more than a third of my income',
    anyOf(
      ...[lastMonth, thisYear, last3, lastYear].flatMap((window) => [
        percent((raw) => percentOf(spending(raw, window(raw), RENT), income(raw, window(raw)))),
        percent((raw) => percentOf(spending(raw, window(raw), RENT), income(raw, window(raw), WAGES))),
      ]),
    ),
  ),
  q(
    'shares',
    (raw) => `by what % did groceries change from ${shortAgo(raw, 2)} to ${shortAgo(raw, 1)}`,
    percent((raw) =>
      percentChange(spending(raw, lastMonth(raw), GROCERIES), spending(raw, ago(raw, 2), GROCERIES)),
    ),
  ),
  q(
    'shares',
    'what share of my spending happens on weekends',
    anyOf(
      clarification,
      ...HABIT.map((window) => percent((raw) => spendingShare(raw, window(raw), onWeekend))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Crypto

/** Every retirement account (a Roth or other IRA, at the bank or the brokerage). */
const retirement = (raw: RawData): number => sumOf(balancesMatching(raw, /\bira\b|roth/i));

const ETH_DOUBLED = (raw: RawData): number => cryptoCents(raw) + cryptoSymbolCents(raw, 'ETH');

const CRYPTO: Question[] = [
  q(
    'crypto',
    'whats my smallest wallet',
    one(
      (raw) => smallestWallet(raw).cents,
      (raw) => [smallestWallet(raw).tag],
    ),
  ),
  q(
    'crypto',
    'do i have more in btc or eth',
    money((raw) => [cryptoSymbolCents(raw, 'BTC'), cryptoSymbolCents(raw, 'ETH')]),
  ),
  q(
    'crypto',
    'how much uni do i have',
    anyOf(
      one((raw) => cryptoSymbolCents(raw, 'UNI')),
      names((raw) => [symbolUnitsText(raw, 'UNI', 2)]),
    ),
  ),
  q(
    'crypto',
    'whats eth trading at rn',
    anyOf(
      declines,
      one((raw) => priceCents(raw, 'ETH')),
    ),
  ),
  q(
    'crypto',
    'crypto vs stocks which do i have more in',
    anyOf(
      money((raw) => [cryptoCents(raw), investmentsValue(raw)]),
      money((raw) => [cryptoCents(raw), securitiesValue(raw)]),
      money((raw) => [cryptoCents(raw), classValue(raw, 'stock')]),
    ),
  ),
  q(
    'crypto',
    'if eth doubled what would my crypto be worth',
    anyOf(...[-1, 0, 1].map((cent) => one((raw) => ETH_DOUBLED(raw) + cent))),
  ),
  q(
    'crypto',
    'how many wallets do i have linked',
    tally(() => 4, 'wallet', 'crypto wallet', 'account'),
  ),
  q(
    'crypto',
    'which wallet is my usdt in',
    names((raw) => walletsHolding(raw, 'USDT')),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Questions to decline, and ask-backs with nothing before them

const DECLINE: Question[] = [
  q('must_decline', 'how much does the avg person my age have saved', declines),
  q('must_decline', 'is tsla a good buy rn', declines),
  q(
    'must_decline',
    (raw) => `predict my spending for ${longMonth(Number(calendarMonthAhead(raw).slice(5, 7)))}`,
    outsideHistory,
  ),
  q('must_decline', 'whats the s&p gonna do this yr', declines),
  q('must_decline', 'cancel my netflix for me', declines),
  q('must_decline', 'how much am i gonna owe in taxes this yr', declines),
  q('must_decline', 'is aapl worth buying at this price', declines),
];

const AMBIGUOUS: Question[] = [
  q('ambiguous', 'and last month?', clarification),
  q('ambiguous', 'same for the other card', clarification),
  q('ambiguous', 'how much was the big one', clarification),
  q('ambiguous', 'what about them', clarification),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups: pronouns, "same for", "what about", corrections

const FILL_UPS = [...COUNT_UNITS, 'fill'];

/** The share of this year's spending the category ranked `index` (0 = top) holds, at either level. */
const categoryShares = (index: number): Expect[] =>
  (['primary', 'detailed'] as const).map((level) =>
    percent((raw) =>
      percentOf(
        topCategories(raw, thisYear(raw), level, index + 1)[index]?.cents ?? 0,
        spending(raw, thisYear(raw)),
      ),
    ),
  );

const FOLLOW_UPS_1: Question[] = [
  thread(
    {
      ask: 'how much did i spend on gas this month',
      expect: zeroOr((raw) => spending(raw, thisMonth(raw), GAS)),
    },
    { ask: 'no i meant last month', expect: zeroOr((raw) => spending(raw, lastMonth(raw), GAS)) },
    {
      ask: 'how many fill ups was that',
      expect: tally((raw) => purchaseCount(raw, lastMonth(raw), GAS), ...FILL_UPS),
    },
  ),
  thread(
    {
      ask: (raw) => `income in ${shortAgo(raw, 1)}`,
      expect: anyOf(
        one((raw) => income(raw, lastMonth(raw))),
        one((raw) => income(raw, lastMonth(raw), WAGES)),
      ),
    },
    {
      ask: (raw) => `sorry i meant ${longMonth(monthNumberAgo(raw, 2))}`,
      expect: anyOf(
        one((raw) => income(raw, ago(raw, 2))),
        one((raw) => income(raw, ago(raw, 2), WAGES)),
      ),
    },
    {
      ask: 'whats the diff between the two',
      expect: anyOf(
        ...[undefined, WAGES].flatMap((filter) => [
          one((raw) => income(raw, lastMonth(raw), filter) - income(raw, ago(raw, 2), filter)),
          money((raw) => [income(raw, lastMonth(raw), filter), income(raw, ago(raw, 2), filter)]),
        ]),
      ),
    },
  ),
  thread(
    {
      ask: 'top 3 categories this yr',
      expect: anyOf(
        ...(['primary', 'detailed'] as const).map((level) =>
          money((raw) => topCategories(raw, thisYear(raw), level, 3).map((entry) => entry.cents)),
        ),
      ),
    },
    {
      ask: 'what % of my spending is the #1',
      expect: anyOf(...categoryShares(0)),
    },
    { ask: 'and #2', expect: anyOf(...categoryShares(1)) },
  ),
  thread(
    { ask: 'starbucks this yr', expect: one((raw) => spending(raw, thisYear(raw), STARBUCKS)) },
    { ask: 'what about peets', expect: one((raw) => spending(raw, thisYear(raw), PEETS)) },
    {
      ask: 'which one do i go to more often',
      expect: tally(
        (raw) =>
          Math.max(purchaseCount(raw, thisYear(raw), STARBUCKS), purchaseCount(raw, thisYear(raw), PEETS)),
        ...COUNT_UNITS,
        'coffee',
      ),
    },
  ),
  thread(
    {
      ask: 'whats in my phantom wallet',
      expect: anyOf(
        names((raw) => walletSymbols(raw, 'Phantom_web3')),
        one((raw) => walletNamed(raw, 'Phantom_web3')),
      ),
    },
    { ask: 'how much is the sol part worth', expect: one((raw) => cryptoSymbolCents(raw, 'SOL')) },
    {
      ask: 'and as a % of all my crypto',
      expect: percent((raw) => percentOf(cryptoSymbolCents(raw, 'SOL'), cryptoCents(raw))),
    },
  ),
  thread(
    { ask: 'avg grocery trip this yr', expect: anyOf(...perPurchaseIn([thisYear], GROCERIES)) },
    { ask: 'same for last yr', expect: anyOf(...perPurchaseIn([lastYear], GROCERIES)) },
    {
      ask: 'so is it going up',
      expect: anyOf(
        money((raw) => [perVisit(raw, thisYear(raw), GROCERIES), perVisit(raw, lastYear(raw), GROCERIES)]),
        money((raw) => [
          meanPurchase(raw, thisYear(raw), GROCERIES),
          meanPurchase(raw, lastYear(raw), GROCERIES),
        ]),
      ),
    },
  ),
  thread(
    { ask: 'net cash flow this month', expect: one((raw) => netOf(raw, thisMonth(raw))) },
    { ask: 'i meant for the whole yr', expect: one((raw) => netOf(raw, thisYear(raw))) },
    { ask: 'and what was it last yr', expect: one((raw) => netOf(raw, lastYear(raw))) },
  ),
];

const FOLLOW_UPS_2: Question[] = [
  thread(
    { ask: 'when did i last get paid', expect: one((raw) => lastPaycheck(raw)) },
    { ask: 'and the one before that', expect: one((raw) => previousPaycheck(raw)) },
    {
      ask: 'are they always the same amount',
      expect: anyOf(
        ...[thisYear, lastYear, last3, wholeHistory].map((window) =>
          money((raw) => distinctPaychecks(raw, window(raw))),
        ),
      ),
    },
  ),
  thread(
    {
      ask: 'how many amazon orders last month',
      expect: tally((raw) => purchaseCount(raw, lastMonth(raw), AMAZON), ...COUNT_UNITS),
    },
    { ask: 'whats the total for those', expect: zeroOr((raw) => spending(raw, lastMonth(raw), AMAZON)) },
    { ask: 'biggest one?', expect: zeroOr((raw) => biggestPurchase(raw, lastMonth(raw), AMAZON)) },
  ),
  thread(
    { ask: 'restaurants last month', expect: one((raw) => spending(raw, lastMonth(raw), RESTAURANTS)) },
    { ask: 'how does that compare to other ppl my age', expect: declines },
    {
      ask: 'ok compare it to my own avg then',
      expect: anyOf(
        ...USUAL.map((window) =>
          money((raw) => [
            spending(raw, lastMonth(raw), RESTAURANTS),
            monthly(spending(raw, window(raw), RESTAURANTS), window(raw)),
          ]),
        ),
        ...[3, 6, 12].map((count) =>
          money((raw) => [
            spending(raw, lastMonth(raw), RESTAURANTS),
            safeDivide(
              spending(raw, { start: ago(raw, count + 1).start, end: ago(raw, 2).end }, RESTAURANTS),
              count,
            ),
          ]),
        ),
      ),
    },
  ),
  thread(
    { ask: 'how much did i spend there', expect: clarification },
    { ask: 'at target this yr', expect: one((raw) => spending(raw, thisYear(raw), TARGET)) },
  ),
  thread(
    {
      ask: 'coffee last week',
      expect: anyOf(
        zeroOr((raw) => spending(raw, lastWeek(raw), COFFEE)),
        zeroOr((raw) => spending(raw, lastDays(raw, 7), COFFEE)),
      ),
    },
    {
      ask: 'wait not coffee, fast food',
      expect: anyOf(
        zeroOr((raw) => spending(raw, lastWeek(raw), FAST_FOOD)),
        zeroOr((raw) => spending(raw, lastDays(raw, 7), FAST_FOOD)),
      ),
    },
  ),
  thread(
    { ask: 'how much do i have in crypto', expect: one((raw) => cryptoCents(raw)) },
    {
      ask: 'what if i sold half of it',
      expect: anyOf(...[0, 1].map((index) => one((raw) => halves(cryptoCents(raw))[index] ?? 0))),
    },
  ),
  thread(
    {
      ask: 'how much do i spend on my dog a month',
      expect: anyOf(
        clarification,
        noneEver(PETS),
        ...inAny(USUAL, (raw, period) => monthly(spending(raw, period, PETS), period)),
      ),
    },
    {
      ask: 'whats the most i ever spent on it in one go',
      expect: zeroOr((raw) => biggestPurchase(raw, wholeHistory(raw), PETS)),
    },
    {
      ask: 'where was that',
      expect: anyOf(
        noneEver(PETS),
        names((raw) => {
          const top = purchases(raw, wholeHistory(raw), PETS).sort((a, b) => a.cents - b.cents)[0];
          return [top ? (top.merchant ?? top.name) : '(no pet purchase on record)'];
        }),
      ),
    },
  ),
];

export const TYPED_8_QUESTIONS: readonly Question[] = [
  ...INCOME,
  ...AVERAGES,
  ...COMPARISONS,
  ...OPEN,
  ...CASH_FLOW,
  ...COUNTS,
  ...SHARES,
  ...CRYPTO,
  ...DECLINE,
  ...AMBIGUOUS,
  ...FOLLOW_UPS_1,
  ...FOLLOW_UPS_2,
];
