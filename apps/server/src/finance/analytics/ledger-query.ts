import type {
  LedgerAverageUnit,
  LedgerPeriod,
  LedgerQuery,
  LedgerQueryInput,
  LedgerStatistic,
} from '@penny/contracts';
import { isTimeGrouping, type LedgerTimeGrouping, ledgerQuerySchema } from '@penny/contracts';
import type { Database } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { categoryLabel } from '../categories.ts';
import { listAccounts } from './accounts.ts';
import { addDays, addMonths, daysInPeriod, monthEnd, monthsOf, quarterStart } from './dates.ts';
import {
  bucketsOf,
  checkLedgerQuery,
  groupKey,
  type LedgerFiltersApplied,
  type LedgerSqlPlan,
  ledgerSqlPlan,
} from './ledger-plan.ts';
import { type AggregateRow, type GroupOrder, readAggregate, readRanked, readWhole } from './ledger-read.ts';
import { type Scaled, scaledOf, scaledText, type ValueUnit } from './ledger-values.ts';
import { divideCents, fromCents, type Money, toCents } from './money.ts';
import type { TransactionRow } from './transactions.ts';

/**
 * Any ledger query (packages/contracts/src/ledger-query.ts) executed: the figures of each period, and
 * for two periods the differences. Semantics in docs/agent.md, "The ledger query".
 */

export type LedgerAverage = {
  per: LedgerAverageUnit;
  /** What the total was divided by: months, weeks (days ÷ 7, one decimal), days, or transactions. */
  divisor: string;
  days: number;
  /** null: an average per transaction with no transactions. */
  value: Money | null;
};

export type LedgerGroup = {
  /** Category code, merchant, account id, month (YYYY-MM) or week (its Monday); null: uncategorized. */
  key: string | null;
  label: string;
  total: Money;
  /** Purchases (spending), payments in (income), or both (net cash flow). */
  count: number;
  /** Every transaction in the total, refunds included. */
  transactionCount: number;
  /** Of the period's total (with the filters), one decimal; null when that is not positive. */
  sharePercent: number | null;
  /** The statistic `average`: this group's total ÷ the divisor (per transaction: its own count). */
  average: Money | null;
  /** The statistic's figure for the group, in the result's unit. */
  value: string | null;
};

export type LedgerSeriesSummary = {
  buckets: number;
  highest: { key: string; label: string; value: string };
  lowest: { key: string; label: string; value: string };
  /** Σ bucket values ÷ buckets (counts with one decimal). */
  average: string;
  /** Buckets below zero: for a net cash flow, the months or weeks in the red. */
  negative: number;
};

export type LedgerPeriodFigures = {
  period: LedgerPeriod;
  total: Money;
  count: number;
  transactionCount: number;
  /**
   * The total as a share of the measure without the category, merchant, text and amount filters, and
   * the count as a share of the whole's count (`wholeCount`, `countPercent`).
   */
  share: { whole: Money; percent: number | null; wholeCount: number; countPercent: number | null };
  average: LedgerAverage | null;
  /**
   * The statistic `count` over two calendar months or more: how many a month, to one decimal ('how
   * often do I get paid': 6 payments over 3 months, 2 a month); null otherwise.
   */
  countPerMonth: string | null;
  /** The groups listed (ranked, cut to `top`; a series: every bucket, zero-filled). */
  groups: LedgerGroup[];
  groupCount: number;
  /** The groups not listed, together. */
  other: { total: Money; count: number; transactionCount: number; groups: number } | null;
  /** largest / smallest without a grouping: the transactions ranked. */
  transactions: TransactionRow[];
  series: LedgerSeriesSummary | null;
  /** The statistic's figure for the period, in the result's unit (null: none, e.g. no transactions). */
  value: string | null;
  accountsRead: string[];
};

export type LedgerGroupChange = {
  key: string | null;
  label: string;
  values: [string, string];
  difference: string;
  changePercent: number | null;
};

export type LedgerComparison = {
  /** First period's figure − second's, and that in percent of the second (null from zero). */
  difference: string | null;
  changePercent: number | null;
  /** Grouped by category, merchant or account: each group's two figures, largest change first. */
  groups: LedgerGroupChange[];
};

export type LedgerQueryResult = {
  query: LedgerQuery & { per: LedgerAverageUnit; top: number };
  /** The unit of every `value`: dollars, transactions, or percent. */
  unit: ValueUnit;
  filters: LedgerFiltersApplied;
  periods: LedgerPeriodFigures[];
  comparison: LedgerComparison | null;
  accountsRead: string[];
  transactionCount: number;
};

const UNIT: Record<LedgerStatistic, ValueUnit> = {
  total: 'usd',
  count: 'transactions',
  average: 'usd',
  largest: 'usd',
  smallest: 'usd',
  share: 'percent',
};

const isRanking = (statistic: LedgerStatistic) => statistic === 'largest' || statistic === 'smallest';
const isSeries = (query: LedgerQuery) => isTimeGrouping(query.group_by) && !isRanking(query.statistic);

/** The default `top`: 5 ranked transactions or groups, 10 groups in a breakdown. */
function topOf(query: LedgerQuery): number {
  return query.top ?? (isRanking(query.statistic) ? 5 : 10);
}

type Context = {
  db: Database;
  userId: string;
  query: LedgerQueryResult['query'];
  plan: LedgerSqlPlan;
  accountNames: Map<string, string>;
};

type DayKind = 'weekends' | 'weekdays';

/** The days of a kind in a period: Saturdays and Sundays, or Monday to Friday. */
export function daysOfKind(period: LedgerPeriod, kind: DayKind): number {
  const days = daysInPeriod(period);
  const first = new Date(`${period.start}T00:00:00Z`).getUTCDay();
  let weekend = 0;
  for (let i = 0; i < days; i++) {
    const weekday = (first + i) % 7;
    if (weekday === 0 || weekday === 6) weekend++;
  }
  return kind === 'weekends' ? weekend : days - weekend;
}

/** The Saturdays from a period's first day to its last. */
function saturdaysIn(period: LedgerPeriod): number {
  const first = new Date(`${period.start}T00:00:00Z`).getUTCDay();
  const days = daysInPeriod(period);
  const toSaturday = (6 - first + 7) % 7;
  return days > toSaturday ? Math.floor((days - 1 - toSaturday) / 7) + 1 : 0;
}

/** What `per` divides by over a period: months it touches, weeks (days ÷ 7), days, or transactions. */
export function averageOf(
  per: LedgerAverageUnit,
  period: LedgerPeriod,
  total: Money,
  count: number,
  dayKind?: DayKind,
): LedgerAverage {
  // 'avg daily spend on weekdays': a day of that kind is the unit, so only those days divide.
  const days = per === 'day' && dayKind ? daysOfKind(period, dayKind) : daysInPeriod(period);
  const cents = toCents(total);
  const of = (value: bigint | null, divisor: string): LedgerAverage => ({
    per,
    divisor,
    days,
    value: value === null ? null : fromCents(value),
  });
  switch (per) {
    case 'month': {
      const months = monthsOf(period).length;
      return of(divideCents(cents, BigInt(months)), String(months));
    }
    case 'week':
      // Weeks with one decimal: days ÷ 7 in tenths.
      return of(
        divideCents(cents * 7n, BigInt(days)),
        (Number(divideCents(BigInt(days) * 10n, 7n)) / 10).toFixed(1),
      );
    case 'weekend': {
      // A weekend per Saturday in the period.
      const saturdays = saturdaysIn(period);
      return of(saturdays === 0 ? null : divideCents(cents, BigInt(saturdays)), String(saturdays));
    }
    case 'day':
      return of(days === 0 ? null : divideCents(cents, BigInt(days)), String(days));
    case 'transaction':
      return of(count === 0 ? null : divideCents(cents, BigInt(count)), String(count));
  }
}

function percentTenths(part: Money, whole: Money): number | null {
  const of = toCents(whole);
  if (of <= 0n) return null;
  return Number(divideCents(toCents(part) * 1000n, of)) / 10;
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function groupLabel(context: Context, key: string | null): string {
  switch (context.query.group_by) {
    case 'category':
      return categoryLabel(key);
    case 'account':
      return key === null ? 'Unknown account' : (context.accountNames.get(key) ?? key);
    case 'month':
      return key === null ? '' : monthName.format(new Date(`${key}-01T00:00:00Z`));
    case 'quarter':
      return key === null ? '' : `${key.slice(5)} ${key.slice(0, 4)}`;
    case 'week':
      return key === null ? '' : `Week of ${dayName.format(new Date(`${key}T00:00:00Z`))}`;
    case 'day_type':
      return key === 'weekends' ? 'Weekends' : 'Weekdays';
    default:
      return key ?? '';
  }
}

/** A bucket's days within the period (the first and last bucket may be partial). */
function bucketPeriod(key: string, period: LedgerPeriod, grouping: LedgerTimeGrouping): LedgerPeriod {
  const start = grouping === 'month' ? `${key}-01` : grouping === 'quarter' ? quarterStart(key) : key;
  const end =
    grouping === 'month'
      ? monthEnd(start)
      : grouping === 'quarter'
        ? monthEnd(addMonths(start, 2))
        : addDays(start, 6);
  return { start: start < period.start ? period.start : start, end: end > period.end ? period.end : end };
}

function groupOf(context: Context, row: AggregateRow, period: LedgerPeriod, periodTotal: Money): LedgerGroup {
  const { query } = context;
  const count = Number(row.count);
  const within = isTimeGrouping(query.group_by)
    ? bucketPeriod(row.key ?? '', period, query.group_by)
    : period;
  // Weekends against weekdays per day: each side over its own days.
  const dayKind =
    query.group_by === 'day_type' ? (row.key === 'weekends' ? 'weekends' : 'weekdays') : query.filters.days;
  const average =
    query.statistic === 'average' ? averageOf(query.per, within, row.total, count, dayKind).value : null;
  const sharePercent = percentTenths(row.total, periodTotal);
  const value: Record<LedgerStatistic, string | null> = {
    total: row.total,
    count: String(count),
    average,
    largest: row.total,
    smallest: row.total,
    share: sharePercent === null ? null : sharePercent.toFixed(1),
  };
  return {
    key: row.key,
    label: groupLabel(context, row.key),
    total: row.total,
    count,
    transactionCount: Number(row.transactions),
    sharePercent,
    average,
    value: value[query.statistic],
  };
}

function emptyRow(key: string): AggregateRow {
  return {
    key,
    level: 0,
    total: '0.00',
    count: 0,
    transactions: 0,
    accounts: null,
    groups: 0,
    positive_groups: 0,
  };
}

function seriesSummary(groups: LedgerGroup[], unit: ValueUnit): LedgerSeriesSummary | null {
  const valued = groups.map((group) => ({ group, value: scaledOf(group.value ?? '0', unit) }));
  const first = valued[0];
  if (!first) return null;
  let highest = first;
  let lowest = first;
  let sum = 0n;
  let negative = 0;
  for (const item of valued) {
    if (item.value > highest.value) highest = item;
    if (item.value < lowest.value) lowest = item;
    if (item.value < 0n) negative += 1;
    sum += item.value;
  }
  const point = (item: { group: LedgerGroup; value: Scaled }) => ({
    key: item.group.key ?? '',
    label: item.group.label,
    value: scaledText(item.value, unit),
  });
  // Counts average with one decimal: scale them by ten first.
  const average =
    unit === 'transactions'
      ? (Number(divideCents(sum * 10n, BigInt(valued.length))) / 10).toFixed(1)
      : scaledText(divideCents(sum, BigInt(valued.length)), unit);
  return { buckets: valued.length, highest: point(highest), lowest: point(lowest), average, negative };
}

function groupOrder(statistic: LedgerStatistic): GroupOrder {
  if (statistic === 'count') return 'count';
  return statistic === 'smallest' ? 'smallest' : 'total';
}

const namesOf = (context: Context, ids: string | null | undefined) =>
  ids ? [...new Set(ids.split(','))].map((id) => context.accountNames.get(id) ?? id).sort() : [];

function transactionOf(
  context: Context,
  row: Awaited<ReturnType<typeof readRanked>>[number],
): TransactionRow {
  return {
    id: Number(row.id),
    date: row.date,
    accountId: row.account_id,
    account: context.accountNames.get(row.account_id) ?? row.account_id,
    name: row.name,
    merchant: row.merchant,
    categoryPrimary: row.category_primary,
    categoryDetailed: row.category_detailed,
    categoryLabel: categoryLabel(row.category_detailed ?? row.category_primary),
    amount: row.amount_usd,
    nativeAmount: row.amount,
    currency: row.currency,
  };
}

/** The groups' rows for a period: ranked and cut, every group (a comparison), or a zero-filled series. */
async function groupedRows(context: Context, period: LedgerPeriod, comparing: boolean) {
  const { query, plan } = context;
  const key = groupKey(query.group_by, plan, query.measure);
  if (!key) return readAggregate(context.db, context.userId, plan, period, undefined);
  const series = isSeries(query);
  return readAggregate(context.db, context.userId, plan, period, {
    key,
    order: series ? 'key' : groupOrder(query.statistic),
    limit: series || comparing ? null : query.top,
    positiveOnly: isRanking(query.statistic),
  });
}

/** A period's figures, and (for a comparison) every group before the `top` cut. */
async function periodFigures(
  context: Context,
  period: LedgerPeriod,
  comparing: boolean,
): Promise<{ figures: LedgerPeriodFigures; allGroups: LedgerGroup[] }> {
  const { query, plan, db, userId } = context;
  const found = await groupedRows(context, period, comparing);
  const whole = found.find((row) => Number(row.level) === 1) ?? { ...emptyRow(''), level: 1 };
  const total = whole.total;
  const count = Number(whole.count);
  let groups = found
    .filter((row) => Number(row.level) === 0)
    .map((row) => groupOf(context, row, period, total));
  if (isSeries(query) && isTimeGrouping(query.group_by)) {
    const byKey = new Map(groups.map((group) => [group.key, group]));
    groups = bucketsOf(period, query.group_by).map(
      (bucket) => byKey.get(bucket) ?? groupOf(context, emptyRow(bucket), period, total),
    );
  }
  const shareWhole =
    (plan.narrowing || plan.wholeDiffers) && query.statistic === 'share'
      ? await readWhole(db, userId, plan, period)
      : { total, count };
  const ranked =
    query.group_by === 'none' && isRanking(query.statistic)
      ? (
          await readRanked(db, userId, plan, period, {
            direction: query.statistic === 'largest' ? 'desc' : 'asc',
            limit: query.top,
          })
        ).map((row) => transactionOf(context, row))
      : [];
  const average =
    query.statistic === 'average' ? averageOf(query.per, period, total, count, query.filters.days) : null;
  const months = monthsOf(period).length;
  const countPerMonth =
    query.statistic === 'count' && months >= 2
      ? (Number(divideCents(BigInt(count) * 10n, BigInt(months))) / 10).toFixed(1).replace(/\.0$/, '')
      : null;
  const share = {
    whole: shareWhole.total,
    percent: percentTenths(total, shareWhole.total),
    wholeCount: shareWhole.count,
    countPercent:
      shareWhole.count > 0 ? Number(divideCents(BigInt(count) * 1000n, BigInt(shareWhole.count))) / 10 : null,
  };
  const listed = isSeries(query) ? groups : groups.slice(0, query.top);
  const groupCount =
    Number(isRanking(query.statistic) ? whole.positive_groups : whole.groups) || groups.length;
  const figures: LedgerPeriodFigures = {
    period,
    total,
    count,
    transactionCount: Number(whole.transactions),
    share,
    average,
    countPerMonth,
    groups: listed,
    groupCount: query.group_by === 'none' ? 0 : groupCount,
    other: otherOf(query, listed, { total, count, transactions: Number(whole.transactions) }, groupCount),
    transactions: ranked,
    series: isSeries(query) ? seriesSummary(groups, UNIT[query.statistic]) : null,
    value: periodValue(query, { total, count, share, average, groups: listed, ranked }),
    accountsRead: namesOf(context, whole.accounts),
  };
  return { figures, allGroups: groups };
}

/** The groups a breakdown did not list, together (not for rankings or series). */
function otherOf(
  query: LedgerQuery,
  listed: LedgerGroup[],
  whole: { total: Money; count: number; transactions: number },
  groupCount: number,
): LedgerPeriodFigures['other'] {
  if (
    query.group_by === 'none' ||
    isSeries(query) ||
    isRanking(query.statistic) ||
    listed.length >= groupCount
  ) {
    return null;
  }
  const listedCents = listed.reduce((sum, group) => sum + toCents(group.total), 0n);
  return {
    total: fromCents(toCents(whole.total) - listedCents),
    count: whole.count - listed.reduce((sum, group) => sum + group.count, 0),
    transactionCount: whole.transactions - listed.reduce((sum, group) => sum + group.transactionCount, 0),
    groups: groupCount - listed.length,
  };
}

function periodValue(
  query: LedgerQuery,
  figures: {
    total: Money;
    count: number;
    share: LedgerPeriodFigures['share'];
    average: LedgerAverage | null;
    groups: LedgerGroup[];
    ranked: TransactionRow[];
  },
): string | null {
  switch (query.statistic) {
    case 'total':
      return figures.total;
    case 'count':
      return String(figures.count);
    case 'average':
      return figures.average?.value ?? null;
    case 'share': {
      const percent = query.share_by === 'count' ? figures.share.countPercent : figures.share.percent;
      return percent === null ? null : percent.toFixed(1);
    }
    case 'largest':
    case 'smallest': {
      if (query.group_by !== 'none') return figures.groups[0]?.total ?? null;
      const top = figures.ranked[0];
      return top ? top.amount.replace('-', '') : null;
    }
  }
}

function changeOf(first: string | null, second: string | null, unit: ValueUnit) {
  if (first === null || second === null) return { difference: null, changePercent: null };
  const a = scaledOf(first, unit);
  const b = scaledOf(second, unit);
  const changePercent = b > 0n ? Number(divideCents((a - b) * 1000n, b)) / 10 : null;
  return { difference: scaledText(a - b, unit), changePercent };
}

function comparisonOf(
  query: LedgerQuery,
  unit: ValueUnit,
  [first, second]: [LedgerPeriodFigures, LedgerPeriodFigures],
  all: [LedgerGroup[], LedgerGroup[]],
  top: number,
): LedgerComparison {
  const groups: LedgerGroupChange[] = [];
  if (
    query.group_by === 'category' ||
    query.group_by === 'merchant' ||
    query.group_by === 'account' ||
    query.group_by === 'day_type'
  ) {
    const keys = new Map<string | null, string>();
    for (const group of [...all[0], ...all[1]]) keys.set(group.key, group.label);
    const zero = scaledText(0n, unit);
    for (const [key, label] of keys) {
      const a = all[0].find((group) => group.key === key)?.value ?? zero;
      const b = all[1].find((group) => group.key === key)?.value ?? zero;
      const change = changeOf(a, b, unit);
      groups.push({
        key,
        label,
        values: [a, b],
        difference: change.difference ?? zero,
        changePercent: change.changePercent,
      });
    }
    const direction = query.change ?? 'any';
    const size = (change: LedgerGroupChange) => {
      if (direction === 'none') {
        const [a, b] = change.values.map((value) => {
          const scaled = scaledOf(value, unit);
          return scaled < 0n ? -scaled : scaled;
        });
        return (a ?? 0n) > (b ?? 0n) ? (a ?? 0n) : (b ?? 0n);
      }
      const value = scaledOf(change.difference, unit);
      if (direction === 'increase') return value;
      if (direction === 'decrease') return -value;
      return value < 0n ? -value : value;
    };
    groups.sort((x, y) => (size(y) > size(x) ? 1 : size(y) < size(x) ? -1 : x.label.localeCompare(y.label)));
    // 'which grew the most': only the groups that moved that way.
    if (direction === 'increase' || direction === 'decrease')
      groups.splice(0, groups.length, ...groups.filter((group) => size(group) > 0n));
  }
  return { ...changeOf(first.value, second.value, unit), groups: groups.slice(0, top) };
}

/** Executes a ledger query for the acting user: each period's figures, then the comparison. */
export async function ledgerQuery(
  db: Database,
  userId: string,
  input: LedgerQueryInput,
): Promise<LedgerQueryResult> {
  const parsed = ledgerQuerySchema.safeParse(input);
  if (!parsed.success) {
    throw new ServiceError(
      'request:invalid',
      `The ledger query is not valid: ${parsed.error.issues[0]?.message ?? 'unknown field'}.`,
    );
  }
  const base = parsed.data;
  checkLedgerQuery(base);
  const query = { ...base, per: base.per ?? 'month', top: topOf(base) } satisfies LedgerQueryResult['query'];
  const plan = await ledgerSqlPlan(db, userId, query);
  const accountNames = new Map(
    (await listAccounts(db, userId)).map((account) => [account.id, account.displayName]),
  );
  const context: Context = { db, userId, query, plan, accountNames };
  const comparing = query.periods.length === 2;
  const periods: LedgerPeriodFigures[] = [];
  const allGroups: LedgerGroup[][] = [];
  for (const period of query.periods) {
    // Each period lists its own top groups; a comparison is read from all of them.
    const read = await periodFigures(context, period, comparing);
    periods.push(read.figures);
    allGroups.push(read.allGroups);
  }
  const [first, second] = periods;
  const [firstGroups = [], secondGroups = []] = allGroups;
  const unit = UNIT[query.statistic];
  return {
    query,
    unit,
    filters: plan.filters,
    periods,
    comparison:
      first && second
        ? comparisonOf(query, unit, [first, second], [firstGroups, secondGroups], query.top)
        : null,
    accountsRead: [...new Set(periods.flatMap((figures) => figures.accountsRead))].sort(),
    transactionCount: periods.reduce((sum, figures) => sum + figures.transactionCount, 0),
  };
}
