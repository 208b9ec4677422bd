import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { categoryLabel } from '../categories.ts';
import { accountNamesOf } from './accounts.ts';
import type { Period } from './dates.ts';
import { fromCents, type Money, percentOf, toCents } from './money.ts';
import { accountScope, type CategoryFilter, categoryScope, checkPeriod } from './scope.ts';
import { and, IS_SPENDING, likePattern, money2, posted, readRows, USD } from './sql.ts';

export type CategoryTotal = {
  /** The category code (null: transactions without a category). */
  code: string | null;
  label: string;
  amount: Money;
  count: number;
  /** Share of the period's total, in percent with one decimal; null when the total is not positive. */
  sharePercent: number | null;
};

export type SpendingByCategory = {
  period: Period;
  /** The category filter, when one was given. */
  category: CategoryFilter | null;
  /** The accounts the filter named (empty: all accounts). */
  accountFilter: string[];
  total: Money;
  transactionCount: number;
  /** Primary categories, largest first, each with its detailed categories, largest first. */
  categories: Array<CategoryTotal & { detailed: CategoryTotal[] }>;
  /** Display names of the accounts whose transactions were counted. */
  accountsRead: string[];
};

export type MerchantTotal = {
  /** The merchant, or the transaction's description when the bank named no merchant. */
  name: string;
  amount: Money;
  count: number;
  sharePercent: number | null;
};

export type SpendingByMerchant = {
  period: Period;
  category: CategoryFilter | null;
  merchantFilter: string | null;
  accountFilter: string[];
  total: Money;
  transactionCount: number;
  merchantCount: number;
  /** The largest merchants, at most `limit`. */
  merchants: MerchantTotal[];
  /** Spending at the merchants not listed. */
  otherAmount: Money;
  accountsRead: string[];
};

type CategoryRow = {
  primary_code: string | null;
  detailed_code: string | null;
  /** grouping(): 0 a detailed category, 1 a primary, 3 the total. */
  level: number;
  amount: string;
  count: number;
  accounts: string | null;
};

const byAmount = (a: { amount: string }, b: { amount: string }) => Number(b.amount) - Number(a.amount);

/** The primary categories, largest first, each with its detailed ones, largest first. */
function categoryTree(found: CategoryRow[], total: Money): SpendingByCategory['categories'] {
  const share = (amount: string) => percentOf(amount, total);
  return found
    .filter((row) => row.level === 1)
    .map((row) => ({
      code: row.primary_code,
      label: categoryLabel(row.primary_code),
      amount: row.amount,
      count: Number(row.count),
      sharePercent: share(row.amount),
      detailed: found
        .filter((item) => item.level === 0 && item.primary_code === row.primary_code)
        .map((item) => ({
          code: item.detailed_code,
          label: categoryLabel(item.detailed_code),
          amount: item.amount,
          count: Number(item.count),
          sharePercent: share(item.amount),
        }))
        .sort(byAmount),
    }))
    .sort(byAmount);
}

/** Spending per primary category (with its detailed categories) in a period. */
export async function spendingByCategory(
  db: Database,
  userId: string,
  query: Period & { category?: string | undefined; account?: string | undefined },
): Promise<SpendingByCategory> {
  checkPeriod(query);
  const scope = await accountScope(db, userId, query.account);
  const category = await categoryScope(db, userId, query.category);
  const found = await readRows<CategoryRow>(
    db,
    sql`
      select t.category_primary as primary_code, t.category_detailed as detailed_code,
        grouping(t.category_primary, t.category_detailed)::int as level,
        ${money2(sql`-sum(${USD})`)} as amount, count(*)::int as count,
        case when grouping(t.category_primary, t.category_detailed) = 3
          then string_agg(distinct t.account_id, ',') end as accounts
      from ledger_transaction t
      where ${and(posted(userId, query), IS_SPENDING, scope.condition, category.condition)}
      group by grouping sets ((t.category_primary, t.category_detailed), (t.category_primary), ())`,
  );
  const totalRow = found.find((row) => row.level === 3);
  const total = totalRow?.amount ?? '0.00';
  return {
    period: { start: query.start, end: query.end },
    category: category.filter,
    accountFilter: scope.names,
    total,
    transactionCount: Number(totalRow?.count ?? 0),
    categories: categoryTree(found, total),
    accountsRead: await accountNamesOf(db, userId, totalRow?.accounts),
  };
}

/** Spending per merchant in a period, largest first. */
export async function spendingByMerchant(
  db: Database,
  userId: string,
  query: Period & {
    category?: string | undefined;
    merchant?: string | undefined;
    account?: string | undefined;
    limit: number;
  },
): Promise<SpendingByMerchant> {
  checkPeriod(query);
  const scope = await accountScope(db, userId, query.account);
  const category = await categoryScope(db, userId, query.category);
  const where = and(
    posted(userId, query),
    IS_SPENDING,
    scope.condition,
    category.condition,
    query.merchant ? sql`coalesce(t.merchant, t.name) ilike ${likePattern(query.merchant)}` : undefined,
  );
  const [totals] = await readRows<{
    amount: string;
    count: number;
    merchants: number;
    accounts: string | null;
  }>(
    db,
    sql`
      select ${money2(sql`-sum(${USD})`)} as amount, count(*)::int as count,
        count(distinct coalesce(t.merchant, t.name))::int as merchants,
        string_agg(distinct t.account_id, ',') as accounts
      from ledger_transaction t
      where ${where}`,
  );
  const top = await readRows<{ name: string; amount: string; count: number }>(
    db,
    sql`
      select coalesce(t.merchant, t.name) as name, ${money2(sql`-sum(${USD})`)} as amount,
        count(*)::int as count
      from ledger_transaction t
      where ${where}
      group by coalesce(t.merchant, t.name)
      order by -sum(${USD}) desc, coalesce(t.merchant, t.name)
      limit ${query.limit}`,
  );
  const total = totals?.amount ?? '0.00';
  const listedCents = top.reduce((sum, row) => sum + toCents(row.amount), 0n);
  return {
    period: { start: query.start, end: query.end },
    category: category.filter,
    merchantFilter: query.merchant ?? null,
    accountFilter: scope.names,
    total,
    transactionCount: Number(totals?.count ?? 0),
    merchantCount: Number(totals?.merchants ?? 0),
    merchants: top.map((row) => ({
      name: row.name,
      amount: row.amount,
      count: Number(row.count),
      sharePercent: percentOf(row.amount, total),
    })),
    otherAmount: fromCents(toCents(total) - listedCents),
    accountsRead: await accountNamesOf(db, userId, totals?.accounts),
  };
}
