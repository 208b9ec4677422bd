import type { ProposalItem, ProposalItemKind } from '@penny/contracts';
import {
  addCategoryRules,
  budgetsUnchanged,
  budgetUndoSchema,
  type Executor,
  ruleUndoSchema,
  setBudgets,
  setTransactionCategories,
  transactionsUnchanged,
  transactionUndoSchema,
  type UndoOutcome,
  undoBudget,
  undoCategoryRule,
  undoTransactionCategory,
} from '../finance/index.ts';

export type ItemOf<K extends ProposalItemKind> = Extract<ProposalItem, { kind: K }>;

/**
 * What a confirm does with the selected items of one kind, inside its database transaction. A new
 * kind (orders, budgets) is a new member of the contracts' union and fails to compile until it has
 * an executor here.
 */
export type ItemExecutor<K extends ProposalItemKind> = {
  /** Whether what the items were proposed from still holds; it locks what it reads until the commit. */
  unchanged(tx: Executor, userId: string, items: readonly ItemOf<K>[]): Promise<boolean>;
  /** Executes the items; answers what undoing each needs. */
  execute(
    tx: Executor,
    userId: string,
    items: readonly ItemOf<K>[],
  ): Promise<Array<{ itemId: string; undo: unknown }>>;
  /** Undoes one executed item from its stored record. */
  undo(tx: Executor, userId: string, record: unknown): Promise<UndoOutcome>;
  /** The agent action's symbol for an executed item. */
  symbol: string;
};

export const itemExecutors: { [K in ProposalItemKind]: ItemExecutor<K> } = {
  transaction_category: {
    unchanged: transactionsUnchanged,
    execute: setTransactionCategories,
    undo: (tx, userId, record) => undoTransactionCategory(tx, userId, transactionUndoSchema.parse(record)),
    symbol: '🏷️',
  },
  category_rule: {
    // A rule depends on nothing the ledger holds: it is new.
    unchanged: async () => true,
    execute: addCategoryRules,
    undo: (tx, userId, record) => undoCategoryRule(tx, userId, ruleUndoSchema.parse(record)),
    symbol: '📐',
  },
  // A budget still has the amount it was proposed from (docs/decisions/0023-budgets.md).
  budget: {
    unchanged: budgetsUnchanged,
    execute: setBudgets,
    undo: (tx, userId, record) => undoBudget(tx, userId, budgetUndoSchema.parse(record)),
    symbol: '🎯',
  },
};

export function itemsOfKind<K extends ProposalItemKind>(
  items: readonly ProposalItem[],
  kind: K,
): ItemOf<K>[] {
  return items.filter((item): item is ItemOf<K> => item.kind === kind);
}
