import { categoryLabel } from '../../finance/categories.ts';
import type { TransactionRow, TransactionSearch } from '../../finance/index.ts';
import { block, count, dayText, list, money, num, periodText, usd } from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

export type SearchTransactionsData = TransactionSearch;

/** A table of transactions (newest first or as given). */
export function transactionsTable(title: string, rows: readonly TransactionRow[]): ToolBlock {
  return block('table', {
    type: 'table',
    title,
    columns: [
      { key: 'date', header: 'Date' },
      { key: 'description', header: 'Description' },
      { key: 'category', header: 'Category' },
      { key: 'account', header: 'Account' },
      { key: 'amount', header: 'Amount' },
    ],
    rows: rows.map((row) => ({
      date: row.date,
      description: row.merchant && row.merchant !== row.name ? `${row.merchant} (${row.name})` : row.name,
      category: row.categoryLabel,
      account: row.account,
      amount: num(row.amount),
    })),
    currency_symbol: 'USD',
  });
}

function filterWords(filters: TransactionSearch['filters']): string {
  const parts: string[] = [];
  if (filters.text) parts.push(`mentioning "${filters.text}"`);
  if (filters.merchant) parts.push(`at "${filters.merchant}"`);
  if (filters.categories.length > 1)
    parts.push(`in ${filters.categories.map((code) => categoryLabel(code)).join(' or ')}`);
  else if (filters.category) parts.push(`in ${categoryLabel(filters.category)}`);
  if (filters.direction) parts.push(filters.direction === 'in' ? 'money in' : 'money out');
  if (filters.minAmount && filters.maxAmount)
    parts.push(`between ${usd(filters.minAmount)} and ${usd(filters.maxAmount)}`);
  else if (filters.minAmount) parts.push(`of at least ${usd(filters.minAmount)}`);
  else if (filters.maxAmount) parts.push(`of at most ${usd(filters.maxAmount)}`);
  if (filters.accounts.length > 0) parts.push(`on ${list(filters.accounts)}`);
  return parts.length > 0 ? ` ${parts.join(', ')}` : '';
}

export const searchTransactionsTool = {
  name: 'search_transactions',
  description:
    "Finds the user's posted transactions by words in the description or merchant (`text`), `merchant`, `category` code (primary or detailed), absolute amount range in dollars (`min_amount`, `max_amount`), `direction` ('in' = money received, 'out' = money paid), dates (`start`, `end`) and `account` (name or id). Answers how many matched, their total in and out, and lists the newest `limit` (default 50). Use it for 'show me my Starbucks transactions', 'how many times did I…', 'find the $120 charge'.",
  symbol: '🔎',
  describe(input) {
    const what = input.merchant ?? input.text;
    const period =
      input.start && input.end
        ? ` ${periodText({ start: input.start, end: input.end })}`
        : input.start
          ? ` since ${dayText(input.start)}`
          : input.end
            ? ` up to ${dayText(input.end)}`
            : '';
    return `Searching transactions${what ? ` for "${what}"` : input.category ? ` in ${categoryLabel(input.category).toLowerCase()}` : ''}${period}`;
  },
  async execute(input, context): Promise<ToolResult<SearchTransactionsData>> {
    const result = await context.services.analytics.searchTransactions(context.userId, {
      text: input.text,
      merchant: input.merchant,
      category: input.category,
      categories: input.categories,
      minAmount: input.min_amount,
      maxAmount: input.max_amount,
      direction: input.direction,
      start: input.start,
      end: input.end,
      account: input.account,
      limit: input.limit,
    });
    const period =
      input.start || input.end || result.firstDate
        ? {
            start: input.start ?? result.firstDate ?? input.end ?? context.today,
            end: input.end ?? result.lastDate ?? context.today,
          }
        : undefined;
    const filters = filterWords(result.filters);
    const when = period ? ` ${periodText(period)}` : '';
    if (result.count === 0) {
      return {
        data: result,
        facts: [`No posted transactions${filters}${when} were found (0 transactions).`],
        blocks: [],
        provenance: { accounts: result.filters.accounts, ...(period ? { period } : {}), transactionCount: 0 },
      };
    }
    const facts = [
      `Found ${count(result.count, 'transaction')}${filters}${when}: ${usd(result.moneyOut)} out and ${usd(result.moneyIn)} in (net ${usd(result.net)}).`,
    ];
    if (result.hasMore)
      facts.push(
        `Listed: the newest ${result.transactions.length} of the ${result.count.toLocaleString('en-US')}.`,
      );
    for (const row of result.transactions.slice(0, 5)) {
      facts.push(
        `${dayText(row.date)}: ${row.merchant ?? row.name}, ${usd(row.amount)} (${row.categoryLabel}, ${row.account}).`,
      );
    }
    return {
      data: result,
      facts,
      blocks: [
        block('figures', {
          type: 'content',
          title: 'Matching transactions',
          content: `/1 ${count(result.count, 'transaction')}\n/red Out ${money(result.moneyOut)} /green In ${money(result.moneyIn)}\nNet ${money(result.net)}`,
        }),
        transactionsTable(
          result.hasMore ? `Newest ${result.transactions.length} of ${result.count}` : 'Transactions',
          result.transactions,
        ),
      ],
      provenance: {
        accounts: result.accountsRead,
        ...(period ? { period } : {}),
        transactionCount: result.count,
      },
    };
  },
} satisfies FinanceTool<'search_transactions'>;
