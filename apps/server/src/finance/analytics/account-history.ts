import type { Database } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { resolveAccounts } from './accounts.ts';
import { addDays, addMonths, monthEnd, type Period } from './dates.ts';
import type { Money } from './money.ts';
import { valuesAtDays } from './net-worth.ts';

/** The most month ends one history spans (ten years). */
const MAX_POINTS = 122;

export type BalancePoint = {
  /** The day the balance is taken at: the day before the period, each month's end in it, its last day. */
  date: string;
  /** The accounts' USD balance at the end of that day; null when not known then. */
  value: Money | null;
};

export type AccountHistory = {
  accounts: Array<{ name: string; kind: string }>;
  period: Period;
  points: BalancePoint[];
};

/** The days a history is read at: the opening day (the day before), each month end inside, the last day. */
function historyDays(period: Period): string[] {
  // 'on October 31': that day alone.
  if (period.start === period.end) return [period.end];
  const days = [addDays(period.start, -1)];
  for (
    let end = monthEnd(period.start);
    end < period.end;
    end = monthEnd(addMonths(`${end.slice(0, 7)}-01`, 1))
  )
    days.push(end);
  days.push(period.end);
  return days;
}

/**
 * One account's balance (or several accounts' together, for 'savings') at the start of a period, at
 * each month's end in it and at its end. Bank and card balances are rebuilt from the transactions
 * after each day; investments and wallets count from the first balance recorded, unknown before it.
 */
export async function accountBalanceHistory(
  db: Database,
  userId: string,
  query: { account: string; start: string; end: string },
): Promise<AccountHistory> {
  if (query.start > query.end)
    throw new ServiceError(
      'request:invalid',
      `The period starts (${query.start}) after it ends (${query.end}).`,
    );
  const period = { start: query.start, end: query.end };
  const days = historyDays(period);
  if (days.length > MAX_POINTS)
    throw new ServiceError(
      'request:invalid',
      'A balance history covers ten years at most; ask for a shorter period.',
    );
  const accounts = await resolveAccounts(db, userId, query.account);
  const rows = await valuesAtDays(
    db,
    userId,
    days,
    accounts.map((account) => account.id),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return {
    accounts: accounts.map((account) => ({ name: account.displayName, kind: account.kind })),
    period,
    points: days.map((date) => {
      const row = byDay.get(date);
      // Every account must have a value that day, or the sum would be a part taken for the whole.
      return { date, value: row && Number(row.accounts) === accounts.length ? row.net : null };
    }),
  };
}
