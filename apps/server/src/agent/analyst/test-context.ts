import { type ContextAccount, type ContextCategory, createMatcher, type TurnContext } from './vocabulary.ts';

/**
 * The user the analyst's unit tests read questions for (docs/agent.md, "How a question is read"): a
 * checking account and a card at one bank, two Roth IRAs of one name at two institutions, and the
 * categories and merchants their transactions carry. Only for tests.
 */
export const testContext: TurnContext = {
  today: '2026-11-26',
  accounts: [
    {
      id: 'a1',
      name: 'Plaid Checking',
      platform: 'plaid',
      kind: 'checking',
      institution: 'First Platypus Bank',
    },
    {
      id: 'a3',
      name: 'Plaid Credit Card',
      platform: 'plaid',
      kind: 'credit',
      institution: 'First Platypus Bank',
    },
    { id: 'a4', name: 'Roth IRA', platform: 'plaid', kind: 'investment', institution: 'First Platypus Bank' },
    { id: 'a5', name: 'Roth IRA', platform: 'snaptrade', kind: 'investment', institution: 'Alpaca Paper' },
  ],
  categories: [
    { code: 'FOOD_AND_DRINK_GROCERIES', label: 'Groceries', count: 40 },
    { code: 'FOOD_AND_DRINK_RESTAURANT', label: 'Restaurants', count: 30 },
    { code: 'FOOD_AND_DRINK', label: 'Food and drink', count: 90 },
    { code: 'TRANSPORTATION_GAS', label: 'Gas', count: 12 },
    { code: 'BANK_FEES', label: 'Bank fees', count: 2 },
    { code: 'INCOME_WAGES', label: 'Wages and salary', count: 24 },
    { code: 'INCOME_DIVIDENDS', label: 'Dividends', count: 30 },
    { code: 'INCOME_INTEREST_EARNED', label: 'Interest earned', count: 12 },
  ],
  merchants: [
    { name: 'Whole Foods Market', count: 12 },
    { name: 'Starbucks', count: 20 },
    { name: 'Amazon', count: 30 },
    { name: 'Uber', count: 22 },
    { name: 'Lyft', count: 23 },
  ],
  securities: [{ ticker: 'VTI', name: 'Vanguard Total Stock Market ETF' }],
  history: { first: '2024-11-27', last: '2026-11-25' },
};

/** A brokerage account at a second institution, for questions that set it against the Roth IRAs. */
export const individualBrokerage: ContextAccount = {
  id: 'a6',
  name: 'Individual Brokerage',
  platform: 'snaptrade',
  kind: 'investment',
  institution: 'Alpaca',
};

/** A savings account at the bank, for questions about interest or money moved into savings. */
export const highYieldSavings: ContextAccount = {
  id: 'a7',
  name: 'High-Yield Savings',
  platform: 'plaid',
  kind: 'savings',
  institution: 'First Platypus',
};

/** Rent, which the test user otherwise has none of. */
export const rentCategory: ContextCategory = { code: 'RENT_AND_UTILITIES_RENT', label: 'Rent', count: 12 };

type Additions = {
  [K in 'accounts' | 'categories' | 'merchants']?: TurnContext[K];
} & Pick<Partial<TurnContext>, 'history' | 'securities'>;

/** The test user with more accounts, categories or merchants (added to theirs), or another history. */
export function contextWith(more: Additions, base: TurnContext = testContext): TurnContext {
  return {
    ...base,
    accounts: [...base.accounts, ...(more.accounts ?? [])],
    categories: [...base.categories, ...(more.categories ?? [])],
    merchants: [...base.merchants, ...(more.merchants ?? [])],
    ...(more.securities ? { securities: more.securities } : {}),
    ...(more.history ? { history: more.history } : {}),
  };
}

/** The test user without some accounts (by id) or categories (by code). */
export function contextWithout(
  less: { accounts?: string[]; categories?: string[] },
  base: TurnContext = testContext,
): TurnContext {
  return {
    ...base,
    accounts: base.accounts.filter((account) => !less.accounts?.includes(account.id)),
    categories: base.categories.filter((category) => !less.categories?.includes(category.code)),
  };
}

/** A context with its matcher, as the analyst builds them for a turn. */
export function withMatcher(context: TurnContext) {
  return { context, matcher: createMatcher(context) };
}
