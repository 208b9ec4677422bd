import { escapeMarkup } from '@penny/contracts';
import { categoryColor, type LedgerPeriodFigures, type LedgerQueryResult } from '../../finance/index.ts';
import { type ChartUnit, chooseChart, partsChart, rankingChart, seriesChart } from './chart-choice.ts';
import { block, count, dayText, money, num } from './format.ts';
import { GROUP_NOUN, periodName, subjectOf, valueText } from './ledger-words.ts';
import { transactionsTable } from './search-transactions.ts';
import type { ToolBlock } from './types.ts';

/**
 * The ledger query's blocks, fitted to the data's shape: the headline as figures, then a chart (bars
 * for rankings and comparisons, a line for a series over time, a pie only for a share of at most six
 * parts) and a table.
 */

type Result = LedgerQueryResult;

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
  if (first && result.periods.length === 1) {
    const top = topOf(result, first);
    if (top) return block('figures', { type: 'content', title, content: top });
    lines.push(count(first.transactionCount, 'transaction'));
  }
  return block('figures', { type: 'content', title, content: lines.join('\n') });
}

/**
 * The largest or smallest of one period leads with what it is, not only its amount: the top group
 * ('Whole Foods $412.35', its own transactions) or transaction ('Rent $1,450.00', its day), so the
 * result card's headline answers the question without the chat's words (decision 0021).
 */
function topOf(result: Result, figures: LedgerPeriodFigures): string | null {
  const { statistic, group_by } = result.query;
  if (
    (statistic !== 'largest' && statistic !== 'smallest') ||
    result.unit !== 'usd' ||
    figures.value === null
  ) {
    return null;
  }
  const when = escapeMarkup(periodName(figures.period));
  if (group_by !== 'none') {
    const group = figures.groups[0];
    if (!group) return null;
    return `/1 ${escapeMarkup(group.label)} ${money(figures.value)}\n${count(group.transactionCount, 'transaction')}, ${when}`;
  }
  const row = figures.transactions[0];
  if (!row) return null;
  return `/1 ${escapeMarkup(row.merchant ?? row.name)} ${money(figures.value)}\n${escapeMarkup(dayText(row.date))}, ${escapeMarkup(row.account)}`;
}

/** The figure a chart plots for a group: dollars, a count, or a percent. */
function plotted(value: string | null): number | null {
  return num(value);
}

function unitOf(result: Result): ChartUnit {
  return result.unit === 'usd' ? { currency_symbol: 'USD' } : result.unit === 'percent' ? { unit: '%' } : {};
}

/** A series over time: a line of two points or more (one point is the figure above), and the table. */
function seriesBlocks(result: Result, figures: LedgerPeriodFigures, title: string): ToolBlock[] {
  const chart = seriesChart(
    title,
    figures.groups.map((group) => group.label),
    [{ label: periodName(figures.period), data: figures.groups.map((group) => plotted(group.value)) }],
    unitOf(result),
  );
  return [...(chart ? [chart] : []), groupTable(result, figures, title)];
}

/** Grouped by category, each group keeps its category's colour. */
function groupColor(result: Result, key: string | null) {
  return result.query.group_by === 'category' ? categoryColor(key) : null;
}

function groupTable(result: Result, figures: LedgerPeriodFigures, title: string): ToolBlock {
  const grouping = result.query.group_by === 'none' ? 'category' : result.query.group_by;
  const header = GROUP_NOUN[grouping][0];
  return block('table', {
    type: 'table',
    title,
    columns: [
      {
        key: 'group',
        header: `${header.charAt(0).toUpperCase()}${header.slice(1)}`,
        ...(grouping === 'category' ? { color_key: 'color' } : {}),
      },
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
        ...(grouping === 'category' ? { color: groupColor(result, group.key) } : {}),
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

/**
 * Groups: a share is parts of a whole (a pie of a few parts, with the rest as 'Other'; bars past six);
 * anything else is a ranking (bars, none when every group has the same figure).
 */
function rankingBlocks(result: Result, figures: LedgerPeriodFigures, title: string): ToolBlock[] {
  const table = groupTable(result, figures, title);
  if (figures.groups.length < 2) return [table];
  const ranked = figures.groups.map((group) => ({
    label: group.label,
    value: plotted(group.value),
    color: groupColor(result, group.key),
  }));
  const shares = [
    ...figures.groups.map((group) => ({
      label: group.label,
      value: num(group.total),
      color: groupColor(result, group.key),
    })),
    ...(figures.other ? [{ label: 'Other', value: num(figures.other.total) }] : []),
  ];
  const pie =
    result.query.statistic === 'share' &&
    chooseChart({ kind: 'parts', values: shares.map((part) => part.value) }) === 'pie';
  const chart = pie
    ? partsChart(title, shares, { currency_symbol: 'USD' })
    : rankingChart(title, periodName(figures.period), ranked, unitOf(result));
  return chart ? [chart, table] : [table];
}

function comparisonBlocks(result: Result, title: string): ToolBlock[] {
  const [first, second] = result.periods;
  if (!first || !second) return [];
  const groups = result.comparison?.groups ?? [];
  const unitFields = unitOf(result);
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
    // Equal payments (five rent payments) make no chart: the table and the figures say it.
    const chart = rankingChart(
      title,
      'Amount',
      rows.map((row) => ({
        label: `${row.merchant ?? row.name} (${row.date})`,
        value: Math.abs(num(row.amount) ?? 0),
      })),
      { currency_symbol: 'USD' },
    );
    return chart ? [...blocks, chart, table] : [...blocks, table];
  }
  return blocks;
}
