import {
  byAccountKind,
  byDetailed,
  byPrimary,
  income,
  largestInflow,
  largestSpending,
  latestCharge,
  periods,
  savingsRatePercent,
  spending,
} from '../expected.ts';
import {
  atMerchant,
  between,
  latestQuarter,
  mentioning,
  over,
  smallestPurchase,
} from '../expected-reading.ts';
import type { Question } from '../question-types.ts';
import type { RawData } from '../raw-data.ts';
import {
  anyOf,
  GROCERIES,
  longMonth,
  misspeltMonth,
  money,
  monthNumberAgo,
  names,
  one,
  percent,
  RENT,
  RESTAURANTS,
  RIDES,
  shortMonth,
  tally,
} from '../reading-expect.ts';
import {
  averageCandidates,
  both,
  busiestDay,
  DIVIDENDS,
  earliestCharge,
  either,
  type FlowFilter,
  grossPurchases,
  INTEREST,
  largestIncomePayment,
  latestPaycheck,
  monthsTouched,
  movedToSavings,
  netFlow,
  not,
  onWeekdays,
  paychecks,
  purchasesOf,
  topMerchant,
  under,
  WAGES,
  wholeHistory,
} from './expected.ts';
import {
  ago,
  average,
  fullMonths,
  lastDays,
  lastMonth,
  lastYear,
  monthsToDate,
  q,
  readings,
  thisMonth,
  thisYear,
  type Window,
  year,
} from './shorthands.ts';

/** Spending, income, net cash flow, filters, bills and the largest: the money questions. */

const FOOD = byPrimary('FOOD_AND_DRINK');
const AMAZON = atMerchant('Amazon');
const FAST_FOOD = byDetailed('FOOD_AND_DRINK_FAST_FOOD');
const ELECTRICITY = byDetailed('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY');
const GYM = byDetailed('PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS');
const SPOTIFY = atMerchant('Spotify');
const NETFLIX = atMerchant('Netflix');
const CARD = byAccountKind('credit');
const month = (raw: RawData, back: number) => monthNumberAgo(raw, back);
const topGrocer = (raw: RawData) => topMerchant(raw, wholeHistory(raw), GROCERIES).key;
const SIX_MONTHS: readonly Window[] = [fullMonths(6), monthsToDate(6)];
const PAST_YEAR: readonly Window[] = [fullMonths(12), lastDays(365)];

const spendingQuestions: Question[] = [
  q(
    'spending',
    'how much did i blow on food last month',
    anyOf(
      one((raw) => spending(raw, lastMonth(raw), FOOD)),
      one((raw) => spending(raw, lastMonth(raw), both(FOOD, not(GROCERIES)))),
    ),
  ),
  q(
    'spending',
    (raw) => `groceries in ${misspeltMonth(month(raw, 2))}?? how much`,
    one((raw) => spending(raw, ago(2)(raw), GROCERIES)),
  ),
  q(
    'spending',
    (raw) => `uber + lyft combined since ${longMonth(month(raw, 4))}`,
    one((raw) => spending(raw, periods.sinceMonth(raw.today, 4), RIDES)),
  ),
  q(
    'spending',
    'how much went on my visa last month? just the card, not checking',
    one((raw) => spending(raw, lastMonth(raw), CARD)),
  ),
  q(
    'spending',
    'amazon spend this yr before refunds',
    one((raw) => grossPurchases(raw, thisYear(raw), AMAZON)),
  ),
  q(
    'spending',
    'total spent eating out in the last 60 days, restaurants and fast food only (no coffee)',
    one((raw) => spending(raw, lastDays(60)(raw), either(RESTAURANTS, FAST_FOOD))),
  ),
  q(
    'spending',
    'what did i spend on weekdays only last month, leave out sat and sun',
    one((raw) => spending(raw, lastMonth(raw), onWeekdays)),
  ),
  q(
    'spending',
    (raw) => `how much have i spent at ${topGrocer(raw).toLowerCase()} over the past 6 months`,
    anyOf(
      ...SIX_MONTHS.map((window) => one((raw) => spending(raw, window(raw), atMerchant(topGrocer(raw))))),
    ),
  ),
  q(
    'spending',
    'whats my total spend so far this month excluding rent',
    one((raw) => spending(raw, thisMonth(raw), not(RENT))),
  ),
  q(
    'spending',
    'how much have my electric bills been ytd',
    one((raw) => spending(raw, thisYear(raw), ELECTRICITY)),
  ),
];

const incomeQuestions: Question[] = [
  q(
    'income',
    (raw) => `how much did i make in ${shortMonth(month(raw, 1))}`,
    anyOf(
      one((raw) => income(raw, lastMonth(raw))),
      one((raw) => income(raw, lastMonth(raw), WAGES)),
    ),
  ),
  q(
    'income',
    'whats my take home per paycheck',
    anyOf(
      one((raw) => latestPaycheck(raw).cents),
      average((raw) => {
        const paid = paychecks(raw, fullMonths(3)(raw));
        return averageCandidates(
          paid.reduce((sum, flow) => sum + flow.cents, 0),
          paid.length,
        );
      }),
    ),
  ),
  q(
    'income',
    'total dividends ytd',
    one((raw) => income(raw, thisYear(raw), DIVIDENDS)),
  ),
  q(
    'income',
    'how much interest did my savings acct pay me last yr',
    one((raw) => income(raw, lastYear(raw), both(INTEREST, byAccountKind('savings')))),
  ),
  q(
    'income',
    'income in q3 excluding dividends',
    one((raw) => income(raw, latestQuarter(raw.today, 3), not(DIVIDENDS))),
  ),
  q(
    'income',
    'when did i last get paid and how much was it',
    one((raw) => latestPaycheck(raw).cents),
  ),
  q(
    'income',
    'how much did i earn from my job in the first half of the yr',
    one((raw) =>
      income(raw, { start: `${year(raw)}-01-01`, end: minDay(`${year(raw)}-06-30`, raw.today) }, WAGES),
    ),
  ),
];

const minDay = (a: string, b: string) => (a < b ? a : b);
const incomeAndSpending = (window: Window) => (raw: RawData) => [
  income(raw, window(raw)),
  spending(raw, window(raw)),
];
const net = (window: Window) =>
  anyOf(
    one((raw) => netFlow(raw, window(raw))),
    money(incomeAndSpending(window)),
  );

const cashFlowQuestions: Question[] = [
  q('cash_flow', 'did i save money last month or go backwords', net(lastMonth)),
  q('cash_flow', 'net cash flow ytd?', net(thisYear)),
  q(
    'cash_flow',
    (raw) => `savings rate for ${year(raw) - 1}`,
    percent((raw) => savingsRatePercent(income(raw, lastYear(raw)), spending(raw, lastYear(raw)))),
  ),
  q(
    'cash_flow',
    'how much did i move into savings over the last 3 months',
    readings(
      (raw) => [movedToSavings(raw, fullMonths(3)(raw))],
      (raw) => [movedToSavings(raw, monthsToDate(3)(raw))],
    ),
  ),
  q('cash_flow', 'am i net positive this month so far', net(thisMonth)),
  q(
    'cash_flow',
    'avg monthly cash flow over the last 6 mo',
    anyOf(
      ...SIX_MONTHS.map((window) =>
        average((raw) => averageCandidates(netFlow(raw, window(raw)), monthsTouched(window(raw)))),
      ),
    ),
  ),
  q(
    'cash_flow',
    (raw) => `how much did i spend vs earn in ${misspeltMonth(month(raw, 3))}`,
    money(incomeAndSpending(ago(3))),
  ),
];

const filterQuestions: Question[] = [
  q(
    'filters',
    'how much did i spend on purchases over $100 last month',
    one((raw) => grossPurchases(raw, lastMonth(raw), over(100))),
  ),
  q(
    'filters',
    'all the little charges under $10 in the last 30 days, what do they add up to',
    one((raw) => grossPurchases(raw, lastDays(30)(raw), under(10))),
  ),
  q(
    'filters',
    'anything with "coffee" in the name this yr, total?',
    one((raw) => spending(raw, thisYear(raw), mentioning('coffee'))),
  ),
  q(
    'filters',
    'how many transactions between $50 and $100 last month',
    tally((raw) => grossCount(raw, lastMonth(raw), between(50, 100)), 'transaction', 'purchase', 'charge'),
  ),
  q(
    'filters',
    'total on the card for charges over $500 in the past yr',
    anyOf(
      ...PAST_YEAR.map((window) => one((raw) => grossPurchases(raw, window(raw), both(CARD, over(500))))),
    ),
  ),
  q(
    'filters',
    (raw) => `spending at places with pizza in the name since ${shortMonth(month(raw, 6))}`,
    one((raw) => spending(raw, periods.sinceMonth(raw.today, 6), mentioning('pizza'))),
  ),
  q(
    'filters',
    'amazon orders over $50 in the last 90 days, how much total',
    one((raw) => grossPurchases(raw, lastDays(90)(raw), both(AMAZON, over(50)))),
  ),
  q(
    'filters',
    'shopping last month but leave out amazon and target',
    one((raw) =>
      spending(
        raw,
        lastMonth(raw),
        both(byPrimary('GENERAL_MERCHANDISE'), not(AMAZON), not(atMerchant('Target'))),
      ),
    ),
  ),
];

const grossCount = (raw: RawData, period: ReturnType<Window>, filter: FlowFilter) =>
  purchasesOf(raw, period, filter).length;

const recurringQuestions: Question[] = [
  q(
    'recurring',
    'what subscriptions am i paying for',
    names(() => ['Netflix', 'Spotify']),
  ),
  q(
    'recurring',
    'how much is netflix costing me a year',
    anyOf(
      one((raw) => latestCharge(raw, NETFLIX) * 12),
      ...PAST_YEAR.map((window) => one((raw) => spending(raw, window(raw), NETFLIX))),
    ),
  ),
  q(
    'recurring',
    'whats my gym membrship cost',
    one((raw) => latestCharge(raw, GYM)),
  ),
  q(
    'recurring',
    'phone + internet + insurance bills combined last month',
    one((raw) =>
      spending(
        raw,
        lastMonth(raw),
        byDetailed(
          'RENT_AND_UTILITIES_TELEPHONE',
          'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
          'GENERAL_SERVICES_INSURANCE',
        ),
      ),
    ),
  ),
  q(
    'recurring',
    'did spotify go up in price? what was it before and what is it now',
    money((raw) => [earliestCharge(raw, SPOTIFY), latestCharge(raw, SPOTIFY)]),
  ),
  q(
    'recurring',
    'how much do i pay each month for rent',
    one((raw) => latestCharge(raw, RENT)),
  ),
];

const largestQuestions: Question[] = [
  // Rent is a charge but hardly a purchase: the largest with it and without it are both fair.
  q(
    'largest',
    'biggst purchase this yr',
    readings(
      (raw) => largestSpending(raw, thisYear(raw), undefined, 1),
      (raw) => largestSpending(raw, thisYear(raw), not(RENT), 1),
    ),
  ),
  q(
    'largest',
    'top 3 biggest charges last month',
    readings(
      (raw) => largestSpending(raw, lastMonth(raw), undefined, 3),
      (raw) => largestSpending(raw, lastMonth(raw), not(RENT), 3),
    ),
  ),
  q(
    'largest',
    'largest restaurant bill in the past 3 months',
    anyOf(
      ...[fullMonths(3), monthsToDate(3), lastDays(90)].map((window) =>
        one((raw) => largestSpending(raw, window(raw), RESTAURANTS)[0] ?? 0),
      ),
    ),
  ),
  q(
    'largest',
    'biggest deposit i got last month',
    anyOf(
      one((raw) => largestIncomePayment(raw, lastMonth(raw))),
      one((raw) => largestInflow(raw, lastMonth(raw))),
    ),
  ),
  q(
    'largest',
    'smallest thing i bought last week',
    anyOf(
      one((raw) => smallestPurchase(raw, periods.lastWeek(raw.today))),
      one((raw) => smallestPurchase(raw, lastDays(7)(raw))),
    ),
  ),
  q(
    'largest',
    'whats the most i ever spent in a single day',
    one((raw) => busiestDay(raw, wholeHistory(raw)).cents),
  ),
];

export const MONEY_QUESTIONS: Question[] = [
  ...spendingQuestions,
  ...incomeQuestions,
  ...cashFlowQuestions,
  ...filterQuestions,
  ...recurringQuestions,
  ...largestQuestions,
];
