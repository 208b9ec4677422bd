import { describe, expect, it } from 'vitest';
import { budgetItemSchema, proposalItemSchema } from './actions.ts';
import { toolInputSchemas } from './agent-tools.ts';

/** The budget item and the budget tool's input (docs/decisions/0023-budgets.md) refuse what cannot be a budget. */
describe('budget contracts', () => {
  const item = {
    id: 'b1',
    kind: 'budget',
    description: 'Food and drink budget: no budget → $400.00 a month',
    category: 'FOOD_AND_DRINK',
    before: null,
    after: '400.00',
  };

  it('takes a primary spending category and amounts in dollars with at most two places', () => {
    expect(proposalItemSchema.parse(item)).toEqual(item);
    expect(budgetItemSchema.safeParse({ ...item, before: '250', after: null }).success).toBe(true);
    for (const amount of ['400.123', '0', '0.00', '-5', '1e3', '$400', '10000000000']) {
      expect(budgetItemSchema.safeParse({ ...item, after: amount }).success, amount).toBe(false);
    }
    for (const category of ['INCOME', 'TRANSFER_OUT', 'INVESTMENT', 'FOOD_AND_DRINK_GROCERIES', 'DINING']) {
      expect(budgetItemSchema.safeParse({ ...item, category }).success, category).toBe(false);
    }
    expect(budgetItemSchema.safeParse({ ...item, before: null, after: null }).success).toBe(false);
  });

  it('propose_budget takes an amount or remove, never both or neither', () => {
    const schema = toolInputSchemas.propose_budget;
    expect(schema.parse({ category: 'TRAVEL', amount: 400 })).toEqual({
      category: 'TRAVEL',
      amount: 400,
      remove: false,
    });
    expect(schema.safeParse({ category: 'TRAVEL', remove: true }).success).toBe(true);
    expect(schema.safeParse({ category: 'TRAVEL' }).success).toBe(false);
    expect(schema.safeParse({ category: 'TRAVEL', amount: 400, remove: true }).success).toBe(false);
    expect(schema.safeParse({ category: 'TRAVEL', amount: 0 }).success).toBe(false);
    expect(schema.safeParse({ category: 'TRAVEL', amount: '12.345' }).success).toBe(false);
    expect(schema.safeParse({ category: 'INCOME', amount: 400 }).success).toBe(false);
    expect(toolInputSchemas.budget_status.safeParse({ month: '2026-13' }).success).toBe(false);
  });
});
