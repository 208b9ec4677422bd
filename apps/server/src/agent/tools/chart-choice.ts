import {
  type DslBarBlock,
  type DslCategoryColor,
  type DslDataset,
  type DslLabel,
  VISUALIZATION_RENDERING,
} from '@penny/contracts';
import { block } from './format.ts';
import type { ToolBlock } from './types.ts';

/**
 * The chart an answer shows, chosen from the data's shape (docs/decisions/0017-charts-that-fit-their-data.md):
 * - parts of a whole: a pie of at most six parts; more parts are ranked as bars;
 * - a ranking or a comparison: bars; nothing when every value is the same (five equal rent payments
 *   say nothing as a chart: the table and the sentence do);
 * - a series over time: a line, only with at least two points (one point is a figure, not a line).
 * Fewer than two values never make a chart.
 */

export type ChartShape =
  | { kind: 'parts'; values: ReadonlyArray<number | null> }
  | { kind: 'ranking'; values: ReadonlyArray<number | null> }
  | { kind: 'series'; values: ReadonlyArray<number | null> };

export type ChartKind = 'pie' | 'bar' | 'line';

function present(values: ReadonlyArray<number | null>): number[] {
  return values.filter((value): value is number => value !== null && Number.isFinite(value));
}

const CHART_FOR: { [K in ChartShape['kind']]: (values: number[]) => ChartKind | null } = {
  parts: (values) => {
    if (values.length < 2) return null;
    const wholeOfParts = values.every((value) => value > 0);
    return wholeOfParts && values.length <= VISUALIZATION_RENDERING.maxPieSlices ? 'pie' : 'bar';
  },
  ranking: (values) => (values.length < 2 || values.every((value) => value === values[0]) ? null : 'bar'),
  series: (values) => (values.length < 2 ? null : 'line'),
};

/** The chart that fits the shape, or null when a chart would say nothing. */
export function chooseChart(shape: ChartShape): ChartKind | null {
  return CHART_FOR[shape.kind](present(shape.values));
}

/** The unit fields of a chart: money in USD, a percent, or a plain count. */
export type ChartUnit = { currency_symbol: 'USD' } | { unit: '%' } | Record<string, never>;

export type ChartPart = {
  label: string;
  value: number | null;
  /** The category's colour, when the part is a category. */
  color?: DslCategoryColor | null;
};

/** Colours for the parts, when any of them has one (a part without one takes the palette's). */
function partColors(parts: readonly ChartPart[]): { colors?: string[] } {
  return parts.some((part) => part.color) ? { colors: parts.map((part) => part.color ?? '') } : {};
}

/**
 * Parts of a whole (spending by category, a portfolio by holding): a pie of a few parts, bars ranking
 * many; null for fewer than two.
 */
export function partsChart(title: string, parts: readonly ChartPart[], unit: ChartUnit): ToolBlock | null {
  const kind = chooseChart({ kind: 'parts', values: parts.map((part) => part.value) });
  if (kind === 'pie') {
    return block('chart', {
      type: 'pie',
      title,
      labels: parts.map((part) => part.label),
      values: parts.map((part) => part.value),
      ...partColors(parts),
      ...unit,
    });
  }
  return kind ? rankedBars(title, title, parts, unit) : null;
}

function rankedBars(
  title: string,
  seriesLabel: string,
  parts: readonly ChartPart[],
  unit: ChartUnit,
  color?: string,
): ToolBlock {
  const chart: DslBarBlock = {
    type: 'bar',
    title,
    orientation: 'horizontal',
    labels: parts.map((part) => part.label),
    datasets: [{ label: seriesLabel, data: parts.map((part) => part.value), ...(color ? { color } : {}) }],
    ...(color ? {} : partColors(parts)),
    ...unit,
  };
  return block('chart', chart);
}

/**
 * A ranking (the largest payments, the top merchants, categories by total): horizontal bars, in the
 * parts' colours or one `color`; null when fewer than two values or all the same.
 */
export function rankingChart(
  title: string,
  seriesLabel: string,
  parts: readonly ChartPart[],
  unit: ChartUnit,
  color?: string,
): ToolBlock | null {
  const kind = chooseChart({ kind: 'ranking', values: parts.map((part) => part.value) });
  return kind ? rankedBars(title, seriesLabel, parts, unit, color) : null;
}

/**
 * A series over time (months, weeks): a line of the series that have two points or more (a series of one
 * point would be a lone dot: the figures say that value), or null when none has.
 */
export function seriesChart(
  title: string,
  labels: readonly DslLabel[],
  datasets: readonly DslDataset[],
  unit: ChartUnit,
): ToolBlock | null {
  const drawable = datasets.filter(
    (dataset) => chooseChart({ kind: 'series', values: dataset.data }) !== null,
  );
  if (drawable.length === 0) return null;
  return block('chart', { type: 'line', title, labels: [...labels], datasets: drawable, ...unit });
}
