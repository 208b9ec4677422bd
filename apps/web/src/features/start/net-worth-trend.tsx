import type { HomeSummary } from '@penny/contracts';
import {
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { format, parseISO } from 'date-fns';
import { Line } from 'react-chartjs-2';
import { formatUsd } from './figures-format.ts';

/** The start screen's sparkline: chart.js, loaded on demand with this file (out of the first download). */
ChartJS.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Filler);

function cssVariable(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

const monthLabel = (day: string) => format(parseISO(day), 'MMM');

type TrendPoint = HomeSummary['net_worth']['trend'][number];

/**
 * What the line can honestly show: net worth over the month ends that valued every account, or, while
 * investments or wallets have no history yet (a new link records their balance from today on), the bank
 * and card balances, which are known for every day. Plotting net worth across incomplete points would
 * draw a jump on the day an account was first recorded.
 */
export function trendSeries(trend: readonly TrendPoint[]): {
  kind: 'net-worth' | 'cash';
  points: Array<{ date: string; value: string }>;
} {
  const complete = trend.flatMap((point) =>
    point.complete && point.net !== null ? [{ date: point.date, value: point.net }] : [],
  );
  if (complete.length >= 2) return { kind: 'net-worth', points: complete };
  return { kind: 'cash', points: trend.map((point) => ({ date: point.date, value: point.cash })) };
}

const SERIES_LABELS = {
  'net-worth': 'Net worth by month',
  cash: 'Bank and card balances by month',
} as const satisfies Record<ReturnType<typeof trendSeries>['kind'], string>;

/**
 * The month-end trend as a small line. The canvas is an image whose label reads every point, so the
 * trend is not only visual; below it, a caption says which series it is.
 */
export function NetWorthTrend({ trend }: { trend: HomeSummary['net_worth']['trend'] }) {
  const series = trendSeries(trend);
  if (series.points.length < 2) return null;
  const accent = cssVariable('--penny-accent', '#2563eb');
  const muted = cssVariable('--penny-text-muted', '#4a5567');
  const title = SERIES_LABELS[series.kind];
  const data = {
    labels: series.points.map((point) => monthLabel(point.date)),
    datasets: [
      {
        label: title,
        // Chart.js plots numbers; the figures themselves stay decimal strings everywhere else.
        data: series.points.map((point) => Number(point.value)),
        borderColor: accent,
        backgroundColor: `${accent}22`,
        fill: true,
        tension: 0.3,
        pointRadius: 2,
        borderWidth: 2,
      },
    ],
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
    scales: {
      x: {
        grid: { display: false },
        ticks: { color: muted, font: { size: 11 } },
        border: { display: false },
      },
      y: { display: false },
    },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (context) => formatUsd(series.points[context.dataIndex]?.value ?? ''),
        },
      },
    },
  };
  const label = `${title}: ${series.points
    .map((point) => `${format(parseISO(point.date), 'MMMM d')} ${formatUsd(point.value, { whole: true })}`)
    .join(', ')}`;
  return (
    <figure className="flex flex-col gap-1">
      <div className="h-20 w-full">
        <Line data={data} options={options} role="img" aria-label={label} />
      </div>
      <figcaption className="text-xs text-text-muted">
        {series.kind === 'cash'
          ? 'Bank and card balances by month; investments have no history here yet.'
          : 'Net worth at each month’s end.'}
      </figcaption>
    </figure>
  );
}
