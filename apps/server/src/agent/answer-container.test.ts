import { describe, expect, it } from 'vitest';
import { whenOfResults } from './answer-container.ts';
import type { ToolResult } from './tools/types.ts';

const result = (period?: { start: string; end: string }): ToolResult => ({
  data: {},
  facts: [],
  blocks: [],
  provenance: { accounts: [], transactionCount: 0, ...(period ? { period } : {}) },
});

describe('when a result is from (its card subtitle and saved title)', () => {
  const today = '2026-11-26';

  it('names a calendar month, a year, a day, or the range', () => {
    expect(whenOfResults([result({ start: '2026-10-01', end: '2026-10-31' })], today)).toBe('October 2026');
    expect(whenOfResults([result({ start: '2025-01-01', end: '2025-12-31' })], today)).toBe('2025');
    expect(whenOfResults([result({ start: '2026-03-03', end: '2026-03-03' })], today)).toBe('Mar 3, 2026');
    expect(whenOfResults([result({ start: '2026-10-01', end: '2026-11-26' })], today)).toBe(
      'Oct 1 – Nov 26, 2026',
    );
    expect(whenOfResults([result({ start: '2025-12-01', end: '2026-01-31' })], today)).toBe(
      'Dec 1, 2025 – Jan 31, 2026',
    );
  });

  it('is today for a figure as of now (holdings, net worth), and reads the first result with a period', () => {
    expect(whenOfResults([result()], today)).toBe('Nov 26, 2026');
    expect(whenOfResults([result(), result({ start: '2026-10-01', end: '2026-10-31' })], today)).toBe(
      'October 2026',
    );
  });
});
