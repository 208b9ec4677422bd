import type { AverageMonthlySpending, LiquidCash } from '../../finance/index.ts';
import { fromCents, toCents } from '../../finance/index.ts';
import { dollars } from './calculators.ts';
import { block, count, money, num, periodText, usd } from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

/** The months of spending the fund is measured against. */
const SPENDING_MONTHS = 3;

export type EmergencyFundData = {
  targetMonths: number;
  liquidCash: LiquidCash;
  /** Where the monthly expenses come from: the user's own figure, or the ledger's average. */
  expensesFrom: 'given' | 'ledger';
  /** Monthly expenses: the given figure, or the ledger's average over the last 3 full months. */
  monthlyExpenses: string;
  /** The ledger's spending behind the average (null when the user gave their expenses). */
  spending: AverageMonthlySpending | null;
  /** Liquid cash ÷ monthly expenses (two decimals); null without expenses. */
  monthsCovered: number | null;
  /** target_months × monthly expenses (from the exact 3-month total, rounded to the cent once). */
  target: string;
  /** How much more cash the target needs (0 when met), and any surplus over it. */
  shortfall: string;
  surplus: string;
};

/** Many keep the fund in savings alone: the savings accounts' part of the cash, when there is checking too. */
function savingsOnly(cash: EmergencyFundData['liquidCash']): string[] {
  const savings = cash.accounts.filter((account) => account.kind === 'savings');
  if (savings.length === 0 || savings.length === cash.accounts.length) return [];
  const total = fromCents(savings.reduce((sum, account) => sum + toCents(account.balance), 0n));
  return [`In savings accounts alone: ${usd(total)} (${savings.map((account) => account.name).join(', ')}).`];
}

export const emergencyFundTool = {
  name: 'emergency_fund',
  description:
    "Emergency fund check: the target (`target_months`, default 6, times monthly expenses), the user's liquid cash (checking and savings balances), the months of expenses it covers, and the shortfall or surplus. Monthly expenses are `monthly_expenses` when the user states them, else the average monthly spending over the last 3 full calendar months from the ledger.",
  symbol: '🛟',
  describe(input) {
    return `Checking your emergency fund against ${count(input.target_months, 'month')} of expenses`;
  },
  async execute(input, context): Promise<ToolResult<EmergencyFundData>> {
    const { analytics } = context.services;
    const given = input.monthly_expenses === undefined ? null : toCents(dollars(input.monthly_expenses));
    const [cash, spending] = await Promise.all([
      analytics.liquidCash(context.userId),
      given === null
        ? analytics.averageMonthlySpending(context.userId, { months: SPENDING_MONTHS, today: context.today })
        : Promise.resolve(null),
    ]);
    const cashCents = toCents(cash.total);
    const monthlyCents = given ?? toCents(spending?.average ?? '0');
    // target = target_months × (the 3 months' total ÷ 3), rounded once at the end (target_months may be 4.5).
    const baseCents = given ?? toCents(spending?.total ?? '0');
    const baseMonths = given === null ? (spending?.months ?? 1) : 1;
    const targetCents = toCents(((Number(baseCents) * input.target_months) / baseMonths / 100).toFixed(6));
    const gap = targetCents - cashCents;
    const monthsCovered =
      monthlyCents > 0n ? Math.round((Number(cashCents) / Number(monthlyCents)) * 100) / 100 : null;
    const data: EmergencyFundData = {
      targetMonths: input.target_months,
      liquidCash: cash,
      expensesFrom: given === null ? 'ledger' : 'given',
      monthlyExpenses: fromCents(monthlyCents),
      spending,
      monthsCovered,
      target: fromCents(targetCents),
      shortfall: fromCents(gap > 0n ? gap : 0n),
      surplus: fromCents(gap < 0n ? -gap : 0n),
    };
    const months = `${input.target_months}-month`;
    const basis = spending
      ? `${input.target_months} × your average monthly spending of ${usd(spending.average)} ${periodText(spending.period)} (${count(spending.transactionCount, 'transaction')})`
      : `${input.target_months} × your monthly expenses of ${usd(data.monthlyExpenses)}`;
    const facts = [
      `A ${months} emergency fund is ${usd(data.target)}. That is ${basis}.`,
      monthsCovered === null
        ? `Your liquid cash (checking and savings) is ${usd(cash.total)}; with no expenses, the months it covers cannot be worked out.`
        : `Your liquid cash (checking and savings) is ${usd(cash.total)}, which covers ${monthsCovered.toFixed(1)} months of expenses.`,
      gap > 0n
        ? `You are ${usd(data.shortfall)} short of the ${months} target.`
        : `You are ${usd(data.surplus)} above the ${months} target.`,
      ...savingsOnly(cash),
    ];
    const blocks: ToolBlock[] = [
      block('figures', {
        type: 'content',
        title: 'Emergency fund',
        content: [
          `/1 ${months} fund ${money(data.target)}`,
          monthsCovered === null
            ? `Liquid cash ${money(cash.total)}`
            : `Liquid cash ${money(cash.total)}: @number ${monthsCovered.toFixed(1)} months covered`,
          gap > 0n ? `/red ${money(data.shortfall)} short` : `/green ${money(data.surplus)} above the target`,
        ].join('\n'),
      }),
    ];
    if (spending) {
      blocks.push(
        block('chart', {
          type: 'bar',
          title: 'Spending in the last 3 full months',
          labels: spending.byMonth.map((month) => month.month),
          datasets: [
            { label: 'Spending', data: spending.byMonth.map((month) => num(month.spending)), color: 'blue' },
          ],
          currency_symbol: 'USD',
        }),
      );
    }
    blocks.push(
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
    );
    return {
      data,
      facts,
      blocks,
      provenance: {
        accounts: [
          ...new Set([...cash.accounts.map((account) => account.name), ...(spending?.accountsRead ?? [])]),
        ],
        ...(spending ? { period: spending.period } : {}),
        transactionCount: spending?.transactionCount ?? 0,
      },
    };
  },
} satisfies FinanceTool<'emergency_fund'>;
