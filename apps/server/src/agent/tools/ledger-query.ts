import { type LedgerQuery, ledgerQuerySchema } from '@penny/contracts';
import type { JSONValue } from 'ai';
import { categoryLabel } from '../../finance/categories.ts';
import {
  fromCents,
  type LedgerFiltersApplied,
  type LedgerQueryResult,
  toCents,
} from '../../finance/index.ts';
import { seriesChart } from './chart-choice.ts';
import { num } from './format.ts';
import { ledgerBlocks } from './ledger-blocks.ts';
import { ledgerFacts } from './ledger-facts.ts';
import { periodName, readingOf, subjectOf } from './ledger-words.ts';
import type { FinanceTool, ToolBlock, ToolContext, ToolResult } from './types.ts';

/** The ledger query's figures, and the plan read back in words. */
export type LedgerQueryData = LedgerQueryResult & { reading: string };

/** The filters as the plan names them, before the ledger checked them (for the step's description). */
function filtersOf(query: LedgerQuery): LedgerFiltersApplied {
  const { filters } = query;
  const dollars = (value: string | number | undefined) =>
    value === undefined ? null : fromCents(toCents(value));
  return {
    categories: (filters.categories ?? []).map((code) => ({
      code,
      label: categoryLabel(code),
      level: 'primary' as const,
    })),
    merchants: filters.merchants ?? [],
    accounts: filters.account ? [filters.account] : [],
    text: filters.text ?? null,
    minAmount: dollars(filters.min_amount),
    maxAmount: dollars(filters.max_amount),
    days: filters.days ?? null,
    excludedCategories: (filters.exclude_categories ?? []).map((code) => ({
      code,
      label: categoryLabel(code),
      level: 'primary' as const,
    })),
    excludedMerchants: filters.exclude_merchants ?? [],
    shareWithin: (query.share_within ?? []).map((code) => ({
      code,
      label: categoryLabel(code),
      level: 'primary' as const,
    })),
  };
}

/** A one-line description from whatever input came in: a model's invalid call included, it never throws. */
function describeQuery(input: unknown): string {
  const parsed = ledgerQuerySchema.safeParse(input);
  if (!parsed.success) return 'Checking a ledger query that is not complete';
  const query = parsed.data;
  const ranking = query.statistic === 'largest' || query.statistic === 'smallest';
  const reading = readingOf({
    query: { ...query, per: query.per ?? 'month', top: query.top ?? (ranking ? 5 : 10) },
    filters: filtersOf(query),
  }).replace(/, posted transactions$/, '');
  return `Working out ${reading.charAt(0).toLowerCase()}${reading.slice(1)}`;
}

/**
 * A total over a period that spans months is also drawn month by month (docs/decisions/0017): the one
 * figure hides how it came about. The figures and sentences stay those of the question as asked. Null
 * within one calendar month, or with fewer than two months of data.
 */
export async function monthByMonthChart(
  context: ToolContext,
  title: string,
  query: Pick<LedgerQuery, 'measure' | 'filters'> & { period: { start: string; end: string } },
): Promise<ToolBlock | null> {
  const { period } = query;
  if (period.start.slice(0, 7) === period.end.slice(0, 7)) return null;
  const monthly = await context.services.analytics.ledgerQuery(context.userId, {
    measure: query.measure,
    statistic: 'total',
    filters: query.filters,
    periods: [{ start: period.start, end: period.end }],
    group_by: 'month',
  });
  const [figures] = monthly.periods;
  if (!figures) return null;
  return seriesChart(
    title,
    // The months as YYYY-MM: the chart words them ('Aug 2026'), short enough for an axis.
    figures.groups.map((group) => group.key ?? group.label),
    [{ label: periodName(figures.period), data: figures.groups.map((group) => num(group.value)) }],
    monthly.unit === 'usd' ? { currency_symbol: 'USD' } : {},
  );
}

/** The month-by-month chart of a ledger total over one period (not a grouping, a comparison or a ranking). */
function monthByMonth(query: LedgerQuery, result: LedgerQueryResult, context: ToolContext) {
  const [only, ...others] = result.periods;
  if (!only || others.length > 0 || query.group_by !== 'none' || query.statistic !== 'total') return null;
  return monthByMonthChart(context, `${subjectOf(result)} by month`, {
    measure: query.measure,
    filters: query.filters,
    period: only.period,
  });
}

export const ledgerQueryTool = {
  name: 'ledger_query',
  description:
    "Answers any question about the user's transactions as a plan: `measure` (spending: purchases net of refunds; income; net_cash_flow: income minus spending), `statistic` (total, count, average with `per` month|week|day|transaction, largest, smallest, share of the same measure without the filters), `filters` (category codes, merchant names, account, text, min_amount/max_amount in dollars, exclude_categories/exclude_merchants left out), `periods` (one, or two to compare the first with the second; each {start, end, label}), `group_by` (none, category, merchant, account, month, week) and `top`. Posted transactions in USD; every figure is computed in SQL.",
  symbol: '📒',
  describe(input) {
    try {
      return describeQuery(input);
    } catch {
      return 'Working out figures from your transactions';
    }
  },
  async execute(input, context): Promise<ToolResult<LedgerQueryData & JSONValue>> {
    const result = await context.services.analytics.ledgerQuery(context.userId, input);
    const data = { ...result, reading: readingOf(result) };
    const starts = result.periods.map((figures) => figures.period.start).sort();
    const ends = result.periods.map((figures) => figures.period.end).sort();
    const series = await monthByMonth(input, result, context);
    return {
      // Plain JSON (no undefined fields), as a model reads it.
      data: JSON.parse(JSON.stringify(data)) as LedgerQueryData & JSONValue,
      facts: ledgerFacts(result),
      blocks: [...ledgerBlocks(result), ...(series ? [series] : [])],
      provenance: {
        accounts: result.accountsRead,
        period: { start: starts[0] ?? '', end: ends.at(-1) ?? '' },
        transactionCount: result.transactionCount,
      },
    };
  },
} satisfies FinanceTool<'ledger_query'>;
