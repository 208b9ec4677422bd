import { escapeMarkup } from '@penny/contracts';
import type { LedgerPeriodFigures, LedgerQueryResult } from '../../finance/index.ts';
import { block, count, money, num } from './format.ts';
import { GROUP_NOUN, periodName, subjectOf, valueText } from './ledger-words.ts';
import { transactionsTable } from './search-transactions.ts';
import type { ToolBlock } from './types.ts';

/**
 * The ledger query's blocks, fitted to the data's shape: the headline as figures, then a chart (bars
 * for rankings and comparisons, a line for a series over time, a pie only for a share of at most six
 * parts) and a table.
 */

type Result = LedgerQueryResult;

const MAX_PIE_PARTS = 6;

function figuresBlock(result: Result, title: string): ToolBlock {
  const lines = result.periods.map((figures) => {
    const value =
      result.unit === 'usd' && figures.value !== null
        ? money(figures.value)
        : valueText(figures.value, result.unit);
    return `/1 ${escapeMarkup(periodName(figures.period))} ${value}`;
  });
  const comparison = result.comparison;
  if (comparison?.difference != null) {
    const shown =
      result.unit === 'usd' ? money(comparison.difference) : valueText(comparison.difference, result.unit);
    lines.push(
      `Difference ${shown}${comparison.changePercent === null ? '' : ` (${comparison.changePercent.toFixed(1)}%)`}`,
    );
  }
  const [first] = result.periods;
  if (first && result.periods.length === 1) lines.push(count(first.transactionCount, 'transaction'));
  return block('figures', { type: 'content', title, content: lines.join('\n') });
}

/** The figure a chart plots for a group: dollars, a count, or a percent. */
function plotted(value: string | null): number | null {
  return num(value);
}

function seriesBlocks(result: Result, figures: LedgerPeriodFigures, title: string): ToolBlock[] {
  const labels = figures.groups.map((group) => group.label);
  return [
    block('chart', {
      type: 'line',
      title,
      labels,
      datasets: [
        { label: periodName(figures.period), data: figures.groups.map((group) => plotted(group.value)) },
      ],
      ...(result.unit === 'usd'
        ? { currency_symbol: 'USD' }
        : result.unit === 'percent'
          ? { unit: '%' }
          : {}),
    }),
    groupTable(result, figures, title),
  ];
}

function groupTable(result: Result, figures: LedgerPeriodFigures, title: string): ToolBlock {
  const grouping = result.query.group_by === 'none' ? 'category' : result.query.group_by;
  const header = GROUP_NOUN[grouping][0];
  return block('table', {
    type: 'table',
    title,
    columns: [
      { key: 'group', header: `${header.charAt(0).toUpperCase()}${header.slice(1)}` },
      { key: 'total', header: 'Amount' },
      { key: 'transactions', header: 'Transactions' },
      { key: 'share', header: 'Share (%)' },
      ...(result.query.statistic === 'average'
        ? [{ key: 'average', header: `Average per ${result.query.per}` }]
        : []),
    ],
    rows: [
      ...figures.groups.map((group) => ({
        group: group.label,
        total: num(group.total),
        transactions: group.transactionCount,
        share: group.sharePercent,
        ...(result.query.statistic === 'average' ? { average: num(group.average) } : {}),
      })),
      ...(figures.other
        ? [
            {
              group: 'Other',
              total: num(figures.other.total),
              transactions: figures.other.transactionCount,
              share: null,
            },
          ]
        : []),
    ],
    currency_symbol: 'USD',
  });
}

function rankingBlocks(result: Result, figures: LedgerPeriodFigures, title: string): ToolBlock[] {
  const parts = [
    ...figures.groups.map((group) => ({ label: group.label, value: group.value, total: group.total })),
    ...(figures.other ? [{ label: 'Other', value: null, total: figures.other.total }] : []),
  ];
  const positive = parts.every((part) => Number(part.total) > 0);
  const pie =
    result.query.statistic === 'share' && parts.length > 1 && parts.length <= MAX_PIE_PARTS && positive;
  const chart: ToolBlock = pie
    ? block('chart', {
        type: 'pie',
        title,
        labels: parts.map((part) => part.label),
        values: parts.map((part) => num(part.total)),
        currency_symbol: 'USD',
      })
    : block('chart', {
        type: 'bar',
        title,
        orientation: 'horizontal',
        labels: figures.groups.map((group) => group.label),
        datasets: [
          { label: periodName(figures.period), data: figures.groups.map((group) => plotted(group.value)) },
        ],
        ...(result.unit === 'usd'
          ? { currency_symbol: 'USD' }
          : result.unit === 'percent'
            ? { unit: '%' }
            : {}),
      });
  return figures.groups.length > 1
    ? [chart, groupTable(result, figures, title)]
    : [groupTable(result, figures, title)];
}

function comparisonBlocks(result: Result, title: string): ToolBlock[] {
  const [first, second] = result.periods;
  if (!first || !second) return [];
  const groups = result.comparison?.groups ?? [];
  const unitFields =
    result.unit === 'usd' ? { currency_symbol: 'USD' } : result.unit === 'percent' ? { unit: '%' } : {};
  if (groups.length === 0) {
    return [
      block('chart', {
        type: 'bar',
        title,
        labels: [periodName(first.period), periodName(second.period)],
        datasets: [{ label: title, data: [plotted(first.value), plotted(second.value)] }],
        ...unitFields,
      }),
    ];
  }
  return [
    block('chart', {
      type: 'bar',
      title,
      labels: groups.map((group) => group.label),
      datasets: [
        { label: periodName(first.period), data: groups.map((group) => plotted(group.values[0])) },
        { label: periodName(second.period), data: groups.map((group) => plotted(group.values[1])) },
      ],
      ...unitFields,
    }),
    block('table', {
      type: 'table',
      title,
      columns: [
        { key: 'group', header: 'Group' },
        { key: 'first', header: periodName(first.period) },
        { key: 'second', header: periodName(second.period) },
        { key: 'difference', header: 'Difference' },
        { key: 'change', header: 'Change (%)' },
      ],
      rows: groups.map((group) => ({
        group: group.label,
        first: plotted(group.values[0]),
        second: plotted(group.values[1]),
        difference: plotted(group.difference),
        change: group.changePercent,
      })),
      ...unitFields,
    }),
  ];
}

export function ledgerBlocks(result: Result): ToolBlock[] {
  const title = subjectOf(result);
  const blocks = [figuresBlock(result, title)];
  const [first] = result.periods;
  if (!first) return blocks;
  if (result.periods.length === 2) return [...blocks, ...comparisonBlocks(result, title)];
  if (first.series) return [...blocks, ...seriesBlocks(result, first, title)];
  if (result.query.group_by !== 'none' && first.groups.length > 0) {
    return [...blocks, ...rankingBlocks(result, first, title)];
  }
  if (first.transactions.length > 0) {
    const rows = first.transactions;
    const table = transactionsTable(title, rows);
    if (rows.length < 2) return [...blocks, table];
    return [
      ...blocks,
      block('chart', {
        type: 'bar',
        title,
        orientation: 'horizontal',
        labels: rows.map((row) => `${row.merchant ?? row.name} (${row.date})`),
        datasets: [{ label: 'Amount', data: rows.map((row) => Math.abs(num(row.amount) ?? 0)) }],
        currency_symbol: 'USD',
      }),
      table,
    ];
  }
  return blocks;
}
