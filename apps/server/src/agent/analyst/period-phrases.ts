import type { Period } from './period-calendar.ts';
import {
  day,
  iso,
  lastDays,
  lastMonths,
  lastYears,
  month,
  partsOf,
  plusDays,
  quarter,
  span,
  week,
  weekdayOf,
  weekend,
  year,
} from './period-calendar.ts';
import type { Scan } from './period-points.ts';
import { countOf } from './period-words.ts';

/**
 * Periods said relative to today: 'yesterday', 'last week', 'this weekend', 'ytd', 'last 90 days',
 * '3 weeks ago', 'last june', 'next friday'. Each reader looks at token `k` and says where it stopped.
 */
export type Hit = { next: number; period?: Period; bad?: boolean };

function monthFrom(s: Scan, shift: number): Period {
  const { y, m } = partsOf(iso(s.ty, s.tm + shift, 1));
  return month(y, m);
}

function quarterFrom(s: Scan, shift: number): Period {
  return quarter(s.ty, Math.floor(s.tm / 3) + shift);
}

/** The latest Saturday that has started (today, when today is a Saturday). */
function latestSaturday(s: Scan): string {
  return plusDays(s.today, -((weekdayOf(s.today) + 1) % 7));
}

function isWeekend(s: Scan): boolean {
  const wd = weekdayOf(s.today);
  return wd === 0 || wd === 6;
}

const today = (s: Scan) => day(s.today, 'today');
const yesterday = (s: Scan) => day(plusDays(s.today, -1), 'yesterday');
const tomorrow = (s: Scan) => day(plusDays(s.today, 1), 'tomorrow');
const previousMonth = (s: Scan) => monthFrom(s, -1);
const thisYear = (s: Scan) => year(s.ty);
const lastYear = (s: Scan) => year(s.ty - 1);
const latestWeekend = (s: Scan) => weekend(latestSaturday(s));

/** Fixed phrases, each spelled as its words ('yr' and 'thru' are already spelled out). */
const PHRASES: Array<[string, (s: Scan) => Period]> = [
  ['today', today],
  ['this morning', today],
  ['this afternoon', today],
  ['this evening', today],
  ['tonight', today],
  ['yesterday', yesterday],
  ['last night', yesterday],
  ['the day before yesterday', (s) => day(plusDays(s.today, -2))],
  ['day before yesterday', (s) => day(plusDays(s.today, -2))],
  ['tomorrow', tomorrow],
  ['the day after tomorrow', (s) => day(plusDays(s.today, 2))],
  ['this week', (s) => week(s.today)],
  ['last week', (s) => week(plusDays(s.today, -7))],
  ['previous week', (s) => week(plusDays(s.today, -7))],
  ['past week', (s) => week(plusDays(s.today, -7))],
  ['the week before last', (s) => week(plusDays(s.today, -14))],
  ['next week', (s) => week(plusDays(s.today, 7))],
  // 'this weekend' on a weekday before Saturday is the coming one.
  ['this weekend', (s) => (isWeekend(s) ? latestWeekend(s) : weekend(plusDays(latestSaturday(s), 7)))],
  ['last weekend', (s) => weekend(plusDays(latestSaturday(s), isWeekend(s) ? -7 : 0))],
  ['past weekend', latestWeekend],
  ['this past weekend', latestWeekend],
  ['the weekend', latestWeekend],
  ['over the weekend', latestWeekend],
  ['next weekend', (s) => weekend(plusDays(week(plusDays(s.today, 7)).start, 5))],
  ['this month', (s) => monthFrom(s, 0)],
  ['mtd', (s) => monthFrom(s, 0)],
  ['month to date', (s) => monthFrom(s, 0)],
  ['so far this month', (s) => monthFrom(s, 0)],
  ['the month so far', (s) => monthFrom(s, 0)],
  ['last month', previousMonth],
  ['past month', previousMonth],
  ['previous month', previousMonth],
  ['the last month', previousMonth],
  ['the past month', previousMonth],
  ['in the last month', previousMonth],
  ['in the past month', previousMonth],
  ['the month before last', (s) => monthFrom(s, -2)],
  ['next month', (s) => monthFrom(s, 1)],
  ['this year', thisYear],
  ['ytd', thisYear],
  ['year to date', thisYear],
  ['so far this year', thisYear],
  ['the year so far', thisYear],
  ['last year', lastYear],
  ['previous year', lastYear],
  ['in the last year', lastYear],
  ['the year before last', (s) => year(s.ty - 2)],
  ['next year', (s) => year(s.ty + 1)],
  ['past year', (s) => lastMonths(12, s.today)],
  ['the past year', (s) => lastMonths(12, s.today)],
  ['this quarter', (s) => quarterFrom(s, 0)],
  ['qtd', (s) => quarterFrom(s, 0)],
  ['quarter to date', (s) => quarterFrom(s, 0)],
  ['last quarter', (s) => quarterFrom(s, -1)],
  ['previous quarter', (s) => quarterFrom(s, -1)],
  ['past quarter', (s) => quarterFrom(s, -1)],
  ['next quarter', (s) => quarterFrom(s, 1)],
];

const BY_FIRST_WORD = new Map<string, Array<{ words: string[]; build: (s: Scan) => Period }>>();
for (const [phrase, build] of PHRASES) {
  const words = phrase.split(' ');
  const first = words[0] ?? '';
  BY_FIRST_WORD.set(first, [...(BY_FIRST_WORD.get(first) ?? []), { words, build }]);
}

export function phrase(s: Scan, k: number): Hit | undefined {
  let best: Hit | undefined;
  for (const { words, build } of BY_FIRST_WORD.get(s.ts[k]?.w ?? '') ?? []) {
    if (!words.every((word, i) => s.ts[k + i]?.w === word)) continue;
    if (!best || k + words.length > best.next) best = { next: k + words.length, period: build(s) };
  }
  return best;
}

type Unit = 'day' | 'week' | 'weekend' | 'month' | 'year' | 'quarter';
const UNITS: Record<string, Unit> = {
  day: 'day',
  days: 'day',
  weekend: 'weekend',
  weekends: 'weekend',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  year: 'year',
  years: 'year',
  quarter: 'quarter',
  quarters: 'quarter',
};
/** The most of each unit a question may count back (past it, the period would start before 1900). */
const MOST: Record<Unit, number> = {
  day: 60_000,
  week: 9_000,
  weekend: 9_000,
  month: 2_000,
  year: 200,
  quarter: 700,
};

/** '3', 'three', 'a', 'a couple of': the count and where its unit word stands. */
function counted(s: Scan, k: number): { n: number; at: number } | undefined {
  if (s.ts[k]?.w === 'couple' || (s.ts[k]?.w === 'a' && s.ts[k + 1]?.w === 'couple')) {
    const at = s.ts[k]?.w === 'a' ? k + 2 : k + 1;
    return { n: 2, at: s.ts[at]?.w === 'of' ? at + 1 : at };
  }
  const n = countOf(s.ts[k]);
  return n === undefined ? undefined : { n, at: k + 1 };
}

const WHOLE: ReadonlySet<string> = new Set(['full', 'complete', 'completed', 'whole', 'entire']);

/** The `n` Monday-to-Sunday weeks before this week. */
function lastWholeWeeks(n: number, today: string): Period {
  const thisMonday = week(today).start;
  return span(plusDays(thisMonday, -7 * n), plusDays(thisMonday, -1));
}

/** 'last 90 days', 'the past 2 weeks', 'last 3 months' (whole months), 'last 2 years' (whole years). */
export function lastCount(s: Scan, k: number): Hit | undefined {
  const at = s.ts[k]?.w === 'the' ? k + 1 : k;
  if (!['last', 'past', 'previous', 'prior', 'trailing'].includes(s.ts[at]?.w ?? '')) return undefined;
  const count = counted(s, at + 1);
  // 'the last 3 full months', 'past 2 complete weeks': whole units, before the one running now.
  const whole = WHOLE.has(s.ts[count?.at ?? -1]?.w ?? '');
  const unitAt = (count?.at ?? -1) + (whole ? 1 : 0);
  const unit = UNITS[s.ts[unitAt]?.w ?? ''];
  if (!count || !unit || (s.ts[at + 1]?.w === 'a' && count.n === 1)) return undefined;
  const next = unitAt + 1;
  const { n } = count;
  if (n < 1 || n > MOST[unit]) return { next, bad: true };
  if (unit === 'week' && whole) return { next, period: lastWholeWeeks(n, s.today) };
  // 'the last 4 weekends': from the Saturday of the first to the Sunday of the latest one that ended.
  if (unit === 'weekend') {
    const latest = plusDays(latestSaturday(s), isWeekend(s) ? -7 : 0);
    return { next, period: span(plusDays(latest, -7 * (n - 1)), plusDays(latest, 1)) };
  }
  if (unit === 'day' || unit === 'week')
    return { next, period: lastDays(unit === 'day' ? n : n * 7, s.today) };
  if (unit === 'month') return { next, period: n === 1 ? previousMonth(s) : lastMonths(n, s.today) };
  if (unit === 'quarter') return { next, period: n === 1 ? quarterFrom(s, -1) : lastMonths(n * 3, s.today) };
  return { next, period: n === 1 ? lastYear(s) : lastYears(n, s.today) };
}

/**
 * 'the last 3 billing months', 'past 2 slow weeks': a count of units back with words between that no
 * phrase reads. Said back as unreadable, so the question is never answered for another period.
 */
export function unreadCount(s: Scan, k: number): Hit | undefined {
  const at = s.ts[k]?.w === 'the' ? k + 1 : k;
  if (!['last', 'past', 'previous', 'prior', 'trailing'].includes(s.ts[at]?.w ?? '')) return undefined;
  const count = counted(s, at + 1);
  if (!count) return undefined;
  for (let u = count.at; u <= count.at + 2; u++)
    if (UNITS[s.ts[u]?.w ?? '']) return { next: u + 1, bad: true };
  return undefined;
}

/** '3 days ago' (that day), '3 weeks ago' (that week), 'two months ago' or 'back', 'a year ago' (that year). */
export function ago(s: Scan, k: number): Hit | undefined {
  const count = counted(s, k);
  const unit = UNITS[s.ts[count?.at ?? -1]?.w ?? ''];
  // '6 months back' is '6 months ago'.
  if (!count || !unit || !['ago', 'back'].includes(s.ts[count.at + 1]?.w ?? '')) return undefined;
  const next = count.at + 2;
  const { n } = count;
  if (n < 0 || n > MOST[unit]) return { next, bad: true };
  const period =
    unit === 'day'
      ? day(plusDays(s.today, -n))
      : unit === 'weekend'
        ? weekend(plusDays(latestSaturday(s), -7 * (n - (isWeekend(s) ? 0 : 1))))
        : unit === 'week'
          ? week(plusDays(s.today, -7 * n))
          : unit === 'month'
            ? monthFrom(s, -n)
            : unit === 'quarter'
              ? quarterFrom(s, -n)
              : year(s.ty - n);
  return { next, period };
}

/** 'last june' (the latest June before this month), 'this june', 'next june', 'last friday', 'this q4'. */
export function modified(s: Scan, k: number): Hit | undefined {
  const how = s.ts[k]?.w;
  if (how !== 'last' && how !== 'this' && how !== 'next' && how !== 'previous' && how !== 'on')
    return undefined;
  const t = s.ts[k + 1];
  if (t?.weekday !== undefined) return { next: k + 2, period: weekday(s, t.weekday, how) };
  if (how === 'on') return undefined;
  const q = /^q([1-4])$/.exec(t?.w ?? '');
  const shift = how === 'this' ? 0 : how === 'next' ? 1 : -1;
  if (q) {
    const n = Number(q[1]) - 1;
    const current = Math.floor(s.tm / 3);
    const y = how === 'this' ? s.ty : shift < 0 ? s.ty - (n < current ? 0 : 1) : s.ty + (n > current ? 0 : 1);
    return { next: k + 2, period: quarter(y, n) };
  }
  if (t?.month === undefined || t.monthHow === 'clash') return undefined;
  const m = t.month;
  const y = how === 'this' ? s.ty : shift < 0 ? s.ty - (m < s.tm ? 0 : 1) : s.ty + (m > s.tm ? 0 : 1);
  return { next: k + 2, period: month(y, m) };
}

/** A weekday: the latest one by today; 'last' the one before today, 'this' this week's, 'next' the coming one. */
function weekday(s: Scan, wd: number, how: string): Period {
  const now = weekdayOf(s.today);
  if (how === 'this') return day(plusDays(week(s.today).start, (wd + 6) % 7));
  if (how === 'next') return day(plusDays(s.today, (wd - now + 7) % 7 || 7));
  const back = (now - wd + 7) % 7;
  return day(plusDays(s.today, -(how === 'last' || how === 'previous' ? back || 7 : back)));
}

export function bareWeekday(s: Scan, k: number): Hit | undefined {
  const wd = s.ts[k]?.weekday;
  return wd === undefined ? undefined : { next: k + 1, period: weekday(s, wd, 'on') };
}

const VAGUE = new Set([
  'summer',
  'winter',
  'spring',
  'autumn',
  'fall',
  'christmas',
  'xmas',
  'thanksgiving',
  'easter',
  'halloween',
  'holidays',
  'holiday',
  'moon',
  'semester',
  'season',
]);
const SEASON_WORDS = new Set(['summer', 'winter', 'spring', 'autumn', 'fall']);
const VAGUE_BEFORE = new Set([
  'last',
  'this',
  'next',
  'over',
  'during',
  'since',
  'before',
  'after',
  'around',
  'in',
  'until',
  'till',
  'through',
]);

/** 'over the holidays', 'next summer', 'next blue moon': a time it cannot pin to days, to ask back. */
export function vague(s: Scan, k: number): Hit | undefined {
  if (!VAGUE_BEFORE.has(s.ts[k]?.w ?? '')) return undefined;
  let j = k + 1;
  if (s.ts[j]?.w === 'the') j++;
  if (s.ts[j]?.w === 'blue' || s.ts[j]?.w === 'black') j++;
  // A season is read by its months (period-points.ts), except one still to come ('next summer').
  if (SEASON_WORDS.has(s.ts[j]?.w ?? '') && s.ts[k]?.w !== 'next') return undefined;
  return VAGUE.has(s.ts[j]?.w ?? '') ? { next: j + 1, bad: true } : undefined;
}

export { monthFrom };
