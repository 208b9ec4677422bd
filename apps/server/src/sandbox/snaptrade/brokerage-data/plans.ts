import type { IsoDate } from '../../../connections/types.ts';
import type { Ticker } from '../market.ts';
import type { Random } from '../prng.ts';
import type { GeneratedAccount } from './types.ts';

/** The two accounts of the "Self-directed" scenario: how each is funded, invested, trimmed and charged. */

export type AccountPlan = {
  key: GeneratedAccount['key'];
  name: string;
  rawType: string;
  margin: boolean;
  openingOffsetDays: number;
  initialDepositCents: number;
  initialDepositText: string;
  monthlyDay: number;
  monthlyCents: number;
  yearlyRaiseCents: number;
  monthlyText: (date: IsoDate) => string;
  allocation: readonly { ticker: Ticker; weight: number }[];
  cashBufferCents: number;
  interestApy: number;
  /** Trims of the best-performing stock: months after opening, day of month, share of the position. */
  trims: { month: number; day: number; fraction: number; withdrawCents: number }[];
  statementFeeMonth: number | null;
};

export const WIRE_FEE_CENTS = 2_500;
export const STATEMENT_FEE_CENTS = 500;

export function plansFor(random: Random): AccountPlan[] {
  const individualMonthly = random.int(16, 30) * 5_000;
  return [
    {
      key: 'individual',
      name: 'Individual Brokerage',
      rawType: 'Margin',
      margin: true,
      openingOffsetDays: 0,
      initialDepositCents: random.int(20, 50) * 50_000,
      initialDepositText: 'ACH deposit from checking (initial funding)',
      monthlyDay: 1,
      monthlyCents: individualMonthly,
      yearlyRaiseCents: 10_000,
      monthlyText: () => 'ACH deposit from checking',
      allocation: [
        { ticker: 'VTI', weight: 0.3 },
        { ticker: 'QQQ', weight: 0.14 },
        { ticker: 'SCHD', weight: 0.1 },
        { ticker: 'VXUS', weight: 0.1 },
        { ticker: 'AAPL', weight: 0.1 },
        { ticker: 'MSFT', weight: 0.1 },
        { ticker: 'NVDA', weight: 0.08 },
        { ticker: 'GOOGL', weight: 0.08 },
      ],
      cashBufferCents: 15_000,
      interestApy: 0.038,
      trims: [
        {
          month: random.int(5, 9),
          day: random.int(8, 20),
          fraction: random.int(20, 35) / 100,
          withdrawCents: 0,
        },
        {
          month: random.int(11, 15),
          day: random.int(8, 20),
          fraction: random.int(20, 35) / 100,
          withdrawCents: random.int(4, 8) * 50_000,
        },
        {
          month: random.int(18, 22),
          day: random.int(8, 20),
          fraction: random.int(20, 35) / 100,
          withdrawCents: 0,
        },
      ],
      statementFeeMonth: random.int(2, 4),
    },
    {
      key: 'roth-ira',
      name: 'Roth IRA',
      rawType: 'Roth IRA',
      margin: false,
      openingOffsetDays: random.int(10, 40),
      initialDepositCents: 700_000,
      initialDepositText: 'Roth IRA contribution (prior year)',
      monthlyDay: 15,
      monthlyCents: 58_333,
      yearlyRaiseCents: 0,
      monthlyText: (date) => `Roth IRA contribution ${date.slice(0, 4)}`,
      allocation: [
        { ticker: 'FXAIX', weight: 0.35 },
        { ticker: 'VOO', weight: 0.25 },
        { ticker: 'VXUS', weight: 0.2 },
        { ticker: 'BND', weight: 0.2 },
      ],
      cashBufferCents: 2_500,
      interestApy: 0.035,
      trims: [],
      statementFeeMonth: null,
    },
  ];
}
