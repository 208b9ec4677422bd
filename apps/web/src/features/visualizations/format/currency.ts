import { DSL_CURRENCY_CODES, type DslCurrencyCode } from '@penny/contracts';

/**
 * Money formatting for the renderer. A currency is either an ISO code (formatted by Intl.NumberFormat,
 * which knows each code's symbol) or a bare symbol we could not map to a code (prefixed as written).
 */
export type Currency = { kind: 'code'; code: string } | { kind: 'symbol'; symbol: string };

/**
 * Symbols (as agents and spreadsheets write them) of the ten currencies of docs/product/chat.md,
 * "Currency symbols".
 */
const SYMBOL_TO_CODE: Record<string, DslCurrencyCode> = {
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '￥': 'JPY',
  A$: 'AUD',
  AU$: 'AUD',
  C$: 'CAD',
  CA$: 'CAD',
  CHF: 'CHF',
  'Fr.': 'CHF',
  'CN¥': 'CNY',
  RMB: 'CNY',
  元: 'CNY',
  HK$: 'HKD',
  '₹': 'INR',
  Rs: 'INR',
  'Rs.': 'INR',
};

/** Symbols that mark a value as money when a table cell starts or ends with them. */
const CELL_SYMBOLS = [
  'US$',
  'AU$',
  'CA$',
  'HK$',
  'CN¥',
  'A$',
  'C$',
  'NZ$',
  'S$',
  '$',
  '€',
  '£',
  '¥',
  '￥',
  '₹',
  '₩',
  '₽',
  '₺',
  '₫',
  '₪',
  '₱',
  '฿',
  '₿',
  'Ξ',
  ...DSL_CURRENCY_CODES,
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const symbolAlternation = CELL_SYMBOLS.map(escapeRegExp).join('|');
// "$1,234.50", "-$5", "($5.00)", "USD 12", "€ 3,5" at the start; "12.00 €", "12 USD" at the end.
const LEADING_SYMBOL = new RegExp(`^[-+(]?\\s?(${symbolAlternation})\\s?[-+]?[\\d.]`);
const TRAILING_SYMBOL = new RegExp(`[\\d.]\\)?\\s?(${symbolAlternation})$`);

const isoCodeCache = new Map<string, boolean>();

/** True when Intl can format this three-letter code as a currency. */
function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const cached = isoCodeCache.get(code);
  if (cached !== undefined) return cached;
  let valid = (DSL_CURRENCY_CODES as readonly string[]).includes(code);
  if (!valid) {
    try {
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
      // Intl accepts any well-formed code; only the ones it lists as supported are real.
      valid =
        typeof Intl.supportedValuesOf === 'function'
          ? Intl.supportedValuesOf('currency').includes(code)
          : true;
    } catch {
      valid = false;
    }
  }
  isoCodeCache.set(code, valid);
  return valid;
}

/**
 * Reads a `currency_symbol` / `@currency(CODE)` / unit: an ISO code ('usd' too), a known symbol ('$',
 * 'HK$'), or any other short symbol (kept as written). Null for nothing or something too long to be one.
 */
export function resolveCurrency(value: unknown): Currency | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 5) return null;
  const upper = trimmed.toUpperCase();
  if (isIsoCurrency(upper)) return { kind: 'code', code: upper };
  const code = SYMBOL_TO_CODE[trimmed] ?? SYMBOL_TO_CODE[upper];
  if (code) return { kind: 'code', code };
  // Only a currency sign (Unicode category Sc: ₿, ₩, ₽...) is kept as written; '%', 'pts' or 'shares'
  // are units, not currencies.
  return /\p{Sc}/u.test(trimmed) ? { kind: 'symbol', symbol: trimmed } : null;
}

/** The currency a string value carries ('$1,200' -> USD), or null when it carries none. */
export function currencyInText(text: string): Currency | null {
  const trimmed = text.trim();
  const match = LEADING_SYMBOL.exec(trimmed) ?? TRAILING_SYMBOL.exec(trimmed);
  return match?.[1] ? resolveCurrency(match[1]) : null;
}

/** True when a string starts or ends with a currency symbol next to a number. */
export function carriesCurrencySymbol(text: string): boolean {
  const trimmed = text.trim();
  return LEADING_SYMBOL.test(trimmed) || TRAILING_SYMBOL.test(trimmed);
}

/**
 * docs/product/chat.md, "Tables": amounts have 2 decimals, or 4 when the absolute value is below 0.01 (and
 * not zero).
 */
export function amountFractionDigits(value: number): 2 | 4 {
  const abs = Math.abs(value);
  return abs > 0 && abs < 0.01 ? 4 : 2;
}

const formatters = new Map<string, Intl.NumberFormat>();

function cachedFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Plain grouped number with a fixed number of decimals: 1234.5 -> "1,234.50". */
export function formatFixed(value: number, digits: number): string {
  return cachedFormat(`fixed:${digits}`, () =>
    Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(value);
}

export type MoneyFormatOptions = {
  /** Chart ticks: no forced decimals, compact for large values ("$1.2K"). */
  compact?: boolean;
};

/**
 * A money amount by the rules of docs/product/chat.md, "Tables" and "Currency symbols": "$1,234.50",
 * "-€0.0042", "CHF 12.00", "₿0.0050".
 */
export function formatMoney(value: number, currency: Currency, options: MoneyFormatOptions = {}): string {
  if (!Number.isFinite(value)) return '—';
  const digits = amountFractionDigits(value);
  if (currency.kind === 'code') {
    const key = `money:${currency.code}:${options.compact ? 'c' : digits}`;
    const formatter = cachedFormat(key, () =>
      options.compact
        ? Intl.NumberFormat('en-US', {
            style: 'currency',
            currency: currency.code,
            notation: 'compact',
            maximumFractionDigits: 1,
          })
        : Intl.NumberFormat('en-US', {
            style: 'currency',
            currency: currency.code,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }),
    );
    return formatter.format(value);
  }
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const body = options.compact ? formatCompact(abs) : formatFixed(abs, digits);
  return `${sign}${currency.symbol}${body}`;
}

/** 1234 -> "1.2K", 12 -> "12". */
export function formatCompact(value: number): string {
  return cachedFormat('compact', () =>
    Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
  ).format(value);
}

/**
 * A plain number: up to `maxDigits` decimals without trailing zeros, grouped ("4,746") unless told not
 * to (a column of years) or, when nobody said, below 10,000 (so a lone year stays "2024").
 */
export function formatPlainNumber(value: number, maxDigits = 8, group?: boolean): string {
  if (!Number.isFinite(value)) return '—';
  const grouping = group ?? Math.abs(value) >= 10_000;
  return cachedFormat(`plain:${grouping}:${maxDigits}`, () =>
    Intl.NumberFormat('en-US', { maximumFractionDigits: maxDigits, useGrouping: grouping }),
  ).format(value);
}

/** A value with its unit: money when the unit is a currency, "12%" for percent, "12 shares" otherwise. */
export function formatWithUnit(
  value: number,
  unit: { currency: Currency | null; unit: string | null },
  options: MoneyFormatOptions = {},
): string {
  if (unit.currency) return formatMoney(value, unit.currency, options);
  const number = options.compact ? formatCompact(value) : formatPlainNumber(value, 2);
  if (!unit.unit) return number;
  return unit.unit === '%' ? `${number}%` : `${number} ${unit.unit}`;
}
