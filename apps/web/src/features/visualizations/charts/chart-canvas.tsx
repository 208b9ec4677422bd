import { VISUALIZATION_RENDERING } from '@penny/contracts';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  type LegendItem,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  type ScaleOptionsByType,
  Tooltip,
} from 'chart.js';
import { useEffect, useState } from 'react';
import { Bar, Line, Pie } from 'react-chartjs-2';
import { formatWithUnit } from '../format/currency.ts';
import {
  axisUnit,
  type CartesianModel,
  type ChartModel,
  formatChartValue,
  type PieModel,
  pieLegendLabel,
  type ValueUnit,
} from './chart-model.ts';

/**
 * The Chart.js half of a chart block, loaded on demand (its own chunk, out of the sign-in bundle).
 * Only the controllers, elements and scales the DSL uses are registered.
 */
ChartJS.register(
  PieController,
  BarController,
  LineController,
  ArcElement,
  BarElement,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

type ThemeColors = { text: string; muted: string; grid: string; surface: string };

function cssVariable(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function readThemeColors(): ThemeColors {
  return {
    text: cssVariable('--penny-text', '#0f172a'),
    muted: cssVariable('--penny-text-muted', '#4a5567'),
    grid: cssVariable('--penny-border', '#dde3ea'),
    surface: cssVariable('--penny-surface-raised', '#ffffff'),
  };
}

/** `var(--penny-positive)` (the semantic colour words) -> the theme's current value. */
function concreteColor(color: string): string {
  const match = /^var\((--[\w-]+)\)$/.exec(color);
  return match?.[1] ? cssVariable(match[1], '#64748b') : color;
}

/** The theme's colours, re-read when the theme class on <html> changes (charts draw on a canvas). */
function useThemeColors(): ThemeColors {
  const [colors, setColors] = useState(readThemeColors);
  useEffect(() => {
    const refresh = () =>
      setColors((current) => {
        const next = readThemeColors();
        return (Object.keys(next) as Array<keyof ThemeColors>).every((key) => next[key] === current[key])
          ? current
          : next;
      });
    const observer = new MutationObserver(refresh);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    // The theme may have changed between the first render and this subscription.
    refresh();
    return () => observer.disconnect();
  }, []);
  return colors;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/** Above this many points, animation and point markers cost more than they explain. */
const LARGE_CHART_POINTS = 2000;
/** Above this many series, the legend would crowd out the chart; the caption and data table list them. */
const MAX_LEGEND_SERIES = 12;

function PieCanvas({ model, label, theme }: { model: PieModel; label: string; theme: ThemeColors }) {
  // Re-read on every render: the semantic colours follow the theme.
  const colors = model.colors.map(concreteColor);
  const data = {
    labels: model.labels,
    datasets: [{ data: model.values, backgroundColor: colors, borderColor: theme.surface, borderWidth: 2 }],
  };
  const options: ChartOptions<'pie'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: prefersReducedMotion() ? false : undefined,
    plugins: {
      legend: {
        position: 'bottom',
        labels: {
          color: theme.text,
          boxWidth: 12,
          generateLabels: (chart): LegendItem[] =>
            model.labels.map((_, index) => ({
              text: pieLegendLabel(model, index),
              fillStyle: colors[index],
              strokeStyle: colors[index],
              lineWidth: 0,
              fontColor: theme.text,
              hidden: !chart.getDataVisibility(index),
              index,
            })),
        },
      },
      tooltip: {
        callbacks: {
          label: (context) =>
            `${context.label}: ${formatChartValue(context.parsed, model.unit)} (${model.percentages[context.dataIndex] ?? 0}%)`,
        },
      },
    },
  };
  return <Pie data={data} options={options} role="img" aria-label={label} />;
}

function CartesianCanvas({
  model,
  label,
  theme,
}: {
  model: CartesianModel;
  label: string;
  theme: ThemeColors;
}) {
  const points = model.labels.length * model.series.length;
  const large = points > LARGE_CHART_POINTS;
  const valueAxis = model.horizontal ? 'x' : 'y';
  const secondAxis = `${valueAxis}1`;
  const tick = (unit: ValueUnit) => (value: number | string) =>
    typeof value === 'number' ? formatWithUnit(value, unit, { compact: true }) : value;
  const valueScale = (position: 'left' | 'right' | 'top' | 'bottom', axis: 'left' | 'right') =>
    ({
      type: 'linear',
      position,
      stacked: model.stacked,
      ticks: { color: theme.muted, callback: tick(axisUnit(model, axis)) },
      // The second axis's grid would cross the first's.
      grid: { color: theme.grid, drawOnChartArea: axis === 'left' },
      border: { color: theme.grid },
    }) as unknown as ScaleOptionsByType<'linear'>;
  const scales: Record<string, unknown> = {
    [model.horizontal ? 'y' : 'x']: {
      type: 'category',
      stacked: model.stacked,
      ticks: { color: theme.muted, autoSkip: true, maxRotation: 0 },
      grid: { color: theme.grid, display: false },
      border: { color: theme.grid },
    },
    [valueAxis]: valueScale(model.horizontal ? 'bottom' : 'left', 'left'),
  };
  if (model.hasRightAxis) scales[secondAxis] = valueScale(model.horizontal ? 'top' : 'right', 'right');

  const datasets = model.series.map((series) => {
    const color = concreteColor(series.color);
    // A ranking of categories draws each bar in its category's colour.
    const fill = series.pointColors ? series.pointColors.map(concreteColor) : color;
    return {
      label: series.label,
      data: series.data,
      backgroundColor: fill,
      borderColor: fill,
      borderWidth: model.kind === 'line' ? 2 : 0,
      tension: VISUALIZATION_RENDERING.lineTension,
      // Markers help a few series; on many they are noise.
      pointRadius: large || model.labels.length > 60 || model.series.length > MAX_LEGEND_SERIES ? 0 : 3,
      pointHoverRadius: 4,
      [model.horizontal ? 'xAxisID' : 'yAxisID']: series.axis === 'right' ? secondAxis : valueAxis,
    };
  });
  const options = {
    indexAxis: model.horizontal ? 'y' : 'x',
    responsive: true,
    maintainAspectRatio: false,
    animation: large || prefersReducedMotion() ? false : undefined,
    interaction: { mode: 'index', intersect: false },
    scales,
    plugins: {
      legend: {
        display: model.series.length > 1 && model.series.length <= MAX_LEGEND_SERIES,
        position: 'bottom',
        labels: { color: theme.text, boxWidth: 12 },
      },
      tooltip: {
        callbacks: {
          label: (context: { datasetIndex: number; parsed: Record<string, number | null> }) => {
            const series = model.series[context.datasetIndex];
            const value = context.parsed[valueAxis];
            const shown =
              value === null || value === undefined
                ? '—'
                : formatChartValue(value, series?.unit ?? model.unit);
            return `${series?.label ?? ''}: ${shown}`;
          },
        },
      },
    },
  };
  const data = { labels: model.labels, datasets };
  return model.kind === 'bar' ? (
    <Bar data={data} options={options as unknown as ChartOptions<'bar'>} role="img" aria-label={label} />
  ) : (
    <Line data={data} options={options as unknown as ChartOptions<'line'>} role="img" aria-label={label} />
  );
}

export type ChartCanvasProps = {
  model: ChartModel;
  /** The canvas's accessible name: the chart's title and key numbers. */
  label: string;
};

export default function ChartCanvas({ model, label }: ChartCanvasProps) {
  const theme = useThemeColors();
  return model.kind === 'pie' ? (
    <PieCanvas model={model} label={label} theme={theme} />
  ) : (
    <CartesianCanvas model={model} label={label} theme={theme} />
  );
}
