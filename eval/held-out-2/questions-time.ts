import {
  addDays,
  byDetailed,
  byMerchant,
  flows,
  income,
  type Period,
  periods,
  spending,
} from '../expected.ts';
import {
  currentWeekend,
  lastWeekend,
  lastWholeWeeks,
  lastYearToDate,
  monthBack,
  monthRangeReadings,
  monthReadings,
  quarter,
  quarterReadings,
  quartersOfThisYear,
  thisWeek,
} from '../held-out/expected.ts';
import type { RawData } from '../raw-data.ts';
import {
  byDetailedIn,
  daysBefore,
  type FlowFilter,
  incomeSeries,
  latestPayday,
  monthsIncludingThis,
  monthsOf,
  netSeries,
  onWeekdays,
  onWeekends,
  spendingSeries,
  weeksOf,
} from './expected.ts';
import {
  any,
  eachOf,
  type HeldOut2Question,
  lastDays,
  lastFullMonths,
  lastMonth,
  lastYear,
  money,
  monthsAgo,
  one,
  type PeriodOf,
  perPeriod,
  thisMonth,
  thisYear,
} from './shorthands.ts';

/** Periods of every kind, comparisons of two periods, and series (SEALED: see README.md). */

const GROCERIES = byDetailed('FOOD_AND_DRINK_GROCERIES');
const RESTAURANTS = byDetailed('FOOD_AND_DRINK_RESTAURANT');
const EATING_OUT = byDetailedIn('FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD');
const COFFEE = byDetailed('FOOD_AND_DRINK_COFFEE');
const AMAZON = byMerchant('Amazon');

const pad = (n: number) => String(n).padStart(2, '0');
const short = (raw: RawData, back: number) => monthBack(raw.today, back).short;
const yearBefore = (raw: RawData) => lastYear(raw).start.slice(0, 4);

/** Days `first` to `last` of the month `back` months ago (cut at today). */
const daysOfMonth =
  (back: number, first: number, last: number): PeriodOf =>
  (raw) => {
    const { year, number } = monthBack(raw.today, back);
    const end = `${year}-${pad(number)}-${pad(last)}`;
    return { start: `${year}-${pad(number)}-${pad(first)}`, end: end > raw.today ? raw.today : end };
  };

/** The first half of the latest year whose first half has started (this year's, to date). */
const firstHalf = (raw: RawData): Period[] => {
  const year = raw.today.slice(0, 4);
  const end = `${year}-06-30`;
  if (end <= raw.today) return [{ start: `${year}-01-01`, end }];
  return [
    { start: `${year}-01-01`, end: raw.today },
    { start: `${yearBefore(raw)}-01-01`, end: `${yearBefore(raw)}-06-30` },
  ];
};

/** The day of this month a mid-month range can end on without running past today. */
const midDay = (raw: RawData) => (Number(raw.today.slice(8, 10)) >= 15 ? 15 : 1);

/** "The weekend": the latest Saturday–Sunday that has started, and the latest that has ended. */
const weekendReadings = (raw: RawData): Period[] => {
  const now = currentWeekend(raw.today);
  return now ? [now, lastWeekend(raw.today)] : [lastWeekend(raw.today)];
};

/** Money out of the bank accounts on a day, whatever the category (transfers and card payments too). */
const bankOutflows = (raw: RawData, date: string): number =>
  -flows(raw)
    .filter((flow) => !flow.pending && flow.source === 'plaid' && flow.date === date && flow.cents < 0)
    .reduce((sum, flow) => sum + flow.cents, 0);

export const PERIOD_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-periods-slash-dates',
    category: 'periods',
    turns: [
      {
        ask: (raw) =>
          `spending from ${monthBack(raw.today, 1).number}/1 to ${monthBack(raw.today, 1).number}/15`,
        expect: one((raw) => spending(raw, daysOfMonth(1, 1, 15)(raw))),
      },
    ],
  },
  {
    id: 'h2-periods-iso-thru',
    category: 'periods',
    turns: [
      {
        ask: (raw) =>
          `how much did i spend ${daysOfMonth(1, 3, 10)(raw).start} thru ${daysOfMonth(1, 3, 10)(raw).end}`,
        expect: one((raw) => spending(raw, daysOfMonth(1, 3, 10)(raw))),
      },
    ],
  },
  {
    id: 'h2-periods-first-half-groceries',
    category: 'periods',
    turns: [
      {
        ask: 'grocery spend in the first half of the year',
        expect: perPeriod(firstHalf, (period) => one((raw) => spending(raw, period(raw), GROCERIES))),
      },
    ],
  },
  {
    id: 'h2-periods-past-3-weeks',
    category: 'periods',
    turns: [
      {
        ask: 'spending past 3 weeks',
        expect: any(
          one((raw) => spending(raw, periods.lastDays(raw.today, 21))),
          one((raw) => spending(raw, lastWholeWeeks(raw.today, 3))),
        ),
      },
    ],
  },
  {
    id: 'h2-periods-last-45-days',
    category: 'periods',
    turns: [
      {
        ask: 'how much did i spend in the last 45 days',
        expect: one((raw) => spending(raw, lastDays(45)(raw))),
      },
    ],
  },
  {
    id: 'h2-periods-weekend-restaurants',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `restaurants on weekends in ${short(raw, 1)}`,
        expect: one((raw) => spending(raw, lastMonth(raw), (flow) => RESTAURANTS(flow) && onWeekends(flow))),
      },
    ],
  },
  {
    id: 'h2-periods-mid-to-mid',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `spend between ${short(raw, 1)} ${midDay(raw)} and ${short(raw, 0)} ${midDay(raw)}`,
        expect: one((raw) => {
          const start = daysOfMonth(1, midDay(raw), midDay(raw))(raw).start;
          return spending(raw, { start, end: daysOfMonth(0, midDay(raw), midDay(raw))(raw).end });
        }),
      },
    ],
  },
  {
    id: 'h2-periods-decmber',
    category: 'periods',
    turns: [
      {
        ask: 'spending in decmber',
        expect: perPeriod(
          (raw) => monthReadings(raw.today, 12),
          (period) => one((raw) => spending(raw, period(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-periods-on-the-first',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `how much went out on ${short(raw, 1)} 1st`,
        expect: any(
          one((raw) => spending(raw, { start: lastMonth(raw).start, end: lastMonth(raw).start })),
          one((raw) => bankOutflows(raw, lastMonth(raw).start)),
        ),
      },
    ],
  },
  {
    id: 'h2-periods-jun-thru-aug',
    category: 'periods',
    turns: [
      {
        ask: 'spending jun-aug',
        expect: perPeriod(
          (raw) => monthRangeReadings(raw.today, 6, 8),
          (period) => one((raw) => spending(raw, period(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-periods-since-last-paycheck',
    category: 'periods',
    turns: [
      {
        ask: 'what have i spent since my last paycheck',
        expect: any(
          one((raw) => spending(raw, { start: latestPayday(raw), end: raw.today })),
          one((raw) => spending(raw, { start: addDays(latestPayday(raw), 1), end: raw.today })),
        ),
      },
    ],
  },
  {
    id: 'h2-periods-second-half-last-year',
    category: 'periods',
    turns: [
      {
        ask: (raw) => `spend in h2 ${yearBefore(raw)}`,
        expect: one((raw) =>
          spending(raw, { start: `${yearBefore(raw)}-07-01`, end: `${yearBefore(raw)}-12-31` }),
        ),
      },
    ],
  },
  {
    id: 'h2-periods-the-weekend',
    category: 'periods',
    turns: [
      {
        ask: 'what did i spend on the weekend',
        expect: perPeriod(weekendReadings, (period) => one((raw) => spending(raw, period(raw)))),
      },
    ],
  },
];

/** The same days of last month as this month so far (day N against day N, capped at its end). */
const lastMonthSameDays = (raw: RawData): Period => {
  const whole = lastMonth(raw);
  const end = `${whole.start.slice(0, 8)}${raw.today.slice(8, 10)}`;
  return { start: whole.start, end: end > whole.end ? whole.end : end };
};

/** The same month a year before. */
const yearEarlier = (period: Period): Period => {
  const shift = (date: string) => `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  return { start: shift(period.start), end: shift(period.end) };
};

export const COMPARISON_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-comparisons-groceries-this-or-last',
    category: 'comparisons',
    turns: [
      {
        ask: 'did i spend more on groceries this month or last',
        expect: any(
          money((raw) => [
            spending(raw, thisMonth(raw), GROCERIES),
            spending(raw, lastMonth(raw), GROCERIES),
          ]),
          money((raw) => [
            spending(raw, thisMonth(raw), GROCERIES),
            spending(raw, lastMonthSameDays(raw), GROCERIES),
          ]),
        ),
      },
    ],
  },
  {
    id: 'h2-comparisons-two-months-short',
    category: 'comparisons',
    turns: [
      {
        ask: (raw) => `${short(raw, 1)} vs ${short(raw, 2)} spending`,
        expect: money((raw) => [spending(raw, lastMonth(raw)), spending(raw, monthsAgo(2)(raw))]),
      },
    ],
  },
  {
    id: 'h2-comparisons-dining-q2-q3',
    category: 'comparisons',
    turns: [
      {
        ask: 'dining: q2 vs q3',
        expect: any(
          ...[RESTAURANTS, EATING_OUT].map((filter) =>
            money((raw) =>
              [2, 3].map((q) => spending(raw, quarterReadings(raw.today, q)[0] ?? lastMonth(raw), filter)),
            ),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-comparisons-amazon-this-vs-last-yr',
    category: 'comparisons',
    turns: [
      {
        ask: 'am i spending more on amazon this yr than last yr',
        expect: any(
          money((raw) => [spending(raw, thisYear(raw), AMAZON), spending(raw, lastYear(raw), AMAZON)]),
          money((raw) => [
            spending(raw, thisYear(raw), AMAZON),
            spending(raw, lastYearToDate(raw.today), AMAZON),
          ]),
        ),
      },
    ],
  },
  {
    id: 'h2-comparisons-income-same-point-last-year',
    category: 'comparisons',
    turns: [
      {
        ask: 'income this year vs same point last year',
        expect: money((raw) => [income(raw, thisYear(raw)), income(raw, lastYearToDate(raw.today))]),
      },
    ],
  },
  {
    id: 'h2-comparisons-weekends-weekdays-last-month',
    category: 'comparisons',
    turns: [
      {
        ask: (raw) => `weekends vs weekdays, where did more money go in ${short(raw, 1)}`,
        expect: money((raw) => [
          spending(raw, lastMonth(raw), onWeekends),
          spending(raw, lastMonth(raw), onWeekdays),
        ]),
      },
    ],
  },
  {
    id: 'h2-comparisons-coffee-30-vs-prior-30',
    category: 'comparisons',
    turns: [
      {
        ask: 'coffee spend last 30 days vs the 30 before that',
        expect: money((raw) => {
          const recent = periods.lastDays(raw.today, 30);
          return [spending(raw, recent, COFFEE), spending(raw, daysBefore(recent, 30), COFFEE)];
        }),
      },
    ],
  },
  {
    id: 'h2-comparisons-uber-or-lyft',
    category: 'comparisons',
    turns: [
      {
        ask: 'uber or lyft - which did i spend more on this yr',
        expect: money((raw) => [
          spending(raw, thisYear(raw), byMerchant('Uber')),
          spending(raw, thisYear(raw), byMerchant('Lyft')),
        ]),
      },
    ],
  },
  {
    id: 'h2-comparisons-up-or-down-between-months',
    category: 'comparisons',
    turns: [
      {
        ask: (raw) => `did my spending go up or down from ${short(raw, 3)} to ${short(raw, 2)}`,
        expect: money((raw) => [spending(raw, monthsAgo(3)(raw)), spending(raw, monthsAgo(2)(raw))]),
      },
    ],
  },
  {
    id: 'h2-comparisons-eating-out-year-apart',
    category: 'comparisons',
    turns: [
      {
        ask: (raw) => `eating out ${short(raw, 1)} this yr vs ${short(raw, 1)} last yr`,
        expect: any(
          ...[RESTAURANTS, EATING_OUT].map((filter) =>
            money((raw) => [
              spending(raw, lastMonth(raw), filter),
              spending(raw, yearEarlier(lastMonth(raw)), filter),
            ]),
          ),
        ),
      },
    ],
  },
];

/** A series: every bucket's figure, the empty buckets aside (an answer may leave them out or print $0.00). */
const seriesOf = (values: (raw: RawData) => number[]) =>
  money((raw) => values(raw).filter((cents) => cents !== 0));

/** The whole months of this year before this one. */
const wholeMonthsThisYear = (raw: RawData) =>
  monthsOf(thisYear(raw)).filter((bucket) => bucket.end < thisMonth(raw).start);
const series = (raw: RawData, period: Period, filter?: FlowFilter) =>
  spendingSeries(raw, monthsOf(period), filter);

export const TREND_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-trends-monthly-spend-this-year',
    category: 'trends',
    turns: [
      {
        ask: 'monthly spending trend this year',
        expect: any(
          seriesOf((raw) => series(raw, thisYear(raw))),
          seriesOf((raw) => spendingSeries(raw, wholeMonthsThisYear(raw))),
        ),
      },
    ],
  },
  {
    id: 'h2-trends-groceries-by-month-6',
    category: 'trends',
    turns: [
      {
        ask: 'show me grocery spending by month for the last 6 months',
        expect: any(
          seriesOf((raw) => series(raw, lastFullMonths(6)(raw), GROCERIES)),
          seriesOf((raw) => series(raw, monthsIncludingThis(raw.today, 6), GROCERIES)),
        ),
      },
    ],
  },
  {
    id: 'h2-trends-restaurants-trending-up',
    category: 'trends',
    turns: [
      {
        ask: 'is my restaurant spending trending up',
        expect: any(
          ...[6, 3, 12].map((months) =>
            seriesOf((raw) => series(raw, lastFullMonths(months)(raw), RESTAURANTS)),
          ),
          seriesOf((raw) => series(raw, thisYear(raw), RESTAURANTS)),
        ),
      },
    ],
  },
  {
    id: 'h2-trends-quarterly-income-this-yr',
    category: 'trends',
    turns: [
      {
        ask: 'quarterly income this yr',
        expect: any(
          seriesOf((raw) => incomeSeries(raw, quartersOfThisYear(raw.today))),
          seriesOf((raw) =>
            incomeSeries(
              raw,
              quartersOfThisYear(raw.today).filter((bucket) => bucket.end < raw.today),
            ),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-trends-weekly-past-4-weeks',
    category: 'trends',
    turns: [
      {
        ask: 'weekly spending for the past 4 weeks',
        expect: any(
          seriesOf((raw) => spendingSeries(raw, weeksOf(lastWholeWeeks(raw.today, 4)))),
          seriesOf((raw) =>
            spendingSeries(raw, [...weeksOf(lastWholeWeeks(raw.today, 3)), thisWeek(raw.today)]),
          ),
          seriesOf((raw) => spendingSeries(raw, weeksOf(periods.lastDays(raw.today, 28)))),
        ),
      },
    ],
  },
  {
    id: 'h2-trends-amazon-month-to-month-since-may',
    category: 'trends',
    turns: [
      {
        ask: 'how has my amazon spending changed month to month since may',
        expect: eachOf(
          2,
          (raw) => {
            const start = monthReadings(raw.today, 5)[0]?.start ?? raw.today;
            return [
              { start, end: raw.today },
              { start, end: lastMonth(raw).end },
            ];
          },
          (pick) => seriesOf((raw) => series(raw, pick(raw), AMAZON)),
        ),
      },
    ],
  },
  {
    id: 'h2-trends-priciest-month-this-year',
    category: 'trends',
    turns: [
      {
        ask: 'whats been my most expensive month this year',
        expect: any(
          one((raw) => Math.max(...series(raw, thisYear(raw)))),
          one((raw) => Math.max(...spendingSeries(raw, wholeMonthsThisYear(raw)))),
        ),
      },
    ],
  },
  {
    id: 'h2-trends-net-each-month-q3',
    category: 'trends',
    turns: [
      {
        ask: 'net cash flow each month in q3',
        expect: perPeriod(
          (raw) => quarterReadings(raw.today, 3),
          (period) => seriesOf((raw) => netSeries(raw, monthsOf(period(raw)))),
        ),
      },
    ],
  },
  {
    id: 'h2-trends-income-by-month-last-year',
    category: 'trends',
    turns: [
      {
        ask: (raw) => `income by month in ${yearBefore(raw)}`,
        expect: seriesOf((raw) => incomeSeries(raw, monthsOf(lastYear(raw)))),
      },
    ],
  },
  {
    id: 'h2-trends-quarter-over-quarter-last-year',
    category: 'trends',
    turns: [
      {
        ask: (raw) => `how did my total spending change quarter over quarter in ${yearBefore(raw)}`,
        expect: money((raw) => [1, 2, 3, 4].map((q) => spending(raw, quarter(Number(yearBefore(raw)), q)))),
      },
    ],
  },
];
