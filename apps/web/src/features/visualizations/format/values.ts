import { VISUALIZATION_RENDERING, visualizationMessages } from '@penny/contracts';
import { format, isSameYear } from 'date-fns';

/**
 * Hash-like values (transaction hashes, wallet addresses, ids), as docs/product/chat.md,
 * "Long hash-like values", puts it: "over 30 alphanumerics, or over 20 characters of hash shape". Hash shape
 * here means, with no spaces:
 *   - 0x-prefixed hex (EVM hashes and addresses),
 *   - hex with both digits and letters,
 *   - base58 (Bitcoin, Solana) with digits, upper- and lower-case letters,
 *   - a UUID.
 * Shorter plain words ("internationalization") are not hash-like: they have no digits.
 */
export function isHashLike(value: string): boolean {
  if (value.length <= 20 || /\s/.test(value)) return false;
  if (/^[A-Za-z0-9]{31,}$/.test(value)) return true;
  if (/^0x[0-9a-fA-F]+$/.test(value)) return true;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return true;
  if (/^[0-9a-fA-F]+$/.test(value) && /\d/.test(value) && /[a-fA-F]/.test(value)) return true;
  return (
    /^[1-9A-HJ-NP-Za-km-z]+$/.test(value) && /\d/.test(value) && /[A-Z]/.test(value) && /[a-z]/.test(value)
  );
}

/** "0x1234567890abcdef…" -> "0x123456…abcdef": the first 8 and last 6 characters. */
export function truncateHash(value: string): string {
  const { hashHead, hashTail } = VISUALIZATION_RENDERING;
  if (value.length <= hashHead + hashTail + 1) return value;
  return `${value.slice(0, hashHead)}…${value.slice(-hashTail)}`;
}

function isValid(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

function hasTime(value: unknown, date: Date): boolean {
  if (typeof value === 'string') return /\d:\d/.test(value);
  return date.getHours() !== 0 || date.getMinutes() !== 0;
}

/** A date from an ISO string, a readable date string, or epoch seconds/milliseconds; null if none. */
export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Epoch seconds until the year 5138, milliseconds after.
    const date = new Date(Math.abs(value) < 1e11 ? value * 1000 : value);
    return isValid(date) ? date : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length === 0 || text.length > 64) return null;
  if (/^\d{10,13}$/.test(text)) return parseDate(Number(text));
  // ISO first: "2024-03-05" is that local day, not UTC midnight. The plain date is the common case.
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const local = new Date(year, month, date);
    return local.getFullYear() === year && local.getMonth() === month && local.getDate() === date
      ? local
      : null;
  }
  // ISO date-times (an offset-less one is local time) and readable dates ("Mar 5, 2024", "03/05/2024").
  // A four-digit year is required: engines read "pending 1" or "5" as dates in 2001.
  if (!/\d{4}/.test(text)) return null;
  const parsed = new Date(text);
  return isValid(parsed) ? parsed : null;
}

/**
 * "Mar 5", or "Mar 5, 2024" when the year is not `today`'s; with the time when there is one ("Mar 5, 2:30
 * PM"). 'Unknown date' when the value is not a date (docs/product/chat.md, "Rendering errors").
 */
export function formatDateValue(value: unknown, today: Date = new Date()): string {
  const date = parseDate(value);
  if (!date) return visualizationMessages.badDate;
  const day = isSameYear(date, today) ? 'MMM d' : 'MMM d, yyyy';
  return format(date, hasTime(value, date) ? `${day}, h:mm a` : day);
}

const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/**
 * A chart label as people read it: a month "2025-12" is "Dec 2025"; a day "2026-11-26" is "Nov 26" ("Nov
 * 26, 2025" in another year than `today`'s), also inside a label ("Rent (2026-11-01)"). Anything else is
 * kept as it is.
 */
export function readableDateLabel(label: string, today: Date = new Date()): string {
  const month = ISO_MONTH.exec(label.trim());
  if (month) {
    const date = new Date(Number(month[1]), Number(month[2]) - 1, 1);
    return Number(month[2]) >= 1 && Number(month[2]) <= 12 ? format(date, 'MMM yyyy') : label;
  }
  return label.replace(ISO_DAY, (match) => {
    const date = parseDate(match);
    return date ? formatDateValue(date, today) : match;
  });
}
