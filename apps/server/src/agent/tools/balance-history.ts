import type { AccountHistory, BalancePoint } from '../../finance/index.ts';
import { seriesChart } from './chart-choice.ts';
import {
  block,
  change,
  dayText,
  list,
  money,
  num,
  periodText,
  signedMoney,
  signedPercent,
  usd,
} from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type BalanceHistoryData = AccountHistory & {
  /** From the first known balance to the last: the change in dollars and percent. */
  change: { from: BalancePoint; to: BalancePoint; amount: string; percent: number | null } | null;
};

/** 'High-Yield Savings', 'Everyday Checking and High-Yield Savings together'. */
function subject(history: AccountHistory): string {
  const names = history.accounts.map((account) => account.name);
  return names.length === 1 ? (names[0] ?? '') : `${list(names)} together`;
}

/** The month ends inside the period, as 'Jan 31 $1,200.00' items (not the opening or the last day). */
function monthEnds(history: AccountHistory): BalancePoint[] {
  return history.points.slice(1, -1);
}

export const balanceHistoryTool = {
  name: 'balance_history',
  description:
    "One account's balance over a period (or the accounts of a kind together, e.g. 'savings'): at the end of the day before the period starts, at each month's end in it, and on its last day, with the change. Bank and card balances are rebuilt from their transactions; investment and wallet balances are known only from the first balance Penny recorded.",
  symbol: '📉',
  describe(input) {
    return `Reading the balance of ${input.account} ${periodText(input)}`;
  },
  async execute(input, context): Promise<ToolResult<BalanceHistoryData>> {
    const history = await context.services.analytics.accountBalanceHistory(context.userId, input);
    const known = history.points.filter((point) => point.value !== null);
    const first = known[0];
    const last = known.at(-1);
    const delta =
      first?.value && last?.value && first !== last
        ? { from: first, to: last, ...change(last.value, first.value) }
        : null;
    const data: BalanceHistoryData = { ...history, change: delta };
    const who = subject(history);
    const provenance = {
      accounts: history.accounts.map((account) => account.name),
      period: { start: history.period.start, end: history.period.end },
      transactionCount: 0,
    };
    if (!first?.value || !last?.value) {
      return {
        data,
        facts: [
          `The balance of ${who} ${periodText(history.period)} is not known: its balances were first recorded after that.`,
        ],
        blocks: [],
        provenance,
      };
    }
    const opening = history.points[0];
    const facts = [
      delta
        ? `${who}: ${usd(first.value)} on ${dayText(first.date)} and ${usd(last.value)} on ${dayText(last.date)}, ${delta.amount.startsWith('-') ? 'down' : 'up'} ${usd(delta.amount.replace('-', ''))} (${signedPercent(delta.percent)}).`
        : `${who}: ${usd(last.value)} on ${dayText(last.date)} (at the end of the day).`,
      ...(opening && opening.value === null
        ? [`Its balance before ${dayText(first.date)} is not known: balances were first recorded then.`]
        : []),
      ...(monthEnds(history).length > 0
        ? [
            `At each month's end: ${monthEnds(history)
              .map(
                (point) => `${dayText(point.date)} ${point.value === null ? 'not known' : usd(point.value)}`,
              )
              .join(', ')}.`,
          ]
        : []),
    ];
    const chart = seriesChart(
      `Balance of ${who}`,
      history.points.map((point) => point.date),
      [{ label: who, data: history.points.map((point) => num(point.value)), color: 'blue' }],
      { currency_symbol: 'USD' },
    );
    return {
      data,
      facts,
      blocks: [
        block('figures', {
          type: 'content',
          title: `Balance of ${who}`,
          content: `/1 ${money(last.value)}${
            delta
              ? `\nSince ${dayText(delta.from.date)}: ${delta.amount.startsWith('-') ? '/red' : '/green'} ${signedMoney(delta.amount)} (${signedPercent(delta.percent)})`
              : ''
          }`,
        }),
        ...(chart ? [chart] : []),
        block('table', {
          type: 'table',
          title: `Balance of ${who} by day`,
          columns: [
            { key: 'date', header: 'At the end of' },
            { key: 'balance', header: 'Balance' },
          ],
          rows: history.points.map((point) => ({ date: dayText(point.date), balance: num(point.value) })),
          currency_symbol: 'USD',
        }),
      ],
      provenance,
    };
  },
} satisfies FinanceTool<'balance_history'>;
