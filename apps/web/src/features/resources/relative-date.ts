import { formatDistance } from 'date-fns/formatDistance';
import { enUS } from 'date-fns/locale/en-US';

/** The spec's text for a date that cannot be read. */
export const UNKNOWN_DATE = 'Unknown date';

/**
 * When a resource was saved, in words ('5 minutes ago'): date-fns' standard distance-in-words
 * thresholds (formatDistanceToNow) with the English locale, as the spec asks. Anything unreadable
 * reads 'Unknown date'.
 */
export function savedAgo(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return UNKNOWN_DATE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return UNKNOWN_DATE;
  return formatDistance(date, now, { addSuffix: true, locale: enUS });
}
