import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { categoryLabel } from '../categories.ts';
import { accountNameMap, accountNamesOf } from './accounts.ts';
import type { Period } from './dates.ts';
import { fromCents, type Money, toCents } from './money.ts';
import { accountScope, type CategoryFilter, categoryScope, checkPeriod } from './scope.ts';
import { and, IS_SPENDING, likePattern, money2, posted, readRows, USD } from './sql.ts';

export type TransactionRow = {
  id: number;
  date: string;
  accountId: string;
  account: string;
  name: string;
  merchant: string | null;
  categoryPrimary: string | null;
  categoryDetailed: string | null;
  categoryLabel: string;
  /** USD, + = money in. */
  amount: Money;
  /** The amount in the transaction's own currency (a wallet's coin), when it is not USD. */
  nativeAmount: string;
  currency: string;
};

export type TransactionSearch = {
  filters: {
    text: string | null;
    merchant: string | null;
    category: string | null;
    /** Every category matched (any of them). */
    categories: string[];
    minAmount: string | null;
    maxAmount: string | null;
    direction: 'in' | 'out' | null;
    start: string | null;
    end: string | null;
    accounts: string[];
  };
  /** Every matching transaction, not just the ones listed. */
  count: number;
  /** Σ amount of every match (+ = money in), and its two sides. */
  net: Money;
  moneyIn: Money;
  moneyOut: Money;
  /** First and last day among the matches. */
  firstDate: string | null;
  lastDate: string | null;
  /** Newest first, at most `limit`. */
  transactions: TransactionRow[];
  hasMore: boolean;
  accountsRead: string[];
};

export type LargestTransactions = {
  period: Period;
  direction: 'in' | 'out';
  category: CategoryFilter | null;
  accountFilter: string[];
  /** How many transactions were ranked. */
  consideredCount: number;
  /** Largest absolute amount first. */
  transactions: TransactionRow[];
  accountsRead: string[];
};

export type TransactionSearchQuery = {
  text?: string | undefined;
  merchant?: string | undefined;
  category?: string | undefined;
  /** Any of these categories (with `category`). */
  categories?: readonly string[] | undefined;
  minAmount?: string | number | undefined;
  maxAmount?: string | number | undefined;
  direction?: 'in' | 'out' | undefined;
  start?: string | undefined;
  end?: string | undefined;
  account?: string | undefined;
  limit: number;
};

/** The transactions `where` selects, in `order`, at most `limit`, labelled with their account's name. */
async function transactionRows(
  db: Database,
  userId: string,
  select: { where: SQL; order: SQL; limit: number },
): Promise<TransactionRow[]> {
  const found = await readRows<{
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
  }>(
    db,
    sql`
      select t.id, t.date::text as date, t.account_id, t.name, t.merchant, t.category_primary,
        t.category_detailed, round(${USD}, 2)::text as amount_usd, t.amount::text as amount, t.currency
      from ledger_transaction t
      where ${select.where}
      order by ${select.order}
      limit ${select.limit}`,
  );
  const byId = await accountNameMap(db, userId);
  return found.map((row) => ({
    id: Number(row.id),
    date: row.date,
    accountId: row.account_id,
    account: byId.get(row.account_id) ?? row.account_id,
    name: row.name,
    merchant: row.merchant,
    categoryPrimary: row.category_primary,
    categoryDetailed: row.category_detailed,
    categoryLabel: categoryLabel(row.category_detailed ?? row.category_primary),
    amount: row.amount_usd,
    nativeAmount: row.amount,
    currency: row.currency,
  }));
}

/** The search's text, merchant, amount and direction filters as conditions (amounts in whole cents). */
function searchFilters(query: TransactionSearchQuery) {
  const min = query.minAmount === undefined ? null : fromCents(toCents(query.minAmount));
  const max = query.maxAmount === undefined ? null : fromCents(toCents(query.maxAmount));
  const conditions = [
    query.text
      ? sql`(t.name ilike ${likePattern(query.text)} or t.merchant ilike ${likePattern(query.text)})`
      : undefined,
    query.merchant ? sql`coalesce(t.merchant, t.name) ilike ${likePattern(query.merchant)}` : undefined,
    min !== null ? sql`abs(${USD}) >= ${min}::numeric` : undefined,
    max !== null ? sql`abs(${USD}) <= ${max}::numeric` : undefined,
    query.direction === 'in' ? sql`${USD} > 0` : undefined,
    query.direction === 'out' ? sql`${USD} < 0` : undefined,
  ];
  return { min, max, conditions };
}

/** Transactions matching filters: the newest `limit`, with the count and totals of all matches. */
export async function searchTransactions(
  db: Database,
  userId: string,
  query: TransactionSearchQuery,
): Promise<TransactionSearch> {
  if (query.start && query.end) checkPeriod({ start: query.start, end: query.end });
  const scope = await accountScope(db, userId, query.account);
  const codes = [...new Set([...(query.category ? [query.category] : []), ...(query.categories ?? [])])];
  const categories = await Promise.all(codes.map((code) => categoryScope(db, userId, code)));
  const categoryCondition =
    categories.length > 0
      ? sql`(${sql.join(
          categories.map((c) => sql`(${c.condition})`),
          sql` or `,
        )})`
      : undefined;
  const { min, max, conditions } = searchFilters(query);
  const where = and(
    posted(userId, { start: query.start, end: query.end }),
    scope.condition,
    categoryCondition,
    ...conditions,
  );
  const [totals] = await readRows<{
    count: number;
    net: string;
    money_in: string;
    money_out: string;
    first_date: string | null;
    last_date: string | null;
    accounts: string | null;
  }>(
    db,
    sql`
      select count(*)::int as count, ${money2(sql`sum(${USD})`)} as net,
        ${money2(sql`sum(${USD}) filter (where ${USD} > 0)`)} as money_in,
        ${money2(sql`-sum(${USD}) filter (where ${USD} < 0)`)} as money_out,
        min(t.date)::text as first_date, max(t.date)::text as last_date,
        string_agg(distinct t.account_id, ',') as accounts
      from ledger_transaction t
      where ${where}`,
  );
  const transactions = await transactionRows(db, userId, {
    where,
    order: sql`t.date desc, t.id desc`,
    limit: query.limit,
  });
  const count = Number(totals?.count ?? 0);
  return {
    filters: {
      text: query.text ?? null,
      merchant: query.merchant ?? null,
      category: categories[0]?.filter?.code ?? null,
      categories: categories.flatMap((c) => (c.filter ? [c.filter.code] : [])),
      minAmount: min,
      maxAmount: max,
      direction: query.direction ?? null,
      start: query.start ?? null,
      end: query.end ?? null,
      accounts: scope.names,
    },
    count,
    net: totals?.net ?? '0.00',
    moneyIn: totals?.money_in ?? '0.00',
    moneyOut: totals?.money_out ?? '0.00',
    firstDate: totals?.first_date ?? null,
    lastDate: totals?.last_date ?? null,
    transactions,
    hasMore: count > transactions.length,
    accountsRead: await accountNamesOf(db, userId, totals?.accounts),
  };
}

/**
 * The largest transactions of a period by absolute amount. Money out ranks spending (transfers
 * between the user's accounts and card payments are left out); money in ranks every posted inflow
 * (pay, refunds, transfers in). A category filter ranks that category's transactions instead.
 */
/** A card's payment is the card's balance paid from another account, not money the user received. */
const NOT_A_CARD_PAYMENT = sql.raw(
  `coalesce(t.category_detailed, '') <> 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'`,
);

export async function largestTransactions(
  db: Database,
  userId: string,
  query: Period & {
    direction: 'in' | 'out';
    category?: string | undefined;
    account?: string | undefined;
    limit: number;
  },
): Promise<LargestTransactions> {
  checkPeriod(query);
  const scope = await accountScope(db, userId, query.account);
  const category = await categoryScope(db, userId, query.category);
  const where = and(
    posted(userId, query),
    scope.condition,
    category.condition ?? (query.direction === 'out' ? IS_SPENDING : NOT_A_CARD_PAYMENT),
    query.direction === 'in' ? sql`${USD} > 0` : sql`${USD} < 0`,
  );
  const [totals] = await readRows<{ count: number }>(
    db,
    sql`
      select count(*)::int as count from ledger_transaction t where ${where}`,
  );
  const transactions = await transactionRows(db, userId, {
    where,
    order: sql`abs(${USD}) desc, t.id desc`,
    limit: query.limit,
  });
  return {
    period: { start: query.start, end: query.end },
    direction: query.direction,
    category: category.filter,
    accountFilter: scope.names,
    consideredCount: Number(totals?.count ?? 0),
    transactions,
    accountsRead: [...new Set(transactions.map((row) => row.account))],
  };
}
