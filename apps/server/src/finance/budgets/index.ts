// Budgets (docs/decisions/0023-budgets.md): drafting a budget item, executing and undoing it (changes.ts).
export {
  budgetsUnchanged,
  budgetUndoSchema,
  draftBudget,
  readBudgets,
  setBudgets,
  undoBudget,
} from './changes.ts';
