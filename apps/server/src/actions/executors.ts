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
import { placeOrders, recordOrders, syncOrderConnections } from './orders/executor.ts';
import { cancelOrders, recordCancels } from './orders/open-orders.ts';
import type { ActionsDeps } from './proposals.ts';

export type ItemOf<K extends ProposalItemKind> = Extract<ProposalItem, { kind: K }>;

/**
 * What a confirm does with the selected items of one kind, inside its database transaction. A new
 * kind (orders, budgets) is a new member of the contracts' union and fails to compile until it has
 * an executor here.
 */
export type ItemExecutor<K extends ProposalItemKind> = {
  /** Whether what the items were proposed from still holds; it locks what it reads until the commit. */
  unchanged(tx: Executor, userId: string, items: readonly ItemOf<K>[]): Promise<boolean>;
  /**
   * Executes the items; answers what undoing each needs. `outside` is what the kind's `outside` step
   * answered (empty for a kind without one).
   */
  execute(
    tx: Executor,
    userId: string,
    items: readonly ItemOf<K>[],
    outside: ReadonlyMap<string, unknown>,
  ): Promise<Array<{ itemId: string; undo: unknown }>>;
  /** Undoes one executed item from its stored record; null: the kind cannot be undone (a placed order). */
  undo: ((tx: Executor, userId: string, record: unknown) => Promise<UndoOutcome>) | null;
  /** The agent action's symbol for an executed item. */
  symbol: string;
  /**
   * Work at a third party (an order placed at a brokerage: docs/decisions/0024-orders.md). It runs
   * outside any database transaction, once the confirm has claimed the proposal, checks that what the
   * items were proposed from still holds (refusing as stale) and does the work; answers each item's
   * record for `execute`.
   */
  outside?: (
    deps: ActionsDeps,
    userId: string,
    items: readonly ItemOf<K>[],
  ) => Promise<ReadonlyMap<string, unknown>>;
  /** After the commit (a sync of what changed at the third party). */
  afterCommit?: (deps: ActionsDeps, userId: string, items: readonly ItemOf<K>[]) => Promise<void>;
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
  order: {
    // Checked and placed in `outside`; the transaction records the placement.
    unchanged: async () => true,
    execute: recordOrders,
    undo: null,
    outside: placeOrders,
    afterCommit: syncOrderConnections,
    symbol: '📈',
  },
  // Cancelled at the brokerage in `outside`; a cancelled order cannot be put back.
  order_cancel: {
    unchanged: async () => true,
    execute: recordCancels,
    undo: null,
    outside: cancelOrders,
    symbol: '🛑',
  },
};

export function itemsOfKind<K extends ProposalItemKind>(
  items: readonly ProposalItem[],
  kind: K,
): ItemOf<K>[] {
  return items.filter((item): item is ItemOf<K> => item.kind === kind);
}
