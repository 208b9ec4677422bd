import { describe, expect, it } from 'vitest';
import { trendSeries } from './net-worth-trend.tsx';

const point = (date: string, net: string | null, cash: string, complete: boolean) => ({
  date,
  net,
  cash,
  complete,
});

describe('the start screen trend', () => {
  it('plots net worth over the month ends that valued every account', () => {
    const series = trendSeries([
      point('2026-09-30', '900.00', '100.00', false),
      point('2026-10-31', '1000.00', '120.00', true),
      point('2026-11-27', '1100.00', '130.00', true),
    ]);
    expect(series).toEqual({
      kind: 'net-worth',
      points: [
        { date: '2026-10-31', value: '1000.00' },
        { date: '2026-11-27', value: '1100.00' },
      ],
    });
  });

  it('plots the bank and card balances while investments have no history, never a jump on the day they were first recorded', () => {
    const series = trendSeries([
      point('2026-09-30', '100.00', '100.00', false),
      point('2026-10-31', '120.00', '120.00', false),
      point('2026-11-27', '50130.00', '130.00', true),
    ]);
    expect(series.kind).toBe('cash');
    expect(series.points.map((entry) => entry.value)).toEqual(['100.00', '120.00', '130.00']);
  });
});
