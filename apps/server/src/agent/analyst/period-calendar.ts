import { MONTH_NAMES } from './period-words.ts';

/**
 * Calendar pieces the period grammar builds from, all on ISO days in UTC. A period is built whole
 * ('December 2026', even when today is in November); `settle` then says how it stands to today.
 */

/**
 * Periods a question means, as whole ISO days (both ends included). 'last month' is the whole
 * previous calendar month, 'this month' and 'this year' run to today, 'in September' is the latest
 * September that has started, 'since March' runs from March 1 to today, 'last 30 days' ends today,
 * 'last 3 months' is the three whole months before this one. Written down in docs/agent.md.
 */
export type Period = {
  start: string;
  end: string;
  /** How the answer names it: 'October 2026', 'the last 30 days', '2026 so far'. */
  label: string;
  /** Its shape, so 'the month before' steps by months, 'the quarter before' by quarters. */
  unit: 'month' | 'year' | 'week' | 'days' | 'day' | 'quarter' | 'half';
};

export type Future = 'none' | 'partly' | 'wholly';

/** The earliest and latest years a question may name; outside them a date is not read but asked back. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;

export function iso(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

export function isDay(year: number, month: number, day: number): boolean {
  return Number.isInteger(day) && month >= 0 && month <= 11 && day >= 1 && day <= daysInMonth(year, month);
}

export function plusDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

export type Ymd = { y: number; m: number; d: number };
export function partsOf(day: string): Ymd {
  return { y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)) - 1, d: Number(day.slice(8, 10)) };
}

const SHORT = MONTH_NAMES.map((m) => m.slice(0, 3));

/** 'Mar 3, 2026', or 'Mar 3' when the year is said elsewhere. */
export function dayLabel(day: string, withYear = true): string {
  const { y, m, d } = partsOf(day);
  return withYear ? `${SHORT[m]} ${d}, ${y}` : `${SHORT[m]} ${d}`;
}

export function month(year: number, m: number): Period {
  return {
    start: iso(year, m, 1),
    end: iso(year, m + 1, 0),
    label: `${MONTH_NAMES[m]} ${year}`,
    unit: 'month',
  };
}

/** Quarter `q` (0–3; others roll into the years around) of `year`. */
export function quarter(year: number, q: number): Period {
  const index = year * 4 + q;
  const y = Math.floor(index / 4);
  const n = index - y * 4;
  return { start: iso(y, n * 3, 1), end: iso(y, n * 3 + 3, 0), label: `Q${n + 1} ${y}`, unit: 'quarter' };
}

/** Half `h` (0 the first, 1 the second; others roll into the years around) of `year`. */
export function half(year: number, h: number): Period {
  const index = year * 2 + h;
  const y = Math.floor(index / 2);
  const n = index - y * 2;
  const label = `the ${n === 0 ? 'first' : 'second'} half of ${y}`;
  return { start: iso(y, n * 6, 1), end: iso(y, n * 6 + 6, 0), label, unit: 'half' };
}

export function year(y: number): Period {
  return { start: `${y}-01-01`, end: `${y}-12-31`, label: `${y}`, unit: 'year' };
}

export function day(date: string, label = dayLabel(date)): Period {
  return { start: date, end: date, label, unit: 'day' };
}

/** The Monday-to-Sunday week holding `date`. */
export function week(date: string): Period {
  const monday = plusDays(date, -((weekdayOf(date) + 6) % 7));
  return { start: monday, end: plusDays(monday, 6), label: `the week of ${dayLabel(monday)}`, unit: 'week' };
}

export function weekend(saturday: string): Period {
  return {
    start: saturday,
    end: plusDays(saturday, 1),
    label: `the weekend of ${dayLabel(saturday)}`,
    unit: 'week',
  };
}

/** Any run of days, named by the widest calendar pieces it is made of. */
export function span(start: string, end: string): Period {
  return { start, end, label: spanLabel(start, end), unit: 'days' };
}

/** `short`: month names cut to three letters, as inside 'the last 3 full months (Aug – Oct 2026)'. */
export function spanLabel(start: string, end: string, short = false): string {
  const a = partsOf(start);
  const b = partsOf(end);
  const wholeMonths = a.d === 1 && b.d === daysInMonth(b.y, b.m);
  if (wholeMonths && a.m === 0 && b.m === 11) return a.y === b.y ? `${a.y}` : `${a.y} – ${b.y}`;
  if (wholeMonths) {
    if (a.y === b.y && a.m === b.m) return `${MONTH_NAMES[a.m]} ${a.y}`;
    const names = short ? SHORT : MONTH_NAMES;
    if (a.y === b.y) return `${names[a.m]} – ${names[b.m]} ${b.y}`;
    return `${SHORT[a.m]} ${a.y} – ${SHORT[b.m]} ${b.y}`;
  }
  if (start === end) return dayLabel(start);
  if (a.y === b.y) return `${dayLabel(start, false)} – ${dayLabel(end)}`;
  return `${dayLabel(start)} – ${dayLabel(end)}`;
}

/** The `n` days ending today. */
export function lastDays(n: number, today: string): Period {
  return { start: plusDays(today, 1 - n), end: today, label: `the last ${n} days`, unit: 'days' };
}

/** The `n` whole months before this one. */
export function lastMonths(n: number, today: string): Period {
  const { y, m } = partsOf(today);
  const start = iso(y, m - n, 1);
  const end = iso(y, m, 0);
  return { start, end, label: `the last ${n} full months (${spanLabel(start, end, true)})`, unit: 'days' };
}

/** The `n` whole years before this one. */
export function lastYears(n: number, today: string): Period {
  const { y } = partsOf(today);
  return { start: `${y - n}-01-01`, end: `${y - 1}-12-31`, label: `the last ${n} full years`, unit: 'days' };
}

export function since(start: string, today: string): Period {
  return { start, end: today, label: `since ${dayLabel(start)}`, unit: 'days' };
}

/** How a whole period stands to today: one still running is cut at today and said 'so far'. */
export function settle(period: Period, today: string): { period: Period; future: Future } {
  if (period.start > today) return { period, future: 'wholly' };
  if (period.end > today) {
    return { period: { ...period, end: today, label: `${period.label} so far` }, future: 'partly' };
  }
  return { period, future: 'none' };
}

/** Within the years a question may name. */
export function plausible(period: Period): boolean {
  return (
    period.start >= `${FIRST_YEAR}-01-01` && period.end <= `${LAST_YEAR}-12-31` && period.start <= period.end
  );
}
