import { cents, compoundGrowth, dollars } from './calculators.ts';
import { block, count, money, num, percent, usd, usdOf } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type CompoundGrowthData = ReturnType<typeof compoundGrowth> & {
  principal: string;
  monthlyContribution: string;
  annualRatePercent: number;
  years: number;
  compounding: 'monthly' | 'yearly';
};

function yearsText(years: number): string {
  return count(years, 'year');
}

export const compoundGrowthTool = {
  name: 'compound_growth',
  description:
    'Calculator: what a starting amount (`principal`) plus an optional `monthly_contribution` (paid at the end of each month) grows to at `annual_rate_percent` a year, compounded monthly, after `years`; with the total contributed, the growth and the balance year by year. Pure maths, no account data.',
  symbol: '🌱',
  describe(input) {
    return `Projecting ${usdOf(input.principal)}${
      Number(input.monthly_contribution) > 0 ? ` plus ${usdOf(input.monthly_contribution)} a month` : ''
    } at ${percent(input.annual_rate_percent, 2)} a year for ${yearsText(input.years)}`;
  },
  async execute(input): Promise<ToolResult<CompoundGrowthData>> {
    const principal = dollars(input.principal);
    const monthly = dollars(input.monthly_contribution);
    // Monthly unless the input says yearly (a `compounding` field the contract may carry).
    const yearly =
      'compounding' in input && (input.compounding === 'yearly' || input.compounding === 'annually');
    const result = compoundGrowth({
      principal,
      monthlyContribution: monthly,
      annualRatePercent: input.annual_rate_percent,
      years: input.years,
      periodsPerYear: yearly ? 1 : 12,
    });
    const data: CompoundGrowthData = {
      ...result,
      principal: cents(principal),
      monthlyContribution: cents(monthly),
      annualRatePercent: input.annual_rate_percent,
      years: input.years,
      compounding: yearly ? 'yearly' : 'monthly',
    };
    const start = `${usd(data.principal)}${monthly !== 0 ? ` with ${usd(data.monthlyContribution)} added each month` : ''}`;
    const facts = [
      `${start} at ${percent(input.annual_rate_percent, 2)} a year, compounded ${yearly ? 'yearly' : 'monthly'}, grows to ${usd(result.futureValue)} after ${yearsText(input.years)}.`,
      `Of that, ${usd(result.totalContributed)} is what you put in and ${usd(result.growth)} is growth.`,
    ];
    return {
      data,
      facts,
      blocks: [
        block('figures', {
          type: 'content',
          title: 'Compound growth',
          content: `/1 After ${yearsText(input.years)}: ${money(result.futureValue)}\nContributed ${money(result.totalContributed)} /green Growth ${money(result.growth)}`,
        }),
        block('chart', {
          type: 'line',
          title: 'Balance by year',
          labels: result.byYear.map((row) => `Year ${row.year}`),
          datasets: [
            { label: 'Balance', data: result.byYear.map((row) => num(row.balance)), color: 'blue' },
            { label: 'Contributed', data: result.byYear.map((row) => num(row.contributed)), color: 'green' },
          ],
          currency_symbol: 'USD',
        }),
        block('table', {
          type: 'table',
          title: 'Year by year',
          columns: [
            { key: 'year', header: 'Year' },
            { key: 'contributed', header: 'Contributed amount' },
            { key: 'growth', header: 'Growth' },
            { key: 'balance', header: 'Balance' },
          ],
          rows: result.byYear.map((row) => ({
            year: row.year,
            contributed: num(row.contributed),
            growth: num(row.growth),
            balance: num(row.balance),
          })),
          currency_symbol: 'USD',
        }),
      ],
      provenance: { accounts: [], transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'compound_growth'>;
