import { format, parseISO } from 'date-fns';

/** Display helpers for the start screen's figures. Amounts stay decimal strings: Intl formats them exactly. */

type NumericText = `${number}`;
const isNumericText = (text: string): text is NumericText => /^-?\d+(\.\d+)?$/.test(text);

const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** '1234.5' → '$1,234.50'; `whole` drops the cents ('$1,235'). */
export function formatUsd(amount: string, { whole = false }: { whole?: boolean } = {}): string {
  const formatter = whole ? wholeUsdFormat : usdFormat;
  return isNumericText(amount) ? formatter.format(amount) : amount;
}

/** The size of a change without its sign ('-12.30' → '$12.30'). */
export function formatUsdMagnitude(amount: string): string {
  return formatUsd(amount.startsWith('-') ? amount.slice(1) : amount);
}

/** -1, 0 or 1 by the sign of a decimal string. */
export function signOf(amount: string): -1 | 0 | 1 {
  if (/^-?0*(\.0*)?$/.test(amount)) return 0;
  return amount.startsWith('-') ? -1 : 1;
}

/** '2026-11-26' → 'Nov 26'. */
export function shortDay(day: string): string {
  return format(parseISO(day), 'MMM d');
}

/** '2026-10-01'..'2026-10-27' → 'Oct 1–27'; across months 'Oct 28–Nov 3'. */
export function dayRange(start: string, end: string): string {
  if (start === end) return shortDay(start);
  const sameMonth = start.slice(0, 7) === end.slice(0, 7);
  return `${shortDay(start)}–${sameMonth ? format(parseISO(end), 'd') : shortDay(end)}`;
}

/** '2026-06-30' → 'June 30'. */
export function longDay(day: string): string {
  return format(parseISO(day), 'MMMM d');
}
