import {
  balanceOf,
  cryptoCents,
  cryptoSymbolCents,
  flows,
  futureValue,
  holdings,
  income,
  investmentsValue,
  largestHolding,
  loanPayment,
  monthsToGoal,
  netWorth,
  savingsGoalMonthly,
  totalAssets,
  unrealisedGain,
  valueOfClass,
} from '../expected.ts';
import { percentOf } from '../expected-reading.ts';
import type { Question } from '../question-types.ts';
import type { RawData } from '../raw-data.ts';
import { anyOf, clarification, money, names, one, percent, tally } from '../reading-expect.ts';
import {
  accountsNamed,
  bankCash,
  card,
  DIVIDENDS,
  ethereumWallets,
  investedFromChecking,
  STABLECOINS,
  tickerValue,
  walletTagged,
} from './expected.ts';
import { fullMonths, lastDays, q, thisYear } from './shorthands.ts';

/** Balances and net worth, investments, crypto and calculators. */

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The ticker held in the most accounts (ties: the alphabetically first): "my X position". */
function sharedTicker(raw: RawData): string {
  const accounts = new Map<string, number>();
  for (const row of holdings(raw))
    if (row.ticker !== 'CASH') accounts.set(row.ticker, (accounts.get(row.ticker) ?? 0) + 1);
  const [top] = [...accounts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (!top) throw new Error('no holdings');
  return top[0];
}

/** Money brought into the brokerage connection's accounts (its contributions) in the period. */
const brokerageContributions = (raw: RawData, period: { start: string; end: string }) =>
  sum(
    flows(raw)
      .filter(
        (flow) =>
          flow.source === 'snaptrade' &&
          flow.primary === 'TRANSFER_IN' &&
          flow.date >= period.start &&
          flow.date <= period.end,
      )
      .map((flow) => flow.cents),
  );

const netWorthQuestions: Question[] = [
  q('net_worth', 'whats my net worth rn', one(netWorth)),
  q(
    'net_worth',
    'how much cash do i have in the bank',
    anyOf(
      one(bankCash),
      money((raw) => [balanceOf(raw, 'checking'), balanceOf(raw, 'savings')]),
    ),
  ),
  q(
    'net_worth',
    'how much do i owe on my crdit card',
    one((raw) => card(raw).owed),
  ),
  q(
    'net_worth',
    'how much of my credit limit am i useing',
    anyOf(
      percent((raw) => card(raw).usedPercent),
      money((raw) => [card(raw).owed, card(raw).limit]),
    ),
  ),
  q(
    'net_worth',
    'total assets not counting crypto',
    one((raw) => totalAssets(raw) - cryptoCents(raw)),
  ),
  q(
    'net_worth',
    'net worth excluding my retirement accounts',
    one((raw) => netWorth(raw) - sum(accountsNamed(raw, 'ira'))),
  ),
  q(
    'net_worth',
    'savings acct balance?',
    one((raw) => balanceOf(raw, 'savings')),
  ),
];

const investmentQuestions: Question[] = [
  q(
    'investments',
    (raw) => `hows my ${sharedTicker(raw).toLowerCase()} position, whats it worth`,
    anyOf(
      one((raw) => tickerValue(raw, sharedTicker(raw)).total),
      money((raw) => tickerValue(raw, sharedTicker(raw)).each),
    ),
  ),
  q('investments', 'can u tell me the total value of my investmnts', one(investmentsValue)),
  q(
    'investments',
    'how much am i up on my investments overall',
    anyOf(
      one(unrealisedGain),
      percent((raw) => {
        const rows = holdings(raw).filter((row) => row.ticker !== 'CASH');
        return percentOf(
          sum(rows.map((row) => row.valueCents - row.costCents)),
          sum(rows.map((row) => row.costCents)),
        );
      }),
    ),
  ),
  q(
    'investments',
    'whats my biggest holding',
    names((raw) => [largestHolding(raw).ticker]),
  ),
  q(
    'investments',
    'dividends in the past 12 months',
    anyOf(
      ...[fullMonths(12), lastDays(365)].map((window) => one((raw) => income(raw, window(raw), DIVIDENDS))),
    ),
  ),
  q(
    'investments',
    'etfs vs individual stocks, how much do i have in each',
    money((raw) => [valueOfClass(raw, 'etf'), valueOfClass(raw, 'stock')]),
  ),
  q(
    'investments',
    'how much uninvested cash is sitting in my investment accts',
    anyOf(
      one((raw) => tickerValue(raw, 'CASH').total),
      money((raw) => tickerValue(raw, 'CASH').each),
    ),
  ),
  q(
    'investments',
    'how much did i put into my investment accounts this yr',
    anyOf(
      one((raw) => investedFromChecking(raw, thisYear(raw))),
      one((raw) => brokerageContributions(raw, thisYear(raw))),
      one((raw) => investedFromChecking(raw, thisYear(raw)) + brokerageContributions(raw, thisYear(raw))),
    ),
  ),
  q(
    'investments',
    'whats in my individual brokerage acct, total value',
    anyOf(
      clarification,
      one((raw) => sum(accountsNamed(raw, 'individual'))),
      money((raw) => accountsNamed(raw, 'individual')),
    ),
  ),
];

const cryptoQuestions: Question[] = [
  q('crypto', 'how much crypto do i have rn', one(cryptoCents)),
  q(
    'crypto',
    'whats my btc worth',
    one((raw) => cryptoSymbolCents(raw, 'BTC')),
  ),
  q(
    'crypto',
    'value of my ledger wallet',
    one((raw) => walletTagged(raw, 'Ledger')),
  ),
  q(
    'crypto',
    'how much eth do i hold in total across wallets, in usd',
    one((raw) => cryptoSymbolCents(raw, 'ETH')),
  ),
  q(
    'crypto',
    'my ethereum wallet balance?',
    anyOf(
      clarification,
      money(ethereumWallets),
      one((raw) => sum(ethereumWallets(raw))),
    ),
  ),
  q(
    'crypto',
    'crypto total not counting stablecoins',
    one((raw) => cryptoCents(raw) - sum(STABLECOINS.map((symbol) => cryptoSymbolCents(raw, symbol)))),
  ),
  q(
    'crypto',
    'what % of my net worth is crypto',
    percent((raw) => percentOf(cryptoCents(raw), netWorth(raw))),
  ),
  q(
    'crypto',
    'phantom wallet worth?',
    one((raw) => walletTagged(raw, 'Phantom')),
  ),
];

const calculatorQuestions: Question[] = [
  q(
    'calculators',
    'if i put $500 a month into an account at 4.5% for 10 yrs what would i have',
    one(() =>
      futureValue({ principal: 0, monthly: 500, annualRatePercent: 4.5, years: 10, periodsPerYear: 12 }),
    ),
  ),
  q(
    'calculators',
    'monthly payment on a $32k car loan at 6.9% for 5 years',
    one(() => loanPayment({ principal: 32_000, annualRatePercent: 6.9, years: 5 })),
  ),
  q(
    'calculators',
    'how long to save 15k if i put away 750/mo',
    tally(() => monthsToGoal({ target: 15_000, monthly: 750 }), 'month'),
  ),
  q(
    'calculators',
    '$10,000 at 7% compounded annually for 20 yrs = ?',
    one(() => futureValue({ principal: 10_000, annualRatePercent: 7, years: 20, periodsPerYear: 1 })),
  ),
  q(
    'calculators',
    'starting from zero, how much do i need to save each month to hit $25k in 3 yrs at 4%',
    one(() => savingsGoalMonthly({ target: 25_000, annualRatePercent: 4, months: 36 })),
  ),
  q(
    'calculators',
    'mortgage payment on 450k, 30yr fixed at 6.25%',
    one(() => loanPayment({ principal: 450_000, annualRatePercent: 6.25, years: 30 })),
  ),
  q(
    'calculators',
    'if i save $1,200 per paycheck and get paid twice a month, how much is that in a year (no interest)',
    one(() => 1_200 * 24 * 100),
  ),
  q(
    'calculators',
    'how many months to pay off $5k at $200/mo, 0% apr',
    tally(() => monthsToGoal({ target: 5_000, monthly: 200 }), 'month', 'payment'),
  ),
];

export const HOLDINGS_QUESTIONS: Question[] = [
  ...netWorthQuestions,
  ...investmentQuestions,
  ...cryptoQuestions,
  ...calculatorQuestions,
];
