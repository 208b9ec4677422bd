import { addMonths } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { cents, dollars, savingsGoal } from './calculators.ts';
import { block, count, money, monthText, num, percent, usd, usdOf } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type SavingsGoalData = ReturnType<typeof savingsGoal> & {
  target: string;
  current: string;
  annualRatePercent: number;
  months: number | null;
  monthlySaving: string | null;
  /** The month the goal is reached (from today), when it is. */
  reachedBy: string | null;
};

function duration(months: number): string {
  if (months < 12 || months % 12 !== 0) {
    const years = months >= 12 ? ` (about ${(months / 12).toFixed(1).replace(/\.0$/, '')} years)` : '';
    return `${count(months, 'month')}${years}`;
  }
  return count(months / 12, 'year');
}

export const savingsGoalTool = {
  name: 'savings_goal',
  description:
    'Calculator for a savings goal: reach `target` dollars starting from `current` (default 0), with deposits at the end of each month earning `annual_rate_percent` (default 0) compounded monthly. Give `months` to get the monthly saving needed, or `monthly_saving` to get how many months it takes (give both to get both). Pure maths, no account data.',
  symbol: '🎯',
  describe(input) {
    return `Planning how to reach ${usdOf(input.target)}${
      input.months
        ? ` in ${count(input.months, 'month')}`
        : input.monthly_saving !== undefined
          ? ` saving ${usdOf(input.monthly_saving)} a month`
          : ''
    }`;
  },
  async execute(input, context): Promise<ToolResult<SavingsGoalData>> {
    if (input.months === undefined && input.monthly_saving === undefined) {
      throw new ServiceError(
        'request:invalid',
        'savings_goal needs either `months` (to work out the monthly saving) or `monthly_saving` (to work out the months).',
      );
    }
    const target = dollars(input.target);
    const current = dollars(input.current);
    const monthly = input.monthly_saving === undefined ? undefined : dollars(input.monthly_saving);
    const result = savingsGoal({
      target,
      current,
      annualRatePercent: input.annual_rate_percent,
      months: input.months,
      monthlySaving: monthly,
    });
    const reachedIn = result.monthsNeeded ?? (input.months !== undefined ? input.months : null);
    const data: SavingsGoalData = {
      ...result,
      target: cents(target),
      current: cents(current),
      annualRatePercent: input.annual_rate_percent,
      months: input.months ?? null,
      monthlySaving: monthly === undefined ? null : cents(monthly),
      reachedBy:
        reachedIn === null || !result.reachable ? null : addMonths(context.today, reachedIn).slice(0, 7),
    };
    const from = current > 0 ? ` from ${usd(data.current)}` : '';
    const rate = input.annual_rate_percent > 0 ? ` at ${percent(input.annual_rate_percent, 2)} a year` : '';
    const facts: string[] = [];
    if (input.months !== undefined && result.requiredMonthly !== null) {
      facts.push(
        `To reach ${usd(data.target)}${from} in ${duration(input.months)}${rate}, save ${usd(result.requiredMonthly)} a month.`,
      );
    }
    if (monthly !== undefined) {
      facts.push(
        result.monthsNeeded === null
          ? `Saving ${usd(cents(monthly))} a month${from}${rate} never reaches ${usd(data.target)}.`
          : `Saving ${usd(cents(monthly))} a month${from}${rate} reaches ${usd(data.target)} in ${duration(result.monthsNeeded)}${
              data.reachedBy ? `, around ${monthText(data.reachedBy)}` : ''
            }.`,
      );
    }
    facts.push(
      `After ${count(result.horizonMonths, 'month')} the balance would be ${usd(result.finalBalance)}.`,
    );
    return {
      data,
      facts,
      blocks: [
        block('figures', {
          type: 'content',
          title: 'Savings goal',
          content: [
            `/1 Goal ${money(data.target)}`,
            ...(result.requiredMonthly !== null ? [`Save ${money(result.requiredMonthly)} a month`] : []),
            ...(result.monthsNeeded !== null ? [`Reached in ${duration(result.monthsNeeded)}`] : []),
          ].join('\n'),
        }),
        block('chart', {
          type: 'line',
          title: 'Balance over time',
          labels: result.path.map((point) => `Month ${point.month}`),
          datasets: [
            { label: 'Balance', data: result.path.map((point) => num(point.balance)), color: 'blue' },
            { label: 'Goal', data: result.path.map(() => target), color: 'green' },
          ],
          currency_symbol: 'USD',
        }),
      ],
      provenance: { accounts: [], transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'savings_goal'>;
