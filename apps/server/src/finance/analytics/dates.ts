/** Calendar arithmetic on ISO days ('2024-03-31'), in UTC so no time zone shifts a day. */

/** ISO days, both ends included. */
export type Period = { start: string; end: string };

/** Days since 1970-01-01. */
export function dayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
}

function isoOfDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoOfDayNumber(dayNumber(iso) + days);
}

/** The same day `months` later, on the month's last day when it has no such day (Jan 31 + 1 → Feb 28). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** The last day of the month of `iso`. */
export function monthEnd(iso: string): string {
  return addDays(addMonths(`${iso.slice(0, 7)}-01`, 1), -1);
}

/** Whole days from `start` to `end`, both included. */
export function daysInPeriod(period: Period): number {
  return dayNumber(period.end) - dayNumber(period.start) + 1;
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod(period: Period): Period {
  const length = daysInPeriod(period);
  const end = addDays(period.start, -1);
  return { start: addDays(end, -(length - 1)), end };
}

/** The calendar months a period touches, in order (YYYY-MM). */
/** '2026-Q3' for a day in July–September 2026. */
export function quarterOf(iso: string): string {
  return `${iso.slice(0, 4)}-Q${Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The first day of a quarter key ('2026-Q3' → '2026-07-01'). */
export function quarterStart(key: string): string {
  const month = (Number(key.slice(6)) - 1) * 3 + 1;
  return `${key.slice(0, 4)}-${String(month).padStart(2, '0')}-01`;
}

/** The calendar quarters a period touches, as '2026-Q3'. */
export function quartersOf(period: Period): string[] {
  const quarters: string[] = [];
  for (let at = quarterStart(quarterOf(period.start)); at <= period.end; at = addMonths(at, 3)) {
    quarters.push(quarterOf(at));
  }
  return quarters;
}

export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  for (let at = `${period.start.slice(0, 7)}-01`; at <= period.end; at = addMonths(at, 1)) {
    months.push(at.slice(0, 7));
  }
  return months;
}
