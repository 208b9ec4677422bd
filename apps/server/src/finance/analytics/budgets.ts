import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { categoryLabel } from '../categories.ts';
import { accountNamesOf } from './accounts.ts';
import { daysInPeriod, monthEnd, type Period } from './dates.ts';
import type { Money } from './money.ts';
import { IS_SPENDING, money2, posted, readRows, USD } from './sql.ts';

/**
 * Budgets against this month's spending (docs/decisions/0023-budgets.md): for each budgeted primary
 * category, the spending so far (as `spending_by_category` counts it, over the effective categories),
 * what is left, and the pace: the share of the budget the month elapsed allows by today. All money is
 * SQL numeric until it leaves as a decimal string with two places.
 */

/** over: past the budget; ahead: spending faster than the month passes; on_track: neither. */
export type BudgetPace = 'over' | 'ahead' | 'on_track';

export type BudgetLine = {
  code: string;
  label: string;
  budget: Money;
  spent: Money;
  /** budget − spent; negative when over. */
  left: Money;
  /** spent as a percent of the budget, one decimal. */
  usedPercent: number;
  /** What an even pace allows by the period's last day: budget × days elapsed ÷ days in the month. */
  paceAmount: Money;
  /** spent − paceAmount: more than zero when ahead of pace. */
  overPace: Money;
  pace: BudgetPace;
  count: number;
};

export type BudgetStatus = {
  /** The month's first day through the last day counted (today, or the month's end for a past month). */
  period: Period;
  month: string;
  daysElapsed: number;
  daysInMonth: number;
  /** days elapsed as a percent of the month, one decimal. */
  elapsedPercent: number;
  budgets: BudgetLine[];
  totals: { budget: Money; spent: Money; left: Money };
  transactionCount: number;
  accountsRead: string[];
};

type Row = {
  code: string;
  budget: string;
  spent: string;
  left: string;
  pace_amount: string;
  over_pace: string;
  used_percent: string | null;
  count: number | string;
  accounts: string | null;
};

type TotalRow = { budget: string; spent: string; left: string };

/**
 * Each budget of the user against the spending in its month through `through` (a day of the month;
 * a past month counts to its end). Categories are the effective ones (the user's own, a rule's, the
 * provider's): the column every figure reads.
 */
export async function budgetStatus(db: Database, userId: string, through: string): Promise<BudgetStatus> {
  const start = `${through.slice(0, 7)}-01`;
  const period = { start, end: through };
  const daysInMonth = daysInPeriod({ start, end: monthEnd(start) });
  const daysElapsed = daysInPeriod(period);
  const rows = await readRows<Row>(
    db,
    sql`
    with spent as (
      select b.category_primary as code, b.monthly_amount as budget,
        coalesce(-sum(${USD}), 0) as spent, count(t.id) as count,
        string_agg(distinct t.account_id, ',') as accounts
      from budget b
      left join ledger_transaction t
        on t.category_primary = b.category_primary and ${posted(userId, period)} and ${IS_SPENDING}
      where b.user_id = ${userId}
      group by b.category_primary, b.monthly_amount
    )
    select code, ${money2(sql`budget`)} as budget, ${money2(sql`spent`)} as spent,
      ${money2(sql`budget - round(spent, 2)`)} as left,
      ${money2(sql`budget * ${daysElapsed} / ${daysInMonth}`)} as pace_amount,
      ${money2(sql`round(spent, 2) - round(budget * ${daysElapsed} / ${daysInMonth}, 2)`)} as over_pace,
      round(100 * round(spent, 2) / budget, 1)::text as used_percent, count, accounts
    from spent order by budget desc, code`,
  );
  const [total] = await readRows<TotalRow>(
    db,
    sql`
    select ${money2(sql`b.budget`)} as budget, ${money2(sql`s.spent`)} as spent,
      ${money2(sql`b.budget - round(coalesce(s.spent, 0), 2)`)} as left
    from (select sum(monthly_amount) as budget from budget where user_id = ${userId}) b,
      (select -sum(${USD}) as spent from ledger_transaction t
        where ${posted(userId, period)} and ${IS_SPENDING}
          and t.category_primary in (select category_primary from budget where user_id = ${userId})) s`,
  );
  const accounts = [...new Set(rows.flatMap((row) => (row.accounts ? row.accounts.split(',') : [])))];
  return {
    period,
    month: start.slice(0, 7),
    daysElapsed,
    daysInMonth,
    elapsedPercent: Math.round((daysElapsed / daysInMonth) * 1000) / 10,
    budgets: rows.map(lineOf),
    totals: total ?? { budget: '0.00', spent: '0.00', left: '0.00' },
    transactionCount: rows.reduce((sum, row) => sum + Number(row.count), 0),
    accountsRead: await accountNamesOf(db, userId, accounts.join(',') || null),
  };
}

function lineOf(row: Row): BudgetLine {
  const over = Number(row.left) < 0;
  const ahead = Number(row.over_pace) > 0;
  return {
    code: row.code,
    label: categoryLabel(row.code),
    budget: row.budget,
    spent: row.spent,
    left: row.left,
    usedPercent: Number(row.used_percent ?? 0),
    paceAmount: row.pace_amount,
    overPace: row.over_pace,
    pace: over ? 'over' : ahead ? 'ahead' : 'on_track',
    count: Number(row.count),
  };
}
