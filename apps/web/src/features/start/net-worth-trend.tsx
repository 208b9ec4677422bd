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

/**
 * Net worth at each month's end (today for this month) as a small line. The canvas is an image whose
 * label reads every point, so the trend is not only visual.
 */
export function NetWorthTrend({ trend }: { trend: HomeSummary['net_worth']['trend'] }) {
  const valued = trend.filter((point) => point.net !== null);
  if (valued.length < 2) return null;
  const accent = cssVariable('--penny-accent', '#2563eb');
  const muted = cssVariable('--penny-text-muted', '#4a5567');
  const data = {
    labels: trend.map((point) => monthLabel(point.date)),
    datasets: [
      {
        label: 'Net worth',
        // Chart.js plots numbers; the figures themselves stay decimal strings everywhere else.
        data: trend.map((point) => (point.net === null ? null : Number(point.net))),
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
          label: (context) => {
            const point = trend[context.dataIndex];
            return point?.net ? formatUsd(point.net) : '';
          },
        },
      },
    },
  };
  const label = `Net worth by month: ${valued
    .map(
      (point) =>
        `${format(parseISO(point.date), 'MMMM d')} ${formatUsd(point.net ?? '0.00', { whole: true })}`,
    )
    .join(', ')}`;
  return (
    <div className="h-20 w-full">
      <Line data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
