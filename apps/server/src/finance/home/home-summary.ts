import {
  HOME_TREND_MONTHS,
  HOME_UPCOMING_DAYS,
  HOME_UPCOMING_LIMIT,
  type HomeSummary,
} from '@penny/contracts';
import type { Database } from '../../db/index.ts';
import { listAccounts } from '../analytics/accounts.ts';
import { addDays, addMonths, monthEnd, type Period } from '../analytics/dates.ts';
import { fromCents, toCents } from '../analytics/money.ts';
import { netWorth, netWorthTrend } from '../analytics/net-worth.ts';
import { recurringPayments } from '../analytics/recurring.ts';
import { spendingByCategory } from '../analytics/spending.ts';

/** This month through today, and last month over the same days (its last day when it is shorter). */
export function comparedMonths(today: string): { thisMonth: Period; lastMonth: Period } {
  const first = `${today.slice(0, 7)}-01`;
  const lastFirst = addMonths(first, -1);
  const sameDay = `${lastFirst.slice(0, 8)}${today.slice(8, 10)}`;
  const lastEnd = monthEnd(lastFirst);
  return {
    thisMonth: { start: first, end: today },
    // String order is day order for ISO days; a day past the month's end (the 31st) becomes its last.
    lastMonth: { start: lastFirst, end: sameDay > lastEnd ? lastEnd : sameDay },
  };
}

/**
 * Questions the agent answers well over this user's data (docs/agent.md): last month's largest
 * category by name, then net worth, recurring payments and this month's spending. Each is a chat starter.
 */
function suggestionsFor(topCategory: string | null): string[] {
  return [
    ...(topCategory ? [`How much did I spend on ${topCategory.toLowerCase()} last month?`] : []),
    'How has my net worth changed over the last 6 months?',
    'What recurring payments do I have?',
    'Where did my money go this month?',
  ].slice(0, 4);
}

/**
 * Where the user stands, for the start screen: net worth now and its month-end trend, this month's
 * spending against last month's over the same days, the recurring payments expected in the next
 * days, and suggested questions. Null while the user has no linked account. Every figure comes from
 * finance/analytics over the user's own rows.
 */
export async function homeSummary(
  db: Database,
  userId: string,
  today: string,
): Promise<{ accounts: number; summary: HomeSummary | null }> {
  const accounts = await listAccounts(db, userId);
  if (accounts.length === 0) return { accounts: 0, summary: null };

  const { thisMonth, lastMonth } = comparedMonths(today);
  const lastFullMonth = { start: lastMonth.start, end: monthEnd(lastMonth.start) };
  const upcomingUntil = addDays(today, HOME_UPCOMING_DAYS);
  const [now, trend, spentNow, spentBefore, lastMonthCategories, recurring] = await Promise.all([
    netWorth(db, userId),
    netWorthTrend(db, userId, { months: HOME_TREND_MONTHS, today }),
    spendingByCategory(db, userId, thisMonth),
    spendingByCategory(db, userId, lastMonth),
    spendingByCategory(db, userId, lastFullMonth),
    recurringPayments(db, userId, { kind: 'all', withinDays: HOME_UPCOMING_DAYS, today }),
  ]);

  const baseline = trend.points.find((point) => point.complete && point.net !== null);
  // Soonest first, each due by upcomingUntil (recurringPayments' withinDays).
  const expected = recurring.payments;
  const topCategory = lastMonthCategories.categories.find((category) => category.code !== null);
  return {
    accounts: accounts.length,
    summary: {
      today,
      net_worth: {
        net: now.net,
        assets: now.assets,
        liabilities: now.liabilities,
        unpriced_accounts: now.unpriced.length,
        trend: trend.points.map((point) => ({
          date: point.date,
          net: point.net,
          cash: point.cash,
          complete: point.complete,
        })),
        change:
          baseline?.net != null && baseline.date < today
            ? { amount: fromCents(toCents(now.net) - toCents(baseline.net)), since: baseline.date }
            : null,
      },
      spending: {
        this_month: { ...thisMonth, total: spentNow.total, transactions: spentNow.transactionCount },
        last_month: { ...lastMonth, total: spentBefore.total, transactions: spentBefore.transactionCount },
        change: fromCents(toCents(spentNow.total) - toCents(spentBefore.total)),
      },
      upcoming: {
        period: { start: today, end: upcomingUntil },
        payments: expected.slice(0, HOME_UPCOMING_LIMIT).map((payment) => ({
          merchant: payment.merchant,
          amount: payment.amount,
          date: payment.nextExpected,
          cadence: payment.cadence,
        })),
        count: expected.length,
        total: fromCents(expected.reduce((sum, payment) => sum + toCents(payment.amount), 0n)),
      },
      suggestions: suggestionsFor(topCategory?.label ?? null),
    },
  };
}
