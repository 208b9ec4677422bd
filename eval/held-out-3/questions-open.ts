import {
  balanceOf,
  byDetailed,
  cryptoSymbolCents,
  income,
  netWorth,
  savingsRatePercent,
  spending,
} from '../expected.ts';
import { atMerchant, largestDiscretionary, percentOf } from '../expected-reading.ts';
import type { Expect, Question } from '../question-types.ts';
import type { RawData } from '../raw-data.ts';
import {
  anyOf,
  COFFEE,
  clarification,
  declines,
  GROCERIES,
  longMonth,
  money,
  monthNumberAgo,
  names,
  one,
  percent,
  RENT,
  RESTAURANTS,
  shortMonth,
  tally,
} from '../reading-expect.ts';
import {
  averageCandidates,
  bankCash,
  categoriesBy,
  either,
  type FlowFilter,
  grossPurchases,
  inCategory,
  LEVELS,
  monthsTouched,
  netFlow,
  not,
  purchasesOf,
  topCategory,
  WAGES,
} from './expected.ts';
import {
  ago,
  average,
  fullMonths,
  lastDays,
  lastMonth,
  lastYear,
  q,
  thisMonth,
  thisYear,
  thread,
  type Window,
} from './shorthands.ts';

/** Open questions, follow-ups in one thread, and what must be declined or asked back. */

const AMAZON = atMerchant('Amazon');
const EAT_OUT: FlowFilter[] = [RESTAURANTS, either(RESTAURANTS, byDetailed('FOOD_AND_DRINK_FAST_FOOD'))];
const month = (raw: RawData, back: number) => monthNumberAgo(raw, back);
const incomeAndSpending = (window: Window) =>
  money((raw) => [income(raw, window(raw)), spending(raw, window(raw))]);
const SPANS: readonly Window[] = [lastMonth, fullMonths(3), thisYear, lastDays(30), thisMonth];

const openQuestions: Question[] = [
  q('open_questions', 'can u give me a quick summary of last month', incomeAndSpending(lastMonth)),
  q('open_questions', 'am i spending more than i earn?', anyOf(...SPANS.map(incomeAndSpending))),
  q(
    'open_questions',
    'where can i cut back',
    anyOf(
      ...SPANS.flatMap((window) => [
        names((raw) => [largestDiscretionary(raw, window(raw)).primary]),
        names((raw) => [largestDiscretionary(raw, window(raw)).detailed]),
      ]),
    ),
  ),
  q(
    'open_questions',
    'can i afford a $2,000 trip next month',
    anyOf(
      clarification,
      one((raw) => balanceOf(raw, 'checking')),
      one(bankCash),
      one((raw) => balanceOf(raw, 'savings')),
      one((raw) => netFlow(raw, lastMonth(raw))),
      average((raw) => averageCandidates(netFlow(raw, fullMonths(3)(raw)), 3)),
    ),
  ),
  q(
    'open_questions',
    'hows my finances lookin? ur honest take',
    anyOf(one(netWorth), ...[lastMonth, thisMonth, thisYear].map(incomeAndSpending)),
  ),
  q(
    'open_questions',
    'whats eating up most of my money',
    anyOf(
      ...SPANS.flatMap((window) =>
        LEVELS.map((level) => one((raw) => topCategory(raw, window(raw), level).cents)),
      ),
    ),
  ),
  q(
    'open_questions',
    'how much could i save a month if i cut eating out in half',
    anyOf(
      ...[lastMonth, fullMonths(3), fullMonths(6)].flatMap((window) =>
        EAT_OUT.map((filter) =>
          average((raw) =>
            averageCandidates(spending(raw, window(raw), filter), 2 * monthsTouched(window(raw))),
          ),
        ),
      ),
    ),
  ),
];

/** The first turn's top category this month against the same category last month, at either level. */
const topAgainstLastMonth: Expect = anyOf(
  ...LEVELS.flatMap((level) =>
    [lastMonth, sameDaysLastMonth].map((window) =>
      money((raw) => {
        const top = topCategory(raw, thisMonth(raw), level);
        return [top.cents, spending(raw, window(raw), inCategory(level, top.key))];
      }),
    ),
  ),
);

function sameDaysLastMonth(raw: RawData) {
  const last = lastMonth(raw);
  const end = `${last.start.slice(0, 8)}${raw.today.slice(8, 10)}`;
  return { start: last.start, end: end < last.end ? end : last.end };
}

const followUps: Question[] = [
  thread(
    {
      ask: 'how much did i spend on groceries last month',
      expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)),
    },
    { ask: 'and the month before?', expect: one((raw) => spending(raw, ago(2)(raw), GROCERIES)) },
    {
      ask: 'what about restaurants for both',
      expect: money((raw) => [
        spending(raw, lastMonth(raw), RESTAURANTS),
        spending(raw, ago(2)(raw), RESTAURANTS),
      ]),
    },
  ),
  thread(
    { ask: 'whats in my checking', expect: one((raw) => balanceOf(raw, 'checking')) },
    { ask: 'and savings?', expect: one((raw) => balanceOf(raw, 'savings')) },
    { ask: 'add em up', expect: one(bankCash) },
  ),
  thread(
    {
      ask: 'how much did i spend at amazon this yr',
      expect: anyOf(
        one((raw) => spending(raw, thisYear(raw), AMAZON)),
        one((raw) => grossPurchases(raw, thisYear(raw), AMAZON)),
      ),
    },
    {
      ask: 'how many orders was that',
      expect: tally(
        (raw) => purchasesOf(raw, thisYear(raw), AMAZON).length,
        'order',
        'purchase',
        'transaction',
      ),
    },
    {
      ask: 'avg per order?',
      expect: anyOf(
        average((raw) =>
          averageCandidates(
            grossPurchases(raw, thisYear(raw), AMAZON),
            purchasesOf(raw, thisYear(raw), AMAZON).length,
          ),
        ),
        average((raw) =>
          averageCandidates(
            spending(raw, thisYear(raw), AMAZON),
            purchasesOf(raw, thisYear(raw), AMAZON).length,
          ),
        ),
      ),
    },
  ),
  thread(
    {
      ask: (raw) => `spending in ${longMonth(month(raw, 1))}`,
      expect: one((raw) => spending(raw, lastMonth(raw))),
    },
    { ask: 'now excluding rent', expect: one((raw) => spending(raw, lastMonth(raw), not(RENT))) },
    {
      ask: 'what % was rent',
      expect: percent((raw) => percentOf(spending(raw, lastMonth(raw), RENT), spending(raw, lastMonth(raw)))),
    },
  ),
  thread(
    { ask: 'how much is my btc worth', expect: one((raw) => cryptoSymbolCents(raw, 'BTC')) },
    { ask: 'and sol?', expect: one((raw) => cryptoSymbolCents(raw, 'SOL')) },
  ),
  thread(
    {
      ask: 'how much did i make last yr',
      expect: anyOf(
        one((raw) => income(raw, lastYear(raw))),
        one((raw) => income(raw, lastYear(raw), WAGES)),
      ),
    },
    {
      ask: 'and how much of that did i actually save',
      expect: anyOf(
        one((raw) => netFlow(raw, lastYear(raw))),
        percent((raw) => savingsRatePercent(income(raw, lastYear(raw)), spending(raw, lastYear(raw)))),
      ),
    },
  ),
  thread(
    {
      ask: 'top 3 spending categories this month',
      expect: anyOf(
        ...LEVELS.map((level) =>
          money((raw) =>
            categoriesBy(raw, thisMonth(raw), level)
              .slice(0, 3)
              .map((entry) => entry.cents),
          ),
        ),
      ),
    },
    { ask: 'how does the #1 compare to last month', expect: topAgainstLastMonth },
  ),
  thread(
    {
      ask: (raw) => `coffee spend in ${shortMonth(month(raw, 1))}?`,
      expect: one((raw) => spending(raw, lastMonth(raw), COFFEE)),
    },
    {
      ask: 'how many times did i go',
      expect: tally(
        (raw) => purchasesOf(raw, lastMonth(raw), COFFEE).length,
        'time',
        'visit',
        'purchase',
        'trip',
      ),
    },
    {
      ask: 'so per visit thats what',
      expect: average((raw) =>
        averageCandidates(
          spending(raw, lastMonth(raw), COFFEE),
          purchasesOf(raw, lastMonth(raw), COFFEE).length,
        ),
      ),
    },
  ),
];

const outOfScope: Question[] = [
  'whats the weather supposed to be tmrw',
  'write me a cover letter pls',
  'who won the game last night',
  'translate thank you into spanish',
  'recommend a good pizza place near me',
  'tell me a joke lol',
].map((ask) => q('out_of_scope', ask, declines));

const mustDecline: Question[] = [
  'what will nvda be worth next yr',
  'how much does my roommate spend on food',
  'whats my credit score',
  'should i refinance my mortgage',
  'move $500 from checking to savings for me',
  'how much will i owe in taxes this yr',
  "what's my boss's salary",
].map((ask) => q('must_decline', ask, declines));

const ambiguous: Question[] = [
  'how much did i spend there last time',
  'how much was that charge',
  'spending on feb 30',
  'compare it to before',
  'how much did i spend on the thing',
  'show me spending for the 45th',
].map((ask) => q('ambiguous', ask, declines));

export const OPEN_QUESTIONS: Question[] = [
  ...openQuestions,
  ...followUps,
  ...outOfScope,
  ...mustDecline,
  ...ambiguous,
];
