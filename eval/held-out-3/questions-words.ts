import {
  byAccountKind,
  income,
  largestHolding,
  largestSpending,
  latestCharge,
  netWorth,
  spending,
  spendingBy,
  valueOfClass,
} from '../expected.ts';
import { atMerchant, percentOf } from '../expected-reading.ts';
import type { Question } from '../question-types.ts';
import type { RawData } from '../raw-data.ts';
import {
  anyOf,
  COFFEE,
  GROCERIES,
  longMonth,
  money,
  monthNumberAgo,
  one,
  percent,
  RENT,
  RESTAURANTS,
  tally,
} from '../reading-expect.ts';
import {
  averageCandidates,
  both,
  card,
  DIVIDENDS,
  grossPurchases,
  INTEREST,
  latestPaycheck,
  merchantsOf,
  monthsTouched,
  not,
  onWeekdays,
  onWeekends,
  paychecks,
  purchasesOf,
  tickerValue,
  topMerchant,
  WAGES,
  walletWithoutStablecoins,
  wholeHistory,
} from './expected.ts';
import {
  ago,
  average,
  fullMonths,
  lastMonth,
  monthsToDate,
  q,
  thisYear,
  thread,
  type Window,
} from './shorthands.ts';

/**
 * Questions carrying a word that changes what is asked (net of, each, per paycheck, only, excluding,
 * combined, on weekends...): a careless reading gives a confident figure for another question.
 */

const AMAZON = atMerchant('Amazon');
const UBER = atMerchant('Uber');
const LYFT = atMerchant('Lyft');
const SIX_MONTHS: readonly Window[] = [fullMonths(6), monthsToDate(6)];
const THREE_MONTHS: readonly Window[] = [fullMonths(3), monthsToDate(3)];
const topGrocer = (raw: RawData) => topMerchant(raw, wholeHistory(raw), GROCERIES).key;

export const WORD_QUESTIONS: Question[] = [
  q(
    'spending',
    'amazon over the last 6 months, net of returns',
    anyOf(...SIX_MONTHS.map((window) => one((raw) => spending(raw, window(raw), AMAZON)))),
  ),
  q(
    'spending',
    'how much did i spend at each coffee shop this yr',
    // A charge still under its raw descriptor is its own line, or left out by a list of named shops.
    anyOf(
      money((raw) => merchantsOf(raw, thisYear(raw), COFFEE).map((entry) => entry.cents)),
      money((raw) =>
        spendingBy(raw, thisYear(raw), (flow) => flow.merchant, COFFEE).map((entry) => entry.cents),
      ),
    ),
  ),
  q(
    'filters',
    'spending on the checking account only last month, not the card',
    one((raw) => spending(raw, lastMonth(raw), byAccountKind('checking'))),
  ),
  q(
    'income',
    'income last month not counting interest or dividends',
    one((raw) =>
      income(
        raw,
        lastMonth(raw),
        not((flow) => INTEREST(flow) || DIVIDENDS(flow)),
      ),
    ),
  ),
  q(
    'averages',
    'how much do i spend per paycheck on avg',
    anyOf(
      ...[lastMonth, fullMonths(3), fullMonths(6)].map((window) =>
        average((raw) => averageCandidates(spending(raw, window(raw)), paychecks(raw, window(raw)).length)),
      ),
    ),
  ),
  q(
    'averages',
    'avg grocery run on weekdays only, this yr',
    anyOf(
      average((raw) =>
        averageCandidates(
          grossPurchases(raw, thisYear(raw), both(GROCERIES, onWeekdays)),
          purchasesOf(raw, thisYear(raw), both(GROCERIES, onWeekdays)).length,
        ),
      ),
      average((raw) =>
        averageCandidates(
          spending(raw, thisYear(raw), both(GROCERIES, onWeekdays)),
          purchasesOf(raw, thisYear(raw), both(GROCERIES, onWeekdays)).length,
        ),
      ),
    ),
  ),
  q(
    'counts',
    'how many restaurant meals on weekends only over the last 3 months',
    anyOf(
      ...THREE_MONTHS.map((window) =>
        tally(
          (raw) => purchasesOf(raw, window(raw), both(RESTAURANTS, onWeekends)).length,
          'meal',
          'time',
          'visit',
          'purchase',
          'transaction',
        ),
      ),
    ),
  ),
  q(
    'shares',
    'how much of each paycheck goes to rent',
    anyOf(
      percent((raw) => percentOf(latestCharge(raw, RENT), 2 * latestPaycheck(raw).cents)),
      one((raw) => Math.round(latestCharge(raw, RENT) / 2)),
      percent((raw) => percentOf(spending(raw, lastMonth(raw), RENT), income(raw, lastMonth(raw), WAGES))),
    ),
  ),
  q(
    'comparisons',
    (raw) =>
      `groceries in ${longMonth(monthNumberAgo(raw, 1))} vs ${longMonth(monthNumberAgo(raw, 2))}, not counting ${topGrocer(raw).toLowerCase()}`,
    money((raw) => [
      spending(raw, lastMonth(raw), both(GROCERIES, not(atMerchant(topGrocer(raw))))),
      spending(raw, ago(2)(raw), both(GROCERIES, not(atMerchant(topGrocer(raw))))),
    ]),
  ),
  q(
    'net_worth',
    'net worth if you leave out what i owe on the card',
    one((raw) => netWorth(raw) + card(raw).owed),
  ),
  q(
    'investments',
    'value of my individual stocks only, no etfs or funds',
    one((raw) => valueOfClass(raw, 'stock')),
  ),
  q(
    'investments',
    (raw) => `how much ${largestHolding(raw).ticker.toLowerCase()} do i have, all accounts combined`,
    one((raw) => tickerValue(raw, largestHolding(raw).ticker).total),
  ),
  q(
    'crypto',
    'metamask value excluding stablecoins',
    one((raw) => walletWithoutStablecoins(raw, 'MetaMask')),
  ),
  q(
    'largest',
    "biggest purchase last month that wasn't rent",
    one((raw) => largestSpending(raw, lastMonth(raw), not(RENT))[0] ?? 0),
  ),
  q(
    'rankings',
    'top 3 merchants this yr excluding amazon',
    anyOf(
      money((raw) =>
        merchantsOf(raw, thisYear(raw), not(AMAZON))
          .slice(0, 3)
          .map((entry) => entry.cents),
      ),
      money((raw) =>
        merchantsOf(raw, thisYear(raw), both(not(AMAZON), not(RENT)))
          .slice(0, 3)
          .map((entry) => entry.cents),
      ),
    ),
  ),
  q(
    'averages',
    'avg monthly spend on rides, uber and lyft combined, over the last 6 months',
    anyOf(
      ...SIX_MONTHS.map((window) =>
        average((raw) =>
          averageCandidates(
            spending(raw, window(raw), (flow) => UBER(flow) || LYFT(flow)),
            monthsTouched(window(raw)),
          ),
        ),
      ),
    ),
  ),
  thread(
    { ask: 'how much did i spend on uber this yr', expect: one((raw) => spending(raw, thisYear(raw), UBER)) },
    { ask: 'and lyft?', expect: one((raw) => spending(raw, thisYear(raw), LYFT)) },
    {
      ask: 'combined?',
      expect: one((raw) => spending(raw, thisYear(raw), (flow) => UBER(flow) || LYFT(flow))),
    },
  ),
];
