import type { DecimalString } from './types.ts';

/**
 * Decimal strings from what vendors send. JSON numbers are floats on the wire; their shortest decimal
 * form (what `String(n)` gives) is exactly what the vendor wrote, so we keep that text rather than do
 * arithmetic on it. Exponent forms (`1e-7`) are expanded.
 */
export function decimalFromNumber(value: number): DecimalString {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return normalizeDecimal(text);
  const [mantissa = '0', exponentText = '0'] = text.toLowerCase().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  const expanded =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return normalizeDecimal((negative ? '-' : '') + expanded);
}

/** `units` of a token with `decimals` places (wei, lamports, satoshis) as a decimal string. */
export function decimalFromUnits(units: bigint, decimals: number): DecimalString {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(digits.length - decimals) : '';
  return normalizeDecimal(`${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);
}

/** Checks and tidies a decimal string: no exponent, no leading `+`, no trailing fraction zeros, no `-0`. */
export function normalizeDecimal(text: string): DecimalString {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, sign, wholeDigits = '0', fractionDigits = ''] = match;
  const whole = wholeDigits.replace(/^0+(?=\d)/, '');
  const fraction = fractionDigits.replace(/0+$/, '');
  const isZero = /^0*$/.test(whole) && fraction === '';
  const body = fraction ? `${whole}.${fraction}` : whole;
  return sign === '-' && !isZero ? `-${body}` : body;
}

/** Flips the sign (for a provider whose convention is + = money out). */
export function negateDecimal(value: DecimalString): DecimalString {
  const normalized = normalizeDecimal(value);
  if (normalized === '0') return normalized;
  return normalized.startsWith('-') ? normalized.slice(1) : `-${normalized}`;
}

/** Exact product of two decimals (price × quantity), rounded half away from zero to `places`. */
export function multiplyDecimals(a: DecimalString, b: DecimalString, places: number): DecimalString {
  const [aUnits, aScale] = toScaled(a);
  const [bUnits, bScale] = toScaled(b);
  return roundScaled(aUnits * bUnits, aScale + bScale, places);
}

/** Exact sum of decimals. */
export function addDecimals(...values: DecimalString[]): DecimalString {
  const scale = Math.max(0, ...values.map((value) => toScaled(value)[1]));
  let total = 0n;
  for (const value of values) {
    const [units, valueScale] = toScaled(value);
    total += units * 10n ** BigInt(scale - valueScale);
  }
  return decimalFromUnits(total, scale);
}

function toScaled(value: DecimalString): [bigint, number] {
  const normalized = normalizeDecimal(value);
  const negative = normalized.startsWith('-');
  const [whole = '0', fraction = ''] = normalized.replace('-', '').split('.');
  const units = BigInt(whole + fraction);
  return [negative ? -units : units, fraction.length];
}

function roundScaled(units: bigint, scale: number, places: number): DecimalString {
  if (scale <= places) return decimalFromUnits(units * 10n ** BigInt(places - scale), places);
  const divisor = 10n ** BigInt(scale - places);
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return decimalFromUnits(negative ? -quotient : quotient, places);
}
