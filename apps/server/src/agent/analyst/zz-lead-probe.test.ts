import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { type Reading, understand } from './understand.ts';
import { createMatcher, type TurnContext } from './vocabulary.ts';

const context: TurnContext = {
  today: '2026-12-07',
  accounts: [
    {
      id: 'a1',
      name: 'Everyday Checking',
      platform: 'plaid',
      kind: 'checking',
      institution: 'First Platypus Bank',
    },
    {
      id: 'a2',
      name: 'High-Yield Savings',
      platform: 'plaid',
      kind: 'savings',
      institution: 'First Platypus Bank',
    },
    {
      id: 'a3',
      name: 'Cash Rewards Visa',
      platform: 'plaid',
      kind: 'credit',
      institution: 'First Platypus Bank',
    },
    { id: 'a4', name: 'Roth IRA', platform: 'snaptrade', kind: 'investment', institution: 'Alpaca Paper' },
    {
      id: 'a6',
      name: 'Individual Brokerage',
      platform: 'snaptrade',
      kind: 'investment',
      institution: 'Alpaca Paper',
    },
  ],
  categories: [
    { code: 'FOOD_AND_DRINK_GROCERIES', label: 'Groceries', count: 40 },
    { code: 'FOOD_AND_DRINK_RESTAURANT', label: 'Restaurants', count: 30 },
    { code: 'FOOD_AND_DRINK_FAST_FOOD', label: 'Fast food', count: 30 },
    { code: 'FOOD_AND_DRINK_COFFEE', label: 'Coffee', count: 30 },
    { code: 'FOOD_AND_DRINK', label: 'Food and drink', count: 90 },
    { code: 'RENT_AND_UTILITIES_RENT', label: 'Rent', count: 24 },
    { code: 'RENT_AND_UTILITIES_TELEPHONE', label: 'Phone', count: 24 },
    { code: 'RENT_AND_UTILITIES_INTERNET_AND_CABLE', label: 'Internet and cable', count: 24 },
    { code: 'TRAVEL', label: 'Travel', count: 24 },
    { code: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES', label: 'Taxis and ride shares', count: 24 },
    { code: 'INCOME_WAGES', label: 'Wages and salary', count: 24 },
    { code: 'INCOME_DIVIDENDS', label: 'Dividends', count: 30 },
    { code: 'INCOME_INTEREST_EARNED', label: 'Interest earned', count: 12 },
    { code: 'TRANSFER_IN', label: 'Transfers in', count: 12 },
    { code: 'TRANSFER_OUT', label: 'Transfers out', count: 12 },
    { code: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT', label: 'Credit card payments', count: 12 },
  ],
  merchants: [
    { name: 'Netflix', count: 24 },
    { name: 'Spotify', count: 24 },
    { name: 'Whole Foods Market', count: 24 },
    { name: 'Starbucks', count: 20 },
    { name: 'Amazon', count: 30 },
    { name: 'Uber', count: 22 },
  ],
  securities: [{ ticker: 'VTI', name: 'Vanguard Total Stock Market ETF' }],
  history: { first: '2024-12-01', last: '2026-12-06' },
};
const matcher = createMatcher(context);

it('probe', () => {
  const threads = readFileSync('/tmp/lead-probe.txt', 'utf8').split('\n\n').filter(Boolean);
  for (const t of threads) {
    let previous: Reading | undefined;
    for (const q of t.split('\n').filter(Boolean)) {
      const plan = understand(q, context, matcher, previous, false);
      if (plan.kind === 'tools' || (plan.kind === 'clarify' && plan.reading)) previous = plan.reading;
      const { reading, ...rest } = plan as { reading?: Reading };
      console.log(
        `\n### ${q}\n`,
        JSON.stringify(rest),
        '\n reading:',
        JSON.stringify({
          intent: reading?.intent,
          period: reading?.period?.label,
          defaulted: reading?.periodDefaulted,
          shape: reading?.shape,
        }),
      );
    }
  }
});
