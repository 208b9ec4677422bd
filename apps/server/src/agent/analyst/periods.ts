import { addDays, daysInPeriod, previousPeriod as samelengthBefore } from '../../finance/index.ts';
import type { Period } from './period-calendar.ts';
import {
  day,
  dayLabel,
  half,
  plusDays,
  quarter,
  settle,
  spanLabel,
  week,
  weekdayOf,
  weekend,
} from './period-calendar.ts';
import { readPeriods } from './period-grammar.ts';

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

export function wholeYear(year: number, today: string): Period {
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
  // 'the last 3 full months' against 'the 3 before that': as many whole months, not as many days.
  const months = wholeMonthsIn(period);
  if (months) {
    const first = monthStart(start.getUTCFullYear(), start.getUTCMonth() - months);
    const last = addDays(period.start, -1);
    return { start: first, end: last, label: spanLabel(first, last), unit: period.unit };
  }
  // The same number of days just before, as the tools compare periods.
  const before = samelengthBefore(period);
  return { ...before, label: spanLabel(before.start, before.end), unit: period.unit };
}

/** How many whole calendar months a span covers (first day to last day), or undefined. */
function wholeMonthsIn(period: Period): number | undefined {
  const start = parseDay(period.start);
  const end = parseDay(period.end);
  if (start.getUTCDate() !== 1 || period.end !== monthEnd(end.getUTCFullYear(), end.getUTCMonth()))
    return undefined;
  return (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth() + 1;
}

/** The next period of the same shape, never past today. */
export function nextPeriod(period: Period, today: string): Period {
  const start = parseDay(period.start);
  if (period.unit === 'month') return wholeMonth(start.getUTCFullYear(), start.getUTCMonth() + 1, today);
  if (period.unit === 'year') return wholeYear(start.getUTCFullYear() + 1, today);
  if (period.unit !== 'days') return stepped(period, 1, today);
  const newStart = addDays(period.end, 1);
  const end = minDay(addDays(newStart, daysInPeriod(period) - 1), today);
  return { start: newStart, end, label: spanLabel(newStart, end), unit: period.unit };
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

/**
 * The first period a question names that has started, or undefined when it names none (the period
 * grammar, period-grammar.ts, reads them all).
 */
export function parsePeriod(question: string, today: string): Period | undefined {
  const mention = readPeriods(question, today).mentions.find((m) => m.future !== 'wholly');
  if (!mention || mention.period.start < EARLIEST) return undefined;
  return mention.period;
}

/** The earliest day a question may name. */
const EARLIEST = '1900-01-01';

/**
 * A follow-up that shifts the previous period: 'and the month before?', 'what about the year after?'.
 * Not a period named with its own word: 'last month after all my spending' is last month.
 */
export function periodShift(question: string): 'previous' | 'next' | undefined {
  const q = question.toLowerCase();
  if (
    /(?<!\b(last|this|next|past) )\b(month|year|week|weekend|quarter|day|period) before\b|\bprevious (month|year|week|weekend|quarter|one)\b|\bbefore that\b/.test(
      q,
    )
  )
    return 'previous';
  if (
    /(?<!\b(last|this|next|past) )\b(month|year|week|weekend|quarter|day|period) after\b|\bafter that\b|\bnext (month|year|week|weekend|quarter)\b/.test(
      q,
    )
  )
    return 'next';
  return undefined;
}
