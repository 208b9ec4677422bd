import {
  byAccountKind,
  byDetailed,
  byPrimary,
  cryptoCents,
  income,
  investmentsValue,
  largestHolding,
  type Period,
  periods,
  spending,
  valueOfTicker,
} from '../expected.ts';
import {
  atMerchant,
  lastQuarter,
  latestQuarter,
  mostVisited,
  percentOf,
  sevenDayWindows,
  wholeWeeks,
  yearEarlier,
} from '../expected-reading.ts';
import type { Question } from '../question-types.ts';
import type { RawData } from '../raw-data.ts';
import {
  anyOf,
  COFFEE,
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
  both,
  categoriesBy,
  daysOf,
  daysWithoutPurchases,
  distinctMerchants,
  distinctNamedMerchants,
  either,
  type FlowFilter,
  grossPurchases,
  LEVELS,
  lastMonths,
  latestPaycheck,
  merchantsOf,
  monthsTouched,
  not,
  onWeekdays,
  onWeekends,
  paychecks,
  paycheckYearBefore,
  purchasesOf,
  refundCount,
  refunds,
  spendingSeries,
  topMerchant,
  wholeHistory,
  wholeMonthsThisYear,
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
  thisMonth,
  thisYear,
  type Window,
  year,
} from './shorthands.ts';

/** Averages, counts, rankings, shares, comparisons and trends. */

const AMAZON = atMerchant('Amazon');
const UBER = atMerchant('Uber');
const LYFT = atMerchant('Lyft');
const FAST_FOOD = byDetailed('FOOD_AND_DRINK_FAST_FOOD');
const EAT_OUT = [RESTAURANTS, either(RESTAURANTS, FAST_FOOD)];
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const month = (raw: RawData, back: number) => monthNumberAgo(raw, back);

/** The average charge of a filter's purchases over a window: before refunds, or net of them. */
const perCharge = (window: Window, filter: FlowFilter) => [
  average((raw) =>
    averageCandidates(grossPurchases(raw, window(raw), filter), purchasesOf(raw, window(raw), filter).length),
  ),
  average((raw) =>
    averageCandidates(spending(raw, window(raw), filter), purchasesOf(raw, window(raw), filter).length),
  ),
];
const perMonthOf = (window: Window, total: (raw: RawData, period: Period) => number) =>
  average((raw) => averageCandidates(total(raw, window(raw)), monthsTouched(window(raw))));

const averageQuestions: Question[] = [
  q(
    'averages',
    'avg grocery bill lately?',
    anyOf(
      ...[fullMonths(3), lastDays(90), lastMonth, lastDays(30), thisYear].flatMap((window) =>
        perCharge(window, GROCERIES),
      ),
    ),
  ),
  q(
    'averages',
    'how much do i spend per week on coffee on avg this yr',
    average((raw) =>
      averageCandidates(spending(raw, thisYear(raw), COFFEE) * 7, daysOf(thisYear(raw)).length),
    ),
  ),
  q(
    'averages',
    'average monthly spend over the last 6 mo',
    anyOf(
      ...[fullMonths(6), monthsToDate(6)].map((window) =>
        perMonthOf(window, (raw, period) => spending(raw, period)),
      ),
    ),
  ),
  q('averages', 'avg cost of an uber ride this year', anyOf(...perCharge(thisYear, UBER))),
  q(
    'averages',
    'on avg what do i spend per weekend day? last month',
    anyOf(
      average((raw) =>
        averageCandidates(
          spending(raw, lastMonth(raw), onWeekends),
          daysOf(lastMonth(raw)).filter((date) => isWeekendDate(date)).length,
        ),
      ),
      average((raw) =>
        averageCandidates(
          spending(raw, lastMonth(raw), onWeekends),
          daysOf(lastMonth(raw)).filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 6).length,
        ),
      ),
    ),
  ),
  q(
    'averages',
    'whats my avg income per month this yr',
    anyOf(
      perMonthOf(thisYear, (raw, period) => income(raw, period)),
      average((raw) => {
        const whole = wholeMonthsThisYear(raw.today);
        return averageCandidates(sum(whole.map((period) => income(raw, period))), whole.length);
      }),
    ),
  ),
  q(
    'averages',
    'average rent + utilities per month last yr',
    perMonthOf(lastYear, (raw, period) => spending(raw, period, byPrimary('RENT_AND_UTILITIES'))),
  ),
  q(
    'averages',
    'how much do i spend a day on avg, last 2 weeks',
    anyOf(
      average((raw) => averageCandidates(spending(raw, lastDays(14)(raw)), 14)),
      average((raw) => {
        const [first, second] = wholeWeeks(raw.today, 2);
        return averageCandidates(spending(raw, { start: first?.start ?? '', end: second?.end ?? '' }), 14);
      }),
    ),
  ),
];

const isWeekendDate = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
const COUNT_UNITS = ['time', 'meal', 'visit', 'purchase', 'transaction', 'order', 'charge'];

const countQuestions: Question[] = [
  q(
    'counts',
    'how many times did i eat out last month',
    anyOf(
      ...EAT_OUT.map((filter) =>
        tally((raw) => purchasesOf(raw, lastMonth(raw), filter).length, ...COUNT_UNITS),
      ),
    ),
  ),
  q(
    'counts',
    'how many amazon ordres this yr',
    tally(
      (raw) => purchasesOf(raw, thisYear(raw), AMAZON).length,
      'order',
      'purchase',
      'transaction',
      'charge',
    ),
  ),
  q(
    'counts',
    (raw) => `how many paychecks have i gotten since ${longMonth(month(raw, 5))}`,
    tally(
      (raw) => paychecks(raw, periods.sinceMonth(raw.today, 5)).length,
      'paycheck',
      'payment',
      'deposit',
      'time',
    ),
  ),
  q(
    'counts',
    'how many days last month did i not spend anything at all',
    tally((raw) => daysWithoutPurchases(raw, lastMonth(raw)), 'day'),
  ),
  q(
    'counts',
    (raw) => `how many different places did i buy from in ${shortMonth(month(raw, 1))}`,
    anyOf(
      ...[distinctMerchants, distinctNamedMerchants].map((count) =>
        tally(
          (raw) => count(raw, lastMonth(raw)),
          'merchant',
          'place',
          'store',
          'shop',
          'business',
          'vendor',
        ),
      ),
    ),
  ),
  q(
    'counts',
    '# of lyft rides in the last 6 months',
    anyOf(
      ...[fullMonths(6), monthsToDate(6)].map((window) =>
        tally(
          (raw) => purchasesOf(raw, window(raw), LYFT).length,
          'ride',
          'trip',
          'time',
          'charge',
          'transaction',
        ),
      ),
    ),
  ),
  q(
    'counts',
    'how many refunds did i get this yr',
    tally((raw) => refundCount(raw, thisYear(raw)), 'refund', 'return', 'credit', 'transaction'),
  ),
];

/** The top `count` categories' spending at either level. */
const topCategoryAmounts = (window: Window, count: number, filter: FlowFilter = () => true) =>
  anyOf(
    ...LEVELS.map((level) =>
      money((raw) =>
        categoriesBy(raw, window(raw), level, filter)
          .slice(0, count)
          .map((entry) => entry.cents),
      ),
    ),
  );

const rankingQuestions: Question[] = [
  q(
    'rankings',
    'top 5 merchants last month by $',
    money((raw) =>
      merchantsOf(raw, lastMonth(raw), () => true)
        .slice(0, 5)
        .map((entry) => entry.cents),
    ),
  ),
  q(
    'rankings',
    'which category did i spend the most on this yr, not counting rent',
    topCategoryAmounts(thisYear, 1, not(RENT)),
  ),
  q(
    'rankings',
    'which coffee place do i go to the most',
    anyOf(
      ...[wholeHistory, thisYear, fullMonths(3), fullMonths(12)].map((window) =>
        names((raw) => [mostVisited(raw, window(raw), COFFEE)]),
      ),
    ),
  ),
  q(
    'rankings',
    (raw) => `rank my top 3 spending categories for ${longMonth(month(raw, 2))}`,
    topCategoryAmounts(ago(2), 3),
  ),
  q(
    'rankings',
    'what month this year did i spend the most',
    anyOf(
      one((raw) => Math.max(...spendingSeries(raw, wholeMonthsThisYear(raw.today)))),
      one((raw) => Math.max(...spendingSeries(raw, [...wholeMonthsThisYear(raw.today), thisMonth(raw)]))),
    ),
  ),
  q(
    'rankings',
    'which restaurant do i spend the most at',
    anyOf(
      ...[wholeHistory, thisYear, fullMonths(12), fullMonths(3)].map((window) =>
        names((raw) => [topMerchant(raw, window(raw), RESTAURANTS).key]),
      ),
    ),
  ),
  q(
    'rankings',
    'cheapest month for groceries in the last 6 months',
    one((raw) => Math.min(...spendingSeries(raw, lastMonths(raw.today, 6), GROCERIES))),
  ),
];

const sharePercent = (
  window: Window,
  part: (raw: RawData, period: Period) => number,
  whole: (raw: RawData, period: Period) => number,
) => percent((raw) => percentOf(part(raw, window(raw)), whole(raw, window(raw))));

const shareQuestions: Question[] = [
  q(
    'shares',
    'what % of my spending goes to rent',
    anyOf(
      ...[lastMonth, fullMonths(3), thisYear, lastYear, fullMonths(12)].map((window) =>
        sharePercent(
          window,
          (raw, period) => spending(raw, period, RENT),
          (raw, period) => spending(raw, period),
        ),
      ),
    ),
  ),
  q(
    'shares',
    'how much of my income did i spend last month, as a %',
    sharePercent(
      lastMonth,
      (raw, period) => spending(raw, period),
      (raw, period) => income(raw, period),
    ),
  ),
  q(
    'shares',
    'what share of my food spending is groceries this yr',
    sharePercent(
      thisYear,
      (raw, period) => spending(raw, period, GROCERIES),
      (raw, period) => spending(raw, period, byPrimary('FOOD_AND_DRINK')),
    ),
  ),
  q(
    'shares',
    (raw) => `what % of my portfolio is ${largestHolding(raw).ticker.toLowerCase()}`,
    anyOf(
      percent((raw) => percentOf(valueOfTicker(raw, largestHolding(raw).ticker), investmentsValue(raw))),
      percent((raw) =>
        percentOf(
          valueOfTicker(raw, largestHolding(raw).ticker),
          investmentsValue(raw) - valueOfTicker(raw, 'CASH'),
        ),
      ),
      percent((raw) =>
        percentOf(valueOfTicker(raw, largestHolding(raw).ticker), investmentsValue(raw) + cryptoCents(raw)),
      ),
    ),
  ),
  q(
    'shares',
    'what percent of last months spending was on the credit card vs checking',
    anyOf(
      sharePercent(
        lastMonth,
        (raw, period) => spending(raw, period, byAccountKind('credit')),
        (raw, period) => spending(raw, period),
      ),
      sharePercent(
        lastMonth,
        (raw, period) => spending(raw, period, not(byAccountKind('credit'))),
        (raw, period) => spending(raw, period),
      ),
    ),
  ),
  q(
    'shares',
    'what fraction of my amazon orders have i ended up returning',
    anyOf(
      percent((raw) =>
        percentOf(
          refundCount(raw, wholeHistory(raw), AMAZON),
          purchasesOf(raw, wholeHistory(raw), AMAZON).length,
        ),
      ),
      percent((raw) =>
        percentOf(refunds(raw, wholeHistory(raw), AMAZON), grossPurchases(raw, wholeHistory(raw), AMAZON)),
      ),
    ),
  ),
];

/** Today's day of the month, or the month's last when shorter: "the same time last month". */
const sameDayLastMonth = (raw: RawData): Period => {
  const last = lastMonth(raw);
  const end = `${last.start.slice(0, 8)}${raw.today.slice(8, 10)}`;
  return { start: last.start, end: end < last.end ? end : last.end };
};

const comparisonQuestions: Question[] = [
  q(
    'comparisons',
    'groceries this month vs same time last month',
    anyOf(
      money((raw) => [
        spending(raw, thisMonth(raw), GROCERIES),
        spending(raw, sameDayLastMonth(raw), GROCERIES),
      ]),
      money((raw) => [spending(raw, thisMonth(raw), GROCERIES), spending(raw, lastMonth(raw), GROCERIES)]),
    ),
  ),
  q(
    'comparisons',
    (raw) => `did i spend more in ${longMonth(month(raw, 1))} or ${longMonth(month(raw, 2))}`,
    money((raw) => [spending(raw, ago(1)(raw)), spending(raw, ago(2)(raw))]),
  ),
  q(
    'comparisons',
    'resturants: this yr vs last yr',
    anyOf(
      money((raw) => [spending(raw, thisYear(raw), RESTAURANTS), spending(raw, lastYear(raw), RESTAURANTS)]),
      money((raw) => [
        spending(raw, thisYear(raw), RESTAURANTS),
        spending(raw, yearEarlier(thisYear(raw)), RESTAURANTS),
      ]),
    ),
  ),
  q(
    'comparisons',
    'how does my income this quarter compare to last quarter',
    money((raw) => [income(raw, currentQuarter(raw)), income(raw, lastQuarter(raw.today))]),
  ),
  q(
    'comparisons',
    'weekend vs weekday spending last month',
    money((raw) => [spending(raw, lastMonth(raw), onWeekends), spending(raw, lastMonth(raw), onWeekdays)]),
  ),
  q(
    'comparisons',
    'uber vs lyft, who got more of my money this yr',
    money((raw) => [spending(raw, thisYear(raw), UBER), spending(raw, thisYear(raw), LYFT)]),
  ),
  q(
    'comparisons',
    'compare my spending in the first half vs second half of last yr',
    money((raw) => [
      spending(raw, { start: `${year(raw) - 1}-01-01`, end: `${year(raw) - 1}-06-30` }),
      spending(raw, { start: `${year(raw) - 1}-07-01`, end: `${year(raw) - 1}-12-31` }),
    ]),
  ),
];

const currentQuarter = (raw: RawData): Period =>
  latestQuarter(raw.today, Math.floor((month(raw, 0) - 1) / 3) + 1);

const last3Series = (filter: FlowFilter) =>
  money((raw) => spendingSeries(raw, lastMonths(raw.today, 3), filter));

const trendQuestions: Question[] = [
  q('trends', 'is my grocery spending trending up?', last3Series(GROCERIES)),
  q(
    'trends',
    'how has my dining out changed over the past few months',
    anyOf(...EAT_OUT.map((filter) => last3Series(filter))),
  ),
  q(
    'trends',
    'month by month spending this yr pls',
    money((raw) => spendingSeries(raw, wholeMonthsThisYear(raw.today))),
  ),
  q(
    'trends',
    'has my income gone up since last yr',
    anyOf(
      money((raw) => [income(raw, lastYear(raw)), income(raw, thisYear(raw))]),
      money((raw) => [income(raw, yearEarlier(thisYear(raw))), income(raw, thisYear(raw))]),
      // The raise shows in the paychecks: the latest against the one a year before.
      money((raw) => [paycheckYearBefore(raw), latestPaycheck(raw).cents]),
    ),
  ),
  q(
    'trends',
    'weekly spend for the last 4 weeks',
    anyOf(
      money((raw) => spendingSeries(raw, wholeWeeks(raw.today, 4))),
      money((raw) => spendingSeries(raw, sevenDayWindows(raw.today, 4))),
    ),
  ),
  q(
    'trends',
    'are my utility bills creeping up',
    anyOf(
      last3Series(byDetailed('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY')),
      last3Series(both(byPrimary('RENT_AND_UTILITIES'), not(RENT))),
    ),
  ),
];

export const MEASURE_QUESTIONS: Question[] = [
  ...averageQuestions,
  ...countQuestions,
  ...rankingQuestions,
  ...shareQuestions,
  ...comparisonQuestions,
  ...trendQuestions,
];
