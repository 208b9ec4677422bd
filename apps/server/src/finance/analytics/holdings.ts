import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { categoryLabel } from '../categories.ts';
import { accountNameMap } from './accounts.ts';
import { type Money, percentOf } from './money.ts';
import { accountScope } from './scope.ts';
import { ACCOUNT_USD, and, inList, money2, readRows } from './sql.ts';

export type HoldingGroupBy = 'asset_class' | 'security' | 'account';

export type HoldingPosition = {
  account: string;
  accountId: string;
  ticker: string | null;
  name: string;
  assetClass: string;
  quantity: string;
  price: string | null;
  value: Money | null;
  costBasis: Money | null;
  gain: Money | null;
  gainPercent: number | null;
  currency: string;
};

export type HoldingGroup = {
  key: string;
  label: string;
  value: Money;
  costBasis: Money;
  /** Unrealised gain of the positions that report a cost basis; null when none does (wallets). */
  gain: Money | null;
  gainPercent: number | null;
  sharePercent: number | null;
  positions: number;
};

/**
 * The investment accounts' positions (brokerages and bank investment accounts; wallets are in
 * CryptoBalances), each account's uninvested cash as a 'Cash' position (its balance less its
 * positions' value; no cost basis, so it neither gains nor waters down the return on what was
 * invested), the allocation and the unrealised gain.
 */
export type Holdings = {
  groupBy: HoldingGroupBy;
  accountFilter: string[];
  /** USD positions only (other currencies are listed but not totalled). */
  totals: {
    value: Money;
    /** Cost basis of the positions that report one, and their unrealised gain. */
    costBasis: Money;
    gain: Money | null;
    gainPercent: number | null;
    positions: number;
  };
  groups: HoldingGroup[];
  positions: HoldingPosition[];
  accountsRead: string[];
};

/** Readable names of the securities' types (security.type). */
const ASSET_CLASS_LABELS: Record<string, string> = {
  equity: 'Stocks',
  etf: 'ETFs',
  'mutual fund': 'Mutual funds',
  'fixed income': 'Bonds',
  cash: 'Cash',
  cryptocurrency: 'Crypto',
  derivative: 'Derivatives',
  other: 'Other',
};

/** The grouping key of a position (p) for each way of grouping. */
const GROUP_KEY = {
  asset_class: sql.raw(`p.type`),
  security: sql.raw(`case when p.type = 'cash' then 'Cash' else coalesce(p.ticker, p.name) end`),
  account: sql.raw(`p.account_id`),
} satisfies Record<HoldingGroupBy, SQL>;

/**
 * The positions as a CTE p: every position of the investment accounts (wallets are crypto_balances'),
 * and each account's uninvested cash: its balance less what its positions are worth (brokerages report
 * it apart).
 */
function positionsCte(userId: string, accountIds: string[] | null): SQL {
  const accountCondition = accountIds ? sql`a.id in ${inList(accountIds)}` : undefined;
  return sql`
    with p as (
      select h.account_id, s.ticker, s.name, s.type, h.quantity, h.price, h.value,
        case when s.type = 'cash' then null else h.cost_basis end as cost_basis, h.currency
      from holding h
      join security s on s.id = h.security_id
      join ledger_account a on a.id = h.account_id and a.user_id = h.user_id
      join connection c on c.id = a.connection_id and c.user_id = a.user_id
      where ${and(sql`h.user_id = ${userId}`, sql`c.platform <> 'web3'`, accountCondition)}
      union all
      select a.id, null, 'Cash', 'cash', r.cash, 1, r.cash, null::numeric, 'USD'
      from ledger_account a
      cross join lateral (
        select round(${ACCOUNT_USD} - coalesce((
          select sum(h.value) from holding h
          where h.user_id = a.user_id and h.account_id = a.id and h.currency = 'USD'
        ), 0), 2) as cash
      ) r
      where ${and(sql`a.user_id = ${userId}`, sql`a.kind = 'investment'`, sql`r.cash <> 0`, accountCondition)}
    )`;
}

type PositionRow = {
  account_id: string;
  ticker: string | null;
  name: string;
  type: string;
  quantity: string;
  price: string | null;
  value: string | null;
  cost_basis: string | null;
  gain: string | null;
  gain_percent: string | null;
  currency: string;
};

function readPositions(db: Database, positions: SQL): Promise<PositionRow[]> {
  return readRows<PositionRow>(
    db,
    sql`
      ${positions}
      select p.account_id, p.ticker, p.name, p.type, p.quantity::text as quantity, p.price::text as price,
        round(p.value, 2)::text as value, round(p.cost_basis, 2)::text as cost_basis,
        round(p.value - p.cost_basis, 2)::text as gain,
        round(100 * (p.value - p.cost_basis) / nullif(p.cost_basis, 0), 2)::text as gain_percent,
        p.currency
      from p
      order by p.value desc nulls last, p.name`,
  );
}

type GroupRow = {
  key: string | null;
  /** grouping(): 0 a group, 1 the total. */
  level: number;
  value: string;
  cost_basis: string;
  gain: string | null;
  gain_percent: string | null;
  positions: number;
  label: string | null;
};

/** The USD positions per group, and their total. */
function readGroups(db: Database, positions: SQL, key: SQL): Promise<GroupRow[]> {
  return readRows<GroupRow>(
    db,
    sql`
      ${positions}
      select ${key} as key, grouping(${key})::int as level,
        ${money2(sql`sum(p.value)`)} as value,
        ${money2(sql`sum(p.cost_basis) filter (where p.value is not null)`)} as cost_basis,
        case when count(p.cost_basis) filter (where p.value is not null) > 0
          then ${money2(sql`sum(p.value - p.cost_basis)`)} end as gain,
        round(100 * sum(p.value - p.cost_basis)
          / nullif(sum(p.cost_basis) filter (where p.value is not null), 0), 2)::text as gain_percent,
        count(*)::int as positions,
        min(p.name) as label
      from p
      where p.currency = 'USD'
      group by grouping sets ((${key}), ())`,
  );
}

function groupLabel(row: GroupRow, groupBy: HoldingGroupBy, names: Map<string, string>): string {
  const value = row.key ?? 'Unknown';
  if (groupBy === 'account') return names.get(value) ?? value;
  if (groupBy === 'asset_class') return ASSET_CLASS_LABELS[value] ?? categoryLabel(value);
  return row.label && row.label !== value ? `${value} (${row.label})` : value;
}

function positionOf(row: PositionRow, names: Map<string, string>): HoldingPosition {
  return {
    account: names.get(row.account_id) ?? row.account_id,
    accountId: row.account_id,
    ticker: row.ticker,
    name: row.name,
    assetClass: row.type,
    quantity: row.quantity,
    price: row.price,
    value: row.value,
    costBasis: row.cost_basis,
    gain: row.gain,
    gainPercent: row.gain_percent === null ? null : Number(row.gain_percent),
    currency: row.currency,
  };
}

/** What the investment accounts and wallets hold, grouped, with unrealised gains. */
export async function holdings(
  db: Database,
  userId: string,
  query: { account?: string | undefined; groupBy: HoldingGroupBy },
): Promise<Holdings> {
  const scope = await accountScope(db, userId, query.account);
  const positionsOf = positionsCte(userId, scope.ids);
  const positions = await readPositions(db, positionsOf);
  const groups = await readGroups(db, positionsOf, GROUP_KEY[query.groupBy]);
  const names = await accountNameMap(db, userId);
  const total = groups.find((row) => row.level === 1);
  const totalValue = total?.value ?? '0.00';
  return {
    groupBy: query.groupBy,
    accountFilter: scope.names,
    totals: {
      value: totalValue,
      costBasis: total?.cost_basis ?? '0.00',
      gain: total ? total.gain : null,
      gainPercent: total?.gain_percent === null || !total ? null : Number(total.gain_percent),
      positions: Number(total?.positions ?? 0),
    },
    groups: groups
      .filter((row) => row.level === 0)
      .map((row) => ({
        key: row.key ?? 'unknown',
        label: groupLabel(row, query.groupBy, names),
        value: row.value,
        costBasis: row.cost_basis,
        gain: row.gain,
        gainPercent: row.gain_percent === null ? null : Number(row.gain_percent),
        sharePercent: percentOf(row.value, totalValue),
        positions: Number(row.positions),
      }))
      .sort((a, b) => Number(b.value) - Number(a.value)),
    positions: positions.map((row) => positionOf(row, names)),
    accountsRead: [...new Set(positions.map((row) => names.get(row.account_id) ?? row.account_id))],
  };
}
