import { categoryLabel } from '../../finance/categories.ts';
import type { LargestTransactions } from '../../finance/index.ts';
import { rankingChart } from './chart-choice.ts';
import { capitalize, count, dayText, list, num, periodText, usd } from './format.ts';
import { transactionsTable } from './search-transactions.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

export type LargestTransactionsData = LargestTransactions;

export const largestTransactionsTool = {
  name: 'largest_transactions',
  description:
    "The largest posted transactions of a period by amount. `direction` 'out' (default) ranks spending (purchases, bills; transfers between accounts and card payments are left out), 'in' ranks every posted inflow (pay, refunds, transfers and deposits in; card payments left out; `account: 'bank'` for deposits to checking and savings). A `category` code ranks that category's transactions instead (e.g. 'TRANSFER_OUT' for the largest transfers). Optional `account`, `limit` (default 10).",
  symbol: '💸',
  describe(input) {
    return `Finding the ${input.limit} largest ${input.direction === 'in' ? 'amounts received' : 'payments'}${input.category ? ` in ${categoryLabel(input.category).toLowerCase()}` : ''} ${periodText(input)}`;
  },
  async execute(input, context): Promise<ToolResult<LargestTransactionsData>> {
    const result = await context.services.analytics.largestTransactions(context.userId, {
      start: input.start,
      end: input.end,
      direction: input.direction,
      category: input.category,
      account: input.account,
      limit: input.limit,
    });
    const kind = input.direction === 'in' ? 'money received' : 'payments';
    const scope = [
      result.category ? ` in ${result.category.label}` : '',
      result.accountFilter.length > 0 ? ` on ${list(result.accountFilter)}` : '',
    ].join('');
    if (result.transactions.length === 0) {
      return {
        data: result,
        facts: [`No ${kind}${scope} ${periodText(result.period)} (0 transactions).`],
        blocks: [],
        provenance: { accounts: [], period: result.period, transactionCount: 0 },
      };
    }
    const facts = [
      `${capitalize(`the ${result.transactions.length === 1 ? (input.direction === 'in' ? 'largest amount' : 'largest payment') : count(result.transactions.length, input.direction === 'in' ? 'largest amount' : 'largest payment')}`)}${scope} ${periodText(result.period)}, out of ${count(result.consideredCount, 'transaction')}:`,
      ...result.transactions.map(
        (row, index) =>
          `${index + 1}. ${dayText(row.date)}: ${row.merchant ?? row.name}, ${usd(row.amount.replace('-', ''))} (${row.categoryLabel}, ${row.account}).`,
      ),
    ];
    const blocks: ToolBlock[] = [
      transactionsTable(
        input.direction === 'in' ? 'Largest amounts received' : 'Largest payments',
        result.transactions,
      ),
    ];
    // Money in is green; payments out are ordinary spending, drawn in the neutral colour, not red.
    const chart = rankingChart(
      input.direction === 'in' ? 'Largest amounts received' : 'Largest payments',
      'Amount',
      result.transactions.map((row) => ({
        label: `${row.merchant ?? row.name} (${row.date})`,
        value: Math.abs(num(row.amount) ?? 0),
      })),
      { currency_symbol: 'USD' },
      input.direction === 'in' ? 'green' : 'blue',
    );
    if (chart) blocks.push(chart);
    return {
      data: result,
      facts,
      blocks,
      provenance: {
        accounts: result.accountsRead,
        period: result.period,
        transactionCount: result.consideredCount,
      },
    };
  },
} satisfies FinanceTool<'largest_transactions'>;
