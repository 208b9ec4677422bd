// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CURRENCY,
  detectMoneyColumn,
  formatSignedMoney,
  inferredCurrency,
  isFlowName,
  isMoneyName,
  MONEY_TONE_CLASS,
  moneyTone,
} from './money.ts';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money names (currency detection by key)', () => {
  it.each([
    'price',
    'unit_price',
    'Unit price',
    'unit_price Unit price',
    'Fee',
    'total_cost',
    'Amount',
    'Balance',
    'available_balance',
    'Market value',
    'marketValue',
    'market_value',
    'Cost basis',
    'Net worth',
    'Monthly income',
    'Spending',
    'Expenses',
    'Unrealized gain',
    'Budget',
  ])('%s is money', (name) => {
    expect(isMoneyName(name)).toBe(true);
  });

  it.each([
    'Merchant',
    'Category',
    'Date',
    'Value',
    'Total',
    'Quantity',
    'Shares',
    'Units',
    'Interest rate',
    'Savings rate %',
    'Percent of income',
    'Transaction count',
  ])('%s is not', (name) => {
    expect(isMoneyName(name)).toBe(false);
  });
});

describe('money columns (by key and by value)', () => {
  it('by key: the table currency, else a symbol in the values, else USD', () => {
    expect(detectMoneyColumn('Balance', [1200, 30], null)).toEqual(DEFAULT_CURRENCY);
    expect(detectMoneyColumn('Balance', [1200], { kind: 'code', code: 'EUR' })).toEqual({
      kind: 'code',
      code: 'EUR',
    });
    expect(detectMoneyColumn('Market value', ['£1,200.00'], null)).toEqual({ kind: 'code', code: 'GBP' });
  });

  it('by value: every value a number and some carrying a currency symbol', () => {
    expect(detectMoneyColumn('paid', ['$12.00', '$3'], null)).toEqual({ kind: 'code', code: 'USD' });
    expect(detectMoneyColumn('paid', ['12.00 €'], null)).toEqual({ kind: 'code', code: 'EUR' });
    expect(detectMoneyColumn('note', ['$12.00', 'lunch'], null)).toBeNull();
    expect(detectMoneyColumn('count', [1, 2, 3], null)).toBeNull();
  });
});

describe('sign and colour', () => {
  it('flows are amounts moved; balances, values and prices are held', () => {
    for (const name of ['Amount', 'Net income', 'Spending', 'Unrealized gain'])
      expect(isFlowName(name)).toBe(true);
    for (const name of ['Balance', 'Market value', 'Unit price', 'Net worth', 'Cost basis'])
      expect(isFlowName(name)).toBe(false);
  });

  it('a signed column: positive is money in (green), negative money out (red), zero neutral', () => {
    expect(moneyTone(1450, true)).toBe('in');
    expect(moneyTone(-42.1, true)).toBe('out');
    expect(moneyTone(0, true)).toBe('neutral');
    expect(MONEY_TONE_CLASS[moneyTone(1450, true)]).toBe('text-positive');
    expect(MONEY_TONE_CLASS[moneyTone(-42.1, true)]).toBe('text-negative');
    expect(MONEY_TONE_CLASS[moneyTone(0, true)]).toBe('');
  });

  it('an unsigned column (balances, prices) is never coloured', () => {
    expect(moneyTone(1450, false)).toBe('neutral');
    expect(moneyTone(-5, false)).toBe('neutral');
  });

  it('spells the sign out, so colour is not the only cue', () => {
    expect(nbsp(formatSignedMoney(1450, DEFAULT_CURRENCY))).toBe('+$1,450.00');
    expect(nbsp(formatSignedMoney(-42.1, DEFAULT_CURRENCY))).toBe('-$42.10');
    expect(nbsp(formatSignedMoney(0, DEFAULT_CURRENCY))).toBe('$0.00');
    expect(nbsp(formatSignedMoney(1450, DEFAULT_CURRENCY, false))).toBe('$1,450.00');
  });
});

describe('decimals', () => {
  it('2 decimals, or 4 below 0.01 (and not zero), whatever the currency', () => {
    expect(nbsp(formatSignedMoney(1234.5, DEFAULT_CURRENCY, false))).toBe('$1,234.50');
    expect(nbsp(formatSignedMoney(0.0042, DEFAULT_CURRENCY))).toBe('+$0.0042');
    expect(nbsp(formatSignedMoney(-0.0042, { kind: 'code', code: 'EUR' }))).toBe('-€0.0042');
    expect(nbsp(formatSignedMoney(0.01, DEFAULT_CURRENCY, false))).toBe('$0.01');
    expect(nbsp(formatSignedMoney(12, { kind: 'code', code: 'CHF' }, false))).toBe('CHF 12.00');
  });
});

describe('charts', () => {
  it('a chart that names money in its title or series means dollars when it says no currency', () => {
    expect(inferredCurrency(['Monthly spending', undefined])).toEqual(DEFAULT_CURRENCY);
    expect(inferredCurrency(['Budget split'])).toEqual(DEFAULT_CURRENCY);
    expect(inferredCurrency(['Asset allocation %'])).toBeNull();
    expect(inferredCurrency([null, 'Visits'])).toBeNull();
  });
});
