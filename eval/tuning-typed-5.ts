import {
  byAccountKind,
  byMerchant,
  calendarMonth,
  cryptoCents,
  cryptoSymbolCents,
  type Flow,
  futureValue,
  income,
  largestHolding,
  latestCharge,
  netWorth,
  type Period,
  periods,
  spending,
} from './expected.ts';
import {
  atMerchant,
  firstHalf,
  largestDiscretionary,
  latestQuarter,
  purchaseCount,
  spendingShare,
  yearBeforeHistory,
  yearEarlier,
} from './expected-reading.ts';
import {
  bankCash,
  DIVIDENDS,
  ELECTRICITY,
  gainOfTicker,
  INTEREST,
  monthYearEarlier,
  onWeekday,
  onWeekend,
  rollingMonths,
  savedToSavings,
  secondHalfOf,
  topDividendTicker,
  WAGES,
} from './expected-typed.ts';
import {
  allCash,
  balancesNamed,
  biggestPurchase,
  cardOwed,
  checkingBalance,
  creditLeft,
  employerName,
  FOOD,
  fullMonthsThisYear,
  incomeAndSpending,
  meanPaycheck,
  meanPurchase,
  monthly,
  monthlySurplus,
  monthsThisYear,
  monthsWithin,
  netOf,
  paychecks,
  perVisit,
  safeDivide,
  savingsBalance,
  savingsInterest,
  savingsRate,
  USUAL_PERIODS,
  wholeHistory,
  wholeMonthsBack,
} from './expected-typed-2.ts';
import {
  beforeToday,
  distinctPaychecks,
  FOOD_OUT,
  inInvestments,
  mostOverspent,
  perDayOf,
  perWeekOf,
  savingsAtStart,
  savingsFlows,
  seriesOf,
  sinceMonth,
  thisWeek,
} from './expected-typed-3.ts';
import { quartersThisYear, sumOf, topCategories, topMerchants } from './expected-typed-4.ts';
import {
  except,
  incomeSeries,
  institutionTotals,
  largestPaycheck,
  latestPaycheckIn,
  monthsToDate,
  sinceDayOfMonth,
} from './expected-typed-5.ts';
import { EVAL_BROKER } from './fixture.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  batchOf,
  COFFEE,
  clarification,
  declines,
  GROCERIES,
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
  shortMonth,
  tally,
  thisMonth,
  thisYear,
} from './reading-expect.ts';

/**
 * The fifth typed batch: questions typed the way people type into a chat box (lower case, typos,
 * abbreviations, missing words), weighted on comparisons, open questions, balances, income, averages
 * and trends, with follow-up threads that change subject, period or shape and refer back. Every figure
 * is computed from the vendors' raw records (expected*.ts).
 */

const { q, thread } = batchOf('typed5');

/** The month `back` months ago as its period. */
const ago = (raw: RawData, back: number): Period => monthsAgo(raw, back);
const UBER = atMerchant('Uber');
const LYFT = atMerchant('Lyft');
const AMAZON = atMerchant('Amazon');
const TARGET = atMerchant('Target');
const STARBUCKS = atMerchant('Starbucks');
const PEETS = atMerchant("Peet's Coffee");
const TRADER_JOES = atMerchant("Trader Joe's");
const WHOLE_FOODS = atMerchant('Whole Foods Market');
type FlowFilter = (flow: Flow) => boolean;
const CARD = byAccountKind('credit');
const CHECKING = byAccountKind('checking');
const BANK = 'First Platypus Bank';
/** The last 3 whole months. */
const last3 = (raw: RawData): Period => periods.lastFullMonths(raw.today, 3);
/** The employer's first word, as a person types it ('contoso'). */
const employerWord = (raw: RawData): string => (employerName(raw).split(' ')[0] ?? '').toLowerCase();

/** The period's top category's spending (either level), optionally without the filter's spending. */
const topCategoryEither = (
  windows: ((raw: RawData) => Period)[],
  filter: FlowFilter = () => true,
): Expect[] =>
  windows.flatMap((window) =>
    (['primary', 'detailed'] as const).map((level) =>
      one((raw) => topCategories(raw, window(raw), level, 1, filter)[0]?.cents ?? 0),
    ),
  );
/** The N−1 whole months before this one and this month to date, as one period. */
const monthsToDateSpan = (raw: RawData, count: number): Period => ({
  start: calendarMonth(raw.today, count - 1).start,
  end: raw.today,
});
/** Each usual window of an average with no period named, and the whole history. */
const USUAL_AND_ALL: ((raw: RawData) => Period)[] = [
  ...USUAL_PERIODS.map((window) => (raw: RawData) => window(raw.today)),
  wholeHistory,
];
/** The period's paychecks: how many. */
const paycheckCount = (raw: RawData, period: Period): number => paychecks(raw, period).length;

// ---------------------------------------------------------------------------------------------------
// Comparisons

const COMPARISONS: Question[] = [
  q(
    'comparisons',
    'am i spending more this mo than last mo so far?',
    anyOf(
      money((raw) => [
        spending(raw, thisMonth(raw)),
        spending(raw, {
          start: lastMonth(raw).start,
          end: `${lastMonth(raw).start.slice(0, 8)}${raw.today.slice(8, 10)}`,
        }),
      ]),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, lastMonth(raw))]),
    ),
  ),
  q(
    'comparisons',
    'groceries vs eating out last month, which was more',
    anyOf(
      money((raw) => [spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw), RESTAURANTS)]),
      money((raw) => [spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw), FOOD_OUT)]),
    ),
  ),
  q(
    'comparisons',
    (raw) => `card spend vs checking spend in ${longMonth(monthNumberAgo(raw, 2))}`,
    money((raw) => [spending(raw, ago(raw, 2), CARD), spending(raw, ago(raw, 2), CHECKING)]),
  ),
  q(
    'comparisons',
    'food this yr compared to same time last yr',
    money((raw) => [spending(raw, thisYear(raw), FOOD), spending(raw, yearEarlier(thisYear(raw)), FOOD)]),
  ),
  q(
    'comparisons',
    (raw) => `was ${shortMonth(monthNumberAgo(raw, 3))} more expensive than the same month a yr ago?`,
    money((raw) => [spending(raw, ago(raw, 3)), spending(raw, monthYearEarlier(ago(raw, 3)))]),
  ),
  q(
    'comparisons',
    'uber vs lyft this yr.. who gets more of my $',
    money((raw) => [spending(raw, thisYear(raw), UBER), spending(raw, thisYear(raw), LYFT)]),
  ),
  q(
    'comparisons',
    'weekend vs weekday spending last 30 days',
    money((raw) => [
      spending(raw, periods.lastDays(raw.today, 30), onWeekend),
      spending(raw, periods.lastDays(raw.today, 30), onWeekday),
    ]),
  ),
  q(
    'comparisons',
    'q3 vs q2 total spend',
    money((raw) => [spending(raw, latestQuarter(raw.today, 3)), spending(raw, latestQuarter(raw.today, 2))]),
  ),
  q(
    'comparisons',
    'trader joes or whole foods since jan - where do i spend more',
    money((raw) => [spending(raw, thisYear(raw), TRADER_JOES), spending(raw, thisYear(raw), WHOLE_FOODS)]),
  ),
  q(
    'comparisons',
    'rent vs evrything else last month',
    money((raw) => [spending(raw, lastMonth(raw), RENT), spending(raw, lastMonth(raw), except(RENT))]),
  ),
  q(
    'comparisons',
    'this week vs last week spending',
    money((raw) => [spending(raw, thisWeek(raw.today)), spending(raw, periods.lastWeek(raw.today))]),
  ),
  q(
    'comparisons',
    'first half of the yr vs second half, spending wise',
    money((raw) => [
      spending(raw, firstHalf(raw.today)),
      spending(raw, secondHalfOf(raw.today, Number(raw.today.slice(0, 4)))),
    ]),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN: Question[] = [
  q(
    'open_questions',
    'so how am i doing this month',
    anyOf(
      one((raw) => spending(raw, thisMonth(raw))),
      one((raw) => netOf(raw, thisMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'hows my month looking $ wise',
    anyOf(
      one((raw) => spending(raw, thisMonth(raw))),
      one((raw) => netOf(raw, thisMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'where is all my money going lately',
    anyOf(...topCategoryEither([(raw) => periods.lastDays(raw.today, 30), thisMonth, lastMonth, last3])),
  ),
  q(
    'open_questions',
    'am i spending more than i make this month??',
    money((raw) => incomeAndSpending(raw, thisMonth(raw))),
  ),
  q(
    'open_questions',
    'did i manage to save anything last month',
    anyOf(
      one((raw) => netOf(raw, lastMonth(raw))),
      one((raw) => savedToSavings(raw, lastMonth(raw))),
      percent((raw) => savingsRate(raw, lastMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'whats my biggest expense last mo besides rent',
    anyOf(
      ...topCategoryEither([lastMonth], except(RENT)),
      one((raw) => biggestPurchase(raw, lastMonth(raw), except(RENT))),
    ),
  ),
  q(
    'open_questions',
    'where should i cut back',
    anyOf(
      names((raw) => [largestDiscretionary(raw, last3(raw)).primary]),
      names((raw) => [largestDiscretionary(raw, last3(raw)).detailed]),
      names((raw) => [largestDiscretionary(raw, lastMonth(raw)).primary]),
      names((raw) => [largestDiscretionary(raw, lastMonth(raw)).detailed]),
    ),
  ),
  q(
    'open_questions',
    'is my savings acct actually growing or nah',
    anyOf(
      ...[
        thisYear,
        lastMonth,
        (raw: RawData) => monthsToDateSpan(raw, 3),
        (raw: RawData) => monthsToDateSpan(raw, 6),
      ]
        .map((window) => (raw: RawData) => ({ start: window(raw).start, end: raw.today }))
        .flatMap((window) => [
          money((raw) => {
            const { start, now } = savingsAtStart(raw, window(raw));
            return [start, now];
          }),
          one((raw) => savingsFlows(raw, window(raw))),
        ]),
    ),
  ),
  q(
    'open_questions',
    'realistically how much could i put away each month',
    anyOf(...[3, 6, 12].map((count) => one((raw) => monthlySurplus(raw, count)))),
  ),
  q(
    'open_questions',
    'give me the quick rundown on my finances',
    anyOf(
      one((raw) => netWorth(raw)),
      money((raw) => incomeAndSpending(raw, thisMonth(raw))),
      money((raw) => incomeAndSpending(raw, lastMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'am i on track this month compared to normal?',
    anyOf(
      ...USUAL_PERIODS.map((window) =>
        money((raw) => [
          spending(raw, thisMonth(raw)),
          monthly(spending(raw, window(raw.today)), window(raw.today)),
        ]),
      ),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, lastMonth(raw))]),
    ),
  ),
  q(
    'open_questions',
    'anything i should be worried about w my spending last month',
    one((raw) => mostOverspent(raw).last),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Balances

const BALANCES: Question[] = [
  q(
    'net_worth',
    'whats in checking rn',
    one((raw) => checkingBalance(raw)),
  ),
  q(
    'net_worth',
    'how much do i owe on the visa',
    one((raw) => cardOwed(raw)),
  ),
  q(
    'net_worth',
    'total cash i got sitting in the bank',
    anyOf(
      one((raw) => bankCash(raw)),
      one((raw) => allCash(raw)),
    ),
  ),
  q(
    'net_worth',
    'what are my alpaca accts worth altogether',
    one((raw) => institutionTotals(raw, EVAL_BROKER.name).net),
  ),
  q(
    'net_worth',
    'how much do i have at first platypus total',
    anyOf(
      one((raw) => institutionTotals(raw, BANK).net),
      one((raw) => institutionTotals(raw, BANK).held),
    ),
  ),
  q(
    'net_worth',
    'net worth not counting crypto',
    one((raw) => netWorth(raw) - cryptoCents(raw)),
  ),
  q(
    'net_worth',
    'how much room is left on my credit card',
    anyOf(
      one((raw) => creditLeft(raw).available),
      one((raw) => creditLeft(raw).limitLessOwed),
    ),
  ),
  q(
    'net_worth',
    'roth balance?',
    anyOf(
      money((raw) => balancesNamed(raw, 'Roth IRA')),
      one((raw) => sumOf(balancesNamed(raw, 'Roth IRA'))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Income

const INCOME: Question[] = [
  q(
    'income',
    (raw) => `how much did ${employerWord(raw)} pay me last mo`,
    one((raw) => income(raw, lastMonth(raw), WAGES)),
  ),
  q(
    'income',
    (raw) => `how many paychecks did i get in ${longMonth(monthNumberAgo(raw, 1))}`,
    tally((raw) => paycheckCount(raw, lastMonth(raw)), 'paycheck', 'deposit', 'payment', 'time', 'pay'),
  ),
  q(
    'income',
    'total divs ytd',
    one((raw) => income(raw, thisYear(raw), DIVIDENDS)),
  ),
  q(
    'income',
    'interest earned on my savings this yr',
    one((raw) => savingsInterest(raw, thisYear(raw))),
  ),
  q(
    'income',
    'any income this yr besides my paycheck?',
    anyOf(
      one((raw) => income(raw, thisYear(raw), except(WAGES))),
      money((raw) => [income(raw, thisYear(raw), DIVIDENDS), income(raw, thisYear(raw), INTEREST)]),
    ),
  ),
  q(
    'income',
    'biggest paycheck i got this year',
    one((raw) => largestPaycheck(raw, thisYear(raw))),
  ),
  q(
    'income',
    'did my pay go up at all this yr vs last yr',
    anyOf(
      money((raw) => [latestPaycheckIn(raw, lastYear(raw)), latestPaycheckIn(raw, thisYear(raw))]),
      money((raw) => [meanPaycheck(raw, lastYear(raw)), meanPaycheck(raw, thisYear(raw))]),
      money((raw) => distinctPaychecks(raw, { start: lastYear(raw).start, end: raw.today })),
    ),
  ),
  q(
    'income',
    'how much have my investmnts paid me this yr (divs + interest)',
    one((raw) => income(raw, thisYear(raw), inInvestments)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Averages

const AVERAGES: Question[] = [
  q(
    'averages',
    'avg grocery spend per mo this yr',
    anyOf(
      one((raw) => monthly(spending(raw, thisYear(raw), GROCERIES), thisYear(raw))),
      one((raw) =>
        monthly(spending(raw, fullMonthsThisYear(raw.today), GROCERIES), fullMonthsThisYear(raw.today)),
      ),
    ),
  ),
  q(
    'averages',
    'whats my avg uber ride cost',
    anyOf(
      ...USUAL_AND_ALL.flatMap((window) => [
        one((raw) => perVisit(raw, window(raw), UBER)),
        one((raw) => meanPurchase(raw, window(raw), UBER)),
      ]),
    ),
  ),
  q(
    'averages',
    'avg daily spend this month',
    anyOf(
      one((raw) => perDayOf(spending(raw, thisMonth(raw)), thisMonth(raw))),
      one((raw) => {
        const period = beforeToday(thisMonth(raw), raw.today);
        return perDayOf(spending(raw, period), period);
      }),
    ),
  ),
  q(
    'averages',
    'on average how much do i spend a week on food',
    anyOf(
      ...USUAL_AND_ALL.map((window) =>
        one((raw) => perWeekOf(spending(raw, window(raw), FOOD), window(raw))),
      ),
    ),
  ),
  q(
    'averages',
    'avg paycheck amt',
    anyOf(...USUAL_AND_ALL.map((window) => one((raw) => meanPaycheck(raw, window(raw))))),
  ),
  q(
    'averages',
    'typical monthly electric bill?',
    anyOf(
      ...USUAL_AND_ALL.flatMap((window) => [
        one((raw) => monthly(spending(raw, window(raw), ELECTRICITY), window(raw))),
        one((raw) => meanPurchase(raw, window(raw), ELECTRICITY)),
      ]),
    ),
  ),
  q(
    'averages',
    'avg amount per amazon order last 6 mo',
    anyOf(
      ...[
        (raw: RawData) => periods.lastFullMonths(raw.today, 6),
        (raw: RawData) => monthsToDateSpan(raw, 6),
      ].flatMap((window) => [
        one((raw) => perVisit(raw, window(raw), AMAZON)),
        one((raw) => meanPurchase(raw, window(raw), AMAZON)),
      ]),
    ),
  ),
  q(
    'averages',
    'whats my avg monthly spend over the last 3 months',
    anyOf(
      one((raw) => monthly(spending(raw, last3(raw)), last3(raw))),
      one((raw) => safeDivide(spending(raw, monthsToDateSpan(raw, 3)), 3)),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Trends

/** A month-by-month series over the last `count` whole months, or the `count` months to date. */
const monthSeries = (count: number, filter?: Parameters<typeof seriesOf>[2]): Expect =>
  anyOf(
    money((raw) => seriesOf(raw, wholeMonthsBack(raw.today, count), filter)),
    money((raw) => seriesOf(raw, monthsToDate(raw.today, count), filter)),
  );

const TRENDS: Question[] = [
  q('trends', 'is my grocery spending going up?', monthSeries(3, GROCERIES)),
  q(
    'trends',
    'restaurant $ by month this yr',
    money((raw) => seriesOf(raw, monthsThisYear(raw.today), RESTAURANTS)),
  ),
  q(
    'trends',
    'has my spending been going down since the summer',
    anyOf(
      money((raw) => seriesOf(raw, monthsWithin(sinceMonth(raw.today, 6)))),
      money((raw) => seriesOf(raw, monthsWithin(sinceMonth(raw.today, 7)))),
    ),
  ),
  q('trends', 'month by month total spend last 6 mo', monthSeries(6)),
  q('trends', 'is my coffee habit getting worse lately', monthSeries(3, COFFEE)),
  q(
    'trends',
    'income by month this yr pls',
    money((raw) => incomeSeries(raw, monthsThisYear(raw.today))),
  ),
  q(
    'trends',
    'quarter by quarter spending this yr',
    money((raw) => seriesOf(raw, quartersThisYear(raw.today))),
  ),
  q('trends', 'are my amazon orders going up or down lately', monthSeries(3, AMAZON)),
];

// ---------------------------------------------------------------------------------------------------
// A few of every other kind

const OTHERS: Question[] = [
  q(
    'spending',
    (raw) => `how much did i blow at target in ${misspeltMonth(monthNumberAgo(raw, 1))}`,
    one((raw) => spending(raw, lastMonth(raw), TARGET)),
  ),
  q(
    'spending',
    'spent on gas n electric last mo',
    one((raw) => spending(raw, lastMonth(raw), ELECTRICITY)),
  ),
  q(
    'cash_flow',
    'net in vs out last month',
    anyOf(
      one((raw) => netOf(raw, lastMonth(raw))),
      money((raw) => incomeAndSpending(raw, lastMonth(raw))),
    ),
  ),
  q(
    'recurring',
    'how much is netflix costing me a month',
    one((raw) => latestCharge(raw, byMerchant('Netflix'))),
  ),
  q(
    'largest',
    'biggest single purchase this month',
    one((raw) => biggestPurchase(raw, thisMonth(raw))),
  ),
  q(
    'investments',
    'how much am i up on nvda',
    one((raw) => gainOfTicker(raw, 'NVDA')),
  ),
  q(
    'investments',
    'whats my biggest holding and whats it worth',
    one(
      (raw) => largestHolding(raw).cents,
      (raw) => [largestHolding(raw).ticker],
    ),
  ),
  q(
    'crypto',
    'how much eth do i have in $',
    one((raw) => cryptoSymbolCents(raw, 'ETH')),
  ),
  q(
    'calculators',
    'if i put 500/mo away at 4% for 10 yrs what do i end up w',
    one(() =>
      futureValue({ principal: 0, monthly: 500, annualRatePercent: 4, years: 10, periodsPerYear: 12 }),
    ),
  ),
  q('out_of_scope', 'can u book me a flight to denver for next fri', declines),
  q('ambiguous', 'how much was that charge', clarification),
  q('ambiguous', 'how much did i spend at the store', clarification),
  q(
    'counts',
    'how many times did i eat out last mo',
    anyOf(
      tally(
        (raw) => purchaseCount(raw, lastMonth(raw), RESTAURANTS),
        'time',
        'meal',
        'visit',
        'purchase',
        'transaction',
      ),
      tally(
        (raw) => purchaseCount(raw, lastMonth(raw), FOOD_OUT),
        'time',
        'meal',
        'visit',
        'purchase',
        'transaction',
      ),
    ),
  ),
  q(
    'rankings',
    'top 3 places i spend at this yr',
    money((raw) => topMerchants(raw, thisYear(raw), 3).map((entry) => entry.cents)),
  ),
  q(
    'shares',
    'what % of my spending this yr is rent',
    percent((raw) => spendingShare(raw, thisYear(raw), RENT)),
  ),
  q(
    'periods',
    'how much have i spent since the 15th',
    one((raw) => spending(raw, sinceDayOfMonth(raw.today, 15))),
  ),
  q('history_bounds', (raw) => `what did i spend in ${yearBeforeHistory(raw)}`, outsideHistory),
  q('must_decline', 'whats my credit score rn', declines),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups

const FOLLOW_UPS: Question[] = [
  thread(
    { ask: 'how much on groceries last mo', expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)) },
    { ask: 'n the month before that?', expect: one((raw) => spending(raw, ago(raw, 2), GROCERIES)) },
    {
      ask: 'avg of those 2',
      expect: one((raw) =>
        safeDivide(spending(raw, { start: ago(raw, 2).start, end: lastMonth(raw).end }, GROCERIES), 2),
      ),
    },
  ),
  thread(
    {
      ask: 'top 3 merchants this yr by $',
      expect: money((raw) => topMerchants(raw, thisYear(raw), 3).map((entry) => entry.cents)),
    },
    {
      ask: 'how many payments to the first one',
      expect: tally(
        (raw) =>
          purchaseCount(raw, thisYear(raw), atMerchant(topMerchants(raw, thisYear(raw), 1)[0]?.name ?? '')),
        'payment',
        'charge',
        'transaction',
        'time',
        'purchase',
      ),
    },
  ),
  thread(
    {
      ask: (raw) => `starbucks spend in ${shortMonth(monthNumberAgo(raw, 2))}?`,
      expect: one((raw) => spending(raw, ago(raw, 2), STARBUCKS)),
    },
    { ask: 'same but for peets', expect: one((raw) => spending(raw, ago(raw, 2), PEETS)) },
  ),
  thread(
    { ask: 'whats my checking bal', expect: one((raw) => checkingBalance(raw)) },
    { ask: 'and savings?', expect: one((raw) => savingsBalance(raw)) },
    { ask: 'add em up', expect: one((raw) => bankCash(raw)) },
  ),
  thread(
    {
      ask: 'how much did i spend last week',
      expect: one((raw) => spending(raw, periods.lastWeek(raw.today))),
    },
    { ask: 'what about on the other account', expect: clarification },
  ),
  thread(
    { ask: 'dividends this yr?', expect: one((raw) => income(raw, thisYear(raw), DIVIDENDS)) },
    {
      ask: 'which one paid the most',
      expect: names((raw) => [topDividendTicker(raw, thisYear(raw))]),
    },
  ),
  thread(
    {
      ask: (raw) => `how much did i spend on restaurants in ${misspeltMonth(monthNumberAgo(raw, 1))}`,
      expect: one((raw) => spending(raw, lastMonth(raw), RESTAURANTS)),
    },
    {
      ask: 'is that more than usual?',
      expect: anyOf(
        ...USUAL_PERIODS.map((window) =>
          money((raw) => [
            spending(raw, lastMonth(raw), RESTAURANTS),
            monthly(spending(raw, window(raw.today), RESTAURANTS), window(raw.today)),
          ]),
        ),
        ...[3, 6, 12].map((count) =>
          money((raw) => {
            const before = { start: ago(raw, count + 1).start, end: ago(raw, 2).end };
            return [
              spending(raw, lastMonth(raw), RESTAURANTS),
              safeDivide(spending(raw, before, RESTAURANTS), count),
            ];
          }),
        ),
      ),
    },
  ),
  thread(
    { ask: 'show me my uber spending this yr', expect: one((raw) => spending(raw, thisYear(raw), UBER)) },
    {
      ask: 'how many rides is that',
      expect: tally(
        (raw) => purchaseCount(raw, thisYear(raw), UBER),
        'ride',
        'trip',
        'charge',
        'transaction',
        'time',
      ),
    },
    {
      ask: 'and lyft?',
      expect: anyOf(
        tally(
          (raw) => purchaseCount(raw, thisYear(raw), LYFT),
          'ride',
          'trip',
          'charge',
          'transaction',
          'time',
        ),
        one((raw) => spending(raw, thisYear(raw), LYFT)),
      ),
    },
  ),
  thread(
    { ask: 'how much do i owe on my card rn', expect: one((raw) => cardOwed(raw)) },
    {
      ask: 'can i pay that off w whats in checking',
      expect: money((raw) => [cardOwed(raw), checkingBalance(raw)]),
    },
  ),
  thread(
    {
      ask: (raw) => `what did i spend in ${longMonth(monthNumberAgo(raw, 2))}`,
      expect: one((raw) => spending(raw, ago(raw, 2))),
    },
    {
      ask: 'compare to the same month last yr',
      expect: money((raw) => [spending(raw, ago(raw, 2)), spending(raw, monthYearEarlier(ago(raw, 2)))]),
    },
    { ask: 'ok and what about his', expect: clarification },
  ),
  thread(
    {
      ask: 'income last month',
      expect: anyOf(
        one((raw) => income(raw, lastMonth(raw))),
        one((raw) => income(raw, lastMonth(raw), WAGES)),
      ),
    },
    { ask: 'how much of that was dividends', expect: one((raw) => income(raw, lastMonth(raw), DIVIDENDS)) },
  ),
  thread(
    {
      ask: 'amazon spend last 3 mo',
      expect: anyOf(
        one((raw) => spending(raw, last3(raw), AMAZON)),
        one((raw) => spending(raw, monthsToDateSpan(raw, 3), AMAZON)),
        one((raw) => spending(raw, rollingMonths(raw.today, 3), AMAZON)),
      ),
    },
    { ask: 'break that down by month', expect: monthSeries(3, AMAZON) },
    { ask: 'same thing for the other place', expect: clarification },
  ),
];

export const TYPED_5_QUESTIONS: readonly Question[] = [
  ...COMPARISONS,
  ...OPEN,
  ...BALANCES,
  ...INCOME,
  ...AVERAGES,
  ...TRENDS,
  ...OTHERS,
  ...FOLLOW_UPS,
];
