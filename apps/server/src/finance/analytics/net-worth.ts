import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { type AnalyticsAccount, listAccounts } from './accounts.ts';
import { addMonths, monthEnd } from './dates.ts';
import type { Money } from './money.ts';
import { ACCOUNT_USD, and, CASH_KINDS, inList, money2, onPlatform, readRows, USD } from './sql.ts';

export type NetWorth = {
  assets: Money;
  liabilities: Money;
  net: Money;
  /** By account kind (checking, savings, credit, investment, crypto, ...). */
  byKind: Array<{ kind: string; total: Money; accounts: number }>;
  accounts: Array<{
    id: string;
    name: string;
    kind: string;
    platform: string;
    institution: string | null;
    balance: Money | null;
  }>;
  /** Accounts without a USD value (left out of the totals). */
  unpriced: string[];
};

export type NetWorthPoint = {
  /** The month's last day (today for the current month). */
  date: string;
  month: string;
  net: Money | null;
  assets: Money;
  liabilities: Money;
  /** The bank and card accounts alone (checking, savings, credit, loan): known for every past day. */
  cash: Money;
  /** Accounts with a value at that date. */
  accounts: number;
  /** Every account of the ledger had a value then. */
  complete: boolean;
};

export type NetWorthTrend = {
  points: NetWorthPoint[];
  /** Accounts in the ledger; a point with fewer had accounts not yet recorded then. */
  accountCount: number;
};

/**
 * Net worth now: Σ the accounts' USD balances, assets (positive) and liabilities (owed); with a
 * platform, that platform's accounts only.
 */
export async function netWorth(
  db: Database,
  userId: string,
  options: { platform?: AnalyticsAccount['platform'] | undefined } = {},
): Promise<NetWorth> {
  const totals = await readRows<{
    kind: string | null;
    level: number;
    assets: string;
    liabilities: string;
    net: string;
    priced: number;
  }>(
    db,
    sql`
      select a.kind, grouping(a.kind)::int as level,
        ${money2(sql`sum(${ACCOUNT_USD}) filter (where ${ACCOUNT_USD} > 0)`)} as assets,
        ${money2(sql`-sum(${ACCOUNT_USD}) filter (where ${ACCOUNT_USD} < 0)`)} as liabilities,
        ${money2(sql`sum(${ACCOUNT_USD})`)} as net,
        count(${ACCOUNT_USD})::int as priced
      from ledger_account a
      where ${and(
        sql`a.user_id = ${userId}`,
        options.platform ? onPlatform(userId, options.platform) : undefined,
      )}
      group by grouping sets ((a.kind), ())`,
  );
  const all = (await listAccounts(db, userId)).filter(
    (account) => !options.platform || account.platform === options.platform,
  );
  const total = totals.find((row) => row.level === 1);
  return {
    assets: total?.assets ?? '0.00',
    liabilities: total?.liabilities ?? '0.00',
    net: total?.net ?? '0.00',
    byKind: totals
      .filter((row) => row.level === 0 && row.kind !== null)
      .map((row) => ({ kind: row.kind as string, total: row.net, accounts: Number(row.priced) }))
      .sort((a, b) => Number(b.total) - Number(a.total)),
    accounts: all.map((account) => ({
      id: account.id,
      name: account.displayName,
      kind: account.kind,
      platform: account.platform,
      institution: account.institution,
      balance: account.balanceUsd,
    })),
    unpriced: all.filter((account) => account.balanceUsd === null).map((account) => account.displayName),
  };
}

/** Each month's last day over the last `months` months, oldest first; today for the current month. */
function trendDays(months: number, today: string): string[] {
  const days: string[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const end = monthEnd(addMonths(`${today.slice(0, 7)}-01`, -back));
    days.push(end < today ? end : today);
  }
  return days;
}

export type TrendRow = {
  day: string;
  net: string;
  assets: string;
  liabilities: string;
  cash: string;
  accounts: number;
};

/**
 * The accounts' values summed at each day. Each account's value at a day: for cash accounts
 * (checking, savings, credit, loan), the first recorded balance on or after that day less the posted
 * transactions between; for others (investments, wallets), the last balance recorded on or before that
 * day, or nothing before the first record.
 */
export function valuesAtDays(
  db: Database,
  userId: string,
  days: string[],
  accountIds?: readonly string[],
): Promise<TrendRow[]> {
  const snapshotUsd = sql.raw(`coalesce(s.current_usd, case when s.currency = 'USD' then s.current end)`);
  return readRows<TrendRow>(
    db,
    sql`
      with points(at_day) as (values ${sql.join(
        days.map((day) => sql`(${day}::date)`),
        sql`, `,
      )}),
      valued as (
        select p.at_day, a.id, a.kind, before.value as before_value, after.value as after_value,
          after.as_of as after_as_of
        from points p
        cross join ledger_account a
        left join lateral (
          select ${snapshotUsd} as value from balance_snapshot s
          where s.user_id = ${userId} and s.account_id = a.id and s.as_of <= p.at_day
          order by s.as_of desc limit 1
        ) before on true
        left join lateral (
          select ${snapshotUsd} as value, s.as_of from balance_snapshot s
          where s.user_id = ${userId} and s.account_id = a.id and s.as_of >= p.at_day
          order by s.as_of asc limit 1
        ) after on true
        where a.user_id = ${userId}${accountIds ? sql` and a.id in ${inList(accountIds)}` : sql``}
      ),
      figured as (
        select v.at_day, v.kind in ${CASH_KINDS} as is_cash,
          case when v.kind in ${CASH_KINDS} and v.after_value is not null then
            v.after_value - coalesce((
              select sum(${USD}) from ledger_transaction t
              where t.user_id = ${userId} and t.account_id = v.id and not t.pending
                and t.date > v.at_day and t.date <= v.after_as_of
            ), 0)
          else v.before_value end as value
        from valued v
      )
      select at_day::text as day, ${money2(sql`sum(value)`)} as net,
        ${money2(sql`sum(value) filter (where value > 0)`)} as assets,
        ${money2(sql`-sum(value) filter (where value < 0)`)} as liabilities,
        ${money2(sql`sum(value) filter (where is_cash)`)} as cash,
        count(value)::int as accounts
      from figured
      group by at_day
      order by at_day`,
  );
}

/** Net worth at each month's end over the last `months` months (the current month: today). */
export async function netWorthTrend(
  db: Database,
  userId: string,
  query: { months: number; today: string },
): Promise<NetWorthTrend> {
  const days = trendDays(query.months, query.today);
  const found = await valuesAtDays(db, userId, days);
  const [counted] = await readRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_account a where a.user_id = ${userId}`,
  );
  const byDay = new Map(found.map((row) => [row.day, row]));
  return {
    points: days.map((day) => {
      const row = byDay.get(day);
      const valued = Number(row?.accounts ?? 0);
      return {
        date: day,
        month: day.slice(0, 7),
        net: valued > 0 && row ? row.net : null,
        assets: row?.assets ?? '0.00',
        liabilities: row?.liabilities ?? '0.00',
        cash: row?.cash ?? '0.00',
        accounts: valued,
        complete: valued === Number(counted?.n ?? 0),
      };
    }),
    accountCount: Number(counted?.n ?? 0),
  };
}
