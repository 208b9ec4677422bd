import {
  isTimeGrouping,
  type LedgerGrouping,
  type LedgerMeasure,
  type LedgerPeriod,
  type LedgerQuery,
  type LedgerTimeGrouping,
} from '@penny/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { addDays, dayNumber, monthsOf, quartersOf } from './dates.ts';
import { fromCents, type Money, toCents } from './money.ts';
import { accountScope, type CategoryFilter, categoryScope } from './scope.ts';
import { IS_INCOME, IS_SPENDING, likePattern, USD } from './sql.ts';

/**
 * A ledger query's plan as SQL pieces (docs/agent.md, "The ledger query"): which transactions carry
 * the measure, its signed amount, which of them are counted, the filters, and the grouping key.
 */

/** The filters as they were applied, named for the answer. */
export type LedgerFiltersApplied = {
  categories: CategoryFilter[];
  merchants: string[];
  /** The accounts the account filter named (empty: all accounts). */
  accounts: string[];
  text: string | null;
  minAmount: Money | null;
  maxAmount: Money | null;
  /** The categories a share's whole is limited to (`share_within`). */
  shareWithin: CategoryFilter[];
  /** Only weekends or only weekdays. */
  days: 'weekends' | 'weekdays' | null;
  /** Categories and merchants left out ('everything but rent'). */
  excludedCategories: CategoryFilter[];
  excludedMerchants: string[];
};

export type LedgerSqlPlan = {
  /** The measure's transactions: spending, income, or both. */
  measure: SQL;
  /** Each transaction's contribution to the measure (spending counts money out as positive). */
  amount: SQL;
  /** The transactions `count` counts: purchases, payments in, or both. */
  counted: SQL;
  account: SQL | undefined;
  /** Category, merchant, text and amount filters (share divides by the total without them). */
  narrowing: SQL | undefined;
  filters: LedgerFiltersApplied;
  /** What a share divides by: the measure (or `share_of`) without the filters. */
  whole: { measure: SQL; amount: SQL; counted: SQL; account: SQL | undefined; within: SQL | undefined };
  /** The whole differs from the unfiltered total (another measure, or all accounts). */
  wholeDiffers: boolean;
};

const MEASURE_SQL: Record<LedgerMeasure, { measure: SQL; amount: SQL; counted: SQL }> = {
  spending: { measure: IS_SPENDING, amount: sql`-${USD}`, counted: sql`${USD} < 0` },
  income: { measure: IS_INCOME, amount: USD, counted: sql`${USD} > 0` },
  net_cash_flow: {
    measure: sql`(${IS_SPENDING} or ${IS_INCOME})`,
    amount: USD,
    counted: sql`((${IS_SPENDING} and ${USD} < 0) or (${IS_INCOME} and ${USD} > 0))`,
  },
};

const MAX_BUCKETS = { month: 120, quarter: 40, week: 400 } as const satisfies Record<
  LedgerTimeGrouping,
  number
>;

function refuse(sentence: string): ServiceError {
  return new ServiceError('request:invalid', sentence);
}

function anyOf(parts: SQL[]): SQL | undefined {
  return parts.length === 0 ? undefined : sql`(${sql.join(parts, sql` or `)})`;
}

function allOf(parts: Array<SQL | undefined>): SQL | undefined {
  const kept = parts.filter((part): part is SQL => part !== undefined);
  return kept.length === 0 ? undefined : sql`(${sql.join(kept, sql` and `)})`;
}

/** A merchant named whole or in part, in the merchant or, without one, the transaction's name. */
const merchantMatch = (merchant: string): SQL =>
  sql`coalesce(t.merchant, t.name) ilike ${likePattern(merchant)}`;

function dollarsOf(value: number | string | undefined): Money | null {
  return value === undefined ? null : fromCents(toCents(value));
}

/** Weeks start on Monday: the Monday on or before a day. */
export function weekStart(day: string): string {
  // 1970-01-01 was a Thursday: day number 0 is weekday 3 counting from Monday.
  return addDays(day, -((dayNumber(day) + 3) % 7));
}

/** The buckets of a series over a period: months (YYYY-MM), quarters (YYYY-Qn) or weeks (their Monday). */
export function bucketsOf(period: LedgerPeriod, grouping: LedgerTimeGrouping): string[] {
  if (grouping === 'month') return monthsOf(period);
  if (grouping === 'quarter') return quartersOf(period);
  const weeks: string[] = [];
  for (let at = weekStart(period.start); at <= period.end; at = addDays(at, 7)) weeks.push(at);
  return weeks;
}

/** The combinations that mean nothing, refused with a sentence a user can read. */
export function checkLedgerQuery(query: LedgerQuery): void {
  const grouping = query.group_by;
  if (
    (query.statistic === 'largest' || query.statistic === 'smallest') &&
    query.measure === 'net_cash_flow' &&
    grouping === 'none'
  ) {
    throw refuse(
      `The ${query.statistic} net cash flow means nothing for single transactions: ask for the ${query.statistic} spending or income instead.`,
    );
  }
  if (query.statistic === 'share' && isTimeGrouping(grouping)) {
    throw refuse(
      `A share by ${grouping} means nothing: ask for the total by ${grouping}, or the share of a category or merchant.`,
    );
  }
  for (const period of query.periods) {
    if (period.start > period.end) {
      throw refuse(`The period starts (${period.start}) after it ends (${period.end}).`);
    }
    if (isTimeGrouping(grouping)) {
      const buckets = bucketsOf(period, grouping).length;
      if (buckets > MAX_BUCKETS[grouping]) {
        throw refuse(
          `That is ${buckets} ${grouping}s, more than the ${MAX_BUCKETS[grouping]} a series can show: pick a shorter period or group by ${grouping === 'week' ? 'month' : grouping === 'month' ? 'quarter' : 'a larger unit'}.`,
        );
      }
    }
  }
  const min = dollarsOf(query.filters.min_amount);
  const max = dollarsOf(query.filters.max_amount);
  if (min !== null && max !== null && toCents(min) > toCents(max)) {
    throw refuse(`The smallest amount (${min}) is larger than the largest (${max}).`);
  }
}

/** The plan's measure and filters as SQL, the names checked (an unknown category or account is refused). */
export async function ledgerSqlPlan(
  db: Database,
  userId: string,
  query: LedgerQuery,
): Promise<LedgerSqlPlan> {
  const { filters } = query;
  const scope = await accountScope(db, userId, filters.account);
  const categories = [];
  for (const code of [...new Set(filters.categories ?? [])])
    categories.push(await categoryScope(db, userId, code));
  const merchants = [...new Set((filters.merchants ?? []).map((name) => name.trim()))];
  const excludedCategories = [];
  for (const code of [...new Set(filters.exclude_categories ?? [])])
    excludedCategories.push(await categoryScope(db, userId, code));
  const excludedMerchants = [...new Set((filters.exclude_merchants ?? []).map((name) => name.trim()))];
  // What is left out: an uncategorised transaction is not in any category, so it stays in.
  const excluded = anyOf([
    ...excludedCategories.flatMap((category) =>
      category.condition ? [sql`coalesce(${category.condition}, false)`] : [],
    ),
    ...excludedMerchants.map(merchantMatch),
  ]);
  const min = dollarsOf(filters.min_amount);
  const max = dollarsOf(filters.max_amount);
  const text = filters.text ?? null;
  // An amount bound is on money moving the measure's way: 'purchases over $200' leaves refunds out.
  const signed =
    query.measure === 'spending'
      ? sql`(-${USD})`
      : query.measure === 'income'
        ? sql`(${USD})`
        : sql`abs(${USD})`;
  const narrowing = allOf([
    anyOf(categories.flatMap((category) => (category.condition ? [category.condition] : []))),
    anyOf(merchants.map(merchantMatch)),
    text ? sql`(t.name ilike ${likePattern(text)} or t.merchant ilike ${likePattern(text)})` : undefined,
    min !== null ? sql`${signed} >= ${min}::numeric` : undefined,
    // 'everything under $10': purchases of at most $10, not refunds (money the other way) of any size.
    max !== null ? sql`${signed} > 0 and ${signed} <= ${max}::numeric` : undefined,
    filters.days ? sql`${WEEKEND_KEY} = ${filters.days}` : undefined,
    excluded ? sql`not ${excluded}` : undefined,
  ]);
  const wholeMeasure = MEASURE_SQL[query.share_of ?? query.measure];
  const within = [];
  if (query.statistic === 'share')
    for (const code of [...new Set(query.share_within ?? [])])
      within.push(await categoryScope(db, userId, code));
  // 'What percent of my spending went on my card': with only an account named, the whole is every account.
  const wholeAccount = narrowing ? scope.condition : undefined;
  return {
    ...MEASURE_SQL[query.measure],
    account: scope.condition,
    narrowing,
    whole: {
      measure: wholeMeasure.measure,
      amount: wholeMeasure.amount,
      counted: wholeMeasure.counted,
      account: wholeAccount,
      within: anyOf(within.flatMap((category) => (category.condition ? [category.condition] : []))),
    },
    wholeDiffers:
      (query.share_of ?? query.measure) !== query.measure ||
      (!narrowing && !!scope.condition) ||
      within.length > 0,
    filters: {
      categories: categories.flatMap((category) => (category.filter ? [category.filter] : [])),
      merchants,
      accounts: scope.names,
      text,
      minAmount: min,
      maxAmount: max,
      shareWithin: within.flatMap((category) => (category.filter ? [category.filter] : [])),
      days: filters.days ?? null,
      excludedCategories: excludedCategories.flatMap((category) =>
        category.filter ? [category.filter] : [],
      ),
      excludedMerchants,
    },
  };
}

/**
 * The grouping key as SQL, or none. By category: primary categories, or detailed ones within a
 * category filter, and for income (all of it is the one primary category Income: wages, dividends
 * and interest are its detailed ones).
 */
export function groupKey(
  grouping: LedgerGrouping,
  plan: LedgerSqlPlan,
  measure: LedgerMeasure,
): SQL | undefined {
  switch (grouping) {
    case 'none':
      return undefined;
    case 'category':
      // 'food or gas': several categories named are each one group, as named; one named is broken
      // into its parts.
      if (plan.filters.categories.length >= 2) return namedCategoryKey(plan.filters.categories);
      return plan.filters.categories.length > 0 || measure === 'income'
        ? sql.raw('t.category_detailed')
        : sql.raw('t.category_primary');
    case 'merchant':
      return sql.raw('coalesce(t.merchant, t.name)');
    case 'account':
      return sql.raw('t.account_id');
    case 'month':
      return sql.raw(`to_char(t.date, 'YYYY-MM')`);
    case 'quarter':
      return sql.raw(`to_char(t.date, 'YYYY-"Q"Q')`);
    case 'week':
      return sql.raw(`to_char(date_trunc('week', t.date::timestamp), 'YYYY-MM-DD')`);
    case 'day_type':
      return WEEKEND_KEY;
  }
}

/**
 * The category a transaction falls in among those named (the first that holds it). Written out, not
 * bound: the grouping repeats the expression, and PostgreSQL matches it only when the text is the same.
 * The codes are the taxonomy's (upper case and underscores), checked here again.
 */
function namedCategoryKey(categories: readonly CategoryFilter[]): SQL {
  const cases = categories
    .filter((category) => /^[A-Z_]+$/.test(category.code))
    .map(
      (category) =>
        `when t.category_${category.level === 'primary' ? 'primary' : 'detailed'} = '${category.code}' then '${category.code}'`,
    );
  return sql.raw(`(case ${cases.join(' ')} else coalesce(t.category_detailed, t.category_primary) end)`);
}

/** 'weekends' for a Saturday or Sunday, else 'weekdays' (ISO day of the week of the posted date). */
const WEEKEND_KEY = sql.raw(
  `(case when extract(isodow from t.date) in (6, 7) then 'weekends' else 'weekdays' end)`,
);
