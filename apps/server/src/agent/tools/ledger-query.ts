import { type LedgerQuery, ledgerQuerySchema } from '@penny/contracts';
import type { JSONValue } from 'ai';
import { categoryLabel } from '../../finance/categories.ts';
import {
  fromCents,
  type LedgerFiltersApplied,
  type LedgerQueryResult,
  toCents,
} from '../../finance/index.ts';
import { ledgerBlocks } from './ledger-blocks.ts';
import { ledgerFacts } from './ledger-facts.ts';
import { readingOf } from './ledger-words.ts';
import type { FinanceTool, ToolResult } from './types.ts';

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
    return {
      // Plain JSON (no undefined fields), as a model reads it.
      data: JSON.parse(JSON.stringify(data)) as LedgerQueryData & JSONValue,
      facts: ledgerFacts(result),
      blocks: ledgerBlocks(result),
      provenance: {
        accounts: result.accountsRead,
        period: { start: starts[0] ?? '', end: ends.at(-1) ?? '' },
        transactionCount: result.transactionCount,
      },
    };
  },
} satisfies FinanceTool<'ledger_query'>;
