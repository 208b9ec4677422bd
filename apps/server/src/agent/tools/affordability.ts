import {
  addDays,
  addMonths,
  type CashFlow,
  divideCents,
  fromCents,
  type LiquidCash,
  toCents,
} from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { dollars } from './calculators.ts';
import { chargeText, type DuePayments, duePayments } from './due-payments.ts';
import { block, dayText, list, money, monthText, num, periodText, usd, usdOf } from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

/** The full months the typical surplus is read from. */
const SURPLUS_MONTHS = 3;
/** When a one-off cost is paid, unless the user says. */
const DEFAULT_DAYS_AHEAD = 30;

export type AffordabilityData = {
  amount: string;
  monthly: boolean;
  today: string;
  /** The day the one-off cost is paid (the recurring payments due until then count). */
  by: string;
  cash: LiquidCash;
  /** Income − spending per full month, and their average (rounded to the cent). */
  surplus: {
    period: { start: string; end: string };
    months: Array<{ month: string; income: string; spending: string; net: string }>;
    total: string;
    average: string;
  };
  due: DuePayments;
  /**
   * One-off: cash on hand − the payments due by `by` − the amount. Monthly: the typical surplus − the
   * amount. Negative: the shortfall.
   */
  left: string;
  /** One-off: the amount ÷ the typical surplus (one decimal); null without a surplus. */
  monthsOfSurplus: number | null;
};

function surplusOf(flow: CashFlow): AffordabilityData['surplus'] {
  const total = flow.months.reduce((sum, month) => sum + toCents(month.net), 0n);
  return {
    period: flow.period,
    months: flow.months.map(({ month, income, spending, net }) => ({ month, income, spending, net })),
    total: fromCents(total),
    average: fromCents(divideCents(total, BigInt(flow.months.length))),
  };
}

function surplusFact(surplus: AffordabilityData['surplus']): string {
  const months = surplus.months.map(
    (month) =>
      `${monthText(month.month)} ${usd(month.net)} (income ${usd(month.income)} − spending ${usd(month.spending)})`,
  );
  return `Your monthly surplus (income − spending) over the last ${SURPLUS_MONTHS} full months: ${list(months)}; ${usd(surplus.average)} a month on average.`;
}

function verdict(data: AffordabilityData): string {
  const left = toCents(data.left);
  if (data.monthly) {
    return left >= 0n
      ? `Your typical surplus would cover ${usd(data.amount)} a month more, with ${usd(data.left)} a month left.`
      : `${usd(data.amount)} a month more is ${usd(-left)} a month beyond your typical surplus of ${usd(data.surplus.average)}, so it would come out of savings.`;
  }
  const by = dayText(data.by, data.today);
  const months =
    data.monthsOfSurplus === null
      ? 'Your last full months show no surplus to save it from.'
      : `It would take about ${data.monthsOfSurplus.toFixed(1)} months of your typical surplus of ${usd(data.surplus.average)} to save it.`;
  return left >= 0n
    ? `Your cash would cover it with ${usd(data.left)} left after the payments due by ${by}. ${months}`
    : `Your cash would fall ${usd(-left)} short of it after the payments due by ${by}. ${months}`;
}

function arithmeticFact(data: AffordabilityData): string {
  if (data.monthly) {
    return `Typical surplus ${usd(data.surplus.average)} − ${usd(data.amount)} a month = ${usd(data.left)} a month left.`;
  }
  return `Cash on hand ${usd(data.cash.total)} − payments due ${usd(data.due.total)} − ${usd(data.amount)} = ${usd(data.left)} left.`;
}

function assumptions(data: AffordabilityData): string {
  return data.monthly
    ? `This assumes the last ${SURPLUS_MONTHS} full months are a guide to the coming ones (their spending already includes your recurring bills), sells no investments, and counts no debts beyond what those months paid.`
    : `This assumes the last ${SURPLUS_MONTHS} full months are a guide to the coming ones, sells no investments, and counts no debts beyond the recurring payments due by ${dayText(data.by, data.today)}.`;
}

function affordabilityBlocks(data: AffordabilityData): ToolBlock[] {
  const positive = !data.left.startsWith('-');
  const blocks: ToolBlock[] = [
    block('figures', {
      type: 'content',
      title: data.monthly
        ? `${usd(data.amount)} a month`
        : `${usd(data.amount)} by ${dayText(data.by, data.today)}`,
      content: (data.monthly
        ? [
            `Typical monthly surplus ${money(data.surplus.average)}`,
            `/1 ${positive ? '/green' : '/red'} ${money(data.left)} a month left`,
          ]
        : [
            `Cash on hand ${money(data.cash.total)}`,
            `Payments due by ${dayText(data.by, data.today)} ${money(data.due.total)}`,
            `/1 ${positive ? '/green' : '/red'} ${money(data.left)} left`,
          ]
      ).join('\n'),
    }),
    block('chart', {
      type: 'bar',
      title: 'Monthly surplus, last 3 full months',
      labels: data.surplus.months.map((month) => month.month),
      datasets: [{ label: 'Income − spending', data: data.surplus.months.map((month) => num(month.net)) }],
      currency_symbol: 'USD',
    }),
  ];
  if (!data.monthly) {
    blocks.push(
      block('table', {
        type: 'table',
        title: 'Cash on hand and payments due',
        columns: [
          { key: 'item', header: 'Item' },
          { key: 'date', header: 'Date' },
          { key: 'amount', header: 'Amount' },
        ],
        rows: [
          ...data.cash.accounts.map((account) => ({
            item: account.name,
            date: data.today,
            amount: num(account.balance),
          })),
          ...data.due.charges.map((charge) => ({
            item: charge.merchant,
            date: charge.date,
            amount: num(`-${charge.amount}`),
          })),
          { item: 'The cost', date: data.by, amount: num(`-${data.amount}`) },
        ],
        currency_symbol: 'USD',
      }),
    );
  }
  return blocks;
}

/** The amount in cents, more than zero. */
function costCents(amount: number | string): bigint {
  const cents = toCents(dollars(amount).toFixed(2));
  if (cents <= 0n)
    throw new ServiceError('request:invalid', `The amount must be more than $0 (got ${amount}).`);
  return cents;
}

export const affordabilityTool = {
  name: 'affordability',
  description:
    "Whether the user's money covers a cost, for 'can I afford a $2,000 trip' or 'can I afford $500 a month more rent'. One-off (`amount`, optional `by`, the day it is paid, default 30 days ahead): cash on hand (checking and savings) minus the recurring payments expected by then minus the amount. Monthly (`monthly: true`): the typical monthly surplus (income − spending, average of the last 3 full months) minus the amount. States each month's surplus, the payments due, the arithmetic and its assumptions; it never sells investments or counts other debts.",
  symbol: '⚖️',
  describe(input) {
    return input.monthly
      ? `Checking whether ${usdOf(input.amount)} a month fits your monthly surplus`
      : `Checking whether your cash covers ${usdOf(input.amount)}${input.by ? ` by ${dayText(input.by)}` : ''}`;
  },
  async execute(input, context): Promise<ToolResult<AffordabilityData>> {
    const { analytics } = context.services;
    const { userId, today } = context;
    const amount = costCents(input.amount);
    const by = input.by ?? addDays(today, DEFAULT_DAYS_AHEAD);
    if (by < today) {
      throw new ServiceError(
        'request:invalid',
        `The day to pay by (${dayText(by)}) is before today (${dayText(today)}).`,
      );
    }
    const firstOfThisMonth = `${today.slice(0, 7)}-01`;
    const [cash, flow, due] = await Promise.all([
      analytics.liquidCash(userId),
      analytics.cashFlowByMonth(userId, {
        start: addMonths(firstOfThisMonth, -SURPLUS_MONTHS),
        end: addDays(firstOfThisMonth, -1),
      }),
      duePayments(analytics, userId, today, by),
    ]);
    const surplus = surplusOf(flow);
    const average = toCents(surplus.average);
    const left = input.monthly ? average - amount : toCents(cash.total) - toCents(due.total) - amount;
    const data: AffordabilityData = {
      amount: fromCents(amount),
      monthly: input.monthly,
      today,
      by,
      cash,
      surplus,
      due,
      left: fromCents(left),
      monthsOfSurplus:
        input.monthly || average <= 0n ? null : Math.round((Number(amount) / Number(average)) * 10) / 10,
    };
    const names = cash.accounts.map((account) => `${account.name} ${usd(account.balance)}`);
    const facts = [
      `Cash on hand (checking and savings) is ${usd(cash.total)}${names.length > 0 ? `: ${list(names)}` : ''}.`,
      surplusFact(surplus),
    ];
    if (!input.monthly) {
      facts.push(
        due.charges.length === 0
          ? `No recurring payments are expected ${periodText(due.period)}.`
          : `Recurring payments expected ${periodText(due.period)}: ${list(due.charges.map((charge) => chargeText(charge, due.period.start)))}; ${usd(due.total)} in total.`,
      );
    }
    facts.push(arithmeticFact(data), verdict(data), assumptions(data));
    return {
      data,
      facts,
      blocks: affordabilityBlocks(data),
      provenance: {
        accounts: [
          ...new Set([
            ...cash.accounts.map((account) => account.name),
            ...flow.accountsRead,
            ...due.accounts,
          ]),
        ],
        period: flow.period,
        transactionCount: flow.totals.transactionCount,
      },
    };
  },
} satisfies FinanceTool<'affordability'>;
