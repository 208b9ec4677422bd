import type { Period } from './period-calendar.ts';
import {
  day,
  FIRST_YEAR,
  half,
  isDay,
  iso,
  LAST_YEAR,
  month,
  partsOf,
  plusDays,
  quarter,
  span,
  weekdayOf,
  year,
} from './period-calendar.ts';
import { holidayAt } from './period-holidays.ts';
import type { Token } from './period-words.ts';

/**
 * A calendar point a question names, before it is placed in time: 'march 3' (a day of a month),
 * 'the 5th' (a day of some month), 'sept' (a month), 'q3', 'h1', '2025'. Without a year a point is
 * the latest one that has started; as the end of a range, the start is placed before it.
 */
export type Point =
  | { t: 'day'; d: number; m?: number; y?: number }
  | { t: 'month'; m: number; y?: number }
  | { t: 'quarter'; q: number; y?: number }
  | { t: 'half'; h: number; y?: number }
  /** 'the first half of october': the 1st to the 15th, or the 16th to the month's end. */
  | { t: 'half_month'; h: number; m: number; y?: number }
  /** 'the first week of nov': days 1–7, 8–14, 15–21 or 22–28; the last week is the month's last 7 days. */
  | { t: 'week_of_month'; n: number; m: number; y?: number }
  /** Days around a day named ('memorial day weekend', 'the week of thanksgiving'), placed already. */
  | { t: 'days'; start: string; end: string; y: number }
  | { t: 'year'; y: number };

/** A point read (`next` is the token after it), or date-like words that make no sense (`bad`). */
export type Parsed = { point: Point; next: number; bad?: false } | { bad: true; next: number };

export type Scan = { ts: Token[]; today: string; ty: number; tm: number };

const MONEY_AFTER = new Set([
  'dollars',
  'dollar',
  'usd',
  'bucks',
  'k',
  'shares',
  'times',
  'people',
  'miles',
  'calories',
]);
/** Words before a point that make a bare 'may', 'march' or misspelling a month. */
export const DATE_CONTEXT = new Set([
  'in',
  'for',
  'during',
  'of',
  'since',
  'from',
  'through',
  'until',
  'till',
  'by',
  'on',
  'to',
  'between',
  'before',
  'after',
  'throughout',
  'early',
  'late',
  'mid',
  'last',
  'this',
  'next',
  'and',
  'compare',
  'compared',
  'comparing',
  'vs',
  'versus',
]);
const ORDINAL_WORDS: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3 };
const ORDINAL_SHORT: Record<string, number> = { '1st': 0, '2nd': 1, '3rd': 2, '4th': 3 };

function w(s: Scan, k: number): string {
  return s.ts[k]?.w ?? '';
}

/** A four- or five-digit number that is not money, a percentage or a count of things. */
function yearValue(s: Scan, k: number): number | undefined {
  const t = s.ts[k];
  if (t?.kind !== 'num' || t.w.length < 4 || t.w.length > 5) return undefined;
  if (w(s, k - 1) === '$' || w(s, k + 1) === '%' || MONEY_AFTER.has(w(s, k + 1))) return undefined;
  // 'between 2000 and 2500 dollars'.
  if (['and', 'to', '-', 'or'].includes(w(s, k + 1)) && MONEY_AFTER.has(w(s, k + 3))) return undefined;
  return t.value;
}

/** 'in 2025', ", 2025", "'25", 'of last year', 'this year', 'the year before last'. */
function yearExpr(s: Scan, k: number): { y: number; next: number } | undefined {
  let j = k;
  if (w(s, j) === ',' || w(s, j) === 'of' || w(s, j) === 'in') j++;
  const t = s.ts[j];
  if (t?.kind === 'yy' && t.value !== undefined) return { y: t.value, next: j + 1 };
  const y = yearValue(s, j);
  if (y !== undefined) return { y, next: j + 1 };
  const a = w(s, j);
  if (w(s, j + 1) === 'year') {
    if (a === 'last' || a === 'previous') return { y: s.ty - 1, next: j + 2 };
    if (a === 'this') return { y: s.ty, next: j + 2 };
    if (a === 'next') return { y: s.ty + 1, next: j + 2 };
  }
  if (a === 'the' && w(s, j + 1) === 'year' && w(s, j + 2) === 'before' && w(s, j + 3) === 'last')
    return { y: s.ty - 2, next: j + 4 };
  return undefined;
}

/** 'q1 25': a quarter's two-digit year, typed bare (not an amount or a percentage after it). */
function shortYear(s: Scan, k: number): { y: number; next: number } | undefined {
  const t = s.ts[k];
  if (t?.kind !== 'num' || t.w.length !== 2 || t.value === undefined) return undefined;
  if (w(s, k + 1) === '%' || MONEY_AFTER.has(w(s, k + 1))) return undefined;
  return { y: 2000 + t.value, next: k + 1 };
}

function sane(y: number | undefined): boolean {
  return y === undefined || (y >= FIRST_YEAR && y <= LAST_YEAR);
}

function dayPoint(d: number, m: number | undefined, y: number | undefined, next: number): Parsed {
  // A day the calendar lacks (Feb 30, the 45th) is asked back; Feb 29 needs some leap year.
  const ok = m === undefined ? d >= 1 && d <= 31 : isDay(y ?? 2000, m, d);
  return ok && sane(y) ? { point: { t: 'day', d, m, y }, next } : { bad: true, next };
}

function slashPoint(s: Scan, k: number, ctx: boolean): Parsed | undefined {
  const raw = s.ts[k]?.w ?? '';
  const parts = raw.split('/').map(Number);
  const [m = 0, d = 0, y] = parts;
  const next = k + 1;
  if (raw === '24/7') return undefined;
  // '1/2 of my income', '3/4 of it' are fractions.
  if (parts.length === 2 && (w(s, next) === 'of' || (!ctx && m < d && d <= 4))) return undefined;
  if (parts.length === 2 && parts[1] !== undefined && String(raw.split('/')[1]).length === 4) {
    return m >= 1 && m <= 12 && sane(d)
      ? { point: { t: 'month', m: m - 1, y: d }, next }
      : { bad: true, next };
  }
  const fullYear = y === undefined ? undefined : y < 100 ? 2000 + y : y;
  if (y !== undefined && y >= 100 && y < 1000) return { bad: true, next };
  return dayPoint(d, m - 1, fullYear, next);
}

function isoPoint(s: Scan, k: number): Parsed {
  const [y = 0, m = 0, d] = (s.ts[k]?.w ?? '').split('-').map(Number);
  if (d === undefined) {
    return m >= 1 && m <= 12 && sane(y)
      ? { point: { t: 'month', m: m - 1, y }, next: k + 1 }
      : { bad: true, next: k + 1 };
  }
  return dayPoint(d, m - 1, y, k + 1);
}

/** 'march', 'march 3', 'march 3rd, 2026', 'sept 2025', "sep '25", 'september of last year'. */
function monthFirst(s: Scan, k: number, ctx: boolean): Parsed | undefined {
  const t = s.ts[k];
  if (t?.month === undefined) return undefined;
  let j = k + 1;
  if (w(s, j) === '.') j++;
  const dayToken = s.ts[j];
  const isDayNumber =
    (dayToken?.kind === 'ord' || (dayToken?.kind === 'num' && dayToken.w.length <= 2)) &&
    w(s, j + 1) !== '%' &&
    !MONEY_AFTER.has(w(s, j + 1));
  const years = yearExpr(s, isDayNumber ? j + 1 : j);
  if (t.monthHow === 'clash')
    return isDayNumber || years ? { bad: true, next: years?.next ?? j + 1 } : undefined;
  if (isDayNumber && dayToken?.value !== undefined) {
    return dayPoint(dayToken.value, t.month, years?.y, years?.next ?? j + 1);
  }
  if (years)
    return sane(years.y)
      ? { point: { t: 'month', m: t.month, y: years.y }, next: years.next }
      : { bad: true, next: years.next };
  if (t.monthHow === 'exact' || ctx) return { point: { t: 'month', m: t.month }, next: j };
  return undefined;
}

/** '3rd of march', '15 mar 2026', 'the 5th', 'the 5th of last month'. */
function dayFirst(s: Scan, k: number, ctx: boolean): Parsed | undefined {
  const t = s.ts[k];
  if (t?.value === undefined || (t.kind !== 'ord' && t.kind !== 'num') || t.w.length > 4) return undefined;
  let j = k + 1;
  if (w(s, j) === 'of') j++;
  const named = s.ts[j];
  if (named?.month !== undefined && named.monthHow !== 'clash' && (t.kind === 'ord' || j === k + 1)) {
    const years = yearExpr(s, j + 1);
    return dayPoint(t.value, named.month, years?.y, years?.next ?? j + 1);
  }
  if (t.kind !== 'ord') return undefined;
  const which = w(s, j);
  if (j === k + 2 && w(s, j + 1) === 'month' && (which === 'this' || which === 'last' || which === 'next')) {
    const shift = which === 'this' ? 0 : which === 'last' ? -1 : 1;
    const { y, m } = partsOf(iso(s.ty, s.tm + shift, 1));
    return dayPoint(t.value, m, y, j + 2);
  }
  return ctx ? dayPoint(t.value, undefined, undefined, k + 1) : undefined;
}

function periodOfYear(s: Scan, k: number): Parsed | undefined {
  const a = w(s, k);
  const q = /^q(\d)$/.exec(a);
  if (q) {
    const years = yearExpr(s, k + 1) ?? shortYear(s, k + 1);
    const n = Number(q[1]);
    if (n < 1 || n > 4 || !sane(years?.y)) return { bad: true, next: years?.next ?? k + 1 };
    return { point: { t: 'quarter', q: n - 1, y: years?.y }, next: years?.next ?? k + 1 };
  }
  const h = /^h([12])$/.exec(a);
  const nth = ORDINAL_WORDS[a] ?? ORDINAL_SHORT[a];
  const unit = h ? 'half' : w(s, k + 1);
  // 'the first week of nov', 'last week of october': seven days of that month.
  const weekNth = a === 'last' ? 4 : nth;
  if (!h && weekNth !== undefined && unit === 'week' && w(s, k + 2) === 'of') {
    const inner = monthFirst(s, k + 3, true);
    if (inner && !inner.bad && inner.point.t === 'month')
      return {
        point: { t: 'week_of_month', n: weekNth, m: inner.point.m, y: inner.point.y },
        next: inner.next,
      };
  }
  if (!h && (nth === undefined || (unit !== 'quarter' && unit !== 'half'))) return undefined;
  // 'the first half of oct': a month's half, not the year's.
  if (unit === 'half' && nth !== undefined && nth <= 1 && w(s, k + 2) === 'of') {
    const inner = monthFirst(s, k + 3, true);
    if (inner && !inner.bad && inner.point.t === 'month')
      return { point: { t: 'half_month', h: nth, m: inner.point.m, y: inner.point.y }, next: inner.next };
  }
  const at = h ? k + 1 : k + 2;
  const years = yearExpr(s, at);
  if (!sane(years?.y)) return { bad: true, next: years?.next ?? at };
  const next = years?.next ?? at;
  if (h) return { point: { t: 'half', h: Number(h[1]) - 1, y: years?.y }, next };
  if (unit === 'half')
    return nth !== undefined && nth <= 1 ? { point: { t: 'half', h: nth, y: years?.y }, next } : undefined;
  return nth === undefined ? undefined : { point: { t: 'quarter', q: nth, y: years?.y }, next };
}

/**
 * Reads a point at token `k`. `ctx`: the words around make a date likely (a preposition before it, or
 * the other end of a range), so 'may', 'march', misspellings and a bare 'the 5th' read as dates.
 */
export function parsePoint(s: Scan, k: number, ctx: boolean): Parsed | undefined {
  const t = s.ts[k];
  if (!t) return undefined;
  if (t.kind === 'iso') return isoPoint(s, k);
  // 'since labor day': the latest one by today.
  const holiday = holidayAt(
    s.ts.map((token) => token.w),
    k,
    s.today,
  );
  if (holiday) {
    // 'valentines day 2025', 'labor day last year': that year's.
    const named = k + holiday.length;
    const around = s.ts[named]?.w === 'weekend' || s.ts[named]?.w === 'week' ? s.ts[named]?.w : undefined;
    const years = yearExpr(s, around ? named + 1 : named);
    const date = years ? holiday.inYear(years.y) : holiday.date;
    const next = years?.next ?? (around ? named + 1 : named);
    const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
    // 'memorial day weekend': the long weekend the holiday makes.
    if (around === 'weekend') {
      const { start, end } = weekendAround(date);
      return { point: { t: 'days', start, end, y }, next };
    }
    // 'thanksgiving week': Monday to Sunday around it.
    if (around === 'week') {
      const monday = plusDays(date, -((weekdayOf(date) + 6) % 7));
      return { point: { t: 'days', start: monday, end: plusDays(monday, 6), y }, next };
    }
    return { point: { t: 'day', d, m: m - 1, y }, next };
  }
  // 'this summer', 'since the start of summer', 'winter 2025': the season's months, the latest begun.
  const seasonal = seasonAt(s, k);
  if (seasonal) return seasonal;
  // 'since the start of summer': the season's first day (a month's start is read as the month).
  if ((t.w === 'start' || t.w === 'beginning') && s.ts[k + 1]?.w === 'of') {
    const inner = seasonAt(s, k + 2) ?? (s.ts[k + 2]?.w === 'the' ? seasonAt(s, k + 3) : undefined);
    if (!inner || inner.bad || inner.point.t !== 'days') return undefined;
    const [y = 0, m = 1, d = 1] = inner.point.start.split('-').map(Number);
    return { point: { t: 'day', d, m: m - 1, y }, next: inner.next };
  }
  // 'the week of thanksgiving', 'week of nov 10': Monday to Sunday around that day.
  if (t.w === 'week' && s.ts[k + 1]?.w === 'of') {
    const inner = parsePoint(s, k + 2, true);
    const placed = inner && !inner.bad && inner.point.t === 'day' ? latest(inner.point, s) : undefined;
    if (!inner || inner.bad || !placed || placed.start !== placed.end) return undefined;
    const monday = plusDays(placed.start, -((weekdayOf(placed.start) + 6) % 7));
    return {
      point: { t: 'days', start: monday, end: plusDays(monday, 6), y: Number(monday.slice(0, 4)) },
      next: inner.next,
    };
  }
  if (t.kind === 'slash') return slashPoint(s, k, ctx);
  if (t.w === 'the') {
    const inner = parsePoint(s, k + 1, true);
    return inner && (inner.bad || inner.point.t !== 'year') ? inner : undefined;
  }
  const ofYear = periodOfYear(s, k);
  if (ofYear) return ofYear;
  const dayed = dayFirst(s, k, ctx);
  if (dayed) return dayed;
  if (t.kind === 'word') return monthFirst(s, k, ctx);
  const y = yearValue(s, k);
  if (y === undefined) return undefined;
  if (sane(y)) return { point: { t: 'year', y }, next: k + 1 };
  return ctx ? { bad: true, next: k + 1 } : undefined;
}

/** The month (0-based) each season starts in, by the months (meteorological seasons). */
const SEASONS: Record<string, number> = { spring: 2, summer: 5, fall: 8, autumn: 8, winter: 11 };

/** 'summer', 'this summer' (the latest begun), 'last winter' (the latest ended), 'fall 2025'. */
function seasonAt(s: Scan, k: number): Parsed | undefined {
  const which = w(s, k);
  const named = which === 'this' || which === 'last' || which === 'past' ? k + 1 : k;
  const season = SEASONS[w(s, named)];
  if (season === undefined) return undefined;
  const years = yearExpr(s, named + 1);
  const endOf = (y: number) => plusDays(iso(y, season + 3, 1), -1);
  let y = iso(s.ty, season, 1) <= s.today ? s.ty : s.ty - 1;
  if (which !== 'this' && named > k && endOf(y) >= s.today) y -= 1;
  if (years) y = years.y;
  return { point: { t: 'days', start: iso(y, season, 1), end: endOf(y), y }, next: years?.next ?? named + 1 };
}

/**
 * The long weekend a holiday makes: Saturday to a Monday holiday, a Friday one to Sunday, Thanksgiving
 * (a Thursday) to Sunday; a holiday on a weekend is that weekend.
 */
function weekendAround(date: string): { start: string; end: string } {
  const weekday = weekdayOf(date);
  if (weekday === 1) return { start: plusDays(date, -2), end: date };
  if (weekday === 0) return { start: plusDays(date, -1), end: date };
  if (weekday === 6) return { start: date, end: plusDays(date, 1) };
  return { start: date, end: plusDays(date, 7 - weekday) };
}

/** A point with its year (and a day's month) known, as a period; undefined when the day does not exist. */
export function place(p: Point): Period | undefined {
  if (p.t === 'days') return span(p.start, p.end);
  if (p.t === 'year') return year(p.y);
  if (p.y === undefined) return undefined;
  if (p.t === 'month') return month(p.y, p.m);
  if (p.t === 'quarter') return quarter(p.y, p.q);
  if (p.t === 'half') return half(p.y, p.h);
  if (p.t === 'half_month') return halfMonth(p.y, p.m, p.h);
  if (p.t === 'week_of_month') return weekOfMonth(p.y, p.m, p.n);
  if (p.m === undefined || !isDay(p.y, p.m, p.d)) return undefined;
  return day(iso(p.y, p.m, p.d));
}

function halfMonth(y: number, m: number, h: number): Period {
  const whole = month(y, m);
  const cut = iso(y, m, 15);
  return h === 0
    ? { ...span(whole.start, cut), label: `the first half of ${whole.label}` }
    : { ...span(iso(y, m, 16), whole.end), label: `the second half of ${whole.label}` };
}

const WEEK_PLACE = ['first', 'second', 'third', 'fourth', 'last'] as const;

function weekOfMonth(y: number, m: number, n: number): Period {
  const whole = month(y, m);
  const start = n === 4 ? plusDays(whole.end, -6) : iso(y, m, 1 + 7 * n);
  const end = n === 4 ? whole.end : iso(y, m, 7 + 7 * n);
  return { ...span(start, end), label: `the ${WEEK_PLACE[n]} week of ${whole.label}` };
}

/** The latest occurrence of a point that has started by today (a year given is kept). */
export function latest(p: Point, s: Scan): Period | undefined {
  if (p.t === 'day' && p.m === undefined) return latestDayOfMonth(p.d, s, p.y);
  if (p.t === 'year' || p.y !== undefined) return place(p);
  for (let back = 0; back <= 8; back++) {
    const found = place({ ...p, y: s.ty - back });
    if (found && found.start <= s.today) return found;
  }
  return undefined;
}

/** 'the 5th': this month's, or the latest month before it that has that day. */
function latestDayOfMonth(d: number, s: Scan, y?: number): Period | undefined {
  for (let back = 0; back <= 12; back++) {
    const { y: yy, m } = partsOf(iso(s.ty, s.tm - back, 1));
    if (y !== undefined && yy !== y) continue;
    if (isDay(yy, m, d) && iso(yy, m, d) <= s.today) return day(iso(yy, m, d));
  }
  return undefined;
}

function hasYear(p: Point): boolean {
  return p.t === 'year' || p.y !== undefined;
}

function monthless(p: Point): boolean {
  return p.t === 'day' && p.m === undefined;
}

/** A point given the year (and, for 'the 5th', the month) of a period next to it. */
function fill(p: Point, from: Period): Point {
  const { y, m } = partsOf(from.start);
  if (p.t === 'year') return p;
  if (p.t === 'day' && p.m === undefined) return { ...p, m, y };
  return { ...p, y: p.y ?? y };
}

/** The same point a step later (or earlier): a month for a day filled from 'the 5th', else a year. */
function step(p: Point, by: number, byMonth: boolean): Point {
  if (p.t === 'year' || p.t === 'days') return p;
  if (byMonth && p.t === 'day' && p.m !== undefined && p.y !== undefined) {
    const { y, m } = partsOf(iso(p.y, p.m + by, 1));
    return { ...p, m, y };
  }
  return { ...p, y: (p.y ?? 0) + by };
}

/**
 * 'june through august', 'nov to feb', 'from the 1st to the 15th', 'march 3 to 20': the end is placed
 * first (the year given, else the latest that has started) and the start just before it; when only
 * the start has a year, the end follows it.
 */
export function range(a: Point, b: Point, s: Scan): Period | undefined {
  let start: Period | undefined;
  let end: Period | undefined;
  if (!hasYear(b) && (hasYear(a) || (monthless(b) && !monthless(a)))) {
    start = latest(a, s);
    if (!start) return undefined;
    let to = fill(b, start);
    end = place(to);
    if (end && end.end < start.start && !hasYear(b)) {
      to = step(to, 1, monthless(b));
      end = place(to);
    }
  } else {
    end = latest(b, s);
    if (!end) return undefined;
    let from = fill(a, end);
    start = place(from);
    if (start && start.start > end.start && !hasYear(a)) {
      from = step(from, -1, monthless(a));
      start = place(from);
    }
  }
  if (!start || !end || start.start > end.end) return undefined;
  return span(start.start, end.end);
}
