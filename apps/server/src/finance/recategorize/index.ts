// Re-categorising: the effective category (the user's, a rule's, the provider's: effective.ts), the
// items a proposal lists (items.ts), and executing and undoing them (changes.ts).
export {
  addCategoryRules,
  ruleUndoSchema,
  setTransactionCategories,
  transactionUndoSchema,
  type UndoOutcome,
  undoCategoryRule,
  undoTransactionCategory,
} from './changes.ts';
export { applyEffectiveCategories, type Executor } from './effective.ts';
export {
  assignmentLabel,
  draftRecategorize,
  type RecategorizeDraft,
  type RecategorizeRequest,
  transactionsUnchanged,
} from './items.ts';
