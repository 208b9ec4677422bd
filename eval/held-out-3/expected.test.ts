import { generateBankItem } from '@penny/server/testing';
import { describe, expect, it } from 'vitest';
import { spending } from '../expected.ts';
import type { RawData } from '../raw-data.ts';
import {
  averageCandidates,
  blackFriday,
  busiestDay,
  christmas,
  daysOf,
  daysOfMonth,
  daysWithoutPurchases,
  grossPurchases,
  holidayWeek,
  laborDayWeekend,
  lastWeekdayOf,
  latestPaycheck,
  memorialDayWeekend,
  monthsTouched,
  nthWeekday,
  paychecks,
  paycheckYearBefore,
  purchasesOf,
  refunds,
  thanksgiving,
  wholeMonthsThisYear,
} from './expected.ts';

// The third held-out set's arithmetic: holidays on dates worked out by hand (2026-11-01 is a Sunday,
// 2026-05-31 a Sunday, 2026-09-01 a Tuesday), and the transaction helpers over the sandbox bank's own
// generated records (the same generator the eval user's bank serves), checked against each other.

describe('holidays and days', () => {
  it('finds the nth and the last weekday of a month', () => {
    expect(nthWeekday(2026, 11, 4, 4)).toBe('2026-11-26');
    expect(nthWeekday(2026, 9, 1, 1)).toBe('2026-09-07');
    expect(lastWeekdayOf(2026, 5, 1)).toBe('2026-05-25');
    expect(lastWeekdayOf(2026, 12, 4)).toBe('2026-12-31');
  });

  it('reads a holiday as the latest that has come', () => {
    expect(thanksgiving('2026-12-07')).toBe('2026-11-26');
    expect(thanksgiving('2026-11-20')).toBe('2025-11-27');
    expect(blackFriday('2026-12-07')).toBe('2026-11-27');
    expect(christmas('2026-12-07')).toBe('2025-12-25');
    expect(memorialDayWeekend('2026-12-07')).toEqual({ start: '2026-05-23', end: '2026-05-25' });
    expect(laborDayWeekend('2026-12-07')).toEqual({ start: '2026-09-05', end: '2026-09-07' });
    expect(laborDayWeekend('2026-09-01')).toEqual({ start: '2025-08-30', end: '2025-09-01' });
  });

  it('reads Christmas to New Year three ways, cut at today', () => {
    expect(holidayWeek('2026-12-07')).toEqual([
      { start: '2025-12-25', end: '2026-01-01' },
      { start: '2025-12-25', end: '2025-12-31' },
      { start: '2025-12-26', end: '2025-12-31' },
    ]);
    expect(holidayWeek('2026-12-27')).toEqual([
      { start: '2026-12-25', end: '2026-12-27' },
      { start: '2026-12-25', end: '2026-12-27' },
      { start: '2026-12-26', end: '2026-12-27' },
    ]);
  });

  it('cuts days of a month and counts months', () => {
    expect(daysOfMonth('2026-12-07', 1, 1, 15)).toEqual({ start: '2026-11-01', end: '2026-11-15' });
    expect(daysOfMonth('2026-12-07', 0, 1, 15)).toEqual({ start: '2026-12-01', end: '2026-12-07' });
    expect(wholeMonthsThisYear('2026-03-10')).toEqual([
      { start: '2026-01-01', end: '2026-01-31' },
      { start: '2026-02-01', end: '2026-02-28' },
    ]);
    expect(wholeMonthsThisYear('2026-01-10')).toEqual([]);
    expect(monthsTouched({ start: '2025-11-15', end: '2026-02-01' })).toBe(4);
    expect(daysOf({ start: '2026-02-27', end: '2026-03-01' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });

  it('gives both roundings of an average and refuses an average over nothing', () => {
    expect(averageCandidates(1001, 2)).toEqual([500, 501]);
    expect(averageCandidates(1000, 2)).toEqual([500]);
    expect(() => averageCandidates(1000, 0)).toThrow('an average over nothing');
  });
});

describe('over the sandbox bank’s records', () => {
  const today = '2026-12-07';
  const bank = generateBankItem('held-out-3-expected', today);
  const raw = {
    today,
    plaid: [
      {
        institutionId: 'ins_109508',
        institutionName: 'First Platypus Bank',
        accounts: bank.accounts,
        transactions: bank.transactions,
        holdings: bank.holdings,
        securities: bank.securities,
      },
    ],
    brokerages: [],
    wallets: [],
  } satisfies RawData;
  const year = { start: '2026-01-01', end: today };
  const november = { start: '2026-11-01', end: '2026-11-30' };

  it('splits spending into purchases before refunds and the refunds', () => {
    expect(grossPurchases(raw, year) - refunds(raw, year)).toBe(spending(raw, year));
    expect(refunds(raw, year)).toBeGreaterThan(0);
  });

  it('counts the days without a purchase and finds the day with the most spending', () => {
    const bought = new Set(purchasesOf(raw, november).map((flow) => flow.date));
    expect(daysWithoutPurchases(raw, november) + bought.size).toBe(30);
    const busiest = busiestDay(raw, november);
    expect(busiest.cents).toBe(spending(raw, { start: busiest.date, end: busiest.date }));
    for (const date of daysOf(november))
      expect(spending(raw, { start: date, end: date })).toBeLessThanOrEqual(busiest.cents);
  });

  it('finds two paychecks a month, the latest, and the one a year before it (before the raise)', () => {
    expect(paychecks(raw, november)).toHaveLength(2);
    const latest = latestPaycheck(raw);
    expect(latest.date <= today).toBe(true);
    expect(paycheckYearBefore(raw)).toBeLessThan(latest.cents);
  });
});
