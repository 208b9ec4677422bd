import { cents, dollars, loanPayment } from './calculators.ts';
import { block, count, money, num, percent, usd, usdOf } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type LoanPaymentData = ReturnType<typeof loanPayment> & {
  principal: string;
  annualRatePercent: number;
  years: number;
};

export const loanPaymentTool = {
  name: 'loan_payment',
  description:
    'Calculator: the monthly payment of an amortised loan or mortgage (`principal`, `annual_rate_percent`, `years`), with the total paid, the total interest and a year-by-year schedule of principal, interest and remaining balance. Standard formula P·r / (1 − (1 + r)^−n) with r = annual rate ÷ 12 and n = years × 12. Pure maths, no account data.',
  symbol: '🏠',
  describe(input) {
    return `Working out the monthly payment on ${usdOf(input.principal)} at ${percent(input.annual_rate_percent, 2)} over ${count(input.years, 'year')}`;
  },
  async execute(input): Promise<ToolResult<LoanPaymentData>> {
    const principal = dollars(input.principal);
    const result = loanPayment({
      principal,
      annualRatePercent: input.annual_rate_percent,
      years: input.years,
    });
    const data: LoanPaymentData = {
      ...result,
      principal: cents(principal),
      annualRatePercent: input.annual_rate_percent,
      years: input.years,
    };
    const facts = [
      `A ${usd(data.principal)} loan at ${percent(input.annual_rate_percent, 2)} a year over ${count(result.months, 'month')} costs ${usd(result.monthlyPayment)} a month.`,
      `In total you would pay ${usd(result.totalPaid)}, of which ${usd(result.totalInterest)} is interest.`,
    ];
    return {
      data,
      facts,
      blocks: [
        block('figures', {
          type: 'content',
          title: 'Loan payment',
          content: `/1 Monthly payment ${money(result.monthlyPayment)}\nTotal paid ${money(result.totalPaid)} /red Interest ${money(result.totalInterest)}`,
        }),
        block('table', {
          type: 'table',
          title: 'Amortisation by year',
          columns: [
            { key: 'year', header: 'Year' },
            { key: 'principal', header: 'Principal paid' },
            { key: 'interest', header: 'Interest paid' },
            { key: 'balance', header: 'Balance' },
          ],
          rows: result.byYear.map((row) => ({
            year: row.year,
            principal: num(row.principalPaid),
            interest: num(row.interestPaid),
            balance: num(row.balance),
          })),
          currency_symbol: 'USD',
        }),
        block('chart', {
          type: 'bar',
          title: 'Principal and interest by year',
          stacked: true,
          labels: result.byYear.map((row) => `Year ${row.year}`),
          datasets: [
            { label: 'Principal', data: result.byYear.map((row) => num(row.principalPaid)), color: 'blue' },
            { label: 'Interest', data: result.byYear.map((row) => num(row.interestPaid)), color: 'red' },
          ],
          currency_symbol: 'USD',
        }),
      ],
      provenance: { accounts: [], transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'loan_payment'>;
