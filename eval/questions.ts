import {
  balanceOf,
  balances,
  byAccountKind,
  byDetailed,
  byMerchant,
  byPrimary,
  calendarMonth,
  cryptoCents,
  cryptoSymbolCents,
  futureValue,
  income,
  investmentsValue,
  largestHolding,
  largestInflow,
  largestSpending,
  latestCharge,
  loanPayment,
  monthName,
  monthsToGoal,
  netWorth,
  periods,
  savingsGoalMonthly,
  savingsRatePercent,
  spending,
  spendingBy,
  totalAssets,
  unrealisedGain,
  usd,
  valueOfClass,
  valueOfTicker,
  walletCents,
} from './expected.ts';
import { EVAL_BROKER } from './fixture.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import { READING_QUESTIONS } from './tuning-reading.ts';

/**
 * The agent's evaluation set: questions as users ask them, each with what a right answer must hold,
 * computed from the vendors' raw records (expected.ts) and today's date. A question with several turns
 * is one thread (follow-ups); every other question starts its own thread.
 */

export {
  CATEGORIES,
  type Category,
  type Expect,
  type Question,
  type Turn,
} from './question-types.ts';

export const HEADLINE_QUESTION = 'How much did I spend on groceries last month?';

// ---------------------------------------------------------------------------------------------------
// Shorthands

const money = (cents: (raw: RawData) => number[], mentions?: (raw: RawData) => string[]): Expect => ({
  kind: 'amounts',
  values: (raw) => cents(raw).map(usd),
  ...(mentions ? { mentions } : {}),
});
const one = (cents: (raw: RawData) => number, mentions?: (raw: RawData) => string[]) =>
  money((raw) => [cents(raw)], mentions);
const clarification: Expect = { kind: 'clarification' };
const outOfScope: Expect = { kind: 'out_of_scope' };

const GROCERIES = byDetailed('FOOD_AND_DRINK_GROCERIES');
const RESTAURANTS = byDetailed('FOOD_AND_DRINK_RESTAURANT');

const lastMonth = (raw: RawData) => periods.lastMonth(raw.today);
const thisMonth = (raw: RawData) => periods.thisMonth(raw.today);
const thisYear = (raw: RawData) => periods.thisYear(raw.today);
const twoMonthsAgo = (raw: RawData) => periods.monthsAgo(raw.today, 2);

/** The grocery store the user spent most at last month (a merchant they really use). */
function topGrocer(raw: RawData): string {
  return spendingBy(raw, lastMonth(raw), (flow) => flow.merchant, GROCERIES)[0]?.key ?? 'Whole Foods Market';
}

const wallet = (raw: RawData, accountName: string) => {
  const found = raw.wallets.find((candidate) => candidate.accountName === accountName);
  if (!found) throw new Error(`no wallet ${accountName}`);
  return walletCents(found);
};

const brokerageAccount = (raw: RawData, name: string) => {
  const found = balances(raw).find(
    (balance) => balance.institution === EVAL_BROKER.name && balance.name === name,
  );
  if (!found) throw new Error(`no ${name} at ${EVAL_BROKER.name}`);
  return found.cents;
};

// ---------------------------------------------------------------------------------------------------

const BASE_QUESTIONS: readonly Question[] = [
  // --- Spending: by category, by merchant, over every kind of period
  {
    id: 'spending-groceries-last-month',
    category: 'spending',
    turns: [{ ask: HEADLINE_QUESTION, expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)) }],
  },
  {
    id: 'spending-total-last-month',
    category: 'spending',
    turns: [{ ask: 'How much did I spend last month?', expect: one((raw) => spending(raw, lastMonth(raw))) }],
  },
  {
    id: 'spending-total-this-month',
    category: 'spending',
    turns: [
      { ask: 'What have I spent so far this month?', expect: one((raw) => spending(raw, thisMonth(raw))) },
    ],
  },
  {
    id: 'spending-total-this-year',
    category: 'spending',
    turns: [
      { ask: 'How much money have I spent this year?', expect: one((raw) => spending(raw, thisYear(raw))) },
    ],
  },
  {
    id: 'spending-restaurants-named-month',
    category: 'spending',
    turns: [
      {
        ask: (raw) => `How much did I spend eating at restaurants in ${monthName(twoMonthsAgo(raw))}?`,
        expect: one((raw) => spending(raw, twoMonthsAgo(raw), RESTAURANTS)),
      },
    ],
  },
  {
    id: 'spending-coffee-since-month',
    category: 'spending',
    turns: [
      {
        ask: (raw) => `How much have I spent on coffee since ${monthName(calendarMonth(raw.today, 4))}?`,
        expect: one((raw) =>
          spending(raw, periods.sinceMonth(raw.today, 4), byDetailed('FOOD_AND_DRINK_COFFEE')),
        ),
      },
    ],
  },
  {
    id: 'spending-total-last-30-days',
    category: 'spending',
    turns: [
      {
        ask: 'What did I spend in the last 30 days?',
        expect: one((raw) => spending(raw, periods.lastDays(raw.today, 30))),
      },
    ],
  },
  {
    id: 'spending-food-last-week',
    category: 'spending',
    turns: [
      {
        ask: 'How much did I spend on food and drink last week?',
        expect: one((raw) => spending(raw, periods.lastWeek(raw.today), byPrimary('FOOD_AND_DRINK'))),
      },
    ],
  },
  {
    id: 'spending-amazon-last-month',
    category: 'spending',
    turns: [
      {
        ask: 'How much did I spend at Amazon last month?',
        expect: one((raw) => spending(raw, lastMonth(raw), byMerchant('Amazon'))),
      },
    ],
  },
  {
    id: 'spending-top-grocer-last-month',
    category: 'spending',
    turns: [
      {
        ask: (raw) => `What did I spend at ${topGrocer(raw)} last month?`,
        expect: one((raw) => spending(raw, lastMonth(raw), byMerchant(topGrocer(raw)))),
      },
    ],
  },
  {
    id: 'spending-rides-this-year',
    category: 'spending',
    turns: [
      {
        ask: 'How much have I spent on Uber and Lyft this year?',
        expect: one((raw) =>
          spending(raw, thisYear(raw), byDetailed('TRANSPORTATION_TAXIS_AND_RIDE_SHARES')),
        ),
      },
    ],
  },
  {
    id: 'spending-travel-last-year',
    category: 'spending',
    turns: [
      {
        ask: 'How much did I spend on travel last year?',
        expect: one((raw) => spending(raw, periods.lastYear(raw.today), byPrimary('TRAVEL'))),
      },
    ],
  },
  {
    id: 'spending-entertainment-last-month',
    category: 'spending',
    turns: [
      {
        ask: 'What did I spend on entertainment last month?',
        expect: one((raw) => spending(raw, lastMonth(raw), byPrimary('ENTERTAINMENT'))),
      },
    ],
  },
  {
    id: 'spending-rent-this-year',
    category: 'spending',
    turns: [
      {
        ask: 'How much rent have I paid this year?',
        expect: one((raw) => spending(raw, thisYear(raw), byDetailed('RENT_AND_UTILITIES_RENT'))),
      },
    ],
  },
  {
    id: 'spending-shopping-last-month',
    category: 'spending',
    turns: [
      {
        ask: 'How much did I spend on shopping last month?',
        expect: one((raw) => spending(raw, lastMonth(raw), byPrimary('GENERAL_MERCHANDISE'))),
      },
    ],
  },
  {
    id: 'spending-electricity-last-month',
    category: 'spending',
    turns: [
      {
        ask: 'How much was my electricity bill last month?',
        expect: one((raw) =>
          spending(raw, lastMonth(raw), byDetailed('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY')),
        ),
      },
    ],
  },
  {
    id: 'spending-by-category-last-month',
    category: 'spending',
    turns: [
      {
        ask: 'Give me a breakdown of my spending by category for last month.',
        // The three biggest primary categories.
        expect: money((raw) =>
          spendingBy(raw, lastMonth(raw), (flow) => flow.primary)
            .slice(0, 3)
            .map((group) => group.cents),
        ),
      },
    ],
  },
  {
    id: 'spending-credit-card-last-month',
    category: 'spending',
    turns: [
      {
        ask: 'How much did I put on my credit card last month?',
        expect: one((raw) => spending(raw, lastMonth(raw), byAccountKind('credit'))),
      },
    ],
  },
  {
    id: 'spending-transportation-past-30-days',
    category: 'spending',
    turns: [
      {
        ask: 'How much have I spent on transportation in the past 30 days?',
        expect: one((raw) => spending(raw, periods.lastDays(raw.today, 30), byPrimary('TRANSPORTATION'))),
      },
    ],
  },

  // --- Income
  {
    id: 'income-last-month',
    category: 'income',
    turns: [{ ask: 'How much did I earn last month?', expect: one((raw) => income(raw, lastMonth(raw))) }],
  },
  {
    id: 'income-paychecks-last-month',
    category: 'income',
    turns: [
      {
        ask: 'What did my paychecks add up to last month?',
        expect: one((raw) => income(raw, lastMonth(raw), byDetailed('INCOME_WAGES'))),
      },
    ],
  },
  {
    id: 'income-this-year',
    category: 'income',
    turns: [
      { ask: "What's my total income so far this year?", expect: one((raw) => income(raw, thisYear(raw))) },
    ],
  },
  {
    id: 'income-interest-this-year',
    category: 'income',
    turns: [
      {
        ask: 'How much interest have I earned this year?',
        expect: one((raw) => income(raw, thisYear(raw), byDetailed('INCOME_INTEREST_EARNED'))),
      },
    ],
  },
  {
    id: 'income-last-30-days',
    category: 'income',
    turns: [
      {
        ask: 'How much income did I get in the last 30 days?',
        expect: one((raw) => income(raw, periods.lastDays(raw.today, 30))),
      },
    ],
  },
  {
    id: 'income-named-month',
    category: 'income',
    turns: [
      {
        ask: (raw) => `What was my income in ${monthName(twoMonthsAgo(raw))}?`,
        expect: one((raw) => income(raw, twoMonthsAgo(raw))),
      },
    ],
  },
  {
    id: 'income-savings-interest-last-month',
    category: 'income',
    turns: [
      {
        ask: 'How much interest did my savings account pay me last month?',
        expect: one((raw) =>
          income(raw, lastMonth(raw), (flow) => byAccountKind('savings')(flow) && flow.primary === 'INCOME'),
        ),
      },
    ],
  },

  // --- Cash flow and savings rate (saved = income - spending)
  {
    id: 'cash-flow-saved-last-month',
    category: 'cash_flow',
    turns: [
      {
        ask: 'How much did I save last month?',
        expect: one((raw) => income(raw, lastMonth(raw)) - spending(raw, lastMonth(raw))),
      },
    ],
  },
  {
    id: 'cash-flow-savings-rate-last-month',
    category: 'cash_flow',
    turns: [
      {
        ask: 'What was my savings rate last month?',
        expect: {
          kind: 'percent',
          value: (raw) => savingsRatePercent(income(raw, lastMonth(raw)), spending(raw, lastMonth(raw))),
        },
      },
    ],
  },
  {
    id: 'cash-flow-income-and-expenses-last-month',
    category: 'cash_flow',
    turns: [
      {
        ask: 'What were my income and expenses last month?',
        expect: money((raw) => [income(raw, lastMonth(raw)), spending(raw, lastMonth(raw))]),
      },
    ],
  },
  {
    id: 'cash-flow-earned-vs-spent-this-month',
    category: 'cash_flow',
    turns: [
      {
        ask: 'Did I spend more than I earned this month?',
        expect: money((raw) => [income(raw, thisMonth(raw)), spending(raw, thisMonth(raw))]),
      },
    ],
  },
  {
    id: 'cash-flow-saved-this-year',
    category: 'cash_flow',
    turns: [
      {
        ask: 'How much have I saved so far this year?',
        expect: one((raw) => income(raw, thisYear(raw)) - spending(raw, thisYear(raw))),
      },
    ],
  },
  {
    id: 'cash-flow-savings-rate-this-year',
    category: 'cash_flow',
    turns: [
      {
        ask: 'What percentage of my income have I saved this year?',
        expect: {
          kind: 'percent',
          value: (raw) => savingsRatePercent(income(raw, thisYear(raw)), spending(raw, thisYear(raw))),
        },
      },
    ],
  },

  // --- Net worth and balances
  {
    id: 'net-worth',
    category: 'net_worth',
    turns: [{ ask: "What's my net worth?", expect: one(netWorth) }],
  },
  {
    id: 'net-worth-total-assets',
    category: 'net_worth',
    turns: [{ ask: 'What are my total assets worth?', expect: one(totalAssets) }],
  },
  {
    id: 'net-worth-credit-card-owed',
    category: 'net_worth',
    turns: [{ ask: 'How much do I owe on my credit card?', expect: one((raw) => balanceOf(raw, 'credit')) }],
  },
  {
    id: 'net-worth-checking-balance',
    category: 'net_worth',
    turns: [{ ask: "What's my checking account balance?", expect: one((raw) => balanceOf(raw, 'checking')) }],
  },
  {
    id: 'net-worth-savings-balance',
    category: 'net_worth',
    turns: [
      { ask: 'How much money is in my savings account?', expect: one((raw) => balanceOf(raw, 'savings')) },
    ],
  },
  {
    id: 'net-worth-cash-in-bank',
    category: 'net_worth',
    turns: [
      {
        ask: 'How much cash do I have across my checking and savings?',
        expect: one((raw) => balanceOf(raw, 'checking') + balanceOf(raw, 'savings')),
      },
    ],
  },

  // --- Subscriptions and recurring payments (the latest charge is the current price)
  {
    id: 'recurring-netflix',
    category: 'recurring',
    turns: [
      {
        ask: 'How much am I paying for Netflix each month?',
        expect: one((raw) => latestCharge(raw, byMerchant('Netflix'))),
      },
    ],
  },
  {
    id: 'recurring-subscriptions',
    category: 'recurring',
    turns: [
      {
        ask: 'What subscriptions am I paying for?',
        expect: money(
          (raw) => [
            latestCharge(raw, byMerchant('Netflix')),
            latestCharge(raw, byMerchant('Spotify')),
            latestCharge(raw, byMerchant('Apple iCloud')),
          ],
          () => ['Netflix', 'Spotify', 'iCloud'],
        ),
      },
    ],
  },
  {
    id: 'recurring-gym',
    category: 'recurring',
    turns: [
      {
        ask: 'How much is my gym membership?',
        expect: one((raw) => latestCharge(raw, byDetailed('PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'))),
      },
    ],
  },
  {
    id: 'recurring-spotify-this-year',
    category: 'recurring',
    turns: [
      {
        ask: 'How much have I paid Spotify this year?',
        expect: one((raw) => spending(raw, thisYear(raw), byMerchant('Spotify'))),
      },
    ],
  },
  {
    id: 'recurring-rent',
    category: 'recurring',
    turns: [
      {
        ask: "What's my monthly rent?",
        expect: one((raw) => latestCharge(raw, byDetailed('RENT_AND_UTILITIES_RENT'))),
      },
    ],
  },
  {
    id: 'recurring-internet',
    category: 'recurring',
    turns: [
      {
        ask: 'How much is my internet bill?',
        expect: one((raw) => latestCharge(raw, byDetailed('RENT_AND_UTILITIES_INTERNET_AND_CABLE'))),
      },
    ],
  },
  {
    id: 'recurring-phone-this-year',
    category: 'recurring',
    turns: [
      {
        ask: 'How much have I spent on my phone bill this year?',
        expect: one((raw) => spending(raw, thisYear(raw), byDetailed('RENT_AND_UTILITIES_TELEPHONE'))),
      },
    ],
  },

  // --- Largest transactions
  {
    id: 'largest-expense-last-month',
    category: 'largest',
    turns: [
      {
        ask: 'What was my biggest expense last month?',
        expect: money((raw) => largestSpending(raw, lastMonth(raw))),
      },
    ],
  },
  {
    id: 'largest-groceries-last-month',
    category: 'largest',
    turns: [
      {
        ask: 'What were my three largest grocery purchases last month?',
        expect: money((raw) => largestSpending(raw, lastMonth(raw), GROCERIES, 3)),
      },
    ],
  },
  {
    id: 'largest-restaurant-this-year',
    category: 'largest',
    turns: [
      {
        ask: "What's the most I've spent at a restaurant in one visit this year?",
        expect: money((raw) => largestSpending(raw, thisYear(raw), RESTAURANTS)),
      },
    ],
  },
  {
    id: 'largest-credit-card-charge-this-year',
    category: 'largest',
    turns: [
      {
        ask: 'What was the largest charge on my credit card this year?',
        expect: money((raw) => largestSpending(raw, thisYear(raw), byAccountKind('credit'))),
      },
    ],
  },
  {
    id: 'largest-deposit-checking-last-month',
    category: 'largest',
    turns: [
      {
        ask: 'What was the biggest deposit into my checking account last month?',
        expect: one((raw) => largestInflow(raw, lastMonth(raw), byAccountKind('checking'))),
      },
    ],
  },

  // --- Investments
  {
    id: 'investments-total',
    category: 'investments',
    turns: [{ ask: 'How much are my investments worth?', expect: one(investmentsValue) }],
  },
  {
    id: 'investments-roth-ira',
    category: 'investments',
    turns: [
      {
        ask: `How much is in my ${EVAL_BROKER.name} Roth IRA?`,
        expect: one((raw) => brokerageAccount(raw, 'Roth IRA')),
      },
    ],
  },
  {
    id: 'investments-cash',
    category: 'investments',
    turns: [
      {
        ask: 'How much cash is sitting in my investment accounts?',
        expect: one((raw) => valueOfClass(raw, 'cash')),
      },
    ],
  },
  {
    id: 'investments-unrealised-gain',
    category: 'investments',
    turns: [{ ask: "What's my unrealized gain across my portfolio?", expect: one(unrealisedGain) }],
  },
  {
    id: 'investments-vti',
    category: 'investments',
    turns: [
      {
        ask: 'How much do I have in VTI across all my accounts?',
        expect: one((raw) => valueOfTicker(raw, 'VTI')),
      },
    ],
  },
  {
    id: 'investments-largest-holding',
    category: 'investments',
    turns: [
      {
        ask: "What's my largest holding?",
        expect: one(
          (raw) => largestHolding(raw).cents,
          (raw) => [largestHolding(raw).ticker],
        ),
      },
    ],
  },
  {
    id: 'investments-allocation',
    category: 'investments',
    turns: [
      {
        ask: 'How is my portfolio split between stocks, ETFs, mutual funds and cash?',
        expect: money((raw) =>
          (['stock', 'etf', 'fund', 'cash'] as const)
            .map((assetClass) => valueOfClass(raw, assetClass))
            .filter((cents) => cents !== 0),
        ),
      },
    ],
  },
  {
    id: 'investments-dividends-this-year',
    category: 'investments',
    turns: [
      {
        ask: 'How much have I received in dividends this year?',
        expect: one((raw) => income(raw, thisYear(raw), byDetailed('INCOME_DIVIDENDS'))),
      },
    ],
  },

  // --- Crypto (USD at today's price)
  {
    id: 'crypto-total',
    category: 'crypto',
    turns: [{ ask: 'How much is all my crypto worth?', expect: one(cryptoCents) }],
  },
  {
    id: 'crypto-bitcoin-wallet',
    category: 'crypto',
    turns: [
      {
        ask: "What's my Bitcoin wallet worth in dollars?",
        expect: one((raw) => wallet(raw, 'Bitcoin_web3')),
      },
    ],
  },
  {
    id: 'crypto-solana-wallet',
    category: 'crypto',
    turns: [
      { ask: 'How much is my Solana wallet worth?', expect: one((raw) => wallet(raw, 'Phantom_web3')) },
    ],
  },
  {
    id: 'crypto-ethereum-wallets-together',
    category: 'crypto',
    turns: [
      {
        ask: 'What are my two Ethereum wallets worth in total?',
        expect: one((raw) => wallet(raw, 'Ledger_web3') + wallet(raw, 'MetaMask_web3')),
      },
    ],
  },
  {
    id: 'crypto-metamask',
    category: 'crypto',
    turns: [
      {
        ask: 'How much is my MetaMask wallet worth?',
        expect: one((raw) => wallet(raw, 'MetaMask_web3')),
      },
    ],
  },
  {
    id: 'crypto-eth-holdings',
    category: 'crypto',
    turns: [
      {
        ask: 'How much is my ETH worth in USD across my wallets?',
        expect: one((raw) => cryptoSymbolCents(raw, 'ETH')),
      },
    ],
  },

  // --- Calculators (textbook formulas)
  {
    id: 'calculator-compound-annual',
    category: 'calculators',
    turns: [
      {
        ask: 'If I invest $10,000 at 7% a year compounded annually, how much will I have after 10 years?',
        expect: one(() =>
          futureValue({ principal: 10_000, annualRatePercent: 7, years: 10, periodsPerYear: 1 }),
        ),
      },
    ],
  },
  {
    id: 'calculator-monthly-deposits',
    category: 'calculators',
    turns: [
      {
        ask: 'If I put $500 into savings at the end of every month at 6% interest compounded monthly, how much will I have in 20 years?',
        expect: one(() =>
          futureValue({ principal: 0, monthly: 500, annualRatePercent: 6, years: 20, periodsPerYear: 12 }),
        ),
      },
    ],
  },
  {
    id: 'calculator-principal-plus-deposits',
    category: 'calculators',
    turns: [
      {
        ask: 'I have $5,000 invested and add $200 at the end of each month. At 8% a year compounded monthly, what will it be worth in 15 years?',
        expect: one(() =>
          futureValue({
            principal: 5_000,
            monthly: 200,
            annualRatePercent: 8,
            years: 15,
            periodsPerYear: 12,
          }),
        ),
      },
    ],
  },
  {
    id: 'calculator-mortgage',
    category: 'calculators',
    turns: [
      {
        ask: "What's the monthly payment on a $300,000 mortgage at 6.5% for 30 years?",
        expect: one(() => loanPayment({ principal: 300_000, annualRatePercent: 6.5, years: 30 })),
      },
    ],
  },
  {
    id: 'calculator-car-loan',
    category: 'calculators',
    turns: [
      {
        ask: 'What would my monthly payment be on a $25,000 car loan at 5.9% APR over 5 years?',
        expect: one(() => loanPayment({ principal: 25_000, annualRatePercent: 5.9, years: 5 })),
      },
    ],
  },
  {
    id: 'calculator-interest-free-loan',
    category: 'calculators',
    turns: [
      {
        ask: 'If I borrow $12,000 interest-free and pay it back over 3 years, what are the monthly payments?',
        expect: one(() => loanPayment({ principal: 12_000, annualRatePercent: 0, years: 3 })),
      },
    ],
  },
  {
    id: 'calculator-savings-goal',
    category: 'calculators',
    turns: [
      {
        ask: 'I want to save $20,000 for a down payment in 3 years. How much do I need to put aside each month?',
        expect: one(() => savingsGoalMonthly({ target: 20_000, months: 36 })),
      },
    ],
  },
  {
    id: 'calculator-savings-goal-with-interest',
    category: 'calculators',
    turns: [
      {
        ask: 'I have $10,000 saved and want $50,000 in 5 years. If my savings earn 4.5% a year compounded monthly, how much should I save each month?',
        expect: one(() =>
          savingsGoalMonthly({ target: 50_000, current: 10_000, annualRatePercent: 4.5, months: 60 }),
        ),
      },
    ],
  },
  {
    id: 'calculator-months-to-goal',
    category: 'calculators',
    turns: [
      {
        ask: 'How many months will it take to save $10,000 if I put away $400 a month?',
        expect: {
          kind: 'count',
          value: () => monthsToGoal({ target: 10_000, monthly: 400 }),
          unit: 'months',
        },
      },
    ],
  },
  {
    id: 'calculator-emergency-fund-from-spending',
    category: 'calculators',
    turns: [
      {
        ask: 'Based on my average monthly spending over the last three full months, how big should a 6-month emergency fund be?',
        // 6 × (3 months' spending / 3) = 2 × the 3 months' spending, exactly.
        expect: one((raw) => 2 * spending(raw, periods.lastFullMonths(raw.today, 3))),
      },
    ],
  },
  {
    id: 'calculator-emergency-fund-simple',
    category: 'calculators',
    turns: [
      {
        ask: 'I spend about $3,200 a month. How much should I keep in an emergency fund to cover 6 months?',
        expect: one(() => 6 * 320_000),
      },
    ],
  },

  // --- Follow-ups in one thread
  {
    id: 'follow-up-groceries-then-restaurants',
    category: 'follow_ups',
    turns: [
      { ask: HEADLINE_QUESTION, expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)) },
      { ask: 'and the month before?', expect: one((raw) => spending(raw, twoMonthsAgo(raw), GROCERIES)) },
      // The period in focus stays the month before; only the category changes.
      { ask: 'what about restaurants?', expect: one((raw) => spending(raw, twoMonthsAgo(raw), RESTAURANTS)) },
    ],
  },
  {
    id: 'follow-up-balances',
    category: 'follow_ups',
    turns: [
      { ask: "What's my checking balance?", expect: one((raw) => balanceOf(raw, 'checking')) },
      { ask: 'and my savings?', expect: one((raw) => balanceOf(raw, 'savings')) },
      { ask: 'what about my credit card?', expect: one((raw) => balanceOf(raw, 'credit')) },
    ],
  },
  {
    id: 'follow-up-income-then-dividends',
    category: 'follow_ups',
    turns: [
      { ask: 'How much did I earn last month?', expect: one((raw) => income(raw, lastMonth(raw))) },
      { ask: 'and so far this year?', expect: one((raw) => income(raw, thisYear(raw))) },
      {
        ask: 'how much of that came from dividends?',
        expect: one((raw) => income(raw, thisYear(raw), byDetailed('INCOME_DIVIDENDS'))),
      },
    ],
  },
  {
    id: 'follow-up-mortgage-term',
    category: 'follow_ups',
    turns: [
      {
        ask: 'What would the monthly payment be on a $300,000 mortgage at 6.5% over 30 years?',
        expect: one(() => loanPayment({ principal: 300_000, annualRatePercent: 6.5, years: 30 })),
      },
      {
        ask: 'And if I paid it off over 15 years instead?',
        expect: one(() => loanPayment({ principal: 300_000, annualRatePercent: 6.5, years: 15 })),
      },
    ],
  },

  // --- Out of scope: nothing to do with the user's money
  {
    id: 'out-of-scope-weather',
    category: 'out_of_scope',
    turns: [{ ask: "What's the weather in Paris today?", expect: outOfScope }],
  },
  {
    id: 'out-of-scope-poem',
    category: 'out_of_scope',
    turns: [{ ask: 'Write me a poem about the ocean.', expect: outOfScope }],
  },
  {
    id: 'out-of-scope-stock-tip',
    category: 'out_of_scope',
    turns: [{ ask: 'Should I buy Tesla stock tomorrow?', expect: outOfScope }],
  },
  {
    id: 'out-of-scope-capital',
    category: 'out_of_scope',
    turns: [{ ask: 'What is the capital of Australia?', expect: outOfScope }],
  },
  {
    id: 'out-of-scope-code',
    category: 'out_of_scope',
    turns: [{ ask: 'Can you write a Python function that reverses a string?', expect: outOfScope }],
  },
  {
    id: 'out-of-scope-recipe',
    category: 'out_of_scope',
    turns: [{ ask: 'Give me a good recipe for lasagna.', expect: outOfScope }],
  },
  {
    id: 'out-of-scope-sports',
    category: 'out_of_scope',
    turns: [{ ask: 'Who won the 2018 World Cup?', expect: outOfScope }],
  },
  {
    id: 'out-of-scope-translation',
    category: 'out_of_scope',
    turns: [{ ask: 'Translate "good morning" into Japanese.', expect: outOfScope }],
  },
  {
    id: 'out-of-scope-joke',
    category: 'out_of_scope',
    turns: [{ ask: 'Tell me a joke about cats.', expect: outOfScope }],
  },

  // --- Ambiguous: the agent must ask back
  {
    // Two or three investment accounts (the brokerage's two, sometimes one at the bank).
    id: 'ambiguous-investment-account',
    category: 'ambiguous',
    turns: [{ ask: "What's the balance of my investment account?", expect: clarification }],
  },
  {
    // Two Ethereum wallets.
    id: 'ambiguous-ethereum-wallet',
    category: 'ambiguous',
    turns: [{ ask: 'How much is in my Ethereum wallet?', expect: clarification }],
  },
  {
    id: 'ambiguous-invest-monthly',
    category: 'ambiguous',
    turns: [{ ask: 'How much would I have if I invested every month?', expect: clarification }],
  },
  {
    id: 'ambiguous-loan-payment',
    category: 'ambiguous',
    turns: [{ ask: 'What would my monthly payment be on a loan?', expect: clarification }],
  },
  {
    id: 'ambiguous-spent-there',
    category: 'ambiguous',
    turns: [{ ask: 'How much did I spend there?', expect: clarification }],
  },
  {
    id: 'ambiguous-more-than-usual',
    category: 'ambiguous',
    turns: [{ ask: 'Is that more than usual?', expect: clarification }],
  },
  {
    id: 'ambiguous-goal',
    category: 'ambiguous',
    turns: [{ ask: 'How long will it take me to reach my goal?', expect: clarification }],
  },
];

/** The tuning set: the questions above, then those typed as people type (tuning-reading.ts). */
export const QUESTIONS: readonly Question[] = [...BASE_QUESTIONS, ...READING_QUESTIONS];
