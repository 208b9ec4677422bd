import { fromCents, toCents } from './money.ts';

/**
 * A ledger query's figures in one unit, as exact integers: dollars in cents, transactions as counts,
 * percentages in tenths. Differences and averages are taken on these, never on floats.
 */
export type ValueUnit = 'usd' | 'transactions' | 'percent';
export type Scaled = bigint;

/** A figure's text ('12.34' dollars, '12' transactions, '12.3' percent) as its integer. */
export function scaledOf(text: string, unit: ValueUnit): Scaled {
  switch (unit) {
    case 'usd':
      return toCents(text);
    case 'transactions':
      return BigInt(text);
    case 'percent':
      // Tenths of a percent: the same rounding as cents, one place fewer.
      return toCents(text) / 10n;
  }
}

/** The integer back as its text. */
export function scaledText(value: Scaled, unit: ValueUnit): string {
  switch (unit) {
    case 'usd':
      return fromCents(value);
    case 'transactions':
      return String(value);
    case 'percent':
      return fromCents(value * 10n).slice(0, -1);
  }
}
