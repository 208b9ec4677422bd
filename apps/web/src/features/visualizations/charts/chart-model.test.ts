// @vitest-environment node
import { readFileSync } from 'node:fs';
import { VISUALIZATION_RENDERING } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import {
  axisUnit,
  buildCartesianModel,
  buildPieModel,
  chartColor,
  chartSummary,
  chartTable,
  isEmptyChart,
  PIE_PALETTE,
  pieLegendLabel,
  SERIES_PALETTE,
} from './chart-model.ts';

const css = readFileSync(new URL('../../../styles.css', import.meta.url), 'utf8');

function token(selector: string, name: string): string {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  const match = new RegExp(`--penny-${name}:\\s*(#[0-9a-f]{6});`).exec(block);
  if (!match?.[1]) throw new Error(`no ${name} in ${selector}`);
  return match[1];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('palettes', () => {
  const surfaces = ['surface', 'surface-raised'].flatMap((name) => [
    token(':root', name),
    token('.dark', name),
  ]);

  it.each([['bar and line', SERIES_PALETTE]])(
    '%s: 8 colours, each readable (3:1) on the card surfaces of both themes',
    (_name, palette) => {
      expect(palette).toHaveLength(VISUALIZATION_RENDERING.paletteSize);
      expect(new Set(palette).size).toBe(8);
      for (const colour of palette) {
        for (const surface of surfaces) expect(contrast(colour, surface)).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it('pie colours are warm (red to yellow hues, or magenta), bar/line colours avoid money green', () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
        number,
        number,
        number,
      ];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (max === min) return 0;
      const h =
        max === r ? (g - b) / (max - min) : max === g ? 2 + (b - r) / (max - min) : 4 + (r - g) / (max - min);
      return (h * 60 + 360) % 360;
    };
    for (const theme of [':root', '.dark']) {
      for (const colour of pieColours(theme)) expect(hue(colour) < 60 || hue(colour) > 290).toBe(true);
    }
    for (const colour of SERIES_PALETTE) expect(hue(colour) > 80 && hue(colour) < 160).toBe(false);
  });

  it.each([
    [':root', 'light'],
    ['.dark', 'dark'],
  ])('pie (%s, %s theme): 8 theme colours, each readable (3:1) on that theme’s card surfaces', (theme) => {
    expect(PIE_PALETTE).toHaveLength(VISUALIZATION_RENDERING.paletteSize);
    expect(PIE_PALETTE.map((colour) => colour.replace(/var\(--penny-(.+)\)/, '$1'))).toEqual(
      Array.from({ length: 8 }, (_, i) => `pie-${i + 1}`),
    );
    const colours = pieColours(theme);
    expect(new Set(colours).size).toBe(8);
    for (const colour of colours) {
      for (const surface of ['surface', 'surface-raised'])
        expect(contrast(colour, token(theme, surface))).toBeGreaterThanOrEqual(3);
    }
  });

  it.each([
    [':root', 'light'],
    ['.dark', 'dark'],
  ])('pie (%s, %s theme): every two slices stay apart under common colour-vision deficiencies', (theme) => {
    const colours = pieColours(theme);
    for (const vision of Object.keys(CVD) as Vision[]) {
      let closest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < colours.length; i++) {
        for (let j = i + 1; j < colours.length; j++) {
          closest = Math.min(closest, deltaE(lab(colours[i] ?? '', vision), lab(colours[j] ?? '', vision)));
        }
      }
      // CIE76 ΔE of 15: clearly different swatches side by side, not merely just-noticeable (2.3).
      expect(closest, `${vision} vision`).toBeGreaterThanOrEqual(15);
    }
  });
});

function pieColours(theme: string): string[] {
  return Array.from({ length: 8 }, (_, i) => token(theme, `pie-${i + 1}`));
}

/**
 * Colour-vision deficiency simulation (Machado, Oliveira and Fernandes 2009, severity 1), applied to
 * linear RGB; 'normal' is no simulation.
 */
const CVD = {
  normal: null,
  protan: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deutan: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritan: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
} as const;
type Vision = keyof typeof CVD;

/** CIELAB (D65) of a hex colour as seen with `vision`. */
function lab(hex: string, vision: Vision): [number, number, number] {
  const linear = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const matrix = CVD[vision];
  const [r, g, b] = (
    matrix
      ? matrix.map((row) =>
          Math.min(
            1,
            Math.max(
              0,
              row.reduce((sum, m, k) => sum + m * (linear[k] ?? 0), 0),
            ),
          ),
        )
      : linear
  ) as [number, number, number];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function deltaE(a: [number, number, number], b: [number, number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

describe('chart colours from the DSL', () => {
  it('green, red and blue follow the theme tokens (money in, out, neutral)', () => {
    expect(chartColor('green', '#000')).toBe('var(--penny-positive)');
    expect(chartColor('Red', '#000')).toBe('var(--penny-negative)');
    expect(chartColor('blue', '#000')).toBe('var(--penny-accent)');
  });

  it('keep valid CSS colours and replace anything else with the palette colour', () => {
    expect(chartColor('#ff8800', '#000')).toBe('#ff8800');
    expect(chartColor('rgba(1, 2, 3, 0.5)', '#000')).toBe('rgba(1, 2, 3, 0.5)');
    expect(chartColor('rebeccapurple', '#000')).toBe('rebeccapurple');
    expect(chartColor('red;background:url(x)', '#000')).toBe('#000');
    expect(chartColor('url(javascript:alert(1))', '#000')).toBe('#000');
    expect(chartColor(42, '#000')).toBe('#000');
  });
});

describe('pie', () => {
  const model = buildPieModel({
    type: 'pie',
    title: 'Split',
    labels: ['Rent', 'Food', 'Fun', 'Gap', 'Refund'],
    values: [1000, 333, 167, null, -20],
    currency_symbol: 'USD',
  });

  it('shows positive parts with whole-number percentages in the legend', () => {
    expect(model.labels).toEqual(['Rent', 'Food', 'Fun']);
    expect(model.percentages).toEqual([67, 22, 11]);
    expect(model.total).toBe(1500);
    expect(pieLegendLabel(model, 1)).toBe('Food 22%');
    expect(model.colors).toEqual(PIE_PALETTE.slice(0, 3));
  });

  it('reads data.datasets and data.labels too, and its own colours', () => {
    const fromData = buildPieModel({
      type: 'pie',
      colors: ['green', 'bogus'],
      data: { labels: ['A', 'B'], datasets: [{ data: [1, 3] }] },
    });
    expect(fromData.labels).toEqual(['A', 'B']);
    expect(fromData.percentages).toEqual([25, 75]);
    expect(fromData.colors).toEqual(['var(--penny-positive)', PIE_PALETTE[1]]);
  });

  it('has a caption with the key numbers and a table of the same data', () => {
    expect(chartSummary(model)).toBe(
      'Pie chart of 3 parts, total $1,500.00. Largest: Rent, $1,000.00 (67%).',
    );
    expect(chartTable(model)).toEqual({
      headers: ['Category', 'Value', 'Share'],
      rows: [
        ['Rent', '$1,000.00', '67%'],
        ['Food', '$333.00', '22%'],
        ['Fun', '$167.00', '11%'],
      ],
    });
  });

  it('formats percent units as percentages, not money', () => {
    const split = buildPieModel({ type: 'pie', labels: ['Needs', 'Wants'], values: [50, 50], unit: '%' });
    expect(chartSummary(split)).toBe('Pie chart of 2 parts. Largest: Needs, 50%.');
  });

  it('states the currency when the title names money but the block gives no unit', () => {
    const spending = buildPieModel({
      type: 'pie',
      title: 'Monthly spending',
      labels: ['Housing', 'Food', 'Transport'],
      values: [1450, 1000, 650],
    });
    expect(chartSummary(spending)).toBe(
      'Pie chart of 3 parts, total $3,100.00. Largest: Housing, $1,450.00 (47%).',
    );
  });

  it('is empty without positive values', () => {
    const empty = buildPieModel({ type: 'pie', labels: ['a'], values: [0] });
    expect(isEmptyChart(empty)).toBe(true);
    expect(chartSummary(empty)).toBe('No data available');
  });
});

describe('bar and line', () => {
  it('reads datasets with labels, colours and axes; a right axis only when both sides are used', () => {
    const model = buildCartesianModel({
      type: 'line',
      labels: ['Jan', 'Feb'],
      datasets: [
        { label: 'Value', data: [100, 200] },
        { label: 'Return (%)', data: [1.5, null], y_axis: 'right', color: '#123456' },
      ],
      currency_symbol: 'EUR',
    });
    expect(model.hasRightAxis).toBe(true);
    expect(model.series.map((s) => [s.label, s.axis, s.color])).toEqual([
      ['Value', 'left', SERIES_PALETTE[0]],
      ['Return (%)', 'right', '#123456'],
    ]);
    expect(axisUnit(model, 'left')).toEqual({ currency: { kind: 'code', code: 'EUR' }, unit: null });
    expect(axisUnit(model, 'right')).toEqual({ currency: null, unit: '%' });
    expect(chartTable(model).rows).toEqual([
      ['Jan', '€100.00', '1.5%'],
      ['Feb', '€200.00', '—'],
    ]);

    const onlyRight = buildCartesianModel({
      type: 'bar',
      labels: ['a'],
      datasets: [{ data: [1], y_axis: 'right' }],
    });
    expect(onlyRight.hasRightAxis).toBe(false);
    expect(onlyRight.series[0]?.axis).toBe('left');
  });

  it('keeps orientation and stacking; reads data.datasets and single-series values', () => {
    const bar = buildCartesianModel({
      type: 'bar',
      title: 'Top',
      orientation: 'horizontal',
      stacked: true,
      labels: ['a', 'b'],
      values: [3, 4],
    });
    expect(bar).toMatchObject({ kind: 'bar', horizontal: true, stacked: true });
    expect(bar.series).toHaveLength(1);
    expect(bar.series[0]?.label).toBe('Top');

    const line = buildCartesianModel({
      type: 'line',
      data: { labels: ['x'], datasets: [{ data: [1, 2, 3] }] },
    });
    expect(line.labels).toEqual(['x', 'Item 2', 'Item 3']);
    expect(line.series[0]?.label).toBe('Series 1');
  });

  it('cycles the 8-colour palette over many series and summarises the first three', () => {
    const model = buildCartesianModel({
      type: 'line',
      labels: ['a', 'b'],
      datasets: Array.from({ length: 50 }, (_, i) => ({ label: `S${i}`, data: [i, i + 1] })),
    });
    expect(model.series[8]?.color).toBe(SERIES_PALETTE[0]);
    expect(chartSummary(model)).toBe(
      'Line chart of 50 series over 2 points (a to b). S0: from 0 to 1, last 1; S1: from 1 to 2, last 2; ' +
        'S2: from 2 to 3, last 3; and 47 more series.',
    );
  });

  it('is empty with no labels or only gaps', () => {
    expect(isEmptyChart(buildCartesianModel({ type: 'bar', datasets: [] }))).toBe(true);
    expect(
      isEmptyChart(buildCartesianModel({ type: 'line', labels: ['a'], datasets: [{ data: [null] }] })),
    ).toBe(true);
  });
});

describe('charts that fit their data', () => {
  it('draws a category in its theme colour wherever it appears', () => {
    expect(chartColor('category-2', '#000')).toBe('var(--penny-category-2)');
    expect(chartColor('category-17', '#000')).toBe('var(--penny-category-17)');
    // Only the slots the theme defines.
    expect(chartColor('category-18', '#000')).toBe('#000');
    expect(chartColor('category-0', '#000')).toBe('#000');
    const pie = buildPieModel({
      type: 'pie',
      labels: ['Rent and utilities', 'Food and drink'],
      values: [1450, 612],
      colors: ['category-1', 'category-2'],
    });
    const bar = buildCartesianModel({
      type: 'bar',
      labels: ['Shopping', 'Food and drink', 'Travel'],
      datasets: [{ label: 'Spending', data: [300, 612, 90] }],
      colors: ['category-3', 'category-2', 'category-6'],
    });
    expect(pie.colors[1]).toBe('var(--penny-category-2)');
    expect(bar.series[0]?.pointColors?.[1]).toBe(pie.colors[1]);
  });

  it('colours each series, not each bar, when the colours are one per series', () => {
    const model = buildCartesianModel({
      type: 'bar',
      labels: ['Oct', 'Nov'],
      datasets: [
        { label: 'Income', data: [5200, 5200] },
        { label: 'Spending', data: [3100, 2900] },
      ],
      colors: ['green', 'blue'],
    });
    expect(model.series.map((series) => series.pointColors)).toEqual([null, null]);
    expect(model.series.map((series) => series.color)).toEqual([
      'var(--penny-positive)',
      'var(--penny-accent)',
    ]);
  });

  it('never draws a pie of more than six slices: the smallest parts fold into "Other"', () => {
    const labels = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
    const model = buildPieModel({
      type: 'pie',
      labels,
      values: [5, 90, 80, 3, 70, 60, 2, 50, 1],
      currency_symbol: 'USD',
    });
    expect(model.labels).toEqual(['B', 'C', 'E', 'F', 'H', 'Other (4)']);
    expect(model.values).toEqual([90, 80, 70, 60, 50, 11]);
    expect(model.total).toBe(361);
    expect(model.colors[5]).toBe('var(--penny-border-strong)');
    expect(new Set(model.colors).size).toBe(6);
    expect(chartSummary(model)).toMatch(/^Pie chart of 6 parts, total \$361\.00\./);
  });

  it('keeps a pie of six parts whole', () => {
    const model = buildPieModel({ type: 'pie', labels: [1, 2, 3, 4, 5, 6], values: [6, 5, 4, 3, 2, 1] });
    expect(model.labels).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('labels months and days as people read them', () => {
    const today = new Date(2026, 10, 27);
    const months = buildCartesianModel(
      {
        type: 'line',
        labels: ['2025-12', '2026-01', '2026-02'],
        datasets: [{ label: 'Net worth', data: [1, 2, 3] }],
      },
      today,
    );
    expect(months.labels).toEqual(['Dec 2025', 'Jan 2026', 'Feb 2026']);
    expect(chartSummary(months)).toContain('(Dec 2025 to Feb 2026)');
    const payments = buildCartesianModel(
      {
        type: 'bar',
        labels: ['Delta Air Lines (2026-11-20)', 'Apple Store (2025-12-24)', '2026-11-26'],
        datasets: [{ label: 'Amount', data: [612, 1299, 40] }],
      },
      today,
    );
    expect(payments.labels).toEqual(['Delta Air Lines (Nov 20)', 'Apple Store (Dec 24, 2025)', 'Nov 26']);
    const pie = buildPieModel({ type: 'pie', labels: ['2026-10', 'Q3 2026'], values: [1, 2] }, today);
    expect(pie.labels).toEqual(['Oct 2026', 'Q3 2026']);
  });
});
