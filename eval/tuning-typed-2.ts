import {
  balances,
  centsOf,
  cryptoCents,
  cryptoSymbolCents,
  type Flow,
  income,
  investmentsValue,
  largestHolding,
  largestInflow,
  netWorth,
  type Period,
  periods,
  spending,
  unrealisedGain,
  valueOfTicker,
} from './expected.ts';
import {
  atMerchant,
  largestDiscretionary,
  lastQuarter,
  lastWeekend,
  latestQuarter,
  mostVisited,
  percentOf,
  perWeek,
  purchaseCount,
  sevenDayWindows,
  smallestPurchase,
  wholeWeeks,
  yearBeforeHistory,
  yearEarlier,
} from './expected-reading.ts';
import {
  bankCash,
  DIVIDENDS,
  ELECTRICITY,
  either,
  FAST_FOOD,
  gainOfTicker,
  gainsByAccount,
  INTEREST,
  monthYearEarlier,
  perDay,
  purchaseAmounts,
  rollingMonths,
  sameDaysLastMonth,
  securitiesValue,
  sharesMilli,
  sharesText,
  spendingTransactionCount,
  topCategoryTotals,
  topMerchantsBySpending,
  WAGES,
  walletNamed,
  walletsOnChain,
  weekendStarted,
} from './expected-typed.ts';
import {
  allCash,
  balancesNamed,
  biggestPurchase,
  cardOwed,
  checkingBalance,
  classValue,
  creditLeft,
  currentQuarter,
  employerName,
  FOOD,
  fullMonthsThisYear,
  incomeAndSpending,
  largestBankDeposit,
  largestIncomePayment,
  largestPosition,
  lastPaycheck,
  meanPaycheck,
  meanPurchase,
  monthly,
  monthlySurplus,
  monthsThisYear,
  monthsWithin,
  monthWord,
  mostExpensive,
  netOf,
  paychecks,
  percentOfInvestments,
  performer,
  perVisit,
  safeDivide,
  savingsBalance,
  savingsInterest,
  savingsRate,
  singleHoldings,
  symbolUnitsText,
  symbolValues,
  tickerValuesByAccount,
  topMerchantsWhere,
  USUAL_PERIODS,
  weekendBefore,
  wholeHistory,
  wholeMonthsBack,
  wholeMonthsThisYear,
} from './expected-typed-2.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
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
  RESTAURANTS,
  shortMonth,
  single,
  tally,
  thisMonth,
  thisYear,
  thread,
} from './reading-expect.ts';

/**
 * The second typed batch: questions as people type them into a finance chat box (lower case, typos,
 * abbreviations, run-ons, fragments, greetings), over averages, comparisons, trends, open questions,
 * income, balances, investments and crypto, rankings, follow-ups, must-declines and questions with
 * several fair readings. Written from how people ask, not from the analyst's rules; every expectation
 * is plain arithmetic over the raw records (expected.ts, expected-reading.ts, expected-typed.ts,
 * expected-typed-2.ts). Where a question is open to more than one fair reading, each is accepted:
 * - an average with no period named: the last 3, 6 or 12 whole months, this year's whole months, or
 *   this year to date over the months it touches (USUAL_PERIODS);
 * - "this month vs last month": last month whole, or last month's same days;
 * - "eating out": restaurants, or restaurants and fast food;
 * - a trend with no period named: at least the last 3 whole months, each month's figure;
 * - "how much did I make": all income, or the paychecks only;
 * - "can I afford": the cash in the bank or in checking, before or after the cost; a monthly cost
 *   against the average monthly surplus of the last 3 or 6 whole months, before or after it.
 */

type FlowFilter = (flow: Flow) => boolean;
type Measure = (raw: RawData, period: Period) => number;

// ---------------------------------------------------------------------------------------------------
// Shorthands

/** 'october' for the month `back` months ago. */
const long = (raw: RawData, back: number) => longMonth(monthNumberAgo(raw, back));
/** 'oct' for the month `back` months ago. */
const short = (raw: RawData, back: number) => shortMonth(monthNumberAgo(raw, back));

const spent =
  (filter?: FlowFilter): Measure =>
  (raw, period) =>
    spending(raw, period, filter);
const earned =
  (filter?: FlowFilter): Measure =>
  (raw, period) =>
    income(raw, period, filter);

const UBER = atMerchant('Uber');
const LYFT = atMerchant('Lyft');
const AMAZON = atMerchant('Amazon');
const STARBUCKS = atMerchant('Starbucks');
const NETFLIX = atMerchant('Netflix');
const SPOTIFY = atMerchant('Spotify');
const EATING_OUT = either(RESTAURANTS, FAST_FOOD);
/** Not rent or utilities: the bills that come every month are not "unusual". */
const NOT_BILLS: FlowFilter = (flow) => flow.primary !== 'RENT_AND_UTILITIES';

const threeMonths = (raw: RawData) => periods.lastFullMonths(raw.today, 3);
const sixMonths = (raw: RawData) => periods.lastFullMonths(raw.today, 6);

/** An average per month over any of the usual windows (no period named). */
const usualMonthly = (...measures: Measure[]): Expect =>
  anyOf(
    ...measures.flatMap((measure) =>
      USUAL_PERIODS.map((window) =>
        one((raw) => monthly(measure(raw, window(raw.today)), window(raw.today))),
      ),
    ),
  );

/** An average per week over any of the usual windows (no period named). */
const usualWeekly = (measure: Measure): Expect =>
  anyOf(
    ...USUAL_PERIODS.map((window) =>
      one((raw) => perWeek(measure(raw, window(raw.today)), window(raw.today))),
    ),
  );

/** Spending per visit, or the mean purchase, over the usual windows or the whole history. */
const usualPerVisit = (filter: FlowFilter): Expect => {
  const windows: ((raw: RawData) => Period)[] = [
    ...USUAL_PERIODS.map((window) => (raw: RawData) => window(raw.today)),
    wholeHistory,
  ];
  return anyOf(
    ...windows.flatMap((window) => [
      one((raw) => perVisit(raw, window(raw), filter)),
      one((raw) => meanPurchase(raw, window(raw), filter)),
    ]),
  );
};

/** Each of the months' figures (a month with none may be left out or said in words, so it is not asked). */
const eachMonth = (measure: Measure, months: (raw: RawData) => Period[]): Expect =>
  money((raw) =>
    months(raw)
      .map((period) => measure(raw, period))
      .filter((cents) => cents !== 0),
  );

/** The top three categories' spending at either level. */
const topThreeCategories = (period: (raw: RawData) => Period): Expect[] => [
  money((raw) => topCategoryTotals(raw, period(raw), 'primary', 3)),
  money((raw) => topCategoryTotals(raw, period(raw), 'detailed', 3)),
];

/** The cash a one-off purchase of `dollars` is weighed against, before or after it. */
const affordOneOff = (dollars: number): Expect =>
  anyOf(
    one(bankCash),
    one(checkingBalance),
    one((raw) => bankCash(raw) - dollars * 100),
    one((raw) => checkingBalance(raw) - dollars * 100),
  );

/** A summary: net worth, or this month's spending. */
const summary: Expect = anyOf(
  one(netWorth),
  one((raw) => spending(raw, thisMonth(raw))),
);

/** Money the ticker holds: its value across accounts, or each account's. */
const tickerWorth = (ticker: string): Expect =>
  anyOf(
    one((raw) => valueOfTicker(raw, ticker)),
    money((raw) => tickerValuesByAccount(raw, ticker)),
  );

/** The number of shares ('79 shares', '43.892 shares of VTI'). */
const sharesOf = (ticker: string): Expect =>
  tally((raw) => Number(sharesText(sharesMilli(raw, ticker))), 'share');

// ---------------------------------------------------------------------------------------------------
// Averages

const AVERAGES: Question[] = [
  single('typed2-avg-1', 'averages', 'whats my avg monthly spending', usualMonthly(spent())),
  single(
    'typed2-avg-2',
    'averages',
    'how much do i usually spend on groceries a month?',
    usualMonthly(spent(GROCERIES)),
  ),
  single(
    'typed2-avg-3',
    'averages',
    'avg grocery run over the last 3 months',
    anyOf(
      one((raw) => perVisit(raw, threeMonths(raw), GROCERIES)),
      one((raw) => perVisit(raw, rollingMonths(raw.today, 3), GROCERIES)),
    ),
  ),
  single(
    'typed2-avg-4',
    'averages',
    'on a normal month what do i spend eating out',
    usualMonthly(spent(RESTAURANTS), spent(EATING_OUT)),
  ),
  single(
    'typed2-avg-5',
    'averages',
    'so far this month im spending how much a day on avg?',
    one((raw) => perDay(spending(raw, thisMonth(raw)), thisMonth(raw))),
  ),
  single(
    'typed2-avg-6',
    'averages',
    'weekly avg on food last month',
    anyOf(
      one((raw) => perWeek(spending(raw, lastMonth(raw), FOOD), lastMonth(raw))),
      one((raw) => perWeek(spending(raw, lastMonth(raw), GROCERIES), lastMonth(raw))),
    ),
  ),
  single(
    'typed2-avg-7',
    'averages',
    'per starbucks visit, what do i usually spend',
    usualPerVisit(STARBUCKS),
  ),
  single(
    'typed2-avg-8',
    'averages',
    'average amazon order this yr',
    anyOf(
      one((raw) => perVisit(raw, thisYear(raw), AMAZON)),
      one((raw) => meanPurchase(raw, thisYear(raw), AMAZON)),
    ),
  ),
  single(
    'typed2-avg-9',
    'averages',
    'whats my average paycheck',
    anyOf(
      ...USUAL_PERIODS.map((window) => one((raw) => meanPaycheck(raw, window(raw.today)))),
      one((raw) => meanPaycheck(raw, wholeHistory(raw))),
    ),
  ),
  single('typed2-avg-10', 'averages', 'i wonder what a typical uber ride costs me', usualPerVisit(UBER)),
  single(
    'typed2-avg-11',
    'averages',
    'avg monthly income this yr?',
    anyOf(
      one((raw) => monthly(income(raw, thisYear(raw)), thisYear(raw))),
      one((raw) => monthly(income(raw, fullMonthsThisYear(raw.today)), fullMonthsThisYear(raw.today))),
      one((raw) => monthly(income(raw, thisYear(raw), WAGES), thisYear(raw))),
      one((raw) => monthly(income(raw, fullMonthsThisYear(raw.today), WAGES), fullMonthsThisYear(raw.today))),
    ),
  ),
  single(
    'typed2-avg-12',
    'averages',
    'tell me how much i normally spend on coffee in a week',
    usualWeekly(spent(COFFEE)),
  ),
  single(
    'typed2-avg-13',
    'averages',
    'last month, avg amt per txn?',
    anyOf(
      one((raw) => perVisit(raw, lastMonth(raw))),
      one((raw) => meanPurchase(raw, lastMonth(raw))),
      one((raw) => safeDivide(spending(raw, lastMonth(raw)), spendingTransactionCount(raw, lastMonth(raw)))),
    ),
  ),
  single(
    'typed2-avg-14',
    'averages',
    'quick q: what was my average monthly spending in q3',
    one((raw) => monthly(spending(raw, latestQuarter(raw.today, 3)), latestQuarter(raw.today, 3))),
  ),
  single(
    'typed2-avg-15',
    'averages',
    'avg i spent a day last week?',
    one((raw) => perDay(spending(raw, periods.lastWeek(raw.today)), periods.lastWeek(raw.today))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Comparisons

const COMPARISONS: Question[] = [
  single(
    'typed2-cmp-1',
    'comparisons',
    (raw) => `did i spend more in ${long(raw, 2)} or ${short(raw, 3)}`,
    money((raw) => [spending(raw, monthsAgo(raw, 2)), spending(raw, monthsAgo(raw, 3))]),
  ),
  single(
    'typed2-cmp-2',
    'comparisons',
    'q2 vs q3 spending?',
    money((raw) => [spending(raw, latestQuarter(raw.today, 2)), spending(raw, latestQuarter(raw.today, 3))]),
  ),
  single(
    'typed2-cmp-3',
    'comparisons',
    'this month vs last month, how am i doing on spending',
    anyOf(
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, lastMonth(raw))]),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, sameDaysLastMonth(raw.today))]),
    ),
  ),
  single(
    'typed2-cmp-4',
    'comparisons',
    'groceries vs restaurants last month',
    money((raw) => [spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw), RESTAURANTS)]),
  ),
  single(
    'typed2-cmp-5',
    'comparisons',
    'did i spend more on uber or lyft this yr',
    money((raw) => [spending(raw, thisYear(raw), UBER), spending(raw, thisYear(raw), LYFT)]),
  ),
  single(
    'typed2-cmp-6',
    'comparisons',
    'restaurant spending up or down from last month?',
    anyOf(
      money((raw) => [
        spending(raw, thisMonth(raw), RESTAURANTS),
        spending(raw, lastMonth(raw), RESTAURANTS),
      ]),
      money((raw) => [
        spending(raw, thisMonth(raw), RESTAURANTS),
        spending(raw, sameDaysLastMonth(raw.today), RESTAURANTS),
      ]),
      money((raw) => [
        spending(raw, lastMonth(raw), RESTAURANTS),
        spending(raw, monthsAgo(raw, 2), RESTAURANTS),
      ]),
    ),
  ),
  single(
    'typed2-cmp-7',
    'comparisons',
    'feels like im spending more than usual this month, am i?',
    anyOf(
      money((raw) => [
        spending(raw, thisMonth(raw)),
        monthly(spending(raw, threeMonths(raw)), threeMonths(raw)),
      ]),
      money((raw) => [spending(raw, thisMonth(raw)), monthly(spending(raw, sixMonths(raw)), sixMonths(raw))]),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, sameDaysLastMonth(raw.today))]),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, lastMonth(raw))]),
    ),
  ),
  single(
    'typed2-cmp-8',
    'comparisons',
    (raw) => `${short(raw, 1)} groceries this yr vs ${short(raw, 1)} last yr`,
    money((raw) => [
      spending(raw, monthsAgo(raw, 1), GROCERIES),
      spending(raw, monthYearEarlier(monthsAgo(raw, 1)), GROCERIES),
    ]),
  ),
  single(
    'typed2-cmp-9',
    'comparisons',
    'how does my spending this year compare to last year',
    anyOf(
      money((raw) => [spending(raw, thisYear(raw)), spending(raw, yearEarlier(thisYear(raw)))]),
      money((raw) => [spending(raw, thisYear(raw)), spending(raw, lastYear(raw))]),
    ),
  ),
  single(
    'typed2-cmp-10',
    'comparisons',
    (raw) => `how much more did i spend in ${long(raw, 1)} than ${long(raw, 2)}`,
    one((raw) => Math.abs(spending(raw, monthsAgo(raw, 1)) - spending(raw, monthsAgo(raw, 2)))),
  ),
  single(
    'typed2-cmp-11',
    'comparisons',
    (raw) => `by what % did my spending change from ${short(raw, 3)} to ${short(raw, 2)}`,
    percent((raw) => {
      const before = spending(raw, monthsAgo(raw, 3));
      return percentOf(spending(raw, monthsAgo(raw, 2)) - before, before);
    }),
  ),
  single(
    'typed2-cmp-12',
    'comparisons',
    'did my electric bill go up??',
    anyOf(
      money((raw) => [
        spending(raw, lastMonth(raw), ELECTRICITY),
        spending(raw, monthsAgo(raw, 2), ELECTRICITY),
      ]),
      money((raw) => [
        spending(raw, thisMonth(raw), ELECTRICITY),
        spending(raw, lastMonth(raw), ELECTRICITY),
      ]),
    ),
  ),
  single(
    'typed2-cmp-13',
    'comparisons',
    'netflix vs spotify, which one costs me more this year',
    money((raw) => [spending(raw, thisYear(raw), NETFLIX), spending(raw, thisYear(raw), SPOTIFY)]),
  ),
  single(
    'typed2-cmp-14',
    'comparisons',
    (raw) => `spent less on amazon in ${long(raw, 1)} than in ${long(raw, 2)}?`,
    money((raw) => [spending(raw, monthsAgo(raw, 1), AMAZON), spending(raw, monthsAgo(raw, 2), AMAZON)]),
  ),
  single(
    'typed2-cmp-15',
    'comparisons',
    'food this quarter vs last quarter',
    money((raw) => [
      spending(raw, currentQuarter(raw.today), FOOD),
      spending(raw, lastQuarter(raw.today), FOOD),
    ]),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Trends

const TRENDS: Question[] = [
  single(
    'typed2-trend-1',
    'trends',
    'can u show me my spedning month by month for the last 6 months',
    anyOf(
      eachMonth(spent(), (raw) => wholeMonthsBack(raw.today, 6)),
      eachMonth(spent(), (raw) => [...wholeMonthsBack(raw.today, 5), thisMonth(raw)]),
    ),
  ),
  single(
    'typed2-trend-2',
    'trends',
    'is my grocery spending going up?',
    eachMonth(spent(GROCERIES), (raw) => wholeMonthsBack(raw.today, 3)),
  ),
  single(
    'typed2-trend-3',
    'trends',
    'how has my eating out changed over time',
    anyOf(
      eachMonth(spent(RESTAURANTS), (raw) => wholeMonthsBack(raw.today, 3)),
      eachMonth(spent(EATING_OUT), (raw) => wholeMonthsBack(raw.today, 3)),
    ),
  ),
  single(
    'typed2-trend-4',
    'trends',
    'weekly spending last 4 weeks pls',
    anyOf(
      money((raw) => wholeWeeks(raw.today, 4).map((week) => spending(raw, week))),
      money((raw) => sevenDayWindows(raw.today, 4).map((week) => spending(raw, week))),
    ),
  ),
  single(
    'typed2-trend-5',
    'trends',
    'income by month this yr',
    anyOf(
      eachMonth(earned(), (raw) => wholeMonthsThisYear(raw.today)),
      eachMonth(earned(WAGES), (raw) => wholeMonthsThisYear(raw.today)),
    ),
  ),
  single(
    'typed2-trend-6',
    'trends',
    'amazon spending trend?',
    eachMonth(spent(AMAZON), (raw) => wholeMonthsBack(raw.today, 3)),
  ),
  single(
    'typed2-trend-7',
    'trends',
    'am i getting better or worse w/ coffee',
    eachMonth(spent(COFFEE), (raw) => wholeMonthsBack(raw.today, 3)),
  ),
  single(
    'typed2-trend-8',
    'trends',
    'last 3 months by month: restaurants',
    eachMonth(spent(RESTAURANTS), (raw) => wholeMonthsBack(raw.today, 3)),
  ),
  single(
    'typed2-trend-9',
    'trends',
    'uber spend over the past 6 months, by month',
    anyOf(
      eachMonth(spent(UBER), (raw) => wholeMonthsBack(raw.today, 6)),
      eachMonth(spent(UBER), (raw) => [...wholeMonthsBack(raw.today, 5), thisMonth(raw)]),
    ),
  ),
  single(
    'typed2-trend-10',
    'trends',
    'is my spending trending up or down this yr',
    eachMonth(spent(), (raw) => wholeMonthsThisYear(raw.today)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN: Question[] = [
  single('typed2-open-1', 'open_questions', 'hey penny give me a quick summary of my finances', summary),
  single('typed2-open-2', 'open_questions', 'hi! how am i doing money wise 🙂', summary),
  single(
    'typed2-open-3',
    'open_questions',
    'am i spending more than i make',
    anyOf(
      money((raw) => incomeAndSpending(raw, lastMonth(raw))),
      money((raw) => incomeAndSpending(raw, thisMonth(raw))),
      money((raw) => incomeAndSpending(raw, threeMonths(raw))),
      money((raw) => incomeAndSpending(raw, sixMonths(raw))),
      money((raw) => incomeAndSpending(raw, thisYear(raw))),
    ),
  ),
  single(
    'typed2-open-4',
    'open_questions',
    'thinking about a $1500 laptop, can i afford it',
    affordOneOff(1500),
  ),
  single(
    'typed2-open-5',
    'open_questions',
    'could i swing an extra $400/mo for a car payment',
    anyOf(
      one((raw) => monthlySurplus(raw, 3)),
      one((raw) => monthlySurplus(raw, 3) - 40_000),
      one((raw) => monthlySurplus(raw, 6)),
      one((raw) => monthlySurplus(raw, 6) - 40_000),
    ),
  ),
  single(
    'typed2-open-6',
    'open_questions',
    'where can i cut back',
    anyOf(
      names((raw) => [largestDiscretionary(raw, lastMonth(raw)).primary]),
      names((raw) => [largestDiscretionary(raw, lastMonth(raw)).detailed]),
      names((raw) => [largestDiscretionary(raw, threeMonths(raw)).primary]),
      names((raw) => [largestDiscretionary(raw, threeMonths(raw)).detailed]),
    ),
  ),
  single(
    'typed2-open-7',
    'open_questions',
    'anything unusual in my spending lately?',
    anyOf(
      one((raw) => biggestPurchase(raw, lastDays(raw, 30), NOT_BILLS)),
      one((raw) => biggestPurchase(raw, thisMonth(raw), NOT_BILLS)),
      one((raw) => biggestPurchase(raw, lastMonth(raw), NOT_BILLS)),
    ),
  ),
  single('typed2-open-8', 'open_questions', 'overview of my money pls', summary),
  single(
    'typed2-open-9',
    'open_questions',
    'what should i know about my money this month',
    anyOf(
      one((raw) => spending(raw, thisMonth(raw))),
      one(netWorth),
      money((raw) => incomeAndSpending(raw, thisMonth(raw))),
    ),
  ),
  single(
    'typed2-open-10',
    'open_questions',
    'ok so am i actually saving anything',
    anyOf(
      ...[lastMonth, thisMonth, threeMonths, thisYear].flatMap((period) => [
        one((raw) => netOf(raw, period(raw))),
        percent((raw) => savingsRate(raw, period(raw))),
      ]),
    ),
  ),
  single('typed2-open-11', 'open_questions', 'can i afford a 3k trip next month?', affordOneOff(3000)),
  single(
    'typed2-open-12',
    'open_questions',
    'where is all my money going??',
    anyOf(...[thisMonth, lastMonth, threeMonths, thisYear].flatMap(topThreeCategories)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Income

const INCOME: Question[] = [
  single(
    'typed2-income-1',
    'income',
    'how much did i make last month',
    anyOf(
      one((raw) => income(raw, lastMonth(raw))),
      one((raw) => income(raw, lastMonth(raw), WAGES)),
    ),
  ),
  single('typed2-income-2', 'income', 'when did i last get paid and how much', one(lastPaycheck)),
  single(
    'typed2-income-3',
    'income',
    'total income ytd',
    anyOf(
      one((raw) => income(raw, thisYear(raw))),
      one((raw) => income(raw, thisYear(raw), WAGES)),
    ),
  ),
  single(
    'typed2-income-4',
    'income',
    'where does my income come from',
    anyOf(
      names((raw) => [employerName(raw), 'dividend', 'interest']),
      names(() => ['wage', 'dividend', 'interest']),
      names(() => ['salary', 'dividend', 'interest']),
      names(() => ['payroll', 'dividend', 'interest']),
    ),
  ),
  single(
    'typed2-income-5',
    'income',
    'dividends this yr?',
    one((raw) => income(raw, thisYear(raw), DIVIDENDS)),
  ),
  single(
    'typed2-income-6',
    'income',
    'how much interest did my savings earn last yr',
    anyOf(
      one((raw) => savingsInterest(raw, lastYear(raw))),
      one((raw) => income(raw, lastYear(raw), INTEREST)),
    ),
  ),
  single(
    'typed2-income-7',
    'income',
    'biggest deposit this year',
    anyOf(
      one((raw) => largestIncomePayment(raw, thisYear(raw))),
      one((raw) => largestBankDeposit(raw, thisYear(raw))),
      one((raw) => largestInflow(raw, thisYear(raw))),
    ),
  ),
  single(
    'typed2-income-8',
    'income',
    'how many paychecks have i gotten this year',
    tally((raw) => paychecks(raw, thisYear(raw)).length, 'paycheck', 'payment', 'deposit', 'time'),
  ),
  single(
    'typed2-income-9',
    'income',
    (raw) => `what did i get paid in ${misspeltMonth(monthNumberAgo(raw, 2))}`,
    anyOf(
      one((raw) => income(raw, monthsAgo(raw, 2), WAGES)),
      one((raw) => income(raw, monthsAgo(raw, 2))),
    ),
  ),
  single(
    'typed2-income-10',
    'income',
    'income last 30 days',
    anyOf(
      one((raw) => income(raw, lastDays(raw, 30))),
      one((raw) => income(raw, lastDays(raw, 30), WAGES)),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Balances

const BALANCES: Question[] = [
  single('typed2-balance-1', 'net_worth', 'how much is in checking rn', one(checkingBalance)),
  single('typed2-balance-2', 'net_worth', 'savings balance?', one(savingsBalance)),
  single('typed2-balance-3', 'net_worth', 'how much do i owe on the visa rn', one(cardOwed)),
  single(
    'typed2-balance-4',
    'net_worth',
    'all my balances pls',
    money((raw) => balances(raw).map((balance) => balance.cents)),
  ),
  single('typed2-balance-5', 'net_worth', 'total cash?', anyOf(one(bankCash), one(allCash))),
  single(
    'typed2-balance-6',
    'net_worth',
    'savings vs checking which has more',
    money((raw) => [savingsBalance(raw), checkingBalance(raw)]),
  ),
  single('typed2-balance-7', 'net_worth', 'whats my net worth rn', one(netWorth)),
  single(
    'typed2-balance-8',
    'net_worth',
    'how much is in my alpaca roth',
    one((raw) =>
      raw.brokerages
        .flatMap((brokerage) => brokerage.accounts)
        .filter((account) => account.key === 'roth-ira')
        .reduce((sum, account) => sum + centsOf(account.totalValue), 0),
    ),
  ),
  single(
    'typed2-balance-9',
    'net_worth',
    'how much cash would i have left if i paid off my card today',
    anyOf(
      one((raw) => bankCash(raw) - cardOwed(raw)),
      one((raw) => checkingBalance(raw) - cardOwed(raw)),
    ),
  ),
  single(
    'typed2-balance-10',
    'net_worth',
    'how much credit do i have left on my visa',
    anyOf(
      one((raw) => creditLeft(raw).limitLessOwed),
      one((raw) => creditLeft(raw).available),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Investments and crypto

const INVESTMENTS: Question[] = [
  single(
    'typed2-invest-1',
    'investments',
    'whats my portfolio worth',
    anyOf(
      one(investmentsValue),
      one(securitiesValue),
      one((raw) => investmentsValue(raw) + cryptoCents(raw)),
    ),
  ),
  single('typed2-invest-2', 'investments', 'aapl - how much is that position worth', tickerWorth('AAPL')),
  single('typed2-invest-3', 'investments', 'how many shares of nvda do i have', sharesOf('NVDA')),
  single(
    'typed2-invest-4',
    'investments',
    'am i up or down on msft',
    anyOf(
      one((raw) => gainOfTicker(raw, 'MSFT')),
      money((raw) => gainsByAccount(raw, 'MSFT')),
    ),
  ),
  single(
    'typed2-invest-5',
    'investments',
    'best performer in my portfolio?',
    anyOf(
      names((raw) => [performer(raw, 'best', 'percent')]),
      names((raw) => [performer(raw, 'best', 'dollars')]),
    ),
  ),
  single(
    'typed2-invest-6',
    'investments',
    'which of my stocks is doing the worst',
    anyOf(
      names((raw) => [performer(raw, 'worst', 'percent')]),
      names((raw) => [performer(raw, 'worst', 'dollars')]),
      names((raw) => [performer(raw, 'worst', 'percent', 'stock')]),
      names((raw) => [performer(raw, 'worst', 'dollars', 'stock')]),
    ),
  ),
  single(
    'typed2-invest-7',
    'investments',
    'what does my allocation look like',
    anyOf(
      money((raw) => [classValue(raw, 'etf'), classValue(raw, 'stock'), classValue(raw, 'fund')]),
      percent((raw) => percentOfInvestments(raw, classValue(raw, 'etf'))),
      percent((raw) => percentOf(classValue(raw, 'etf'), securitiesValue(raw))),
    ),
  ),
  single(
    'typed2-invest-8',
    'investments',
    'how much do i have in stocks vs bonds',
    anyOf(
      clarification,
      money((raw) => [classValue(raw, 'stock'), valueOfTicker(raw, 'BND')]),
      money((raw) => [securitiesValue(raw) - valueOfTicker(raw, 'BND'), valueOfTicker(raw, 'BND')]),
      money((raw) => [investmentsValue(raw) - valueOfTicker(raw, 'BND'), valueOfTicker(raw, 'BND')]),
    ),
  ),
  single('typed2-invest-9', 'investments', 'how much am i up overall on my investments', one(unrealisedGain)),
  single(
    'typed2-invest-10',
    'investments',
    'how much qqq do i own',
    anyOf(tickerWorth('QQQ'), sharesOf('QQQ')),
  ),
  single('typed2-crypto-1', 'crypto', 'total crypto?', one(cryptoCents)),
  single(
    'typed2-crypto-2',
    'crypto',
    'how much eth do i have',
    anyOf(
      one((raw) => cryptoSymbolCents(raw, 'ETH')),
      names((raw) => [symbolUnitsText(raw, 'ETH', 4)]),
    ),
  ),
  single(
    'typed2-crypto-3',
    'crypto',
    'whats my phantom wallet worth',
    one((raw) => walletNamed(raw, 'Phantom_web3')),
  ),
  single(
    'typed2-crypto-4',
    'crypto',
    'value of my ethereum wallet',
    anyOf(
      clarification,
      money((raw) => walletsOnChain(raw, 'eth')),
      one((raw) => walletsOnChain(raw, 'eth').reduce((sum, cents) => sum + cents, 0)),
    ),
  ),
  single(
    'typed2-crypto-5',
    'crypto',
    'btc worth?',
    anyOf(
      one((raw) => cryptoSymbolCents(raw, 'BTC')),
      one((raw) => cryptoSymbolCents(raw, 'BTC') + cryptoSymbolCents(raw, 'WBTC')),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Rankings

const RANKINGS: Question[] = [
  single(
    'typed2-rank-1',
    'rankings',
    'who got most of my money last month? top 5 merchants',
    names((raw) => topMerchantsBySpending(raw, lastMonth(raw), 5)),
  ),
  single(
    'typed2-rank-2',
    'rankings',
    'biggest purchase at amazon this yr',
    one((raw) => biggestPurchase(raw, thisYear(raw), AMAZON)),
  ),
  single(
    'typed2-rank-3',
    'rankings',
    'smallest purchase last month?',
    one((raw) => smallestPurchase(raw, lastMonth(raw))),
  ),
  single(
    'typed2-rank-4',
    'rankings',
    'which place do i go to most often',
    anyOf(
      ...[lastMonth, threeMonths, thisYear, (raw: RawData) => lastDays(raw, 30)].map((period) =>
        names((raw) => [mostVisited(raw, period(raw))]),
      ),
    ),
  ),
  single(
    'typed2-rank-5',
    'rankings',
    'which month was the most expensive this year',
    money(
      (raw) => [mostExpensive(raw, monthsThisYear(raw.today)).cents],
      (raw) => [monthWord(mostExpensive(raw, monthsThisYear(raw.today)).period)],
    ),
  ),
  single(
    'typed2-rank-6',
    'rankings',
    'top 3 spending categories this yr',
    anyOf(...topThreeCategories(thisYear)),
  ),
  single(
    'typed2-rank-7',
    'rankings',
    'top 3 restaurants last 3 months',
    anyOf(
      names((raw) => topMerchantsWhere(raw, threeMonths(raw), RESTAURANTS, 3)),
      names((raw) => topMerchantsWhere(raw, rollingMonths(raw.today, 3), RESTAURANTS, 3)),
    ),
  ),
  single(
    'typed2-rank-8',
    'rankings',
    '5 biggest purchases this month',
    money((raw) => purchaseAmounts(raw, thisMonth(raw)).slice(0, 5)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups

const FOLLOW_UPS: Question[] = [
  thread(
    'typed2-thread-1',
    'follow_ups',
    {
      ask: 'how much did i spend on groceries last month',
      expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)),
    },
    {
      ask: (raw) => `what about ${long(raw, 2)}`,
      expect: one((raw) => spending(raw, monthsAgo(raw, 2), GROCERIES)),
    },
    {
      ask: 'and per week?',
      expect: one((raw) => perWeek(spending(raw, monthsAgo(raw, 2), GROCERIES), monthsAgo(raw, 2))),
    },
  ),
  thread(
    'typed2-thread-2',
    'follow_ups',
    { ask: 'restaurants last month?', expect: one((raw) => spending(raw, lastMonth(raw), RESTAURANTS)) },
    { ask: 'which ones', expect: names((raw) => topMerchantsWhere(raw, lastMonth(raw), RESTAURANTS, 3)) },
    {
      ask: 'how many times did i go out',
      expect: tally(
        (raw) => purchaseCount(raw, lastMonth(raw), RESTAURANTS),
        'time',
        'visit',
        'purchase',
        'transaction',
        'meal',
      ),
    },
  ),
  thread(
    'typed2-thread-3',
    'follow_ups',
    { ask: 'total spending last month', expect: one((raw) => spending(raw, lastMonth(raw))) },
    { ask: 'break that down', expect: anyOf(...topThreeCategories(lastMonth)) },
    {
      ask: 'why was it so high',
      expect: anyOf(
        one((raw) => topCategoryTotals(raw, lastMonth(raw), 'primary', 1)[0] ?? 0),
        one((raw) => topCategoryTotals(raw, lastMonth(raw), 'detailed', 1)[0] ?? 0),
        one((raw) => biggestPurchase(raw, lastMonth(raw))),
      ),
    },
  ),
  thread(
    'typed2-thread-4',
    'follow_ups',
    {
      ask: 'how much did i spend at amazon this yr',
      expect: one((raw) => spending(raw, thisYear(raw), AMAZON)),
    },
    { ask: 'what about last yr', expect: one((raw) => spending(raw, lastYear(raw), AMAZON)) },
    {
      ask: 'how many orders was that',
      expect: tally((raw) => purchaseCount(raw, lastYear(raw), AMAZON), 'order', 'purchase', 'transaction'),
    },
  ),
  thread(
    'typed2-thread-5',
    'follow_ups',
    {
      ask: 'income last month',
      expect: anyOf(
        one((raw) => income(raw, lastMonth(raw))),
        one((raw) => income(raw, lastMonth(raw), WAGES)),
      ),
    },
    {
      ask: 'and this yr?',
      expect: anyOf(
        one((raw) => income(raw, thisYear(raw))),
        one((raw) => income(raw, thisYear(raw), WAGES)),
      ),
    },
    {
      ask: 'per month?',
      expect: anyOf(
        one((raw) => monthly(income(raw, thisYear(raw)), thisYear(raw))),
        one((raw) => monthly(income(raw, thisYear(raw), WAGES), thisYear(raw))),
        one((raw) => monthly(income(raw, fullMonthsThisYear(raw.today)), fullMonthsThisYear(raw.today))),
      ),
    },
  ),
  thread(
    'typed2-thread-6',
    'follow_ups',
    { ask: 'checking balance', expect: one(checkingBalance) },
    { ask: 'and savings?', expect: one(savingsBalance) },
    { ask: 'ok thx, now move $500 from checking to savings', expect: declines },
  ),
  thread(
    'typed2-thread-7',
    'follow_ups',
    {
      ask: 'how much have i spent on uber this yr',
      expect: one((raw) => spending(raw, thisYear(raw), UBER)),
    },
    { ask: 'lyft?', expect: one((raw) => spending(raw, thisYear(raw), LYFT)) },
    { ask: 'combined?', expect: one((raw) => spending(raw, thisYear(raw), either(UBER, LYFT))) },
  ),
  thread(
    'typed2-thread-8',
    'follow_ups',
    { ask: 'top 3 categories this month', expect: anyOf(...topThreeCategories(thisMonth)) },
    { ask: 'what about last yr', expect: anyOf(...topThreeCategories(lastYear)) },
  ),
  thread(
    'typed2-thread-9',
    'follow_ups',
    {
      ask: 'whats my biggest holding',
      expect: anyOf(
        names((raw) => [largestHolding(raw).ticker]),
        names((raw) => [largestPosition(raw).ticker]),
      ),
    },
    {
      ask: 'how much is it up',
      expect: anyOf(
        one((raw) => gainOfTicker(raw, largestHolding(raw).ticker)),
        money((raw) => gainsByAccount(raw, largestHolding(raw).ticker)),
        one((raw) => largestPosition(raw).valueCents - largestPosition(raw).costCents),
        one((raw) => gainOfTicker(raw, largestPosition(raw).ticker)),
      ),
    },
    {
      ask: 'what % of my portfolio is that',
      expect: anyOf(
        percent((raw) => percentOfInvestments(raw, largestHolding(raw).cents)),
        percent((raw) => percentOf(largestHolding(raw).cents, securitiesValue(raw))),
        percent((raw) => percentOfInvestments(raw, largestPosition(raw).valueCents)),
        percent((raw) => percentOf(largestPosition(raw).valueCents, securitiesValue(raw))),
      ),
    },
  ),
  thread(
    'typed2-thread-10',
    'follow_ups',
    { ask: 'coffee spending this month', expect: one((raw) => spending(raw, thisMonth(raw), COFFEE)) },
    {
      ask: 'is that more than usual?',
      expect: anyOf(
        money((raw) => [
          spending(raw, thisMonth(raw), COFFEE),
          monthly(spending(raw, threeMonths(raw), COFFEE), threeMonths(raw)),
        ]),
        money((raw) => [
          spending(raw, thisMonth(raw), COFFEE),
          monthly(spending(raw, sixMonths(raw), COFFEE), sixMonths(raw)),
        ]),
        money((raw) => [spending(raw, thisMonth(raw), COFFEE), spending(raw, lastMonth(raw), COFFEE)]),
        money((raw) => [
          spending(raw, thisMonth(raw), COFFEE),
          spending(raw, sameDaysLastMonth(raw.today), COFFEE),
        ]),
      ),
    },
  ),
  thread(
    'typed2-thread-11',
    'follow_ups',
    {
      ask: 'how much went to restaurants in q3',
      expect: one((raw) => spending(raw, latestQuarter(raw.today, 3), RESTAURANTS)),
    },
    {
      ask: 'break it down by month',
      expect: eachMonth(spent(RESTAURANTS), (raw) => monthsWithin(latestQuarter(raw.today, 3))),
    },
  ),
  thread(
    'typed2-thread-12',
    'follow_ups',
    { ask: 'how much crypto do i have', expect: one(cryptoCents) },
    {
      ask: 'which coin is the biggest',
      expect: anyOf(
        names((raw) => [symbolValues(raw)[0]?.symbol ?? '']),
        names((raw) => [singleHoldings(raw)[0]?.symbol ?? '']),
      ),
    },
    {
      ask: 'and the smallest?',
      expect: anyOf(
        names((raw) => [symbolValues(raw).at(-1)?.symbol ?? '']),
        names((raw) => [singleHoldings(raw).at(-1)?.symbol ?? '']),
      ),
    },
  ),
  thread(
    'typed2-thread-13',
    'follow_ups',
    {
      ask: 'how much did i spend last weekend',
      expect: anyOf(
        one((raw) => spending(raw, lastWeekend(raw.today))),
        one((raw) => spending(raw, weekendStarted(raw.today))),
      ),
    },
    {
      ask: 'and the one before that?',
      expect: anyOf(
        one((raw) => spending(raw, weekendBefore(raw.today))),
        one((raw) => spending(raw, lastWeekend(raw.today))),
      ),
    },
  ),
];

// ---------------------------------------------------------------------------------------------------
// Several readings and must-declines

const SEVERAL_READINGS: Question[] = [
  single(
    'typed2-several-1',
    'several_readings',
    'whats my balance',
    anyOf(
      clarification,
      one(checkingBalance),
      money((raw) => [checkingBalance(raw), savingsBalance(raw), cardOwed(raw)]),
      one(netWorth),
      one(bankCash),
    ),
  ),
  single(
    'typed2-several-2',
    'several_readings',
    'whats in my brokerage account',
    anyOf(
      clarification,
      money((raw) => balancesNamed(raw, 'Individual Brokerage')),
      one((raw) => balancesNamed(raw, 'Individual Brokerage').reduce((sum, cents) => sum + cents, 0)),
      one((raw) => balancesNamed(raw, 'Individual Brokerage')[0] ?? 0),
      one((raw) => balancesNamed(raw, 'Individual Brokerage').at(-1) ?? 0),
    ),
  ),
  single(
    'typed2-several-3',
    'several_readings',
    'how much do i spend on food',
    anyOf(
      clarification,
      ...[thisMonth, lastMonth, (raw: RawData) => lastDays(raw, 30)].flatMap((period) => [
        one((raw) => spending(raw, period(raw), FOOD)),
        one((raw) => spending(raw, period(raw), GROCERIES)),
      ]),
      usualMonthly(spent(FOOD), spent(GROCERIES)),
    ),
  ),
];

const MUST_DECLINE: Question[] = [
  single('typed2-decline-1', 'must_decline', 'should i sell my nvda rn?', declines),
  single('typed2-decline-2', 'must_decline', 'whats btc gonna be worth next yr', declines),
  single('typed2-decline-3', 'must_decline', 'pay off my visa from checking pls', declines),
  single(
    'typed2-decline-4',
    'must_decline',
    (raw) => `how much did i spend in ${yearBeforeHistory(raw)}`,
    outsideHistory,
  ),
  single('typed2-decline-5', 'must_decline', 'whats my credit score', declines),
];

export const TYPED_QUESTIONS_2: readonly Question[] = [
  ...AVERAGES,
  ...COMPARISONS,
  ...TRENDS,
  ...OPEN,
  ...INCOME,
  ...BALANCES,
  ...INVESTMENTS,
  ...RANKINGS,
  ...FOLLOW_UPS,
  ...SEVERAL_READINGS,
  ...MUST_DECLINE,
];
