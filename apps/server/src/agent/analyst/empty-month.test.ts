import { describe, expect, it } from 'vitest';
import { emptyMonthNote, retryOverLastMonth } from './empty-month.ts';
import { thisMonth } from './periods.ts';
import type { Reading, ToolCall } from './reading.ts';
import type { SeenToolResult } from './write.ts';

const today = '2026-12-07';
const monthSoFar = thisMonth(today);
const defaulted: Reading = { intent: 'spending', period: monthSoFar, periodDefaulted: true } as Reading;
const calls: ToolCall[] = [
  {
    tool: 'spending_by_category',
    input: {
      start: monthSoFar.start,
      end: monthSoFar.end,
      category: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
    },
  },
  {
    tool: 'ledger_query',
    input: { periods: [{ start: monthSoFar.start, end: monthSoFar.end, label: monthSoFar.label }] },
  },
];
const read = (transactionCount: number): SeenToolResult => ({
  tool: 'spending_by_category',
  facts: [],
  provenance: { transactionCount },
});

describe('a month so far that holds nothing of what was asked', () => {
  it('asks the same over the last whole month, and says so first', () => {
    const retry = retryOverLastMonth(defaulted, calls, [read(0), read(0)], today);
    expect(retry?.calls).toEqual([
      {
        tool: 'spending_by_category',
        input: { start: '2026-11-01', end: '2026-11-30', category: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE' },
      },
      {
        tool: 'ledger_query',
        input: { periods: [{ start: '2026-11-01', end: '2026-11-30', label: 'November 2026' }] },
      },
    ]);
    expect(retry && emptyMonthNote(retry)).toBe(
      'Nothing of that yet in December 2026 (through the 7th), so this is November 2026, the last whole month.',
    );
  });
  it('keeps the month when anything was read, when the month was named, or when a step failed', () => {
    expect(retryOverLastMonth(defaulted, calls, [read(0), read(1)], today)).toBeUndefined();
    const named = { ...defaulted, periodDefaulted: undefined } as Reading;
    expect(retryOverLastMonth(named, calls, [read(0)], today)).toBeUndefined();
    const failed = { ...read(0), error: 'the tool failed' };
    expect(retryOverLastMonth(defaulted, calls, [failed], today)).toBeUndefined();
  });
});
