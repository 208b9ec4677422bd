import {
  addDays,
  addMonths,
  categoryLabel,
  divideCents,
  fromCents,
  monthEnd,
  type Period,
  type RecurringPayments,
  type SpendingByCategory,
  toCents,
} from '../../finance/index.ts';
import { block, count, list, money, num, periodText, signedUsd, usd } from './format.ts';
import { NECESSITY_ORDER, type Necessity, necessityOf } from './necessity.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

export type CategoryAgainstAverage = {
  /** The detailed category (the primary when the bank gave none; null: uncategorized). */
  code: string | null;
  label: string;
  necessity: Necessity;
  lastMonth: string;
  /** The category's spending over the months before, ÷ their number (months without any count as 0). */
  average: string;
  /** Last month − the average (positive: above it). */
  difference: string;
};

export type CutBackData = {
  lastMonth: { period: Period; total: string; transactionCount: number };
  before: { period: Period; months: number; total: string; average: string; transactionCount: number };
  /** Categories above their own average last month: discretionary first, essential last, largest rise first. */
  above: CategoryAgainstAverage[];
  /** Last month's largest discretionary categories, whether or not they rose: where optional money went. */
  discretionary: Array<{ code: string | null; label: string; amount: string }>;
  /** Σ the differences of the discretionary categories above their average. */
  discretionaryExcess: string;
  subscriptions: Pick<RecurringPayments, 'payments' | 'monthlyTotal' | 'yearlyTotal' | 'transactionCount'>;
};

/** Spending per detailed category (the primary's code when a transaction has no detailed one), in cents. */
function byDetailed(spending: SpendingByCategory): Map<string | null, bigint> {
  const totals = new Map<string | null, bigint>();
  for (const primary of spending.categories) {
    for (const detailed of primary.detailed) {
      const code = detailed.code ?? primary.code;
      totals.set(code, (totals.get(code) ?? 0n) + toCents(detailed.amount));
    }
  }
  return totals;
}

function againstAverage(last: SpendingByCategory, before: SpendingByCategory, months: number) {
  const lastBy = byDetailed(last);
  const beforeBy = byDetailed(before);
  const rows: CategoryAgainstAverage[] = [];
  for (const code of new Set([...lastBy.keys(), ...beforeBy.keys()])) {
    const spent = lastBy.get(code) ?? 0n;
    const average = divideCents(beforeBy.get(code) ?? 0n, BigInt(months));
    if (spent <= average) continue;
    rows.push({
      code,
      label: categoryLabel(code),
      necessity: necessityOf(code),
      lastMonth: fromCents(spent),
      average: fromCents(average),
      difference: fromCents(spent - average),
    });
  }
  return rows.sort((a, b) => {
    const order = NECESSITY_ORDER[a.necessity] - NECESSITY_ORDER[b.necessity];
    if (order !== 0) return order;
    const rise = toCents(b.difference) - toCents(a.difference);
    return rise === 0n ? a.label.localeCompare(b.label) : rise > 0n ? 1 : -1;
  });
}

function cutBackFacts(data: CutBackData): string[] {
  const { lastMonth, before } = data;
  const span = `${count(before.months, 'full month')} before (${periodText(before.period)})`;
  const facts = [
    `Spending last month (${periodText(lastMonth.period)}) was ${usd(lastMonth.total)} across ${count(lastMonth.transactionCount, 'transaction')}, against ${usd(before.average)} a month on average over the ${span}.`,
  ];
  if (data.discretionary.length > 0)
    facts.splice(
      1,
      0,
      `Your largest discretionary categories last month: ${list(data.discretionary.map((item) => `${item.label} ${usd(item.amount)}`))}.`,
    );
  if (data.above.length === 0) {
    facts.push(`No category was above its own average of the ${span} last month.`);
  } else {
    facts.push(
      `Last month ${count(data.above.length, 'category was', 'categories were')} above their own monthly average over the ${span}; discretionary ones first, essentials last.`,
    );
    for (const item of data.above) {
      facts.push(
        `${item.label} (${item.necessity}): ${usd(item.lastMonth)} last month against ${usd(item.average)} on average, ${signedUsd(item.difference)}.`,
      );
    }
    if (toCents(data.discretionaryExcess) > 0n) {
      facts.push(
        `Together the discretionary categories above their average came to ${usd(data.discretionaryExcess)} more than their usual month.`,
      );
    }
  }
  const { payments, monthlyTotal } = data.subscriptions;
  facts.push(
    payments.length === 0
      ? 'No active subscriptions were found in your transactions.'
      : `You have ${count(payments.length, 'subscription')} costing ${usd(monthlyTotal)} a month in total: ${list(
          payments.map((payment) => `${payment.merchant} ${usd(payment.monthlyAmount)} a month`),
        )}.`,
  );
  return facts;
}

function cutBackBlocks(data: CutBackData): ToolBlock[] {
  const blocks: ToolBlock[] = [
    block('figures', {
      type: 'content',
      title: 'Where spending rose',
      content: [
        `/1 Last month ${money(data.lastMonth.total)}`,
        `Average of the ${count(data.before.months, 'month')} before ${money(data.before.average)}`,
        `${count(data.above.length, 'category', 'categories')} above their average`,
        `Subscriptions ${money(data.subscriptions.monthlyTotal)} a month`,
      ].join('\n'),
    }),
  ];
  if (data.above.length > 0) {
    blocks.push(
      block('chart', {
        type: 'bar',
        title: 'Last month against the average',
        labels: data.above.map((item) => item.label),
        datasets: [
          { label: 'Last month', data: data.above.map((item) => num(item.lastMonth)), color: 'red' },
          { label: 'Average', data: data.above.map((item) => num(item.average)), color: 'blue' },
        ],
        currency_symbol: 'USD',
      }),
      block('table', {
        type: 'table',
        title: 'Categories above their average',
        columns: [
          { key: 'category', header: 'Category' },
          { key: 'kind', header: 'Kind' },
          { key: 'last', header: 'Last month' },
          { key: 'average', header: 'Average' },
          { key: 'difference', header: 'Difference' },
        ],
        rows: data.above.map((item) => ({
          category: item.label,
          kind: item.necessity,
          last: num(item.lastMonth),
          average: num(item.average),
          difference: num(item.difference),
        })),
        currency_symbol: 'USD',
      }),
    );
  }
  if (data.subscriptions.payments.length > 0) {
    blocks.push(
      block('table', {
        type: 'table',
        title: 'Subscriptions',
        columns: [
          { key: 'merchant', header: 'Subscription' },
          { key: 'category', header: 'Category' },
          { key: 'monthly', header: 'Monthly cost' },
        ],
        rows: data.subscriptions.payments.map((payment) => ({
          merchant: payment.merchant,
          category: payment.categoryLabel,
          monthly: num(payment.monthlyAmount),
        })),
        currency_symbol: 'USD',
      }),
    );
  }
  return blocks;
}

export const cutBackTool = {
  name: 'cut_back',
  description:
    "Where the user could cut back, for 'where can I cut back', 'where is my money going', 'how can I spend less': last full month's spending per detailed category against that category's own average over the `months` full months before it (default 3), listing the categories above their average, discretionary ones (restaurants, coffee, entertainment, shopping, travel...) first and essentials (rent, utilities, insurance, loans, medical) last and marked; then the subscriptions with their monthly cost and total.",
  symbol: '✂️',
  describe(input) {
    return `Comparing last month's spending with the ${count(input.months, 'month')} before it`;
  },
  async execute(input, context): Promise<ToolResult<CutBackData>> {
    const { analytics } = context.services;
    const lastStart = addMonths(`${context.today.slice(0, 7)}-01`, -1);
    const lastPeriod = { start: lastStart, end: monthEnd(lastStart) };
    const beforePeriod = { start: addMonths(lastStart, -input.months), end: addDays(lastStart, -1) };
    const [last, before, subscriptions] = await Promise.all([
      analytics.spendingByCategory(context.userId, lastPeriod),
      analytics.spendingByCategory(context.userId, beforePeriod),
      analytics.recurringPayments(context.userId, { kind: 'subscriptions', today: context.today }),
    ]);
    const above = againstAverage(last, before, input.months);
    const excess = above
      .filter((item) => item.necessity === 'discretionary')
      .reduce((sum, item) => sum + toCents(item.difference), 0n);
    const discretionary = [...byDetailed(last).entries()]
      .filter(([code, cents]) => cents > 0n && necessityOf(code) === 'discretionary')
      .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))
      .slice(0, 3)
      .map(([code, cents]) => ({ code, label: categoryLabel(code), amount: fromCents(cents) }));
    const data: CutBackData = {
      discretionary,
      lastMonth: { period: lastPeriod, total: last.total, transactionCount: last.transactionCount },
      before: {
        period: beforePeriod,
        months: input.months,
        total: before.total,
        average: fromCents(divideCents(toCents(before.total), BigInt(input.months))),
        transactionCount: before.transactionCount,
      },
      above,
      discretionaryExcess: fromCents(excess),
      subscriptions: {
        payments: subscriptions.payments,
        monthlyTotal: subscriptions.monthlyTotal,
        yearlyTotal: subscriptions.yearlyTotal,
        transactionCount: subscriptions.transactionCount,
      },
    };
    return {
      data,
      facts: cutBackFacts(data),
      blocks: cutBackBlocks(data),
      provenance: {
        accounts: [
          ...new Set([
            ...last.accountsRead,
            ...before.accountsRead,
            ...subscriptions.payments.map((payment) => payment.account),
          ]),
        ],
        period: { start: beforePeriod.start, end: lastPeriod.end },
        transactionCount: last.transactionCount + before.transactionCount,
      },
    };
  },
} satisfies FinanceTool<'cut_back'>;
