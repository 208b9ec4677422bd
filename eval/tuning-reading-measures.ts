import {
  byAccountKind,
  byDetailed,
  byPrimary,
  income,
  largestSpending,
  spending,
  spendingBy,
} from './expected.ts';
import {
  atMerchant,
  between,
  incomeCount,
  mentioning,
  merchantKey,
  mostVisited,
  outflows,
  over,
  percentOf,
  purchaseCount,
  smallestPurchase,
  spendingShare,
} from './expected-reading.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  COFFEE,
  GROCERIES,
  lastDays,
  lastMonth,
  money,
  one,
  percent,
  RENT,
  RESTAURANTS,
  single,
  tally,
  thisMonth,
  thisYear,
} from './reading-expect.ts';

/** Reading the measure: counts, rankings, shares, and filters by amount, account and text. */

const VISITS = ['time', 'visit', 'purchase', 'transaction', 'trip'];

const favouriteCoffee = (raw: RawData) => mostVisited(raw, lastMonth(raw), COFFEE);

/** The top `n` merchants of the period: their totals, and their names mentioned. */
const topMerchants = (
  period: (raw: RawData) => { start: string; end: string },
  n: number,
  filter?: Parameters<typeof spendingBy>[3],
): Expect => {
  const top = (raw: RawData) => spendingBy(raw, period(raw), merchantKey, filter).slice(0, n);
  return money(
    (raw) => top(raw).map((group) => group.cents),
    (raw) => top(raw).map((group) => group.key),
  );
};

/** The period's biggest category: at the primary level or the detailed level. */
const biggestCategory = (period: (raw: RawData) => { start: string; end: string }): Expect =>
  anyOf(
    one((raw) => spendingBy(raw, period(raw), (flow) => flow.primary)[0]?.cents ?? 0),
    one((raw) => spendingBy(raw, period(raw), (flow) => flow.detailed)[0]?.cents ?? 0),
  );

export const MEASURE_QUESTIONS: readonly Question[] = [
  // --- Counts: purchases, or income payments
  single(
    'count-visits-merchant',
    'counts',
    (raw) => `how many times did i go to ${favouriteCoffee(raw).toLowerCase()} last month`,
    tally((raw) => purchaseCount(raw, lastMonth(raw), atMerchant(favouriteCoffee(raw))), ...VISITS),
  ),
  single(
    'count-txns-over-100',
    'counts',
    'how many txns over $100 last month',
    // Purchases over $100, or every payment out over $100 (transfers and card payments too).
    anyOf(
      tally((raw) => purchaseCount(raw, lastMonth(raw), over(100)), 'transaction', 'txn', 'purchase'),
      tally((raw) => outflows(raw, lastMonth(raw), over(100)).length, 'transaction', 'txn', 'payment'),
    ),
  ),
  single(
    'count-eat-out-this-month',
    'counts',
    'how many times did i eat out this month',
    tally((raw) => purchaseCount(raw, thisMonth(raw), RESTAURANTS), 'meal', ...VISITS),
  ),
  single(
    'count-amazon-orders',
    'counts',
    '# of amazon orders in the last 90 days',
    tally((raw) => purchaseCount(raw, lastDays(raw, 90), atMerchant('Amazon')), 'order', 'purchase'),
  ),
  single(
    'count-paychecks',
    'counts',
    'how many paychecks have i gotten this yr',
    tally(
      (raw) => incomeCount(raw, thisYear(raw), byDetailed('INCOME_WAGES')),
      'paycheck',
      'payment',
      'deposit',
      'transaction',
    ),
  ),
  single(
    'count-uber-rides-ytd',
    'counts',
    'how many uber rides ytd',
    tally((raw) => purchaseCount(raw, thisYear(raw), atMerchant('Uber')), 'ride', ...VISITS),
  ),

  // --- Rankings
  single('rank-top-3-merchants', 'rankings', 'top 3 merchants last month', topMerchants(lastMonth, 3)),
  single(
    'rank-top-3-places-this-yr',
    'rankings',
    'top 3 places i spent at this yr',
    topMerchants(thisYear, 3),
  ),
  single(
    'rank-top-3-restaurants',
    'rankings',
    'what are my top 3 restaurants this yr',
    topMerchants(thisYear, 3, RESTAURANTS),
  ),
  single('rank-biggest-category', 'rankings', 'biggest category last month?', biggestCategory(lastMonth)),
  single(
    'rank-where-most-money-went',
    'rankings',
    'where did most of my money go last month',
    biggestCategory(lastMonth),
  ),
  single(
    'rank-smallest-purchase',
    'rankings',
    'smallest purchase last month',
    one((raw) => smallestPurchase(raw, lastMonth(raw))),
  ),
  single(
    'rank-biggest-at-merchant',
    'rankings',
    'biggest single amazon purchase this yr',
    money((raw) => largestSpending(raw, thisYear(raw), atMerchant('Amazon'))),
  ),

  // --- Shares: of the same period's spending (income where the question says so)
  single(
    'share-groceries',
    'shares',
    'what % of my spending was groceries last month',
    percent((raw) => spendingShare(raw, lastMonth(raw), GROCERIES)),
  ),
  single(
    'share-income-on-rent',
    'shares',
    'what share of my income went to rent last month',
    percent((raw) => percentOf(spending(raw, lastMonth(raw), RENT), income(raw, lastMonth(raw)))),
  ),
  single(
    'share-eating-out-this-yr',
    'shares',
    'how much of my spending this yr was eating out, in %',
    percent((raw) => spendingShare(raw, thisYear(raw), RESTAURANTS)),
  ),
  single(
    'share-on-card',
    'shares',
    "what percent of last month's spending went on my credit card",
    percent((raw) => spendingShare(raw, lastMonth(raw), byAccountKind('credit'))),
  ),
  single(
    'share-travel-this-yr',
    'shares',
    'whats the % of spending on travel this yr',
    percent((raw) => spendingShare(raw, thisYear(raw), byPrimary('TRAVEL'))),
  ),

  // --- Filters: amounts, an account, text
  single(
    'filter-over-200',
    'filters',
    'total of purchases over $200 last month',
    one((raw) => spending(raw, lastMonth(raw), over(200))),
  ),
  single(
    'filter-between-20-and-50',
    'filters',
    'how much did i spend in txns between $20 and $50 last month',
    one((raw) => spending(raw, lastMonth(raw), between(20, 50))),
  ),
  single(
    'filter-count-over-500',
    'filters',
    'how many purchases over $500 this yr',
    tally((raw) => purchaseCount(raw, thisYear(raw), over(500)), 'purchase', 'transaction'),
  ),
  single(
    'filter-restaurants-over-50',
    'filters',
    'restaurant bills over $50 last month, how much total',
    one((raw) => spending(raw, lastMonth(raw), (flow) => RESTAURANTS(flow) && over(50)(flow))),
  ),
  single(
    'filter-card',
    'filters',
    'how much did i spend on my visa this month',
    one((raw) => spending(raw, thisMonth(raw), byAccountKind('credit'))),
  ),
  single(
    'filter-checking',
    'filters',
    'spending from my checking acct last month',
    one((raw) => spending(raw, lastMonth(raw), byAccountKind('checking'))),
  ),
  single(
    'filter-text',
    'filters',
    "how much have i spent on anything with 'coffee' in the name this yr",
    one((raw) => spending(raw, thisYear(raw), mentioning('coffee'))),
  ),
];
