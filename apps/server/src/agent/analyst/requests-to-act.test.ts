import { describe, expect, it } from 'vitest';
import { readRequestToAct } from './requests-to-act.ts';
import { understand } from './understand.ts';
import { createMatcher, type TurnContext } from './vocabulary.ts';

const context: TurnContext = {
  today: '2026-11-23',
  accounts: [{ id: 'a1', name: 'Plaid Checking', platform: 'plaid', kind: 'checking' }],
  categories: [
    { code: 'FOOD_AND_DRINK_GROCERIES', label: 'Groceries', count: 40 },
    { code: 'FOOD_AND_DRINK_RESTAURANT', label: 'Restaurants', count: 30 },
    { code: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES', label: 'Taxis and ride shares', count: 12 },
    { code: 'TRAVEL_FLIGHTS', label: 'Flights', count: 3 },
    { code: 'GENERAL_MERCHANDISE', label: 'General merchandise', count: 25 },
    { code: 'INCOME_WAGES', label: 'Wages', count: 10 },
  ],
  merchants: [
    { name: 'Costco', count: 6 },
    { name: 'Uber', count: 12 },
    { name: 'Whole Foods Market', count: 12 },
    { name: 'Starbucks', count: 20 },
  ],
};
const matcher = createMatcher(context);
const read = (q: string) => readRequestToAct(q, context, matcher);
const calls = (q: string) => {
  const plan = read(q);
  return plan?.kind === 'tools' ? plan.calls : plan;
};

describe('the offline analyst reads requests to act', () => {
  it('reads a budget to set: the primary category and the monthly amount', () => {
    const dining = { tool: 'propose_budget', input: { category: 'FOOD_AND_DRINK', amount: '400.00' } };
    expect(calls('set a $400 dining budget')).toEqual([dining]);
    expect(calls('Set a $400 dining budget.')).toEqual([dining]);
    expect(calls('budget 300 for groceries')).toEqual([
      { tool: 'propose_budget', input: { category: 'FOOD_AND_DRINK', amount: '300.00' } },
    ]);
    expect(calls('can you set my travel budget to $1,200.50 a month')).toEqual([
      { tool: 'propose_budget', input: { category: 'TRAVEL', amount: '1200.50' } },
    ]);
    expect(calls('make a shopping budget of 250 dollars')).toEqual([
      { tool: 'propose_budget', input: { category: 'GENERAL_MERCHANDISE', amount: '250.00' } },
    ]);
    expect(calls('set a 1.2k travel budget')).toEqual([
      { tool: 'propose_budget', input: { category: 'TRAVEL', amount: '1200.00' } },
    ]);
    expect(calls('set my groceries budget to 350/mo')).toEqual([
      { tool: 'propose_budget', input: { category: 'FOOD_AND_DRINK', amount: '350.00' } },
    ]);
    expect(calls('remove my travel budget')).toEqual([
      { tool: 'propose_budget', input: { category: 'TRAVEL', remove: true } },
    ]);
  });

  it('says how a detailed word was read: budgets are per primary category', () => {
    const plan = read('set a $400 dining budget');
    expect(plan?.kind === 'tools' && plan.reading.corrections).toEqual([
      ['dining', 'the Food and drink budget'],
    ]);
  });

  it('asks back a budget it cannot read completely, saying what it understood', () => {
    expect(read('set a $400 budget for zorbles')).toEqual({
      kind: 'clarify',
      question:
        'I understood a monthly budget of $400.00, but not the category "zorbles". Which category is it for, for example dining, groceries, shopping or travel?',
    });
    expect(read('set a dining budget')).toEqual({
      kind: 'clarify',
      question:
        'I understood a monthly budget for Food and drink, but not the amount. How much a month, for example "$400 a month"?',
    });
    expect(read('set a budget of $500')).toMatchObject({
      kind: 'clarify',
      question: expect.stringContaining(
        'I understood a monthly budget of $500.00, but not for which category.',
      ),
    });
    expect(read('set a $3000 budget for my salary')).toMatchObject({
      kind: 'clarify',
      question: expect.stringContaining('Budgets are for spending, and Income is not spending.'),
    });
  });

  it('reads how the budgets are doing as budget_status', () => {
    const status = [{ tool: 'budget_status', input: {} }];
    expect(calls('how am i doing on my budgets')).toEqual(status);
    expect(calls('How am I doing on my budgets?')).toEqual(status);
    expect(calls('am i over budget')).toEqual(status);
    expect(calls("what's left in my budgets")).toEqual(status);
    expect(calls('budget status')).toEqual(status);
    expect(calls('what is my dining budget')).toEqual(status);
    expect(calls('how much did i spend vs my budget')).toEqual(status);
  });

  it('reads re-categorising: the merchant, the category, and a rule only when asked for the future', () => {
    expect(calls('categorise all uber as transportation')).toEqual([
      {
        tool: 'propose_recategorize',
        input: { match: 'merchant', text: 'Uber', category: 'TRANSPORTATION', rule: false },
      },
    ]);
    expect(calls('that costco charge was groceries')).toEqual([
      {
        tool: 'propose_recategorize',
        input: { match: 'merchant', text: 'Costco', category: 'FOOD_AND_DRINK_GROCERIES', rule: false },
      },
    ]);
    expect(calls('Please recategorize Whole Foods as groceries from now on')).toEqual([
      {
        tool: 'propose_recategorize',
        input: {
          match: 'merchant',
          text: 'Whole Foods Market',
          category: 'FOOD_AND_DRINK_GROCERIES',
          rule: true,
        },
      },
    ]);
    expect(calls('always categorize uber as travel')).toEqual([
      {
        tool: 'propose_recategorize',
        input: { match: 'merchant', text: 'Uber', category: 'TRAVEL', rule: true },
      },
    ]);
    expect(calls('move starbucks to restaurants')).toEqual([
      {
        tool: 'propose_recategorize',
        input: { match: 'merchant', text: 'Starbucks', category: 'FOOD_AND_DRINK_RESTAURANT', rule: false },
      },
    ]);
  });

  it('asks back a re-categorisation it cannot read completely', () => {
    expect(read('categorise all uber as zorbles')).toEqual({
      kind: 'clarify',
      question:
        'I understood re-categorising transactions from Uber, but not the category "zorbles". Which category should they go under, for example groceries, restaurants, transportation or shopping?',
    });
    expect(read('that blorbco charge was groceries')).toMatchObject({
      kind: 'clarify',
      question: expect.stringContaining('no merchant of yours is called "blorbco"'),
    });
    expect(read('categorise all blorbco as groceries')).toEqual({
      kind: 'clarify',
      question:
        'I understood filing transactions under Groceries, but no merchant of yours is called "blorbco". Which merchant do you mean, as it appears in your transactions?',
    });
  });

  it('leaves questions about figures to the rest of the reading', () => {
    for (const question of [
      'whats eating my budget this month',
      'how much did I spend on groceries last month',
      'move $500 to savings',
      'what was my biggest expense',
      'can I afford a $2,000 trip',
      'is the uber charge the biggest one',
      'that uber ride was expensive',
      'file my taxes in april',
      'count transfers as spending',
    ]) {
      expect(read(question), question).toBeUndefined();
    }
    // A long message is a question, read as one.
    expect(read(`categorise ${'uber and '.repeat(40)}uber as transportation`)).toBeUndefined();
    // ...and the whole reading still answers them as before.
    const eating = understand('whats eating my budget this month', context, matcher, undefined, false);
    expect(eating.kind === 'tools' && eating.calls[0]?.tool).not.toBe('budget_status');
  });
});
