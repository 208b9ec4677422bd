import { actionMessages, type ProposalItem } from '@penny/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { fromCents, toCents } from '../analytics/money.ts';
import { categoryLabel } from '../categories.ts';
import type { Executor } from '../recategorize/effective.ts';
import type { UndoOutcome } from '../recategorize/index.ts';

/**
 * Budgets (docs/decisions/0023-budgets.md): a monthly amount per primary category, written only by a
 * confirmed `budget` item. Drafting reads, never writes; the executor's functions run inside the
 * confirming (or undoing) database transaction and lock the rows they compare.
 */

const { budget } = tables;

type BudgetItem = Extract<ProposalItem, { kind: 'budget' }>;

/** What undoing a budget change needs: the amount before (null: none) and the one set (null: removed). */
export const budgetUndoSchema = z.object({
  category: z.string(),
  previous: z.string().nullable(),
  applied: z.string().nullable(),
});

/** Two amounts are the same budget when their cents are (a stored '400.00' is the proposed '400'). */
const sameAmount = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : toCents(a) === toCents(b);

/** The user's budgets, by primary category, amounts with two places. */
export async function readBudgets(db: Database | Executor, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ category: budget.categoryPrimary, amount: budget.monthlyAmount })
    .from(budget)
    .where(eq(budget.userId, userId));
  return new Map(rows.map((row) => [row.category, fromCents(toCents(row.amount))]));
}

/** '$1,200.50 a month' from the decimal string, never through a float; 'no budget' for none. */
function dollars(amount: string | null): string {
  if (amount === null) return 'no budget';
  const [whole = '0', cents = '00'] = fromCents(toCents(amount)).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents} a month`;
}

/**
 * The item that sets (or, with `amount` null, removes) one category's budget, or null when nothing
 * would change. Reads the user's budget now; nothing is written.
 */
export async function draftBudget(
  db: Database,
  userId: string,
  request: { category: string; amount: string | null },
): Promise<{ item: BudgetItem | null; before: string | null }> {
  const before = (await readBudgets(db, userId)).get(request.category) ?? null;
  const after = request.amount === null ? null : fromCents(toCents(request.amount));
  if (sameAmount(before, after)) return { item: null, before };
  const label = categoryLabel(request.category);
  const description =
    after === null
      ? `Remove the ${label} budget (${dollars(before)})`
      : `${label} budget: ${dollars(before)} → ${dollars(after)}`;
  return {
    item: { id: 'b1', kind: 'budget', description, category: request.category, before, after },
    before,
  };
}

/** Whether each category still has the amount its item was proposed from, the rows locked until the commit. */
export async function budgetsUnchanged(
  tx: Executor,
  userId: string,
  items: readonly BudgetItem[],
): Promise<boolean> {
  const categories = items.map((item) => item.category);
  // Two items for one category could not both have been proposed from what the ledger holds.
  if (new Set(categories).size !== categories.length) return false;
  const rows = await tx
    .select({ category: budget.categoryPrimary, amount: budget.monthlyAmount })
    .from(budget)
    .where(and(eq(budget.userId, userId), inArray(budget.categoryPrimary, categories)))
    .for('update');
  const now = new Map(rows.map((row) => [row.category, row.amount]));
  return items.every((item) => sameAmount(now.get(item.category) ?? null, item.before));
}

/**
 * Writes one category's amount (null removes it). A category without a budget has no row to lock, so
 * a budget first set there meanwhile (another confirm, committed while this one ran) makes the insert
 * find a row: answered false, and the caller refuses rather than overwrite it.
 */
async function putBudget(
  tx: Executor,
  userId: string,
  category: string,
  amount: string | null,
  hadOne: boolean,
): Promise<boolean> {
  const where = and(eq(budget.userId, userId), eq(budget.categoryPrimary, category));
  if (amount === null) {
    await tx.delete(budget).where(where);
    return true;
  }
  if (hadOne) {
    await tx.update(budget).set({ monthlyAmount: amount }).where(where);
    return true;
  }
  const inserted = await tx
    .insert(budget)
    .values({ userId, categoryPrimary: category, monthlyAmount: amount })
    .onConflictDoNothing()
    .returning({ category: budget.categoryPrimary });
  return inserted.length === 1;
}

/** Sets each item's amount; answers what undoing each needs. */
export async function setBudgets(
  tx: Executor,
  userId: string,
  items: readonly BudgetItem[],
): Promise<Array<{ itemId: string; undo: z.infer<typeof budgetUndoSchema> }>> {
  const records = [];
  for (const item of items) {
    if (!(await putBudget(tx, userId, item.category, item.after, item.before !== null))) {
      throw new ServiceError('actions:proposal-stale', actionMessages.proposalStale);
    }
    records.push({
      itemId: item.id,
      undo: { category: item.category, previous: item.before, applied: item.after },
    });
  }
  return records;
}

/** Restores the amount from before, unless the budget was changed again since (undo that first). */
export async function undoBudget(
  tx: Executor,
  userId: string,
  undo: z.infer<typeof budgetUndoSchema>,
): Promise<UndoOutcome> {
  const [row] = await tx
    .select({ amount: budget.monthlyAmount })
    .from(budget)
    .where(and(eq(budget.userId, userId), eq(budget.categoryPrimary, undo.category)))
    .for('update');
  if (!sameAmount(row?.amount ?? null, undo.applied)) return 'superseded';
  const restored = await putBudget(tx, userId, undo.category, undo.previous, undo.applied !== null);
  return restored ? 'undone' : 'superseded';
}
