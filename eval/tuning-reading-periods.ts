import { addDays, byPrimary, calendarMonth, income, periods, spending } from './expected.ts';
import {
  atMerchant,
  daySpan,
  firstHalf,
  lastQuarter,
  lastWeekend,
  latestDay,
  latestQuarter,
  latestQuarterYear,
  monthSpan,
  perMonth,
  perPurchase,
  perWeek,
  quarterOf,
  sevenDayWindows,
  wholeWeeks,
  yearEarlier,
  yesterday,
} from './expected-reading.ts';
import type { Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  GROCERIES,
  lastDays,
  lastMonth,
  longMonth,
  misspeltMonth,
  money,
  monthNumberAgo,
  monthsAgo,
  one,
  RESTAURANTS,
  shortMonth,
  single,
  thisMonth,
  thisYear,
} from './reading-expect.ts';

/** Reading the period: quarters, spans, misspelt months, dates; comparisons, trends and averages. */

const FOOD = byPrimary('FOOD_AND_DRINK');
const q = (raw: RawData, quarter: number) => latestQuarter(raw.today, quarter);

export const PERIOD_QUESTIONS: readonly Question[] = [
  // --- Periods
  single(
    'period-q3',
    'periods',
    'how much did i spend in q3',
    one((raw) => spending(raw, q(raw, 3))),
  ),
  single(
    'period-q2-with-year',
    'periods',
    (raw) => `total spending Q2 ${latestQuarterYear(raw.today, 2)}?`,
    one((raw) => spending(raw, quarterOf(raw.today, latestQuarterYear(raw.today, 2), 2))),
  ),
  single(
    'period-third-quarter-groceries',
    'periods',
    'what did i spend on groceries in the third quarter',
    one((raw) => spending(raw, q(raw, 3), GROCERIES)),
  ),
  single(
    'period-last-quarter',
    'periods',
    'how much did i spend last quarter',
    one((raw) => spending(raw, lastQuarter(raw.today))),
  ),
  single(
    'period-income-ytd',
    'periods',
    'whats my income ytd',
    one((raw) => income(raw, thisYear(raw))),
  ),
  single(
    'period-restaurants-this-yr',
    'periods',
    'how much have i spent on restaurants this yr',
    one((raw) => spending(raw, thisYear(raw), RESTAURANTS)),
  ),
  single(
    'period-june-thru-aug',
    'periods',
    'spending june thru aug?',
    one((raw) => spending(raw, monthSpan(raw.today, 6, 8))),
  ),
  single(
    'period-food-aug-oct',
    'periods',
    'how much on food aug-oct',
    one((raw) => spending(raw, monthSpan(raw.today, 8, 10), FOOD)),
  ),
  single(
    'period-misspelt-month',
    'periods',
    (raw) => `how much did i spend in ${misspeltMonth(monthNumberAgo(raw, 3))}`,
    one((raw) => spending(raw, monthsAgo(raw, 3))),
  ),
  single(
    'period-misspelt-month-groceries',
    'periods',
    (raw) => `groceries in ${misspeltMonth(monthNumberAgo(raw, 5))}??`,
    one((raw) => spending(raw, monthsAgo(raw, 5), GROCERIES)),
  ),
  single(
    'period-slash-date',
    'periods',
    (raw) => `what did i spend on ${monthNumberAgo(raw, 2)}/1`,
    one((raw) => {
      const day = latestDay(raw.today, monthNumberAgo(raw, 2), 1);
      return spending(raw, { start: day, end: day });
    }),
  ),
  single(
    'period-day-span',
    'periods',
    (raw) => {
      const month = longMonth(monthNumberAgo(raw, 4));
      return `how much did i spend ${month} 3 to ${month} 20`;
    },
    one((raw) => spending(raw, daySpan(raw.today, monthNumberAgo(raw, 4), 3, 20))),
  ),
  single(
    'period-past-2-weeks',
    'periods',
    'spending past 2 weeks',
    one((raw) => spending(raw, lastDays(raw, 14))),
  ),
  single(
    'period-last-90-days',
    'periods',
    'how much have i spent in the last 90 days',
    one((raw) => spending(raw, lastDays(raw, 90))),
  ),
  single(
    'period-yesterday',
    'periods',
    'what did i spend yesterday',
    one((raw) => spending(raw, yesterday(raw.today))),
  ),
  single(
    'period-last-weekend',
    'periods',
    'how much did i blow last weekend',
    one((raw) => spending(raw, lastWeekend(raw.today))),
  ),
  single(
    'period-first-half',
    'periods',
    'how much did i make in the first half of the year',
    one((raw) => income(raw, firstHalf(raw.today))),
  ),

  // --- Comparisons: both periods' figures
  single(
    'compare-two-months',
    'comparisons',
    (raw) => `${shortMonth(monthNumberAgo(raw, 2))} vs ${shortMonth(monthNumberAgo(raw, 1))} spending`,
    money((raw) => [spending(raw, monthsAgo(raw, 2)), spending(raw, monthsAgo(raw, 1))]),
  ),
  single(
    'compare-this-vs-last-month',
    'comparisons',
    'restaurants this month vs last month',
    money((raw) => [spending(raw, thisMonth(raw), RESTAURANTS), spending(raw, lastMonth(raw), RESTAURANTS)]),
  ),
  single(
    'compare-quarters',
    'comparisons',
    'q2 vs q3 spending',
    money((raw) => [spending(raw, q(raw, 2)), spending(raw, q(raw, 3))]),
  ),
  single(
    'compare-years-category',
    'comparisons',
    'groceries this yr vs last yr',
    anyOf(
      // Last year whole, or last year to the same date.
      money((raw) => [
        spending(raw, thisYear(raw), GROCERIES),
        spending(raw, periods.lastYear(raw.today), GROCERIES),
      ]),
      money((raw) => [
        spending(raw, thisYear(raw), GROCERIES),
        spending(raw, yearEarlier(thisYear(raw)), GROCERIES),
      ]),
    ),
  ),
  single(
    'compare-more-in-which-month',
    'comparisons',
    (raw) =>
      `did i spend more in ${longMonth(monthNumberAgo(raw, 3))} or ${longMonth(monthNumberAgo(raw, 2))}`,
    money((raw) => [spending(raw, monthsAgo(raw, 3)), spending(raw, monthsAgo(raw, 2))]),
  ),
  single(
    'compare-income-month-before',
    'comparisons',
    'compare my income last month to the month before',
    money((raw) => [income(raw, monthsAgo(raw, 1)), income(raw, monthsAgo(raw, 2))]),
  ),

  // --- Trends: every step's figure
  single(
    'trend-six-months',
    'trends',
    'show me my spending month by month for the last 6 months',
    anyOf(
      // Six whole months before this one, or five and this month so far.
      money((raw) => [6, 5, 4, 3, 2, 1].map((back) => spending(raw, monthsAgo(raw, back)))),
      money((raw) => [5, 4, 3, 2, 1, 0].map((back) => spending(raw, calendarMonth(raw.today, back)))),
    ),
  ),
  single(
    'trend-dining-gone-up',
    'trends',
    'has my dining gone up lately?',
    anyOf(
      money((raw) => [1, 2].map((back) => spending(raw, monthsAgo(raw, back), RESTAURANTS))),
      money((raw) => [0, 1].map((back) => spending(raw, calendarMonth(raw.today, back), RESTAURANTS))),
      money((raw) => [1, 2, 3].map((back) => spending(raw, monthsAgo(raw, back), RESTAURANTS))),
      money((raw) => [1, 2, 3, 4, 5, 6].map((back) => spending(raw, monthsAgo(raw, back), RESTAURANTS))),
    ),
  ),
  single(
    'trend-weekly',
    'trends',
    'weekly spending for the last 4 wks',
    anyOf(
      // Whole Monday–Sunday weeks, seven-day windows ending today, or this week so far and three before.
      money((raw) => wholeWeeks(raw.today, 4).map((week) => spending(raw, week))),
      money((raw) => sevenDayWindows(raw.today, 4).map((week) => spending(raw, week))),
      money((raw) => [
        ...wholeWeeks(raw.today, 3).map((week) => spending(raw, week)),
        spending(raw, { start: addDays(periods.lastWeek(raw.today).end, 1), end: raw.today }),
      ]),
    ),
  ),
  single(
    'trend-groceries-by-month-this-yr',
    'trends',
    'grocery spend by month this yr',
    money((raw) => {
      const months = Number(raw.today.slice(5, 7));
      return Array.from({ length: months }, (_, index) =>
        spending(raw, calendarMonth(raw.today, months - 1 - index), GROCERIES),
      );
    }),
  ),
  single(
    'trend-last-3-months',
    'trends',
    'is my spending trending up or down over the last 3 months',
    money((raw) => [3, 2, 1].map((back) => spending(raw, monthsAgo(raw, back)))),
  ),

  // --- Averages
  single(
    'average-monthly-span',
    'averages',
    'avg monthly spending june thru aug',
    one((raw) => {
      const span = monthSpan(raw.today, 6, 8);
      return perMonth(spending(raw, span), span);
    }),
  ),
  single(
    'average-groceries-per-month-this-yr',
    'averages',
    'whats my avg grocery bill per month this yr',
    one((raw) => perMonth(spending(raw, thisYear(raw), GROCERIES), thisYear(raw))),
  ),
  single(
    'average-restaurants-per-week',
    'averages',
    'avg per week on restaurants last month?',
    one((raw) => perWeek(spending(raw, lastMonth(raw), RESTAURANTS), lastMonth(raw))),
  ),
  single(
    'average-uber-ride',
    'averages',
    'whats the avg cost of my uber rides this yr',
    one((raw) => perPurchase(raw, thisYear(raw), atMerchant('Uber'))),
  ),
  single(
    'average-typical-grocery-trip',
    'averages',
    'how much is a typical grocery trip for me these days',
    // "These days": any recent window is a fair reading.
    anyOf(
      ...[thisMonth, lastMonth, (raw: RawData) => lastDays(raw, 30), (raw: RawData) => lastDays(raw, 90)].map(
        (period) => one((raw) => perPurchase(raw, period(raw), GROCERIES)),
      ),
      one((raw) => perPurchase(raw, periods.lastFullMonths(raw.today, 3), GROCERIES)),
    ),
  ),
  single(
    'average-amazon-per-txn',
    'averages',
    'avg spend per txn at amazon last 90 days',
    one((raw) => perPurchase(raw, lastDays(raw, 90), atMerchant('Amazon'))),
  ),
  single(
    'average-month-last-3-months',
    'averages',
    'how much do i spend a month on avg over the last 3 months',
    one((raw) => {
      const span = periods.lastFullMonths(raw.today, 3);
      return perMonth(spending(raw, span), span);
    }),
  ),
];
