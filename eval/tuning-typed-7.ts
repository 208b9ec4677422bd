import {
  addDays,
  balanceOf,
  byAccountKind,
  calendarMonth,
  type Flow,
  income,
  investmentsValue,
  largestSpending,
  netWorth,
  type Period,
  periods,
  spending,
  totalAssets,
} from './expected.ts';
import { atMerchant, latestQuarter, percentOf, purchaseCount, yearEarlier } from './expected-reading.ts';
import {
  bankCash,
  DIVIDENDS,
  FAST_FOOD,
  INTEREST,
  largestPurchase,
  monthYearEarlier,
  onWeekday,
  onWeekend,
  rollingMonths,
  sameDaysLastMonth,
  savedToSavings,
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
  fullMonthsThisYear,
  incomeAndSpending,
  lastPaycheck,
  meanPaycheck,
  monthly,
  monthsThisYear,
  netOf,
  safeDivide,
  savingsBalance,
  savingsInterest,
  savingsRate,
  USUAL_PERIODS,
  wholeHistory,
  wholeMonthsThisYear,
} from './expected-typed-2.ts';
import { balanceAmounts, FOOD_OUT, onCard, richestAccount, seriesOf } from './expected-typed-3.ts';
import { sumOf, topCategories, topMerchants } from './expected-typed-4.ts';
import { except, incomeSeries, largestPaycheck } from './expected-typed-5.ts';
import { biggestMover, incomePayments } from './expected-typed-6.ts';
import {
  balanceAt,
  firstPaycheck,
  GYM,
  gymName,
  paycheckYearAgo,
  perDayByKind,
  weekendAndWeekday,
} from './expected-typed-7.ts';
import { EVAL_BROKER } from './fixture.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  batchOf,
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
 * The seventh typed batch: questions typed the way people type into a chat box (lower case, typos,
 * abbreviations, casual shapes), weighted on balances, comparisons, open questions, follow-up threads
 * and income, with a few to decline or ask back. Written from the sandbox generators, the contracts and
 * docs/agent.md, without reading the analyst; every figure is computed from the vendors' raw records
 * (expected*.ts).
 */

const { q, thread } = batchOf('t7');

type FlowFilter = (flow: Flow) => boolean;
type Window = (raw: RawData) => Period;

const ago = (raw: RawData, back: number): Period => monthsAgo(raw, back);
const AMAZON = atMerchant('Amazon');
const TARGET = atMerchant('Target');
const UBER = atMerchant('Uber');
const LYFT = atMerchant('Lyft');
const CARD = byAccountKind('credit');
const CHECKING = byAccountKind('checking');
const all: FlowFilter = () => true;

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
/** "Lately", "recently": the last 30 days, this month, last month, the last 3 months. */
const LATELY: Window[] = [(raw) => lastDays(raw, 30), thisMonth, lastMonth, last3];
const year = (raw: RawData): number => Number(raw.today.slice(0, 4));
/** 'contoso' for Contoso Ltd. */
const employerWord = (raw: RawData): string => (employerName(raw).split(' ')[0] ?? '').toLowerCase();
/** The whole month `back` months ago, by its short name ('sept'). */
const shortAgo = (raw: RawData, back: number): string => shortMonth(monthNumberAgo(raw, back));

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

/** This month so far against last month: the whole month or the same days of it. */
const monthToDateVsLast = (filter: FlowFilter): Expect =>
  anyOf(
    money((raw) => [spending(raw, thisMonth(raw), filter), spending(raw, lastMonth(raw), filter)]),
    money((raw) => [
      spending(raw, thisMonth(raw), filter),
      spending(raw, sameDaysLastMonth(raw.today), filter),
    ]),
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

/**
 * The category (either level) whose spending moved most between two periods: both figures, or only the
 * figure that is not zero (a category with nothing in one period may be said as "none").
 */
const moverOf = (first: Window, second: Window): Expect =>
  anyOf(
    ...(['primary', 'detailed'] as const).flatMap((level) => [
      money((raw) => biggestMover(raw, first(raw), second(raw), level)),
      money((raw) => biggestMover(raw, first(raw), second(raw), level).filter((cents) => cents !== 0)),
    ]),
  );

const COUNT_UNITS = ['purchase', 'transaction', 'time', 'charge', 'visit', 'order', 'run', 'trip', 'ride'];
const PAY_UNITS = ['paycheck', 'deposit', 'payment', 'time', 'check'];

// ---------------------------------------------------------------------------------------------------
// Balances

const BALANCES: Question[] = [
  q(
    'net_worth',
    'how much cash do i have rn',
    anyOf(
      one((raw) => bankCash(raw)),
      one((raw) => allCash(raw)),
      money((raw) => [checkingBalance(raw), savingsBalance(raw)]),
    ),
  ),
  q(
    'net_worth',
    'am i in the red on my card',
    one((raw) => cardOwed(raw)),
  ),
  q(
    'net_worth',
    'whats sitting in savings',
    one((raw) => savingsBalance(raw)),
  ),
  q(
    'net_worth',
    'checkng acct balance pls',
    one((raw) => checkingBalance(raw)),
  ),
  q(
    'net_worth',
    'how much credit do i have left',
    anyOf(
      one((raw) => creditLeft(raw).available),
      one((raw) => creditLeft(raw).limitLessOwed),
    ),
  ),
  q(
    'net_worth',
    'cash rewards visa balance?',
    one((raw) => cardOwed(raw)),
  ),
  q(
    'net_worth',
    'how much is in the high yield acct',
    one((raw) => savingsBalance(raw)),
  ),
  q(
    'net_worth',
    'whats my individual brokerage worth rn',
    anyOf(
      money((raw) => balancesNamed(raw, 'Individual Brokerage')),
      one((raw) => sumOf(balancesNamed(raw, 'Individual Brokerage'))),
    ),
  ),
  q(
    'net_worth',
    'how much is in my alpaca roth',
    one((raw) => balanceAt(raw, EVAL_BROKER.name, 'Roth IRA')),
  ),
  q(
    'net_worth',
    'show me all my acct balances',
    anyOf(
      money((raw) => balanceAmounts(raw, true)),
      money((raw) => balanceAmounts(raw, false)),
    ),
  ),
  q(
    'net_worth',
    'how much do i have invested total',
    anyOf(
      one((raw) => investmentsValue(raw)),
      one((raw) => balanceOf(raw, 'investment')),
    ),
  ),
  q(
    'net_worth',
    'add up everything i have across all accts',
    anyOf(
      one((raw) => netWorth(raw)),
      one((raw) => totalAssets(raw)),
    ),
  ),
  q(
    'net_worth',
    'which acct has the most money in it',
    one(
      (raw) => richestAccount(raw).cents,
      (raw) => [richestAccount(raw).name],
    ),
  ),
  q(
    'net_worth',
    'do i have more in checking or savings',
    money((raw) => [checkingBalance(raw), savingsBalance(raw)]),
  ),
  q(
    'net_worth',
    'hows my ira looking',
    anyOf(
      money((raw) => balancesNamed(raw, 'Roth IRA')),
      one((raw) => sumOf(balancesNamed(raw, 'Roth IRA'))),
    ),
  ),
  q(
    'net_worth',
    'total in my bank accts (not investments)',
    anyOf(
      one((raw) => bankCash(raw)),
      one((raw) => bankCash(raw) - cardOwed(raw)),
      money((raw) => [checkingBalance(raw), savingsBalance(raw)]),
    ),
  ),
  q(
    'net_worth',
    'if i paid off my card today how much would be left in checking',
    anyOf(
      one((raw) => checkingBalance(raw) - cardOwed(raw)),
      money((raw) => [checkingBalance(raw), cardOwed(raw)]),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Comparisons

const COMPARISONS: Question[] = [
  q(
    'comparisons',
    (raw) => `was ${shortAgo(raw, 2)} worse than ${shortAgo(raw, 3)}`,
    money((raw) => [spending(raw, ago(raw, 2)), spending(raw, ago(raw, 3))]),
  ),
  q(
    'comparisons',
    (raw) => `how does ${shortAgo(raw, 1)} stack up`,
    anyOf(
      money((raw) => [spending(raw, lastMonth(raw)), spending(raw, ago(raw, 2))]),
      againstUsual(lastMonth, all),
      clarification,
    ),
  ),
  q(
    'comparisons',
    'did i spend more at target or amazon this yr',
    money((raw) => [spending(raw, thisYear(raw), TARGET), spending(raw, thisYear(raw), AMAZON)]),
  ),
  q(
    'comparisons',
    'groceries vs eating out last mo',
    anyOf(
      money((raw) => [spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw), RESTAURANTS)]),
      money((raw) => [spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw), FOOD_OUT)]),
    ),
  ),
  q('comparisons', 'am i spending more this month than last', monthToDateVsLast(all)),
  q(
    'comparisons',
    'spending ytd vs same point last yr',
    money((raw) => [spending(raw, thisYear(raw)), spending(raw, yearEarlier(thisYear(raw)))]),
  ),
  q(
    'comparisons',
    'weekday vs weekend spending last month',
    anyOf(
      money((raw) => weekendAndWeekday(raw, lastMonth(raw))),
      money((raw) => perDayByKind(raw, lastMonth(raw))),
    ),
  ),
  q(
    'comparisons',
    'do i spend more on weekends or during the week',
    anyOf(
      clarification,
      ...HABIT.flatMap((window) => [
        money((raw) => weekendAndWeekday(raw, window(raw))),
        money((raw) => perDayByKind(raw, window(raw))),
      ]),
    ),
  ),
  q(
    'comparisons',
    'uber vs lyft ytd',
    money((raw) => [spending(raw, thisYear(raw), UBER), spending(raw, thisYear(raw), LYFT)]),
  ),
  q(
    'comparisons',
    'q3 vs q2 spend',
    money((raw) => [spending(raw, latestQuarter(raw.today, 3)), spending(raw, latestQuarter(raw.today, 2))]),
  ),
  q(
    'comparisons',
    (raw) => `${longMonth(monthNumberAgo(raw, 1))} this yr vs ${longMonth(monthNumberAgo(raw, 1))} last yr`,
    money((raw) => [spending(raw, lastMonth(raw)), spending(raw, monthYearEarlier(lastMonth(raw)))]),
  ),
  q(
    'comparisons',
    'rent vs groceries this year, which costs me more',
    money((raw) => [spending(raw, thisYear(raw), RENT), spending(raw, thisYear(raw), GROCERIES)]),
  ),
  q('comparisons', 'is my fast food spending up from last month', monthToDateVsLast(FAST_FOOD)),
  q(
    'comparisons',
    'card spend this mo compared to last',
    anyOf(monthToDateVsLast(CARD), monthToDateVsLast(onCard)),
  ),
  q(
    'comparisons',
    (raw) =>
      `did i spend more in ${misspeltMonth(monthNumberAgo(raw, 3))} or ${misspeltMonth(monthNumberAgo(raw, 4))}`,
    money((raw) => [spending(raw, ago(raw, 3)), spending(raw, ago(raw, 4))]),
  ),
  q(
    'comparisons',
    'income vs spending this yr',
    anyOf(
      money((raw) => incomeAndSpending(raw, thisYear(raw))),
      one((raw) => netOf(raw, thisYear(raw))),
    ),
  ),
  q(
    'comparisons',
    'was h1 or h2 of last yr more expensive',
    money((raw) => [
      spending(raw, { start: `${year(raw) - 1}-01-01`, end: `${year(raw) - 1}-06-30` }),
      spending(raw, { start: `${year(raw) - 1}-07-01`, end: `${year(raw) - 1}-12-31` }),
    ]),
  ),
  q(
    'comparisons',
    'checking vs card, where does more of my spending go this yr',
    money((raw) => [spending(raw, thisYear(raw), CHECKING), spending(raw, thisYear(raw), onCard)]),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN: Question[] = [
  q('open_questions', 'how am i doing', anyOf(...HOW_AM_I_DOING)),
  q(
    'open_questions',
    'anything i should know about',
    anyOf(
      ...HOW_AM_I_DOING,
      one((raw) => spending(raw, thisMonth(raw))),
      ...[thisMonth, (raw: RawData) => lastDays(raw, 30)].flatMap((window) => [
        one((raw) => biggestPurchase(raw, window(raw))),
        one((raw) => biggestPurchase(raw, window(raw), except(RENT))),
      ]),
    ),
  ),
  q('open_questions', 'wheres my money going lately', anyOf(...topCategoryAt(LATELY))),
  q(
    'open_questions',
    'am i saving enough',
    anyOf(
      clarification,
      ...[thisMonth, lastMonth, last3, thisYear].flatMap((window) => [
        percent((raw) => savingsRate(raw, window(raw))),
        one((raw) => netOf(raw, window(raw))),
        one((raw) => savedToSavings(raw, window(raw))),
      ]),
    ),
  ),
  q(
    'open_questions',
    'what should i cut back on',
    anyOf(clarification, ...topCategoryAt(LATELY), ...topCategoryAt(LATELY, except(RENT))),
  ),
  q(
    'open_questions',
    (raw) => `give me the rundown for ${shortAgo(raw, 1)}`,
    anyOf(
      money((raw) => incomeAndSpending(raw, lastMonth(raw))),
      one((raw) => spending(raw, lastMonth(raw))),
      one((raw) => netOf(raw, lastMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'biggest changes this month',
    anyOf(
      clarification,
      moverOf(thisMonth, lastMonth),
      moverOf(thisMonth, (raw) => sameDaysLastMonth(raw.today)),
      monthToDateVsLast(all),
    ),
  ),
  q('open_questions', 'quick snapshot of my finances pls', anyOf(...HOW_AM_I_DOING)),
  q(
    'open_questions',
    'hows this month going so far',
    anyOf(
      one((raw) => spending(raw, thisMonth(raw))),
      money((raw) => incomeAndSpending(raw, thisMonth(raw))),
      one((raw) => netOf(raw, thisMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'where did all my money go last month tbh',
    anyOf(
      ...topCategoryAt([lastMonth]),
      one((raw) => spending(raw, lastMonth(raw))),
    ),
  ),
  q(
    'open_questions',
    'what am i spending way too much on',
    anyOf(clarification, ...topCategoryAt(LATELY), ...topCategoryAt(LATELY, except(RENT))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Income

const INCOME: Question[] = [
  q(
    'income',
    'how much did i make last month',
    anyOf(
      one((raw) => income(raw, lastMonth(raw))),
      one((raw) => income(raw, lastMonth(raw), WAGES)),
    ),
  ),
  q(
    'income',
    'whats my salary',
    anyOf(
      clarification,
      one((raw) => lastPaycheck(raw)),
      one((raw) => lastPaycheck(raw) * 24),
      one((raw) => income(raw, lastYear(raw), WAGES)),
      one((raw) => income(raw, thisYear(raw), WAGES)),
      one((raw) => income(raw, periods.lastFullMonths(raw.today, 12), WAGES)),
    ),
  ),
  q(
    'income',
    'did i get paid more this yr than last',
    anyOf(
      money((raw) => [income(raw, thisYear(raw), WAGES), income(raw, lastYear(raw), WAGES)]),
      money((raw) => [income(raw, thisYear(raw), WAGES), income(raw, yearEarlier(thisYear(raw)), WAGES)]),
      money((raw) => [income(raw, thisYear(raw)), income(raw, yearEarlier(thisYear(raw)))]),
      money((raw) => [income(raw, thisYear(raw)), income(raw, lastYear(raw))]),
      money((raw) => [meanPaycheck(raw, thisYear(raw)), meanPaycheck(raw, lastYear(raw))]),
    ),
  ),
  q(
    'income',
    'any side money coming in besides my job?',
    anyOf(
      ...[thisYear, lastYear, last3, (raw: RawData) => wholeHistory(raw)].flatMap((window) => [
        one((raw) => income(raw, window(raw), except(WAGES))),
        money((raw) => [income(raw, window(raw), DIVIDENDS), income(raw, window(raw), INTEREST)]),
      ]),
    ),
  ),
  q(
    'income',
    'interest earned last mo',
    anyOf(
      one((raw) => income(raw, lastMonth(raw), INTEREST)),
      one((raw) => savingsInterest(raw, lastMonth(raw))),
    ),
  ),
  q(
    'income',
    'how much did i get paid in total over the last 3 mo',
    anyOf(
      ...THREE_MONTHS.flatMap((window) => [
        one((raw) => income(raw, window(raw))),
        one((raw) => income(raw, window(raw), WAGES)),
      ]),
    ),
  ),
  q(
    'income',
    'dividends ytd?',
    one((raw) => income(raw, thisYear(raw), DIVIDENDS)),
  ),
  q(
    'income',
    (raw) => `total income for ${year(raw) - 1}`,
    anyOf(
      one((raw) => income(raw, lastYear(raw))),
      one((raw) => income(raw, lastYear(raw), WAGES)),
    ),
  ),
  q(
    'income',
    'biggest paycheck this yr',
    one((raw) => largestPaycheck(raw, thisYear(raw))),
  ),
  q(
    'income',
    'did i get a raise',
    anyOf(
      clarification,
      money((raw) => [lastPaycheck(raw), paycheckYearAgo(raw)]),
      money((raw) => [lastPaycheck(raw), firstPaycheck(raw)]),
      money((raw) => [meanPaycheck(raw, thisYear(raw)), meanPaycheck(raw, lastYear(raw))]),
    ),
  ),
  q(
    'income',
    'how much do i take home each paycheck',
    anyOf(
      one((raw) => lastPaycheck(raw)),
      ...USUAL_PERIODS.map((window) => one((raw) => meanPaycheck(raw, window(raw.today)))),
    ),
  ),
  q(
    'income',
    (raw) => `how much has ${employerWord(raw)} paid me this yr`,
    one((raw) => income(raw, thisYear(raw), WAGES)),
  ),
  q(
    'income',
    'avg monthly income this yr',
    anyOf(
      one((raw) => monthly(income(raw, thisYear(raw)), thisYear(raw))),
      one((raw) => monthly(income(raw, fullMonthsThisYear(raw.today)), fullMonthsThisYear(raw.today))),
    ),
  ),
  q(
    'income',
    'income by month this yr',
    anyOf(
      money((raw) => incomeSeries(raw, monthsThisYear(raw.today))),
      money((raw) => incomeSeries(raw, wholeMonthsThisYear(raw.today))),
    ),
  ),
  q(
    'income',
    'how many paychecks so far this yr',
    tally((raw) => incomePayments(raw, thisYear(raw), WAGES), ...PAY_UNITS),
  ),
];

// ---------------------------------------------------------------------------------------------------
// A few of other kinds: spending, counts, recurring

const OTHERS: Question[] = [
  q(
    'recurring',
    'how much do i pay for the gym',
    anyOf(
      names((raw) => [gymName(raw)]),
      one((raw) => largestSpending(raw, lastMonth(raw), GYM, 1)[0] ?? 0),
      one((raw) => spending(raw, thisYear(raw), GYM)),
    ),
  ),
  q(
    'counts',
    'how many amazon orders this yr',
    tally((raw) => purchaseCount(raw, thisYear(raw), AMAZON), ...COUNT_UNITS),
  ),
  q(
    'spending',
    'how much on rides (uber/lyft) last month',
    one((raw) => spending(raw, lastMonth(raw), RIDES)),
  ),
  q(
    'largest',
    'whats the priciest thing i bought in the last 3 months',
    anyOf(...THREE_MONTHS.map((window) => one((raw) => biggestPurchase(raw, window(raw))))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Questions to decline, and ask-backs

const DECLINE: Question[] = [
  q('must_decline', 'whats my credit score', declines),
  q('must_decline', 'pay off my visa for me', declines),
  q('must_decline', 'should i refinance my car loan', declines),
  q('must_decline', 'how much does my brother make', declines),
  q('must_decline', 'open a new savings acct for me at a better bank', declines),
  q('must_decline', 'is it a good time to sell my stocks', declines),
];

const AMBIGUOUS: Question[] = [
  q('ambiguous', 'how much was that one', clarification),
  q('ambiguous', 'compare it w the other one', clarification),
  q(
    'ambiguous',
    'how much do i have',
    anyOf(
      clarification,
      one((raw) => netWorth(raw)),
      one((raw) => totalAssets(raw)),
      one((raw) => bankCash(raw)),
      one((raw) => checkingBalance(raw)),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups

const FOLLOW_UPS: Question[] = [
  thread(
    { ask: 'whats in checking', expect: one((raw) => checkingBalance(raw)) },
    { ask: 'and savings?', expect: one((raw) => savingsBalance(raw)) },
    {
      ask: 'how about my wifes',
      expect: declines,
    },
  ),
  thread(
    { ask: 'grocery spend last month', expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)) },
    { ask: 'is that more than usual', expect: againstUsual(lastMonth, GROCERIES) },
    {
      ask: 'what about before that',
      expect: one((raw) => spending(raw, ago(raw, 2), GROCERIES)),
    },
  ),
  thread(
    {
      ask: (raw) => `was ${shortAgo(raw, 1)} worse than ${shortAgo(raw, 2)}`,
      expect: money((raw) => [spending(raw, lastMonth(raw)), spending(raw, ago(raw, 2))]),
    },
    {
      ask: 'why',
      expect: anyOf(
        clarification,
        moverOf(lastMonth, (raw) => ago(raw, 2)),
      ),
    },
    {
      ask: 'break it down by category',
      expect: anyOf(
        ...(['primary', 'detailed'] as const).flatMap((level) => [
          money((raw) => topCategories(raw, lastMonth(raw), level, 3).map((entry) => entry.cents)),
          money((raw) => topCategories(raw, ago(raw, 2), level, 3).map((entry) => entry.cents)),
          money((raw) =>
            [lastMonth(raw), ago(raw, 2)].map(
              (period) => topCategories(raw, period, level, 1)[0]?.cents ?? 0,
            ),
          ),
        ]),
      ),
    },
  ),
  thread(
    {
      ask: 'amazon spending this yr',
      expect: one((raw) => spending(raw, thisYear(raw), AMAZON)),
    },
    {
      ask: 'show me those',
      expect: anyOf(
        money((raw) => largestSpending(raw, thisYear(raw), AMAZON, 5)),
        tally((raw) => purchaseCount(raw, thisYear(raw), AMAZON), ...COUNT_UNITS),
      ),
    },
    {
      ask: 'compare that to target',
      expect: anyOf(
        money((raw) => [spending(raw, thisYear(raw), AMAZON), spending(raw, thisYear(raw), TARGET)]),
        one((raw) => spending(raw, thisYear(raw), TARGET)),
      ),
    },
  ),
  thread(
    {
      ask: 'how much did i make last month',
      expect: anyOf(
        one((raw) => income(raw, lastMonth(raw))),
        one((raw) => income(raw, lastMonth(raw), WAGES)),
      ),
    },
    {
      ask: 'and the month before',
      expect: anyOf(
        one((raw) => income(raw, ago(raw, 2))),
        one((raw) => income(raw, ago(raw, 2), WAGES)),
      ),
    },
    {
      ask: 'how much of that was paychecks',
      expect: one((raw) => income(raw, ago(raw, 2), WAGES)),
    },
  ),
  thread(
    { ask: 'how much do i owe on my card', expect: one((raw) => cardOwed(raw)) },
    {
      ask: 'and whats my limit',
      expect: anyOf(
        one((raw) => creditLeft(raw).limitLessOwed + cardOwed(raw)),
        one((raw) => creditLeft(raw).limitLessOwed),
        one((raw) => creditLeft(raw).available),
      ),
    },
    {
      ask: 'so how much can i still spend on it',
      expect: anyOf(
        one((raw) => creditLeft(raw).available),
        one((raw) => creditLeft(raw).limitLessOwed),
      ),
    },
  ),
  thread(
    {
      ask: 'weekend spending last month',
      expect: one((raw) => spending(raw, lastMonth(raw), onWeekend)),
    },
    {
      ask: 'the other one?',
      expect: anyOf(
        clarification,
        one((raw) => spending(raw, lastMonth(raw), onWeekday)),
      ),
    },
  ),
  thread(
    {
      ask: 'restaurants this month vs last',
      expect: anyOf(monthToDateVsLast(RESTAURANTS), monthToDateVsLast(FOOD_OUT)),
    },
    {
      ask: 'same but for groceries',
      expect: monthToDateVsLast(GROCERIES),
    },
  ),
  thread(
    { ask: 'whats my net worth', expect: one((raw) => netWorth(raw)) },
    {
      ask: 'how much of that is crypto',
      expect: anyOf(
        one((raw) => balanceOf(raw, 'wallet')),
        percent((raw) => percentOf(balanceOf(raw, 'wallet'), netWorth(raw))),
      ),
    },
    {
      ask: 'and investments?',
      expect: anyOf(
        one((raw) => investmentsValue(raw)),
        one((raw) => balanceOf(raw, 'investment')),
        percent((raw) => percentOf(balanceOf(raw, 'investment'), netWorth(raw))),
      ),
    },
  ),
  thread(
    {
      ask: 'paychecks this yr total',
      expect: one((raw) => income(raw, thisYear(raw), WAGES)),
    },
    {
      ask: 'vs last yr',
      expect: anyOf(
        money((raw) => [income(raw, thisYear(raw), WAGES), income(raw, lastYear(raw), WAGES)]),
        money((raw) => [income(raw, thisYear(raw), WAGES), income(raw, yearEarlier(thisYear(raw)), WAGES)]),
        one((raw) => income(raw, lastYear(raw), WAGES)),
        one((raw) => income(raw, yearEarlier(thisYear(raw)), WAGES)),
      ),
    },
    {
      ask: 'so did i get a raise or not',
      expect: anyOf(
        clarification,
        money((raw) => [lastPaycheck(raw), paycheckYearAgo(raw)]),
        money((raw) => [lastPaycheck(raw), firstPaycheck(raw)]),
        money((raw) => [meanPaycheck(raw, thisYear(raw)), meanPaycheck(raw, lastYear(raw))]),
        money((raw) => [income(raw, thisYear(raw), WAGES), income(raw, yearEarlier(thisYear(raw)), WAGES)]),
      ),
    },
  ),
  thread(
    {
      ask: 'top 3 merchants last month',
      expect: money((raw) => topMerchants(raw, lastMonth(raw), 3).map((entry) => entry.cents)),
    },
    {
      ask: 'what about before that',
      expect: money((raw) => topMerchants(raw, ago(raw, 2), 3).map((entry) => entry.cents)),
    },
  ),
  thread(
    {
      ask: 'biggest purchase this month',
      expect: one((raw) => biggestPurchase(raw, thisMonth(raw))),
    },
    {
      ask: 'where was it',
      expect: names((raw) => {
        const top = largestPurchase(raw, thisMonth(raw));
        return [top.merchant ?? top.name];
      }),
    },
    {
      ask: 'is that more than usual for them',
      expect: anyOf(
        clarification,
        ...USUAL_PERIODS.map((window) =>
          one((raw) => {
            const top = largestPurchase(raw, thisMonth(raw));
            const key = top.merchant ?? top.name;
            return monthly(
              spending(raw, window(raw.today), (flow) => (flow.merchant ?? flow.name) === key),
              window(raw.today),
            );
          }),
        ),
      ),
    },
  ),
  thread(
    {
      ask: 'savings rate last month?',
      expect: percent((raw) => savingsRate(raw, lastMonth(raw))),
    },
    {
      ask: 'compare that to this yr overall',
      expect: anyOf(
        percent((raw) => savingsRate(raw, thisYear(raw))),
        percent((raw) => savingsRate(raw, fullMonthsThisYear(raw.today))),
      ),
    },
  ),
  thread(
    {
      ask: 'how much interest did savings pay me this yr',
      expect: anyOf(
        one((raw) => savingsInterest(raw, thisYear(raw))),
        one((raw) => income(raw, thisYear(raw), INTEREST)),
      ),
    },
    {
      ask: 'and dividends',
      expect: one((raw) => income(raw, thisYear(raw), DIVIDENDS)),
    },
    {
      ask: 'combined?',
      expect: anyOf(
        one((raw) => income(raw, thisYear(raw), (flow) => INTEREST(flow) || DIVIDENDS(flow))),
        one((raw) => savingsInterest(raw, thisYear(raw)) + income(raw, thisYear(raw), DIVIDENDS)),
      ),
    },
  ),
  thread(
    {
      ask: 'spending last 3 months',
      expect: anyOf(...THREE_MONTHS.map((window) => one((raw) => spending(raw, window(raw))))),
    },
    {
      ask: 'break it down by month',
      expect: anyOf(
        money((raw) => seriesOf(raw, [ago(raw, 3), ago(raw, 2), lastMonth(raw)])),
        money((raw) => seriesOf(raw, [ago(raw, 2), lastMonth(raw), thisMonth(raw)])),
      ),
    },
    {
      ask: 'which was the worst',
      expect: anyOf(
        one((raw) => Math.max(...seriesOf(raw, [ago(raw, 3), ago(raw, 2), lastMonth(raw)]))),
        one((raw) => Math.max(...seriesOf(raw, [ago(raw, 2), lastMonth(raw), thisMonth(raw)]))),
      ),
    },
  ),
];

export const TYPED_7_QUESTIONS: readonly Question[] = [
  ...BALANCES,
  ...COMPARISONS,
  ...OPEN,
  ...INCOME,
  ...OTHERS,
  ...DECLINE,
  ...AMBIGUOUS,
  ...FOLLOW_UPS,
];
