import { describe, expect, it } from 'vitest';
import type { Flow } from './expected.ts';
import {
  grossPurchases,
  latestBlackFriday,
  latestMemorialDay,
  meanWithoutLargest,
  memorialDayOf,
  monthsToPayOff,
  onDayOfWeek,
  refundsWhere,
  topDays,
  yearsToDouble,
} from './expected-typed-13.ts';
import type { RawData } from './raw-data.ts';

// The thirteenth batch's arithmetic, on dates and sums worked out by hand: 2026-05-31 is a Sunday and
// 2025-05-31 a Saturday; Thanksgiving was 2025-11-27 and is 2026-11-26; 2026-12-07 is a Monday.

describe('holidays', () => {
  it('finds Memorial Day, the last Monday of May, the latest not after today', () => {
    expect(memorialDayOf(2026)).toBe('2026-05-25');
    expect(memorialDayOf(2025)).toBe('2025-05-26');
    expect(latestMemorialDay('2026-12-07')).toBe('2026-05-25');
    expect(latestMemorialDay('2026-05-25')).toBe('2026-05-25');
    expect(latestMemorialDay('2026-05-24')).toBe('2025-05-26');
  });

  it('finds Black Friday, the day after Thanksgiving, the latest not after today', () => {
    expect(latestBlackFriday('2026-12-07')).toBe('2026-11-27');
    expect(latestBlackFriday('2026-11-27')).toBe('2026-11-27');
    // On Thanksgiving itself this year's Black Friday is still ahead.
    expect(latestBlackFriday('2026-11-26')).toBe('2025-11-28');
  });
});

/** A raw record set of one checking account with these (Plaid-signed: + = money out) transactions. */
function rawWith(list: { date: string; amount: number; merchant: string }[]): RawData {
  return {
    today: '2026-12-07',
    brokerages: [],
    wallets: [],
    plaid: [
      {
        institutionId: 'ins_1',
        institutionName: 'Bank',
        accounts: [
          {
            account_id: 'a1',
            name: 'Checking',
            type: 'depository',
            subtype: 'checking',
            balances: { current: 0, available: 0, limit: null, iso_currency_code: 'USD' },
            mask: '0000',
            official_name: null,
          },
        ] as unknown as RawData['plaid'][number]['accounts'],
        transactions: list.map((entry, index) => ({
          transaction_id: `t${index}`,
          account_id: 'a1',
          date: entry.date,
          amount: entry.amount,
          name: entry.merchant.toUpperCase(),
          merchant_name: entry.merchant,
          pending: false,
          personal_finance_category: {
            primary: 'GENERAL_MERCHANDISE',
            detailed: 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
          },
        })) as unknown as RawData['plaid'][number]['transactions'],
        holdings: [],
        securities: [],
      },
    ],
  };
}

describe('spending shapes', () => {
  const raw = rawWith([
    { date: '2026-11-02', amount: 10, merchant: 'Amazon' }, // a Monday
    { date: '2026-11-02', amount: 5.5, merchant: 'Target' },
    { date: '2026-11-03', amount: 40, merchant: 'Amazon' },
    { date: '2026-11-05', amount: 100, merchant: 'Amazon' },
    { date: '2026-11-09', amount: -25, merchant: 'Amazon' }, // a refund
  ]);
  const november = { start: '2026-11-01', end: '2026-11-30' };
  const amazon = (flow: Flow) => flow.merchant === 'Amazon';

  it('totals purchases before refunds, and refunds apart', () => {
    expect(grossPurchases(raw, november, amazon)).toBe(150_00);
    expect(refundsWhere(raw, november, amazon)).toEqual({ count: 1, cents: 25_00 });
  });

  it('averages without the largest purchase', () => {
    // (10 + 40) / 2 = 25.
    expect(meanWithoutLargest(raw, november, amazon)).toBe(25_00);
    expect(meanWithoutLargest(raw, { start: '2026-11-05', end: '2026-11-05' }, amazon)).toBe(0);
  });

  it('ranks days by their spending, refunds netted on their day', () => {
    expect(topDays(raw, november, 2)).toEqual([100_00, 40_00]);
    expect(topDays(raw, november, 5)).toEqual([100_00, 40_00, 15_50, -25_00]);
    expect(onDayOfWeek(1)({ date: '2026-11-02' } as Flow)).toBe(true);
    expect(onDayOfWeek(1)({ date: '2026-11-03' } as Flow)).toBe(false);
  });
});

describe('calculators', () => {
  it('counts the months to pay off a card, the last smaller payment included', () => {
    // $5,000 at 22% paying $200: n = −ln(1 − 0.018333 × 5000 / 200) / ln(1.018333) ≈ 33.75.
    expect(monthsToPayOff({ balance: 5_000, aprPercent: 22, monthly: 200 })).toBe(34);
    expect(monthsToPayOff({ balance: 1_000, aprPercent: 0, monthly: 300 })).toBe(4);
    expect(monthsToPayOff({ balance: 10_000, aprPercent: 24, monthly: 100 })).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts the whole years for money to double', () => {
    // ln 2 / ln 1.06 ≈ 11.9; ln 2 / ln 1.10 ≈ 7.27.
    expect(yearsToDouble(6)).toBe(12);
    expect(yearsToDouble(10)).toBe(8);
  });
});
