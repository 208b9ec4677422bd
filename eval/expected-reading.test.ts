import { describe, expect, it } from 'vitest';
import {
  daySpan,
  daysIn,
  divideRounded,
  firstHalf,
  lastQuarter,
  lastWeekend,
  latestDay,
  latestQuarter,
  monthSpan,
  monthsTouched,
  perMonth,
  perWeek,
  quarterOf,
  sevenDayWindows,
  wholeWeeks,
  yearEarlier,
} from './expected-reading.ts';

// The reading questions' periods and averages, checked on dates worked out by hand (2026-11-26 is a
// Thursday; 2026-11-29 a Sunday).

describe('periods as people name them', () => {
  it('reads quarters: the latest that has started, cut at today; the previous whole one', () => {
    expect(latestQuarter('2026-11-26', 3)).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(latestQuarter('2026-11-26', 4)).toEqual({ start: '2026-10-01', end: '2026-11-26' });
    expect(latestQuarter('2026-02-10', 3)).toEqual({ start: '2025-07-01', end: '2025-09-30' });
    expect(quarterOf('2026-11-26', 2026, 2)).toEqual({ start: '2026-04-01', end: '2026-06-30' });
    expect(lastQuarter('2026-11-26')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(lastQuarter('2026-02-10')).toEqual({ start: '2025-10-01', end: '2025-12-31' });
  });

  it('reads month spans, halves, dates and day spans as the latest that has started', () => {
    expect(monthSpan('2026-11-26', 6, 8)).toEqual({ start: '2026-06-01', end: '2026-08-31' });
    expect(monthSpan('2026-03-05', 6, 8)).toEqual({ start: '2025-06-01', end: '2025-08-31' });
    expect(monthSpan('2026-07-10', 6, 8)).toEqual({ start: '2026-06-01', end: '2026-07-10' });
    expect(monthSpan('2026-01-10', 11, 1)).toEqual({ start: '2025-11-01', end: '2026-01-10' });
    expect(monthSpan('2026-11-26', 2)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(firstHalf('2026-11-26')).toEqual({ start: '2026-01-01', end: '2026-06-30' });
    expect(firstHalf('2026-03-02')).toEqual({ start: '2026-01-01', end: '2026-03-02' });
    expect(latestDay('2026-11-26', 3, 15)).toBe('2026-03-15');
    expect(latestDay('2026-03-14', 3, 15)).toBe('2025-03-15');
    expect(daySpan('2026-11-26', 3, 3, 20)).toEqual({ start: '2026-03-03', end: '2026-03-20' });
    expect(daySpan('2026-03-10', 3, 3, 20)).toEqual({ start: '2026-03-03', end: '2026-03-10' });
  });

  it('reads weekends and weeks', () => {
    expect(lastWeekend('2026-11-26')).toEqual({ start: '2026-11-21', end: '2026-11-22' });
    // On a Sunday the weekend under way has not ended: the one before.
    expect(lastWeekend('2026-11-29')).toEqual({ start: '2026-11-21', end: '2026-11-22' });
    expect(lastWeekend('2026-11-30')).toEqual({ start: '2026-11-28', end: '2026-11-29' });
    expect(wholeWeeks('2026-11-26', 2)).toEqual([
      { start: '2026-11-09', end: '2026-11-15' },
      { start: '2026-11-16', end: '2026-11-22' },
    ]);
    expect(sevenDayWindows('2026-11-26', 2)).toEqual([
      { start: '2026-11-13', end: '2026-11-19' },
      { start: '2026-11-20', end: '2026-11-26' },
    ]);
    expect(yearEarlier({ start: '2026-01-01', end: '2026-11-26' })).toEqual({
      start: '2025-01-01',
      end: '2025-11-26',
    });
  });
});

describe('averages', () => {
  it('counts days and the calendar months a period touches', () => {
    expect(daysIn({ start: '2026-10-01', end: '2026-10-31' })).toBe(31);
    expect(daysIn({ start: '2026-11-26', end: '2026-11-26' })).toBe(1);
    expect(monthsTouched({ start: '2026-01-01', end: '2026-11-26' })).toBe(11);
    expect(monthsTouched({ start: '2025-12-30', end: '2026-01-02' })).toBe(2);
  });

  it('divides to the cent, half away from zero', () => {
    expect(divideRounded(10, 4)).toBe(3);
    expect(divideRounded(-10, 4)).toBe(-3);
    expect(divideRounded(9, 4)).toBe(2);
    expect(divideRounded(100, 3)).toBe(33);
    expect(() => divideRounded(5, 0)).toThrow();
    expect(perMonth(1_000_00, { start: '2026-06-01', end: '2026-08-31' })).toBe(33_333);
    // 31 days: $310.00 × 7 / 31 = $70.00.
    expect(perWeek(310_00, { start: '2026-10-01', end: '2026-10-31' })).toBe(70_00);
  });
});
