import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { accountNamesOf } from './accounts.ts';
import { addDays, addMonths, monthsOf, type Period } from './dates.ts';
import { divideCents, fromCents, type Money, toCents } from './money.ts';
import { accountScope, checkPeriod } from './scope.ts';
import { and, IS_INCOME, IS_SPENDING, money2, posted, readRows, USD } from './sql.ts';

export type MonthFlow = {
  /** YYYY-MM */
  month: string;
  income: Money;
  spending: Money;
  net: Money;
  /** net ÷ income in percent (one decimal); null without income. */
  savingsRatePercent: number | null;
  /** Income and spending transactions counted, and the spending ones alone. */
  transactionCount: number;
  spendingCount: number;
};

export type CashFlow = {
  period: Period;
  accountFilter: string[];
  months: MonthFlow[];
  totals: Omit<MonthFlow, 'month'>;
  accountsRead: string[];
};

export type AverageMonthlySpending = {
  period: Period;
  months: number;
  monthsWithTransactions: number;
  total: Money;
  average: Money;
  byMonth: Array<{ month: string; spending: Money }>;
  /** The spending transactions behind the total. */
  transactionCount: number;
  accountsRead: string[];
};

type FlowRow = {
  /** null: the period's total. */
  month: string | null;
  income: string;
  spending: string;
  net: string;
  savings_rate: string | null;
  count: number;
  spending_count: number;
  accounts: string | null;
};

function flowOf(row: FlowRow | undefined): Omit<MonthFlow, 'month'> {
  return {
    income: row?.income ?? '0.00',
    spending: row?.spending ?? '0.00',
    net: row?.net ?? '0.00',
    savingsRatePercent:
      row?.savings_rate === null || row?.savings_rate === undefined ? null : Number(row.savings_rate),
    transactionCount: Number(row?.count ?? 0),
    spendingCount: Number(row?.spending_count ?? 0),
  };
}

/** Income, spending, net and savings rate per calendar month of a period. */
export async function cashFlowByMonth(
  db: Database,
  userId: string,
  query: Period & { account?: string | undefined },
): Promise<CashFlow> {
  checkPeriod(query);
  const scope = await accountScope(db, userId, query.account);
  const found = await readRows<FlowRow>(
    db,
    sql`
      select to_char(t.date, 'YYYY-MM') as month,
        ${money2(sql`sum(${USD}) filter (where ${IS_INCOME})`)} as income,
        ${money2(sql`-sum(${USD}) filter (where ${IS_SPENDING})`)} as spending,
        ${money2(sql`sum(${USD})`)} as net,
        round(100 * sum(${USD}) / nullif(sum(${USD}) filter (where ${IS_INCOME}), 0), 1)::text as savings_rate,
        count(*)::int as count,
        (count(*) filter (where ${IS_SPENDING}))::int as spending_count,
        case when grouping(to_char(t.date, 'YYYY-MM')) = 1 then string_agg(distinct t.account_id, ',') end
          as accounts
      from ledger_transaction t
      where ${and(posted(userId, query), scope.condition, sql`(${IS_INCOME} or ${IS_SPENDING})`)}
      group by grouping sets ((to_char(t.date, 'YYYY-MM')), ())`,
  );
  const byMonth = new Map(found.filter((row) => row.month !== null).map((row) => [row.month, row]));
  const total = found.find((row) => row.month === null);
  return {
    period: { start: query.start, end: query.end },
    accountFilter: scope.names,
    months: monthsOf(query).map((month) => ({ month, ...flowOf(byMonth.get(month)) })),
    totals: flowOf(total),
    accountsRead: await accountNamesOf(db, userId, total?.accounts),
  };
}

/** Average monthly spending over the last `months` full calendar months before today's month. */
export async function averageMonthlySpending(
  db: Database,
  userId: string,
  query: { months: number; today: string },
): Promise<AverageMonthlySpending> {
  const firstOfThisMonth = `${query.today.slice(0, 7)}-01`;
  const period = {
    start: addMonths(firstOfThisMonth, -query.months),
    end: addDays(firstOfThisMonth, -1),
  };
  const flow = await cashFlowByMonth(db, userId, period);
  return {
    period,
    months: query.months,
    monthsWithTransactions: flow.months.filter((month) => month.spendingCount > 0).length,
    total: flow.totals.spending,
    average: fromCents(divideCents(toCents(flow.totals.spending), BigInt(query.months))),
    byMonth: flow.months.map((month) => ({ month: month.month, spending: month.spending })),
    transactionCount: flow.totals.spendingCount,
    accountsRead: flow.accountsRead,
  };
}
