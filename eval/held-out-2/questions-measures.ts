import {
  byAccountKind,
  byDetailed,
  byMerchant,
  byPrimary,
  cryptoCents,
  income,
  largestInflow,
  largestSpending,
  netWorth,
  type Period,
  periods,
  savingsRatePercent,
  spending,
  totalAssets,
  valueOfTicker,
} from '../expected.ts';
import {
  chargeAbove,
  chargeAtLeast,
  latestIncome,
  monthBack,
  monthReadings,
  portfolioCents,
  purchases,
  quarterReadings,
  share,
  smallestGroup,
  smallestPurchase,
  spendingCounts,
  spendingFlows,
  thisWeek,
  topDetailed,
  topPrimary,
} from '../held-out/expected.ts';
import type { RawData } from '../raw-data.ts';
import {
  allHistory,
  byDetailedIn,
  byMerchants,
  cardTransactions,
  distinctMerchants,
  type FlowFilter,
  incomePaymentCount,
  incomePerMonth,
  largestIncomePayment,
  merchantsByCount,
  merchantsBySpend,
  monthsIncludingThis,
  monthsOf,
  onWeekends,
  perDay,
  perIncomePayment,
  perMonth,
  perTransaction,
  perWeek,
  saturdaysIn,
  topTied,
} from './expected.ts';
import {
  any,
  averages,
  eachOf,
  type HeldOut2Question,
  lastFullMonths,
  lastMonth,
  lastWeek,
  lastYear,
  money,
  one,
  type PeriodOf,
  percent,
  perPeriod,
  rounded,
  tallies,
  thisMonth,
  thisYear,
} from './shorthands.ts';

/** Counts, averages, rankings and shares (SEALED: see README.md). */

const GROCERIES = byDetailed('FOOD_AND_DRINK_GROCERIES');
const RESTAURANTS = byDetailed('FOOD_AND_DRINK_RESTAURANT');
const EATING_OUT = byDetailedIn('FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD');
const COFFEE = byDetailed('FOOD_AND_DRINK_COFFEE');
const WAGES = byDetailed('INCOME_WAGES');
const RENT = byDetailed('RENT_AND_UTILITIES_RENT');
const AMAZON = byMerchant('Amazon');

const sinceLatest =
  (number: number): PeriodOf =>
  (raw) => ({ start: monthReadings(raw.today, number)[0]?.start ?? raw.today, end: raw.today });
const lastMonthShort = (raw: RawData) => monthBack(raw.today, 1).short;
const lastMonthName = (raw: RawData) => monthBack(raw.today, 1).name;

/** Counts of spending transactions: purchases only, and every spending transaction (refunds too). */
const countsOf = (filter: FlowFilter, period: PeriodOf) => (raw: RawData) =>
  spendingCounts(raw, period(raw), filter);

export const COUNT_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-counts-starbucks-last-month',
    category: 'counts',
    turns: [
      {
        ask: 'how many times did i hit starbucks last month',
        expect: tallies(countsOf(byMerchant('Starbucks'), lastMonth)),
      },
    ],
  },
  {
    id: 'h2-counts-amazon-orders-ytd',
    category: 'counts',
    turns: [{ ask: '# of amazon orders this yr', expect: tallies(countsOf(AMAZON, thisYear)) }],
  },
  {
    id: 'h2-counts-visa-txns',
    category: 'counts',
    turns: [
      {
        ask: (raw) => `how many txns on my visa in ${lastMonthShort(raw)}`,
        expect: tallies((raw) => [
          purchases(raw, lastMonth(raw), byAccountKind('credit')).length,
          spendingFlows(raw, lastMonth(raw), byAccountKind('credit')).length,
          cardTransactions(raw, lastMonth(raw)),
        ]),
      },
    ],
  },
  {
    id: 'h2-counts-paychecks-this-year',
    category: 'counts',
    turns: [
      {
        ask: 'how many paychecks have i gotten this year',
        expect: tallies((raw) => [incomePaymentCount(raw, thisYear(raw), WAGES)]),
      },
    ],
  },
  {
    id: 'h2-counts-grocery-runs-30-days',
    category: 'counts',
    turns: [
      {
        ask: 'how many grocery runs in the last 30 days',
        expect: tallies(countsOf(GROCERIES, (raw) => periods.lastDays(raw.today, 30))),
      },
    ],
  },
  {
    id: 'h2-counts-over-100-this-month',
    category: 'counts',
    turns: [
      {
        ask: 'count of purchases over $100 this month',
        expect: tallies((raw) => [
          purchases(raw, thisMonth(raw), chargeAbove(10_000)).length,
          purchases(raw, thisMonth(raw), chargeAtLeast(10_000)).length,
        ]),
      },
    ],
  },
  {
    id: 'h2-counts-lyft-last-year',
    category: 'counts',
    turns: [
      {
        ask: (raw) => `how many lyft rides did i take in ${lastYear(raw).start.slice(0, 4)}`,
        expect: tallies(countsOf(byMerchant('Lyft'), lastYear)),
      },
    ],
  },
  {
    id: 'h2-counts-chipotle-mcdonalds-since-may',
    category: 'counts',
    turns: [
      {
        ask: 'how many times did i get chipotle or mcdonalds since may',
        expect: tallies(countsOf(byMerchants('Chipotle Mexican Grill', "McDonald's"), sinceLatest(5))),
      },
    ],
  },
  {
    id: 'h2-counts-different-places-last-month',
    category: 'counts',
    turns: [
      {
        ask: 'how many different places did i spend money at last month',
        expect: tallies(
          (raw) => distinctMerchants(raw, lastMonth(raw)),
          ['merchant', 'place', 'store', 'shop', 'business', 'vendor'],
        ),
      },
    ],
  },
  {
    id: 'h2-counts-eaten-out-this-week',
    category: 'counts',
    turns: [
      {
        ask: 'how many times have i eaten out this week',
        expect: tallies((raw) => [
          purchases(raw, thisWeek(raw.today), RESTAURANTS).length,
          purchases(raw, thisWeek(raw.today), EATING_OUT).length,
        ]),
      },
    ],
  },
];

/** The readings of a month average over whole months: 3, 6 or 12 full months before this one. */
const usualMonths = [3, 6, 12] as const;

/** Weekends in a month: its Saturdays (the ledger's divisor), or every weekend it touches. */
function weekendDivisors(period: Period): number[] {
  const saturdays = saturdaysIn(period);
  const startsOnSunday = new Date(`${period.start}T00:00:00Z`).getUTCDay() === 0;
  return [...new Set([saturdays, saturdays + (startsOnSunday ? 1 : 0)])];
}

export const AVERAGE_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-averages-grocery-bill-ytd',
    category: 'averages',
    turns: [
      {
        ask: 'avg grocery bill this yr',
        expect: averages((raw) => perTransaction(raw, thisYear(raw), GROCERIES)),
      },
    ],
  },
  {
    id: 'h2-averages-eating-out-usual-month',
    category: 'averages',
    turns: [
      {
        ask: 'what do i usually spend a month eating out',
        expect: averages((raw) =>
          usualMonths.flatMap((months) => [
            perMonth(raw, periods.lastFullMonths(raw.today, months), RESTAURANTS),
            perMonth(raw, periods.lastFullMonths(raw.today, months), EATING_OUT),
          ]),
        ),
      },
    ],
  },
  {
    id: 'h2-averages-weekly-last-month',
    category: 'averages',
    turns: [
      {
        ask: 'avg weekly spending last month',
        expect: rounded((raw) => perWeek(spending(raw, lastMonth(raw)), lastMonth(raw))),
      },
    ],
  },
  {
    id: 'h2-averages-daily-this-month',
    category: 'averages',
    turns: [
      {
        ask: 'avg daily spend this month',
        expect: rounded((raw) => perDay(spending(raw, thisMonth(raw)), thisMonth(raw))),
      },
    ],
  },
  {
    id: 'h2-averages-uber-ride-ytd',
    category: 'averages',
    turns: [
      {
        ask: 'on avg how much is each uber ride this yr',
        expect: averages((raw) => perTransaction(raw, thisYear(raw), byMerchant('Uber'))),
      },
    ],
  },
  {
    id: 'h2-averages-paycheck-this-year',
    category: 'averages',
    turns: [
      {
        ask: (raw) => `whats my average paycheck been in ${raw.today.slice(0, 4)}`,
        expect: rounded((raw) => perIncomePayment(raw, thisYear(raw), WAGES)),
      },
    ],
  },
  {
    id: 'h2-averages-monthly-income-ytd',
    category: 'averages',
    turns: [
      {
        ask: 'average monthly income this year',
        expect: averages((raw) => {
          const whole = monthsOf(thisYear(raw)).filter((bucket) => bucket.end < thisMonth(raw).start);
          const first = whole[0];
          const last = whole.at(-1);
          return [
            incomePerMonth(raw, thisYear(raw)),
            ...(first && last ? [incomePerMonth(raw, { start: first.start, end: last.end })] : []),
          ];
        }),
      },
    ],
  },
  {
    id: 'h2-averages-amazon-order-since-june',
    category: 'averages',
    turns: [
      {
        ask: 'avg amount per amazon order since june',
        expect: averages((raw) => perTransaction(raw, sinceLatest(6)(raw), AMAZON)),
      },
    ],
  },
  {
    id: 'h2-averages-per-weekend-last-month',
    category: 'averages',
    turns: [
      {
        ask: (raw) => `how much do i spend on avg per weekend in ${lastMonthName(raw)}`,
        expect: averages((raw) =>
          weekendDivisors(lastMonth(raw)).map((divisor) => {
            const total = spending(raw, lastMonth(raw), onWeekends);
            return [Math.floor(total / divisor), Math.ceil(total / divisor)];
          }),
        ),
      },
    ],
  },
  {
    id: 'h2-averages-coffee-per-week-3-months',
    category: 'averages',
    turns: [
      {
        ask: 'avg coffee spend per week over the last 3 months',
        expect: averages((raw) =>
          [lastFullMonths(3)(raw), monthsIncludingThis(raw.today, 3)].map((period) =>
            perWeek(spending(raw, period, COFFEE), period),
          ),
        ),
      },
    ],
  },
];

/** The grocer visited most (ties: each), with what was spent there, over each reading of "usually". */
function mostVisitedGrocers(raw: RawData): { name: string; cents: number }[] {
  const readings = [lastFullMonths(3)(raw), thisYear(raw), allHistory(raw)];
  return readings.flatMap((period) =>
    topTied(merchantsByCount(raw, period, GROCERIES)).map((entry) => ({
      name: entry.key,
      cents: spending(raw, period, (flow) => GROCERIES(flow) && flow.merchant === entry.key),
    })),
  );
}

export const RANKING_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-rankings-top-5-merchants-ytd',
    category: 'rankings',
    turns: [
      {
        ask: 'top 5 merchants this yr',
        expect: money((raw) =>
          merchantsBySpend(raw, thisYear(raw))
            .slice(0, 5)
            .map((entry) => entry.cents),
        ),
      },
    ],
  },
  {
    id: 'h2-rankings-biggest-category-last-month',
    category: 'rankings',
    turns: [
      {
        ask: 'whats my biggest expense category last month',
        expect: any(
          one((raw) => topDetailed(raw, lastMonth(raw), 1)[0]?.cents ?? 0),
          one((raw) => topPrimary(raw, lastMonth(raw), 1)[0]?.cents ?? 0),
        ),
      },
    ],
  },
  {
    id: 'h2-rankings-3-largest-q3',
    category: 'rankings',
    turns: [
      {
        ask: '3 largest purchases in q3',
        expect: perPeriod(
          (raw) => quarterReadings(raw.today, 3),
          (period) =>
            any(
              money((raw) => largestSpending(raw, period(raw), () => true, 3)),
              money((raw) => largestSpending(raw, period(raw), (flow) => !RENT(flow), 3)),
            ),
        ),
      },
    ],
  },
  {
    id: 'h2-rankings-smallest-last-wk',
    category: 'rankings',
    turns: [
      { ask: 'smallest purchase i made last wk', expect: one((raw) => smallestPurchase(raw, lastWeek(raw))) },
    ],
  },
  {
    id: 'h2-rankings-least-category-sept',
    category: 'rankings',
    turns: [
      {
        ask: 'what category did i spend the least on in sept',
        expect: perPeriod(
          (raw) => monthReadings(raw.today, 9),
          (period) =>
            any(
              one((raw) => smallestGroup(raw, period(raw), (flow) => flow.detailed).cents),
              one((raw) => smallestGroup(raw, period(raw), (flow) => flow.primary).cents),
            ),
        ),
      },
    ],
  },
  {
    id: 'h2-rankings-biggest-deposit-last-month',
    category: 'rankings',
    turns: [
      {
        ask: (raw) => `biggest single deposit in ${lastMonthShort(raw)}`,
        expect: any(
          one((raw) => largestIncomePayment(raw, lastMonth(raw))),
          one((raw) => largestInflow(raw, lastMonth(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-rankings-top-3-categories-since-jan',
    category: 'rankings',
    turns: [
      {
        ask: 'top 3 spending categories since jan',
        expect: any(
          money((raw) => topDetailed(raw, thisYear(raw), 3).map((entry) => entry.cents)),
          money((raw) => topPrimary(raw, thisYear(raw), 3).map((entry) => entry.cents)),
        ),
      },
    ],
  },
  {
    id: 'h2-rankings-priciest-restaurant-meal-ytd',
    category: 'rankings',
    turns: [
      {
        ask: 'most expensive restaurant meal this year',
        expect: one((raw) => largestSpending(raw, thisYear(raw), RESTAURANTS)[0] ?? 0),
      },
    ],
  },
  {
    id: 'h2-rankings-grocer-most-visits',
    category: 'rankings',
    turns: [
      {
        ask: 'which grocery store do i go to most',
        expect: eachOf(6, mostVisitedGrocers, (pick) =>
          one(
            (raw) => pick(raw).cents,
            (raw) => [pick(raw).name],
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-rankings-2-priciest-flights-ever',
    category: 'rankings',
    turns: [
      {
        ask: 'my 2 priciest flights ever',
        expect: money((raw) => largestSpending(raw, allHistory(raw), byDetailed('TRAVEL_FLIGHTS'), 2)),
      },
    ],
  },
];

const rentShares = (raw: RawData): number[] => {
  const out: number[] = [];
  for (const period of [lastMonth(raw), lastFullMonths(3)(raw)]) {
    const rent = spending(raw, period, RENT);
    out.push(share(rent, income(raw, period, WAGES)), share(rent, income(raw, period)));
  }
  out.push(share(spending(raw, lastMonth(raw), RENT), latestIncome(raw, WAGES)));
  return out;
};

const bySpendCount = (raw: RawData, period: Period, filter: FlowFilter) => [
  share(purchases(raw, period, filter).length, purchases(raw, period).length),
  share(spendingFlows(raw, period, filter).length, spendingFlows(raw, period).length),
];

export const SHARE_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-shares-rent-of-spending-last-month',
    category: 'shares',
    turns: [
      {
        ask: 'what % of my spending went to rent last month',
        expect: percent((raw) => share(spending(raw, lastMonth(raw), RENT), spending(raw, lastMonth(raw)))),
      },
    ],
  },
  {
    id: 'h2-shares-groceries-of-food-ytd',
    category: 'shares',
    turns: [
      {
        ask: 'groceries as a share of food spending this yr',
        expect: percent((raw) =>
          share(
            spending(raw, thisYear(raw), GROCERIES),
            spending(raw, thisYear(raw), byPrimary('FOOD_AND_DRINK')),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-shares-income-saved-last-month',
    category: 'shares',
    turns: [
      {
        ask: (raw) => `how much of my income did i save in ${lastMonthShort(raw)}`,
        expect: any(
          percent((raw) => savingsRatePercent(income(raw, lastMonth(raw)), spending(raw, lastMonth(raw)))),
          one((raw) => income(raw, lastMonth(raw)) - spending(raw, lastMonth(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-shares-amazon-of-shopping-since-march',
    category: 'shares',
    turns: [
      {
        ask: 'amazon = what fraction of my shopping since march',
        expect: percent((raw) =>
          share(
            spending(raw, sinceLatest(3)(raw), AMAZON),
            spending(raw, sinceLatest(3)(raw), byPrimary('GENERAL_MERCHANDISE')),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-shares-coffee-by-count-last-month',
    category: 'shares',
    turns: [
      {
        ask: 'what percent of my txns last month were coffee',
        expect: eachOf(
          2,
          (raw) => bySpendCount(raw, lastMonth(raw), COFFEE),
          (pick) => percent(pick),
        ),
      },
    ],
  },
  {
    id: 'h2-shares-paycheck-to-rent',
    category: 'shares',
    turns: [
      { ask: 'how much of my paycheck goes to rent', expect: eachOf(5, rentShares, (pick) => percent(pick)) },
    ],
  },
  {
    id: 'h2-shares-card-vs-checking-ytd',
    category: 'shares',
    turns: [
      {
        ask: 'card vs checking, whats the split of my spending this yr',
        expect: any(
          percent((raw) =>
            share(spending(raw, thisYear(raw), byAccountKind('credit')), spending(raw, thisYear(raw))),
          ),
          percent((raw) =>
            share(spending(raw, thisYear(raw), byAccountKind('checking')), spending(raw, thisYear(raw))),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-shares-crypto-of-net-worth',
    category: 'shares',
    turns: [
      {
        ask: 'what share of my net worth is crypto',
        expect: any(
          percent((raw) => share(cryptoCents(raw), netWorth(raw))),
          percent((raw) => share(cryptoCents(raw), totalAssets(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-shares-vti-of-portfolio',
    category: 'shares',
    turns: [
      {
        ask: 'how much of my portfolio is in vti',
        expect: any(
          percent((raw) => share(valueOfTicker(raw, 'VTI'), portfolioCents(raw))),
          percent((raw) =>
            share(valueOfTicker(raw, 'VTI'), portfolioCents(raw) - valueOfTicker(raw, 'CASH')),
          ),
          one((raw) => valueOfTicker(raw, 'VTI')),
        ),
      },
    ],
  },
  {
    id: 'h2-shares-weekends-this-month',
    category: 'shares',
    turns: [
      {
        ask: 'what fraction of this months spending was on weekends',
        expect: percent((raw) =>
          share(spending(raw, thisMonth(raw), onWeekends), spending(raw, thisMonth(raw))),
        ),
      },
    ],
  },
];
