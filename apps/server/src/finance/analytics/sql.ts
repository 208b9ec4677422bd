import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import type { Period } from './dates.ts';

/**
 * The SQL pieces every figure is built from. Transaction queries read ledger_transaction as t, account
 * queries ledger_account as a. The shared definitions (packages/contracts/src/agent-tools.ts):
 * - Only posted transactions count.
 * - Spending: -Σ amount over transactions whose primary category is not INCOME, TRANSFER_IN,
 *   TRANSFER_OUT or INVESTMENT and whose detailed category is not LOAN_PAYMENTS_CREDIT_CARD_PAYMENT.
 *   Refunds in a category reduce its spending. (A transaction without a category is spending.)
 * - Income: Σ amount over transactions whose primary category is INCOME.
 * - Amounts in USD: amount_usd where the ledger has it, else the amount when the currency is USD;
 *   transactions with neither are left out of every figure.
 */

/** The transaction's amount in USD, or null. */
export const USD = sql.raw(`coalesce(t.amount_usd, case when t.currency = 'USD' then t.amount end)`);
export const IS_SPENDING = sql.raw(
  `(coalesce(t.category_primary, '') not in ('INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT') and coalesce(t.category_detailed, '') <> 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT')`,
);
export const IS_INCOME = sql.raw(`(t.category_primary = 'INCOME')`);
/** An account balance in USD (ledger_account as a). */
export const ACCOUNT_USD = sql.raw(
  `coalesce(a.current_balance_usd, case when a.currency = 'USD' then a.current_balance end)`,
);
/** Account kinds whose past balances follow from their transactions. */
export const CASH_KINDS = sql.raw(`('checking', 'savings', 'credit', 'loan')`);

export function and(...parts: Array<SQL | undefined | false>): SQL {
  const kept = parts.filter((part): part is SQL => part !== undefined && part !== false);
  return kept.length === 0 ? sql`true` : sql.join(kept, sql` and `);
}

/** The accounts (ledger_account as a) of the user's connections on one platform. */
export function onPlatform(userId: string, platform: string): SQL {
  return sql`a.connection_id in (select c.id from connection c where c.user_id = ${userId} and c.platform = ${platform})`;
}

export function inList(values: readonly string[]): SQL {
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A numeric expression as money: two places, zero when null, as text (numeric stays exact). */
export const money2 = (expression: SQL) => sql`round(coalesce(${expression}, 0), 2)::text`;

/** Runs a query and answers its rows. */
export async function readRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Posted USD transactions of the user in a period: the base of every ledger figure. */
export function posted(userId: string, period?: Partial<Period>): SQL {
  return and(
    sql`t.user_id = ${userId}`,
    sql`not t.pending`,
    period?.start ? sql`t.date >= ${period.start}::date` : undefined,
    period?.end ? sql`t.date <= ${period.end}::date` : undefined,
    sql`${USD} is not null`,
  );
}
