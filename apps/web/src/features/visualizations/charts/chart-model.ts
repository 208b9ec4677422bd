import {
  type DslBarBlock,
  type DslDataset,
  type DslLabel,
  type DslLineBlock,
  type DslPieBlock,
  dslCategorySlot,
  VISUALIZATION_RENDERING,
} from '@penny/contracts';
import { type Currency, formatWithUnit, resolveCurrency } from '../format/currency.ts';
import { inferredCurrency } from '../format/money.ts';
import { readableDateLabel } from '../format/values.ts';

/**
 * What a chart block draws, independent of Chart.js: labels, series, colours, axes, and the text
 * alternative (a caption with the key numbers and a table of the same data). Pure, so it is tested
 * without a canvas.
 */

/**
 * docs/product/chat.md, "Pie": an 8-colour warm palette for pies. The colours are theme tokens (styles.css,
 * --penny-pie-1..8): each theme has eight warm hues with 3:1 contrast on its card surface that stay apart for
 * people with protan, deutan or tritan colour vision, and none is the red or green that mean money out or in.
 */
export const PIE_PALETTE = [
  'var(--penny-pie-1)',
  'var(--penny-pie-2)',
  'var(--penny-pie-3)',
  'var(--penny-pie-4)',
  'var(--penny-pie-5)',
  'var(--penny-pie-6)',
  'var(--penny-pie-7)',
  'var(--penny-pie-8)',
] as const;

/**
 * docs/product/chat.md, "Bar and line": an 8-colour palette for bar and line series; same contrast rule, no
 * money red or green.
 */
export const SERIES_PALETTE = [
  '#3b82f6',
  '#d97706',
  '#8b5cf6',
  '#0891b2',
  '#db2777',
  '#64748b',
  '#ea580c',
  '#6366f1',
] as const;

/** Colour words that carry meaning: they follow the theme's tokens (money in, money out, neutral). */
const SEMANTIC_COLORS: Record<string, string> = {
  green: 'var(--penny-positive)',
  red: 'var(--penny-negative)',
  blue: 'var(--penny-accent)',
};

const CSS_COLOR_FUNCTION = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab|lab|lch)\([\d\s.,%/+-]+\))$/i;

/** CSS named colours (an agent may say 'orange'); any other word is not a colour. */
const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
    'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
    'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
    'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite ' +
    'gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen ' +
    'lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
    'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream ' +
    'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen ' +
    'steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow ' +
    'yellowgreen'
  ).split(' '),
);

/**
 * A safe colour from the DSL (hex, rgb/hsl functions, named, a category's `category-N`), or the palette's
 * when it is not one.
 */
export function chartColor(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const trimmed = value.trim();
  const semantic = SEMANTIC_COLORS[trimmed.toLowerCase()];
  if (semantic) return semantic;
  const category = dslCategorySlot(trimmed);
  if (category !== null) return `var(--penny-category-${category})`;
  return CSS_COLOR_FUNCTION.test(trimmed) || NAMED_COLORS.has(trimmed.toLowerCase()) ? trimmed : fallback;
}

export type ValueUnit = { currency: Currency | null; unit: string | null };

export type ChartSeries = {
  label: string;
  data: Array<number | null>;
  color: string;
  axis: 'left' | 'right';
  /** One colour per point, when a single series colours each bar (a ranking of categories). */
  pointColors: string[] | null;
  /** The block's unit, except for a series labelled as a percentage ("Return (%)"). */
  unit: ValueUnit;
};

export type PieModel = {
  kind: 'pie';
  title: string | null;
  labels: string[];
  values: number[];
  colors: string[];
  /** docs/product/chat.md, "Pie": whole-number percentages. */
  percentages: number[];
  total: number;
  unit: ValueUnit;
};

export type CartesianModel = {
  kind: 'bar' | 'line';
  title: string | null;
  labels: string[];
  series: ChartSeries[];
  horizontal: boolean;
  stacked: boolean;
  hasRightAxis: boolean;
  unit: ValueUnit;
};

export type ChartModel = PieModel | CartesianModel;

/** A label as people read it: ISO days and months become "Nov 26" and "Dec 2025". */
function labelText(label: DslLabel | undefined, index: number, today: Date): string {
  if (label === undefined || label === '') return `Item ${index + 1}`;
  return readableDateLabel(String(label), today);
}

/**
 * The chart's unit: its currency_symbol or a currency unit; failing both, money named in the title or
 * series ('Monthly spending') means the default currency, so captions and ticks read as money.
 */
function valueUnit(
  block: { unit?: string; currency_symbol?: string; title?: string },
  seriesNames: ReadonlyArray<string | undefined> = [],
): ValueUnit {
  const unit = block.unit?.trim() || null;
  const currency =
    resolveCurrency(block.currency_symbol) ??
    resolveCurrency(block.unit) ??
    (unit ? null : inferredCurrency([block.title, ...seriesNames]));
  return { currency, unit: currency ? null : unit };
}

function nonBlank(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** The colour of the "Other" slice that folds the smallest parts: neutral, not a category's. */
export const OTHER_SLICE_COLOR = 'var(--penny-border-strong)';

/**
 * A pie shows a few parts of a whole: beyond `maxPieSlices`, the largest parts keep their slices and the
 * rest fold into one "Other" slice, whatever the block asked for.
 */
function foldSmallestParts(parts: Array<{ label: string; value: number; color: string }>) {
  const { maxPieSlices } = VISUALIZATION_RENDERING;
  if (parts.length <= maxPieSlices) return parts;
  const kept = [...parts].sort((a, b) => b.value - a.value).slice(0, maxPieSlices - 1);
  const keptSet = new Set(kept);
  const folded = parts.filter((part) => !keptSet.has(part));
  return [
    // In the order the block gave them.
    ...parts.filter((part) => keptSet.has(part)),
    {
      label: `Other (${folded.length})`,
      value: folded.reduce((sum, part) => sum + part.value, 0),
      color: OTHER_SLICE_COLOR,
    },
  ];
}

export function buildPieModel(block: DslPieBlock, today: Date = new Date()): PieModel {
  const rawValues = block.values ?? block.data?.datasets?.[0]?.data ?? [];
  const rawLabels = block.labels ?? block.data?.labels ?? [];
  const datasetColor = block.data?.datasets?.[0]?.color;
  const parts: Array<{ label: string; value: number; color: string }> = [];
  rawValues.forEach((value, index) => {
    // A pie shows parts of a whole: gaps and negative parts have no slice.
    if (value === null || !(value > 0)) return;
    parts.push({
      label: labelText(rawLabels[index], index, today),
      value,
      color: chartColor(
        block.colors?.[index] ?? datasetColor,
        PIE_PALETTE[index % PIE_PALETTE.length] as string,
      ),
    });
  });
  const slices = foldSmallestParts(parts);
  const values = slices.map((slice) => slice.value);
  const total = values.reduce((sum, value) => sum + value, 0);
  const percentages = values.map((value) => (total > 0 ? Math.round((value / total) * 100) : 0));
  return {
    kind: 'pie',
    title: nonBlank(block.title),
    labels: slices.map((slice) => slice.label),
    values,
    colors: slices.map((slice) => slice.color),
    percentages,
    total,
    unit: valueUnit(block, [block.data?.datasets?.[0]?.label]),
  };
}

const PERCENT: ValueUnit = { currency: null, unit: '%' };

/** A series whose label says it is a percentage ("Return (%)", "Savings rate %") is one, whatever the block's unit. */
function seriesUnit(label: string, blockUnit: ValueUnit): ValueUnit {
  return /%\)?\s*$/.test(label) ? PERCENT : blockUnit;
}

/**
 * One colour per bar when a single series comes with one colour per label (categories ranked in their own
 * colours); otherwise `colors` gives each series its colour.
 */
function pointColorsOf(block: DslBarBlock | DslLineBlock, seriesCount: number, pointCount: number) {
  const colors = block.colors;
  if (
    block.type !== 'bar' ||
    seriesCount !== 1 ||
    !colors ||
    pointCount < 2 ||
    colors.length !== pointCount
  ) {
    return null;
  }
  return colors.map((color, index) =>
    chartColor(color, SERIES_PALETTE[index % SERIES_PALETTE.length] as string),
  );
}

function seriesOf(
  datasets: DslDataset[],
  block: DslBarBlock | DslLineBlock,
  unit: ValueUnit,
  pointCount: number,
): ChartSeries[] {
  if (datasets.length === 0 && block.values) {
    const label = nonBlank(block.title) ?? 'Value';
    const pointColors = pointColorsOf(block, 1, Math.max(pointCount, block.values.length));
    return [
      {
        label,
        data: block.values,
        color: pointColors ? SERIES_PALETTE[0] : chartColor(block.colors?.[0], SERIES_PALETTE[0]),
        pointColors,
        axis: 'left',
        unit: seriesUnit(label, unit),
      },
    ];
  }
  const pointColors = pointColorsOf(
    block,
    datasets.length,
    Math.max(pointCount, datasets[0]?.data.length ?? 0),
  );
  return datasets.map((dataset, index) => {
    const label = nonBlank(dataset.label) ?? `Series ${index + 1}`;
    return {
      label,
      data: dataset.data,
      color: chartColor(
        dataset.color ?? (pointColors ? undefined : block.colors?.[index]),
        SERIES_PALETTE[index % SERIES_PALETTE.length] as string,
      ),
      pointColors,
      axis: dataset.y_axis === 'right' ? 'right' : 'left',
      unit: seriesUnit(label, unit),
    };
  });
}

export function buildCartesianModel(
  block: DslBarBlock | DslLineBlock,
  today: Date = new Date(),
): CartesianModel {
  const datasets = block.datasets ?? block.data?.datasets ?? [];
  const unit = valueUnit(
    block,
    datasets.map((dataset) => dataset.label),
  );
  const rawLabels = block.labels ?? block.data?.labels ?? [];
  const series = seriesOf(datasets, block, unit, rawLabels.length);
  const length = series.reduce((max, s) => Math.max(max, s.data.length), rawLabels.length);
  const labels = Array.from({ length }, (_, index) => labelText(rawLabels[index], index, today));
  const hasRightAxis = series.some((s) => s.axis === 'right') && series.some((s) => s.axis === 'left');
  return {
    kind: block.type,
    title: nonBlank(block.title),
    labels,
    // Everything on the right and nothing on the left draws on the one (left) axis.
    series: hasRightAxis ? series : series.map((s) => ({ ...s, axis: 'left' as const })),
    horizontal: block.orientation === 'horizontal',
    stacked: block.stacked === true,
    hasRightAxis,
    unit,
  };
}

/** The unit an axis's ticks use: that of the first series drawn on it. */
export function axisUnit(model: CartesianModel, axis: 'left' | 'right'): ValueUnit {
  return model.series.find((s) => s.axis === axis)?.unit ?? model.unit;
}

/** True when there is nothing to draw. */
export function isEmptyChart(model: ChartModel): boolean {
  if (model.kind === 'pie') return model.values.length === 0;
  return model.labels.length === 0 || model.series.every((s) => s.data.every((v) => v === null));
}

export function formatChartValue(value: number, unit: ValueUnit): string {
  return formatWithUnit(value, unit);
}

/** docs/product/chat.md, "Pie": pie legend entries carry the whole-number percentage: "Food 35%". */
export function pieLegendLabel(model: PieModel, index: number): string {
  return `${model.labels[index] ?? ''} ${model.percentages[index] ?? 0}%`;
}

const MAX_SERIES_IN_CAPTION = 3;

/** The caption: the key numbers in one or two sentences. */
export function chartSummary(model: ChartModel): string {
  if (isEmptyChart(model)) return 'No data available';
  if (model.kind === 'pie') {
    let largest = 0;
    model.values.forEach((value, index) => {
      if (value > (model.values[largest] ?? 0)) largest = index;
    });
    const parts = model.labels.length === 1 ? 'part' : 'parts';
    const share = `${model.percentages[largest]}%`;
    // Values already in percent would read 'Needs, 50% (50%)': the share alone says it.
    if (model.unit.unit === '%') {
      return `Pie chart of ${model.labels.length} ${parts}. Largest: ${model.labels[largest]}, ${share}.`;
    }
    return (
      `Pie chart of ${model.labels.length} ${parts}, total ${formatChartValue(model.total, model.unit)}. ` +
      `Largest: ${model.labels[largest]}, ${formatChartValue(model.values[largest] ?? 0, model.unit)} ` +
      `(${share}).`
    );
  }
  const kind = model.kind === 'bar' ? 'Bar chart' : 'Line chart';
  const span =
    model.labels.length > 1
      ? `${model.labels[0]} to ${model.labels[model.labels.length - 1]}`
      : model.labels[0];
  const described = model.series.slice(0, MAX_SERIES_IN_CAPTION).map((series) => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let last: number | null = null;
    for (const value of series.data) {
      if (value === null) continue;
      min = Math.min(min, value);
      max = Math.max(max, value);
      last = value;
    }
    if (last === null) return `${series.label}: no values`;
    return (
      `${series.label}: from ${formatChartValue(min, series.unit)} to ${formatChartValue(max, series.unit)}, ` +
      `last ${formatChartValue(last, series.unit)}`
    );
  });
  const more = model.series.length - described.length;
  return (
    `${kind} of ${model.series.length} series over ${model.labels.length} points (${span}). ${described.join('; ')}` +
    `${more > 0 ? `; and ${more} more series` : ''}.`
  );
}

/** The accessible table view: one row per label, one column per series (or the slice and its share). */
export function chartTable(model: ChartModel): { headers: string[]; rows: string[][] } {
  if (model.kind === 'pie') {
    return {
      headers: ['Category', 'Value', 'Share'],
      rows: model.labels.map((label, index) => [
        label,
        formatChartValue(model.values[index] ?? 0, model.unit),
        `${model.percentages[index] ?? 0}%`,
      ]),
    };
  }
  return {
    headers: ['Label', ...model.series.map((s) => s.label)],
    rows: model.labels.map((label, index) => [
      label,
      ...model.series.map((s) => {
        const value = s.data[index];
        return value === null || value === undefined ? '—' : formatChartValue(value, s.unit);
      }),
    ]),
  };
}
