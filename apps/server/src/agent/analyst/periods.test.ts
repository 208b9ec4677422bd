import { describe, expect, it } from 'vitest';
import { nextPeriod, parsePeriod, periodShift, previousPeriod } from './periods.ts';
import { yearBefore } from './reading-periods.ts';

const today = '2026-11-23';
const range = (q: string) => {
  const p = parsePeriod(q, today);
  return p ? [p.start, p.end] : undefined;
};

describe('the periods a question means', () => {
  it('reads last month as the whole previous calendar month, this month and this year to date', () => {
    expect(range('How much did I spend on groceries last month?')).toEqual(['2026-10-01', '2026-10-31']);
    expect(range('spending this month')).toEqual(['2026-11-01', '2026-11-23']);
    expect(range('income this year')).toEqual(['2026-01-01', '2026-11-23']);
    expect(range('year to date')).toEqual(['2026-01-01', '2026-11-23']);
    expect(range('last year')).toEqual(['2025-01-01', '2025-12-31']);
  });

  it('crosses year boundaries', () => {
    expect(parsePeriod('last month', '2026-01-15')).toMatchObject({ start: '2025-12-01', end: '2025-12-31' });
    expect(parsePeriod('in December', '2026-01-15')).toMatchObject({
      start: '2025-12-01',
      end: '2025-12-31',
    });
  });

  it('reads named months as the latest one that has started, or the year given', () => {
    expect(range('in September')).toEqual(['2026-09-01', '2026-09-30']);
    expect(range('in December')).toEqual(['2025-12-01', '2025-12-31']);
    expect(range('for February 2025')).toEqual(['2025-02-01', '2025-02-28']);
    expect(range('in sept')).toEqual(['2026-09-01', '2026-09-30']);
  });

  it('reads since, the last N days and the last N months', () => {
    expect(range('since March')).toEqual(['2026-03-01', '2026-11-23']);
    expect(range('last 30 days')).toEqual(['2026-10-25', '2026-11-23']);
    expect(range('past 3 months')).toEqual(['2026-08-01', '2026-10-31']);
    expect(range('last week')).toEqual(['2026-11-16', '2026-11-22']);
  });

  it('reads no period where none is named', () => {
    expect(parsePeriod('How much do I spend on coffee?', today)).toBeUndefined();
    expect(parsePeriod('What may I afford?', today)).toBeUndefined();
  });

  it('names no period for dates the ledger cannot hold, and never throws', () => {
    for (const q of [
      'last 99999999 months',
      'since March 99999',
      'spent since 1066-10-14',
      'in the last 9999999999 days',
    ]) {
      expect(parsePeriod(q, today), q).toBeUndefined();
    }
  });

  it('steps a period back by its own shape for follow-ups', () => {
    const october = parsePeriod('last month', today);
    expect(october && previousPeriod(october, today)).toMatchObject({
      start: '2026-09-01',
      end: '2026-09-30',
    });
    const thirty = parsePeriod('last 30 days', today);
    expect(thirty && previousPeriod(thirty, today)).toMatchObject({ start: '2026-09-25', end: '2026-10-24' });
    // Three whole months (92 days) before are the three whole months before, not 92 days.
    const three = parsePeriod('last 3 full months', today);
    expect(three).toMatchObject({ start: '2026-08-01', end: '2026-10-31' });
    expect(three && previousPeriod(three, today)).toMatchObject({ start: '2026-05-01', end: '2026-07-31' });
    expect(periodShift('and the month before?')).toBe('previous');
    expect(periodShift('what about groceries?')).toBeUndefined();
  });
});

describe('stepping periods of the shapes the grammar reads', () => {
  const q3 = { start: '2026-07-01', end: '2026-09-30', label: 'Q3 2026', unit: 'quarter' } as const;
  it('steps quarters and halves by their own length, cut at today', () => {
    expect(previousPeriod(q3, today)).toMatchObject({
      start: '2026-04-01',
      end: '2026-06-30',
      label: 'Q2 2026',
    });
    expect(nextPeriod(q3, today)).toMatchObject({ start: '2026-10-01', end: today, label: 'Q4 2026 so far' });
    const q1 = { start: '2026-01-01', end: '2026-03-31', label: 'Q1 2026', unit: 'quarter' } as const;
    expect(previousPeriod(q1, today)).toMatchObject({
      start: '2025-10-01',
      end: '2025-12-31',
      label: 'Q4 2025',
    });
    const h1 = {
      start: '2026-01-01',
      end: '2026-06-30',
      label: 'the first half of 2026',
      unit: 'half',
    } as const;
    expect(previousPeriod(h1, today)).toMatchObject({ start: '2025-07-01', end: '2025-12-31' });
  });

  it('steps a day by a day, a week by a week and a weekend to the weekend before', () => {
    const day = { start: '2026-03-01', end: '2026-03-01', label: 'Mar 1, 2026', unit: 'day' } as const;
    expect(previousPeriod(day, today)).toMatchObject({ start: '2026-02-28', end: '2026-02-28' });
    const week = {
      start: '2026-11-09',
      end: '2026-11-15',
      label: 'the week of Nov 9, 2026',
      unit: 'week',
    } as const;
    expect(previousPeriod(week, today)).toMatchObject({ start: '2026-11-02', end: '2026-11-08' });
    expect(nextPeriod(week, today)).toMatchObject({ start: '2026-11-16', end: '2026-11-22' });
    const weekend = { start: '2026-11-21', end: '2026-11-22', label: 'the weekend', unit: 'week' } as const;
    expect(previousPeriod(weekend, today)).toMatchObject({ start: '2026-11-14', end: '2026-11-15' });
  });
});

describe('the same days a year before', () => {
  it('moves each end back a year, a leap day to the last day of February', () => {
    const leap = { start: '2024-02-01', end: '2024-02-29', label: 'February 2024', unit: 'month' as const };
    expect(yearBefore(leap)).toMatchObject({
      start: '2023-02-01',
      end: '2023-02-28',
      label: 'February 2023',
    });
    const soFar = { start: '2026-01-01', end: '2026-11-23', label: '2026 so far', unit: 'days' as const };
    expect(yearBefore(soFar)).toMatchObject({
      start: '2025-01-01',
      end: '2025-11-23',
      label: 'Jan 1 – Nov 23, 2025',
    });
  });
});

describe('a week of a month', () => {
  it("'the first week of nov' is Nov 1–7 and 'the last week of october' its last seven days", () => {
    expect(parsePeriod('spending first week of nov', '2026-12-07')).toMatchObject({
      start: '2026-11-01',
      end: '2026-11-07',
    });
    expect(parsePeriod('last week of october groceries', '2026-12-07')).toMatchObject({
      start: '2026-10-25',
      end: '2026-10-31',
    });
    expect(parsePeriod('the third week of march 2026', '2026-12-07')).toMatchObject({
      start: '2026-03-15',
      end: '2026-03-21',
    });
  });
});
