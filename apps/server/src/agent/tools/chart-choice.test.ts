// @vitest-environment node
import type { DslBarBlock, DslLineBlock, DslPieBlock } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { chooseChart, partsChart, rankingChart, seriesChart } from './chart-choice.ts';

const usd = { currency_symbol: 'USD' } as const;

describe('the chart chosen from the data’s shape', () => {
  it('parts of a whole: a pie of up to six parts, bars past six', () => {
    expect(chooseChart({ kind: 'parts', values: [1450, 612.4, 220] })).toBe('pie');
    expect(chooseChart({ kind: 'parts', values: [6, 5, 4, 3, 2, 1] })).toBe('pie');
    expect(chooseChart({ kind: 'parts', values: [7, 6, 5, 4, 3, 2, 1] })).toBe('bar');
    expect(chooseChart({ kind: 'parts', values: [9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1] })).toBe('bar');
  });

  it('parts with a negative value are not a whole: bars', () => {
    expect(chooseChart({ kind: 'parts', values: [300, -40] })).toBe('bar');
  });

  it('a ranking: bars; equal payments: no chart', () => {
    expect(chooseChart({ kind: 'ranking', values: [2400, 1450, 980] })).toBe('bar');
    expect(chooseChart({ kind: 'ranking', values: [1450, 1450, 1450, 1450, 1450] })).toBeNull();
  });

  it('a series over time: a line of many points; one point is no line', () => {
    expect(chooseChart({ kind: 'series', values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] })).toBe('line');
    expect(chooseChart({ kind: 'series', values: [128_450.75] })).toBeNull();
    expect(chooseChart({ kind: 'series', values: [null, null, 128_450.75] })).toBeNull();
  });

  it('fewer than two values make no chart of any kind', () => {
    for (const kind of ['parts', 'ranking', 'series'] as const) {
      expect(chooseChart({ kind, values: [] })).toBeNull();
      expect(chooseChart({ kind, values: [42] })).toBeNull();
    }
  });
});

describe('the blocks built from it', () => {
  const categories = [
    { label: 'Rent and utilities', value: 1450, color: 'category-1' as const },
    { label: 'Food and drink', value: 612.4, color: 'category-2' as const },
    { label: 'Shopping', value: 220, color: 'category-3' as const },
  ];

  it('a few parts: a pie in the categories’ colours', () => {
    const chart = partsChart('Spending by category', categories, usd)?.block as DslPieBlock;
    expect(chart).toMatchObject({
      type: 'pie',
      labels: ['Rent and utilities', 'Food and drink', 'Shopping'],
      values: [1450, 612.4, 220],
      colors: ['category-1', 'category-2', 'category-3'],
      currency_symbol: 'USD',
    });
  });

  it('many parts: horizontal bars, each in its category’s colour', () => {
    const many = Array.from({ length: 9 }, (_, index) => ({
      label: `Part ${index + 1}`,
      value: 100 - index,
      color: `category-${index + 1}` as const,
    }));
    const chart = partsChart('Spending by category', many, usd)?.block as DslBarBlock;
    expect(chart.type).toBe('bar');
    expect(chart.orientation).toBe('horizontal');
    expect(chart.labels).toHaveLength(9);
    expect(chart.colors).toEqual(many.map((part) => part.color));
  });

  it('parts without colours leave the palette to the renderer', () => {
    const chart = partsChart(
      'Allocation',
      [
        { label: 'VTI', value: 10 },
        { label: 'BND', value: 5 },
      ],
      usd,
    )?.block as DslPieBlock;
    expect(chart.colors).toBeUndefined();
  });

  it('a ranking in one colour, and none for equal payments', () => {
    const chart = rankingChart(
      'Largest payments',
      'Amount',
      [
        { label: 'Rent', value: 1450 },
        { label: 'Delta', value: 612 },
      ],
      usd,
      'blue',
    )?.block as DslBarBlock;
    expect(chart.datasets?.[0]).toMatchObject({ label: 'Amount', data: [1450, 612], color: 'blue' });
    const rent = Array.from({ length: 5 }, () => ({ label: 'Rent', value: 1450 }));
    expect(rankingChart('Rent payments', 'Amount', rent, usd)).toBeNull();
  });

  it('a line only with two points or more', () => {
    const one = seriesChart('Net worth', ['2026-11'], [{ label: 'Net worth', data: [128_450.75] }], usd);
    expect(one).toBeNull();
    const many = seriesChart(
      'Net worth',
      ['2026-09', '2026-10', '2026-11'],
      [{ label: 'Net worth', data: [120_000, 124_000, 128_450.75] }],
      usd,
    )?.block as DslLineBlock;
    expect(many).toMatchObject({ type: 'line', labels: ['2026-09', '2026-10', '2026-11'] });
  });

  it('leaves out a series of one point beside one of many (no lone dot)', () => {
    const chart = seriesChart(
      'Net worth',
      ['2026-09', '2026-10', '2026-11'],
      [
        { label: 'Net worth', data: [null, null, 128_450.75] },
        { label: 'Bank and card accounts', data: [13_615.74, 9_000, 6_797.76] },
      ],
      usd,
    )?.block as DslLineBlock;
    expect(chart.datasets?.map((dataset) => dataset.label)).toEqual(['Bank and card accounts']);
  });
});
