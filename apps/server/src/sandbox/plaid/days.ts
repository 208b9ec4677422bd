/** Calendar days as integers (days since 1970-01-01, UTC): the generator's clock. */
export type Day = number;

const MS_PER_DAY = 86_400_000;

export function dayFromDate(date: Date): Day {
  return Math.floor(date.getTime() / MS_PER_DAY);
}

export function dayFromIso(iso: string): Day {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
}

const isoCache = new Map<Day, string>();

export function isoFromDay(day: Day): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    if (isoCache.size < 20_000) isoCache.set(day, iso);
  }
  return iso;
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(day: Day): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function calendar(day: Day): { year: number; month: number; dayOfMonth: number; daysInMonth: number } {
  const date = new Date(day * MS_PER_DAY);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    year,
    month,
    dayOfMonth: date.getUTCDate(),
    daysInMonth: new Date(Date.UTC(year, month + 1, 0)).getUTCDate(),
  };
}

export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isoFromDay(dayFromIso(text)) === text;
}
