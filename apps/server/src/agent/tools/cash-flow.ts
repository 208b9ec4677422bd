import type { CashFlow } from '../../finance/index.ts';
import { block, capitalize, count, list, money, monthText, num, percent, periodText, usd } from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

export type CashFlowData = CashFlow;

export const cashFlowTool = {
  name: 'cash_flow',
  description:
    "Income, spending, net (income minus spending) and savings rate (net ÷ income) per calendar month of a period, and for the whole period. Income = posted transactions categorised INCOME (wages, interest, dividends...); spending = posted purchases net of refunds (no transfers between accounts, card payments or income). Use it for 'how much did I earn', 'did I save money', 'income vs expenses', savings rate. Optional `account` (name or id).",
  symbol: '💵',
  describe(input) {
    return `Working out income, spending and savings ${periodText(input)}${input.account ? ` on ${input.account}` : ''}`;
  },
  async execute(input, context): Promise<ToolResult<CashFlowData>> {
    const result = await context.services.analytics.cashFlowByMonth(context.userId, {
      start: input.start,
      end: input.end,
      account: input.account,
    });
    const { totals } = result;
    const where = result.accountFilter.length > 0 ? ` on ${list(result.accountFilter)}` : '';
    const rate =
      totals.savingsRatePercent === null ? '' : ` (a savings rate of ${percent(totals.savingsRatePercent)})`;
    const facts = [
      `${capitalize(periodText(result.period))}${where}: income ${usd(totals.income)}, spending ${usd(totals.spending)}, net ${usd(totals.net)}${rate}, across ${count(totals.transactionCount, 'transaction')}.`,
    ];
    if (result.months.length > 1) {
      for (const month of result.months) {
        facts.push(
          `${monthText(month.month)}: income ${usd(month.income)}, spending ${usd(month.spending)}, net ${usd(month.net)}${
            month.savingsRatePercent === null ? '' : ` (${percent(month.savingsRatePercent)} saved)`
          }.`,
        );
      }
    }
    const blocks: ToolBlock[] = [
      block('figures', {
        type: 'content',
        title: 'Cash flow',
        content: [
          `/green Income ${money(totals.income)} /red Spending ${money(totals.spending)}`,
          `/1 Net ${money(totals.net)}`,
          ...(totals.savingsRatePercent === null
            ? []
            : [`Savings rate @number ${totals.savingsRatePercent}%`]),
        ].join('\n'),
      }),
    ];
    if (result.months.length > 1) {
      blocks.push(
        block('chart', {
          type: 'bar',
          title: 'Income and spending by month',
          labels: result.months.map((month) => month.month),
          datasets: [
            { label: 'Income', data: result.months.map((month) => num(month.income)), color: 'green' },
            { label: 'Spending', data: result.months.map((month) => num(month.spending)), color: 'blue' },
          ],
          currency_symbol: 'USD',
        }),
      );
    }
    blocks.push(
      block('table', {
        type: 'table',
        title: 'By month',
        columns: [
          { key: 'month', header: 'Month' },
          { key: 'income', header: 'Income' },
          { key: 'spending', header: 'Spending' },
          { key: 'net', header: 'Net amount' },
          { key: 'rate', header: 'Savings rate (%)' },
        ],
        rows: result.months.map((month) => ({
          month: month.month,
          income: num(month.income),
          spending: num(month.spending),
          net: num(month.net),
          rate: month.savingsRatePercent,
        })),
        currency_symbol: 'USD',
      }),
    );
    return {
      data: result,
      facts,
      blocks,
      provenance: {
        accounts: result.accountsRead,
        period: result.period,
        transactionCount: totals.transactionCount,
      },
    };
  },
} satisfies FinanceTool<'cash_flow'>;
