import { escapeMarkup } from '@penny/contracts';
import { categoryLabel } from '../../finance/categories.ts';
import type { SpendingByMerchant } from '../../finance/index.ts';
import { rankingChart } from './chart-choice.ts';
import {
  block,
  count,
  list,
  money,
  num,
  percent,
  periodText,
  signedMoney,
  signedPercent,
  usd,
} from './format.ts';
import { comparedWithBefore, comparisonFact, type PeriodComparison } from './spending-by-category.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

export type SpendingByMerchantData = SpendingByMerchant & { previous: PeriodComparison | null };

export const spendingByMerchantTool = {
  name: 'spending_by_merchant',
  description:
    "Totals the user's spending in a period by merchant (the bank's merchant name, or the description when it names none), largest first: the top `limit` (default 10) with amounts, shares and transaction counts, plus the total and the number of merchants. Same spending rules as spending_by_category (posted, net of refunds, no transfers, card payments or income). Optional `merchant` (part of a name, any case: 'starbucks'), `category` code, `account`, and `compare_previous` for the same-length period just before.",
  symbol: '🏪',
  describe(input) {
    const what = input.merchant ? `spending at "${input.merchant}"` : 'spending by merchant';
    return `Totalling ${what}${input.category ? ` in ${categoryLabel(input.category).toLowerCase()}` : ''} ${periodText(input)}`;
  },
  async execute(input, context): Promise<ToolResult<SpendingByMerchantData>> {
    const { analytics } = context.services;
    const query = {
      start: input.start,
      end: input.end,
      category: input.category,
      merchant: input.merchant,
      account: input.account,
      limit: input.limit,
    };
    const result = await analytics.spendingByMerchant(context.userId, query);
    const previous = input.compare_previous
      ? await comparedWithBefore(input, result, (before) =>
          analytics.spendingByMerchant(context.userId, { ...query, ...before }),
        )
      : null;
    const data: SpendingByMerchantData = { ...result, previous };
    const subject = [
      result.merchantFilter ? `Spending at "${result.merchantFilter}"` : 'Spending',
      result.category ? ` on ${result.category.label}` : '',
      result.accountFilter.length > 0 ? ` from ${list(result.accountFilter)}` : '',
    ].join('');
    const facts = [
      `${subject} ${periodText(result.period)}: ${usd(result.total)} across ${count(result.transactionCount, 'transaction')} at ${count(result.merchantCount, 'merchant')}.`,
    ];
    if (previous) facts.push(comparisonFact(subject, previous));
    for (const merchant of result.merchants) {
      facts.push(
        `${merchant.name}: ${usd(merchant.amount)} (${count(merchant.count, 'transaction')}, ${percent(merchant.sharePercent)}).`,
      );
    }
    if (result.merchantCount > result.merchants.length && result.merchants.length > 0) {
      facts.push(
        `The other ${count(result.merchantCount - result.merchants.length, 'merchant')}: ${usd(result.otherAmount)}.`,
      );
    }
    const blocks: ToolBlock[] = [
      block('figures', {
        type: 'content',
        title: subject,
        content: [
          `/1 ${escapeMarkup(subject)} ${money(result.total)}`,
          `${count(result.transactionCount, 'transaction')} at ${count(result.merchantCount, 'merchant')}, ${periodText(result.period)}`,
          ...(previous
            ? [
                `${previous.change.startsWith('-') ? '/green' : '/red'} ${signedMoney(previous.change)} (${signedPercent(previous.changePercent)}) vs ${periodText(previous.period)}`,
              ]
            : []),
        ].join('\n'),
      }),
    ];
    if (result.merchants.length > 0) {
      const chart = rankingChart(
        `Top ${result.merchants.length} merchants`,
        'Spending',
        result.merchants.map((merchant) => ({ label: merchant.name, value: num(merchant.amount) })),
        { currency_symbol: 'USD' },
        'blue',
      );
      if (chart) blocks.push(chart);
      blocks.push(
        block('table', {
          type: 'table',
          title: 'By merchant',
          columns: [
            { key: 'merchant', header: 'Merchant' },
            { key: 'amount', header: 'Amount' },
            { key: 'transactions', header: 'Transactions' },
            { key: 'share', header: 'Share (%)' },
          ],
          rows: result.merchants.map((merchant) => ({
            merchant: merchant.name,
            amount: num(merchant.amount),
            transactions: merchant.count,
            share: merchant.sharePercent,
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
} satisfies FinanceTool<'spending_by_merchant'>;
