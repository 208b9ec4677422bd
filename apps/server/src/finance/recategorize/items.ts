import {
  ACTION_LIMITS,
  type CategoryAssignment,
  type CategoryMatch,
  categoryAssignmentOf,
  type ProposalItem,
} from '@penny/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { categoryLabel } from '../categories.ts';
import { type Executor, matchCondition, matchPattern } from './effective.ts';

type TransactionItem = Extract<ProposalItem, { kind: 'transaction_category' }>;
type RuleItem = Extract<ProposalItem, { kind: 'category_rule' }>;

export type RecategorizeRequest = {
  match: CategoryMatch;
  text?: string | undefined;
  transactionId?: string | undefined;
  /** A category code of the taxonomy. */
  category: string;
  rule: boolean;
};

export type RecategorizeDraft = {
  items: ProposalItem[];
  /** Transactions that match and would change, listed or not (a list stops at the item limit). */
  matched: number;
  /** Accounts the listed transactions are in. */
  accounts: string[];
  after: CategoryAssignment;
};

type MatchRow = {
  id: string | number;
  date: string;
  name: string;
  merchant: string | null;
  amount: string;
  currency: string;
  account_name: string;
  category_primary: string | null;
  category_detailed: string | null;
  total: string | number;
};

/** 'Travel' or 'Travel › Flights': what a category reads as in an item. */
export function assignmentLabel(assignment: CategoryAssignment): string {
  if (assignment.category === null) return 'Uncategorized';
  return categoryLabel(assignment.category_detailed ?? assignment.category);
}

/**
 * The items of a re-categorisation, read from the user's own rows (the effective categories): every
 * transaction the request names whose category would change, newest first, and the rule when asked.
 * Nothing is written; an unknown or another user's transaction id matches nothing.
 */
export async function draftRecategorize(
  db: Database,
  userId: string,
  request: RecategorizeRequest,
): Promise<RecategorizeDraft> {
  const after = categoryAssignmentOf(request.category);
  const pattern = request.text === undefined ? undefined : matchPattern(request.text);
  const conditions: SQL[] = [sql`t.user_id = ${userId}`];
  if (request.transactionId !== undefined) conditions.push(sql`t.id = ${Number(request.transactionId)}`);
  else if (pattern !== undefined) conditions.push(matchCondition(request.match, pattern));
  else throw new ServiceError('request:invalid', 'Name the transactions to re-categorise.');
  const room = ACTION_LIMITS.maxItems - (request.rule ? 1 : 0);
  const rows = (await db.execute(sql`
    select t.id, t.date::text as date, t.name, t.merchant, t.amount::text as amount, t.currency,
      a.name as account_name, t.category_primary, t.category_detailed, count(*) over () as total
    from ledger_transaction t
    join ledger_account a on a.id = t.account_id
    where ${sql.join(conditions, sql` and `)}
      and (t.category_primary is distinct from ${after.category}
        or t.category_detailed is distinct from ${after.category_detailed})
    order by t.date desc, t.id desc
    limit ${room}`)) as unknown as { rows: MatchRow[] };
  const items: ProposalItem[] = rows.rows.map((row, index) => transactionItem(row, index, after));
  if (request.rule && pattern !== undefined) items.push(ruleItem(request.match, pattern, after));
  return {
    items,
    matched: Number(rows.rows[0]?.total ?? 0),
    accounts: [...new Set(rows.rows.map((row) => row.account_name))],
    after,
  };
}

function transactionItem(row: MatchRow, index: number, after: CategoryAssignment): TransactionItem {
  const before = { category: row.category_primary, category_detailed: row.category_detailed };
  return {
    id: `t${index + 1}`,
    kind: 'transaction_category',
    description: `${row.merchant ?? row.name}, ${row.date}, ${row.amount} ${row.currency}: ${assignmentLabel(before)} → ${assignmentLabel(after)}`,
    transaction: {
      id: String(row.id),
      date: row.date,
      name: row.name,
      merchant: row.merchant,
      amount: row.amount,
      currency: row.currency,
      account_name: row.account_name,
    },
    before,
    after,
  };
}

function ruleItem(match: CategoryMatch, pattern: string, after: CategoryAssignment): RuleItem {
  const what = match === 'merchant' ? `from the merchant "${pattern}"` : `whose name contains "${pattern}"`;
  return {
    id: 'rule',
    kind: 'category_rule',
    description: `From now on, file transactions ${what} under ${assignmentLabel(after)}`,
    rule: { match, text: pattern },
    before: null,
    after,
  };
}

/**
 * Whether every listed transaction still has the category it was proposed from, its row locked until
 * the confirming transaction ends (so a concurrent change waits, then finds the new category).
 */
export async function transactionsUnchanged(
  tx: Executor,
  userId: string,
  items: readonly TransactionItem[],
): Promise<boolean> {
  if (items.length === 0) return true;
  const ids = items.map((item) => Number(item.transaction.id));
  const result = (await tx.execute(sql`
    select t.id, t.category_primary, t.category_detailed from ledger_transaction t
    where t.user_id = ${userId} and t.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by t.id
    for update`)) as unknown as {
    rows: Array<{ id: string | number; category_primary: string | null; category_detailed: string | null }>;
  };
  const now = new Map(result.rows.map((row) => [String(row.id), row]));
  return items.every((item) => {
    const row = now.get(item.transaction.id);
    return (
      row !== undefined &&
      row.category_primary === item.before.category &&
      row.category_detailed === item.before.category_detailed
    );
  });
}
