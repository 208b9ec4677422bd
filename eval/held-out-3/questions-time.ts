import { addDays, balanceOf, byPrimary, type Period, periods, spending } from '../expected.ts';
import {
  atMerchant,
  daySpan,
  lastWeekend,
  latestQuarter,
  monthBeforeHistory,
  monthSpan,
  wholeWeeks,
  yearBeforeHistory,
} from '../expected-reading.ts';
import type { Question } from '../question-types.ts';
import type { RawData } from '../raw-data.ts';
import {
  anyOf,
  clarification,
  longMonth,
  money,
  monthNumberAgo,
  one,
  outsideHistory,
} from '../reading-expect.ts';
import {
  accountsNamed,
  averageCandidates,
  blackFriday,
  holidayWeek,
  julyFourth,
  laborDayWeekend,
  memorialDayWeekend,
  monthsTouched,
  thanksgiving,
  wholeHistory,
} from './expected.ts';
import {
  average,
  fullMonths,
  lastDays,
  lastYear,
  monthsToDate,
  q,
  thisYear,
  type Window,
  year,
} from './shorthands.ts';

/** Periods of every kind, periods outside the history, and questions with several fair readings. */

const month = (raw: RawData, back: number) => monthNumberAgo(raw, back);
const day = (date: string): Period => ({ start: date, end: date });
const total = (window: Window) => one((raw) => spending(raw, window(raw)));
/** A Saturday-to-Monday long weekend from the Friday evening before. */
const fromFriday = (weekend: Period): Period => ({ start: addDays(weekend.start, -1), end: weekend.end });
/** The Monday–Sunday week holding the day. */
const weekAround = (date: string): Period => {
  const monday = addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
  return { start: monday, end: addDays(monday, 6) };
};
const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const periodQuestions: Question[] = [
  q(
    'periods',
    (raw) => `spending ${month(raw, 1)}/1 - ${month(raw, 1)}/15`,
    total((raw) => daySpan(raw.today, month(raw, 1), 1, 15)),
  ),
  q(
    'periods',
    (raw) => {
      const start = periods.monthsAgo(raw.today, 2).start;
      return `what did i spend between ${start} and ${start.slice(0, 8)}10`;
    },
    total((raw) => {
      const start = periods.monthsAgo(raw.today, 2).start;
      return { start, end: `${start.slice(0, 8)}10` };
    }),
  ),
  q(
    'periods',
    'how much did i spend over thanksgiving weekend',
    anyOf(
      total((raw) => ({ start: thanksgiving(raw.today), end: addDays(thanksgiving(raw.today), 3) })),
      total((raw) => ({ start: blackFriday(raw.today), end: addDays(thanksgiving(raw.today), 3) })),
      total((raw) => ({
        start: addDays(thanksgiving(raw.today), 2),
        end: addDays(thanksgiving(raw.today), 3),
      })),
    ),
  ),
  q(
    'periods',
    'black friday thru cyber monday damage?',
    total((raw) => ({ start: blackFriday(raw.today), end: addDays(blackFriday(raw.today), 3) })),
  ),
  q(
    'periods',
    'what did i spend in q2',
    total((raw) => latestQuarter(raw.today, 2)),
  ),
  q(
    'periods',
    (raw) => `spending the first week of ${longMonth(month(raw, 1))}`,
    anyOf(
      total((raw) => {
        const start = periods.monthsAgo(raw.today, 1).start;
        return { start, end: addDays(start, 6) };
      }),
      // The month's first whole Monday–Sunday week.
      total((raw) => {
        const first = periods.monthsAgo(raw.today, 1).start;
        const monday = addDays(first, (8 - new Date(`${first}T00:00:00Z`).getUTCDay()) % 7);
        return { start: monday, end: addDays(monday, 6) };
      }),
    ),
  ),
  q(
    'periods',
    'spending last fortnight',
    anyOf(
      total(lastDays(14)),
      total((raw) => {
        const [first, second] = wholeWeeks(raw.today, 2);
        return { start: first?.start ?? raw.today, end: second?.end ?? raw.today };
      }),
    ),
  ),
  q(
    'periods',
    'what did i spend the week of the 4th of july',
    anyOf(
      total((raw) => weekAround(julyFourth(raw.today))),
      total((raw) => ({ start: addDays(julyFourth(raw.today), -3), end: addDays(julyFourth(raw.today), 3) })),
    ),
  ),
  q(
    'periods',
    (raw) => `${MONTH_NAMES[month(raw, 3) - 1]} 10th thru the 20th, total spend?`,
    total((raw) => daySpan(raw.today, month(raw, 3), 10, 20)),
  ),
  q(
    'periods',
    'memorial day wknd spending',
    anyOf(
      total((raw) => memorialDayWeekend(raw.today)),
      total((raw) => fromFriday(memorialDayWeekend(raw.today))),
    ),
  ),
  q(
    'periods',
    'spent how much btwn christmas and new years',
    anyOf(...[0, 1, 2].map((index) => total((raw) => holidayWeek(raw.today)[index] ?? day(raw.today)))),
  ),
  q(
    'periods',
    'labor day weekend, how much went out',
    anyOf(
      total((raw) => laborDayWeekend(raw.today)),
      total((raw) => fromFriday(laborDayWeekend(raw.today))),
    ),
  ),
  q('periods', "what've i spent in the last 10 days", total(lastDays(10))),
];

const historyQuestions: Question[] = [
  q('history_bounds', (raw) => `how much did i spend in ${yearBeforeHistory(raw)}`, outsideHistory),
  q(
    'history_bounds',
    (raw) => {
      const before = monthBeforeHistory(raw);
      return `income for ${longMonth(Number(before.start.slice(5, 7)))} ${before.start.slice(0, 4)}?`;
    },
    outsideHistory,
  ),
  q('history_bounds', (raw) => `what will my spending be in ${year(raw) + 1}`, outsideHistory),
  q('history_bounds', 'how much have i spent next month', outsideHistory),
  q(
    'history_bounds',
    'how much have i spent since 2019',
    anyOf(
      outsideHistory,
      one((raw) => spending(raw, wholeHistory(raw))),
    ),
  ),
  q('history_bounds', (raw) => `groceries q4 ${yearBeforeHistory(raw)}`, outsideHistory),
  q('history_bounds', (raw) => `restaurants in dec ${year(raw) + 5}`, outsideHistory),
];

/** Month numbers of the latest fall (Sep–Nov) that has started. */
const lastFall = (raw: RawData) => monthSpan(raw.today, 9, 11);

const severalReadingsQuestions: Question[] = [
  q(
    'several_readings',
    'how much did i spend in the last 3 months',
    anyOf(total(fullMonths(3)), total(monthsToDate(3)), total(lastDays(90))),
  ),
  q(
    'several_readings',
    'whats my balance',
    anyOf(
      clarification,
      one((raw) => balanceOf(raw, 'checking')),
      money((raw) => [balanceOf(raw, 'checking'), balanceOf(raw, 'savings')]),
    ),
  ),
  q('several_readings', 'how much did i spend in the fall', anyOf(clarification, total(lastFall))),
  q(
    'several_readings',
    'how much is my roth worth',
    anyOf(
      clarification,
      one((raw) => accountsNamed(raw, 'roth').reduce((sum, cents) => sum + cents, 0)),
      money((raw) => accountsNamed(raw, 'roth')),
    ),
  ),
  q(
    'several_readings',
    'how much do i spend on amazon per month',
    anyOf(
      clarification,
      ...[fullMonths(3), fullMonths(6), fullMonths(12), thisYear].map((window) =>
        average((raw) =>
          averageCandidates(spending(raw, window(raw), atMerchant('Amazon')), monthsTouched(window(raw))),
        ),
      ),
    ),
  ),
  q(
    'several_readings',
    'what did i spend on the weekend',
    anyOf(
      total((raw) => lastWeekend(raw.today)),
      total(latestStartedWeekend),
    ),
  ),
  q(
    'several_readings',
    'how much did i spend on travel',
    anyOf(
      clarification,
      ...[thisYear, fullMonths(12), lastYear, wholeHistory].map((window) =>
        one((raw) => spending(raw, window(raw), byPrimary('TRAVEL'))),
      ),
    ),
  ),
];

/** The latest Saturday that has started, to its Sunday or today. */
function latestStartedWeekend(raw: RawData): Period {
  const weekday = new Date(`${raw.today}T00:00:00Z`).getUTCDay();
  const saturday = addDays(raw.today, -((weekday + 1) % 7));
  const sunday = addDays(saturday, 1);
  return { start: saturday, end: sunday < raw.today ? sunday : raw.today };
}

export const TIME_QUESTIONS: Question[] = [
  ...periodQuestions,
  ...historyQuestions,
  ...severalReadingsQuestions,
];
