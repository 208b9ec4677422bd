import type { ProposalItem } from '@penny/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { tables } from '../../db/index.ts';
import { newId } from '../ledger.ts';
import { applyEffectiveCategories, type Executor } from './effective.ts';

/**
 * Executing re-categorisations and undoing them. Each function runs inside the confirming (or
 * undoing) database transaction and ends by deciding the effective categories it may have changed
 * (effective.ts), so every figure read after the commit sees them.
 */

const { ledgerTransaction, categoryRule } = tables;

type TransactionItem = Extract<ProposalItem, { kind: 'transaction_category' }>;
type RuleItem = Extract<ProposalItem, { kind: 'category_rule' }>;

const assignment = z.object({ primary: z.string(), detailed: z.string().nullable() });

/** What undoing a transaction's re-categorisation needs: the user's category before, and the one set. */
export const transactionUndoSchema = z.object({
  transaction_id: z.number().int(),
  previous: assignment.nullable(),
  applied: assignment,
});
/** What undoing a rule needs: the rule. */
export const ruleUndoSchema = z.object({ rule_id: z.string() });

export type UndoOutcome = 'undone' | 'superseded';

/** Sets the user's own category on each transaction; answers each item's undo record. */
export async function setTransactionCategories(
  tx: Executor,
  userId: string,
  items: readonly TransactionItem[],
): Promise<Array<{ itemId: string; undo: z.infer<typeof transactionUndoSchema> }>> {
  if (items.length === 0) return [];
  const ids = items.map((item) => Number(item.transaction.id));
  const previous = await tx
    .select({
      id: ledgerTransaction.id,
      primary: ledgerTransaction.userCategoryPrimary,
      detailed: ledgerTransaction.userCategoryDetailed,
    })
    .from(ledgerTransaction)
    .where(and(eq(ledgerTransaction.userId, userId), inArray(ledgerTransaction.id, ids)));
  const before = new Map(previous.map((row) => [row.id, row]));
  const records = [];
  for (const item of items) {
    const id = Number(item.transaction.id);
    const applied = { primary: item.after.category ?? '', detailed: item.after.category_detailed };
    await tx
      .update(ledgerTransaction)
      .set({ userCategoryPrimary: applied.primary, userCategoryDetailed: applied.detailed })
      .where(and(eq(ledgerTransaction.userId, userId), eq(ledgerTransaction.id, id)));
    const old = before.get(id);
    records.push({
      itemId: item.id,
      undo: {
        transaction_id: id,
        previous: old?.primary ? { primary: old.primary, detailed: old.detailed } : null,
        applied,
      },
    });
  }
  await applyEffectiveCategories(tx, userId, { transactionIds: ids });
  return records;
}

/** Adds each rule (newest wins) and re-decides every transaction of the user. */
export async function addCategoryRules(
  tx: Executor,
  userId: string,
  items: readonly RuleItem[],
): Promise<Array<{ itemId: string; undo: z.infer<typeof ruleUndoSchema> }>> {
  if (items.length === 0) return [];
  const records = [];
  for (const item of items) {
    const id = newId('rule');
    await tx.insert(categoryRule).values({
      id,
      userId,
      match: item.rule.match,
      pattern: item.rule.text,
      categoryPrimary: item.after.category ?? '',
      categoryDetailed: item.after.category_detailed,
    });
    records.push({ itemId: item.id, undo: { rule_id: id } });
  }
  await applyEffectiveCategories(tx, userId);
  return records;
}

/**
 * Restores the user's category from before the change, unless it was changed again since (then the
 * later change must be undone first). A transaction gone with its connection has nothing to restore.
 */
export async function undoTransactionCategory(
  tx: Executor,
  userId: string,
  undo: z.infer<typeof transactionUndoSchema>,
): Promise<UndoOutcome> {
  const [row] = await tx
    .select({
      primary: ledgerTransaction.userCategoryPrimary,
      detailed: ledgerTransaction.userCategoryDetailed,
    })
    .from(ledgerTransaction)
    .where(and(eq(ledgerTransaction.userId, userId), eq(ledgerTransaction.id, undo.transaction_id)))
    .for('update');
  if (!row) return 'undone';
  if (row.primary !== undo.applied.primary || row.detailed !== undo.applied.detailed) return 'superseded';
  await tx
    .update(ledgerTransaction)
    .set({
      userCategoryPrimary: undo.previous?.primary ?? null,
      userCategoryDetailed: undo.previous?.detailed ?? null,
    })
    .where(and(eq(ledgerTransaction.userId, userId), eq(ledgerTransaction.id, undo.transaction_id)));
  await applyEffectiveCategories(tx, userId, { transactionIds: [undo.transaction_id] });
  return 'undone';
}

/** Removes the rule and re-decides every transaction of the user. */
export async function undoCategoryRule(
  tx: Executor,
  userId: string,
  undo: z.infer<typeof ruleUndoSchema>,
): Promise<UndoOutcome> {
  await tx
    .delete(categoryRule)
    .where(and(eq(categoryRule.userId, userId), eq(categoryRule.id, undo.rule_id)));
  await applyEffectiveCategories(tx, userId);
  return 'undone';
}
