import {
  addDays,
  byAccountKind,
  byDetailed,
  calendarMonth,
  cryptoCents,
  cryptoSymbolCents,
  type Flow,
  income,
  investmentsValue,
  largestSpending,
  netWorth,
  type Period,
  periods,
  spending,
  totalAssets,
  valueOfTicker,
} from './expected.ts';
import {
  atMerchant,
  daySpan,
  firstHalf,
  lastQuarter,
  lastWeekend,
  latestQuarter,
  monthBeforeHistory,
  over,
  percentOf,
  purchaseCount,
  smallestPurchase,
  spendingShare,
  yearBeforeHistory,
  yearEarlier,
} from './expected-reading.ts';
import {
  DIVIDENDS,
  either,
  INTEREST,
  largestPurchase,
  onWeekday,
  onWeekend,
  rollingMonths,
  savedToSavings,
  securitiesValue,
  spendingTransactionCount,
  WAGES,
  walletNamed,
  walletsOnChain,
} from './expected-typed.ts';
import {
  biggestPurchase,
  checkingBalance,
  employerName,
  FOOD,
  fullMonthsThisYear,
  incomeAndSpending,
  lastPaycheck,
  meanPaycheck,
  meanPurchase,
  monthly,
  monthsThisYear,
  monthsWithin,
  mostExpensive,
  netOf,
  perVisit,
  safeDivide,
  savingsInterest,
  savingsRate,
  symbolUnitsText,
  symbolValues,
  USUAL_PERIODS,
  wholeHistory,
  wholeMonthsBack,
  wholeMonthsThisYear,
} from './expected-typed-2.ts';
import {
  cheapest,
  FOOD_OUT,
  onCard,
  perDayOf,
  perWeekOf,
  postedCount,
  richestWallet,
  STABLECOINS,
  seriesOf,
  symbolsCents,
  symbolUnitsRounded,
  thisWeek,
} from './expected-typed-3.ts';
import { sumOf, surelyTopVisited, topCategories, topMerchants } from './expected-typed-4.ts';
import { except, monthsToDate } from './expected-typed-5.ts';
import {
  atmVisits,
  bankDeposits,
  biggestMover,
  distinctMerchants,
  incomePayments,
  largestEach,
  perWeekendBy,
  purchaseShareByCount,
  sinceLastPaycheck,
  topCategoryEach,
  walletSymbols,
} from './expected-typed-6.ts';
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
  misspeltMonth,
  money,
  monthNumberAgo,
  monthsAgo,
  names,
  one,
  outsideHistory,
  percent,
  RENT,
  RESTAURANTS,
  RIDES,
  shortMonth,
  tally,
  thisMonth,
  thisYear,
} from './reading-expect.ts';

/**
 * The sixth typed batch: questions typed the way people type into a chat box (lower case, typos,
 * abbreviations, missing words), weighted on follow-up threads, counts, rankings, shares, income, net
 * cash flow, crypto, periods of every kind (explicit dates in several formats, quarters, halves, month
 * ranges, "last 45 days", "since my last paycheck", weekends, before the history, still ahead), open
 * questions, questions to decline and ambiguous ones. Written from the sandbox generators, the
 * contracts and docs/agent.md, without reading the analyst; every figure is computed from the vendors'
 * raw records (expected*.ts).
 */

const { q, thread } = batchOf('t6');

type FlowFilter = (flow: Flow) => boolean;
type Window = (raw: RawData) => Period;

const ago = (raw: RawData, back: number): Period => monthsAgo(raw, back);
const AMAZON = atMerchant('Amazon');
const TARGET = atMerchant('Target');
const UBER = atMerchant('Uber');
const STARBUCKS = atMerchant('Starbucks');
const TRADER_JOES = atMerchant("Trader Joe's");
const WHOLE_FOODS = atMerchant('Whole Foods Market');
const CARD = byAccountKind('credit');
const CHECKING = byAccountKind('checking');
const PHARMACY = byDetailed('MEDICAL_PHARMACIES_AND_SUPPLEMENTS');

/** The last 3 whole months. */
const last3: Window = (raw) => periods.lastFullMonths(raw.today, 3);
/** The N−1 whole months before this one and this month to date, as one period. */
const monthsToDateSpan = (raw: RawData, count: number): Period => ({
  start: calendarMonth(raw.today, count - 1).start,
  end: raw.today,
});
/** "The last 3 months": whole months, or to date, or rolling. */
const THREE_MONTHS: Window[] = [
  last3,
  (raw) => monthsToDateSpan(raw, 3),
  (raw) => rollingMonths(raw.today, 3),
];
/** A habit with no period named: the usual windows, and the month so far and the last 30 days. */
const HABIT: Window[] = [
  last3,
  lastMonth,
  thisMonth,
  thisYear,
  (raw) => lastDays(raw, 30),
  (raw) => periods.lastFullMonths(raw.today, 6),
];
/** The usual windows of an average with no period named, and the whole history. */
const USUAL_AND_ALL: Window[] = [
  ...USUAL_PERIODS.map((window) => (raw: RawData) => window(raw.today)),
  wholeHistory,
];
const year = (raw: RawData): number => Number(raw.today.slice(0, 4));
/** 'contoso' for Contoso Ltd. */
const employerWord = (raw: RawData): string => (employerName(raw).split(' ')[0] ?? '').toLowerCase();

/** The period's top category's spending at either level. */
const topCategoryAt = (windows: Window[], filter?: FlowFilter): Expect[] =>
  windows.flatMap((window) =>
    (['primary', 'detailed'] as const).map((level) =>
      one((raw) => topCategories(raw, window(raw), level, 1, filter)[0]?.cents ?? 0),
    ),
  );

/** The period's figure against the usual monthly average of the same filter. */
const againstUsual = (period: Window, filter: FlowFilter): Expect =>
  anyOf(
    ...USUAL_PERIODS.map((window) =>
      money((raw) => [
        spending(raw, period(raw), filter),
        monthly(spending(raw, window(raw.today), filter), window(raw.today)),
      ]),
    ),
    ...[3, 6, 12].map((count) =>
      money((raw) => {
        const end = addDays(period(raw).start, -1);
        const before = { start: calendarMonth(raw.today, count + 1).start, end };
        return [spending(raw, period(raw), filter), safeDivide(spending(raw, before, filter), count)];
      }),
    ),
  );

const COUNT_UNITS = ['purchase', 'transaction', 'time', 'charge', 'visit', 'order', 'run', 'trip', 'ride'];

// ---------------------------------------------------------------------------------------------------
// Periods: explicit dates, quarters, halves, ranges, spans, weekends

const PERIODS: Question[] = [
  q(
    'periods',
    'how much did i spend in the last 45 days',
    one((raw) => spending(raw, lastDays(raw, 45))),
  ),
  q(
    'periods',
    'spending since my last paycheck?',
    anyOf(
      one((raw) => spending(raw, sinceLastPaycheck(raw, false))),
      one((raw) => spending(raw, sinceLastPaycheck(raw, true))),
    ),
  ),
  q(
    'periods',
    (raw) => `what did i spend between ${monthNumberAgo(raw, 2)}/3 and ${monthNumberAgo(raw, 2)}/17`,
    one((raw) => spending(raw, daySpan(raw.today, monthNumberAgo(raw, 2), 3, 17))),
  ),
  q(
    'periods',
    (raw) => {
      const start = lastMonth(raw).start;
      return `total spent ${start} thru ${start.slice(0, 8)}15`;
    },
    one((raw) =>
      spending(raw, { start: lastMonth(raw).start, end: `${lastMonth(raw).start.slice(0, 8)}15` }),
    ),
  ),
  q(
    'periods',
    (raw) => `${shortMonth(monthNumberAgo(raw, 1))} 1-10 spending`,
    one((raw) => spending(raw, daySpan(raw.today, monthNumberAgo(raw, 1), 1, 10))),
  ),
  q(
    'periods',
    (raw) => `how much did i spend from the 5th of ${longMonth(monthNumberAgo(raw, 3))} to the 20th`,
    one((raw) => spending(raw, daySpan(raw.today, monthNumberAgo(raw, 3), 5, 20))),
  ),
  q(
    'periods',
    (raw) => {
      const from = ago(raw, 3).start;
      const to = ago(raw, 2).start;
      const us = (day: string) => `${Number(day.slice(5, 7))}/10/${day.slice(2, 4)}`;
      return `spending ${us(from)} to ${us(to).replace('/10/', '/9/')}`;
    },
    one((raw) =>
      spending(raw, {
        start: `${ago(raw, 3).start.slice(0, 8)}10`,
        end: `${ago(raw, 2).start.slice(0, 8)}09`,
      }),
    ),
  ),
  q(
    'periods',
    'q1 total spend pls',
    one((raw) => spending(raw, latestQuarter(raw.today, 1))),
  ),
  q(
    'periods',
    'how much went out the door in the first half of last yr',
    one((raw) => spending(raw, { start: `${year(raw) - 1}-01-01`, end: `${year(raw) - 1}-06-30` })),
  ),
  q(
    'periods',
    (raw) => `spending from ${shortMonth(monthNumberAgo(raw, 4))} thru ${shortMonth(monthNumberAgo(raw, 2))}`,
    one((raw) => spending(raw, { start: ago(raw, 4).start, end: ago(raw, 2).end })),
  ),
  q(
    'periods',
    'weekend spending this month so far?',
    one((raw) => spending(raw, thisMonth(raw), onWeekend)),
  ),
  q(
    'periods',
    'how much did i blow thru last wkend',
    one((raw) => spending(raw, lastWeekend(raw.today))),
  ),
  q(
    'periods',
    'spending past 2 wks',
    anyOf(
      one((raw) => spending(raw, lastDays(raw, 14))),
      one((raw) => {
        const monday = thisWeek(raw.today).start;
        return spending(raw, { start: addDays(monday, -14), end: addDays(monday, -1) });
      }),
    ),
  ),
  q(
    'periods',
    (raw) => `what have i spent so far in ${year(raw)}`,
    one((raw) => spending(raw, thisYear(raw))),
  ),
  q(
    'periods',
    'how much have i spent this wk',
    one((raw) => spending(raw, thisWeek(raw.today))),
  ),
  q(
    'periods',
    (raw) => `groceries ${longMonth(monthNumberAgo(raw, 2))} ${ago(raw, 2).start.slice(0, 4)}?`,
    one((raw) => spending(raw, ago(raw, 2), GROCERIES)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// History bounds: before the linked history, or still ahead

const BOUNDS: Question[] = [
  q('history_bounds', (raw) => `show me my spending for march ${yearBeforeHistory(raw)}`, outsideHistory),
  q(
    'history_bounds',
    (raw) => {
      const month = monthBeforeHistory(raw);
      return `income in ${shortMonth(Number(month.start.slice(5, 7)))} ${month.start.slice(0, 4)}`;
    },
    outsideHistory,
  ),
  q('history_bounds', (raw) => `groceries back in ${yearBeforeHistory(raw) - 1}?`, outsideHistory),
  q('history_bounds', (raw) => `what did i spend in ${year(raw) + 1}`, outsideHistory),
  q(
    'history_bounds',
    (raw) => {
      const next = calendarMonth(raw.today, -2);
      return `spending ${shortMonth(Number(next.start.slice(5, 7)))} ${next.start.slice(0, 4)}`;
    },
    outsideHistory,
  ),
  q('history_bounds', (raw) => `how much did i make in q1 ${year(raw) + 1}`, outsideHistory),
];

// ---------------------------------------------------------------------------------------------------
// Counts

const COUNTS: Question[] = [
  q(
    'counts',
    '# of starbucks runs this year',
    tally((raw) => purchaseCount(raw, thisYear(raw), STARBUCKS), ...COUNT_UNITS),
  ),
  q(
    'counts',
    'how often do i take uber',
    anyOf(
      clarification,
      ...HABIT.map((window) => tally((raw) => purchaseCount(raw, window(raw), UBER), ...COUNT_UNITS)),
    ),
  ),
  q(
    'counts',
    'how many txns did i have last month',
    anyOf(
      tally((raw) => purchaseCount(raw, lastMonth(raw)), 'transaction', 'purchase'),
      tally((raw) => spendingTransactionCount(raw, lastMonth(raw)), 'transaction'),
      tally((raw) => postedCount(raw, lastMonth(raw), () => true), 'transaction'),
    ),
  ),
  q(
    'counts',
    'how many amzn orders in the past 3 months',
    anyOf(
      ...THREE_MONTHS.map((window) =>
        tally((raw) => purchaseCount(raw, window(raw), AMAZON), ...COUNT_UNITS),
      ),
    ),
  ),
  q(
    'counts',
    'how many times have i been paid this yr',
    tally((raw) => incomePayments(raw, thisYear(raw), WAGES), 'paycheck', 'deposit', 'payment', 'time'),
  ),
  q(
    'counts',
    (raw) => `count of restaurant visits in ${longMonth(monthNumberAgo(raw, 1))}`,
    anyOf(
      tally((raw) => purchaseCount(raw, lastMonth(raw), RESTAURANTS), ...COUNT_UNITS, 'meal'),
      tally((raw) => purchaseCount(raw, lastMonth(raw), FOOD_OUT), ...COUNT_UNITS, 'meal'),
    ),
  ),
  q(
    'counts',
    'number of purchases over $100 last month',
    anyOf(
      tally((raw) => purchaseCount(raw, lastMonth(raw), over(99.99)), ...COUNT_UNITS),
      tally((raw) => purchaseCount(raw, lastMonth(raw), over(100)), ...COUNT_UNITS),
    ),
  ),
  q(
    'counts',
    'how many times did i hit the atm this yr',
    anyOf(
      declines,
      tally((raw) => atmVisits(raw, thisYear(raw)), 'time', 'withdrawal', 'visit', 'transaction'),
    ),
  ),
  q(
    'counts',
    'how many diff restaurants did i eat at last month',
    tally(
      (raw) => distinctMerchants(raw, lastMonth(raw), RESTAURANTS),
      'restaurant',
      'place',
      'merchant',
      'spot',
    ),
  ),
  q(
    'counts',
    'how many coffees did i buy on weekdays last mo',
    tally(
      (raw) => purchaseCount(raw, lastMonth(raw), (flow) => COFFEE(flow) && onWeekday(flow)),
      ...COUNT_UNITS,
      'coffee',
    ),
  ),
  q(
    'counts',
    'how many dividend payments did i get this yr',
    tally((raw) => incomePayments(raw, thisYear(raw), DIVIDENDS), 'payment', 'dividend', 'deposit', 'time'),
  ),
  q(
    'counts',
    'how many times did i get groceries in the last 45 days',
    tally((raw) => purchaseCount(raw, lastDays(raw, 45), GROCERIES), ...COUNT_UNITS, 'shop'),
  ),
  q(
    'counts',
    'how many uber or lyft rides this month',
    tally((raw) => purchaseCount(raw, thisMonth(raw), RIDES), ...COUNT_UNITS),
  ),
  q(
    'counts',
    (raw) => `# of card txns in ${misspeltMonth(monthNumberAgo(raw, 2))}`,
    anyOf(
      tally((raw) => purchaseCount(raw, ago(raw, 2), CARD), 'transaction', 'purchase', 'charge'),
      tally((raw) => spendingTransactionCount(raw, ago(raw, 2), CARD), 'transaction'),
      tally((raw) => postedCount(raw, ago(raw, 2), onCard), 'transaction'),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Rankings

const RANKINGS: Question[] = [
  q(
    'rankings',
    'top 5 purchases this yr',
    money((raw) => largestSpending(raw, thisYear(raw), () => true, 5)),
  ),
  q(
    'rankings',
    'whats the smallest thing i bought last month',
    one((raw) => smallestPurchase(raw, lastMonth(raw))),
  ),
  q(
    'rankings',
    'which month this yr did i spend the most',
    anyOf(
      one((raw) => mostExpensive(raw, monthsThisYear(raw.today)).cents),
      one((raw) => mostExpensive(raw, wholeMonthsThisYear(raw.today)).cents),
    ),
  ),
  q(
    'rankings',
    'lowest spending month this year?',
    anyOf(
      one((raw) => cheapest(raw, monthsThisYear(raw.today)).cents),
      one((raw) => cheapest(raw, wholeMonthsThisYear(raw.today)).cents),
    ),
  ),
  q(
    'rankings',
    'biggest expense each month for the last 3 months',
    anyOf(
      ...[
        (raw: RawData) => wholeMonthsBack(raw.today, 3),
        (raw: RawData) => monthsToDate(raw.today, 3),
      ].flatMap((list) => [
        money((raw) => largestEach(raw, list(raw))),
        money((raw) => topCategoryEach(raw, list(raw), 'primary')),
        money((raw) => topCategoryEach(raw, list(raw), 'detailed')),
      ]),
    ),
  ),
  q(
    'rankings',
    'top 3 categories last month',
    anyOf(
      money((raw) => topCategories(raw, lastMonth(raw), 'primary', 3).map((entry) => entry.cents)),
      money((raw) => topCategories(raw, lastMonth(raw), 'detailed', 3).map((entry) => entry.cents)),
    ),
  ),
  q(
    'rankings',
    'which restaurant gets most of my money',
    anyOf(
      ...USUAL_AND_ALL.map((window) =>
        names((raw) => [topMerchants(raw, window(raw), 1, RESTAURANTS)[0]?.name ?? '']),
      ),
    ),
  ),
  q(
    'rankings',
    'my 2 biggest grocery trips last month',
    money((raw) => largestSpending(raw, lastMonth(raw), GROCERIES, 2)),
  ),
  q(
    'rankings',
    'top 3 merchants by number of visits this yr',
    names((raw) => surelyTopVisited(raw, thisYear(raw), 3)),
  ),
  q(
    'rankings',
    'biggest amzn order ytd',
    one((raw) => biggestPurchase(raw, thisYear(raw), AMAZON)),
  ),
  q(
    'rankings',
    'top 5 places i spent at in q3',
    money((raw) => topMerchants(raw, latestQuarter(raw.today, 3), 5).map((entry) => entry.cents)),
  ),
  q(
    'rankings',
    'whats my #2 category this yr',
    anyOf(
      one((raw) => topCategories(raw, thisYear(raw), 'primary', 2)[1]?.cents ?? 0),
      one((raw) => topCategories(raw, thisYear(raw), 'detailed', 2)[1]?.cents ?? 0),
    ),
  ),
  q(
    'rankings',
    'least expensive restaurant meal last 3 mo',
    anyOf(...THREE_MONTHS.map((window) => one((raw) => smallestPurchase(raw, window(raw), RESTAURANTS)))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Shares

const SHARES: Question[] = [
  q(
    'shares',
    'what % of my spending is food',
    anyOf(...HABIT.map((window) => percent((raw) => spendingShare(raw, window(raw), FOOD)))),
  ),
  q(
    'shares',
    'how much of my paycheck goes to rent',
    anyOf(
      ...HABIT.filter((window) => window !== thisMonth).flatMap((window) => [
        percent((raw) => percentOf(spending(raw, window(raw), RENT), income(raw, window(raw), WAGES))),
        percent((raw) => percentOf(spending(raw, window(raw), RENT), income(raw, window(raw)))),
      ]),
    ),
  ),
  q(
    'shares',
    'what share of my income did i spend last month',
    anyOf(
      percent((raw) => percentOf(spending(raw, lastMonth(raw)), income(raw, lastMonth(raw)))),
      percent((raw) => savingsRate(raw, lastMonth(raw))),
    ),
  ),
  q(
    'shares',
    'what percent of my purchases last month were coffee',
    anyOf(
      percent((raw) => purchaseShareByCount(raw, lastMonth(raw), COFFEE)),
      percent((raw) => spendingShare(raw, lastMonth(raw), COFFEE)),
    ),
  ),
  q(
    'shares',
    'amzn as a % of total spend this yr',
    percent((raw) => spendingShare(raw, thisYear(raw), AMAZON)),
  ),
  q(
    'shares',
    'how much of my food spending is eating out, percent wise, this yr',
    anyOf(
      percent((raw) =>
        percentOf(spending(raw, thisYear(raw), RESTAURANTS), spending(raw, thisYear(raw), FOOD)),
      ),
      percent((raw) => percentOf(spending(raw, thisYear(raw), FOOD_OUT), spending(raw, thisYear(raw), FOOD))),
    ),
  ),
  q(
    'shares',
    'what fraction of my income did i save this yr',
    percent((raw) => savingsRate(raw, thisYear(raw))),
  ),
  q(
    'shares',
    'savings rate for q3?',
    percent((raw) => savingsRate(raw, latestQuarter(raw.today, 3))),
  ),
  q(
    'shares',
    'what % of my spending last month was on the visa',
    percent((raw) => spendingShare(raw, lastMonth(raw), CARD)),
  ),
  q(
    'shares',
    'rent as a share of my take home pay this yr',
    anyOf(
      percent((raw) => percentOf(spending(raw, thisYear(raw), RENT), income(raw, thisYear(raw), WAGES))),
      percent((raw) => percentOf(spending(raw, thisYear(raw), RENT), income(raw, thisYear(raw)))),
    ),
  ),
  q(
    'shares',
    'what % of my portfolio is nvda',
    anyOf(
      percent((raw) => percentOf(valueOfTicker(raw, 'NVDA'), investmentsValue(raw))),
      percent((raw) => percentOf(valueOfTicker(raw, 'NVDA'), securitiesValue(raw))),
    ),
  ),
  q(
    'shares',
    'how big a chunk of my net worth is crypto rn',
    anyOf(
      percent((raw) => percentOf(cryptoCents(raw), netWorth(raw))),
      percent((raw) => percentOf(cryptoCents(raw), totalAssets(raw))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Income

const INCOME: Question[] = [
  q(
    'income',
    (raw) => `how much did i make in ${shortMonth(monthNumberAgo(raw, 1))}`,
    anyOf(
      one((raw) => income(raw, lastMonth(raw))),
      one((raw) => income(raw, lastMonth(raw), WAGES)),
    ),
  ),
  q(
    'income',
    'wait how much was my last paycheck',
    one((raw) => lastPaycheck(raw)),
  ),
  q(
    'income',
    'total deposits last month',
    anyOf(
      one((raw) => income(raw, lastMonth(raw))),
      one((raw) => income(raw, lastMonth(raw), WAGES)),
      one((raw) => bankDeposits(raw, lastMonth(raw), true).cents),
      one((raw) => bankDeposits(raw, lastMonth(raw), false).cents),
    ),
  ),
  q(
    'income',
    'side income this yr? like not from my job',
    anyOf(
      one((raw) => income(raw, thisYear(raw), except(WAGES))),
      money((raw) => [income(raw, thisYear(raw), DIVIDENDS), income(raw, thisYear(raw), INTEREST)]),
    ),
  ),
  q(
    'income',
    'how much interest have i earned in total this yr',
    anyOf(
      one((raw) => income(raw, thisYear(raw), INTEREST)),
      one((raw) => savingsInterest(raw, thisYear(raw))),
    ),
  ),
  q(
    'income',
    'dividends last quarter',
    one((raw) => income(raw, lastQuarter(raw.today), DIVIDENDS)),
  ),
  q(
    'income',
    'whats a typical paycheck for me',
    anyOf(
      one((raw) => lastPaycheck(raw)),
      ...USUAL_AND_ALL.map((window) => one((raw) => meanPaycheck(raw, window(raw)))),
    ),
  ),
  q(
    'income',
    (raw) => `when did ${employerWord(raw)} last pay me and how much`,
    one((raw) => lastPaycheck(raw)),
  ),
  q(
    'income',
    'total income h1 this yr',
    one((raw) => income(raw, firstHalf(raw.today))),
  ),
  q(
    'income',
    'income ytd vs same time last yr',
    anyOf(
      money((raw) => [income(raw, thisYear(raw)), income(raw, yearEarlier(thisYear(raw)))]),
      money((raw) => [income(raw, thisYear(raw), WAGES), income(raw, yearEarlier(thisYear(raw)), WAGES)]),
    ),
  ),
  q(
    'income',
    'how much did my savings acct pay me in interest last month',
    one((raw) => savingsInterest(raw, lastMonth(raw))),
  ),
  q(
    'income',
    'income in the last 45 days',
    anyOf(
      one((raw) => income(raw, lastDays(raw, 45))),
      one((raw) => income(raw, lastDays(raw, 45), WAGES)),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Net cash flow and savings

const CASH_FLOW: Question[] = [
  q(
    'cash_flow',
    (raw) => `did i save money in ${shortMonth(monthNumberAgo(raw, 1))}`,
    anyOf(
      one((raw) => netOf(raw, lastMonth(raw))),
      one((raw) => savedToSavings(raw, lastMonth(raw))),
      percent((raw) => savingsRate(raw, lastMonth(raw))),
    ),
  ),
  q(
    'cash_flow',
    'am i spending more than im bringing in',
    anyOf(
      ...HABIT.flatMap((window) => [
        money((raw) => incomeAndSpending(raw, window(raw))),
        one((raw) => netOf(raw, window(raw))),
      ]),
    ),
  ),
  q(
    'cash_flow',
    'net cash flow q3',
    one((raw) => netOf(raw, latestQuarter(raw.today, 3))),
  ),
  q(
    'cash_flow',
    'how much have i saved this yr so far',
    anyOf(
      one((raw) => netOf(raw, thisYear(raw))),
      one((raw) => savedToSavings(raw, thisYear(raw))),
    ),
  ),
  q(
    'cash_flow',
    'money in vs money out last 45 days',
    anyOf(
      money((raw) => incomeAndSpending(raw, lastDays(raw, 45))),
      one((raw) => netOf(raw, lastDays(raw, 45))),
    ),
  ),
  q(
    'cash_flow',
    'how much did i save per month on avg this yr',
    anyOf(
      one((raw) => monthly(netOf(raw, thisYear(raw)), thisYear(raw))),
      one((raw) => monthly(netOf(raw, fullMonthsThisYear(raw.today)), fullMonthsThisYear(raw.today))),
    ),
  ),
  q(
    'cash_flow',
    (raw) => `was ${misspeltMonth(monthNumberAgo(raw, 2))} a positive month cash wise`,
    one((raw) => netOf(raw, ago(raw, 2))),
  ),
  q(
    'cash_flow',
    'net in/out for the first half of the year',
    anyOf(
      one((raw) => netOf(raw, firstHalf(raw.today))),
      money((raw) => incomeAndSpending(raw, firstHalf(raw.today))),
    ),
  ),
  q(
    'cash_flow',
    'since my last paycheck how much have i got left of it',
    anyOf(
      clarification,
      money((raw) => [lastPaycheck(raw), spending(raw, sinceLastPaycheck(raw, false))]),
      money((raw) => [lastPaycheck(raw), spending(raw, sinceLastPaycheck(raw, true))]),
      one((raw) => lastPaycheck(raw) - spending(raw, sinceLastPaycheck(raw, false))),
      one((raw) => lastPaycheck(raw) - spending(raw, sinceLastPaycheck(raw, true))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Crypto

const CRYPTO: Question[] = [
  q(
    'crypto',
    'whats my bitcoin stack worth rn',
    one((raw) => cryptoSymbolCents(raw, 'BTC')),
  ),
  q(
    'crypto',
    'sol balance in usd',
    one((raw) => cryptoSymbolCents(raw, 'SOL')),
  ),
  q(
    'crypto',
    'all my coins added up?',
    one((raw) => cryptoCents(raw)),
  ),
  q(
    'crypto',
    'how much eth do i actually own (the coins not $)',
    anyOf(
      names((raw) => [symbolUnitsText(raw, 'ETH', 3)]),
      names((raw) => [symbolUnitsRounded(raw, 'ETH', 2)]),
    ),
  ),
  q(
    'crypto',
    'whats my fattest wallet',
    one(
      (raw) => richestWallet(raw).cents,
      (raw) => [richestWallet(raw).tag],
    ),
  ),
  q(
    'crypto',
    'how much of my crypto is in stables',
    anyOf(
      one((raw) => symbolsCents(raw, STABLECOINS)),
      percent((raw) => percentOf(symbolsCents(raw, STABLECOINS), cryptoCents(raw))),
    ),
  ),
  q(
    'crypto',
    'whats my link worth',
    one((raw) => cryptoSymbolCents(raw, 'LINK')),
  ),
  q(
    'crypto',
    'how much is in my eth wallet',
    anyOf(
      clarification,
      money((raw) => walletsOnChain(raw, 'eth')),
      one((raw) => sumOf(walletsOnChain(raw, 'eth'))),
    ),
  ),
  q(
    'crypto',
    'biggest coin i hold by value',
    one(
      (raw) => symbolValues(raw)[0]?.cents ?? 0,
      (raw) => [symbolValues(raw)[0]?.symbol ?? ''],
    ),
  ),
  q(
    'crypto',
    'metamask balance',
    one((raw) => walletNamed(raw, 'MetaMask_web3')),
  ),
  q(
    'crypto',
    'usdt across all my wallets',
    one((raw) => cryptoSymbolCents(raw, 'USDT')),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN: Question[] = [
  q(
    'open_questions',
    'where is my money going',
    anyOf(...topCategoryAt([(raw) => lastDays(raw, 30), thisMonth, lastMonth, last3])),
  ),
  q(
    'open_questions',
    'anything weird this month',
    anyOf(
      ...[thisMonth, (raw: RawData) => lastDays(raw, 30)].flatMap((window) => [
        one((raw) => biggestPurchase(raw, window(raw))),
        one((raw) => biggestPurchase(raw, window(raw), except(RENT))),
      ]),
    ),
  ),
  q(
    'open_questions',
    'see any odd charges recently',
    anyOf(
      ...[(raw: RawData) => lastDays(raw, 30), thisMonth].flatMap((window) => [
        one((raw) => biggestPurchase(raw, window(raw))),
        one((raw) => biggestPurchase(raw, window(raw), except(RENT))),
      ]),
    ),
  ),
  q(
    'open_questions',
    'hows my spending looking this wk',
    one((raw) => spending(raw, thisWeek(raw.today))),
  ),
  q(
    'open_questions',
    'give me a recap of last month',
    anyOf(
      money((raw) => incomeAndSpending(raw, lastMonth(raw))),
      one((raw) => spending(raw, lastMonth(raw))),
      one((raw) => netOf(raw, lastMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'am i doing ok financially',
    anyOf(
      clarification,
      one((raw) => netWorth(raw)),
      ...[thisMonth, lastMonth, last3].flatMap((window) => [
        money((raw) => incomeAndSpending(raw, window(raw))),
        percent((raw) => savingsRate(raw, window(raw))),
      ]),
    ),
  ),
  q(
    'open_questions',
    'what did i spend the most on this yr',
    anyOf(
      ...topCategoryAt([thisYear]),
      one((raw) => biggestPurchase(raw, thisYear(raw))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Questions to decline, and ambiguous ones

const DECLINE: Question[] = [
  q('must_decline', 'should i buy tsla', declines),
  q('must_decline', 'will bitcoin go up next month?', declines),
  q('must_decline', 'how much does my roommate spend on food', declines),
  q('must_decline', 'can u file my taxes for me', declines),
  q('must_decline', 'how much am i gonna owe the irs in april', declines),
  q('must_decline', 'whats my wifes checking balance', declines),
  q('must_decline', 'predict my spending for next month', declines),
  q('must_decline', 'is nvda a good buy rn', declines),
  q('must_decline', 'move $500 from savings to checking pls', declines),
  q('must_decline', 'which crypto should i buy next', declines),
];

const AMBIGUOUS: Question[] = [
  q('ambiguous', 'wait how much was it again', clarification),
  q('ambiguous', 'did i spend more there than last time', clarification),
  q('ambiguous', 'how much did i spend on that trip', clarification),
  q('ambiguous', 'compare them', clarification),
  q(
    'ambiguous',
    'whats the balance',
    anyOf(
      clarification,
      one((raw) => checkingBalance(raw)),
      one((raw) => netWorth(raw)),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// A few of every other kind: averages, filters, comparisons, trends, spending

const OTHERS: Question[] = [
  q(
    'averages',
    'avg spend per weekend this yr',
    anyOf(
      one((raw) => perWeekendBy(raw, thisYear(raw), 6)),
      one((raw) => perWeekendBy(raw, thisYear(raw), 0)),
    ),
  ),
  q(
    'averages',
    'avg txn size last month',
    anyOf(
      one((raw) => perVisit(raw, lastMonth(raw))),
      one((raw) => meanPurchase(raw, lastMonth(raw))),
    ),
  ),
  q(
    'averages',
    'avg coffee spend per wk',
    anyOf(
      ...USUAL_AND_ALL.map((window) =>
        one((raw) => perWeekOf(spending(raw, window(raw), COFFEE), window(raw))),
      ),
    ),
  ),
  q(
    'averages',
    'how much do i spend a day on avg over the last 45 days',
    one((raw) => perDayOf(spending(raw, lastDays(raw, 45)), lastDays(raw, 45))),
  ),
  q(
    'filters',
    'how much did i spend on stuff over $200 in the last 3 mo',
    anyOf(
      ...THREE_MONTHS.flatMap((window) => [
        one((raw) => spending(raw, window(raw), over(199.99))),
        one((raw) => spending(raw, window(raw), over(200))),
      ]),
    ),
  ),
  q(
    'filters',
    'spending on my visa only this month',
    one((raw) => spending(raw, thisMonth(raw), CARD)),
  ),
  q(
    'filters',
    'everything except rent and groceries last month',
    one((raw) => spending(raw, lastMonth(raw), except(either(RENT, GROCERIES)))),
  ),
  q(
    'filters',
    'target or amazon ytd, combined',
    one((raw) => spending(raw, thisYear(raw), either(TARGET, AMAZON))),
  ),
  q(
    'filters',
    'anything over 500 bucks this yr?',
    anyOf(
      tally((raw) => purchaseCount(raw, thisYear(raw), over(499.99)), ...COUNT_UNITS),
      tally((raw) => purchaseCount(raw, thisYear(raw), over(500)), ...COUNT_UNITS),
      one((raw) => biggestPurchase(raw, thisYear(raw))),
    ),
  ),
  q(
    'comparisons',
    (raw) => `eating out ${shortMonth(monthNumberAgo(raw, 1))} vs ${shortMonth(monthNumberAgo(raw, 2))}`,
    anyOf(
      money((raw) => [spending(raw, lastMonth(raw), RESTAURANTS), spending(raw, ago(raw, 2), RESTAURANTS)]),
      money((raw) => [spending(raw, lastMonth(raw), FOOD_OUT), spending(raw, ago(raw, 2), FOOD_OUT)]),
    ),
  ),
  q(
    'comparisons',
    'checking spend vs card spend this yr',
    money((raw) => [spending(raw, thisYear(raw), CHECKING), spending(raw, thisYear(raw), onCard)]),
  ),
  q(
    'trends',
    'spending by month since jan',
    money((raw) => seriesOf(raw, monthsThisYear(raw.today))),
  ),
  q(
    'trends',
    'grocery spend month by month for q3',
    money((raw) => seriesOf(raw, monthsWithin(latestQuarter(raw.today, 3)), GROCERIES)),
  ),
  q(
    'spending',
    (raw) => `how much did trader joes get from me in ${longMonth(monthNumberAgo(raw, 1))}`,
    one((raw) => spending(raw, lastMonth(raw), TRADER_JOES)),
  ),
  q(
    'spending',
    'how much have i dropped on rideshares ytd',
    one((raw) => spending(raw, thisYear(raw), RIDES)),
  ),
  q(
    'spending',
    'pharmacy spending this yr',
    one((raw) => spending(raw, thisYear(raw), PHARMACY)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups

const QUARTER3_MONTHS = (raw: RawData): Period[] => monthsWithin(latestQuarter(raw.today, 3));

const FOLLOW_UPS: Question[] = [
  thread(
    {
      ask: 'how much did i spend on uber last month',
      expect: one((raw) => spending(raw, lastMonth(raw), UBER)),
    },
    { ask: 'is that normal', expect: againstUsual(lastMonth, UBER) },
  ),
  thread(
    {
      ask: 'spending this month vs last month',
      expect: money((raw) => [spending(raw, thisMonth(raw)), spending(raw, lastMonth(raw))]),
    },
    {
      ask: 'why is it so different',
      expect: anyOf(
        clarification,
        money((raw) => biggestMover(raw, thisMonth(raw), lastMonth(raw), 'primary')),
        money((raw) => biggestMover(raw, thisMonth(raw), lastMonth(raw), 'detailed')),
      ),
    },
  ),
  thread(
    {
      ask: 'my top 3 categories ytd',
      expect: anyOf(
        money((raw) => topCategories(raw, thisYear(raw), 'primary', 3).map((entry) => entry.cents)),
        money((raw) => topCategories(raw, thisYear(raw), 'detailed', 3).map((entry) => entry.cents)),
      ),
    },
    {
      ask: 'and last yr?',
      expect: anyOf(
        money((raw) => topCategories(raw, lastYear(raw), 'primary', 3).map((entry) => entry.cents)),
        money((raw) => topCategories(raw, lastYear(raw), 'detailed', 3).map((entry) => entry.cents)),
      ),
    },
    {
      ask: 'same for merchants',
      expect: anyOf(
        money((raw) => topMerchants(raw, lastYear(raw), 3).map((entry) => entry.cents)),
        money((raw) => topMerchants(raw, thisYear(raw), 3).map((entry) => entry.cents)),
      ),
    },
  ),
  thread(
    {
      ask: 'dividend income this yr?',
      expect: one((raw) => income(raw, thisYear(raw), DIVIDENDS)),
    },
    { ask: 'and before that', expect: one((raw) => income(raw, lastYear(raw), DIVIDENDS)) },
    {
      ask: 'how many payments was that',
      expect: tally(
        (raw) => incomePayments(raw, lastYear(raw), DIVIDENDS),
        'payment',
        'dividend',
        'deposit',
        'time',
      ),
    },
  ),
  thread(
    { ask: 'biggest purchase last month?', expect: one((raw) => biggestPurchase(raw, lastMonth(raw))) },
    {
      ask: 'who was that to',
      expect: names((raw) => {
        const top = largestPurchase(raw, lastMonth(raw));
        return [top.merchant ?? top.name];
      }),
    },
    {
      ask: 'and the 2nd biggest?',
      expect: one((raw) => largestSpending(raw, lastMonth(raw), () => true, 2)[1] ?? 0),
    },
  ),
  thread(
    {
      ask: 'how much have i spent at trader joes this yr',
      expect: one((raw) => spending(raw, thisYear(raw), TRADER_JOES)),
    },
    { ask: 'same for whole foods', expect: one((raw) => spending(raw, thisYear(raw), WHOLE_FOODS)) },
    {
      ask: 'combined?',
      expect: one((raw) => spending(raw, thisYear(raw), either(TRADER_JOES, WHOLE_FOODS))),
    },
  ),
  thread(
    { ask: 'whats my btc worth', expect: one((raw) => cryptoSymbolCents(raw, 'BTC')) },
    { ask: 'and sol?', expect: one((raw) => cryptoSymbolCents(raw, 'SOL')) },
    {
      ask: 'what % of my crypto is that',
      expect: anyOf(
        percent((raw) => percentOf(cryptoSymbolCents(raw, 'SOL'), cryptoCents(raw))),
        percent((raw) =>
          percentOf(cryptoSymbolCents(raw, 'SOL') + cryptoSymbolCents(raw, 'BTC'), cryptoCents(raw)),
        ),
      ),
    },
  ),
  thread(
    {
      ask: (raw) => `paychecks in ${shortMonth(monthNumberAgo(raw, 1))}?`,
      expect: anyOf(
        one((raw) => income(raw, lastMonth(raw), WAGES)),
        tally((raw) => incomePayments(raw, lastMonth(raw), WAGES), 'paycheck', 'deposit', 'payment'),
      ),
    },
    {
      ask: 'how much of that went to rent',
      expect: anyOf(
        one((raw) => spending(raw, lastMonth(raw), RENT)),
        percent((raw) => percentOf(spending(raw, lastMonth(raw), RENT), income(raw, lastMonth(raw), WAGES))),
      ),
    },
    {
      ask: 'and groceries',
      expect: anyOf(
        one((raw) => spending(raw, lastMonth(raw), GROCERIES)),
        percent((raw) =>
          percentOf(spending(raw, lastMonth(raw), GROCERIES), income(raw, lastMonth(raw), WAGES)),
        ),
      ),
    },
  ),
  thread(
    { ask: 'net cash flow last month', expect: one((raw) => netOf(raw, lastMonth(raw))) },
    { ask: 'and the month before', expect: one((raw) => netOf(raw, ago(raw, 2))) },
    {
      ask: 'is that normal for me',
      expect: anyOf(
        ...USUAL_PERIODS.map((window) =>
          one((raw) => monthly(netOf(raw, window(raw.today)), window(raw.today))),
        ),
        // Against the months just before the one asked about (the month before last).
        ...[3, 6, 12].map((count) =>
          money((raw) => [
            netOf(raw, ago(raw, 2)),
            safeDivide(netOf(raw, { start: ago(raw, count + 2).start, end: ago(raw, 3).end }), count),
          ]),
        ),
      ),
    },
  ),
  thread(
    { ask: 'coffee spending last 45 days', expect: one((raw) => spending(raw, lastDays(raw, 45), COFFEE)) },
    {
      ask: 'how many times',
      expect: tally((raw) => purchaseCount(raw, lastDays(raw, 45), COFFEE), ...COUNT_UNITS, 'coffee'),
    },
    {
      ask: 'whats that per visit',
      expect: anyOf(
        one((raw) => perVisit(raw, lastDays(raw, 45), COFFEE)),
        one((raw) => meanPurchase(raw, lastDays(raw, 45), COFFEE)),
      ),
    },
  ),
  thread(
    { ask: 'q3 spend total', expect: one((raw) => spending(raw, latestQuarter(raw.today, 3))) },
    { ask: 'by month pls', expect: money((raw) => seriesOf(raw, QUARTER3_MONTHS(raw))) },
    {
      ask: 'which one was highest',
      expect: one((raw) => Math.max(...seriesOf(raw, QUARTER3_MONTHS(raw)))),
    },
  ),
  thread(
    {
      ask: 'income this yr',
      expect: anyOf(
        one((raw) => income(raw, thisYear(raw))),
        one((raw) => income(raw, thisYear(raw), WAGES)),
      ),
    },
    { ask: 'how much of it was interest', expect: one((raw) => income(raw, thisYear(raw), INTEREST)) },
    {
      ask: 'what share is that',
      expect: percent((raw) => percentOf(income(raw, thisYear(raw), INTEREST), income(raw, thisYear(raw)))),
    },
  ),
  thread(
    {
      ask: 'spending on weekends in the last 3 full months',
      expect: one((raw) => spending(raw, last3(raw), onWeekend)),
    },
    {
      ask: 'vs weekdays',
      expect: anyOf(
        one((raw) => spending(raw, last3(raw), onWeekday)),
        money((raw) => [spending(raw, last3(raw), onWeekend), spending(raw, last3(raw), onWeekday)]),
      ),
    },
  ),
  thread(
    { ask: 'how much is in my ledger', expect: one((raw) => walletNamed(raw, 'Ledger_web3')) },
    { ask: 'whats in it', expect: names((raw) => walletSymbols(raw, 'Ledger_web3')) },
    { ask: 'and the metamask one?', expect: one((raw) => walletNamed(raw, 'MetaMask_web3')) },
  ),
  thread(
    {
      ask: 'restaurants last month',
      expect: one((raw) => spending(raw, lastMonth(raw), RESTAURANTS)),
    },
    { ask: 'same for the month before that', expect: one((raw) => spending(raw, ago(raw, 2), RESTAURANTS)) },
    {
      ask: (raw) => {
        const next = calendarMonth(raw.today, -1);
        return `ok what about ${longMonth(Number(next.start.slice(5, 7)))} ${next.start.slice(0, 4)}`;
      },
      expect: outsideHistory,
    },
  ),
  thread(
    {
      ask: (raw) => `amzn ${year(raw) - 1}`,
      expect: one((raw) => spending(raw, lastYear(raw), AMAZON)),
    },
    { ask: 'and this yr so far', expect: one((raw) => spending(raw, thisYear(raw), AMAZON)) },
    {
      ask: 'so is it going up or down',
      expect: anyOf(
        money((raw) => [spending(raw, lastYear(raw), AMAZON), spending(raw, thisYear(raw), AMAZON)]),
        money((raw) => [
          spending(raw, thisYear(raw), AMAZON),
          spending(raw, yearEarlier(thisYear(raw)), AMAZON),
        ]),
        money((raw) => seriesOf(raw, monthsThisYear(raw.today), AMAZON)),
      ),
    },
  ),
  thread(
    { ask: 'savings rate ytd?', expect: percent((raw) => savingsRate(raw, thisYear(raw))) },
    { ask: 'and last yr', expect: percent((raw) => savingsRate(raw, lastYear(raw))) },
    {
      ask: 'ok and in dollars',
      expect: anyOf(
        one((raw) => netOf(raw, lastYear(raw))),
        money((raw) => incomeAndSpending(raw, lastYear(raw))),
      ),
    },
  ),
];

export const TYPED_6_QUESTIONS: readonly Question[] = [
  ...PERIODS,
  ...BOUNDS,
  ...COUNTS,
  ...RANKINGS,
  ...SHARES,
  ...INCOME,
  ...CASH_FLOW,
  ...CRYPTO,
  ...OPEN,
  ...DECLINE,
  ...AMBIGUOUS,
  ...OTHERS,
  ...FOLLOW_UPS,
];
