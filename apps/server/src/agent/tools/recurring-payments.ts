import { addDays, addMonths, type RecurringPayments, toCents } from '../../finance/index.ts';
import { partsChart } from './chart-choice.ts';
import { block, count, dayText, money, num, percent, periodText, usd } from './format.ts';
import type { FinanceTool, ToolBlock, ToolContext, ToolResult } from './types.ts';

export type RecurringPaymentsData = RecurringPayments;

const CADENCE_WORD = {
  weekly: 'weekly',
  biweekly: 'every two weeks',
  monthly: 'monthly',
  quarterly: 'quarterly',
  yearly: 'yearly',
} as const;

export const recurringPaymentsTool = {
  name: 'recurring_payments',
  description:
    "Detects the user's recurring payments from their history: the same merchant charged at least three times at a regular cadence (weekly, every two weeks, monthly, quarterly or yearly) for similar amounts and still active, with the latest amount, the monthly and yearly cost, and the next expected date. `kind`: 'subscriptions' (streaming, music, gyms, apps and other memberships) or 'all' (also bills such as rent, utilities, phone, insurance). `within_days`: only those expected in the next N days ('upcoming bills').",
  symbol: '🔁',
  describe(input) {
    const what = input.kind === 'subscriptions' ? 'subscriptions' : 'recurring payments';
    return input.within_days
      ? `Looking for ${what} due in the next ${count(input.within_days, 'day')}`
      : `Looking for ${what} in your history`;
  },
  async execute(input, context): Promise<ToolResult<RecurringPaymentsData>> {
    const result = await context.services.analytics.recurringPayments(context.userId, {
      kind: input.kind,
      withinDays: input.within_days,
      today: context.today,
    });
    const what = input.kind === 'subscriptions' ? 'subscription' : 'recurring payment';
    const due = input.within_days
      ? ` due by ${dayText(addDays(context.today, input.within_days), context.today)}`
      : '';
    const accounts = [...new Set(result.payments.map((payment) => payment.account))];
    if (result.payments.length === 0) {
      return {
        data: result,
        facts: [`No active ${what}s${due} were found in your transactions (0 transactions).`],
        blocks: [],
        provenance: { accounts, period: result.period, transactionCount: 0 },
      };
    }
    const share = input.share_of ? await shareSentence(context, result, input.share_of, `${what}s`) : null;
    const facts = [
      ...(share ? [share] : []),
      `You have ${count(result.payments.length, what)}${due} costing about ${usd(result.monthlyTotal)} a month (${usd(result.yearlyTotal)} a year), found in ${count(result.transactionCount, 'transaction')}.`,
      ...result.payments.map(
        (payment) =>
          `${payment.merchant}: ${usd(payment.amount)} ${CADENCE_WORD[payment.cadence]} (${payment.categoryLabel}), ${
            payment.nextExpected < context.today
              ? `expected ${dayText(payment.nextExpected, context.today)} and not seen yet`
              : `next expected ${dayText(payment.nextExpected, context.today)}`
          }.`,
      ),
    ];
    const blocks: ToolBlock[] = [
      block('figures', {
        type: 'content',
        title: input.kind === 'subscriptions' ? 'Subscriptions' : 'Recurring payments',
        content: `/1 ${count(result.payments.length, what)}\n/blue ${money(result.monthlyTotal)} a month, ${money(result.yearlyTotal)} a year`,
      }),
      block('table', {
        type: 'table',
        title: input.kind === 'subscriptions' ? 'Subscriptions' : 'Recurring payments',
        // Five columns fit the panel without scrolling sideways (six or more scroll, docs/visualization-dsl.md):
        // the category is in the answer's sentences and the chart's colours.
        columns: [
          { key: 'merchant', header: 'Merchant' },
          { key: 'amount', header: 'Amount' },
          { key: 'cadence', header: 'Every' },
          { key: 'monthly', header: 'Monthly cost' },
          { key: 'next', header: 'Next date' },
        ],
        rows: result.payments.map((payment) => ({
          merchant: payment.merchant,
          cadence: CADENCE_WORD[payment.cadence],
          amount: num(payment.amount),
          monthly: num(payment.monthlyAmount),
          next: payment.nextExpected,
        })),
        currency_symbol: 'USD',
      }),
    ];
    const chart = partsChart(
      'Monthly cost',
      result.payments.map((payment) => ({ label: payment.merchant, value: num(payment.monthlyAmount) })),
      { currency_symbol: 'USD' },
    );
    if (chart) blocks.push(chart);
    return {
      data: result,
      facts,
      blocks,
      provenance: { accounts, period: result.period, transactionCount: result.transactionCount },
    };
  },
} satisfies FinanceTool<'recurring_payments'>;

/**
 * Their monthly cost as a share of the average month's spending or income over the last 3 full months:
 * a month of recurring payments against a usual month, both whole.
 */
async function shareSentence(
  context: ToolContext,
  result: RecurringPayments,
  whole: 'spending' | 'income',
  things: string,
): Promise<string> {
  const firstOfThisMonth = `${context.today.slice(0, 7)}-01`;
  const period = { start: addMonths(firstOfThisMonth, -3), end: addDays(firstOfThisMonth, -1) };
  const usual = await context.services.analytics.ledgerQuery(context.userId, {
    measure: whole,
    statistic: 'average',
    per: 'month',
    periods: [period],
  });
  const average = usual.periods[0]?.value ?? null;
  const averageCents = average === null ? 0n : toCents(average);
  const what = `your average monthly ${whole} over the last 3 full months (${periodText(period)}, ${average === null ? '$0.00' : usd(average)} a month)`;
  if (averageCents <= 0n) return `They cannot be set against ${what}: there is none to compare with.`;
  // Tenths of a percent, rounded half up, in integer arithmetic.
  const tenths = Number((toCents(result.monthlyTotal) * 2000n + averageCents) / (averageCents * 2n));
  return `Your ${things} cost about ${usd(result.monthlyTotal)} a month: ${percent(tenths / 10)} of ${what}.`;
}
