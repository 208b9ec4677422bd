import * as chrono from 'chrono-node';
import { addDays, daysInPeriod, previousPeriod as samelengthBefore } from '../../finance/index.ts';
import type { Period } from './period-calendar.ts';

import {
  day,
  dayLabel,
  half,
  plusDays,
  quarter,
  settle,
  week,
  weekdayOf,
  weekend,
} from './period-calendar.ts';

export type { Period } from './period-calendar.ts';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
const MONTH_NAMES = MONTHS.map((m) => m[0]?.toUpperCase() + m.slice(1));

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function monthStart(year: number, month: number): string {
  return isoDay(new Date(Date.UTC(year, month, 1)));
}

function monthEnd(year: number, month: number): string {
  return isoDay(new Date(Date.UTC(year, month + 1, 0)));
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

export function wholeMonth(year: number, month: number, today: string): Period {
  const normalized = new Date(Date.UTC(year, month, 1));
  const y = normalized.getUTCFullYear();
  const m = normalized.getUTCMonth();
  const end = monthEnd(y, m);
  const current = end >= today && monthStart(y, m) <= today;
  return {
    start: monthStart(y, m),
    end: minDay(end, today),
    label: current ? `${MONTH_NAMES[m]} ${y} so far` : `${MONTH_NAMES[m]} ${y}`,
    unit: 'month',
  };
}

export function thisMonth(today: string): Period {
  const d = parseDay(today);
  return wholeMonth(d.getUTCFullYear(), d.getUTCMonth(), today);
}

function wholeYear(year: number, today: string): Period {
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  const current = start <= today && today <= end;
  return { start, end: minDay(end, today), label: current ? `${year} so far` : `${year}`, unit: 'year' };
}

/** The previous period of the same shape: the month before, the year before, the 30 days before. */
export function previousPeriod(period: Period, today: string): Period {
  const start = parseDay(period.start);
  if (period.unit === 'month') return wholeMonth(start.getUTCFullYear(), start.getUTCMonth() - 1, today);
  if (period.unit === 'year') return wholeYear(start.getUTCFullYear() - 1, today);
  if (period.unit !== 'days') return stepped(period, -1, today);
  // The same number of days just before, as the tools compare periods.
  const before = samelengthBefore(period);
  return { ...before, label: `${before.start} to ${before.end}`, unit: period.unit };
}

/** The next period of the same shape, never past today. */
export function nextPeriod(period: Period, today: string): Period {
  const start = parseDay(period.start);
  if (period.unit === 'month') return wholeMonth(start.getUTCFullYear(), start.getUTCMonth() + 1, today);
  if (period.unit === 'year') return wholeYear(start.getUTCFullYear() + 1, today);
  if (period.unit !== 'days') return stepped(period, 1, today);
  const newStart = addDays(period.end, 1);
  const end = minDay(addDays(newStart, daysInPeriod(period) - 1), today);
  return { start: newStart, end, label: `${newStart} to ${end}`, unit: period.unit };
}

/** A day, week, weekend, quarter or half one step before (-1) or after (+1), cut at today. */
function stepped(period: Period, by: -1 | 1, today: string): Period {
  const start = parseDay(period.start);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  if (period.unit === 'quarter') return settle(quarter(y, Math.floor(m / 3) + by), today).period;
  if (period.unit === 'half') return settle(half(y, Math.floor(m / 6) + by), today).period;
  if (period.unit === 'day') {
    const next = plusDays(period.start, by);
    return { ...day(next, dayLabel(next)), end: minDay(next, today) };
  }
  // A week steps by seven days; a weekend (from a Saturday) to the weekend before or after.
  const shifted = plusDays(period.start, 7 * by);
  const whole = weekdayOf(period.start) === 6 ? weekend(shifted) : week(shifted);
  return settle(whole, today).period;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

function count(word: string): number | undefined {
  const n = Number(word);
  if (Number.isInteger(n) && n > 0) return n;
  return NUMBER_WORDS[word];
}

/** The latest occurrence of a month that has started by today (this year's, else last year's). */
function latestMonth(monthIndex: number, today: string, explicitYear?: number): Period {
  const t = parseDay(today);
  let year = explicitYear ?? t.getUTCFullYear();
  if (explicitYear === undefined && monthStart(year, monthIndex) > today) year -= 1;
  return wholeMonth(year, monthIndex, today);
}

/**
 * Reads the period a question names, or undefined when it names none. `today` is YYYY-MM-DD.
 */
export function parsePeriod(question: string, today: string): Period | undefined {
  // A period the ledger cannot hold (reversed, before 1900, in the future, an absurd count) names none.
  try {
    const period = readPeriod(question, today);
    if (!period || period.start > period.end || period.start < EARLIEST || period.end > today)
      return undefined;
    return period;
  } catch {
    return undefined;
  }
}

/** The earliest day a question may name. */
const EARLIEST = '1900-01-01';

function readPeriod(question: string, today: string): Period | undefined {
  const q = question.toLowerCase();
  const t = parseDay(today);
  const year = t.getUTCFullYear();
  const month = t.getUTCMonth();

  if (/\b(last|previous|past) month\b/.test(q) && !/\b(last|past) \w+ months\b/.test(q)) {
    return wholeMonth(year, month - 1, today);
  }
  if (/\bthis month\b|\bmonth to date\b|\bso far this month\b|\bmtd\b/.test(q)) return thisMonth(today);
  if (/\b(this year|year to date|ytd|so far this year)\b/.test(q)) return wholeYear(year, today);
  if (/\b(last|previous) year\b/.test(q)) return wholeYear(year - 1, today);
  if (/\btoday\b/.test(q)) return { start: today, end: today, label: 'today', unit: 'days' };
  if (/\byesterday\b/.test(q)) {
    const y = addDays(today, -1);
    return { start: y, end: y, label: 'yesterday', unit: 'days' };
  }
  if (/\b(last|previous) week\b/.test(q)) {
    // The whole previous Monday-to-Sunday week.
    const weekday = (t.getUTCDay() + 6) % 7;
    const start = addDays(today, -weekday - 7);
    return { start, end: addDays(start, 6), label: `the week of ${start}`, unit: 'week' };
  }
  if (/\bthis week\b/.test(q)) {
    const weekday = (t.getUTCDay() + 6) % 7;
    return { start: addDays(today, -weekday), end: today, label: 'this week so far', unit: 'days' };
  }
  const lastN = q.match(
    /\b(?:last|past|previous)\s+(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(day|week|month|year)s?\b/,
  );
  if (lastN?.[1] && lastN[2]) {
    const n = count(lastN[1]) ?? 1;
    const unit = lastN[2];
    if (unit === 'day' || unit === 'week') {
      const days = unit === 'day' ? n : n * 7;
      return { start: addDays(today, -(days - 1)), end: today, label: `the last ${days} days`, unit: 'days' };
    }
    if (unit === 'month') {
      const start = monthStart(year, month - n);
      const end = monthEnd(year, month - 1);
      return { start, end, label: `the last ${n} full months (${start} to ${end})`, unit: 'days' };
    }
    const start = `${year - n}-01-01`;
    const end = `${year - 1}-12-31`;
    return { start, end, label: `the last ${n} full years`, unit: 'days' };
  }
  // 'since March', 'since March 3rd', 'since 2026-02-01'.
  const since = q.match(/\bsince\s+(.+?)(?:[?.!,]|$)/);
  if (since?.[1]) {
    const monthOnly = MONTHS.findIndex((m) => since[1]?.trim() === m || since[1]?.trim() === m.slice(0, 3));
    if (monthOnly >= 0) {
      const start = latestMonth(monthOnly, today).start;
      return { start, end: today, label: `since ${start}`, unit: 'days' };
    }
    const parsed = chrono.parseDate(
      since[1],
      { instant: new Date(`${today}T12:00:00Z`), timezone: 0 },
      { forwardDate: false },
    );
    if (parsed) {
      const start = isoDay(parsed);
      if (start <= today) return { start, end: today, label: `since ${start}`, unit: 'days' };
    }
  }
  // A named month, with or without a year: 'in September', 'September 2025', 'for sept'.
  const named = q.match(
    /\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b(?:\s+(\d{4}))?/,
  );
  if (named?.[1] && !(named[1] === 'may' && !/\b(in|for|during|of)\s+may\b|\bmay\s+\d{4}/.test(q))) {
    const index = MONTHS.findIndex((m) => m.startsWith(named[1]?.slice(0, 3) ?? ''));
    const explicitYear = named[2] ? Number(named[2]) : undefined;
    if (index >= 0) return latestMonth(index, today, explicitYear);
  }
  const yearOnly = q.match(/\b(?:in|for|during)\s+(20\d{2})\b/);
  if (yearOnly?.[1]) return wholeYear(Number(yearOnly[1]), today);
  // Anything else chrono can read as a range ('from Jan 5 to Feb 10').
  const results = chrono.parse(
    question,
    { instant: new Date(`${today}T12:00:00Z`), timezone: 0 },
    { forwardDate: false },
  );
  const range = results.find((r) => r.end);
  if (range?.end) {
    const start = isoDay(range.start.date());
    const end = minDay(isoDay(range.end.date()), today);
    if (start <= end) return { start, end, label: `${start} to ${end}`, unit: 'days' };
  }
  return undefined;
}

/** A follow-up that shifts the previous period: 'and the month before?', 'what about the year after?'. */
export function periodShift(question: string): 'previous' | 'next' | undefined {
  const q = question.toLowerCase();
  if (/\b(month|year|week|period) before\b|\bprevious (month|year|week|one)\b|\bbefore that\b/.test(q))
    return 'previous';
  if (/\b(month|year|week|period) after\b|\bafter that\b|\bnext (month|year|week)\b/.test(q)) return 'next';
  return undefined;
}
