import { dslObjectSchema, type ToolInput, type ToolName, toolInputSchemas } from '@penny/contracts';
import {
  accountsClient,
  microsText as centsText,
  createTestApp,
  firstOfMonth,
  lastOfMonth,
  micros,
  type SignedUpUser,
  shiftDays,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeTools } from './index.ts';
import { necessityOf } from './necessity.ts';
import type { ToolContext, ToolResult } from './types.ts';

/**
 * money_summary, affordability and cut_back against a user who linked a sandbox bank. Every figure is
 * checked against plain code over the user's raw rows (transactions, balances, snapshots read here with
 * SQL, added up here in integer micro-dollars), never against the analytics service the tools use.
 */

// ---- Reference arithmetic, independent of finance/analytics/

/** Millionths rounded to whole cents, still in millionths. */
const toCent = (value: bigint) => micros(centsText(value));

/** a ÷ n in millionths, rounded to the cent half away from zero. */
function averageOf(total: bigint, n: number): bigint {
  const cents = toCent(total) / 10_000n;
  const abs = cents < 0n ? -cents : cents;
  const quotient = (abs * 2n + BigInt(n)) / (2n * BigInt(n));
  return (cents < 0n ? -quotient : quotient) * 10_000n;
}

const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** '$1,234.56' by Intl (not the tools' formatter). */
const dollars = (value: bigint) => dollarFormat.format(Number(centsText(value)));
const longDay = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayWords = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));
const thisYearDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
/** A day as a sentence about what is coming says it: the year only when it is not this one. */
const dayWordsFrom = (day: string, from: string) =>
  day.slice(0, 4) === from.slice(0, 4) ? thisYearDay.format(new Date(`${day}T00:00:00Z`)) : dayWords(day);

type Row = {
  accountId: string;
  date: string;
  usd: bigint;
  merchant: string;
  primary: string | null;
  detailed: string | null;
};

const NOT_SPENDING = new Set(['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT']);
const isSpending = (row: Row) =>
  !NOT_SPENDING.has(row.primary ?? '') && row.detailed !== 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
const isIncome = (row: Row) => row.primary === 'INCOME';
const total = (rows: readonly Row[]) => rows.reduce((sum, row) => sum + row.usd, 0n);

describe.each(testDatabaseKinds())('the open questions on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let today: string;
  /** Posted USD transactions. */
  let rows: Row[];
  let accounts: Array<{ id: string; name: string; kind: string; usd: bigint }>;
  let snapshots: Array<{ accountId: string; asOf: string; usd: bigint }>;

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    const api = await accountsClient(t, ada);
    expect((await api.linkBank('ins_109508')).status).toBe(200);
    await t.services.sync.settled();
    const [latest] = await t.rows<{ day: string }>(
      sql`select max(date)::text as day from ledger_transaction where user_id = ${ada.user.id}`,
    );
    today = latest?.day ?? new Date().toISOString().slice(0, 10);
    const raw = await t.rows<{
      account_id: string;
      date: string;
      usd: string | null;
      merchant: string;
      category_primary: string | null;
      category_detailed: string | null;
    }>(sql`
      select account_id, date::text as date,
        coalesce(amount_usd::text, case when currency = 'USD' then amount::text end) as usd,
        coalesce(merchant, name) as merchant, category_primary, category_detailed
      from ledger_transaction where user_id = ${ada.user.id} and not pending`);
    rows = raw
      .filter((row) => row.usd !== null)
      .map((row) => ({
        accountId: row.account_id,
        date: row.date,
        usd: micros(row.usd ?? '0'),
        merchant: row.merchant,
        primary: row.category_primary,
        detailed: row.category_detailed,
      }));
    const rawAccounts = await t.rows<{ id: string; name: string; kind: string; usd: string | null }>(sql`
      select id, name, kind,
        coalesce(current_balance_usd::text, case when currency = 'USD' then current_balance::text end) as usd
      from ledger_account where user_id = ${ada.user.id}`);
    accounts = rawAccounts.map((row) => ({ ...row, usd: micros(row.usd ?? '0') }));
    const rawSnapshots = await t.rows<{ account_id: string; as_of: string; usd: string | null }>(sql`
      select account_id, as_of::text as as_of,
        coalesce(current_usd::text, case when currency = 'USD' then current::text end) as usd
      from balance_snapshot where user_id = ${ada.user.id}`);
    snapshots = rawSnapshots
      .filter((row) => row.usd !== null)
      .map((row) => ({ accountId: row.account_id, asOf: row.as_of, usd: micros(row.usd ?? '0') }));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  async function run<N extends ToolName>(name: N, input: Partial<ToolInput<N>>) {
    const parsed = toolInputSchemas[name].parse(input) as ToolInput<N>;
    const tool = financeTools[name] as unknown as {
      execute(input: ToolInput<N>, context: ToolContext): Promise<ToolResult>;
      describe(input: ToolInput<N>): string;
    };
    expect(tool.describe(parsed).length).toBeGreaterThan(10);
    const result = await tool.execute(parsed, { userId: ada.user.id, services: t.services, today });
    for (const { block } of result.blocks) expect(dslObjectSchema.safeParse(block).success).toBe(true);
    return result;
  }

  const within = (period: { start: string; end: string }) =>
    rows.filter((row) => row.date >= period.start && row.date <= period.end);
  const spendingIn = (period: { start: string; end: string }) => within(period).filter(isSpending);
  const incomeIn = (period: { start: string; end: string }) => total(within(period).filter(isIncome));
  const lastMonth = () => ({ start: firstOfMonth(today, 1), end: lastOfMonth(firstOfMonth(today, 1)) });

  /** The latest charge of a merchant (money out, positive), as the recurring detection reads it. */
  function latestCharge(merchant: string): bigint {
    const charges = rows
      .filter((row) => row.merchant === merchant && isSpending(row) && row.usd < 0n)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return -(charges.at(-1)?.usd ?? 0n);
  }

  const CASH_KINDS = ['checking', 'savings', 'credit', 'loan'];

  /**
   * Net worth at a past day, or null when an account has no value then: a bank or card account's first
   * snapshot on or after the day less the transactions posted after the day up to it; any other
   * account's last snapshot on or before the day.
   */
  function netWorthAt(day: string): bigint | null {
    let sum = 0n;
    for (const account of accounts) {
      const mine = snapshots.filter((row) => row.accountId === account.id);
      if (CASH_KINDS.includes(account.kind)) {
        const after = mine.filter((row) => row.asOf >= day).sort((a, b) => (a.asOf < b.asOf ? -1 : 1))[0];
        if (!after) return null;
        const since = rows.filter(
          (row) => row.accountId === account.id && row.date > day && row.date <= after.asOf,
        );
        sum += after.usd - total(since);
      } else {
        const before = mine.filter((row) => row.asOf <= day).sort((a, b) => (a.asOf < b.asOf ? 1 : -1))[0];
        if (!before) return null;
        sum += before.usd;
      }
    }
    return toCent(sum);
  }

  /** The summary's change since last month's end, or its saying the history does not reach back. */
  function expectNetWorthChange(result: ToolResult): 'given' | 'not given' {
    const change = (
      result.data as { netWorth: { change: { from: string; before: string; amount: string } | null } }
    ).netWorth.change;
    const monthEnd = lastMonth().end;
    const before = netWorthAt(monthEnd);
    if (before === null) {
      expect(change).toBeNull();
      expect(result.facts[1]).toContain(`does not reach back to ${dayWords(monthEnd)} for every account`);
      return 'not given';
    }
    const now = accounts.reduce((sum, account) => sum + account.usd, 0n);
    const delta = toCent(now) - before;
    expect(change).toEqual(expect.objectContaining({ from: monthEnd, before: centsText(before) }));
    expect(change?.amount).toBe(centsText(delta));
    expect(result.facts[1]).toContain(
      `Since ${dayWords(monthEnd)} (${dollars(before)}) it changed by ${delta > 0n ? '+' : ''}${dollars(delta)}`,
    );
    return 'given';
  }

  type Charge = { merchant: string; amount: string; date: string };

  /** The same day `months` later (the month's last day when it has no such day), by Date. */
  function plusMonths(day: string, months: number): string {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay))).toISOString().slice(0, 10);
  }

  const EVERY: Record<string, [number, number]> = {
    weekly: [7, 0],
    biweekly: [14, 0],
    monthly: [0, 1],
    quarterly: [0, 3],
    yearly: [0, 12],
  };

  /**
   * The charges due through `until`: every recurring payment the ledger shows (recurring_payments),
   * stepped from its last charge by its cadence, each at the merchant's latest amount; the total their sum.
   */
  async function checkCharges(due: { charges: Charge[]; total: string }, until: string) {
    const found = await run('recurring_payments', { kind: 'all' });
    const payments = (
      found.data as { payments: Array<{ merchant: string; cadence: string; lastDate: string }> }
    ).payments;
    const expected: string[] = [];
    for (const payment of payments) {
      const [days, months] = EVERY[payment.cadence] ?? [0, 0];
      for (let k = 1; ; k++) {
        const date =
          months > 0 ? plusMonths(payment.lastDate, k * months) : shiftDays(payment.lastDate, k * days);
        if (date > until) break;
        expected.push(`${date} ${payment.merchant} ${centsText(latestCharge(payment.merchant))}`);
      }
    }
    expect(due.charges.map((charge) => `${charge.date} ${charge.merchant} ${charge.amount}`).sort()).toEqual(
      expected.sort(),
    );
    expect(due.total).toBe(centsText(due.charges.reduce((sum, charge) => sum + micros(charge.amount), 0n)));
  }

  it('money_summary: net worth, this month against the same days of last month, top categories, bills due', async () => {
    const result = await run('money_summary', {});
    const data = result.data as {
      netWorth: { net: string; change: { from: string; before: string; amount: string } | null };
      thisMonth: { spending: string; income: string; spendingCount: number };
      sameDaysLastMonth: { period: { start: string; end: string }; spending: string };
      lastMonth: { spending: string; income: string };
      spendingChange: { amount: string };
      topCategories: Array<{ code: string | null; amount: string }>;
      upcoming: { charges: Charge[]; total: string };
    };
    const net = accounts.reduce((sum, account) => sum + account.usd, 0n);
    expect(data.netWorth.net).toBe(centsText(net));
    expect(result.facts[0]).toContain(dollars(net));

    expectNetWorthChange(result);
    const monthEnd = lastMonth().end;

    const thisMonth = { start: firstOfMonth(today, 0), end: today };
    const day = Number(today.slice(8, 10));
    const sameEnd = shiftDays(lastMonth().start, day - 1);
    const sameDays = { start: lastMonth().start, end: sameEnd < monthEnd ? sameEnd : monthEnd };
    expect(data.sameDaysLastMonth.period).toEqual(sameDays);
    const spentNow = -total(spendingIn(thisMonth));
    const spentSame = -total(spendingIn(sameDays));
    const spentLast = -total(spendingIn(lastMonth()));
    expect(data.thisMonth.spending).toBe(centsText(spentNow));
    expect(data.thisMonth.spendingCount).toBe(spendingIn(thisMonth).length);
    expect(data.sameDaysLastMonth.spending).toBe(centsText(spentSame));
    expect(data.lastMonth.spending).toBe(centsText(spentLast));
    expect(data.spendingChange.amount).toBe(centsText(toCent(spentNow) - toCent(spentSame)));
    expect(data.thisMonth.income).toBe(centsText(incomeIn(thisMonth)));
    expect(data.lastMonth.income).toBe(centsText(incomeIn(lastMonth())));
    const facts = result.facts.join('\n');
    for (const figure of [spentNow, spentSame, spentLast, incomeIn(thisMonth), incomeIn(lastMonth())]) {
      expect(facts).toContain(dollars(figure));
    }
    expect(facts).toContain(`${spendingIn(thisMonth).length} transactions`);

    // The top three primary categories this month, by spending.
    const byPrimary = new Map<string | null, bigint>();
    for (const row of spendingIn(thisMonth)) {
      byPrimary.set(row.primary, (byPrimary.get(row.primary) ?? 0n) - row.usd);
    }
    const top = [...byPrimary]
      .filter(([, amount]) => amount > 0n)
      .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))
      .slice(0, 3);
    expect(data.topCategories.map((item) => [item.code, item.amount])).toEqual(
      top.map(([code, amount]) => [code, centsText(amount)]),
    );

    const until = shiftDays(today, 14);
    await checkCharges(data.upcoming, until);
    expect(facts).toContain(
      data.upcoming.charges.length > 0
        ? `${dollars(micros(data.upcoming.total))} in total`
        : 'No recurring payments are expected',
    );
    expect(result.blocks.map((item) => item.block.type).slice(0, 2)).toEqual(['content', 'bar']);
  });

  it("money_summary: the change in net worth once every account has a value at last month's end", async () => {
    const monthEnd = lastMonth().end;
    // Record a balance at last month's end for the accounts whose history starts later (as a sync then would).
    for (const account of accounts.filter((item) => !CASH_KINDS.includes(item.kind))) {
      if (snapshots.some((row) => row.accountId === account.id && row.asOf <= monthEnd)) continue;
      const value = centsText(account.usd - 1_234_560_000n);
      await t.rows(sql`
        insert into balance_snapshot (user_id, account_id, as_of, current, currency)
        values (${ada.user.id}, ${account.id}, ${monthEnd}::date, ${value}::numeric, 'USD')`);
      snapshots.push({ accountId: account.id, asOf: monthEnd, usd: micros(value) });
    }
    expect(netWorthAt(monthEnd)).not.toBeNull();
    expect(expectNetWorthChange(await run('money_summary', {}))).toBe('given');
  });

  it('affordability: a one-off cost from cash on hand less the payments due, and a monthly one from the surplus', async () => {
    const cash = accounts
      .filter((account) => account.kind === 'checking' || account.kind === 'savings')
      .reduce((sum, account) => sum + account.usd, 0n);
    const nets = [3, 2, 1].map((back) => {
      const start = firstOfMonth(today, back);
      const period = { start, end: lastOfMonth(start) };
      return toCent(incomeIn(period)) - toCent(-total(spendingIn(period)));
    });
    const average = averageOf(
      nets.reduce((sum, value) => sum + value, 0n),
      3,
    );

    const trip = await run('affordability', { amount: 2000 });
    const by = shiftDays(today, 30);
    const data = trip.data as {
      by: string;
      cash: { total: string };
      surplus: { months: Array<{ net: string }>; average: string };
      due: { charges: Charge[]; total: string };
      left: string;
    };
    expect(data.by).toBe(by);
    expect(data.cash.total).toBe(centsText(cash));
    expect(data.surplus.months.map((month) => month.net)).toEqual(nets.map(centsText));
    expect(data.surplus.average).toBe(centsText(average));
    // Monthly bills fall in any 30 days.
    expect(data.due.charges.length).toBeGreaterThan(0);
    await checkCharges(data.due, by);
    const due = micros(data.due.total);
    const left = toCent(cash) - due - 2_000_000_000n;
    expect(data.left).toBe(centsText(left));
    const facts = trip.facts.join('\n');
    expect(facts).toContain(dollars(cash));
    for (const value of nets) expect(facts).toContain(dollars(value));
    expect(facts).toContain(`${dollars(average)} a month on average`);
    expect(facts).toContain(
      left >= 0n
        ? `Your cash would cover it with ${dollars(left)} left after the payments due by ${dayWordsFrom(by, today)}.`
        : `Your cash would fall ${dollars(-left)} short of it after the payments due by ${dayWordsFrom(by, today)}.`,
    );
    // No ISO day anywhere a person reads: the facts, the card's title and its figures.
    const iso = /\d{4}-\d{2}-\d{2}/;
    expect(facts).not.toMatch(iso);
    for (const shown of trip.blocks.filter((each) => each.role === 'figures'))
      expect(JSON.stringify(shown.block)).not.toMatch(iso);
    expect(facts).toContain('sells no investments');
    expect(facts).not.toMatch(/you should/i);

    const rent = await run('affordability', { amount: '500', monthly: true });
    const monthlyLeft = average - 500_000_000n;
    expect((rent.data as { left: string }).left).toBe(centsText(monthlyLeft));
    expect(rent.facts.join('\n')).toContain(
      `${dollars(average)} − $500.00 a month = ${dollars(monthlyLeft)} a month left`,
    );

    // A day before today, or nothing to pay, is refused.
    await expect(run('affordability', { amount: 10, by: shiftDays(today, -1) })).rejects.toMatchObject({
      code: 'request:invalid',
    });
    await expect(run('affordability', { amount: 0 })).rejects.toMatchObject({ code: 'request:invalid' });
  });

  it('cut_back: last month per category against its own average, discretionary first, and subscriptions', async () => {
    for (const months of [3, 1]) {
      const result = await run('cut_back', { months });
      const last = lastMonth();
      const before = { start: firstOfMonth(today, 1 + months), end: shiftDays(last.start, -1) };
      const keyOf = (row: Row) => row.detailed ?? row.primary;
      const sums = (period: { start: string; end: string }) => {
        const found = new Map<string | null, bigint>();
        for (const row of spendingIn(period)) found.set(keyOf(row), (found.get(keyOf(row)) ?? 0n) - row.usd);
        return found;
      };
      const lastBy = sums(last);
      const beforeBy = sums(before);
      const expected = new Map<string | null, { last: bigint; average: bigint }>();
      for (const code of new Set([...lastBy.keys(), ...beforeBy.keys()])) {
        const spent = toCent(lastBy.get(code) ?? 0n);
        const average = averageOf(beforeBy.get(code) ?? 0n, months);
        if (spent > average) expected.set(code, { last: spent, average });
      }
      const data = result.data as {
        lastMonth: { total: string };
        before: { average: string };
        above: Array<{
          code: string | null;
          label: string;
          necessity: string;
          lastMonth: string;
          average: string;
          difference: string;
        }>;
        subscriptions: {
          payments: Array<{ merchant: string; cadence: string; amount: string; monthlyAmount: string }>;
          monthlyTotal: string;
        };
      };
      expect(data.lastMonth.total).toBe(centsText(-total(spendingIn(last))));
      expect(data.before.average).toBe(centsText(averageOf(-total(spendingIn(before)), months)));
      expect(data.above.length).toBe(expected.size);
      expect(expected.size).toBeGreaterThan(0);
      for (const item of data.above) {
        const want = expected.get(item.code);
        expect(want).toBeDefined();
        expect(item.lastMonth).toBe(centsText(want?.last ?? 0n));
        expect(item.average).toBe(centsText(want?.average ?? 0n));
        expect(item.difference).toBe(centsText((want?.last ?? 0n) - (want?.average ?? 0n)));
      }
      // Discretionary, then flexible, then essential; essentials named as such in the facts.
      const rank: Record<string, number> = { discretionary: 0, flexible: 1, essential: 2 };
      const ranks = data.above.map((item) => rank[item.necessity] ?? 9);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      for (const item of data.above) {
        const stated = `${item.label} (${item.necessity}): ${dollars(micros(item.lastMonth))} last month against ${dollars(micros(item.average))} on average`;
        expect(result.facts).toContainEqual(expect.stringContaining(stated));
      }

      const merchants = data.subscriptions.payments.map((payment) => payment.merchant);
      expect(merchants).toEqual(expect.arrayContaining(['Netflix', 'Spotify']));
      expect(merchants).not.toContain('Comcast Xfinity');
      for (const payment of data.subscriptions.payments) {
        expect(micros(payment.amount)).toBe(toCent(latestCharge(payment.merchant)));
        if (payment.cadence === 'monthly') expect(payment.monthlyAmount).toBe(payment.amount);
      }
      const monthly = data.subscriptions.payments.reduce(
        (sum, payment) => sum + micros(payment.monthlyAmount),
        0n,
      );
      expect(data.subscriptions.monthlyTotal).toBe(centsText(monthly));
      expect(result.facts.at(-1)).toContain(`costing ${dollars(monthly)} a month in total`);
    }
  });

  it('cut_back: the categories people trim first are discretionary, the obligations essential', async () => {
    for (const code of [
      'FOOD_AND_DRINK_RESTAURANT',
      'FOOD_AND_DRINK_COFFEE',
      'TRAVEL_FLIGHTS',
      'ENTERTAINMENT',
    ]) {
      expect(necessityOf(code)).toBe('discretionary');
    }
    for (const code of [
      'RENT_AND_UTILITIES_RENT',
      'GENERAL_SERVICES_INSURANCE',
      'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
      'MEDICAL_PRIMARY_CARE',
    ]) {
      expect(necessityOf(code)).toBe('essential');
    }
    expect(necessityOf('FOOD_AND_DRINK_GROCERIES')).toBe('flexible');
    expect(necessityOf(null)).toBe('flexible');
  });
});
