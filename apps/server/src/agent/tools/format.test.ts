import { describe, expect, it } from 'vitest';
import { dayText, periodText } from './format.ts';

describe('periods and days as people say them', () => {
  it('names whole months and years, single days, and ranges within or across years', () => {
    expect(periodText({ start: '2026-10-01', end: '2026-10-31' })).toBe('in October 2026');
    expect(periodText({ start: '2024-02-01', end: '2024-02-29' })).toBe('in February 2024');
    expect(periodText({ start: '2025-01-01', end: '2025-12-31' })).toBe('in 2025');
    expect(periodText({ start: '2026-03-03', end: '2026-03-03' })).toBe('on March 3, 2026');
    expect(periodText({ start: '2026-11-01', end: '2026-11-23' })).toBe(
      'from November 1 to November 23, 2026',
    );
    expect(periodText({ start: '2025-12-01', end: '2026-01-31' })).toBe(
      'from December 1, 2025 to January 31, 2026',
    );
    expect(dayText('2026-12-05')).toBe('December 5, 2026');
    // Given today, the year only when it is not this one.
    expect(dayText('2026-12-05', '2026-11-27')).toBe('December 5');
    expect(dayText('2027-01-06', '2026-12-07')).toBe('January 6, 2027');
  });
});
