import { describe, expect, it } from 'vitest';
import { type Reading, readNumbers, understand } from './understand.ts';
import { createMatcher, type TurnContext } from './vocabulary.ts';

const context: TurnContext = {
  today: '2026-11-23',
  accounts: [
    {
      id: 'a1',
      name: 'Plaid Checking',
      platform: 'plaid',
      kind: 'checking',
      institution: 'First Platypus Bank',
    },
    {
      id: 'a2',
      name: 'Joint Checking',
      platform: 'plaid',
      kind: 'checking',
      institution: 'First Platypus Bank',
    },
    {
      id: 'a3',
      name: 'Plaid Saving',
      platform: 'plaid',
      kind: 'savings',
      institution: 'First Platypus Bank',
    },
  ],
  categories: [
    { code: 'FOOD_AND_DRINK_GROCERIES', label: 'Groceries', count: 40 },
    { code: 'FOOD_AND_DRINK_RESTAURANT', label: 'Restaurants', count: 30 },
    { code: 'FOOD_AND_DRINK', label: 'Food and drink', count: 90 },
    { code: 'TRANSPORTATION_GAS', label: 'Gas', count: 12 },
  ],
  merchants: [
    { name: 'Whole Foods', count: 12 },
    { name: 'Starbucks', count: 20 },
    { name: 'Netflix', count: 12 },
  ],
};
const matcher = createMatcher(context);
const read = (q: string, previous?: Reading, deep = false) => understand(q, context, matcher, previous, deep);

describe('the offline analyst reads a question', () => {
  it('finds the intent, the category and the period', () => {
    const plan = read('How much did I spend on groceries last month?');
    expect(plan.kind).toBe('tools');
    if (plan.kind !== 'tools') return;
    expect(plan.reading.intent).toBe('spending');
    expect(plan.reading.category?.code).toBe('FOOD_AND_DRINK_GROCERIES');
    expect(plan.calls[0]).toMatchObject({
      tool: 'spending_by_category',
      input: { start: '2026-10-01', end: '2026-10-31', category: 'FOOD_AND_DRINK_GROCERIES' },
    });
  });

  it('matches everyday words and misspellings against the user own names', () => {
    const dining = read('what did eating out cost me in September?');
    expect(dining.kind === 'tools' && dining.reading.category?.code).toBe('FOOD_AND_DRINK_RESTAURANT');
    const coffee = read('how much did I spend at starbuck this year');
    expect(coffee.kind === 'tools' && coffee.reading.merchant).toBe('Starbucks');
  });

  it('follows up from the previous reading', () => {
    const first = read('How much did I spend on groceries last month?');
    if (first.kind !== 'tools') throw new Error('expected tools');
    const before = read('and the month before?', first.reading);
    expect(before.kind === 'tools' && before.calls[0]?.input).toMatchObject({
      start: '2026-09-01',
      end: '2026-09-30',
      category: 'FOOD_AND_DRINK_GROCERIES',
    });
    if (before.kind !== 'tools') return;
    const dining = read('what about restaurants?', before.reading);
    expect(dining.kind === 'tools' && dining.calls[0]?.input).toMatchObject({
      start: '2026-09-01',
      category: 'FOOD_AND_DRINK_RESTAURANT',
    });
  });

  it('asks back when an account kind the user has two of is named', () => {
    const plan = read("What's the balance of my checking account?");
    expect(plan.kind).toBe('clarify');
    expect(plan.kind === 'clarify' && plan.question).toContain('Plaid Checking');
    expect(read('What is the balance of Joint Checking?').kind).toBe('tools');
  });

  it('declines what is outside its scope, plainly', () => {
    for (const q of [
      "What's the weather in Paris?",
      'Write me a poem about cats',
      'Should I buy Tesla stock tomorrow?',
    ]) {
      expect(read(q).kind, q).toBe('decline');
    }
  });

  it('reads calculator numbers', () => {
    expect(readNumbers('If I invest $10,000 at 7% for 20 years')).toMatchObject({
      amount: 10000,
      rate: 7,
      years: 20,
    });
    expect(readNumbers('monthly payment on a $250k mortgage at 6.5% over 30 years')).toMatchObject({
      amount: 250000,
      rate: 6.5,
      years: 30,
    });
    const plan = read('What would my monthly payment be on a $20,000 car loan at 5% for 5 years?');
    expect(plan.kind === 'tools' && plan.calls[0]).toMatchObject({
      tool: 'loan_payment',
      input: { principal: 20000 },
    });
  });

  it('adds comparisons and breakdowns with Deep Thinking', () => {
    const plan = read('How much did I spend last month?', undefined, true);
    expect(plan.kind === 'tools' && plan.calls.map((c) => c.tool)).toEqual([
      'spending_by_category',
      'spending_by_merchant',
    ]);
    expect(plan.kind === 'tools' && plan.calls[0]?.input).toMatchObject({ compare_previous: true });
  });
});
