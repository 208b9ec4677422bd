import { formatDistance } from 'date-fns/formatDistance';
import { enUS } from 'date-fns/locale/en-US';

/** The required text for a date that cannot be read (docs/product/chat.md, "Rendering errors"). */
export const UNKNOWN_DATE = 'Unknown date';

/**
 * When a resource was saved, in words ('5 minutes ago'): date-fns' standard distance-in-words
 * thresholds (formatDistanceToNow) with the English locale, as docs/product/chat.md, "Relative dates", asks.
 * Anything unreadable reads 'Unknown date'.
 */
export function savedAgo(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return UNKNOWN_DATE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return UNKNOWN_DATE;
  return formatDistance(date, now, { addSuffix: true, locale: enUS });
}
