// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  amountFractionDigits,
  carriesCurrencySymbol,
  currencyInText,
  formatMoney,
  formatPlainNumber,
  formatWithUnit,
  resolveCurrency,
} from './currency.ts';

describe('currencies', () => {
  it.each([
    ['USD', '$1,234.50'],
    ['EUR', '€1,234.50'],
    ['GBP', '£1,234.50'],
    ['JPY', '¥1,234.50'],
    ['AUD', 'A$1,234.50'],
    ['CAD', 'CA$1,234.50'],
    ['CHF', 'CHF 1,234.50'],
    ['CNY', 'CN¥1,234.50'],
    ['HKD', 'HK$1,234.50'],
    ['INR', '₹1,234.50'],
  ])('%s has its symbol', (code, expected) => {
    const currency = resolveCurrency(code);
    expect(currency).toEqual({ kind: 'code', code });
    expect(formatMoney(1234.5, currency as NonNullable<typeof currency>).replace(/\u00a0/g, ' ')).toBe(
      expected,
    );
  });

  it.each([
    ['$', 'USD'],
    ['usd', 'USD'],
    ['€', 'EUR'],
    ['£', 'GBP'],
    ['¥', 'JPY'],
    ['A$', 'AUD'],
    ['C$', 'CAD'],
    ['HK$', 'HKD'],
    ['₹', 'INR'],
    ['RMB', 'CNY'],
    ['SGD', 'SGD'],
  ])('reads %s as %s', (input, code) => {
    expect(resolveCurrency(input)).toEqual({ kind: 'code', code });
  });

  it('keeps an unknown symbol as written, and refuses words and long strings', () => {
    expect(resolveCurrency('₿')).toEqual({ kind: 'symbol', symbol: '₿' });
    expect(formatMoney(-0.005, { kind: 'symbol', symbol: '₿' })).toBe('-₿0.0050');
    expect(resolveCurrency('shares')).toBeNull();
    expect(resolveCurrency('%')).toBeNull();
    expect(resolveCurrency('pts')).toBeNull();
    expect(resolveCurrency('ABC')).toBeNull();
    expect(resolveCurrency('dollars and cents')).toBeNull();
    expect(resolveCurrency('')).toBeNull();
    expect(resolveCurrency(undefined)).toBeNull();
  });
});

describe('amount formatting', () => {
  it('has 2 decimals, or 4 when the absolute value is below 0.01 (zero keeps 2)', () => {
    expect(amountFractionDigits(12)).toBe(2);
    expect(amountFractionDigits(0.01)).toBe(2);
    expect(amountFractionDigits(0.0099)).toBe(4);
    expect(amountFractionDigits(-0.004)).toBe(4);
    expect(amountFractionDigits(0)).toBe(2);
    const usd = { kind: 'code', code: 'USD' } as const;
    expect(formatMoney(0.004, usd)).toBe('$0.0040');
    expect(formatMoney(-0.00123, usd)).toBe('-$0.0012');
    expect(formatMoney(0, usd)).toBe('$0.00');
    expect(formatMoney(-1234567.891, usd)).toBe('-$1,234,567.89');
    expect(formatMoney(Number.NaN, usd)).toBe('—');
  });

  it('compacts chart ticks', () => {
    expect(formatMoney(52000, { kind: 'code', code: 'USD' }, { compact: true })).toBe('$52K');
    expect(formatMoney(1500, { kind: 'symbol', symbol: '₿' }, { compact: true })).toBe('₿1.5K');
  });

  it('groups plain numbers from 10,000 (years stay as written)', () => {
    expect(formatPlainNumber(2024)).toBe('2024');
    expect(formatPlainNumber(12345.678)).toBe('12,345.678');
    expect(formatPlainNumber(0.12345678)).toBe('0.12345678');
  });

  it('adds units: money, percent, or a word', () => {
    expect(formatWithUnit(12.5, { currency: null, unit: '%' })).toBe('12.5%');
    expect(formatWithUnit(3, { currency: null, unit: 'shares' })).toBe('3 shares');
    expect(formatWithUnit(3, { currency: { kind: 'code', code: 'EUR' }, unit: null })).toBe('€3.00');
    expect(formatWithUnit(3, { currency: null, unit: null })).toBe('3');
  });
});

describe('currency symbols in text', () => {
  it.each([
    '$1,200',
    '-$5.00',
    '($5.00)',
    '€ 3',
    '12.00 €',
    'USD 12',
    '12 GBP',
    '£0.5',
    '¥1500',
    '₹99',
    'HK$10',
    '$.5',
  ])('%s carries a currency', (value) => {
    expect(carriesCurrencySymbol(value)).toBe(true);
  });

  it.each(['1,200', 'USD', 'Price', '$', 'cost $ unknown', '12 apples'])('%s does not', (value) => {
    expect(carriesCurrencySymbol(value)).toBe(false);
  });

  it('names the currency it carries', () => {
    expect(currencyInText('€1,200.50')).toEqual({ kind: 'code', code: 'EUR' });
    expect(currencyInText('12 USD')).toEqual({ kind: 'code', code: 'USD' });
    expect(currencyInText('HK$10')).toEqual({ kind: 'code', code: 'HKD' });
    expect(currencyInText('₩5000')).toEqual({ kind: 'symbol', symbol: '₩' });
    expect(currencyInText('plain')).toBeNull();
  });
});
