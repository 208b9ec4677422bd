import {
  addDays,
  balanceOf,
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
  largestInflow,
  largestSpending,
  netWorth,
  type Period,
  periods,
  savingsRatePercent,
  spending,
  totalAssets,
  unrealisedGain,
  usd,
  valueOfClass,
  walletCents,
} from '../expected.ts';
import type { Expect, Turn } from '../questions.ts';
import type { RawData } from '../raw-data.ts';
import {
  allOf,
  anyOf,
  averageCandidates,
  averagePerTransaction,
  balanceNamed,
  byText,
  chargeAbove,
  chargeAtLeast,
  currentWeekend,
  day,
  dayFormats,
  dayOfLargestPurchase,
  daysIn,
  historyStart,
  incomeFlows,
  lastWeekend,
  lastWholeWeeks,
  lastYearToDate,
  latestDay,
  latestIncome,
  month,
  monthBack,
  monthlySpending,
  monthRangeReadings,
  monthReadings,
  monthsOfThisYear,
  netFlow,
  postedCount,
  purchases,
  quarter,
  quarterBack,
  quarterReadings,
  quartersOfThisYear,
  share,
  smallestGroup,
  smallestPurchase,
  spendingCounts,
  tickerValues,
  topDetailed,
  topMerchants,
  topPrimary,
  yearOf,
} from './expected.ts';

/**
 * The held-out evaluation set: SEALED (see README.md). Questions typed the way people type into a
 * chat box, written on 2026-11-26 from the sandbox's data and the contract's definitions, not from
 * the analyst's rules. Each turn says what a right answer must hold, computed from the vendors' raw
 * records; where a question has several defensible readings, each reading is accepted ('any').
 */

export const HELD_OUT_CATEGORIES = [
  'spending',
  'income',
  'cash_flow',
  'counts',
  'averages',
  'rankings',
  'shares',
  'balances',
  'investments',
  'crypto',
  'periods',
  'comparisons',
  'trends',
  'open_questions',
  'follow_ups',
  'must_decline',
  'history_bounds',
  'ambiguous',
] as const;
export type HeldOutCategory = (typeof HELD_OUT_CATEGORIES)[number];
export type HeldOutQuestion = { id: string; category: HeldOutCategory; turns: Turn[] };

// ---------------------------------------------------------------------------------------------------
// Shorthands

type Cents = (raw: RawData) => number;
type PeriodOf = (raw: RawData) => Period;
type FlowFilter = (flow: Flow) => boolean;

const money = (cents: (raw: RawData) => number[], mentions?: (raw: RawData) => string[]): Expect => ({
  kind: 'amounts',
  values: (raw) => cents(raw).map(usd),
  ...(mentions ? { mentions } : {}),
});
const one = (cents: Cents, mentions?: (raw: RawData) => string[]) => money((raw) => [cents(raw)], mentions);
const any = (...of: Expect[]): Expect => ({ kind: 'any', of });
const percent = (value: (raw: RawData) => number): Expect => ({ kind: 'percent', value });
const clarification: Expect = { kind: 'clarification' };

/** Units a count of transactions is stated in (singular: a plural matches too). */
const COUNT_UNITS = [
  'transaction',
  'purchase',
  'time',
  'charge',
  'visit',
  'order',
  'ride',
  'trip',
  'payment',
  'paycheck',
  'deposit',
  'run',
] as const;
const tally = (value: Cents, units: readonly string[] = COUNT_UNITS): Expect => ({
  kind: 'tally',
  value,
  units,
});
/** Counts with two readings (purchases only, every transaction): either. */
const tallies = (values: (raw: RawData) => number[]): Expect =>
  any(
    tally((raw) => values(raw)[0] ?? 0),
    tally((raw) => values(raw).at(-1) ?? 0),
  );
/** An average, printed rounded either way. */
const average = (candidates: (raw: RawData) => number[]): Expect =>
  any(
    one((raw) => candidates(raw)[0] ?? 0),
    one((raw) => candidates(raw).at(-1) ?? 0),
  );

/** One expectation per reading of a period (at most two readings). */
function perReading(readings: (raw: RawData) => Period[], expect: (period: PeriodOf) => Expect): Expect {
  const pick = (index: number) => (raw: RawData) => {
    const all = readings(raw);
    const period = all[Math.min(index, all.length - 1)];
    if (!period) throw new Error('no reading of the period');
    return period;
  };
  return any(expect(pick(0)), expect(pick(1)));
}

/** Declines or asks back; a plain completed refusal with no amount counts as declining. */
const DECLINE =
  /\b(?:can't|cannot|can not|unable|not able|won't|don't|do not|doesn't|does not|no way|outside|beyond|only (?:help|answer|see))\b/i;
/** A completed answer that says the linked history does not reach back that far. */
const HISTORY_BOUND = new RegExp(
  [
    String.raw`\b(?:history|records?|data|transactions?|accounts?)\b[^.!?\n]{0,80}\b(?:starts?|started|begins?|began|go(?:es)? back|earliest)\b`,
    String.raw`\bearliest\b`,
    String.raw`\b(?:only|just) (?:go(?:es)? back|since|from|covers?|starts?)\b`,
    String.raw`\bbefore (?:your|the) (?:linked |connected )?(?:history|records?|accounts?|data)\b`,
    String.raw`\bno (?:data|records|history)\b`,
    String.raw`\b(?:don't|do not|doesn't|does not) (?:go back|cover|reach|have (?:any )?(?:data|records|history))\b`,
  ].join('|'),
  'i',
);
/** A completed answer that says the period has not happened yet. */
const NOT_YET =
  /\b(?:hasn't|has not|haven't|have not|not (?:yet|over|here)|yet to|isn't over)\b|\bfuture\b|\bahead\b|\bupcoming\b|\b(?:can't|cannot|can not) (?:know|predict|see|tell|forecast)\b/i;
const declines = (orSays?: RegExp): Expect => (orSays ? { kind: 'declines', orSays } : { kind: 'declines' });

// Periods
const lastMonth: PeriodOf = (raw) => periods.lastMonth(raw.today);
const thisMonth: PeriodOf = (raw) => periods.thisMonth(raw.today);
const thisYear: PeriodOf = (raw) => periods.thisYear(raw.today);
const lastYear: PeriodOf = (raw) => periods.lastYear(raw.today);
const lastDays =
  (days: number): PeriodOf =>
  (raw) =>
    periods.lastDays(raw.today, days);
const lastFullMonths =
  (months: number): PeriodOf =>
  (raw) =>
    periods.lastFullMonths(raw.today, months);
const back = (raw: RawData, months: number) => monthBack(raw.today, months);
const monthAgo =
  (months: number): PeriodOf =>
  (raw) =>
    back(raw, months).period;
const allHistory: PeriodOf = (raw) => ({ start: historyStart(raw), end: raw.today });

// Categories and merchants
const GROCERIES = byDetailed('FOOD_AND_DRINK_GROCERIES');
const RESTAURANTS = byDetailed('FOOD_AND_DRINK_RESTAURANT');
const FAST_FOOD = byDetailed('FOOD_AND_DRINK_FAST_FOOD');
const COFFEE = byDetailed('FOOD_AND_DRINK_COFFEE');
const FOOD = byPrimary('FOOD_AND_DRINK');
const RIDES = byDetailed('TRANSPORTATION_TAXIS_AND_RIDE_SHARES');
const RENT = byDetailed('RENT_AND_UTILITIES_RENT');
const SHOPPING = byPrimary('GENERAL_MERCHANDISE');
const WAGES = byDetailed('INCOME_WAGES');
const DIVIDENDS = byDetailed('INCOME_DIVIDENDS');
const INTEREST = byDetailed('INCOME_INTEREST_EARNED');
const AMAZON = byMerchant('Amazon');
const STARBUCKS = byMerchant('Starbucks');
const UBER = byMerchant('Uber');
const LYFT = byMerchant('Lyft');
const TARGET = byMerchant('Target');
/** "Eating out": restaurants; restaurants and fast food; those and coffee shops. */
const EATING_OUT: readonly FlowFilter[] = [
  RESTAURANTS,
  anyOf(RESTAURANTS, FAST_FOOD),
  anyOf(RESTAURANTS, FAST_FOOD, COFFEE),
];
const eatingOut = (cents: (filter: FlowFilter) => Expect) => any(...EATING_OUT.map(cents));

const spent =
  (period: PeriodOf, filter?: FlowFilter): Cents =>
  (raw) =>
    spending(raw, period(raw), filter);
const earned =
  (period: PeriodOf, filter?: FlowFilter): Cents =>
  (raw) =>
    income(raw, period(raw), filter);

const checking = (raw: RawData) => balanceOf(raw, 'checking');
const savings = (raw: RawData) => balanceOf(raw, 'savings');
const cardOwed = (raw: RawData) => -balanceOf(raw, 'credit');
const cash = (raw: RawData) => checking(raw) + savings(raw);
/** Money owed (cents, positive). */
const debts = (raw: RawData) =>
  -balancesOf(raw)
    .filter((cents) => cents < 0)
    .reduce((sum, cents) => sum + cents, 0);
const balancesOf = (raw: RawData) => [
  ...balanceNamed(raw, 'Everyday Checking'),
  ...balanceNamed(raw, 'High-Yield Savings'),
  -cardOwed(raw),
];

/** The investment account at the bank, when the sandbox gave the user one. */
const bankInvestments = (raw: RawData) =>
  raw.plaid
    .flatMap((item) => item.accounts)
    .filter((account) => account.type === 'investment')
    .reduce((sum, account) => sum + Math.round((account.balances.current ?? 0) * 100), 0);

const walletNamed = (raw: RawData, name: string) => {
  const found = raw.wallets.find((wallet) => wallet.accountName === name);
  if (!found) throw new Error(`no wallet ${name}`);
  return walletCents(found);
};
/** The USD value of one symbol in one wallet. */
const walletSymbol = (raw: RawData, name: string, symbol: string) => {
  const found = raw.wallets.find((wallet) => wallet.accountName === name);
  if (!found) throw new Error(`no wallet ${name}`);
  return cryptoSymbolCents({ ...raw, wallets: [found] }, symbol);
};

/** A ticker's value: the total across accounts, or each account's. */
const tickerValue = (ticker: string) =>
  any(
    one((raw) => tickerValues(raw, ticker).total),
    money((raw) => tickerValues(raw, ticker).perAccount),
  );

const nonEmpty = <T>(list: T[], what: string): T[] => {
  if (list.length === 0) throw new Error(`no ${what}`);
  return list;
};

/** A day of `monthsBack` months ago that surely has spending (its largest restaurant bill). */
const diningDay = (raw: RawData, monthsBack: number) =>
  dayOfLargestPurchase(raw, monthAgo(monthsBack)(raw), RESTAURANTS);

// ---------------------------------------------------------------------------------------------------

export const HELD_OUT_QUESTIONS: readonly HeldOutQuestion[] = [
  // --- Spending: categories, merchants, accounts, amount ranges, text
  {
    id: 'ho-spending-food-overboard',
    category: 'spending',
    turns: [{ ask: 'did i go overboard on food last month', expect: one(spent(lastMonth, FOOD)) }],
  },
  {
    id: 'ho-spending-amzn-30d',
    category: 'spending',
    turns: [
      { ask: 'hw much did i blow on amzn in the last 30 days', expect: one(spent(lastDays(30), AMAZON)) },
    ],
  },
  {
    id: 'ho-spending-starbucks-ytd',
    category: 'spending',
    turns: [{ ask: 'starbucks spend ytd?', expect: one(spent(thisYear, STARBUCKS)) }],
  },
  {
    id: 'ho-spending-eating-out-month',
    category: 'spending',
    turns: [
      {
        ask: (raw) => `what did i drop on eating out in ${back(raw, 2).name}`,
        expect: eatingOut((filter) => one(spent(monthAgo(2), filter))),
      },
    ],
  },
  {
    id: 'ho-spending-rent-yr',
    category: 'spending',
    turns: [{ ask: 'how much has gone to rent this yr', expect: one(spent(thisYear, RENT)) }],
  },
  {
    id: 'ho-spending-visa-last-month',
    category: 'spending',
    turns: [
      {
        ask: 'how much did i charge to my visa last month',
        expect: one(spent(lastMonth, byAccountKind('credit'))),
      },
    ],
  },
  {
    id: 'ho-spending-checking-month',
    category: 'spending',
    turns: [
      {
        ask: (raw) => `spending out of checking in ${back(raw, 3).short}?`,
        expect: one(spent(monthAgo(3), byAccountKind('checking'))),
      },
    ],
  },
  {
    id: 'ho-spending-over-100',
    category: 'spending',
    turns: [
      {
        ask: 'total of all my purchases over $100 last month',
        expect: any(one(spent(lastMonth, chargeAbove(10_000))), one(spent(lastMonth, chargeAtLeast(10_000)))),
      },
    ],
  },
  {
    id: 'ho-spending-text-sushi',
    category: 'spending',
    turns: [
      {
        ask: 'how much have i spent on anything with "sushi" in the name this yr',
        expect: one(spent(thisYear, byText('sushi'))),
      },
    ],
  },
  {
    id: 'ho-spending-rides-90d',
    category: 'spending',
    turns: [{ ask: 'uber + lyft past 90 days, how much', expect: one(spent(lastDays(90), RIDES)) }],
  },
  {
    id: 'ho-spending-looking-month',
    category: 'spending',
    turns: [{ ask: "how's my spending looking this month", expect: one(spent(thisMonth)) }],
  },

  // --- Income
  {
    id: 'ho-income-make-month',
    category: 'income',
    turns: [
      {
        ask: (raw) => `how much did i make in ${back(raw, 3).name}??`,
        expect: any(one(earned(monthAgo(3))), one(earned(monthAgo(3), WAGES))),
      },
    ],
  },
  {
    id: 'ho-income-last-paycheck',
    category: 'income',
    turns: [{ ask: 'how big was my last paycheck', expect: one((raw) => latestIncome(raw, WAGES)) }],
  },
  {
    id: 'ho-income-dividends-ytd',
    category: 'income',
    turns: [{ ask: 'total divs ytd', expect: one(earned(thisYear, DIVIDENDS)) }],
  },
  {
    id: 'ho-income-savings-interest',
    category: 'income',
    turns: [
      {
        ask: 'how much interest did my savings earn last yr',
        expect: any(
          one(earned(lastYear, allOf(INTEREST, byAccountKind('savings')))),
          one(earned(lastYear, INTEREST)),
        ),
      },
    ],
  },
  {
    id: 'ho-income-last-3-months',
    category: 'income',
    turns: [
      {
        ask: 'wat was my income over the last 3 months',
        expect: any(one(earned(lastFullMonths(3))), one(earned(lastDays(90)))),
      },
    ],
  },
  {
    id: 'ho-income-so-far-month',
    category: 'income',
    turns: [{ ask: 'earned so far this month?', expect: one(earned(thisMonth)) }],
  },
  {
    id: 'ho-income-last-yr',
    category: 'income',
    turns: [{ ask: 'what did i bring in last yr total', expect: one(earned(lastYear)) }],
  },
  {
    id: 'ho-income-job-q3',
    category: 'income',
    turns: [
      {
        ask: 'how much did i get from my job in q3',
        expect: perReading(
          (raw) => quarterReadings(raw.today, 3),
          (period) => one(earned(period, WAGES)),
        ),
      },
    ],
  },
  {
    id: 'ho-income-recieve-dividends-month',
    category: 'income',
    turns: [
      {
        ask: (raw) => `did i recieve any dividends in ${back(raw, 1).name}? how much`,
        expect: one(earned(monthAgo(1), DIVIDENDS)),
      },
    ],
  },

  // --- Net cash flow
  {
    id: 'ho-cash-flow-net-last-month',
    category: 'cash_flow',
    turns: [{ ask: 'net cash flow last month?', expect: one((raw) => netFlow(raw, lastMonth(raw))) }],
  },
  {
    id: 'ho-cash-flow-save-anything',
    category: 'cash_flow',
    turns: [
      {
        ask: (raw) => `did i actually save anything in ${back(raw, 2).name}`,
        expect: any(
          one((raw) => netFlow(raw, monthAgo(2)(raw))),
          money((raw) => [income(raw, monthAgo(2)(raw)), spending(raw, monthAgo(2)(raw))]),
        ),
      },
    ],
  },
  {
    id: 'ho-cash-flow-ahead-yr',
    category: 'cash_flow',
    turns: [
      {
        ask: 'how far ahead am i this yr, income minus spending',
        expect: one((raw) => netFlow(raw, thisYear(raw))),
      },
    ],
  },
  {
    id: 'ho-cash-flow-in-the-red',
    category: 'cash_flow',
    turns: [
      {
        ask: 'am i in the red this month',
        expect: any(
          one((raw) => netFlow(raw, thisMonth(raw))),
          money((raw) => [income(raw, thisMonth(raw)), spending(raw, thisMonth(raw))]),
        ),
      },
    ],
  },
  {
    id: 'ho-cash-flow-savings-rate-last-yr',
    category: 'cash_flow',
    turns: [
      {
        ask: 'wats my savings rate for last yr',
        expect: percent((raw) =>
          savingsRatePercent(income(raw, lastYear(raw)), spending(raw, lastYear(raw))),
        ),
      },
    ],
  },
  {
    id: 'ho-cash-flow-ytd',
    category: 'cash_flow',
    turns: [{ ask: 'cash flow ytd pls', expect: one((raw) => netFlow(raw, thisYear(raw))) }],
  },
  {
    id: 'ho-cash-flow-in-vs-out-30d',
    category: 'cash_flow',
    turns: [
      {
        ask: 'money in vs money out, last 30 days',
        expect: money((raw) => [income(raw, lastDays(30)(raw)), spending(raw, lastDays(30)(raw))]),
      },
    ],
  },
  {
    id: 'ho-cash-flow-left-over',
    category: 'cash_flow',
    turns: [
      {
        ask: 'what was left over after all my bills n stuff last month',
        expect: one((raw) => netFlow(raw, lastMonth(raw))),
      },
    ],
  },
  {
    id: 'ho-cash-flow-quarter',
    category: 'cash_flow',
    turns: [
      {
        ask: 'net for last quarter? did i make more than i spent',
        expect: any(
          one((raw) => netFlow(raw, quarterBack(raw.today, 1).period)),
          money((raw) => [
            income(raw, quarterBack(raw.today, 1).period),
            spending(raw, quarterBack(raw.today, 1).period),
          ]),
        ),
      },
    ],
  },

  // --- Counts
  {
    id: 'ho-counts-starbucks-last-month',
    category: 'counts',
    turns: [
      {
        ask: 'how many times did i go to starbucks last month',
        expect: tallies((raw) => spendingCounts(raw, lastMonth(raw), STARBUCKS)),
      },
    ],
  },
  {
    id: 'ho-counts-visa-transactions',
    category: 'counts',
    turns: [
      {
        ask: (raw) => `# of transactions on my credit card in ${back(raw, 2).name}`,
        expect: any(
          tallies((raw) => spendingCounts(raw, monthAgo(2)(raw), byAccountKind('credit'))),
          tally((raw) => postedCount(raw, monthAgo(2)(raw), 'credit')),
        ),
      },
    ],
  },
  {
    id: 'ho-counts-amazon-orders-yr',
    category: 'counts',
    turns: [
      {
        ask: 'how many amazon orders this yr',
        expect: tallies((raw) => spendingCounts(raw, thisYear(raw), AMAZON)),
      },
    ],
  },
  {
    id: 'ho-counts-eat-out-last-month',
    category: 'counts',
    turns: [
      {
        ask: 'how many times did i eat out last month',
        expect: any(
          ...EATING_OUT.map((filter) => tallies((raw) => spendingCounts(raw, lastMonth(raw), filter))),
        ),
      },
    ],
  },
  {
    id: 'ho-counts-over-200',
    category: 'counts',
    turns: [
      {
        ask: 'how many purchases over $200 in the last 90 days?',
        expect: tally((raw) => purchases(raw, lastDays(90)(raw), chargeAbove(20_000)).length),
      },
    ],
  },
  {
    id: 'ho-counts-rides-month',
    category: 'counts',
    turns: [
      {
        ask: (raw) => `how often did i take an uber or lyft in ${back(raw, 1).name}`,
        expect: tallies((raw) => spendingCounts(raw, monthAgo(1)(raw), RIDES)),
      },
    ],
  },
  {
    id: 'ho-counts-paychecks-yr',
    category: 'counts',
    turns: [
      {
        ask: 'how many paychecks have i gotten this yr',
        expect: tally((raw) => incomeFlows(raw, thisYear(raw), WAGES).length),
      },
    ],
  },
  {
    id: 'ho-counts-coffee-ytd',
    category: 'counts',
    turns: [
      {
        ask: 'how many coffee runs ytd lol',
        expect: tallies((raw) => spendingCounts(raw, thisYear(raw), COFFEE)),
      },
    ],
  },
  {
    id: 'ho-counts-grocery-2-weeks',
    category: 'counts',
    turns: [
      {
        ask: 'number of grocery trips in the past 2 weeks',
        expect: any(
          tallies((raw) => spendingCounts(raw, lastDays(14)(raw), GROCERIES)),
          tallies((raw) => spendingCounts(raw, lastWholeWeeks(raw.today, 2), GROCERIES)),
        ),
      },
    ],
  },
  {
    id: 'ho-counts-rent-payments',
    category: 'counts',
    turns: [
      {
        ask: 'how many rent payments have i made this yr',
        expect: tally((raw) => purchases(raw, thisYear(raw), RENT).length),
      },
    ],
  },

  // --- Averages: per month, per week, per transaction, per day
  {
    id: 'ho-averages-monthly-6',
    category: 'averages',
    turns: [
      {
        ask: 'avg monthly spend over the last 6 months?',
        expect: average((raw) => averageCandidates(spending(raw, lastFullMonths(6)(raw)), 6)),
      },
    ],
  },
  {
    id: 'ho-averages-grocery-bill',
    category: 'averages',
    turns: [
      {
        ask: 'whats my avg grocery bill this yr',
        expect: any(
          average((raw) => averagePerTransaction(raw, thisYear(raw), GROCERIES)[0] ?? []),
          average((raw) => averagePerTransaction(raw, thisYear(raw), GROCERIES)[1] ?? []),
        ),
      },
    ],
  },
  {
    id: 'ho-averages-weekly-food-4w',
    category: 'averages',
    turns: [
      {
        ask: 'on avg how much do i spend per week on food? last 4 weeks',
        expect: any(
          average((raw) => averageCandidates(spending(raw, lastDays(28)(raw), FOOD), 4)),
          average((raw) => averageCandidates(spending(raw, lastWholeWeeks(raw.today, 4), FOOD), 4)),
        ),
      },
    ],
  },
  {
    id: 'ho-averages-uber-ride',
    category: 'averages',
    turns: [
      {
        ask: 'avg cost of an uber ride this yr',
        expect: any(
          average((raw) => averagePerTransaction(raw, thisYear(raw), UBER)[0] ?? []),
          average((raw) => averagePerTransaction(raw, thisYear(raw), UBER)[1] ?? []),
        ),
      },
    ],
  },
  {
    id: 'ho-averages-monthly-income-6-months',
    category: 'averages',
    turns: [
      {
        ask: 'whats my avg monthly income been over the last 6 months',
        expect: average((raw) => averageCandidates(income(raw, lastFullMonths(6)(raw)), 6)),
      },
    ],
  },
  {
    id: 'ho-averages-monthly-income-last-yr',
    category: 'averages',
    turns: [
      {
        ask: (raw) => `on average how much did i make a month in ${yearOf(raw.today) - 1}`,
        expect: average((raw) => averageCandidates(income(raw, lastYear(raw)), 12)),
      },
    ],
  },
  {
    id: 'ho-averages-daily-this-month',
    category: 'averages',
    turns: [
      {
        ask: 'avg daily spending this month',
        expect: any(
          average((raw) => averageCandidates(spending(raw, thisMonth(raw)), daysIn(thisMonth(raw)))),
          average((raw) =>
            averageCandidates(spending(raw, thisMonth(raw)), Math.max(1, daysIn(thisMonth(raw)) - 1)),
          ),
        ),
      },
    ],
  },
  {
    id: 'ho-averages-amazon-order-last-yr',
    category: 'averages',
    turns: [
      {
        ask: 'average amazon order size last yr?',
        expect: any(
          average((raw) => averagePerTransaction(raw, lastYear(raw), AMAZON)[0] ?? []),
          average((raw) => averagePerTransaction(raw, lastYear(raw), AMAZON)[1] ?? []),
        ),
      },
    ],
  },
  {
    id: 'ho-averages-usual-groceries',
    category: 'averages',
    turns: [
      {
        ask: 'how much do i usually spend on groceries a month',
        expect: any(
          ...[3, 6, 12].map((months) =>
            average((raw) =>
              averageCandidates(spending(raw, lastFullMonths(months)(raw), GROCERIES), months),
            ),
          ),
        ),
      },
    ],
  },
  {
    id: 'ho-averages-restaurant-tab',
    category: 'averages',
    turns: [
      {
        ask: (raw) => `avg resturant tab in ${back(raw, 2).name}`,
        expect: any(
          average((raw) => averagePerTransaction(raw, monthAgo(2)(raw), RESTAURANTS)[0] ?? []),
          average((raw) => averagePerTransaction(raw, monthAgo(2)(raw), RESTAURANTS)[1] ?? []),
        ),
      },
    ],
  },

  // --- Rankings: largest, smallest, top N
  {
    id: 'ho-rankings-top-3-places',
    category: 'rankings',
    turns: [
      {
        ask: 'top 3 places i spent at last month',
        expect: money(
          (raw) => nonEmpty(topMerchants(raw, lastMonth(raw), 3), 'merchant').map((group) => group.cents),
          (raw) => topMerchants(raw, lastMonth(raw), 3).map((group) => group.key),
        ),
      },
    ],
  },
  {
    id: 'ho-rankings-biggest-amazon-order',
    category: 'rankings',
    turns: [
      {
        ask: 'biggest amazon order this yr?',
        expect: money((raw) => nonEmpty(largestSpending(raw, thisYear(raw), AMAZON), 'Amazon order')),
      },
    ],
  },
  {
    id: 'ho-rankings-biggest-category-ytd',
    category: 'rankings',
    turns: [
      {
        ask: 'whats my biggest spending category ytd',
        expect: any(
          money((raw) => nonEmpty(topPrimary(raw, thisYear(raw), 1), 'category').map((group) => group.cents)),
          money((raw) =>
            nonEmpty(topDetailed(raw, thisYear(raw), 1), 'category').map((group) => group.cents),
          ),
        ),
      },
    ],
  },
  {
    id: 'ho-rankings-smallest-purchase',
    category: 'rankings',
    turns: [
      {
        ask: 'smallest purchase i made last month',
        expect: one((raw) => smallestPurchase(raw, lastMonth(raw))),
      },
    ],
  },
  {
    id: 'ho-rankings-largest-shopping-q3',
    category: 'rankings',
    turns: [
      {
        ask: 'largest single shopping purchase in Q3?',
        expect: perReading(
          (raw) => quarterReadings(raw.today, 3),
          (period) => money((raw) => nonEmpty(largestSpending(raw, period(raw), SHOPPING), 'purchase')),
        ),
      },
    ],
  },
  {
    id: 'ho-rankings-top-merchant-yr',
    category: 'rankings',
    turns: [
      {
        ask: 'which store/merchant have i spent the most at this yr',
        expect: money(
          (raw) => nonEmpty(topMerchants(raw, thisYear(raw), 1), 'merchant').map((group) => group.cents),
          (raw) => topMerchants(raw, thisYear(raw), 1).map((group) => group.key),
        ),
      },
    ],
  },
  {
    id: 'ho-rankings-top-5-categories',
    category: 'rankings',
    turns: [
      {
        ask: 'top 5 categories last month pls',
        expect: any(
          money((raw) => topPrimary(raw, lastMonth(raw), 5).map((group) => group.cents)),
          money((raw) => topDetailed(raw, lastMonth(raw), 5).map((group) => group.cents)),
        ),
      },
    ],
  },
  {
    id: 'ho-rankings-least-category',
    category: 'rankings',
    turns: [
      {
        ask: 'what category did i spend the least on last month',
        expect: any(
          one((raw) => smallestGroup(raw, lastMonth(raw), (flow) => flow.primary).cents),
          one((raw) => smallestGroup(raw, lastMonth(raw), (flow) => flow.detailed).cents),
        ),
      },
    ],
  },
  {
    id: 'ho-rankings-biggest-deposit',
    category: 'rankings',
    turns: [
      {
        ask: 'biggest single deposit into my savings acct this yr',
        expect: one((raw) => largestInflow(raw, thisYear(raw), byAccountKind('savings'))),
      },
    ],
  },
  {
    id: 'ho-rankings-priciest-dinner',
    category: 'rankings',
    turns: [
      {
        ask: (raw) => `most expensive restaurant meal in ${back(raw, 1).short}`,
        expect: money((raw) =>
          nonEmpty(largestSpending(raw, monthAgo(1)(raw), RESTAURANTS), 'restaurant bill'),
        ),
      },
    ],
  },
  {
    id: 'ho-rankings-top-grocers',
    category: 'rankings',
    turns: [
      {
        ask: 'top 3 grocery stores by spend this yr',
        expect: money(
          (raw) =>
            nonEmpty(topMerchants(raw, thisYear(raw), 3, GROCERIES), 'grocer').map((group) => group.cents),
          (raw) => topMerchants(raw, thisYear(raw), 3, GROCERIES).map((group) => group.key),
        ),
      },
    ],
  },

  // --- Shares of a total (%)
  {
    id: 'ho-shares-groceries-last-month',
    category: 'shares',
    turns: [
      {
        ask: 'what % of my spending was groceries last month',
        expect: percent((raw) =>
          share(spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw))),
        ),
      },
    ],
  },
  {
    id: 'ho-shares-rent-yr',
    category: 'shares',
    turns: [
      {
        ask: 'how much of my spending goes to rent, percentage wise, this yr',
        expect: percent((raw) => share(spending(raw, thisYear(raw), RENT), spending(raw, thisYear(raw)))),
      },
    ],
  },
  {
    id: 'ho-shares-income-spent',
    category: 'shares',
    turns: [
      {
        ask: (raw) => `what percent of my income did i spend in ${back(raw, 2).name}`,
        expect: percent((raw) => share(spending(raw, monthAgo(2)(raw)), income(raw, monthAgo(2)(raw)))),
      },
    ],
  },
  {
    id: 'ho-shares-vti-portfolio',
    category: 'shares',
    turns: [
      {
        ask: 'what % of my portfolio is vti',
        expect: any(
          percent((raw) => share(tickerValues(raw, 'VTI').total, investmentsValue(raw))),
          percent((raw) =>
            share(tickerValues(raw, 'VTI').total, investmentsValue(raw) - valueOfClass(raw, 'cash')),
          ),
        ),
      },
    ],
  },
  {
    id: 'ho-shares-crypto-net-worth',
    category: 'shares',
    turns: [
      {
        ask: 'how much of my net worth is crypto, in %',
        expect: any(
          percent((raw) => share(cryptoCents(raw), netWorth(raw))),
          percent((raw) => share(cryptoCents(raw), totalAssets(raw))),
        ),
      },
    ],
  },
  {
    id: 'ho-shares-card-vs-debit',
    category: 'shares',
    turns: [
      {
        ask: 'what share of last months spending went on the credit card',
        expect: percent((raw) =>
          share(spending(raw, lastMonth(raw), byAccountKind('credit')), spending(raw, lastMonth(raw))),
        ),
      },
    ],
  },
  {
    id: 'ho-shares-coffee-of-food',
    category: 'shares',
    turns: [
      {
        ask: 'what fraction of my food spending was coffee this yr (%)',
        expect: percent((raw) =>
          share(spending(raw, thisYear(raw), COFFEE), spending(raw, thisYear(raw), FOOD)),
        ),
      },
    ],
  },
  {
    id: 'ho-shares-dividends-of-income',
    category: 'shares',
    turns: [
      {
        ask: 'how much of my income came from dividends ytd as a percent',
        expect: percent((raw) => share(income(raw, thisYear(raw), DIVIDENDS), income(raw, thisYear(raw)))),
      },
    ],
  },
  {
    id: 'ho-shares-etfs',
    category: 'shares',
    turns: [
      {
        ask: 'what % of my investments r in etfs',
        expect: any(
          percent((raw) => share(valueOfClass(raw, 'etf'), investmentsValue(raw))),
          percent((raw) =>
            share(valueOfClass(raw, 'etf'), investmentsValue(raw) - valueOfClass(raw, 'cash')),
          ),
        ),
      },
    ],
  },

  // --- Balances and net worth
  {
    id: 'ho-balances-cash-rn',
    category: 'balances',
    turns: [
      {
        ask: 'how much cash do i have rn',
        expect: any(
          one(cash),
          money((raw) => [checking(raw), savings(raw)]),
        ),
      },
    ],
  },
  {
    id: 'ho-balances-checking',
    category: 'balances',
    turns: [{ ask: "what's in checking", expect: one(checking) }],
  },
  {
    id: 'ho-balances-savings',
    category: 'balances',
    turns: [{ ask: 'savings acct balance?', expect: one(savings) }],
  },
  {
    id: 'ho-balances-visa-owed',
    category: 'balances',
    turns: [{ ask: 'what do i owe on the visa', expect: one(cardOwed) }],
  },
  {
    id: 'ho-balances-net-worth',
    category: 'balances',
    turns: [{ ask: 'net worth pls', expect: one(netWorth) }],
  },
  {
    id: 'ho-balances-assets-debts',
    category: 'balances',
    turns: [{ ask: 'total assets vs debts', expect: money((raw) => [totalAssets(raw), debts(raw)]) }],
  },
  {
    id: 'ho-balances-pay-off-card',
    category: 'balances',
    turns: [
      {
        ask: 'if i paid off my card today how much would be left in checking',
        expect: one((raw) => checking(raw) - cardOwed(raw)),
      },
    ],
  },
  {
    id: 'ho-balances-net-worth-no-crypto',
    category: 'balances',
    turns: [
      {
        ask: 'whats my net worth not counting crypto',
        expect: one((raw) => netWorth(raw) - cryptoCents(raw)),
      },
    ],
  },
  {
    id: 'ho-balances-all-bank',
    category: 'balances',
    turns: [
      {
        ask: 'how much do i have across my bank accounts',
        expect: any(
          one(cash),
          money((raw) => [checking(raw), savings(raw)]),
          one((raw) => cash(raw) - cardOwed(raw)),
          one((raw) => cash(raw) - cardOwed(raw) + bankInvestments(raw)),
        ),
      },
    ],
  },

  // --- Investments (lower-case tickers)
  {
    id: 'ho-investments-portfolio-doing',
    category: 'investments',
    turns: [
      {
        ask: "how's my portfolio doing",
        expect: any(one(investmentsValue), one(unrealisedGain)),
      },
    ],
  },
  {
    id: 'ho-investments-nvda',
    category: 'investments',
    turns: [{ ask: 'how much is my nvda worth', expect: tickerValue('NVDA') }],
  },
  {
    id: 'ho-investments-qqq',
    category: 'investments',
    turns: [{ ask: 'value of my qqq position?', expect: tickerValue('QQQ') }],
  },
  {
    id: 'ho-investments-schd',
    category: 'investments',
    turns: [{ ask: 'how much schd do i own (in $)', expect: tickerValue('SCHD') }],
  },
  {
    id: 'ho-investments-total',
    category: 'investments',
    turns: [{ ask: 'total value of all my investments', expect: one(investmentsValue) }],
  },
  {
    id: 'ho-investments-unrealized',
    category: 'investments',
    turns: [{ ask: 'unrealized gains?', expect: one(unrealisedGain) }],
  },
  {
    id: 'ho-investments-alpaca',
    category: 'investments',
    turns: [
      {
        ask: 'whats in my alpaca acct',
        expect: any(
          money((raw) => [
            ...balanceNamed(raw, 'Individual Brokerage', 'Alpaca Paper'),
            ...balanceNamed(raw, 'Roth IRA', 'Alpaca Paper'),
          ]),
          one((raw) =>
            [
              ...balanceNamed(raw, 'Individual Brokerage', 'Alpaca Paper'),
              ...balanceNamed(raw, 'Roth IRA', 'Alpaca Paper'),
            ].reduce((sum, cents) => sum + cents, 0),
          ),
        ),
      },
    ],
  },
  {
    id: 'ho-investments-biggest-position',
    category: 'investments',
    turns: [
      {
        ask: 'whats my biggest position',
        expect: one(
          (raw) => largestHolding(raw).cents,
          (raw) => [largestHolding(raw).ticker],
        ),
      },
    ],
  },
  {
    id: 'ho-investments-stocks-vs-etfs',
    category: 'investments',
    turns: [
      {
        ask: 'how much do i have in individual stocks vs etfs',
        expect: money((raw) => [valueOfClass(raw, 'stock'), valueOfClass(raw, 'etf')]),
      },
    ],
  },
  {
    id: 'ho-investments-msft-aapl',
    category: 'investments',
    turns: [
      {
        ask: 'msft and aapl combined, what are they worth',
        expect: any(
          one((raw) => tickerValues(raw, 'MSFT').total + tickerValues(raw, 'AAPL').total),
          money((raw) => [tickerValues(raw, 'MSFT').total, tickerValues(raw, 'AAPL').total]),
        ),
      },
    ],
  },

  // --- Crypto
  {
    id: 'ho-crypto-btc',
    category: 'crypto',
    turns: [{ ask: 'whats my btc worth', expect: one((raw) => cryptoSymbolCents(raw, 'BTC')) }],
  },
  {
    id: 'ho-crypto-total-rn',
    category: 'crypto',
    turns: [{ ask: 'total crypto rn?', expect: one(cryptoCents) }],
  },
  {
    id: 'ho-crypto-eth-usd',
    category: 'crypto',
    turns: [
      {
        ask: 'how much eth do i have in usd',
        expect: any(
          one((raw) => cryptoSymbolCents(raw, 'ETH')),
          money((raw) => [
            walletSymbol(raw, 'Ledger_web3', 'ETH'),
            walletSymbol(raw, 'MetaMask_web3', 'ETH'),
          ]),
        ),
      },
    ],
  },
  {
    id: 'ho-crypto-phantom',
    category: 'crypto',
    turns: [{ ask: 'phantom wallet balance', expect: one((raw) => walletNamed(raw, 'Phantom_web3')) }],
  },
  {
    id: 'ho-crypto-sol',
    category: 'crypto',
    turns: [{ ask: 'value of my sol?', expect: one((raw) => cryptoSymbolCents(raw, 'SOL')) }],
  },
  {
    id: 'ho-crypto-stablecoins',
    category: 'crypto',
    turns: [
      {
        ask: 'how much do i have in stablecoins',
        expect: any(
          one((raw) => cryptoSymbolCents(raw, 'USDC') + cryptoSymbolCents(raw, 'USDT')),
          money((raw) => [cryptoSymbolCents(raw, 'USDC'), cryptoSymbolCents(raw, 'USDT')]),
        ),
      },
    ],
  },
  {
    id: 'ho-crypto-ledger',
    category: 'crypto',
    turns: [{ ask: 'ledger wallet worth?', expect: one((raw) => walletNamed(raw, 'Ledger_web3')) }],
  },
  {
    id: 'ho-crypto-uni-link',
    category: 'crypto',
    turns: [
      {
        ask: 'what are my uni and link tokens worth',
        expect: any(
          money((raw) => [cryptoSymbolCents(raw, 'UNI'), cryptoSymbolCents(raw, 'LINK')]),
          one((raw) => cryptoSymbolCents(raw, 'UNI') + cryptoSymbolCents(raw, 'LINK')),
        ),
      },
    ],
  },
  {
    id: 'ho-crypto-biggest-coin',
    category: 'crypto',
    turns: [
      {
        ask: 'which coin is my biggest holding',
        expect: one(
          (raw) => biggestCoin(raw).cents,
          (raw) => [biggestCoin(raw).symbol],
        ),
      },
    ],
  },

  // --- Periods: misspelt months, quarters, ranges, explicit dates, relative spans
  {
    id: 'ho-periods-febuary',
    category: 'periods',
    turns: [
      {
        ask: 'what did i spend in febuary',
        expect: perReading(
          (raw) => monthReadings(raw.today, 2),
          (period) => one(spent(period)),
        ),
      },
    ],
  },
  {
    id: 'ho-periods-septmber-groceries',
    category: 'periods',
    turns: [
      {
        ask: 'groceris in septmber?',
        expect: perReading(
          (raw) => monthReadings(raw.today, 9),
          (period) => one(spent(period, GROCERIES)),
        ),
      },
    ],
  },
  {
    id: 'ho-periods-misspelt-month',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `how much did i spend on coffee in ${back(raw, 4).misspelt}`,
        expect: one(spent(monthAgo(4), COFFEE)),
      },
    ],
  },
  {
    id: 'ho-periods-q3-groceries',
    category: 'periods',
    turns: [
      {
        ask: 'groceries q3',
        expect: perReading(
          (raw) => quarterReadings(raw.today, 3),
          (period) => one(spent(period, GROCERIES)),
        ),
      },
    ],
  },
  {
    id: 'ho-periods-q3-last-year',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `total spending Q3 ${yearOf(raw.today) - 1}`,
        expect: one((raw) => spending(raw, quarter(yearOf(raw.today) - 1, 3))),
      },
    ],
  },
  {
    id: 'ho-periods-second-quarter-income',
    category: 'periods',
    turns: [
      {
        ask: 'income in the second quarter',
        expect: perReading(
          (raw) => quarterReadings(raw.today, 2),
          (period) => one(earned(period)),
        ),
      },
    ],
  },
  {
    id: 'ho-periods-june-through-august',
    category: 'periods',
    turns: [
      {
        ask: 'restaurants june through august',
        expect: perReading(
          (raw) => monthRangeReadings(raw.today, 6, 8),
          (period) => one(spent(period, RESTAURANTS)),
        ),
      },
    ],
  },
  {
    id: 'ho-periods-aug-oct',
    category: 'periods',
    turns: [
      {
        ask: 'spending aug-oct',
        expect: perReading(
          (raw) => monthRangeReadings(raw.today, 8, 10),
          (period) => one(spent(period)),
        ),
      },
    ],
  },
  {
    id: 'ho-periods-ordinal-date',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `how much did i spend on ${dayFormats(diningDay(raw, 2)).ordinal}`,
        expect: one((raw) => spending(raw, day(diningDay(raw, 2)))),
      },
    ],
  },
  {
    id: 'ho-periods-us-date',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `spending on ${dayFormats(diningDay(raw, 1)).us}?`,
        expect: any(
          one((raw) => spending(raw, day(diningDay(raw, 1)))),
          one((raw) => {
            const other = dayFormats(diningDay(raw, 1)).dayFirst;
            return spending(raw, day(other && other <= raw.today ? other : diningDay(raw, 1)));
          }),
          clarification,
        ),
      },
    ],
  },
  {
    id: 'ho-periods-iso-date',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `what did i buy on ${dayFormats(diningDay(raw, 3)).iso}, total`,
        expect: one((raw) => spending(raw, day(diningDay(raw, 3)))),
      },
    ],
  },
  {
    id: 'ho-periods-1st-to-15th',
    category: 'periods',
    turns: [
      {
        ask: 'what did i spend from the 1st to the 15th',
        expect: any(
          one((raw) => {
            const start = thisMonth(raw).start;
            const fifteenth = `${start.slice(0, 8)}15`;
            return spending(raw, { start, end: fifteenth < raw.today ? fifteenth : raw.today });
          }),
          one((raw) => {
            const start = lastMonth(raw).start;
            return spending(raw, { start, end: `${start.slice(0, 8)}15` });
          }),
          clarification,
        ),
      },
    ],
  },
  {
    id: 'ho-periods-past-2-weeks',
    category: 'periods',
    turns: [
      {
        ask: 'past 2 weeks spending',
        expect: any(
          one(spent(lastDays(14))),
          one((raw) => spending(raw, lastWholeWeeks(raw.today, 2))),
        ),
      },
    ],
  },
  {
    id: 'ho-periods-yesterday',
    category: 'periods',
    turns: [
      {
        ask: "what'd i spend yesterday",
        expect: one((raw) => spending(raw, day(addDays(raw.today, -1)))),
      },
    ],
  },
  {
    id: 'ho-periods-last-weekend',
    category: 'periods',
    turns: [
      {
        ask: 'how much did i spend last weekend',
        expect: any(
          one((raw) => spending(raw, lastWeekend(raw.today))),
          one((raw) => spending(raw, currentWeekend(raw.today) ?? lastWeekend(raw.today))),
        ),
      },
    ],
  },
  {
    id: 'ho-periods-90-days',
    category: 'periods',
    turns: [{ ask: 'spent in the last 90 days?', expect: one(spent(lastDays(90))) }],
  },
  {
    id: 'ho-periods-this-quarter',
    category: 'periods',
    turns: [
      {
        ask: 'spending this quarter so far',
        expect: one((raw) => spending(raw, quarterBack(raw.today, 0).period)),
      },
    ],
  },
  {
    id: 'ho-periods-short-month-year',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `amazon in ${back(raw, 13).short} ${back(raw, 13).year}`,
        expect: one(spent(monthAgo(13), AMAZON)),
      },
    ],
  },
  {
    id: 'ho-periods-year-number',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `how much did i spend in ${yearOf(raw.today) - 1} total`,
        expect: one(spent(lastYear)),
      },
    ],
  },

  // --- Comparisons: both figures must be stated
  {
    id: 'ho-comparisons-two-months',
    category: 'comparisons',
    turns: [
      {
        ask: (raw) => `did i spend more in ${back(raw, 3).name} or ${back(raw, 2).name}`,
        expect: money((raw) => [spending(raw, monthAgo(3)(raw)), spending(raw, monthAgo(2)(raw))]),
      },
    ],
  },
  {
    id: 'ho-comparisons-groceries-month-vs-month',
    category: 'comparisons',
    turns: [
      {
        ask: 'groceries this month vs last month',
        expect: money((raw) => [
          spending(raw, thisMonth(raw), GROCERIES),
          spending(raw, lastMonth(raw), GROCERIES),
        ]),
      },
    ],
  },
  {
    id: 'ho-comparisons-dining-q2-q3',
    category: 'comparisons',
    turns: [
      {
        ask: (raw) => `compare my eating out q2 vs q3 ${yearOf(raw.today) - 1}`,
        expect: eatingOut((filter) =>
          money((raw) => [
            spending(raw, quarter(yearOf(raw.today) - 1, 2), filter),
            spending(raw, quarter(yearOf(raw.today) - 1, 3), filter),
          ]),
        ),
      },
    ],
  },
  {
    id: 'ho-comparisons-ytd-vs-last-ytd',
    category: 'comparisons',
    turns: [
      {
        ask: 'am i spending more this yr than last yr at this point',
        expect: money((raw) => [spending(raw, thisYear(raw)), spending(raw, lastYearToDate(raw.today))]),
      },
    ],
  },
  {
    id: 'ho-comparisons-income-months',
    category: 'comparisons',
    turns: [
      {
        ask: (raw) => `income ${back(raw, 4).short} vs ${back(raw, 1).short}`,
        expect: money((raw) => [income(raw, monthAgo(4)(raw)), income(raw, monthAgo(1)(raw))]),
      },
    ],
  },
  {
    id: 'ho-comparisons-amazon-month-before',
    category: 'comparisons',
    turns: [
      {
        ask: 'amazon last month compared w/ the month before',
        expect: money((raw) => [
          spending(raw, monthAgo(1)(raw), AMAZON),
          spending(raw, monthAgo(2)(raw), AMAZON),
        ]),
      },
    ],
  },
  {
    id: 'ho-comparisons-uber-vs-lyft',
    category: 'comparisons',
    turns: [
      {
        ask: 'do i spend more on uber or lyft this yr',
        expect: money((raw) => [spending(raw, thisYear(raw), UBER), spending(raw, thisYear(raw), LYFT)]),
      },
    ],
  },
  {
    id: 'ho-comparisons-how-much-more',
    category: 'comparisons',
    turns: [
      {
        ask: (raw) => `how much more did i spend in ${back(raw, 1).name} than in ${back(raw, 2).name}`,
        expect: any(
          one((raw) => spending(raw, monthAgo(1)(raw)) - spending(raw, monthAgo(2)(raw))),
          money((raw) => [spending(raw, monthAgo(1)(raw)), spending(raw, monthAgo(2)(raw))]),
        ),
      },
    ],
  },
  {
    id: 'ho-comparisons-checking-vs-savings',
    category: 'comparisons',
    turns: [
      { ask: 'checking vs savings, which has more', expect: money((raw) => [checking(raw), savings(raw)]) },
    ],
  },
  {
    id: 'ho-comparisons-restaurants-vs-groceries',
    category: 'comparisons',
    turns: [
      {
        ask: 'restaurants vs groceries last month, which was more?',
        expect: money((raw) => [
          spending(raw, lastMonth(raw), RESTAURANTS),
          spending(raw, lastMonth(raw), GROCERIES),
        ]),
      },
    ],
  },

  // --- Trends over several months
  {
    id: 'ho-trends-spending-6-months',
    category: 'trends',
    turns: [{ ask: 'spending trend last 6 months', expect: money((raw) => monthlySpending(raw, 6)) }],
  },
  {
    id: 'ho-trends-groceries-4-months',
    category: 'trends',
    turns: [
      {
        ask: 'how has my grocery spending changed over the past 4 months',
        expect: any(
          money((raw) => monthlySpending(raw, 4, GROCERIES)),
          money((raw) => [...monthlySpending(raw, 3, GROCERIES), spending(raw, thisMonth(raw), GROCERIES)]),
        ),
      },
    ],
  },
  {
    id: 'ho-trends-income-by-month',
    category: 'trends',
    turns: [
      {
        ask: 'month by month income this yr',
        expect: any(
          money((raw) => {
            const { whole, current } = monthsOfThisYear(raw.today);
            return (whole.length > 0 ? whole : [current]).map((period) => income(raw, period));
          }),
          money((raw) => {
            const { whole, current } = monthsOfThisYear(raw.today);
            return [...whole, current].map((period) => income(raw, period));
          }),
        ),
      },
    ],
  },
  {
    id: 'ho-trends-coffee-habit',
    category: 'trends',
    turns: [
      {
        ask: 'is my coffee habit getting worse? show the last 3 months',
        expect: money((raw) => monthlySpending(raw, 3, COFFEE)),
      },
    ],
  },
  {
    id: 'ho-trends-restaurants-since',
    category: 'trends',
    turns: [
      {
        ask: (raw) => `restaurant spending each month since ${back(raw, 5).name}`,
        expect: any(
          money((raw) => [
            ...monthlySpending(raw, 5, RESTAURANTS),
            spending(raw, thisMonth(raw), RESTAURANTS),
          ]),
          money((raw) => monthlySpending(raw, 5, RESTAURANTS)),
        ),
      },
    ],
  },
  {
    id: 'ho-trends-net-last-quarter',
    category: 'trends',
    turns: [
      {
        ask: 'how did my net cash flow look each month of last quarter',
        expect: money((raw) => {
          const { year, q } = quarterBack(raw.today, 1);
          return [1, 2, 3].map((offset) => netFlow(raw, month(year, (q - 1) * 3 + offset)));
        }),
      },
    ],
  },
  {
    id: 'ho-trends-rides-monthly',
    category: 'trends',
    turns: [
      {
        ask: 'rideshare spend per month for the last 3 months',
        expect: money((raw) => monthlySpending(raw, 3, RIDES)),
      },
    ],
  },
  {
    id: 'ho-trends-going-up-or-down',
    category: 'trends',
    turns: [
      {
        ask: 'has my spending been going up or down lately',
        expect: any(
          money((raw) => monthlySpending(raw, 3)),
          money((raw) => monthlySpending(raw, 6)),
        ),
      },
    ],
  },
  {
    id: 'ho-trends-quarterly',
    category: 'trends',
    turns: [
      {
        ask: 'quarterly spending this yr?',
        expect: any(
          money((raw) => quartersOfThisYear(raw.today).map((period) => spending(raw, period))),
          money((raw) => {
            const all = quartersOfThisYear(raw.today);
            const whole = all.slice(0, -1);
            return (whole.length > 0 ? whole : all).map((period) => spending(raw, period));
          }),
        ),
      },
    ],
  },

  // --- Open questions: the key figures a right answer must hold
  {
    id: 'ho-open-summary',
    category: 'open_questions',
    turns: [{ ask: 'give me a summary of my finances', expect: one(netWorth) }],
  },
  {
    id: 'ho-open-spend-more-than-earn',
    category: 'open_questions',
    turns: [
      {
        ask: 'am i spending more than i earn',
        expect: any(
          ...[lastMonth, thisMonth, thisYear, lastFullMonths(3)].map((period) =>
            money((raw) => [income(raw, period(raw)), spending(raw, period(raw))]),
          ),
        ),
      },
    ],
  },
  {
    id: 'ho-open-afford-trip',
    category: 'open_questions',
    turns: [
      {
        ask: 'can i afford a $2000 trip',
        expect: any(
          one(cash),
          money((raw) => [checking(raw), savings(raw)]),
        ),
      },
    ],
  },
  {
    id: 'ho-open-cut-back',
    category: 'open_questions',
    turns: [
      {
        ask: 'where can i cut back',
        expect: any(
          ...[lastMonth, thisMonth, lastFullMonths(3)].flatMap((period) => [
            money((raw) => nonEmpty(topPrimary(raw, period(raw), 1), 'category').map((group) => group.cents)),
            money((raw) =>
              nonEmpty(topDetailed(raw, period(raw), 1), 'category').map((group) => group.cents),
            ),
          ]),
        ),
      },
    ],
  },
  {
    id: 'ho-open-how-am-i-doing',
    category: 'open_questions',
    turns: [{ ask: 'how am i doing this month', expect: one(spent(thisMonth)) }],
  },
  {
    id: 'ho-open-financial-picture',
    category: 'open_questions',
    turns: [{ ask: "what's my overall financial picture like", expect: one(netWorth) }],
  },
  {
    id: 'ho-open-rundown-last-month',
    category: 'open_questions',
    turns: [
      {
        ask: 'quick rundown of last month?',
        expect: money((raw) => [income(raw, lastMonth(raw)), spending(raw, lastMonth(raw))]),
      },
    ],
  },
  {
    id: 'ho-open-saving-enough',
    category: 'open_questions',
    turns: [
      {
        ask: 'am i saving enough?',
        expect: any(
          ...[lastMonth, thisYear, lastFullMonths(3)].flatMap((period) => [
            percent((raw) => savingsRatePercent(income(raw, period(raw)), spending(raw, period(raw)))),
            one((raw) => netFlow(raw, period(raw))),
          ]),
        ),
      },
    ],
  },
  {
    id: 'ho-open-emergency-fund',
    category: 'open_questions',
    turns: [
      {
        ask: 'do i have enough of an emergency fund',
        expect: any(
          one(savings),
          one(cash),
          money((raw) => [checking(raw), savings(raw)]),
        ),
      },
    ],
  },
  {
    id: 'ho-open-rent-too-high',
    category: 'open_questions',
    turns: [
      {
        ask: 'is my rent too high for what i make',
        expect: any(
          ...[lastMonth, thisYear, lastFullMonths(3)].flatMap((period) => [
            money((raw) => [spending(raw, period(raw), RENT), income(raw, period(raw))]),
            percent((raw) => share(spending(raw, period(raw), RENT), income(raw, period(raw)))),
          ]),
        ),
      },
    ],
  },

  // --- Follow-ups in one thread: the second turn changes the period or the topic
  {
    id: 'ho-follow-groceries-next-month',
    category: 'follow_ups',
    turns: [
      {
        ask: (raw) => `how much on groceries in ${back(raw, 3).name}`,
        expect: one(spent(monthAgo(3), GROCERIES)),
      },
      { ask: (raw) => `and ${back(raw, 2).name}?`, expect: one(spent(monthAgo(2), GROCERIES)) },
    ],
  },
  {
    id: 'ho-follow-checking-then-savings',
    category: 'follow_ups',
    turns: [
      { ask: 'checking balance?', expect: one(checking) },
      { ask: 'and savings', expect: one(savings) },
    ],
  },
  {
    id: 'ho-follow-amazon-count',
    category: 'follow_ups',
    turns: [
      { ask: 'amazon spend this yr', expect: one(spent(thisYear, AMAZON)) },
      {
        ask: 'how many orders was that',
        expect: tallies((raw) => spendingCounts(raw, thisYear(raw), AMAZON)),
      },
    ],
  },
  {
    id: 'ho-follow-spending-then-income',
    category: 'follow_ups',
    turns: [
      { ask: 'spending last month', expect: one(spent(lastMonth)) },
      { ask: 'ok what about income', expect: one(earned(lastMonth)) },
    ],
  },
  {
    id: 'ho-follow-btc-then-eth',
    category: 'follow_ups',
    turns: [
      { ask: 'how much is my bitcoin worth', expect: one((raw) => cryptoSymbolCents(raw, 'BTC')) },
      {
        ask: 'and eth?',
        expect: any(
          one((raw) => cryptoSymbolCents(raw, 'ETH')),
          money((raw) => [
            walletSymbol(raw, 'Ledger_web3', 'ETH'),
            walletSymbol(raw, 'MetaMask_web3', 'ETH'),
          ]),
        ),
      },
    ],
  },
  {
    id: 'ho-follow-q3-then-q2',
    category: 'follow_ups',
    turns: [
      {
        ask: (raw) => `restaurant spending in q3 ${yearOf(raw.today) - 1}`,
        expect: one((raw) => spending(raw, quarter(yearOf(raw.today) - 1, 3), RESTAURANTS)),
      },
      {
        ask: 'what about q2',
        expect: one((raw) => spending(raw, quarter(yearOf(raw.today) - 1, 2), RESTAURANTS)),
      },
    ],
  },
  {
    id: 'ho-follow-top-restaurant-then-smallest',
    category: 'follow_ups',
    turns: [
      {
        ask: 'which restaurant did i spend the most at last month',
        expect: money(
          (raw) =>
            nonEmpty(topMerchants(raw, lastMonth(raw), 1, RESTAURANTS), 'restaurant').map(
              (group) => group.cents,
            ),
          (raw) => topMerchants(raw, lastMonth(raw), 1, RESTAURANTS).map((group) => group.key),
        ),
      },
      {
        ask: 'and my smallest purchase that month?',
        expect: one((raw) => smallestPurchase(raw, lastMonth(raw))),
      },
    ],
  },
  {
    id: 'ho-follow-uber-same-last-yr',
    category: 'follow_ups',
    turns: [
      { ask: 'uber rides this yr?', expect: one(spent(thisYear, UBER)) },
      { ask: 'same thing for last yr', expect: one(spent(lastYear, UBER)) },
    ],
  },
  {
    id: 'ho-follow-earned-then-spent',
    category: 'follow_ups',
    turns: [
      { ask: (raw) => `how much did i earn in ${back(raw, 2).name}`, expect: one(earned(monthAgo(2))) },
      { ask: 'and how much did i spend that month', expect: one(spent(monthAgo(2))) },
    ],
  },
  {
    id: 'ho-follow-net-worth-then-investments',
    category: 'follow_ups',
    turns: [
      { ask: 'whats my net worth', expect: one(netWorth) },
      { ask: 'ok now just my investments', expect: one(investmentsValue) },
    ],
  },
  {
    id: 'ho-follow-coffee-last-yr',
    category: 'follow_ups',
    turns: [
      { ask: 'coffee spending ytd', expect: one(spent(thisYear, COFFEE)) },
      { ask: 'what about last yr', expect: one(spent(lastYear, COFFEE)) },
    ],
  },

  // --- Must decline: predictions, other people's money, data Penny lacks, tax and legal specifics
  {
    id: 'ho-decline-tsla-up',
    category: 'must_decline',
    turns: [{ ask: 'will tsla go up next week', expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-btc-moon',
    category: 'must_decline',
    turns: [{ ask: 'is btc gonna moon this yr?', expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-wife-spending',
    category: 'must_decline',
    turns: [{ ask: 'how much did my wife spend on clothes last month', expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-credit-score',
    category: 'must_decline',
    turns: [{ ask: 'whats my credit score', expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-tax-dividends',
    category: 'must_decline',
    turns: [{ ask: 'how much tax will i owe on my dividends this yr', expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-write-off',
    category: 'must_decline',
    turns: [{ ask: 'can i write off my home office on my taxes', expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-sell-nvda',
    category: 'must_decline',
    turns: [{ ask: 'should i dump my nvda before earnings', expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-roommate',
    category: 'must_decline',
    turns: [{ ask: 'how much does my roommate owe me for utilities', expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-boss-salary',
    category: 'must_decline',
    turns: [{ ask: "what's my boss's salary", expect: declines(DECLINE) }],
  },
  {
    id: 'ho-decline-eth-price-xmas',
    category: 'must_decline',
    turns: [{ ask: 'predict the eth price by xmas', expect: declines(DECLINE) }],
  },

  // --- History bounds: before the linked history, or a period still ahead: no $0.00
  {
    id: 'ho-bounds-2019',
    category: 'history_bounds',
    turns: [{ ask: 'what did i spend in 2019', expect: declines(HISTORY_BOUND) }],
  },
  {
    id: 'ho-bounds-income-2021',
    category: 'history_bounds',
    turns: [{ ask: 'how much did i earn in 2021?', expect: declines(HISTORY_BOUND) }],
  },
  {
    id: 'ho-bounds-year-before-history',
    category: 'history_bounds',
    turns: [
      {
        ask: (raw) => `groceries in ${yearOf(historyStart(raw)) - 1}`,
        expect: declines(HISTORY_BOUND),
      },
    ],
  },
  {
    id: 'ho-bounds-march-2020',
    category: 'history_bounds',
    turns: [{ ask: 'spending in march 2020', expect: declines(HISTORY_BOUND) }],
  },
  {
    id: 'ho-bounds-next-year',
    category: 'history_bounds',
    turns: [{ ask: (raw) => `what did i spend in ${yearOf(raw.today) + 1}`, expect: declines(NOT_YET) }],
  },
  {
    id: 'ho-bounds-future-month',
    category: 'history_bounds',
    turns: [
      {
        ask: (raw) => {
          const ahead = monthBack(raw.today, -13);
          return `income for ${ahead.name} ${ahead.year}`;
        },
        expect: declines(NOT_YET),
      },
    ],
  },
  {
    id: 'ho-bounds-net-worth-2018',
    category: 'history_bounds',
    turns: [{ ask: 'what was my net worth back in 2018', expect: declines(HISTORY_BOUND) }],
  },
  {
    id: 'ho-bounds-amazon-5-years',
    category: 'history_bounds',
    turns: [{ ask: 'how much did i spend on amazon 5 years ago', expect: declines(HISTORY_BOUND) }],
  },
  {
    id: 'ho-bounds-old-date',
    category: 'history_bounds',
    turns: [
      {
        ask: (raw) => {
          const old = dayFormats(`${yearOf(historyStart(raw)) - 1}-03-14`);
          return `my spending on ${old.us}`;
        },
        expect: declines(HISTORY_BOUND),
      },
    ],
  },

  // --- Genuinely ambiguous: every defensible reading, or an ask-back
  {
    id: 'ho-ambiguous-gas',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much did i spend on gas last month',
        expect: any(
          clarification,
          one(spent(lastMonth, byDetailed('TRANSPORTATION_GAS'))),
          one(spent(lastMonth, byDetailed('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'))),
        ),
      },
    ],
  },
  {
    id: 'ho-ambiguous-balance',
    category: 'ambiguous',
    turns: [
      {
        ask: "what's my balance",
        expect: any(
          clarification,
          money((raw) => [checking(raw), savings(raw), cardOwed(raw)]),
        ),
      },
    ],
  },
  {
    id: 'ho-ambiguous-apple',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much did i spend on apple this yr',
        expect: any(
          clarification,
          one(spent(thisYear, byMerchant('Apple'))),
          one(spent(thisYear, byMerchant('Apple iCloud'))),
          one(spent(thisYear, anyOf(byMerchant('Apple'), byMerchant('Apple iCloud')))),
          money((raw) => [
            spending(raw, thisYear(raw), byMerchant('Apple')),
            spending(raw, thisYear(raw), byMerchant('Apple iCloud')),
          ]),
        ),
      },
    ],
  },
  {
    id: 'ho-ambiguous-roth',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much is in my roth',
        expect: any(
          clarification,
          money((raw) => nonEmpty(balanceNamed(raw, 'Roth IRA'), 'Roth IRA')),
          one((raw) => balanceNamed(raw, 'Roth IRA').reduce((sum, cents) => sum + cents, 0)),
        ),
      },
    ],
  },
  {
    id: 'ho-ambiguous-slash-date',
    category: 'ambiguous',
    turns: [
      {
        ask: (raw) => {
          const { number } = back(raw, 1);
          const dayOfMonth = number === 1 ? 2 : number - 1;
          return `spending on ${number}/${dayOfMonth}`;
        },
        expect: any(
          clarification,
          one((raw) => {
            const { number } = back(raw, 1);
            return spending(raw, day(latestDay(raw.today, number, number === 1 ? 2 : number - 1)));
          }),
          one((raw) => {
            const { number } = back(raw, 1);
            const other = number === 1 ? 2 : number - 1;
            return spending(raw, day(latestDay(raw.today, other, number)));
          }),
        ),
      },
    ],
  },
  {
    id: 'ho-ambiguous-food-no-period',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much have i spent on food',
        expect: any(
          clarification,
          ...[thisMonth, lastMonth, thisYear, lastDays(30), allHistory].map((period) =>
            one(spent(period, FOOD)),
          ),
        ),
      },
    ],
  },
  {
    id: 'ho-ambiguous-my-account',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much did i spend out of my account last month',
        expect: any(
          clarification,
          one(spent(lastMonth, byAccountKind('checking'))),
          one(spent(lastMonth, byAccountKind('credit'))),
          one(spent(lastMonth)),
        ),
      },
    ],
  },
  {
    id: 'ho-ambiguous-the-5th',
    category: 'ambiguous',
    turns: [
      {
        ask: 'what did i spend on the 5th',
        expect: any(
          clarification,
          one((raw) => {
            const fifth = `${thisMonth(raw).start.slice(0, 8)}05`;
            return spending(raw, day(fifth <= raw.today ? fifth : `${lastMonth(raw).start.slice(0, 8)}05`));
          }),
          one((raw) => spending(raw, day(`${lastMonth(raw).start.slice(0, 8)}05`))),
        ),
      },
    ],
  },
  {
    id: 'ho-ambiguous-target-ytd-vs-year',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much at target in the past year',
        expect: any(
          clarification,
          one(spent(lastDays(365), TARGET)),
          one(spent(thisYear, TARGET)),
          one(spent(lastYear, TARGET)),
          one(spent(lastFullMonths(12), TARGET)),
        ),
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------

/** The coin worth most across every wallet. */
function biggestCoin(raw: RawData): { symbol: string; cents: number } {
  const symbols = [...new Set(raw.wallets.flatMap((wallet) => wallet.assets.map((asset) => asset.symbol)))];
  const ranked = symbols
    .map((symbol) => ({ symbol, cents: cryptoSymbolCents(raw, symbol) }))
    .sort((a, b) => b.cents - a.cents);
  const top = ranked[0];
  if (!top) throw new Error('no coins');
  return top;
}
