import {
  ago,
  COUNT_UNITS,
  employerWord,
  type FlowFilter,
  LATELY,
  LYFT,
  noneEver,
  PAY_UNITS,
  payIn,
  shortAgo,
  TARGET,
  TRADER_JOES,
  UBER,
  USUAL,
  WHOLE_FOODS,
  type Window,
  year,
} from './batch-words.ts';
import {
  addDays,
  byDetailed,
  income,
  investmentsValue,
  largestHolding,
  largestSpending,
  spending,
} from './expected.ts';
import {
  historyStart,
  latestQuarter,
  percentOf,
  purchaseCount,
  spendingShare,
  yearEarlier,
} from './expected-reading.ts';
import {
  bankCash,
  DIVIDENDS,
  gainOfTicker,
  INTEREST,
  perDay,
  savedToSavings,
  WAGES,
} from './expected-typed.ts';
import {
  allCash,
  cardOwed,
  checkingBalance,
  FOOD,
  fullMonthsThisYear,
  incomeAndSpending,
  lastPaycheck,
  meanPaycheck,
  monthly,
  monthlySurplus,
  monthsThisYear,
  netOf,
  savingsBalance,
  savingsInterest,
  savingsRate,
  wholeHistory,
  wholeMonthsThisYear,
} from './expected-typed-2.ts';
import {
  balancesMatching,
  beforeToday,
  cheapest,
  FOOD_OUT,
  mostOverspent,
  onCard,
  perWeekOf,
  sinceMonth,
  thisWeek,
} from './expected-typed-3.ts';
import { grossIntoSavings, sumOf } from './expected-typed-4.ts';
import { except, largestPaycheck } from './expected-typed-5.ts';
import { incomePayments } from './expected-typed-6.ts';
import { perDayByKind, weekendAndWeekday } from './expected-typed-7.ts';
import {
  BROKERAGE_INTEREST,
  GAS,
  HABIT,
  medianPurchase,
  previousPaycheck,
  sinceLaborDay,
  THREE_MONTHS,
  TWELVE_MONTHS,
} from './expected-typed-8.ts';
import { bankBalanceAt, inAccountNamed, sameDayLastMonth } from './expected-typed-9.ts';
import {
  cardLimit,
  cardPaymentAmounts,
  HOW_AM_I_DOING,
  inAny,
  inAnyNonZero,
  owedAt,
  perPurchaseIn,
  thenAndNow,
  topCategoryAt,
  when,
  zeroOr,
} from './expected-typed-10.ts';
import {
  brokerageTotal,
  interestByAccount,
  lowestBalance,
  meanDailyBalance,
  meanIncomePayment,
  nonZero,
  topDividendTickers,
} from './expected-typed-11.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  batchOf,
  clarification,
  declines,
  GROCERIES,
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
 * The eleventh typed batch: questions typed the way people type into a chat box (lower case, typos,
 * abbreviations, no question marks), weighted on income (who pays, per account, the fattest paycheck,
 * the share of pay that was dividends or went to savings), averages (per paycheck, per trip, per week,
 * a typical dividend, an average daily balance), balances (a named day, the end of a month, the lowest
 * point, a change over a month or the year, the card a month ago, its limit), open questions (am i ok,
 * can i afford, what to trim, a month's summary, an emergency fund), follow-up threads (pronouns, "per
 * month?", "as a %", "the one before that", "no sorry the wk before", a decline then "what about me"),
 * comparisons, shares and rankings, and about a fifth to decline or ask back (predictions, other
 * people's money, gross pay and tax data Penny lacks, advice, a day that does not exist, years before
 * the history or ahead, turns with no subject). Today is early in a month: several questions name no
 * period and are not about "this month so far". Written from the sandbox generators, the contracts and
 * docs/agent.md without reading the analyst; every figure is computed from the vendors' raw records
 * (expected*.ts, expected-typed-11.ts).
 *
 * First run against the offline analyst (2026-12-07, 100 turns): 66/100 right, 21 confidently wrong
 * (13 honest misses: ask-backs and declines). One expectation was computed wrong in that run and is
 * fixed: t11-income-9 ("did i get paid yet this week") accepted a zero said as paychecks, payments or
 * deposits but not as transactions, so the right "no ... (0 transactions)" failed; by the fixed
 * expectation the first run is 67/100 with 20 confidently wrong.
 */

const { q, thread } = batchOf('t11');

const FLIGHTS = byDetailed('TRAVEL_FLIGHTS');
const LODGING = byDetailed('TRAVEL_LODGING');
const TRAVEL: FlowFilter = (flow) => flow.primary === 'TRAVEL';
const ROTH: RegExp = /roth/i;
const INDIVIDUAL: RegExp = /individual/i;

const fullYear: Window = (raw) => fullMonthsThisYear(raw.today);
const q3: Window = (raw) => latestQuarter(raw.today, 3);

/** Wages or all income per month over each usual window. */
const monthlyPay: Expect[] = [WAGES, undefined].flatMap((filter) =>
  inAny(USUAL, (raw, period) => monthly(income(raw, period, filter), period)),
);

/** Two spending figures of the same window, the non-zero ones. */
const pairIn = (window: Window, a: FlowFilter, b: FlowFilter): Expect =>
  nonZero((raw) => [spending(raw, window(raw), a), spending(raw, window(raw), b)]);

/** Nothing of the kind in the whole history: said as none. */
/** The name among two with more purchases in the window (both when tied). */
const moreVisited =
  (window: Window, a: [string, FlowFilter], b: [string, FlowFilter]) =>
  (raw: RawData): string[] => {
    const [countA, countB] = [a, b].map(([, filter]) => purchaseCount(raw, window(raw), filter));
    if (countA === countB) return [a[0], b[0]];
    return [(countA ?? 0) > (countB ?? 0) ? a[0] : b[0]];
  };

const WASTE: Expect[] = [
  clarification,
  ...topCategoryAt(LATELY),
  ...topCategoryAt(LATELY, except(RENT)),
  one((raw) => mostOverspent(raw).last),
];

// ---------------------------------------------------------------------------------------------------
// Income

const INCOME: Question[] = [
  q(
    'income',
    'whos been paying me this yr',
    names((raw) => [employerWord(raw)]),
  ),
  q(
    'income',
    (raw) => `every paycheck from ${shortAgo(raw, 1)} added up`,
    one((raw) => income(raw, lastMonth(raw), WAGES)),
  ),
  q(
    'income',
    'how much interest has savings paid me ytd',
    one((raw) => savingsInterest(raw, thisYear(raw))),
  ),
  q(
    'income',
    'brokerage interest vs bank interest this yr',
    nonZero((raw) => [income(raw, thisYear(raw), BROKERAGE_INTEREST), savingsInterest(raw, thisYear(raw))]),
  ),
  q(
    'income',
    (raw) => `what slice of my income was dividends in ${year(raw) - 1}`,
    percent((raw) => percentOf(income(raw, lastYear(raw), DIVIDENDS), income(raw, lastYear(raw)))),
  ),
  q(
    'income',
    'divs roth vs individual acct ytd',
    anyOf(
      clarification,
      nonZero((raw) => [
        income(raw, thisYear(raw), (flow) => DIVIDENDS(flow) && inAccountNamed(raw, ROTH)(flow)),
        income(raw, thisYear(raw), (flow) => DIVIDENDS(flow) && inAccountNamed(raw, INDIVIDUAL)(flow)),
      ]),
    ),
  ),
  q(
    'income',
    'whats the fattest paycheck i got this yr',
    one((raw) => largestPaycheck(raw, thisYear(raw))),
  ),
  q('income', 'how much did i bring home in q3', payIn(q3)),
  q(
    'income',
    'did i get paid yet this week',
    anyOf(
      when(
        (raw) => income(raw, thisWeek(raw.today), WAGES) > 0,
        (raw) => income(raw, thisWeek(raw.today), WAGES),
      ),
      tally((raw) => (income(raw, thisWeek(raw.today), WAGES) > 0 ? -1 : 0), ...PAY_UNITS, 'transaction'),
    ),
  ),
  q(
    'income',
    (raw) => `div income for ${longMonth(monthNumberAgo(raw, 2))}`,
    zeroOr((raw) => income(raw, ago(raw, 2), DIVIDENDS), 'dividend', 'payment'),
  ),
  q(
    'income',
    'whats my salary',
    anyOf(
      clarification,
      one((raw) => lastPaycheck(raw)),
      payIn(thisYear),
      ...TWELVE_MONTHS.map((window) => payIn(window)),
      ...monthlyPay,
    ),
  ),
  q(
    'income',
    (raw) => `what % of my pay did i actually keep in ${shortAgo(raw, 1)}`,
    anyOf(
      percent((raw) => savingsRate(raw, lastMonth(raw))),
      percent((raw) =>
        percentOf(
          income(raw, lastMonth(raw), WAGES) - spending(raw, lastMonth(raw)),
          income(raw, lastMonth(raw), WAGES),
        ),
      ),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Averages

const AVERAGES: Question[] = [
  q(
    'averages',
    'avg per paycheck over the last 3 mo',
    anyOf(...THREE_MONTHS.map((window) => one((raw) => meanPaycheck(raw, window(raw))))),
  ),
  q('averages', 'what do i typically pull in a month', anyOf(clarification, ...monthlyPay)),
  q(
    'averages',
    (raw) => `weekly avg spend for ${longMonth(monthNumberAgo(raw, 1))}`,
    one((raw) => perWeekOf(spending(raw, lastMonth(raw)), lastMonth(raw))),
  ),
  q(
    'averages',
    'my usual grocery haul costs what',
    anyOf(clarification, ...perPurchaseIn([...HABIT, wholeHistory], GROCERIES)),
  ),
  q(
    'averages',
    'daily avg on eating out ytd',
    anyOf(
      ...[FOOD_OUT, RESTAURANTS, FOOD].map((filter) =>
        one((raw) => perDay(spending(raw, thisYear(raw), filter), thisYear(raw))),
      ),
    ),
  ),
  q(
    'averages',
    'whats a typical dividend payment for me this yr',
    anyOf(
      one((raw) => meanIncomePayment(raw, thisYear(raw), DIVIDENDS)),
      one((raw) => monthly(income(raw, thisYear(raw), DIVIDENDS), thisYear(raw))),
      one((raw) => monthly(income(raw, fullYear(raw), DIVIDENDS), fullYear(raw))),
    ),
  ),
  q(
    'averages',
    'avg checking balance last month',
    anyOf(
      clarification,
      declines,
      one((raw) => meanDailyBalance(raw, 'checking', lastMonth(raw))),
    ),
  ),
  q(
    'averages',
    'gas usually runs me how much a month',
    anyOf(
      clarification,
      ...inAnyNonZero(USUAL, (raw, period) => monthly(spending(raw, period, GAS), period)),
    ),
  ),
  q(
    'averages',
    'per day spend since the 1st',
    anyOf(
      one((raw) => perDay(spending(raw, thisMonth(raw)), thisMonth(raw))),
      one((raw) => {
        const done = beforeToday(thisMonth(raw), raw.today);
        return perDay(spending(raw, done), done);
      }),
    ),
  ),
  q(
    'averages',
    'a target trip normally sets me back how much',
    anyOf(
      clarification,
      noneEver(TARGET),
      ...perPurchaseIn([...HABIT, wholeHistory], TARGET),
      ...[...HABIT, wholeHistory].map((window) =>
        when(
          (raw) => purchaseCount(raw, window(raw), TARGET) > 0,
          (raw) => medianPurchase(raw, window(raw), TARGET)[0] ?? 0,
        ),
      ),
    ),
  ),
  q(
    'averages',
    'how much do i make a week roughly',
    anyOf(
      clarification,
      ...[WAGES, undefined].flatMap((filter) =>
        inAny([...USUAL, thisYear, ...TWELVE_MONTHS], (raw, period) =>
          perWeekOf(income(raw, period, filter), period),
        ),
      ),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Balances

const BALANCES: Question[] = [
  q(
    'net_worth',
    'checking rn pls',
    one((raw) => checkingBalance(raw)),
  ),
  q(
    'net_worth',
    'what was in savings on labor day',
    one((raw) => bankBalanceAt(raw, 'savings', sinceLaborDay(raw.today).start)),
  ),
  q(
    'net_worth',
    (raw) => `how much did checking move during ${shortAgo(raw, 1)}`,
    anyOf(
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'checking', ago(raw, 2).end),
        (raw) => bankBalanceAt(raw, 'checking', ago(raw, 1).end),
      ),
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'checking', ago(raw, 1).start),
        (raw) => bankBalanceAt(raw, 'checking', ago(raw, 1).end),
      ),
    ),
  ),
  q(
    'net_worth',
    'whats the credit limit on my card',
    one((raw) => cardLimit(raw)),
  ),
  q(
    'net_worth',
    (raw) => `savings bal at the end of ${longMonth(monthNumberAgo(raw, 3))}`,
    one((raw) => bankBalanceAt(raw, 'savings', ago(raw, 3).end)),
  ),
  q(
    'net_worth',
    'lowest my checking got this yr',
    one((raw) => lowestBalance(raw, 'checking', thisYear(raw))),
  ),
  q(
    'net_worth',
    'whats sitting in my brokerage accts all together',
    anyOf(
      one((raw) => brokerageTotal(raw)),
      one((raw) => investmentsValue(raw)),
    ),
  ),
  q(
    'net_worth',
    'all my cash everywhere incl brokerage',
    anyOf(
      one((raw) => allCash(raw)),
      one((raw) => bankCash(raw)),
    ),
  ),
  q(
    'net_worth',
    'did savings go up or down since jan and by how much',
    anyOf(
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'savings', lastYear(raw).end),
        (raw) => savingsBalance(raw),
      ),
      ...thenAndNow(
        (raw) => bankBalanceAt(raw, 'savings', thisYear(raw).start),
        (raw) => savingsBalance(raw),
      ),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN: Question[] = [
  q('open_questions', 'am i ok money wise', anyOf(...HOW_AM_I_DOING)),
  q(
    'open_questions',
    'can i afford a 2k laptop rn',
    anyOf(
      clarification,
      one((raw) => bankCash(raw)),
      one((raw) => checkingBalance(raw)),
      one((raw) => bankCash(raw) - 200_000),
      one((raw) => checkingBalance(raw) - 200_000),
      one((raw) => monthlySurplus(raw, 3)),
    ),
  ),
  q('open_questions', 'if i wanna save more what do i trim first', anyOf(...WASTE)),
  q(
    'open_questions',
    (raw) => `sum up ${shortAgo(raw, 1)} for me`,
    anyOf(
      one((raw) => spending(raw, lastMonth(raw))),
      money((raw) => incomeAndSpending(raw, lastMonth(raw))),
      one((raw) => netOf(raw, lastMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'how am i doing vs last yr',
    anyOf(
      clarification,
      money((raw) => [spending(raw, thisYear(raw)), spending(raw, yearEarlier(thisYear(raw)))]),
      money((raw) => [spending(raw, thisYear(raw)), spending(raw, lastYear(raw))]),
      money((raw) => [netOf(raw, thisYear(raw)), netOf(raw, yearEarlier(thisYear(raw)))]),
      money((raw) => [netOf(raw, thisYear(raw)), netOf(raw, lastYear(raw))]),
      money((raw) => [income(raw, thisYear(raw)), income(raw, yearEarlier(thisYear(raw)))]),
    ),
  ),
  q(
    'open_questions',
    'is my emergency fund big enough',
    anyOf(
      clarification,
      one((raw) => savingsBalance(raw)),
      one((raw) => bankCash(raw)),
    ),
  ),
  q('open_questions', 'be honest am i overspending', anyOf(...HOW_AM_I_DOING, ...WASTE)),
];

// ---------------------------------------------------------------------------------------------------
// Comparisons, shares, rankings, counts

const COMPARISONS: Question[] = [
  q(
    'comparisons',
    'pay so far this yr compared w same time last yr',
    anyOf(
      ...[WAGES, undefined].map((filter) =>
        money((raw) => [income(raw, thisYear(raw), filter), income(raw, yearEarlier(thisYear(raw)), filter)]),
      ),
    ),
  ),
  q(
    'comparisons',
    'lyft or uber, which am i paying more',
    anyOf(clarification, ...[...HABIT, wholeHistory, lastYear].map((window) => pairIn(window, LYFT, UBER))),
  ),
  q(
    'comparisons',
    (raw) => `restaurants ${shortAgo(raw, 1)} vs ${shortAgo(raw, 2)}, whats the diff`,
    anyOf(
      nonZero((raw) => [spending(raw, ago(raw, 1), RESTAURANTS), spending(raw, ago(raw, 2), RESTAURANTS)]),
      one((raw) => spending(raw, ago(raw, 1), RESTAURANTS) - spending(raw, ago(raw, 2), RESTAURANTS)),
    ),
  ),
  q(
    'comparisons',
    (raw) => `weekends or weekdays, where did more go in ${shortAgo(raw, 1)}`,
    anyOf(
      money((raw) => weekendAndWeekday(raw, lastMonth(raw))),
      money((raw) => perDayByKind(raw, lastMonth(raw))),
    ),
  ),
];

const SHARES: Question[] = [
  q(
    'shares',
    'how much of each paycheck ends up in savings',
    anyOf(
      clarification,
      ...[...USUAL, thisYear, lastMonth].flatMap((window) => [
        percent((raw) => percentOf(grossIntoSavings(raw, window(raw)), income(raw, window(raw), WAGES))),
        percent((raw) => percentOf(savedToSavings(raw, window(raw)), income(raw, window(raw), WAGES))),
      ]),
    ),
  ),
  q(
    'shares',
    'divs + interest as a share of ytd income',
    percent((raw) =>
      percentOf(
        income(raw, thisYear(raw), DIVIDENDS) + income(raw, thisYear(raw), INTEREST),
        income(raw, thisYear(raw)),
      ),
    ),
  ),
  q(
    'shares',
    (raw) => `how much of ${shortAgo(raw, 1)} spending was on the credit card, %`,
    percent((raw) => spendingShare(raw, lastMonth(raw), onCard)),
  ),
  q(
    'shares',
    'groceries out of all my food spending this yr, what %',
    percent((raw) => percentOf(spending(raw, thisYear(raw), GROCERIES), spending(raw, thisYear(raw), FOOD))),
  ),
];

const RANKINGS: Question[] = [
  q(
    'rankings',
    'top 3 dividend payers for me ytd',
    names((raw) => topDividendTickers(raw, thisYear(raw), 3)),
  ),
  q(
    'rankings',
    (raw) => `single biggest purchase in ${longMonth(monthNumberAgo(raw, 2))}`,
    one((raw) => largestSpending(raw, ago(raw, 2))[0] ?? 0),
  ),
  q(
    'rankings',
    'what was my lightest spending month this yr',
    anyOf(
      one((raw) => cheapest(raw, wholeMonthsThisYear(raw.today)).cents),
      one((raw) => cheapest(raw, monthsThisYear(raw.today)).cents),
    ),
  ),
];

const COUNTS: Question[] = [
  q(
    'counts',
    (raw) => `how many paychecks since ${shortAgo(raw, 3)}`,
    tally((raw) => incomePayments(raw, sinceMonth(raw.today, monthNumberAgo(raw, 3)), WAGES), ...PAY_UNITS),
  ),
];

const HOLDINGS: Question[] = [
  q(
    'investments',
    'how much am i up on my biggest position',
    one((raw) => gainOfTicker(raw, largestHolding(raw).ticker)),
  ),
  q(
    'investments',
    'roth vs individual, how much in each',
    money((raw) => [sumOf(balancesMatching(raw, ROTH)), sumOf(balancesMatching(raw, INDIVIDUAL))]),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Questions to decline, and ask-backs with nothing before them

const DECLINE: Question[] = [
  q('must_decline', 'whats my gross pay before taxes', declines),
  q('must_decline', 'how big will my paycheck be after my raise kicks in', declines),
  q('must_decline', 'what will savings be at by next summer', declines),
  q('must_decline', 'how much does my bf spend on takeout', declines),
  q('must_decline', 'check my dads ira balance', declines),
  q('must_decline', 'whats a normal salary for a nurse in denver', declines),
  q(
    'must_decline',
    (raw) => `what did i earn in ${Number(historyStart(raw).slice(0, 4)) - 1}`,
    outsideHistory,
  ),
  q('must_decline', 'how much did i spend on feb 30', declines),
  q('must_decline', 'projected net worth end of next yr', declines),
  q('must_decline', 'how much is my tax refund gonna be', declines),
  q('must_decline', 'what is my condo worth these days', declines),
  q('must_decline', (raw) => `total income for ${year(raw) + 1}`, outsideHistory),
  q('must_decline', 'should i dump my nvda', declines),
  q('must_decline', 'what do my coworkers get paid', declines),
  q('must_decline', 'how much is my employer 401k match', declines),
];

const AMBIGUOUS: Question[] = [
  q('ambiguous', 'how much was it', clarification),
  q('ambiguous', 'per month?', clarification),
  q('ambiguous', 'same for the other acct', clarification),
  q('ambiguous', 'vs before', clarification),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups

const FOLLOW_UPS: Question[] = [
  thread(
    { ask: 'dividends so far this yr', expect: one((raw) => income(raw, thisYear(raw), DIVIDENDS)) },
    {
      ask: 'per month?',
      expect: anyOf(
        one((raw) => monthly(income(raw, thisYear(raw), DIVIDENDS), thisYear(raw))),
        one((raw) => monthly(income(raw, fullYear(raw), DIVIDENDS), fullYear(raw))),
      ),
    },
    {
      ask: 'as a % of everything i made',
      expect: percent((raw) => percentOf(income(raw, thisYear(raw), DIVIDENDS), income(raw, thisYear(raw)))),
    },
  ),
  thread(
    {
      ask: (raw) => `checking at the end of ${shortAgo(raw, 1)}`,
      expect: one((raw) => bankBalanceAt(raw, 'checking', lastMonth(raw).end)),
    },
    { ask: 'and now', expect: one((raw) => checkingBalance(raw)) },
    {
      ask: 'so whats the change',
      expect: anyOf(
        ...thenAndNow(
          (raw) => bankBalanceAt(raw, 'checking', lastMonth(raw).end),
          (raw) => checkingBalance(raw),
        ),
      ),
    },
  ),
  thread(
    {
      ask: 'trader joes last month',
      expect: zeroOr((raw) => spending(raw, lastMonth(raw), TRADER_JOES)),
    },
    {
      ask: 'what about whole foods',
      expect: zeroOr((raw) => spending(raw, lastMonth(raw), WHOLE_FOODS)),
    },
    {
      ask: 'which one did i go to more often',
      expect: names(moreVisited(lastMonth, ["trader joe's", TRADER_JOES], ['whole foods', WHOLE_FOODS])),
    },
  ),
  thread(
    { ask: 'what did my last paycheck come to', expect: one((raw) => lastPaycheck(raw)) },
    { ask: 'and the one before that', expect: one((raw) => previousPaycheck(raw)) },
    {
      ask: 'avg of those two',
      expect: one((raw) => Math.round((lastPaycheck(raw) + previousPaycheck(raw)) / 2)),
    },
  ),
  thread(
    { ask: 'how much is on the card', expect: one((raw) => cardOwed(raw)) },
    {
      ask: 'how bout a month ago',
      expect: anyOf(
        one((raw) => owedAt(raw, sameDayLastMonth(raw.today))),
        one((raw) => owedAt(raw, lastMonth(raw).end)),
      ),
    },
    {
      ask: 'how much did i pay on it in between',
      expect: anyOf(
        zeroOr((raw) =>
          sumOf(cardPaymentAmounts(raw, { start: addDays(sameDayLastMonth(raw.today), 1), end: raw.today })),
        ),
        zeroOr((raw) => sumOf(cardPaymentAmounts(raw, { start: thisMonth(raw).start, end: raw.today }))),
      ),
    },
  ),
  thread(
    { ask: 'how much did my brother make last yr', expect: declines },
    { ask: 'ok what about me', expect: payIn(lastYear) },
  ),
  thread(
    {
      ask: 'how much went on travel this yr',
      expect: zeroOr((raw) => spending(raw, thisYear(raw), TRAVEL)),
    },
    {
      ask: 'was that mostly flights or hotels',
      expect: anyOf(
        pairIn(thisYear, FLIGHTS, LODGING),
        tally(
          (raw) =>
            spending(raw, thisYear(raw), FLIGHTS) + spending(raw, thisYear(raw), LODGING) === 0 ? 0 : -1,
          ...COUNT_UNITS,
          'flight',
          'hotel',
          'stay',
        ),
      ),
    },
  ),
  thread(
    {
      ask: (raw) => `interest earned in ${year(raw) - 1}`,
      expect: one((raw) => income(raw, lastYear(raw), INTEREST)),
    },
    { ask: 'and this yr so far', expect: one((raw) => income(raw, thisYear(raw), INTEREST)) },
    {
      ask: 'which acct paid most of it',
      expect: anyOf(
        names((raw) => [interestByAccount(raw, thisYear(raw))[0]?.name ?? '(none)']),
        names((raw) => [interestByAccount(raw, lastYear(raw))[0]?.name ?? '(none)']),
      ),
    },
  ),
  thread(
    {
      ask: 'how much have i spent',
      expect: anyOf(
        clarification,
        one((raw) => spending(raw, thisMonth(raw))),
      ),
    },
    { ask: 'i mean for the whole yr', expect: one((raw) => spending(raw, thisYear(raw))) },
    {
      ask: 'avg per month then',
      expect: anyOf(
        one((raw) => monthly(spending(raw, thisYear(raw)), thisYear(raw))),
        one((raw) => monthly(spending(raw, fullYear(raw)), fullYear(raw))),
      ),
    },
  ),
  thread(
    { ask: 'rent total this yr', expect: one((raw) => spending(raw, thisYear(raw), RENT)) },
    {
      ask: 'as a % of my pay',
      expect: anyOf(
        ...[WAGES, undefined].map((filter) =>
          percent((raw) => percentOf(spending(raw, thisYear(raw), RENT), income(raw, thisYear(raw), filter))),
        ),
      ),
    },
    {
      ask: 'and last yr?',
      expect: anyOf(
        ...[WAGES, undefined].map((filter) =>
          percent((raw) => percentOf(spending(raw, lastYear(raw), RENT), income(raw, lastYear(raw), filter))),
        ),
        one((raw) => spending(raw, lastYear(raw), RENT)),
      ),
    },
  ),
];

export const TYPED_11_QUESTIONS: readonly Question[] = [
  ...INCOME,
  ...AVERAGES,
  ...BALANCES,
  ...OPEN,
  ...COMPARISONS,
  ...SHARES,
  ...RANKINGS,
  ...COUNTS,
  ...HOLDINGS,
  ...DECLINE,
  ...AMBIGUOUS,
  ...FOLLOW_UPS,
];
