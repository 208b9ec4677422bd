import {
  byAccountKind,
  byDetailed,
  byMerchant,
  byPrimary,
  income,
  type Period,
  periods,
  savingsRatePercent,
  spending,
} from '../expected.ts';
import {
  allOf,
  byText,
  lastWholeWeeks,
  latestIncome,
  monthReadings,
  netFlow,
  quarterReadings,
} from '../held-out/expected.ts';
import type { RawData } from '../raw-data.ts';
import {
  bestBucket,
  byDetailedIn,
  bySource,
  employer,
  monthsIncludingThis,
  monthsOf,
  perMonth,
} from './expected.ts';
import {
  any,
  type HeldOut2Question,
  lastDays,
  lastFullMonths,
  lastMonth,
  lastYear,
  money,
  one,
  type PeriodOf,
  percent,
  perPeriod,
  rounded,
  thisMonth,
  thisYear,
} from './shorthands.ts';

/** Spending, income and net cash flow over every kind of period (SEALED: see README.md). */

const FOOD = byPrimary('FOOD_AND_DRINK');
const GROCERIES = byDetailed('FOOD_AND_DRINK_GROCERIES');
const RESTAURANTS_AND_FAST_FOOD = byDetailedIn('FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD');
const RIDES = byDetailed('TRANSPORTATION_TAXIS_AND_RIDE_SHARES');
const COFFEE = byDetailed('FOOD_AND_DRINK_COFFEE');
const CLOTHES = byDetailed('GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES');
const WAGES = byDetailed('INCOME_WAGES');
const INTEREST = byDetailed('INCOME_INTEREST_EARNED');
const DIVIDENDS = byDetailed('INCOME_DIVIDENDS');

/** From the first of the latest month `number` that has started, to today ("since august"). */
const sinceLatest =
  (number: number): PeriodOf =>
  (raw) => ({ start: monthReadings(raw.today, number)[0]?.start ?? raw.today, end: raw.today });

/** The first of these merchants the user spent at in the period (so the question is about a real habit). */
function spentAt(raw: RawData, period: Period, candidates: readonly string[]): string {
  const found = candidates.find((name) => spending(raw, period, byMerchant(name)) > 0);
  if (!found) throw new Error(`no spending at ${candidates.join(', ')}`);
  return found;
}
const SHOPS_TYPED: Record<string, string> = {
  Target: 'target',
  'Whole Foods Market': 'whole foods',
  Kroger: 'kroger',
  Safeway: 'safeway',
  Amazon: 'amazon',
};
const septemberShop = (raw: RawData) =>
  spentAt(raw, monthReadings(raw.today, 9)[0] ?? lastMonth(raw), Object.keys(SHOPS_TYPED));

const wagesMinusSpending = (raw: RawData, period: Period) =>
  income(raw, period, WAGES) - spending(raw, period);
const rate = (raw: RawData, period: Period) => savingsRatePercent(income(raw, period), spending(raw, period));

export const SPENDING_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-spending-food-last-mo',
    category: 'spending',
    turns: [
      {
        ask: 'how much did i blow on food last mo',
        expect: any(
          one((raw) => spending(raw, lastMonth(raw), FOOD)),
          one((raw) => spending(raw, lastMonth(raw), GROCERIES)),
        ),
      },
    ],
  },
  {
    id: 'h2-spending-amzn-ytd',
    category: 'spending',
    turns: [
      { ask: 'amzn spend ytd?', expect: one((raw) => spending(raw, thisYear(raw), byMerchant('Amazon'))) },
    ],
  },
  {
    id: 'h2-spending-shop-misspelt-september',
    category: 'spending',
    turns: [
      {
        ask: (raw) => `what did i drop at ${SHOPS_TYPED[septemberShop(raw)]} in septmber`,
        expect: perPeriod(
          (raw) => monthReadings(raw.today, 9),
          (period) => one((raw) => spending(raw, period(raw), byMerchant(septemberShop(raw)))),
        ),
      },
    ],
  },
  {
    id: 'h2-spending-eating-out-2-wks',
    category: 'spending',
    turns: [
      {
        ask: 'restaurants + fast food past 2 wks',
        expect: any(
          one((raw) => spending(raw, periods.lastDays(raw.today, 14), RESTAURANTS_AND_FAST_FOOD)),
          one((raw) => spending(raw, lastWholeWeeks(raw.today, 2), RESTAURANTS_AND_FAST_FOOD)),
        ),
      },
    ],
  },
  {
    id: 'h2-spending-rides-since-agust',
    category: 'spending',
    turns: [
      {
        ask: 'hw much have i put into ubers and lyfts since agust',
        expect: one((raw) => spending(raw, sinceLatest(8)(raw), RIDES)),
      },
    ],
  },
  {
    id: 'h2-spending-coffee-habit-yr',
    category: 'spending',
    turns: [
      {
        ask: 'whats my coffee habit costing me this yr',
        expect: any(
          one((raw) => spending(raw, thisYear(raw), COFFEE)),
          rounded((raw) => perMonth(raw, thisYear(raw), COFFEE)),
        ),
      },
    ],
  },
  {
    id: 'h2-spending-clothes-6-months',
    category: 'spending',
    turns: [
      {
        ask: 'spent anything on clothes in the last 6 months?',
        expect: any(
          one((raw) => spending(raw, lastFullMonths(6)(raw), CLOTHES)),
          one((raw) => spending(raw, monthsIncludingThis(raw.today, 6), CLOTHES)),
        ),
      },
    ],
  },
  {
    id: 'h2-spending-card-last-month',
    category: 'spending',
    turns: [
      {
        ask: 'total spend on my card last month',
        expect: one((raw) => spending(raw, lastMonth(raw), byAccountKind('credit'))),
      },
    ],
  },
  {
    id: 'h2-spending-streaming-pair-ytd',
    category: 'spending',
    turns: [
      {
        ask: 'netflix + spotify, how much so far this year',
        expect: one((raw) =>
          spending(raw, thisYear(raw), (flow) => byMerchant('Netflix')(flow) || byMerchant('Spotify')(flow)),
        ),
      },
    ],
  },
];

export const INCOME_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-income-made-last-mo',
    category: 'income',
    turns: [
      {
        ask: 'how much did i make last month',
        expect: any(
          one((raw) => income(raw, lastMonth(raw))),
          one((raw) => income(raw, lastMonth(raw), WAGES)),
        ),
      },
    ],
  },
  {
    id: 'h2-income-take-home-per-check',
    category: 'income',
    turns: [{ ask: 'whats my take home per paycheck', expect: one((raw) => latestIncome(raw, WAGES)) }],
  },
  {
    id: 'h2-income-ytd',
    category: 'income',
    turns: [{ ask: 'income ytd', expect: one((raw) => income(raw, thisYear(raw))) }],
  },
  {
    id: 'h2-income-dividends-this-year',
    category: 'income',
    turns: [
      {
        ask: 'did i get any dividends this year? how much',
        expect: one((raw) => income(raw, thisYear(raw), DIVIDENDS)),
      },
    ],
  },
  {
    id: 'h2-income-savings-interest-since-june',
    category: 'income',
    turns: [
      {
        ask: 'how much interest has my savings paid me since june',
        expect: any(
          one((raw) => income(raw, sinceLatest(6)(raw), allOf(INTEREST, byAccountKind('savings')))),
          one((raw) => income(raw, sinceLatest(6)(raw), INTEREST)),
        ),
      },
    ],
  },
  {
    id: 'h2-income-earned-q3',
    category: 'income',
    turns: [
      {
        ask: 'what did i earn in q3',
        expect: perPeriod(
          (raw) => quarterReadings(raw.today, 3),
          (period) =>
            any(
              one((raw) => income(raw, period(raw))),
              one((raw) => income(raw, period(raw), WAGES)),
            ),
        ),
      },
    ],
  },
  {
    id: 'h2-income-from-employer-this-year',
    category: 'income',
    turns: [
      {
        ask: (raw) => `how much has ${employer(raw).toLowerCase()} paid me this year`,
        expect: one((raw) => income(raw, thisYear(raw), byText(employer(raw)))),
      },
    ],
  },
  {
    id: 'h2-income-last-3-mos',
    category: 'income',
    turns: [
      {
        ask: 'total income last 3 mos',
        expect: any(
          one((raw) => income(raw, lastFullMonths(3)(raw))),
          one((raw) => income(raw, monthsIncludingThis(raw.today, 3))),
        ),
      },
    ],
  },
  {
    id: 'h2-income-investments-paid-last-year',
    category: 'income',
    turns: [
      {
        ask: (raw) => `what did my investments pay me in ${lastYear(raw).start.slice(0, 4)}`,
        expect: any(
          one((raw) => income(raw, lastYear(raw), bySource('snaptrade'))),
          one((raw) => income(raw, lastYear(raw), DIVIDENDS)),
        ),
      },
    ],
  },
  {
    id: 'h2-income-best-month-ytd',
    category: 'income',
    turns: [
      {
        ask: 'which month this yr did i bring in the most',
        expect: any(
          one((raw) => bestBucket(monthsOf(thisYear(raw)), (bucket) => income(raw, bucket))),
          one((raw) =>
            bestBucket(
              monthsOf(thisYear(raw)).filter((bucket) => bucket.end < thisMonth(raw).start),
              (bucket) => income(raw, bucket),
            ),
          ),
        ),
      },
    ],
  },
];

export const CASH_FLOW_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-cash-flow-saved-last-month',
    category: 'cash_flow',
    turns: [
      {
        ask: 'did i save money last month',
        expect: any(
          one((raw) => netFlow(raw, lastMonth(raw))),
          percent((raw) => rate(raw, lastMonth(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-cash-flow-net-ytd',
    category: 'cash_flow',
    turns: [{ ask: 'net cash flow ytd', expect: one((raw) => netFlow(raw, thisYear(raw))) }],
  },
  {
    id: 'h2-cash-flow-in-the-red',
    category: 'cash_flow',
    turns: [{ ask: 'am i in the red this month', expect: one((raw) => netFlow(raw, thisMonth(raw))) }],
  },
  {
    id: 'h2-cash-flow-savings-rate-3-months',
    category: 'cash_flow',
    turns: [
      {
        ask: 'savings rate last 3 months?',
        expect: any(
          percent((raw) => rate(raw, lastFullMonths(3)(raw))),
          percent((raw) => rate(raw, monthsIncludingThis(raw.today, 3))),
        ),
      },
    ],
  },
  {
    id: 'h2-cash-flow-more-in-than-out-q2',
    category: 'cash_flow',
    turns: [
      {
        ask: 'how much more came in than went out in q2',
        expect: perPeriod(
          (raw) => quarterReadings(raw.today, 2),
          (period) => one((raw) => netFlow(raw, period(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-cash-flow-left-over-septmber',
    category: 'cash_flow',
    turns: [
      {
        ask: 'whats left over from my paychecks after spending in septmber',
        expect: perPeriod(
          (raw) => monthReadings(raw.today, 9),
          (period) =>
            any(
              one((raw) => netFlow(raw, period(raw))),
              one((raw) => wagesMinusSpending(raw, period(raw))),
            ),
        ),
      },
    ],
  },
  {
    id: 'h2-cash-flow-in-vs-out-since-july',
    category: 'cash_flow',
    turns: [
      {
        ask: 'money in vs money out since july',
        expect: money((raw) => [income(raw, sinceLatest(7)(raw)), spending(raw, sinceLatest(7)(raw))]),
      },
    ],
  },
  {
    id: 'h2-cash-flow-best-saving-month',
    category: 'cash_flow',
    turns: [
      {
        ask: 'which month this year did i save the most',
        expect: any(
          one((raw) => bestBucket(monthsOf(thisYear(raw)), (bucket) => netFlow(raw, bucket))),
          one((raw) =>
            bestBucket(
              monthsOf(thisYear(raw)).filter((bucket) => bucket.end < thisMonth(raw).start),
              (bucket) => netFlow(raw, bucket),
            ),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-cash-flow-past-12-months',
    category: 'cash_flow',
    turns: [
      {
        ask: 'how much did i save over the past 12 months',
        expect: any(
          one((raw) => netFlow(raw, lastFullMonths(12)(raw))),
          one((raw) => netFlow(raw, lastDays(365)(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-cash-flow-last-year-ahead',
    category: 'cash_flow',
    turns: [
      {
        ask: (raw) => `did i come out ahead in ${lastYear(raw).start.slice(0, 4)}? by how much`,
        expect: any(
          one((raw) => netFlow(raw, lastYear(raw))),
          percent((raw) => rate(raw, lastYear(raw))),
        ),
      },
    ],
  },
];
