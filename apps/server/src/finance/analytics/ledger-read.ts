import type { LedgerPeriod } from '@penny/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import type { LedgerSqlPlan } from './ledger-plan.ts';
import { and, posted, readRows, USD } from './sql.ts';

/**
 * The ledger query's reads: at most two round trips per period, each starting from the
 * ledger_transaction (user_id, date) index (`posted`), every sum an SQL numeric.
 */

/** A group's figures (level 0), or the period's whole (level 1). */
export type AggregateRow = {
  key: string | null;
  level: number;
  total: string;
  count: number;
  transactions: number;
  accounts: string | null;
  /** Groups in the period, and those with a positive total (on every row). */
  groups: number;
  positive_groups: number;
};

/** How groups are ranked before the `top` cut; 'key' keeps them all, in key order (a series). */
export type GroupOrder = 'total' | 'count' | 'smallest' | 'key';

function orderOf(order: GroupOrder, plan: LedgerSqlPlan, key: SQL): SQL {
  const total = sql`sum(${plan.amount})`;
  switch (order) {
    case 'total':
      return sql`${total} desc, ${key} asc nulls last`;
    case 'count':
      return sql`count(*) filter (where ${plan.counted}) desc, ${total} desc, ${key} asc nulls last`;
    case 'smallest':
      return sql`case when ${total} > 0 then 0 else 1 end, ${total} asc, ${key} asc nulls last`;
    case 'key':
      return sql`${key} asc nulls last`;
  }
}

function whereOf(userId: string, plan: LedgerSqlPlan, period: LedgerPeriod, narrowed = true): SQL {
  return and(posted(userId, period), plan.measure, plan.account, narrowed ? plan.narrowing : undefined);
}

/**
 * The period's total, count and transactions, and with a key each group's, in one query (grouping
 * sets): the groups ranked by `order`, at most `limit` of them (null: all), `positiveOnly` keeping
 * groups whose total is above zero.
 */
export async function readAggregate(
  db: Database,
  userId: string,
  plan: LedgerSqlPlan,
  period: LedgerPeriod,
  grouping: { key: SQL; order: GroupOrder; limit: number | null; positiveOnly: boolean } | undefined,
): Promise<AggregateRow[]> {
  const figures = sql`round(coalesce(sum(${plan.amount}), 0), 2)::text as total,
    (count(*) filter (where ${plan.counted}))::int as count, count(*)::int as transactions`;
  const where = whereOf(userId, plan, period);
  if (!grouping) {
    return readRows<AggregateRow>(
      db,
      sql`
        select null as key, 1 as level, ${figures}, string_agg(distinct t.account_id, ',') as accounts,
          0 as groups, 0 as positive_groups
        from ledger_transaction t
        where ${where}`,
    );
  }
  const { key } = grouping;
  const cut = and(
    grouping.limit === null ? undefined : sql`g.rank <= ${grouping.limit}`,
    grouping.positiveOnly ? sql`g.total::numeric > 0` : undefined,
  );
  return readRows<AggregateRow>(
    db,
    sql`
      select g.key, g.level, g.total, g.count, g.transactions, g.accounts, g.groups, g.positive_groups
      from (
        select ${key} as key, grouping(${key})::int as level, ${figures},
          case when grouping(${key}) = 1 then string_agg(distinct t.account_id, ',') end as accounts,
          (sum(case when grouping(${key}) = 0 then 1 else 0 end) over ())::int as groups,
          (sum(case when grouping(${key}) = 0 and sum(${plan.amount}) > 0 then 1 else 0 end) over ())::int
            as positive_groups,
          row_number() over (partition by grouping(${key}) order by ${orderOf(grouping.order, plan, key)}) as rank
        from ledger_transaction t
        where ${where}
        group by grouping sets ((${key}), ())
      ) g
      where g.level = 1 or (${cut})
      order by g.level desc, g.rank`,
  );
}

/**
 * The measure's total and count over the period without the category, merchant, text and amount
 * filters: the whole a share is of.
 */
export async function readWhole(
  db: Database,
  userId: string,
  plan: LedgerSqlPlan,
  period: LedgerPeriod,
): Promise<{ total: string; count: number }> {
  const [row] = await readRows<{ total: string; count: number }>(
    db,
    sql`
      select round(coalesce(sum(${plan.whole.amount}), 0), 2)::text as total,
        (count(*) filter (where ${plan.whole.counted}))::int as count
      from ledger_transaction t
      where ${and(posted(userId, period), plan.whole.measure, plan.whole.account, plan.whole.within)}`,
  );
  return { total: row?.total ?? '0.00', count: Number(row?.count ?? 0) };
}

export type RankedRow = {
  id: string | number;
  date: string;
  account_id: string;
  name: string;
  merchant: string | null;
  category_primary: string | null;
  category_detailed: string | null;
  amount_usd: string;
  amount: string;
  currency: string;
};

/** The counted transactions (purchases, or payments in) ranked by their absolute amount. */
export async function readRanked(
  db: Database,
  userId: string,
  plan: LedgerSqlPlan,
  period: LedgerPeriod,
  ranking: { direction: 'desc' | 'asc'; limit: number },
): Promise<RankedRow[]> {
  const direction = ranking.direction === 'desc' ? sql.raw('desc') : sql.raw('asc');
  return readRows<RankedRow>(
    db,
    sql`
      select t.id, t.date::text as date, t.account_id, t.name, t.merchant, t.category_primary,
        t.category_detailed, round(${USD}, 2)::text as amount_usd, t.amount::text as amount, t.currency
      from ledger_transaction t
      where ${and(whereOf(userId, plan, period), plan.counted)}
      order by abs(${USD}) ${direction}, t.date ${direction}, t.id ${direction}
      limit ${ranking.limit}`,
  );
}
