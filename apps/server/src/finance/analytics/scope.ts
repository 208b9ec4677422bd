import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { type CategoryEntry, categoryEntry, categoryLabel, suggestCategories } from '../categories.ts';
import { resolveAccounts } from './accounts.ts';
import type { Period } from './dates.ts';
import { inList, readRows } from './sql.ts';

/** What a query is narrowed to: checked here, so every figure refuses the same way. */

export type CategoryFilter = { code: string; label: string; level: 'primary' | 'detailed' };

export type AccountScope = {
  /** Display names of the accounts the filter named (empty: all accounts). */
  names: string[];
  ids: string[] | null;
  /** The condition on t.account_id; none without a filter. */
  condition: SQL | undefined;
};

export type CategoryScope = {
  filter: CategoryFilter | null;
  /** The condition on t.category_primary or t.category_detailed; none without a filter. */
  condition: SQL | undefined;
};

/** The accounts an optional filter names, and the SQL condition on t.account_id. */
export async function accountScope(
  db: Database,
  userId: string,
  reference: string | undefined,
): Promise<AccountScope> {
  if (!reference) return { names: [], ids: null, condition: undefined };
  const found = await resolveAccounts(db, userId, reference);
  const ids = found.map((account) => account.id);
  return {
    names: found.map((account) => account.displayName),
    ids,
    condition: sql`t.account_id in ${inList(ids)}`,
  };
}

/** A code the taxonomy does not know, but the user's transactions carry: its level there, if any. */
async function usedCategory(
  db: Database,
  userId: string,
  code: string,
): Promise<Pick<CategoryEntry, 'code' | 'label' | 'level'> | undefined> {
  const [used] = await readRows<{ primary_hit: boolean; detailed_hit: boolean }>(
    db,
    sql`
      select bool_or(t.category_primary = ${code}) as primary_hit,
        bool_or(t.category_detailed = ${code}) as detailed_hit
      from ledger_transaction t
      where t.user_id = ${userId} and (t.category_primary = ${code} or t.category_detailed = ${code})`,
  );
  if (!(used?.primary_hit || used?.detailed_hit)) return undefined;
  return {
    code: code as CategoryEntry['code'],
    label: categoryLabel(code),
    level: used.primary_hit ? 'primary' : 'detailed',
  };
}

function unknownCategory(code: string): ServiceError {
  const suggestions = suggestCategories(code);
  return new ServiceError(
    'request:invalid',
    `Unknown category "${code}". Use a category code${
      suggestions.length > 0
        ? ` such as ${suggestions.map((item) => `${item} (${categoryLabel(item)})`).join(', ')}`
        : " like 'FOOD_AND_DRINK' or 'FOOD_AND_DRINK_GROCERIES'"
    }.`,
  );
}

/** A category code checked: a known code, or one the user's transactions carry; else a refusal. */
export async function categoryScope(
  db: Database,
  userId: string,
  code: string | undefined,
): Promise<CategoryScope> {
  if (!code) return { filter: null, condition: undefined };
  const entry = categoryEntry(code) ?? (await usedCategory(db, userId, code));
  if (!entry) throw unknownCategory(code);
  const condition =
    entry.level === 'primary' ? sql`t.category_primary = ${code}` : sql`t.category_detailed = ${code}`;
  return { filter: { code, label: entry.label, level: entry.level }, condition };
}

/** A period must not end before it starts. */
export function checkPeriod(period: Period): void {
  if (period.start > period.end) {
    throw new ServiceError(
      'request:invalid',
      `The period starts (${period.start}) after it ends (${period.end}).`,
    );
  }
}
