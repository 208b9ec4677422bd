import { escapeMarkup } from '@penny/contracts';
import { type BudgetLine, type BudgetStatus, categoryColor, monthEnd, toCents } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { rankingChart } from './chart-choice.ts';
import { block, count, dayText, money, monthText, num, percent, periodText, usd } from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

/** Each budget's status as the table says it. */
const PACE_WORDS = {
  over: 'Over budget',
  ahead: 'Ahead of pace',
  on_track: 'On track',
} as const satisfies Record<BudgetLine['pace'], string>;

/** '$150.00 left' or '$20.00 over'. */
function leftWords(left: string): string {
  const cents = toCents(left);
  return cents < 0n ? `${usd(-cents)} over` : `${usd(cents)} left`;
}

function paceWords(line: BudgetLine, pastMonth: boolean): string {
  if (line.pace === 'over') return 'over budget';
  if (pastMonth) return 'within budget';
  const cents = toCents(line.overPace);
  if (cents > 0n) return `${usd(cents)} ahead of pace`;
  return cents === 0n ? 'exactly on pace' : `${usd(-cents)} under pace`;
}

function lineFact(line: BudgetLine, status: BudgetStatus, pastMonth: boolean): string {
  const spent = `${line.label}: ${usd(line.spent)} spent of ${usd(line.budget)} (${percent(line.usedPercent)} used), ${leftWords(line.left)}`;
  if (pastMonth) return `${spent}: ${paceWords(line, true)}.`;
  return `${spent}; an even pace allows ${usd(line.paceAmount)} by ${dayText(status.period.end, status.period.start)}, so ${paceWords(line, false)}.`;
}

function statusTable(status: BudgetStatus): ToolBlock {
  return block('table', {
    type: 'table',
    title: 'Budgets',
    columns: [
      { key: 'category', header: 'Category', color_key: 'color' },
      { key: 'budget', header: 'Budget' },
      { key: 'spent', header: 'Spent' },
      { key: 'left', header: 'Left' },
      { key: 'used', header: 'Used (%)' },
      { key: 'pace', header: 'Even pace by today' },
      { key: 'status', header: 'Status' },
    ],
    rows: status.budgets.map((line) => ({
      category: line.label,
      color: categoryColor(line.code),
      budget: num(line.budget),
      spent: num(line.spent),
      left: num(line.left),
      used: line.usedPercent,
      pace: num(line.paceAmount),
      status: PACE_WORDS[line.pace],
    })),
    currency_symbol: 'USD',
  });
}

/** The day the status counts through: today this month, a past month's last day; a later month is refused. */
function throughDay(month: string | undefined, today: string): string {
  if (month === undefined || month === today.slice(0, 7)) return today;
  if (month > today.slice(0, 7)) {
    throw new ServiceError('request:invalid', 'Budgets can be checked for this month or a past one.');
  }
  return monthEnd(`${month}-01`);
}

/**
 * Each budget against the month's spending, what is left, and the pace (docs/decisions/0023-budgets.md).
 * Reads only; budgets are set by `propose_budget` and the user's confirm.
 */
export const budgetStatusTool = {
  name: 'budget_status',
  description:
    "How the user is doing on their monthly budgets: for each budgeted primary category, this month's spending so far (or a past `month`, YYYY-MM), the budget, what is left, the percent used, and the pace (what an even pace allows by today: the budget × the share of the month elapsed). Spending is counted as spending_by_category counts it. Use it for 'how am I doing on my budgets', 'am I over budget on dining'.",
  symbol: '🎯',
  describe(input) {
    return `Checking your budgets${input.month ? ` for ${monthText(input.month)}` : ' this month'}`;
  },
  async execute(input, context): Promise<ToolResult<BudgetStatus>> {
    const through = throughDay(input.month, context.today);
    const status = await context.services.analytics.budgetStatus(context.userId, through);
    const pastMonth = through !== context.today;
    const provenance = {
      accounts: status.accountsRead,
      period: status.period,
      transactionCount: status.transactionCount,
    };
    if (status.budgets.length === 0) {
      return {
        data: status,
        facts: [
          'You have no budgets set yet. You can ask me to set one, for example "set a $400 dining budget".',
        ],
        blocks: [],
        provenance,
      };
    }
    const { totals } = status;
    const elapsed = pastMonth
      ? ''
      : ` (${count(status.daysElapsed, 'day')} of ${status.daysInMonth}, ${percent(status.elapsedPercent)} of the month)`;
    const headline = `Budgets ${periodText(status.period)}${elapsed}: ${usd(totals.spent)} spent of ${usd(totals.budget)} budgeted across ${count(status.budgets.length, 'category', 'categories')}, ${leftWords(totals.left)}.`;
    const facts = [headline, ...status.budgets.map((line) => lineFact(line, status, pastMonth))];
    const over = status.budgets.filter((line) => line.pace === 'over');
    const blocks: ToolBlock[] = [
      block('figures', {
        type: 'content',
        title: `Budgets, ${monthText(status.month)}`,
        content: [
          `/1 ${escapeMarkup('Left to spend')} ${money(totals.left)}`,
          `${money(totals.spent)} spent of ${money(totals.budget)}, ${periodText(status.period)}`,
          ...over.map((line) => `/red ${escapeMarkup(line.label)}: ${leftWords(line.left)}`),
        ].join('\n'),
      }),
    ];
    const chart = rankingChart(
      'Budget used (%)',
      'Used',
      status.budgets.map((line) => ({
        label: line.label,
        value: line.usedPercent,
        color: categoryColor(line.code),
      })),
      { unit: '%' },
    );
    if (chart) blocks.push(chart);
    blocks.push(statusTable(status));
    return { data: status, facts, blocks, provenance };
  },
} satisfies FinanceTool<'budget_status'>;
