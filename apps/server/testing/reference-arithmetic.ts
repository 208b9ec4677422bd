/**
 * Reference arithmetic for tests that check figures against the raw ledger rows: plain code,
 * independent of finance/analytics/, in integer millionths of a dollar and ISO days.
 */

/** A decimal string as integer millionths (exact for up to six decimals). */
export function micros(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const value = BigInt(match[2] ?? '0') * 1_000_000n + BigInt((match[3] ?? '').padEnd(6, '0').slice(0, 6));
  return match[1] === '-' ? -value : value;
}

/** Millionths rounded to cents (half away from zero), as the decimal string SQL's round(x, 2) gives. */
export function microsText(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const cents = (abs + 5_000n) / 10_000n;
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return negative && cents !== 0n ? `-${text}` : text;
}

/** The ISO day `days` after `day` (before, when negative). */
export function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first day of the month `monthsBack` months before `day`'s. */
export function firstOfMonth(day: string, monthsBack: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return date.toISOString().slice(0, 10);
}

/** The last day of `day`'s month. */
export function lastOfMonth(day: string): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
