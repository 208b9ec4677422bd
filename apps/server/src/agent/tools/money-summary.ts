import {
  addDays,
  addMonths,
  type CashFlow,
  monthEnd,
  type NetWorth,
  type Period,
  type SpendingByCategory,
} from '../../finance/index.ts';
import { chargeText, type DuePayments, duePayments } from './due-payments.ts';
import {
  block,
  change,
  count,
  dayText,
  list,
  money,
  num,
  periodText,
  signedMoney,
  signedPercent,
  signedUsd,
  usd,
} from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

/** How far ahead the summary looks for recurring payments. */
const UPCOMING_DAYS = 14;
/** The categories the summary names. */
const TOP_CATEGORIES = 3;

type Change = { amount: string; percent: number | null };

export type MoneySummaryData = {
  today: string;
  netWorth: Pick<NetWorth, 'net' | 'assets' | 'liabilities' | 'unpriced'> & {
    accounts: number;
    /** From last month's end, when every account had a value then; else null. */
    change: (Change & { from: string; before: string }) | null;
  };
  /** This month so far, the same days of last month, and the whole of last month. */
  thisMonth: { period: Period; income: string; spending: string; spendingCount: number };
  sameDaysLastMonth: { period: Period; income: string; spending: string; spendingCount: number };
  lastMonth: { period: Period; income: string; spending: string; spendingCount: number };
  /** This month's spending against the same days of last month. */
  spendingChange: Change;
  topCategories: Array<{ code: string | null; label: string; amount: string; count: number }>;
  upcoming: DuePayments;
};

/** The periods the summary compares: this month to today, the same days of last month, all of last month. */
export function summaryPeriods(today: string) {
  const thisStart = `${today.slice(0, 7)}-01`;
  const lastStart = addMonths(thisStart, -1);
  const lastEnd = addDays(thisStart, -1);
  // Day N of this month against day N of last month (the month's end when it is shorter).
  const sameEnd = addDays(lastStart, Number(today.slice(8, 10)) - 1);
  return {
    thisMonth: { start: thisStart, end: today },
    sameDays: { start: lastStart, end: sameEnd < lastEnd ? sameEnd : lastEnd },
    lastMonth: { start: lastStart, end: monthEnd(lastStart) },
  };
}

function flowIn(flow: CashFlow, period: Period) {
  const month = flow.months.find((item) => item.month === period.start.slice(0, 7));
  return {
    period,
    income: month?.income ?? '0.00',
    spending: month?.spending ?? '0.00',
    spendingCount: month?.spendingCount ?? 0,
  };
}

function netWorthFacts(data: MoneySummaryData): string[] {
  const worth = data.netWorth;
  const facts = [
    `Your net worth on ${dayText(data.today)} is ${usd(worth.net)} (${usd(worth.assets)} in assets minus ${usd(worth.liabilities)} owed, across ${count(worth.accounts, 'account')}).`,
  ];
  const from = dayText(data.lastMonth.period.end);
  facts.push(
    worth.change
      ? `Since ${from} (${usd(worth.change.before)}) it changed by ${signedUsd(worth.change.amount)} (${signedPercent(worth.change.percent)}).`
      : `Penny's balance history does not reach back to ${from} for every account (investment and wallet balances start when Penny first recorded them), so the change since then is not given.`,
  );
  if (worth.unpriced.length > 0) facts.push(`Without a USD value (left out): ${worth.unpriced.join(', ')}.`);
  return facts;
}

function flowFacts(data: MoneySummaryData): string[] {
  const { thisMonth, sameDaysLastMonth: same, lastMonth } = data;
  return [
    `Spending this month so far (${periodText(thisMonth.period)}) is ${usd(thisMonth.spending)} across ${count(thisMonth.spendingCount, 'transaction')}, against ${usd(same.spending)} over the same days of last month (${periodText(same.period)}): ${signedUsd(data.spendingChange.amount)} (${signedPercent(data.spendingChange.percent)}).`,
    `Spending last month (${periodText(lastMonth.period)}) was ${usd(lastMonth.spending)} across ${count(lastMonth.spendingCount, 'transaction')}.`,
    `Income this month so far is ${usd(thisMonth.income)}; last month it was ${usd(lastMonth.income)}.`,
  ];
}

function categoryFact(data: MoneySummaryData): string {
  if (data.topCategories.length === 0) return 'There is no spending this month yet.';
  const named = data.topCategories.map(
    (item) => `${item.label} ${usd(item.amount)} (${count(item.count, 'transaction')})`,
  );
  return `The top spending categories this month: ${list(named)}.`;
}

function upcomingFact(upcoming: DuePayments): string {
  const until = dayText(upcoming.period.end, upcoming.period.start);
  if (upcoming.charges.length === 0) {
    return `No recurring payments are expected in the next ${UPCOMING_DAYS} days (to ${until}).`;
  }
  return `Recurring payments expected in the next ${UPCOMING_DAYS} days (to ${until}): ${list(upcoming.charges.map((charge) => chargeText(charge, upcoming.period.start)))}; ${usd(upcoming.total)} in total (${count(upcoming.charges.length, 'payment')}).`;
}

function summaryBlocks(data: MoneySummaryData): ToolBlock[] {
  const { thisMonth, sameDaysLastMonth: same, lastMonth, netWorth: worth } = data;
  const blocks: ToolBlock[] = [
    block('figures', {
      type: 'content',
      title: 'Your money at a glance',
      content: [
        `/1 Net worth ${money(worth.net)}`,
        ...(worth.change
          ? [
              `Since ${dayText(worth.change.from)}: ${worth.change.amount.startsWith('-') ? '/red' : '/green'} ${signedMoney(worth.change.amount)} (${signedPercent(worth.change.percent)})`,
            ]
          : []),
        `Spent this month ${money(thisMonth.spending)}: ${data.spendingChange.amount.startsWith('-') ? '/green' : '/red'} ${signedMoney(data.spendingChange.amount)} vs the same days of last month`,
        `/green Income this month ${money(thisMonth.income)}`,
        `Due in the next ${UPCOMING_DAYS} days ${money(data.upcoming.total)}`,
      ].join('\n'),
    }),
    block('chart', {
      type: 'bar',
      title: 'This month against last month',
      labels: ['This month so far', 'Same days last month', 'All of last month'],
      datasets: [
        {
          label: 'Spending',
          data: [num(thisMonth.spending), num(same.spending), num(lastMonth.spending)],
          color: 'blue',
        },
        {
          label: 'Income',
          data: [num(thisMonth.income), num(same.income), num(lastMonth.income)],
          color: 'green',
        },
      ],
      currency_symbol: 'USD',
    }),
  ];
  if (data.upcoming.charges.length > 0) {
    blocks.push(
      block('table', {
        type: 'table',
        title: `Due in the next ${UPCOMING_DAYS} days`,
        columns: [
          { key: 'merchant', header: 'Payment' },
          { key: 'date', header: 'Expected' },
          { key: 'amount', header: 'Amount' },
        ],
        rows: data.upcoming.charges.map((charge) => ({
          merchant: charge.merchant,
          date: charge.date,
          amount: num(charge.amount),
        })),
        currency_symbol: 'USD',
      }),
    );
  }
  return blocks;
}

function topOf(categories: SpendingByCategory): MoneySummaryData['topCategories'] {
  return categories.categories
    .filter((item) => Number(item.amount) > 0)
    .slice(0, TOP_CATEGORIES)
    .map((item) => ({ code: item.code, label: item.label, amount: item.amount, count: item.count }));
}

export const moneySummaryTool = {
  name: 'money_summary',
  description:
    "An overview of the user's money, for 'give me a summary', 'how am I doing', 'where do I stand': net worth now and its change since last month's end (when every account's value is known then); spending this month so far against the same days of last month, and last month's total; income this month so far and last month; the top 3 spending categories this month; and the recurring payments expected in the next 14 days with their total.",
  symbol: '🧭',
  describe() {
    return 'Putting together a summary of your money';
  },
  async execute(_input, context): Promise<ToolResult<MoneySummaryData>> {
    const { analytics } = context.services;
    const { userId, today } = context;
    const periods = summaryPeriods(today);
    const [worth, trend, flow, same, categories, upcoming] = await Promise.all([
      analytics.netWorth(userId),
      analytics.netWorthTrend(userId, { months: 2, today }),
      analytics.cashFlowByMonth(userId, { start: periods.lastMonth.start, end: today }),
      analytics.cashFlowByMonth(userId, periods.sameDays),
      analytics.spendingByCategory(userId, periods.thisMonth),
      duePayments(analytics, userId, today, addDays(today, UPCOMING_DAYS)),
    ]);
    const monthAgo = trend.points.find((point) => point.date === periods.lastMonth.end);
    const before = monthAgo?.complete && monthAgo.net !== null ? monthAgo.net : null;
    const thisMonth = flowIn(flow, periods.thisMonth);
    const sameDays = flowIn(same, periods.sameDays);
    const data: MoneySummaryData = {
      today,
      netWorth: {
        net: worth.net,
        assets: worth.assets,
        liabilities: worth.liabilities,
        unpriced: worth.unpriced,
        accounts: worth.accounts.length,
        change:
          before === null ? null : { from: periods.lastMonth.end, before, ...change(worth.net, before) },
      },
      thisMonth,
      sameDaysLastMonth: sameDays,
      lastMonth: flowIn(flow, periods.lastMonth),
      spendingChange: change(thisMonth.spending, sameDays.spending),
      topCategories: topOf(categories),
      upcoming,
    };
    return {
      data,
      facts: [...netWorthFacts(data), ...flowFacts(data), categoryFact(data), upcomingFact(upcoming)],
      blocks: summaryBlocks(data),
      provenance: {
        accounts: [...new Set([...worth.accounts.map((account) => account.name), ...flow.accountsRead])],
        period: { start: periods.lastMonth.start, end: today },
        transactionCount: flow.totals.transactionCount,
      },
    };
  },
} satisfies FinanceTool<'money_summary'>;
