import { escapeMarkup } from '@penny/contracts';
import { categoryLabel } from '../../finance/categories.ts';
import { categoryColor, previousPeriod, type SpendingByCategory } from '../../finance/index.ts';
import { partsChart } from './chart-choice.ts';
import {
  block,
  change,
  count,
  list,
  money,
  num,
  percent,
  periodText,
  signedMoney,
  signedPercent,
  signedUsd,
  usd,
} from './format.ts';
import { monthByMonthChart } from './ledger-query.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

export type PeriodComparison = {
  period: { start: string; end: string };
  total: string;
  transactionCount: number;
  /** This period's total minus the previous one's, and that as a percent of the previous one. */
  change: string;
  changePercent: number | null;
};

/**
 * The same figures for the same-length period just before, and the change: `read` totals a period
 * the way the tool totalled this one.
 */
export async function comparedWithBefore(
  period: { start: string; end: string },
  current: { total: string },
  read: (before: { start: string; end: string }) => Promise<{ total: string; transactionCount: number }>,
): Promise<PeriodComparison> {
  const before = previousPeriod(period);
  const earlier = await read(before);
  const delta = change(current.total, earlier.total);
  return {
    period: before,
    total: earlier.total,
    transactionCount: earlier.transactionCount,
    change: delta.amount,
    changePercent: delta.percent,
  };
}

export type SpendingByCategoryData = SpendingByCategory & { previous: PeriodComparison | null };

export function comparisonFact(what: string, previous: PeriodComparison): string {
  return `${what} ${periodText(previous.period)} (the period before): ${usd(previous.total)} across ${count(previous.transactionCount, 'transaction')}, so the change is ${signedUsd(previous.change)} (${signedPercent(previous.changePercent)}).`;
}

export const spendingByCategoryTool = {
  name: 'spending_by_category',
  description:
    "Totals the user's spending in a period (`start`, `end`, inclusive ISO days) by category: each primary category with its detailed categories, their amounts, shares and transaction counts. Spending = posted purchases net of refunds in USD; income, transfers between accounts and credit-card payments are not spending. Optional `category` (a code, primary like 'FOOD_AND_DRINK' or detailed like 'FOOD_AND_DRINK_GROCERIES') narrows to it, `account` (name or id) to one account, and `compare_previous` also totals the same-length period just before and gives the change in dollars and percent.",
  symbol: '🧾',
  describe(input) {
    const what = input.category
      ? `spending on ${categoryLabel(input.category).toLowerCase()}`
      : 'spending by category';
    const where = input.account ? ` on ${input.account}` : '';
    return `Totalling ${what}${where} ${periodText(input)}${input.compare_previous ? ', compared with the period before' : ''}`;
  },
  async execute(input, context): Promise<ToolResult<SpendingByCategoryData>> {
    const { analytics } = context.services;
    const query = { start: input.start, end: input.end, category: input.category, account: input.account };
    const result = await analytics.spendingByCategory(context.userId, query);
    const previous = input.compare_previous
      ? await comparedWithBefore(input, result, (before) =>
          analytics.spendingByCategory(context.userId, { ...query, ...before }),
        )
      : null;
    const data: SpendingByCategoryData = { ...result, previous };
    const subject = result.category ? result.category.label : 'Spending';
    const where = result.accountFilter.length > 0 ? ` on ${list(result.accountFilter)}` : '';
    const facts = [
      `${subject}${where} ${periodText(result.period)}: ${usd(result.total)} across ${count(result.transactionCount, 'transaction')}.`,
    ];
    if (previous) facts.push(comparisonFact(subject, previous));
    // With a detailed category there is nothing below it; otherwise the parts, largest first.
    const parts =
      result.category?.level === 'detailed'
        ? []
        : result.category
          ? (result.categories[0]?.detailed ?? [])
          : result.categories;
    for (const part of parts.slice(0, 8)) {
      facts.push(
        `${part.label}: ${usd(part.amount)} (${percent(part.sharePercent)} of the total, ${count(part.count, 'transaction')}).`,
      );
    }
    const blocks: ToolBlock[] = [
      block('figures', {
        type: 'content',
        title: subject,
        content: [
          `/1 ${escapeMarkup(subject)} ${money(result.total)}`,
          `${count(result.transactionCount, 'transaction')}, ${periodText(result.period)}`,
          ...(previous
            ? [
                `${previous.change.startsWith('-') ? '/green' : '/red'} ${signedMoney(previous.change)} (${signedPercent(previous.changePercent)}) vs ${periodText(previous.period)}`,
              ]
            : []),
        ].join('\n'),
      }),
    ];
    const positive = parts.filter((part) => Number(part.amount) > 0);
    const chart = partsChart(
      result.category ? `${result.category.label} by category` : 'Spending by category',
      positive.map((part) => ({
        label: part.label,
        value: num(part.amount),
        color: categoryColor(part.code),
      })),
      { currency_symbol: 'USD' },
    );
    if (chart) blocks.push(chart);
    // Over several months: how the total came about, month by month.
    const months = await monthByMonthChart(context, `${subject} by month`, {
      measure: 'spending',
      filters: {
        ...(input.category ? { categories: [input.category] } : {}),
        ...(input.account ? { account: input.account } : {}),
      },
      period: result.period,
    });
    if (months) blocks.push(months);
    if (parts.length > 0) {
      blocks.push(
        block('table', {
          type: 'table',
          title: 'By category',
          columns: [
            { key: 'category', header: 'Category', color_key: 'color' },
            { key: 'amount', header: 'Amount' },
            { key: 'share', header: 'Share (%)' },
            { key: 'transactions', header: 'Transactions' },
          ],
          rows: parts.map((part) => ({
            category: part.label,
            color: categoryColor(part.code),
            amount: num(part.amount),
            share: part.sharePercent,
            transactions: part.count,
          })),
          currency_symbol: 'USD',
        }),
      );
    }
    return {
      data,
      facts,
      blocks,
      provenance: {
        accounts: result.accountsRead,
        period: result.period,
        transactionCount: result.transactionCount,
      },
    };
  },
} satisfies FinanceTool<'spending_by_category'>;
