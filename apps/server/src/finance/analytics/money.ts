/**
 * Money as the analytics hand it out: decimal strings with two places. Sums and quotients that leave
 * SQL are done here in integer cents, never in floating point.
 */

/** A decimal string with two places ('1234.50', '-12.00'). */
export type Money = string;

/** A decimal string as integer cents, rounded half away from zero ('12.345' → 1235n). */
export function toCents(value: string | number): bigint {
  const text = typeof value === 'number' ? value.toFixed(6) : value.trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a decimal: ${value}`);
  const negative = match[1] === '-';
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = BigInt(match[2] || '0') * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  return negative ? -cents : cents;
}

/** Integer cents as a decimal string with two places (-1235n → '-12.35'). */
export function fromCents(cents: bigint): Money {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** a ÷ n in cents, rounded half away from zero. */
export function divideCents(cents: bigint, by: bigint): bigint {
  if (by === 0n) throw new RangeError('Division by zero');
  const negative = cents < 0n !== by < 0n;
  const a = cents < 0n ? -cents : cents;
  const b = by < 0n ? -by : by;
  const quotient = (a * 2n + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/** `part` as a percentage of `whole` (a display figure, not money); null when the whole is not positive. */
export function percentOf(part: string, whole: string, decimals = 1): number | null {
  const total = Number(whole);
  if (!(total > 0)) return null;
  const factor = 10 ** decimals;
  return Math.round((Number(part) / total) * 100 * factor) / factor;
}
