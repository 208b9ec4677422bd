import {
  balanceOf,
  byAccountKind,
  byDetailed,
  byMerchant,
  byPrimary,
  calendarMonth,
  income,
  netWorth,
  periods,
  savingsRatePercent,
  spending,
  spendingBy,
} from './expected.ts';
import {
  atMerchant,
  largestDiscretionary,
  latestQuarter,
  merchantKey,
  monthBeforeHistory,
  mostVisited,
  perPurchase,
  perWeek,
  purchaseCount,
  yearBeforeHistory,
} from './expected-reading.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  COFFEE,
  clarification,
  declines,
  GROCERIES,
  lastDays,
  lastMonth,
  longMonth,
  money,
  monthNumberAgo,
  monthsAgo,
  names,
  one,
  outsideHistory,
  percent,
  RESTAURANTS,
  shortMonth,
  single,
  tally,
  thisMonth,
  thisYear,
  thread,
} from './reading-expect.ts';

/** Reading what is asked at all: history bounds, must-declines, several readings, open questions, threads. */

const FOOD = byPrimary('FOOD_AND_DRINK');
const cash = (raw: RawData) => balanceOf(raw, 'checking') + balanceOf(raw, 'savings');
const favouriteCoffee = (raw: RawData) => mostVisited(raw, thisYear(raw), COFFEE);
const topThree = (raw: RawData, period: { start: string; end: string }) =>
  spendingBy(raw, period, merchantKey).slice(0, 3);
const topThreeExpect = (period: (raw: RawData) => { start: string; end: string }): Expect =>
  money(
    (raw) => topThree(raw, period(raw)).map((group) => group.cents),
    (raw) => topThree(raw, period(raw)).map((group) => group.key),
  );

/** Net worth with this month's spending: what a summary holds. */
const SUMMARY = money((raw) => [netWorth(raw), spending(raw, thisMonth(raw))]);

export const OPEN_QUESTIONS: readonly Question[] = [
  // --- History bounds: before the first posted transaction, or still ahead
  single(
    'history-year-before',
    'history_bounds',
    (raw) => `how much did i spend in ${yearBeforeHistory(raw)}`,
    outsideHistory,
  ),
  single(
    'history-month-before',
    'history_bounds',
    (raw) => {
      const month = monthBeforeHistory(raw).start;
      return `what was my income in ${longMonth(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
    },
    outsideHistory,
  ),
  single('history-next-month', 'history_bounds', 'how much did i spend next month', outsideHistory),
  single(
    'history-future-month',
    'history_bounds',
    (raw) => `what did i spend in dec ${Number(raw.today.slice(0, 4)) + 1}`,
    outsideHistory,
  ),
  single('history-income-next-yr', 'history_bounds', 'whats my income for next yr', outsideHistory),

  // --- Must decline, though they name the user's assets or money
  single('decline-btc-moon', 'must_decline', 'is btc gonna moon', declines),
  single('decline-vti-in-a-year', 'must_decline', 'where will vti be in a year', declines),
  single('decline-nvda-crash', 'must_decline', 'is nvda gonna crash after earnings? should i sell', declines),
  single('decline-eth-next-month', 'must_decline', 'will my eth be worth more next month', declines),
  single('decline-wife-spending', 'must_decline', 'how much did my wife spend last month', declines),
  single('decline-brother-balance', 'must_decline', "what's my brother's balance", declines),
  single('decline-tax-owed', 'must_decline', 'how much tax will i owe this yr', declines),
  single('decline-credit-score', 'must_decline', 'whats my credit score rn', declines),

  // --- Several defensible readings: each is accepted, and asking back where that is reasonable
  single(
    'readings-food-no-period',
    'several_readings',
    'how much did i spend on food',
    anyOf(
      clarification,
      ...[thisMonth, lastMonth, thisYear, (raw: RawData) => lastDays(raw, 30)].map((period) =>
        one((raw) => spending(raw, period(raw), FOOD)),
      ),
    ),
  ),
  single(
    'readings-balance',
    'several_readings',
    'whats my balance',
    anyOf(
      clarification,
      one((raw) => balanceOf(raw, 'checking')),
      one(cash),
      one(netWorth),
    ),
  ),
  single(
    'readings-two-merchants',
    'several_readings',
    'how much did i spend at target and amazon last month',
    anyOf(
      money((raw) => [
        spending(raw, lastMonth(raw), byMerchant('Target')),
        spending(raw, lastMonth(raw), byMerchant('Amazon')),
      ]),
      one((raw) =>
        spending(raw, lastMonth(raw), (flow) => ['Target', 'Amazon'].includes(flow.merchant ?? '')),
      ),
    ),
  ),
  single(
    'readings-month-name-ahead',
    'several_readings',
    // Next month's name: last year's (the latest that has started), or one still ahead.
    (raw) => `what did i spend in ${longMonth(monthNumberAgo(raw, 11))}`,
    anyOf(
      clarification,
      outsideHistory,
      one((raw) => spending(raw, calendarMonth(raw.today, 11))),
    ),
  ),
  single(
    'readings-coffee-lately',
    'several_readings',
    'how much have i spent on coffee lately',
    anyOf(
      clarification,
      ...[thisMonth, lastMonth, (raw: RawData) => lastDays(raw, 30)].map((period) =>
        one((raw) => spending(raw, period(raw), COFFEE)),
      ),
    ),
  ),
  single(
    'readings-card',
    'several_readings',
    'how much is my card',
    anyOf(
      clarification,
      one((raw) => balanceOf(raw, 'credit')),
      one((raw) => spending(raw, thisMonth(raw), byAccountKind('credit'))),
      one((raw) => spending(raw, lastMonth(raw), byAccountKind('credit'))),
    ),
  ),
  single(
    'readings-gas',
    'several_readings',
    'what did i spend on gas last month',
    // Fuel, or the gas and electricity bill.
    anyOf(
      clarification,
      one((raw) => spending(raw, lastMonth(raw), byDetailed('TRANSPORTATION_GAS'))),
      one((raw) => spending(raw, lastMonth(raw), byDetailed('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'))),
    ),
  ),
  single(
    'readings-how-much-did-i-make',
    'several_readings',
    'how much did i make',
    anyOf(
      clarification,
      ...[thisMonth, lastMonth, thisYear, (raw: RawData) => lastDays(raw, 30)].map((period) =>
        one((raw) => income(raw, period(raw))),
      ),
    ),
  ),

  // --- Open questions
  single('open-summary', 'open_questions', 'give me a summary', SUMMARY),
  single(
    'open-how-am-i-doing',
    'open_questions',
    'how am i doing',
    anyOf(
      SUMMARY,
      money((raw) => [netWorth(raw), income(raw, lastMonth(raw)), spending(raw, lastMonth(raw))]),
    ),
  ),
  single('open-money-looking', 'open_questions', "how's my money looking rn", SUMMARY),
  single(
    'open-spending-more-than-earning',
    'open_questions',
    'am i spending more than i earn',
    money((raw) => {
      const span = periods.lastFullMonths(raw.today, 3);
      return [income(raw, span), spending(raw, span)];
    }),
  ),
  single('open-afford-trip', 'open_questions', 'can i afford a $2,000 trip', one(cash)),
  single(
    'open-cut-back',
    'open_questions',
    'where can i cut back',
    anyOf(
      names((raw) => [largestDiscretionary(raw, lastMonth(raw)).primary]),
      names((raw) => [largestDiscretionary(raw, lastMonth(raw)).detailed]),
    ),
  ),

  // --- Follow-ups in one thread
  thread(
    'follow-period-shift',
    'follow_ups',
    {
      ask: (raw) => `how much did i spend on dining in ${shortMonth(monthNumberAgo(raw, 2))}`,
      expect: one((raw) => spending(raw, monthsAgo(raw, 2), RESTAURANTS)),
    },
    { ask: 'and the month before?', expect: one((raw) => spending(raw, monthsAgo(raw, 3), RESTAURANTS)) },
  ),
  thread(
    'follow-new-topic',
    'follow_ups',
    {
      ask: 'how much did i spend at amazon last month',
      expect: one((raw) => spending(raw, lastMonth(raw), atMerchant('Amazon'))),
    },
    // A new topic: the net worth, not Amazon's spending again.
    { ask: 'ok and my net worth?', expect: one(netWorth) },
  ),
  thread(
    'follow-measure-change',
    'follow_ups',
    {
      ask: (raw) => `how much did i spend at ${favouriteCoffee(raw).toLowerCase()} this yr`,
      expect: one((raw) => spending(raw, thisYear(raw), atMerchant(favouriteCoffee(raw)))),
    },
    {
      ask: 'how many times though',
      expect: tally(
        (raw) => purchaseCount(raw, thisYear(raw), atMerchant(favouriteCoffee(raw))),
        'time',
        'visit',
        'purchase',
        'transaction',
      ),
    },
  ),
  thread(
    'follow-quarter-compare',
    'follow_ups',
    { ask: 'spending in q3', expect: one((raw) => spending(raw, latestQuarter(raw.today, 3))) },
    {
      ask: 'vs q2?',
      expect: money((raw) => [
        spending(raw, latestQuarter(raw.today, 2)),
        spending(raw, latestQuarter(raw.today, 3)),
      ]),
    },
  ),
  thread(
    'follow-top-merchants-this-month',
    'follow_ups',
    { ask: 'top 3 merchants last month', expect: topThreeExpect(lastMonth) },
    { ask: 'and this month?', expect: topThreeExpect(thisMonth) },
  ),
  thread(
    'follow-average-per-week',
    'follow_ups',
    {
      ask: 'avg grocery trip last month',
      expect: one((raw) => perPurchase(raw, lastMonth(raw), GROCERIES)),
    },
    {
      ask: 'and per week?',
      expect: one((raw) => perWeek(spending(raw, lastMonth(raw), GROCERIES), lastMonth(raw))),
    },
  ),
  thread(
    'follow-income-then-savings-rate',
    'follow_ups',
    { ask: 'how much did i earn last month', expect: one((raw) => income(raw, lastMonth(raw))) },
    {
      ask: 'what % did i save',
      expect: percent((raw) =>
        savingsRatePercent(income(raw, lastMonth(raw)), spending(raw, lastMonth(raw))),
      ),
    },
  ),
];
