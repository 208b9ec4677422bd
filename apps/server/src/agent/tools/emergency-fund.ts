import type { AverageMonthlySpending, LiquidCash } from '../../finance/index.ts';
import { fromCents, toCents } from '../../finance/index.ts';
import { block, count, money, num, periodText, usd } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

/** The months of spending the fund is measured against. */
const SPENDING_MONTHS = 3;

export type EmergencyFundData = {
  targetMonths: number;
  liquidCash: LiquidCash;
  spending: AverageMonthlySpending;
  /** Liquid cash ÷ average monthly spending (two decimals); null without spending. */
  monthsCovered: number | null;
  /** target_months × average monthly spending (from the exact total, rounded to the cent once). */
  target: string;
  /** How much more cash the target needs (0 when met), and any surplus over it. */
  shortfall: string;
  surplus: string;
};

export const emergencyFundTool = {
  name: 'emergency_fund',
  description:
    "Checks the user's emergency fund: liquid cash (checking and savings balances) divided by average monthly spending over the last 3 full calendar months gives the months of expenses covered, compared with `target_months` (default 6), with the target amount and the shortfall or surplus.",
  symbol: '🛟',
  describe(input) {
    return `Checking your emergency fund against ${count(input.target_months, 'month')} of spending`;
  },
  async execute(input, context): Promise<ToolResult<EmergencyFundData>> {
    const { analytics } = context.services;
    const [cash, spending] = await Promise.all([
      analytics.liquidCash(context.userId),
      analytics.averageMonthlySpending(context.userId, { months: SPENDING_MONTHS, today: context.today }),
    ]);
    const cashCents = toCents(cash.total);
    const averageCents = toCents(spending.average);
    // target = target_months × (3 months' total ÷ 3), rounded once at the end (target_months may be 4.5).
    const totalCents = toCents(spending.total);
    const targetCents = toCents(
      ((Number(totalCents) * input.target_months) / spending.months / 100).toFixed(6),
    );
    const gap = targetCents - cashCents;
    const monthsCovered =
      averageCents > 0n ? Math.round((Number(cashCents) / Number(averageCents)) * 100) / 100 : null;
    const data: EmergencyFundData = {
      targetMonths: input.target_months,
      liquidCash: cash,
      spending,
      monthsCovered,
      target: fromCents(targetCents),
      shortfall: fromCents(gap > 0n ? gap : 0n),
      surplus: fromCents(gap < 0n ? -gap : 0n),
    };
    const facts = [
      `Your liquid cash (checking and savings) is ${usd(cash.total)}, and you spent ${usd(spending.average)} a month on average ${periodText(spending.period)} (${count(spending.transactionCount, 'transaction')}).`,
      monthsCovered === null
        ? 'There was no spending in those months, so the months covered cannot be worked out.'
        : `That covers ${monthsCovered.toFixed(1)} months of expenses; a ${input.target_months}-month fund is ${usd(data.target)}.`,
      gap > 0n
        ? `You are ${usd(data.shortfall)} short of the ${input.target_months}-month target.`
        : `You are ${usd(data.surplus)} above the ${input.target_months}-month target.`,
    ];
    return {
      data,
      facts,
      blocks: [
        block('figures', {
          type: 'content',
          title: 'Emergency fund',
          content: [
            monthsCovered === null
              ? '/1 Months covered: n/a'
              : `/1 @number ${monthsCovered.toFixed(1)} months covered`,
            `Liquid cash ${money(cash.total)}, average spending ${money(spending.average)} a month`,
            gap > 0n
              ? `/red ${money(data.shortfall)} short of ${money(data.target)}`
              : `/green ${money(data.surplus)} above ${money(data.target)}`,
          ].join('\n'),
        }),
        block('chart', {
          type: 'bar',
          title: 'Spending in the last 3 months',
          labels: spending.byMonth.map((month) => month.month),
          datasets: [
            { label: 'Spending', data: spending.byMonth.map((month) => num(month.spending)), color: 'red' },
          ],
          currency_symbol: 'USD',
        }),
        block('table', {
          type: 'table',
          title: 'Liquid cash',
          columns: [
            { key: 'account', header: 'Account' },
            { key: 'kind', header: 'Type' },
            { key: 'balance', header: 'Balance' },
          ],
          rows: cash.accounts.map((account) => ({
            account: account.name,
            kind: account.kind,
            balance: num(account.balance),
          })),
          currency_symbol: 'USD',
        }),
      ],
      provenance: {
        accounts: [...new Set([...cash.accounts.map((account) => account.name), ...spending.accountsRead])],
        period: spending.period,
        transactionCount: spending.transactionCount,
      },
    };
  },
} satisfies FinanceTool<'emergency_fund'>;
