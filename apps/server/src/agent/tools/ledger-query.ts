import type { LedgerQuery } from '@penny/contracts';
import type { JSONValue } from 'ai';
import { categoryLabel } from '../../finance/categories.ts';
import type { LedgerQueryResult } from '../../finance/index.ts';
import { list } from './format.ts';
import { ledgerBlocks } from './ledger-blocks.ts';
import { ledgerFacts } from './ledger-facts.ts';
import { MEASURE_WORD, periodName, readingOf } from './ledger-words.ts';
import type { FinanceTool, ToolResult } from './types.ts';

/** The ledger query's figures, and the plan read back in words. */
export type LedgerQueryData = LedgerQueryResult & { reading: string };

/** A one-line description from whatever input came in: a model's invalid call included, it never throws. */
function describeQuery(input: Partial<LedgerQuery>): string {
  const measure = MEASURE_WORD[input.measure ?? 'spending'] ?? 'spending';
  const statistic = input.statistic && input.statistic !== 'total' ? `the ${input.statistic} of ` : '';
  const categories = Array.isArray(input.filters?.categories)
    ? input.filters.categories.filter((code) => typeof code === 'string').map((code) => categoryLabel(code))
    : [];
  const on = categories.length > 0 ? ` on ${list(categories)}` : '';
  const merchants = Array.isArray(input.filters?.merchants)
    ? input.filters.merchants.filter((name) => typeof name === 'string')
    : [];
  const at = merchants.length > 0 ? ` at ${list(merchants)}` : '';
  const grouped = input.group_by && input.group_by !== 'none' ? ` by ${input.group_by}` : '';
  const periods = Array.isArray(input.periods)
    ? input.periods
        .filter((period) => typeof period?.start === 'string' && typeof period.end === 'string')
        .map((period) => periodName(period))
    : [];
  const when = periods.length > 0 ? `, ${periods.join(' vs ')}` : '';
  return `Working out ${statistic}${measure}${on}${at}${grouped}${when}`;
}

export const ledgerQueryTool = {
  name: 'ledger_query',
  description:
    "Answers any question about the user's transactions as a plan: `measure` (spending: purchases net of refunds; income; net_cash_flow: income minus spending), `statistic` (total, count, average with `per` month|week|day|transaction, largest, smallest, share of the same measure without the filters), `filters` (category codes, merchant names, account, text, min_amount/max_amount in dollars), `periods` (one, or two to compare the first with the second; each {start, end, label}), `group_by` (none, category, merchant, account, month, week) and `top`. Posted transactions in USD; every figure is computed in SQL.",
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
