import { cents, compoundGrowth, dollars } from './calculators.ts';
import { block, count, money, num, percent, usd, usdOf } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type CompoundGrowthData = ReturnType<typeof compoundGrowth> & {
  principal: string;
  monthlyContribution: string;
  annualRatePercent: number;
  years: number;
  compoundsPerYear: number;
};

const COMPOUNDING_WORD = {
  1: 'annually',
  2: 'twice a year',
  4: 'quarterly',
  12: 'monthly',
  365: 'daily',
} as const;

function yearsText(years: number): string {
  return count(years, 'year');
}

export const compoundGrowthTool = {
  name: 'compound_growth',
  description:
    'Calculator: what a starting amount (`principal`) plus an optional `monthly_contribution` (paid at the end of each month) grows to at `annual_rate_percent` a year after `years`, compounded `compounds_per_year` times a year (12 = monthly, the default; 1 = annually; 4 = quarterly; 365 = daily); with the total contributed, the growth and the balance year by year. Pure maths, no account data.',
  symbol: '🌱',
  describe(input) {
    return `Projecting ${usdOf(input.principal)}${
      Number(input.monthly_contribution) > 0 ? ` plus ${usdOf(input.monthly_contribution)} a month` : ''
    } at ${percent(input.annual_rate_percent, 2)} a year for ${yearsText(input.years)}`;
  },
  async execute(input): Promise<ToolResult<CompoundGrowthData>> {
    const principal = dollars(input.principal);
    const monthly = dollars(input.monthly_contribution);
    const result = compoundGrowth({
      principal,
      monthlyContribution: monthly,
      annualRatePercent: input.annual_rate_percent,
      years: input.years,
      compoundsPerYear: input.compounds_per_year,
    });
    const data: CompoundGrowthData = {
      ...result,
      principal: cents(principal),
      monthlyContribution: cents(monthly),
      annualRatePercent: input.annual_rate_percent,
      years: input.years,
      compoundsPerYear: input.compounds_per_year,
    };
    const start = `${usd(data.principal)}${monthly !== 0 ? ` with ${usd(data.monthlyContribution)} added each month` : ''}`;
    const facts = [
      `${start} at ${percent(input.annual_rate_percent, 2)} a year, compounded ${COMPOUNDING_WORD[input.compounds_per_year]}, grows to ${usd(result.futureValue)} after ${yearsText(input.years)}.`,
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
