import {
  byAccountKind,
  byDetailed,
  byMerchant,
  byPrimary,
  cryptoCents,
  cryptoSymbolCents,
  type Flow,
  income,
  investmentsValue,
  largestHolding,
  largestSpending,
  latestCharge,
  monthName,
  netWorth,
  type Period,
  periods,
  spending,
  totalAssets,
  unrealisedGain,
  valueOfTicker,
} from './expected.ts';
import {
  atMerchant,
  daySpan,
  largestDiscretionary,
  lastWeekend,
  latestQuarter,
  over,
  percentOf,
  quarterOf,
  sevenDayWindows,
  spendingShare,
  wholeWeeks,
  yearBeforeHistory,
  yearEarlier,
} from './expected-reading.ts';
import {
  bankCash,
  both,
  DIVIDENDS,
  ELECTRICITY,
  gainOfTicker,
  INTEREST,
  monthYearEarlier,
  nextMonth,
  onWeekday,
  onWeekend,
  perDay,
  purchaseAmounts,
  rollingMonths,
  sameDaysLastMonth,
  savedToSavings,
  securitiesValue,
  sharesMilli,
  sharesText,
  under,
  WAGES,
  walletsOnChain,
} from './expected-typed.ts';
import {
  cardOwed,
  checkingBalance,
  classValue,
  FOOD,
  fullMonthsThisYear,
  largestBankDeposit,
  largestIncomePayment,
  lastPaycheck,
  meanPaycheck,
  meanPurchase,
  monthly,
  monthsThisYear,
  monthsWithin,
  monthWord,
  mostExpensive,
  netOf,
  paychecks,
  performer,
  perVisit,
  safeDivide,
  savingsBalance,
  savingsInterest,
  savingsRate,
  symbolValues,
  tickerTotals,
  USUAL_PERIODS,
  wholeHistory,
  wholeMonthsBack,
} from './expected-typed-2.ts';
import {
  balancesMatching,
  beforeToday,
  countOf,
  FOOD_OUT,
  fullMonthsBefore,
  INTERNATIONAL,
  investedCost,
  mostOverspent,
  onCard,
  perDayOf,
  perWeekOf,
  SHOPPING,
  STABLECOINS,
  savingsAtStart,
  seriesOf,
  symbolsCents,
  TELEPHONE,
  tickersValue,
  weekdaysIn,
} from './expected-typed-3.ts';
import {
  grossIntoSavings,
  mostVisitedTied,
  noSpendDays,
  quartersThisYear,
  type Ranked,
  rankedByGain,
  rankedBySpending,
  savingsBalanceAt,
  spendingByWeekday,
  sumOf,
  surelyTopVisited,
  topCategories,
  topMerchants,
  topWeekdayPerDay,
  weekendsBack,
  workdaysIn,
} from './expected-typed-4.ts';
import type { Category, Expect, Question, Turn } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  COFFEE,
  clarification,
  declines,
  GROCERIES,
  lastMonth,
  lastYear,
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
 * The fourth typed batch: questions as people type them into a chat box (lower case, typos, shorthand,
 * fillers), written without reading the analyst. Every expectation is computed from the vendors' raw
 * records by expected*.ts; a question that names a merchant, a month or a ticker takes it from the data
 * (the sandbox's person differs from run to run) or names one every sandbox person has.
 */

type Ask = Turn['ask'];

/** Questions of one category, numbered in order: typed4-<category>-<n>. */
const group = (category: Category, items: readonly (readonly [Ask, Expect])[]): Question[] =>
  items.map(([ask, expect], index) => ({
    id: `typed4-${category}-${index + 1}`,
    category,
    turns: [{ ask, expect }],
  }));

/** Follow-up threads, numbered in order: typed4-follow_ups-<n>. */
const threads = (items: readonly (readonly (readonly [Ask, Expect])[])[]): Question[] =>
  items.map((turns, index) => ({
    id: `typed4-follow_ups-${index + 1}`,
    category: 'follow_ups',
    turns: turns.map(([ask, expect]) => ({ ask, expect })),
  }));

// ---------------------------------------------------------------------------------------------------
// Words and periods of today

/** 'oct' for the month `back` months ago. */
const mon = (raw: RawData, back: number): string => shortMonth(monthNumberAgo(raw, back));
const year = (raw: RawData): number => Number(raw.today.slice(0, 4));
const lastFull = (raw: RawData, months: number): Period => periods.lastFullMonths(raw.today, months);
const last3 = (raw: RawData): Period => lastFull(raw, 3);
const last6 = (raw: RawData): Period => lastFull(raw, 6);

const AMAZON = atMerchant('Amazon');
const TARGET = atMerchant('Target');
const UBER = atMerchant('Uber');
const LYFT = atMerchant('Lyft');
const TRAVEL = byPrimary('TRAVEL');
const ENTERTAINMENT = byPrimary('ENTERTAINMENT');
const HAIR = byDetailed('PERSONAL_CARE_HAIR_AND_BEAUTY');
const GYM = byDetailed('PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS');
const NOT_RENT = (flow: Flow): boolean => !RENT(flow);
const CHECKING = byAccountKind('checking');

/** A series' figures an answer must state: a period with nothing in it may be said in words ('nothing'). */
const stated = (list: number[]): number[] => list.filter((cents) => cents !== 0);

/** An average per visit read either way: total ÷ purchases, or the mean purchase. */
const perVisitEither = (period: (raw: RawData) => Period, filter: Parameters<typeof perVisit>[2]): Expect =>
  anyOf(
    one((raw) => perVisit(raw, period(raw), filter)),
    one((raw) => meanPurchase(raw, period(raw), filter)),
  );

/** Ranked entries as amounts with their names. */
const rankedMoney = (list: (raw: RawData) => { name: string; cents: number }[]): Expect =>
  money(
    (raw) => list(raw).map((entry) => entry.cents),
    (raw) => list(raw).map((entry) => entry.name),
  );

/** A merchant ranking with the rent's landlord counted, or left out (rent is not always "a place"). */
const withOrWithoutRent = (list: (raw: RawData, filter?: (flow: Flow) => boolean) => Ranked[]): Expect =>
  anyOf(
    rankedMoney((raw) => list(raw)),
    rankedMoney((raw) => list(raw, NOT_RENT)),
  );

/** The windows an unnamed period may fairly cover, and the whole history. */
const USUAL_AND_ALL: readonly ((raw: RawData) => Period)[] = [
  ...USUAL_PERIODS.map((window) => (raw: RawData) => window(raw.today)),
  wholeHistory,
];

/** The readings of "lately" / "these days": this month, last month, the last 30 days, the last 3 full months. */
const LATELY: readonly ((raw: RawData) => Period)[] = [
  thisMonth,
  lastMonth,
  (raw) => periods.lastDays(raw.today, 30),
  last3,
];

// ---------------------------------------------------------------------------------------------------
// Rankings

const RANKINGS = group('rankings', [
  [
    'top 3 places i spent at last mo?',
    withOrWithoutRent((raw, filter) => topMerchants(raw, lastMonth(raw), 3, filter)),
  ],
  [
    'which 5 merchants got the most $ outta me this yr',
    withOrWithoutRent((raw, filter) => topMerchants(raw, thisYear(raw), 5, filter)),
  ],
  [
    (raw) => `what place did i go to the most in ${mon(raw, 1)}, like most visits`,
    anyOf(
      ...[0, 1, 2, 3].map((index) =>
        names((raw) => {
          const tied = mostVisitedTied(raw, lastMonth(raw));
          return [tied[index] ?? tied[0] ?? ''];
        }),
      ),
    ),
  ],
  [
    'top 4 spending categories last month',
    anyOf(
      money((raw) => topCategories(raw, lastMonth(raw), 'primary', 4).map((entry) => entry.cents)),
      money((raw) => topCategories(raw, lastMonth(raw), 'detailed', 4).map((entry) => entry.cents)),
    ),
  ],
  [
    'my 3 biggest restaurant tabs this year??',
    money((raw) => largestSpending(raw, thisYear(raw), RESTAURANTS, 3)),
  ],
  [
    'which day of the week do i blow the most money on, last 3 full months',
    anyOf(
      names((raw) =>
        spendingByWeekday(raw, last3(raw))
          .slice(0, 1)
          .map((entry) => entry.weekday),
      ),
      names((raw) => [topWeekdayPerDay(raw, last3(raw))]),
    ),
  ],
  [
    (raw) => `whats my 3 most expensive months in ${year(raw) - 1}`,
    money(
      (raw) =>
        rankedBySpending(raw, monthsWithin(lastYear(raw)))
          .slice(0, 3)
          .map((entry) => entry.cents),
      (raw) =>
        rankedBySpending(raw, monthsWithin(lastYear(raw)))
          .slice(0, 3)
          .map((entry) => monthWord(entry.period)),
    ),
  ],
  [
    'top 2 grocery stores by amt since jan',
    rankedMoney((raw) => topMerchants(raw, thisYear(raw), 2, GROCERIES)),
  ],
  [
    'top 3 coffee spots by # of visits this yr',
    names((raw) => surelyTopVisited(raw, thisYear(raw), 3, COFFEE)),
  ],
  [
    'not counting rent whats my #1 expense category last month',
    anyOf(
      one((raw) => topCategories(raw, lastMonth(raw), 'primary', 1, NOT_RENT)[0]?.cents ?? 0),
      one((raw) => topCategories(raw, lastMonth(raw), 'detailed', 1, NOT_RENT)[0]?.cents ?? 0),
    ),
  ],
  [
    '5 biggest charges on my credit card in the last 90 days',
    money((raw) => purchaseAmounts(raw, periods.lastDays(raw.today, 90), onCard).slice(0, 5)),
  ],
  [
    'rank my 3 biggest holdings by $ value',
    rankedMoney((raw) =>
      tickerTotals(raw)
        .map((entry) => ({ name: entry.ticker, cents: entry.valueCents }))
        .sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name))
        .slice(0, 3),
    ),
  ],
  [
    'top 3 fast food joints this yr by amount',
    rankedMoney((raw) => topMerchants(raw, thisYear(raw), 3, byDetailed('FOOD_AND_DRINK_FAST_FOOD'))),
  ],
  [
    (raw) => `top 3 restaurants i spent the most at in ${year(raw) - 1}`,
    rankedMoney((raw) => topMerchants(raw, lastYear(raw), 3, RESTAURANTS)),
  ],
  [
    'which store gets most of my shopping money? last 6 full months',
    rankedMoney((raw) => topMerchants(raw, last6(raw), 1, SHOPPING)),
  ],
]);

// ---------------------------------------------------------------------------------------------------
// Trends

const TRENDS = group('trends', [
  [
    'is my grocery bill going up? show me the last 3 full months',
    money((raw) => stated(seriesOf(raw, wholeMonthsBack(raw.today, 3), GROCERIES))),
  ],
  ['spending by month this yr pls', money((raw) => stated(seriesOf(raw, monthsThisYear(raw.today))))],
  [
    'eating out trend over the last 6 full mo',
    anyOf(
      money((raw) => stated(seriesOf(raw, wholeMonthsBack(raw.today, 6), FOOD_OUT))),
      money((raw) => stated(seriesOf(raw, wholeMonthsBack(raw.today, 6), RESTAURANTS))),
    ),
  ],
  [
    'has my electric bill been creeping up? each month this yr',
    money((raw) =>
      stated(seriesOf(raw, monthsThisYear(raw.today), ELECTRICITY)).filter((cents) => cents !== 0),
    ),
  ],
  [
    'income month over month, last 4 full months',
    money((raw) => wholeMonthsBack(raw.today, 4).map((period) => income(raw, period))),
  ],
  [
    'coffee $ per week for the last 4 weeks',
    anyOf(
      money((raw) => stated(seriesOf(raw, wholeWeeks(raw.today, 4), COFFEE))),
      money((raw) => stated(seriesOf(raw, sevenDayWindows(raw.today, 4), COFFEE))),
    ),
  ],
  [
    'am i spending more on ubers/lyfts lately? each of the last 3 months (full ones)',
    money((raw) => stated(seriesOf(raw, wholeMonthsBack(raw.today, 3), RIDES))),
  ],
  [
    'how much did i actually save each month the last 3 full months (income minus spending)',
    money((raw) => wholeMonthsBack(raw.today, 3).map((period) => netOf(raw, period))),
  ],
  ['spending q by q this year', money((raw) => stated(seriesOf(raw, quartersThisYear(raw.today))))],
  [
    'amazon spend monthly for the past 6 full months, going up or down?',
    money((raw) => stated(seriesOf(raw, wholeMonthsBack(raw.today, 6), AMAZON))),
  ],
  [
    'weekend restaurant spending last 3 full months vs the 3 months before that, getting worse?',
    money((raw) => [
      spending(raw, last3(raw), both(RESTAURANTS, onWeekend)),
      spending(raw, fullMonthsBefore(raw.today, 3, 3), both(RESTAURANTS, onWeekend)),
    ]),
  ],
  [
    (raw) => `credit card spending month by month since ${mon(raw, 4)}`,
    money((raw) => stated(seriesOf(raw, monthsWithin(periods.sinceMonth(raw.today, 4)), onCard))),
  ],
  [
    'dividends per quarter this yr',
    money((raw) =>
      quartersThisYear(raw.today)
        .map((period) => income(raw, period, DIVIDENDS))
        .filter((cents) => cents !== 0),
    ),
  ],
  [
    'what did i spend each of the last 4 weekends',
    money((raw) => stated(seriesOf(raw, weekendsBack(raw.today, 4)))),
  ],
  [
    'savings balance at the end of each of the last 3 months?',
    money((raw) => wholeMonthsBack(raw.today, 3).map((period) => savingsBalanceAt(raw, period.end))),
  ],
]);

// ---------------------------------------------------------------------------------------------------
// Averages

const AVERAGES = group('averages', [
  ['avg spend per day last mo?', one((raw) => perDay(spending(raw, lastMonth(raw)), lastMonth(raw)))],
  ['whats my avg grocery run cost this yr', perVisitEither(thisYear, GROCERIES)],
  [
    'on avg how much do i spend a week on food, like groceries n eating out n coffee, over the last 3 full months',
    one((raw) => perWeekOf(spending(raw, last3(raw), FOOD), last3(raw))),
  ],
  ['avg paycheck this year?', one((raw) => meanPaycheck(raw, thisYear(raw)))],
  ['avg monthly income over the last 6 full mo', one((raw) => monthly(income(raw, last6(raw)), last6(raw)))],
  [
    'how much is an uber ride for me on average',
    anyOf(
      ...USUAL_AND_ALL.flatMap((window) => [
        one((raw) => perVisit(raw, window(raw), UBER)),
        one((raw) => meanPurchase(raw, window(raw), UBER)),
      ]),
    ),
  ],
  [
    'avg spent per weekend over the last 3 full months',
    anyOf(
      one((raw) => safeDivide(spending(raw, last3(raw), onWeekend), weekdaysIn(last3(raw), 6))),
      one((raw) => safeDivide(spending(raw, last3(raw), onWeekend), weekdaysIn(last3(raw), 0))),
    ),
  ],
  [
    'how much do i avg on coffee per workday last month',
    one((raw) => safeDivide(spending(raw, lastMonth(raw), COFFEE), workdaysIn(lastMonth(raw)))),
  ],
  [(raw) => `avg amt per amazon order in ${year(raw) - 1}`, perVisitEither(lastYear, AMAZON)],
  ['what do i pay in rent on avg per month', one((raw) => latestCharge(raw, RENT))],
  [
    'daily avg spending so far this month',
    anyOf(
      one((raw) => perDay(spending(raw, thisMonth(raw)), thisMonth(raw))),
      one((raw) => perDayOf(spending(raw, beforeTodayOf(raw)), beforeTodayOf(raw))),
    ),
  ],
  ['avg restaurant bill, last 6 full mo', perVisitEither(last6, RESTAURANTS)],
  [
    'avg monthly spend on entertainment this yr (full months only)',
    one((raw) =>
      monthly(spending(raw, fullMonthsThisYear(raw.today), ENTERTAINMENT), fullMonthsThisYear(raw.today)),
    ),
  ],
  [
    'avg interest my savings acct earns per month this yr',
    anyOf(
      one((raw) => monthly(savingsInterest(raw, thisYear(raw)), thisYear(raw))),
      one((raw) =>
        monthly(savingsInterest(raw, fullMonthsThisYear(raw.today)), fullMonthsThisYear(raw.today)),
      ),
    ),
  ],
  ['avg per txn on my credit card last month', perVisitEither(lastMonth, onCard)],
]);

/** This month to yesterday (today when it is the 1st). */
const beforeTodayOf = (raw: RawData): Period => beforeToday(thisMonth(raw), raw.today);

// ---------------------------------------------------------------------------------------------------
// Comparisons

const COMPARISONS = group('comparisons', [
  [
    'am i spending more this month than last month? same days',
    money((raw) => [spending(raw, thisMonth(raw)), spending(raw, sameDaysLastMonth(raw.today))]),
  ],
  [
    'groceries vs eating out last mo',
    anyOf(
      money((raw) => [spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw), FOOD_OUT)]),
      money((raw) => [spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw), RESTAURANTS)]),
    ),
  ],
  [
    'this yr vs last yr spending, at the same point in the year',
    money((raw) => [spending(raw, thisYear(raw)), spending(raw, yearEarlier(thisYear(raw)))]),
  ],
  [
    'uber vs lyft this yr, who got more of my $',
    money((raw) => [spending(raw, thisYear(raw), UBER), spending(raw, thisYear(raw), LYFT)]),
  ],
  [
    'weekend vs weekday spending last month',
    money((raw) => [spending(raw, lastMonth(raw), onWeekend), spending(raw, lastMonth(raw), onWeekday)]),
  ],
  [
    'how much did i spend on the credit card vs out of checking last mo',
    money((raw) => [spending(raw, lastMonth(raw), onCard), spending(raw, lastMonth(raw), CHECKING)]),
  ],
  [
    (raw) => `how does ${mon(raw, 1)} compare to ${mon(raw, 2)} for total spending`,
    money((raw) => [spending(raw, lastMonth(raw)), spending(raw, monthsAgo(raw, 2))]),
  ],
  [
    'did i earn more this yr than by this time last yr',
    money((raw) => [income(raw, thisYear(raw)), income(raw, yearEarlier(thisYear(raw)))]),
  ],
  [
    'amazon or target, where did more of my money go this yr',
    money((raw) => [spending(raw, thisYear(raw), AMAZON), spending(raw, thisYear(raw), TARGET)]),
  ],
  [
    'q2 vs q3 spending',
    money((raw) => [spending(raw, latestQuarter(raw.today, 2)), spending(raw, latestQuarter(raw.today, 3))]),
  ],
  [
    'coffee this month vs the same point last month',
    money((raw) => [
      spending(raw, thisMonth(raw), COFFEE),
      spending(raw, sameDaysLastMonth(raw.today), COFFEE),
    ]),
  ],
  [
    (raw) => `restaurants in ${mon(raw, 1)} vs ${mon(raw, 1)} a year ago`,
    money((raw) => [
      spending(raw, lastMonth(raw), RESTAURANTS),
      spending(raw, monthYearEarlier(lastMonth(raw)), RESTAURANTS),
    ]),
  ],
  [
    'which is bigger rn, my checking or my savings',
    money((raw) => [checkingBalance(raw), savingsBalance(raw)]),
  ],
  [
    'how much do i have in individual stocks vs etfs',
    money((raw) => [classValue(raw, 'stock'), classValue(raw, 'etf')]),
  ],
  [
    'did i spend more on travel this yr or last yr',
    money((raw) => [spending(raw, thisYear(raw), TRAVEL), spending(raw, lastYear(raw), TRAVEL)]),
  ],
]);

// ---------------------------------------------------------------------------------------------------
// Investments

const INVESTMENTS = group('investments', [
  ['whats my portfolio worth rn', anyOf(one(investmentsValue), one(securitiesValue))],
  ['total unrealized gains on my stocks n funds?', one(unrealisedGain)],
  [
    'overall % return on what ive invested',
    percent((raw) => percentOf(unrealisedGain(raw), investedCost(raw))),
  ],
  ['which of my holdings is up the most in %', names((raw) => [performer(raw, 'best', 'percent')])],
  ['worst performer in $ terms?', names((raw) => [performer(raw, 'worst', 'dollars')])],
  [
    'what % of my portfolio is etfs',
    anyOf(
      percent((raw) => percentOf(classValue(raw, 'etf'), investmentsValue(raw))),
      percent((raw) => percentOf(classValue(raw, 'etf'), securitiesValue(raw))),
    ),
  ],
  ['how many aapl shares do i own', names((raw) => [sharesText(sharesMilli(raw, 'AAPL'))])],
  ['how much is my nvidia worth', one((raw) => valueOfTicker(raw, 'NVDA'))],
  [
    'how much is in my roth',
    anyOf(
      one((raw) => sumOf(balancesMatching(raw, /roth/i))),
      money((raw) => balancesMatching(raw, /roth/i)),
    ),
  ],
  [
    'break down my investments by type in $ (stocks, etfs, funds, cash)',
    money((raw) =>
      (['stock', 'etf', 'fund', 'cash'] as const)
        .map((assetClass) => classValue(raw, assetClass))
        .filter((cents) => cents !== 0),
    ),
  ],
  ['did i get any dividends this yr? how much', one((raw) => income(raw, thisYear(raw), DIVIDENDS))],
  ['my 3 best positions by $ gain', rankedMoney((raw) => rankedByGain(raw).slice(0, 3))],
  ['how much did i originally pay for all my investments, total cost basis', one(investedCost)],
  ['gain on vti?', one((raw) => gainOfTicker(raw, 'VTI'))],
  ['how much intl exposure do i have in $', one((raw) => tickersValue(raw, INTERNATIONAL))],
]);

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN_QUESTIONS = group('open_questions', [
  [
    'how am i doing this month',
    anyOf(
      one((raw) => spending(raw, thisMonth(raw))),
      one((raw) => netOf(raw, thisMonth(raw))),
    ),
  ],
  [
    "where's my money going lately",
    anyOf(
      ...LATELY.flatMap((period) =>
        (['primary', 'detailed'] as const).map((level) =>
          one((raw) => topCategories(raw, period(raw), level, 1)[0]?.cents ?? 0),
        ),
      ),
    ),
  ],
  [
    'am i saving enough??',
    anyOf(
      ...[lastMonth, thisYear, last3, fullMonthsThisYearOf].map((period) =>
        percent((raw) => savingsRate(raw, period(raw))),
      ),
    ),
  ],
  [
    'give me the rundown on last month',
    money((raw) => [income(raw, lastMonth(raw)), spending(raw, lastMonth(raw))]),
  ],
  [
    'whats my overall financial picture look like',
    anyOf(
      one(netWorth),
      money((raw) => [totalAssets(raw), cardOwed(raw)]),
    ),
  ],
  [(raw) => `how bad was ${mon(raw, 1)} honestly`, one((raw) => spending(raw, lastMonth(raw)))],
  ['quick summary of my investments', anyOf(one(investmentsValue), one(securitiesValue))],
  [
    'what eats up most of my paycheck',
    anyOf(
      ...[lastMonth, thisYear, last3, last6, (raw: RawData) => lastFull(raw, 12)].flatMap((period) =>
        (['primary', 'detailed'] as const).map((level) =>
          one((raw) => topCategories(raw, period(raw), level, 1)[0]?.cents ?? 0),
        ),
      ),
      one((raw) => latestCharge(raw, RENT)),
    ),
  ],
  [
    'where could i cut back',
    anyOf(
      ...[lastMonth, thisMonth, last3, thisYear].flatMap((period) => [
        names((raw) => [largestDiscretionary(raw, period(raw)).primary]),
        names((raw) => [largestDiscretionary(raw, period(raw)).detailed]),
      ]),
    ),
  ],
  [
    'am i spending more than i make',
    anyOf(
      ...[thisMonth, lastMonth, thisYear, last3].map((period) =>
        money((raw) => [income(raw, period(raw)), spending(raw, period(raw))]),
      ),
    ),
  ],
  ["how's my credit card looking", one(cardOwed)],
  [
    'what do my finances look like this yr so far',
    money((raw) => [income(raw, thisYear(raw)), spending(raw, thisYear(raw))]),
  ],
  [
    'how are my investments doing',
    anyOf(
      one(unrealisedGain),
      percent((raw) => percentOf(unrealisedGain(raw), investedCost(raw))),
    ),
  ],
  ['did i overspend anywhere last month', one((raw) => mostOverspent(raw).last)],
  ['is my emergency fund ok', one(savingsBalance)],
]);

function fullMonthsThisYearOf(raw: RawData): Period {
  return fullMonthsThisYear(raw.today);
}

// ---------------------------------------------------------------------------------------------------
// The other categories

const SPENDING = group('spending', [
  ['how much did i blow on shopping last mo', one((raw) => spending(raw, lastMonth(raw), SHOPPING))],
  ['spent how much in the last 7 days', one((raw) => spending(raw, periods.lastDays(raw.today, 7)))],
  [
    (raw) => `what did haircuts n stuff cost me in ${year(raw) - 1}`,
    one((raw) => spending(raw, lastYear(raw), HAIR)),
  ],
  [
    (raw) => `flights + hotels in ${year(raw) - 1}, total?`,
    one((raw) => spending(raw, lastYear(raw), TRAVEL)),
  ],
]);

const INCOME = group('income', [
  [
    'how much did i get paid last month',
    anyOf(
      one((raw) => income(raw, lastMonth(raw))),
      one((raw) => income(raw, lastMonth(raw), WAGES)),
    ),
  ],
  ['how much was my most recent paycheck', one(lastPaycheck)],
  ['total interest earned this yr across everything', one((raw) => income(raw, thisYear(raw), INTEREST))],
]);

const CASH_FLOW = group('cash_flow', [
  ['did i end last month in the green? by how much', one((raw) => netOf(raw, lastMonth(raw)))],
  [
    'how much did i move into savings this yr',
    anyOf(
      one((raw) => grossIntoSavings(raw, thisYear(raw))),
      one((raw) => savedToSavings(raw, thisYear(raw))),
    ),
  ],
  [
    'money in vs money out this month',
    money((raw) => [income(raw, thisMonth(raw)), spending(raw, thisMonth(raw))]),
  ],
]);

const NET_WORTH = group('net_worth', [
  ["wat's my net worth at the moment", one(netWorth)],
  ['how much do i owe total, on everything', one(cardOwed)],
  ['net worth not counting crypto', one((raw) => netWorth(raw) - cryptoCents(raw))],
]);

const RECURRING = group('recurring', [
  ['how much is netflix charging me now', one((raw) => latestCharge(raw, byMerchant('Netflix')))],
  ['whats my gym membership cost', one((raw) => latestCharge(raw, GYM))],
  ['my phone bill last month?', one((raw) => spending(raw, lastMonth(raw), TELEPHONE))],
  [
    'netflix + spotify together per month',
    one((raw) => latestCharge(raw, byMerchant('Netflix')) + latestCharge(raw, byMerchant('Spotify'))),
  ],
]);

const LARGEST = group('largest', [
  [
    'biggest thing i put on my credit card this yr',
    money((raw) => purchaseAmounts(raw, thisYear(raw), onCard).slice(0, 1)),
  ],
  [
    'largest deposit last month',
    anyOf(
      one((raw) => largestIncomePayment(raw, lastMonth(raw))),
      one((raw) => largestBankDeposit(raw, lastMonth(raw))),
    ),
  ],
  [
    'priciest dinner out in the last 3 full months',
    money((raw) => largestSpending(raw, last3(raw), RESTAURANTS, 1)),
  ],
]);

const CRYPTO = group('crypto', [
  ['how much is all my crypto worth', one(cryptoCents)],
  ['whats my sol worth', one((raw) => cryptoSymbolCents(raw, 'SOL'))],
  [
    'which coin is my biggest holding',
    money(
      (raw) =>
        symbolValues(raw)
          .slice(0, 1)
          .map((entry) => entry.cents),
      (raw) =>
        symbolValues(raw)
          .slice(0, 1)
          .map((entry) => entry.symbol),
    ),
  ],
  ['how much do i have in stablecoins', one((raw) => symbolsCents(raw, STABLECOINS))],
]);

const COUNTS = group('counts', [
  [
    'how many times did i eat out last month',
    anyOf(
      tally(
        (raw) => countOf(raw, lastMonth(raw), RESTAURANTS),
        'time',
        'meal',
        'visit',
        'purchase',
        'transaction',
      ),
      tally(
        (raw) => countOf(raw, lastMonth(raw), FOOD_OUT),
        'time',
        'meal',
        'visit',
        'purchase',
        'transaction',
      ),
    ),
  ],
  [
    '# of amazon orders this yr',
    tally((raw) => countOf(raw, thisYear(raw), AMAZON), 'order', 'purchase', 'time', 'transaction'),
  ],
  ['how many no-spend days did i have last month', tally((raw) => noSpendDays(raw, lastMonth(raw)), 'day')],
  [
    'how many paychecks so far this year',
    tally((raw) => paychecks(raw, thisYear(raw)).length, 'paycheck', 'payment', 'deposit'),
  ],
]);

const SHARES = group('shares', [
  ['what % of my spending last month was rent', percent((raw) => spendingShare(raw, lastMonth(raw), RENT))],
  [
    'what % of my food $ goes to restaurants this yr',
    anyOf(
      percent((raw) =>
        percentOf(spending(raw, thisYear(raw), RESTAURANTS), spending(raw, thisYear(raw), FOOD)),
      ),
      percent((raw) => percentOf(spending(raw, thisYear(raw), FOOD_OUT), spending(raw, thisYear(raw), FOOD))),
    ),
  ],
  ['crypto is what % of my net worth', percent((raw) => percentOf(cryptoCents(raw), netWorth(raw)))],
  ['coffee as a % of all my spending this yr', percent((raw) => spendingShare(raw, thisYear(raw), COFFEE))],
]);

const FILTERS = group('filters', [
  [
    'how many purchases over $200 last month',
    anyOf(
      tally((raw) => countOf(raw, lastMonth(raw), over(200)), 'purchase', 'transaction', 'charge'),
      tally(
        (raw) => countOf(raw, lastMonth(raw), both(over(200), NOT_RENT)),
        'purchase',
        'transaction',
        'charge',
      ),
    ),
  ],
  ['spending on just my credit card last mo', one((raw) => spending(raw, lastMonth(raw), onCard))],
  [
    'restaurants on weekends only, this yr, how much',
    one((raw) => spending(raw, thisYear(raw), both(RESTAURANTS, onWeekend))),
  ],
  [
    'add up all the little stuff under $10 last month',
    one((raw) => sumOf(purchaseAmounts(raw, lastMonth(raw), under(10)))),
  ],
]);

const PERIODS = group('periods', [
  [
    (raw) => `what did i spend in ${misspeltMonth(monthNumberAgo(raw, 2))}`,
    one((raw) => spending(raw, monthsAgo(raw, 2))),
  ],
  ['how much went out the door last wk', one((raw) => spending(raw, periods.lastWeek(raw.today)))],
  [
    (raw) => `spending between ${mon(raw, 1)} 10 and ${mon(raw, 1)} 20`,
    one((raw) => spending(raw, daySpan(raw.today, monthNumberAgo(raw, 1), 10, 20))),
  ],
  ['spent how much last weekend', one((raw) => spending(raw, lastWeekend(raw.today)))],
]);

const HISTORY_BOUNDS = group('history_bounds', [
  [(raw) => `what did i spend back in ${yearBeforeHistory(raw)}`, outsideHistory],
  [
    (raw) =>
      `spending for ${monthName(nextMonth(raw.today)).toLowerCase()} ${nextMonth(raw.today).start.slice(0, 4)}`,
    outsideHistory,
  ],
  ['total spent since the very start of my history', one((raw) => spending(raw, wholeHistory(raw)))],
]);

const MUST_DECLINE = group('must_decline', [
  ['should i buy more nvda rn', declines],
  ['where will btc be by end of next yr', declines],
  ['whats my girlfriends checking balance, she banks w chase', declines],
  ['whats my credit score', declines],
  ['can u move 500 from savings to checking for me', declines],
]);

const AMBIGUOUS = group('ambiguous', [
  ['how much was it', clarification],
  ['what about that one place', clarification],
  ['is that more than before?', clarification],
]);

const SEVERAL_READINGS = group('several_readings', [
  [
    'how much did i spend the last 3 months',
    anyOf(
      one((raw) => spending(raw, last3(raw))),
      one((raw) => spending(raw, rollingMonths(raw.today, 3))),
      one((raw) => spending(raw, periods.sinceMonth(raw.today, 2))),
    ),
  ],
  [
    'eth wallet balance?',
    anyOf(
      clarification,
      money((raw) => walletsOnChain(raw, 'eth')),
      one((raw) => sumOf(walletsOnChain(raw, 'eth'))),
    ),
  ],
  [
    'avg monthly spend',
    anyOf(
      ...USUAL_PERIODS.map((window) =>
        one((raw) => monthly(spending(raw, window(raw.today)), window(raw.today))),
      ),
    ),
  ],
  ['how much money do i have', anyOf(one(netWorth), one(totalAssets), one(bankCash))],
]);

// ---------------------------------------------------------------------------------------------------
// Follow-ups

const FOLLOW_UPS = threads([
  [
    ['how much on groceries last mo', one((raw) => spending(raw, lastMonth(raw), GROCERIES))],
    ['and the month before that?', one((raw) => spending(raw, monthsAgo(raw, 2), GROCERIES))],
    [
      'which store did i spend the most at over those 2 months',
      rankedMoney((raw) => topMerchants(raw, lastFull(raw, 2), 1, GROCERIES)),
    ],
  ],
  [
    [
      'whats my biggest holding',
      money(
        (raw) => [largestHolding(raw).cents],
        (raw) => [largestHolding(raw).ticker],
      ),
    ],
    [
      'how much am i up on it',
      anyOf(
        one((raw) => gainOfTicker(raw, largestHolding(raw).ticker)),
        percent((raw) => {
          const ticker = largestHolding(raw).ticker;
          const gain = gainOfTicker(raw, ticker);
          return percentOf(gain, valueOfTicker(raw, ticker) - gain);
        }),
      ),
    ],
  ],
  [
    ['restaurant spending this yr', one((raw) => spending(raw, thisYear(raw), RESTAURANTS))],
    [
      'how many visits was that',
      tally(
        (raw) => countOf(raw, thisYear(raw), RESTAURANTS),
        'visit',
        'time',
        'meal',
        'purchase',
        'transaction',
      ),
    ],
    ['so whats that per visit', perVisitEither(thisYear, RESTAURANTS)],
  ],
  [
    ['how much is in savings', one(savingsBalance)],
    ['what was it at the start of the yr', one((raw) => savingsAtStart(raw, thisYear(raw)).start)],
  ],
  [
    [
      'top 3 merchants last month',
      withOrWithoutRent((raw, filter) => topMerchants(raw, lastMonth(raw), 3, filter)),
    ],
    [
      'what about the month before',
      withOrWithoutRent((raw, filter) => topMerchants(raw, monthsAgo(raw, 2), 3, filter)),
    ],
  ],
  [
    ['uber spend this yr', one((raw) => spending(raw, thisYear(raw), UBER))],
    ['and lyft?', one((raw) => spending(raw, thisYear(raw), LYFT))],
  ],
  [
    ['net worth?', one(netWorth)],
    [
      'how much of that is crypto',
      anyOf(
        one(cryptoCents),
        percent((raw) => percentOf(cryptoCents(raw), netWorth(raw))),
      ),
    ],
  ],
  [
    ['spending last week', one((raw) => spending(raw, periods.lastWeek(raw.today)))],
    [
      'vs the week before?',
      one((raw) => spending(raw, wholeWeeks(raw.today, 2)[0] ?? periods.lastWeek(raw.today))),
    ],
  ],
  [
    [(raw) => `income in ${mon(raw, 1)}`, one((raw) => income(raw, lastMonth(raw)))],
    ['and spending?', one((raw) => spending(raw, lastMonth(raw)))],
    ['so how much did i save', one((raw) => netOf(raw, lastMonth(raw)))],
  ],
  [
    [
      'how many coffee purchases last month',
      tally(
        (raw) => countOf(raw, lastMonth(raw), COFFEE),
        'purchase',
        'time',
        'transaction',
        'coffee',
        'visit',
      ),
    ],
    ['how much total', one((raw) => spending(raw, lastMonth(raw), COFFEE))],
    ['avg per cup then?', perVisitEither(lastMonth, COFFEE)],
  ],
  [
    [
      (raw) => `what did i spend on amazon in ${year(raw) - 1}`,
      one((raw) => spending(raw, lastYear(raw), AMAZON)),
    ],
    [
      'break that down by quarter',
      money((raw) =>
        seriesOf(
          raw,
          [1, 2, 3, 4].map((quarter) => quarterOf(raw.today, year(raw) - 1, quarter)),
          AMAZON,
        ),
      ),
    ],
  ],
  [
    [
      'which month this yr was my most expensive',
      names((raw) => [monthWord(mostExpensive(raw, monthsThisYear(raw.today)).period)]),
    ],
    ['how much was it', one((raw) => mostExpensive(raw, monthsThisYear(raw.today)).cents)],
    [
      'whats the biggest single thing i bought that month',
      anyOf(
        money((raw) =>
          largestSpending(raw, mostExpensive(raw, monthsThisYear(raw.today)).period, undefined, 1),
        ),
        money((raw) =>
          largestSpending(raw, mostExpensive(raw, monthsThisYear(raw.today)).period, NOT_RENT, 1),
        ),
      ),
    ],
  ],
]);

export const TYPED_4_QUESTIONS: readonly Question[] = [
  ...RANKINGS,
  ...TRENDS,
  ...AVERAGES,
  ...COMPARISONS,
  ...INVESTMENTS,
  ...OPEN_QUESTIONS,
  ...SPENDING,
  ...INCOME,
  ...CASH_FLOW,
  ...NET_WORTH,
  ...RECURRING,
  ...LARGEST,
  ...CRYPTO,
  ...COUNTS,
  ...SHARES,
  ...FILTERS,
  ...PERIODS,
  ...HISTORY_BOUNDS,
  ...MUST_DECLINE,
  ...AMBIGUOUS,
  ...SEVERAL_READINGS,
  ...FOLLOW_UPS,
];
