import { type AccountHistory, type BalancePoint, toCents } from '../../finance/index.ts';
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

/** Cards and loans: what was owed, said as owed (a balance of -$2,652.65 is $2,652.65 owed). */
function owedOnly(history: AccountHistory): boolean {
  return history.accounts.every((account) => account.kind === 'credit' || account.kind === 'loan');
}

function owedSentence(who: string, first: BalancePoint, last: BalancePoint): string {
  const owed = (point: BalancePoint) => -toCents(point.value ?? '0');
  const [before, after] = [owed(first), owed(last)];
  if (first === last) return `You owed ${usd(after)} on ${who} at the end of ${dayText(last.date)}.`;
  const moved = after - before;
  const change =
    moved === 0n ? 'the same' : `${usd(moved < 0n ? -moved : moved)} ${moved > 0n ? 'more' : 'less'}`;
  return `You owed ${usd(before)} on ${who} at the end of ${dayText(first.date)} and ${usd(after)} at the end of ${dayText(last.date)}: ${change}.`;
}

function heldSentence(
  who: string,
  first: BalancePoint,
  last: BalancePoint,
  delta: BalanceHistoryData['change'],
): string {
  if (!delta || !first.value || !last.value)
    return `${who}: ${usd(last.value ?? '0')} at the end of ${dayText(last.date)}.`;
  return `${who}: ${usd(first.value)} at the end of ${dayText(first.date)} and ${usd(last.value)} at the end of ${dayText(last.date)}, ${delta.amount.startsWith('-') ? 'down' : 'up'} ${usd(delta.amount.replace('-', ''))} (${signedPercent(delta.percent)}).`;
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
      owedOnly(history) ? owedSentence(who, first, last) : heldSentence(who, first, last, delta),
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
