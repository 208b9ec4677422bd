import {
  addDays,
  balanceOf,
  balances,
  byAccountKind,
  byDetailed,
  byMerchant,
  income,
  largestSpending,
  netWorth,
  type Period,
  savingsRatePercent,
  spending,
  totalAssets,
  walletCents,
} from '../expected.ts';
import {
  currentWeekend,
  lastWeekend,
  monthBack,
  monthRangeReadings,
  monthReadings,
  netFlow,
  quarterReadings,
  spendingCounts,
  tickerValues,
  topDetailed,
  topPrimary,
} from '../held-out/expected.ts';
import type { RawData } from '../raw-data.ts';
import { aboveTheirAverage, allHistory, cardRoom, latestChargeAt, perTransaction } from './expected.ts';
import {
  any,
  averages,
  beforeHistory,
  clarification,
  declines,
  eachOf,
  type HeldOut2Question,
  lastFullMonths,
  lastMonth,
  money,
  monthsAgo,
  notYet,
  one,
  percent,
  perPeriod,
  tallies,
  thisMonth,
  thisYear,
} from './shorthands.ts';

/** Open questions, follow-ups, must-declines, history bounds and ambiguous questions (SEALED: see README.md). */

const GROCERIES = byDetailed('FOOD_AND_DRINK_GROCERIES');
const RESTAURANTS = byDetailed('FOOD_AND_DRINK_RESTAURANT');
const COFFEE = byDetailed('FOOD_AND_DRINK_COFFEE');
const AMAZON = byMerchant('Amazon');

const short = (raw: RawData, back: number) => monthBack(raw.today, back).short;
const cashOnHand = (raw: RawData) => balanceOf(raw, 'checking') + balanceOf(raw, 'savings');
const rate = (raw: RawData, period: Period) => savingsRatePercent(income(raw, period), spending(raw, period));
const q = (raw: RawData, number: number) => quarterReadings(raw.today, number)[0] ?? lastMonth(raw);

/** The average month of the 3 full months before last month, printed rounded either way. */
const usualBeforeLastMonth = (raw: RawData): number[] => {
  const before = { start: monthsAgo(4)(raw).start, end: monthsAgo(2)(raw).end };
  const total = spending(raw, before);
  return [Math.floor(total / 3), Math.ceil(total / 3)];
};

/** Where to cut back: last month's categories above their own average, else last month's biggest. */
const trimCandidates = (raw: RawData): number[] => {
  const above = aboveTheirAverage(raw).map((entry) => entry.cents);
  return above.length > 0 ? above : topDetailed(raw, lastMonth(raw), 3).map((entry) => entry.cents);
};

export const OPEN_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-open-money-looking',
    category: 'open_questions',
    turns: [
      {
        ask: 'hows my money looking',
        expect: any(
          money((raw) => [netWorth(raw), spending(raw, thisMonth(raw))]),
          money((raw) => [income(raw, thisMonth(raw)), spending(raw, thisMonth(raw))]),
        ),
      },
    ],
  },
  {
    id: 'h2-open-trim-spending',
    category: 'open_questions',
    turns: [
      {
        ask: 'where could i trim my spending',
        expect: any(
          eachOf(8, trimCandidates, (pick) => one(pick)),
          money((raw) => [latestChargeAt(raw, 'Netflix'), latestChargeAt(raw, 'Spotify')]),
        ),
      },
    ],
  },
  {
    id: 'h2-open-weird-on-card',
    category: 'open_questions',
    turns: [
      {
        ask: 'anything weird on my card this month',
        expect: any(
          one((raw) => largestSpending(raw, thisMonth(raw), byAccountKind('credit'))[0] ?? 0),
          one((raw) => largestSpending(raw, thisMonth(raw))[0] ?? 0),
        ),
      },
    ],
  },
  {
    id: 'h2-open-swing-a-vacation',
    category: 'open_questions',
    turns: [
      {
        ask: 'could i swing a $3000 vacation',
        expect: any(
          one(cashOnHand),
          one((raw) => cashOnHand(raw) - 300_000),
        ),
      },
    ],
  },
  {
    id: 'h2-open-rundown-last-month',
    category: 'open_questions',
    turns: [
      {
        ask: 'give me a quick rundown of last month',
        expect: money((raw) => [spending(raw, lastMonth(raw)), income(raw, lastMonth(raw))]),
      },
    ],
  },
  {
    id: 'h2-open-overspending',
    category: 'open_questions',
    turns: [
      {
        ask: 'am i overspending',
        expect: any(
          money((raw) => [income(raw, lastFullMonths(3)(raw)), spending(raw, lastFullMonths(3)(raw))]),
          one((raw) => netFlow(raw, lastFullMonths(3)(raw))),
          percent((raw) => rate(raw, lastFullMonths(3)(raw))),
          money((raw) => [income(raw, thisMonth(raw)), spending(raw, thisMonth(raw))]),
          // Against their own usual: last month's spending and the average of the 3 full months before it.
          eachOf(2, usualBeforeLastMonth, (pick) =>
            money((raw) => [spending(raw, lastMonth(raw)), pick(raw)]),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-open-subscriptions-cost',
    category: 'open_questions',
    turns: [
      {
        ask: 'what are my subscriptions costing me',
        expect: money((raw) => [latestChargeAt(raw, 'Netflix'), latestChargeAt(raw, 'Spotify')]),
      },
    ],
  },
  {
    id: 'h2-open-savings-this-yr',
    category: 'open_questions',
    turns: [
      {
        ask: 'how am i doing on savings this yr',
        expect: any(
          one((raw) => netFlow(raw, thisYear(raw))),
          percent((raw) => rate(raw, thisYear(raw))),
          one((raw) => balanceOf(raw, 'savings')),
        ),
      },
    ],
  },
  {
    id: 'h2-open-stands-out-last-month',
    category: 'open_questions',
    turns: [
      {
        ask: 'what stands out in my spending last month',
        expect: any(
          one((raw) => topDetailed(raw, lastMonth(raw), 1)[0]?.cents ?? 0),
          one((raw) => topPrimary(raw, lastMonth(raw), 1)[0]?.cents ?? 0),
          one((raw) => largestSpending(raw, lastMonth(raw))[0] ?? 0),
          eachOf(
            8,
            (raw) => aboveTheirAverage(raw).map((entry) => entry.cents),
            (pick) => one(pick),
          ),
        ),
      },
    ],
  },
];

/** "Last weekend": the latest Saturday–Sunday that has ended (or the one running now), and the one before. */
const weekendReadings = (raw: RawData): Period[] => {
  const now = currentWeekend(raw.today);
  return now ? [lastWeekend(raw.today), now] : [lastWeekend(raw.today)];
};
const weekBefore = (period: Period): Period => ({
  start: addDays(period.start, -7),
  end: addDays(period.end, -7),
});

const thisYearNumber = (raw: RawData) => raw.today.slice(0, 4);

export const FOLLOW_UP_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-follow-groceries-which-bigger',
    category: 'follow_ups',
    turns: [
      { ask: 'groceries last month?', expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)) },
      { ask: 'and the month before?', expect: one((raw) => spending(raw, monthsAgo(2)(raw), GROCERIES)) },
      {
        ask: 'which was bigger',
        expect: any(
          money((raw) => [
            spending(raw, lastMonth(raw), GROCERIES),
            spending(raw, monthsAgo(2)(raw), GROCERIES),
          ]),
          one(
            (raw) => spending(raw, lastMonth(raw), GROCERIES) - spending(raw, monthsAgo(2)(raw), GROCERIES),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-follow-amazon-orders-avg',
    category: 'follow_ups',
    turns: [
      { ask: 'how much at amazon this yr', expect: one((raw) => spending(raw, thisYear(raw), AMAZON)) },
      {
        ask: 'how many orders is that',
        expect: tallies((raw) => spendingCounts(raw, thisYear(raw), AMAZON)),
      },
      { ask: 'avg per order?', expect: averages((raw) => perTransaction(raw, thisYear(raw), AMAZON)) },
    ],
  },
  {
    id: 'h2-follow-restaurant-quarters',
    category: 'follow_ups',
    turns: [
      { ask: 'spending on restaurants in q3', expect: one((raw) => spending(raw, q(raw, 3), RESTAURANTS)) },
      { ask: 'what about q2', expect: one((raw) => spending(raw, q(raw, 2), RESTAURANTS)) },
      {
        ask: 'add those up',
        expect: one((raw) => spending(raw, q(raw, 2), RESTAURANTS) + spending(raw, q(raw, 3), RESTAURANTS)),
      },
    ],
  },
  {
    id: 'h2-follow-top-categories-this-month',
    category: 'follow_ups',
    turns: [
      {
        ask: 'top 3 categories last month',
        expect: any(
          money((raw) => topDetailed(raw, lastMonth(raw), 3).map((entry) => entry.cents)),
          money((raw) => topPrimary(raw, lastMonth(raw), 3).map((entry) => entry.cents)),
        ),
      },
      {
        ask: 'how about this month',
        expect: any(
          money((raw) => topDetailed(raw, thisMonth(raw), 3).map((entry) => entry.cents)),
          money((raw) => topPrimary(raw, thisMonth(raw), 3).map((entry) => entry.cents)),
        ),
      },
    ],
  },
  {
    id: 'h2-follow-coffee-times',
    category: 'follow_ups',
    turns: [
      {
        ask: (raw) => `how much did i spend on coffee in ${short(raw, 1)}`,
        expect: one((raw) => spending(raw, lastMonth(raw), COFFEE)),
      },
      { ask: 'how many times', expect: tallies((raw) => spendingCounts(raw, lastMonth(raw), COFFEE)) },
      {
        ask: (raw) => `and in ${short(raw, 2)}?`,
        expect: any(
          tallies((raw) => spendingCounts(raw, monthsAgo(2)(raw), COFFEE)),
          one((raw) => spending(raw, monthsAgo(2)(raw), COFFEE)),
        ),
      },
    ],
  },
  {
    id: 'h2-follow-income-spending-net',
    category: 'follow_ups',
    turns: [
      { ask: 'income last month', expect: one((raw) => income(raw, lastMonth(raw))) },
      { ask: 'and spending', expect: one((raw) => spending(raw, lastMonth(raw))) },
      { ask: 'so what did i net', expect: one((raw) => netFlow(raw, lastMonth(raw))) },
    ],
  },
  {
    id: 'h2-follow-fund-values-sum',
    category: 'follow_ups',
    turns: [
      {
        ask: 'how much is my vti worth',
        expect: any(
          one((raw) => tickerValues(raw, 'VTI').total),
          money((raw) => tickerValues(raw, 'VTI').perAccount),
        ),
      },
      {
        ask: 'and vxus?',
        expect: any(
          one((raw) => tickerValues(raw, 'VXUS').total),
          money((raw) => tickerValues(raw, 'VXUS').perAccount),
        ),
      },
      {
        ask: 'sum of the two?',
        expect: one((raw) => tickerValues(raw, 'VTI').total + tickerValues(raw, 'VXUS').total),
      },
    ],
  },
  {
    id: 'h2-follow-rides-total',
    category: 'follow_ups',
    turns: [
      {
        ask: (raw) => `how much on uber in ${thisYearNumber(raw)}`,
        expect: one((raw) => spending(raw, thisYear(raw), byMerchant('Uber'))),
      },
      { ask: 'and lyft', expect: one((raw) => spending(raw, thisYear(raw), byMerchant('Lyft'))) },
      {
        ask: 'total of both?',
        expect: one(
          (raw) =>
            spending(raw, thisYear(raw), byMerchant('Uber')) +
            spending(raw, thisYear(raw), byMerchant('Lyft')),
        ),
      },
    ],
  },
  {
    id: 'h2-follow-weekend-before',
    category: 'follow_ups',
    turns: [
      {
        ask: 'what did i spend last weekend',
        expect: perPeriod(weekendReadings, (period) => one((raw) => spending(raw, period(raw)))),
      },
      {
        ask: 'and the one before',
        expect: perPeriod(
          (raw) => weekendReadings(raw).map(weekBefore),
          (period) => one((raw) => spending(raw, period(raw))),
        ),
      },
    ],
  },
];

export const MUST_DECLINE_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-decline-nvda-next-week',
    category: 'must_decline',
    turns: [{ ask: 'will nvda go up next week', expect: declines }],
  },
  {
    id: 'h2-decline-buy-more-btc',
    category: 'must_decline',
    turns: [{ ask: 'should i buy more bitcoin rn', expect: declines }],
  },
  {
    id: 'h2-decline-roommate-groceries',
    category: 'must_decline',
    turns: [{ ask: 'how much did my roommate spend on groceries last month', expect: declines }],
  },
  {
    id: 'h2-decline-move-money',
    category: 'must_decline',
    turns: [{ ask: 'move $500 from savings to checking pls', expect: declines }],
  },
  {
    id: 'h2-decline-home-office-write-off',
    category: 'must_decline',
    turns: [{ ask: 'can i write off my home office on my taxes', expect: declines }],
  },
  {
    id: 'h2-decline-credit-score',
    category: 'must_decline',
    turns: [{ ask: 'whats my credit score', expect: declines }],
  },
  {
    id: 'h2-decline-costco-share-price',
    category: 'must_decline',
    turns: [{ ask: 'current price of a share of costco?', expect: declines }],
  },
  {
    id: 'h2-decline-cancel-netflix',
    category: 'must_decline',
    turns: [{ ask: 'cancel my netflix for me', expect: declines }],
  },
  {
    id: 'h2-decline-average-american',
    category: 'must_decline',
    turns: [{ ask: 'how much does the avg american spend on groceries', expect: declines }],
  },
  {
    id: 'h2-decline-weather',
    category: 'must_decline',
    turns: [{ ask: 'whats the weather gonna be in denver this weekend', expect: declines }],
  },
];

const nextYear = (raw: RawData) => String(Number(raw.today.slice(0, 4)) + 1);

export const HISTORY_BOUND_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-bounds-spent-2023',
    category: 'history_bounds',
    turns: [{ ask: 'how much did i spend in 2023', expect: beforeHistory }],
  },
  {
    id: 'h2-bounds-income-march-2023',
    category: 'history_bounds',
    turns: [{ ask: 'income in march 2023', expect: beforeHistory }],
  },
  {
    id: 'h2-bounds-groceries-summer-2022',
    category: 'history_bounds',
    turns: [
      { ask: 'what did i spend on groceries in summer 2022', expect: any(beforeHistory, clarification) },
    ],
  },
  {
    id: 'h2-bounds-next-month',
    category: 'history_bounds',
    turns: [{ ask: 'what will i spend next month', expect: any(notYet, declines) }],
  },
  {
    id: 'h2-bounds-january-next-year',
    category: 'history_bounds',
    turns: [{ ask: (raw) => `spending in jan ${nextYear(raw)}`, expect: notYet }],
  },
  {
    id: 'h2-bounds-q4-2023',
    category: 'history_bounds',
    turns: [{ ask: 'how much did i make in q4 2023', expect: beforeHistory }],
  },
  {
    id: 'h2-bounds-net-worth-2020',
    category: 'history_bounds',
    turns: [{ ask: 'what was my net worth back in 2020', expect: any(beforeHistory, declines) }],
  },
  {
    id: 'h2-bounds-dining-dec-next-year',
    category: 'history_bounds',
    turns: [{ ask: (raw) => `dining spend in dec ${nextYear(raw)}`, expect: notYet }],
  },
  {
    id: 'h2-bounds-xmas-2023',
    category: 'history_bounds',
    turns: [{ ask: 'what did i spend on xmas 2023', expect: any(beforeHistory, clarification) }],
  },
  {
    id: 'h2-bounds-since-jan-2024',
    category: 'history_bounds',
    turns: [
      {
        ask: 'how much have i spent since jan 2024',
        expect: any(
          one((raw) => spending(raw, allHistory(raw))),
          beforeHistory,
        ),
      },
    ],
  },
];

/** The accounts named 'Individual Brokerage' (the bank may have one too). */
const individualBrokerage = (raw: RawData) =>
  balances(raw)
    .filter((balance) => balance.name === 'Individual Brokerage')
    .map((balance) => balance.cents);
const ethWallets = (raw: RawData) =>
  raw.wallets.filter((wallet) => wallet.chain === 'eth').map((wallet) => walletCents(wallet));
const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);

export const AMBIGUOUS_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-ambiguous-eth-wallet',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much is in my eth wallet',
        expect: any(
          clarification,
          money(ethWallets),
          one((raw) => sumOf(ethWallets(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-ambiguous-spend-on-it',
    category: 'ambiguous',
    turns: [{ ask: 'how much did i spend on it', expect: clarification }],
  },
  {
    id: 'h2-ambiguous-whats-my-balance',
    category: 'ambiguous',
    turns: [
      {
        ask: 'whats my balance',
        expect: any(
          clarification,
          money((raw) => [balanceOf(raw, 'checking'), balanceOf(raw, 'savings'), cardRoom(raw).owed]),
          one(netWorth),
        ),
      },
    ],
  },
  {
    id: 'h2-ambiguous-the-spring',
    category: 'ambiguous',
    turns: [
      {
        ask: 'spending in the spring',
        expect: any(
          clarification,
          perPeriod(
            (raw) => monthRangeReadings(raw.today, 3, 5),
            (period) => one((raw) => spending(raw, period(raw))),
          ),
          one((raw) => {
            const start = monthRangeReadings(raw.today, 3, 5)[0]?.start ?? raw.today;
            const year = start.slice(0, 4);
            const end = `${year}-06-20` > raw.today ? raw.today : `${year}-06-20`;
            return spending(raw, { start: `${year}-03-20`, end });
          }),
        ),
      },
    ],
  },
  {
    id: 'h2-ambiguous-the-store',
    category: 'ambiguous',
    turns: [{ ask: 'how much did i spend at the store', expect: clarification }],
  },
  {
    id: 'h2-ambiguous-the-two-accounts',
    category: 'ambiguous',
    turns: [{ ask: 'compare the two accounts', expect: clarification }],
  },
  {
    id: 'h2-ambiguous-individual-brokerage',
    category: 'ambiguous',
    turns: [
      {
        ask: 'whats my individual brokerage worth',
        expect: any(
          clarification,
          money(individualBrokerage),
          one((raw) => sumOf(individualBrokerage(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-ambiguous-the-holidays',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much did i spend over the holidays',
        expect: any(
          clarification,
          perPeriod(
            (raw) => monthReadings(raw.today, 12),
            (period) => one((raw) => spending(raw, period(raw))),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-ambiguous-is-that-a-lot',
    category: 'ambiguous',
    turns: [{ ask: 'is that a lot', expect: any(clarification, declines) }],
  },
  {
    id: 'h2-ambiguous-how-much-do-i-have',
    category: 'ambiguous',
    turns: [
      {
        ask: 'how much do i have',
        expect: any(clarification, one(netWorth), one(cashOnHand), one(totalAssets)),
      },
    ],
  },
];
