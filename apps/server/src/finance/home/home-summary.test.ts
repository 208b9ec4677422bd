import { HOME_TREND_MONTHS, HOME_UPCOMING_DAYS, type HomeSummaryResponse } from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  firstOfMonth,
  lastOfMonth,
  micros,
  microsText,
  type SignedUpUser,
  shiftDays,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * GET /db/home-summary on the real app and database, for a user with a linked sandbox bank. Every
 * figure is checked against plain arithmetic over the user's raw ledger rows (read here with SQL and
 * added up in integer millionths), never against finance/analytics.
 */

type RawTransaction = {
  date: string;
  usd: bigint;
  merchant: string;
  primary: string | null;
  detailed: string | null;
};

const NOT_SPENDING_PRIMARY = new Set(['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT']);
const isSpending = (row: RawTransaction) =>
  !NOT_SPENDING_PRIMARY.has(row.primary ?? '') && row.detailed !== 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
const total = (values: bigint[]) => values.reduce((sum, value) => sum + value, 0n);

describe.each(testDatabaseKinds())('the home summary on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let adaApi: AccountsClient;
  let bobApi: AccountsClient;

  /** Posted USD rows of one user, as the bank sent them (+ = money in). */
  async function postedRows(userId: string): Promise<RawTransaction[]> {
    const found = await t.rows<{
      date: string;
      usd: string;
      merchant: string;
      category_primary: string | null;
      category_detailed: string | null;
    }>(sql`
      select date::text as date,
        coalesce(amount_usd::text, case when currency = 'USD' then amount::text end) as usd,
        coalesce(merchant, name) as merchant, category_primary, category_detailed
      from ledger_transaction
      where user_id = ${userId} and not pending
        and coalesce(amount_usd, case when currency = 'USD' then amount end) is not null`);
    return found.map((row) => ({
      date: row.date,
      usd: micros(row.usd),
      merchant: row.merchant,
      primary: row.category_primary,
      detailed: row.category_detailed,
    }));
  }

  /** Each account's USD balance (null: no USD value). */
  async function balances(userId: string): Promise<Array<bigint | null>> {
    const found = await t.rows<{ usd: string | null }>(sql`
      select coalesce(current_balance_usd::text, case when currency = 'USD' then current_balance::text end) as usd
      from ledger_account where user_id = ${userId}`);
    return found.map((row) => (row.usd === null ? null : micros(row.usd)));
  }

  async function summaryOf(client: AccountsClient) {
    const answer = await client.get<HomeSummaryResponse>('/db/home-summary');
    expect(answer.status).toBe(200);
    return answer.body;
  }

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    adaApi = await accountsClient(t, ada);
    bobApi = await accountsClient(t, bob);
    expect((await adaApi.linkBank('ins_109508')).status).toBe(200);
    expect((await bobApi.linkBank('ins_109509')).status).toBe(200);
    await t.services.sync.settled();
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says nothing is linked for a user without accounts: the start screen stays as it is', async () => {
    const carol = await t.signUpVerifiedUser();
    expect(await summaryOf(await accountsClient(t, carol))).toEqual({
      success: true,
      accounts: 0,
      summary: null,
    });
  });

  it("net worth is the sum of the user's account balances, and the trend ends today", async () => {
    const body = await summaryOf(adaApi);
    const summary = body.summary;
    if (!summary) throw new Error('no summary for a user with a linked bank');
    const found = await balances(ada.user.id);
    expect(body.accounts).toBe(found.length);
    const valued = found.filter((value): value is bigint => value !== null);
    expect(summary.net_worth.net).toBe(microsText(total(valued)));
    expect(summary.net_worth.assets).toBe(microsText(total(valued.filter((value) => value > 0n))));
    expect(summary.net_worth.liabilities).toBe(microsText(-total(valued.filter((value) => value < 0n))));
    expect(summary.net_worth.unpriced_accounts).toBe(found.length - valued.length);

    expect(summary.today).toBe(new Date().toISOString().slice(0, 10));
    expect(summary.net_worth.trend).toHaveLength(HOME_TREND_MONTHS);
    expect(summary.net_worth.trend.at(-1)?.date).toBe(summary.today);
    expect(summary.net_worth.trend[0]?.date).toBe(
      lastOfMonth(firstOfMonth(summary.today, HOME_TREND_MONTHS - 1)),
    );
    // Today's bank and card balances: the cash accounts' balances now.
    const cash = await t.rows<{ usd: string | null }>(sql`
      select coalesce(current_balance_usd::text, case when currency = 'USD' then current_balance::text end) as usd
      from ledger_account where user_id = ${ada.user.id} and kind in ('checking', 'savings', 'credit', 'loan')`);
    expect(summary.net_worth.trend.at(-1)?.cash).toBe(
      microsText(total(cash.flatMap((row) => (row.usd === null ? [] : [micros(row.usd)])))),
    );
    const change = summary.net_worth.change;
    if (change) {
      const since = summary.net_worth.trend.find((point) => point.date === change.since);
      expect(since?.complete).toBe(true);
      expect(change.amount).toBe(microsText(micros(summary.net_worth.net) - micros(since?.net ?? 'x')));
    }
  });

  it("this month's spending is compared with last month's over the same days, from the raw rows", async () => {
    const summary = (await summaryOf(adaApi)).summary;
    if (!summary) throw new Error('no summary');
    const today = summary.today;
    const thisStart = firstOfMonth(today, 0);
    const lastStart = firstOfMonth(today, 1);
    const sameDay = `${lastStart.slice(0, 8)}${today.slice(8)}`;
    const lastEnd = sameDay < lastOfMonth(lastStart) ? sameDay : lastOfMonth(lastStart);
    const spending = (await postedRows(ada.user.id)).filter(isSpending);
    const within = (start: string, end: string) =>
      spending.filter((row) => row.date >= start && row.date <= end);
    const thisMonth = within(thisStart, today);
    const lastMonth = within(lastStart, lastEnd);
    expect(lastMonth.length).toBeGreaterThan(0);

    expect(summary.spending.this_month).toEqual({
      start: thisStart,
      end: today,
      total: microsText(-total(thisMonth.map((row) => row.usd))),
      transactions: thisMonth.length,
    });
    expect(summary.spending.last_month).toEqual({
      start: lastStart,
      end: lastEnd,
      total: microsText(-total(lastMonth.map((row) => row.usd))),
      transactions: lastMonth.length,
    });
    expect(summary.spending.change).toBe(
      microsText(micros(summary.spending.this_month.total) - micros(summary.spending.last_month.total)),
    );
  });

  it('upcoming payments are recurring charges of the user, each at its latest amount, due in the window', async () => {
    const summary = (await summaryOf(adaApi)).summary;
    if (!summary) throw new Error('no summary');
    const today = summary.today;
    const rows = await postedRows(ada.user.id);
    expect(summary.upcoming.period).toEqual({ start: today, end: shiftDays(today, HOME_UPCOMING_DAYS) });
    expect(summary.upcoming.payments.length).toBeGreaterThan(0);
    expect(summary.upcoming.count).toBeGreaterThanOrEqual(summary.upcoming.payments.length);
    for (const payment of summary.upcoming.payments) {
      const charges = rows
        .filter((row) => row.merchant === payment.merchant && isSpending(row) && row.usd < 0n)
        .sort((a, b) => (a.date < b.date ? -1 : 1));
      expect(charges.length).toBeGreaterThanOrEqual(3);
      expect(payment.amount).toBe(microsText(-(charges.at(-1)?.usd ?? 0n)));
      expect(payment.date > (charges.at(-1)?.date ?? '')).toBe(true);
      expect(payment.date <= summary.upcoming.period.end).toBe(true);
    }
    const dates = summary.upcoming.payments.map((payment) => payment.date);
    expect(dates).toEqual([...dates].sort());
    if (summary.upcoming.count === summary.upcoming.payments.length) {
      expect(summary.upcoming.total).toBe(
        microsText(total(summary.upcoming.payments.map((payment) => micros(payment.amount)))),
      );
    }
  });

  it('suggests questions, naming last month’s largest category', async () => {
    const summary = (await summaryOf(adaApi)).summary;
    if (!summary) throw new Error('no summary');
    expect(summary.suggestions.length).toBeGreaterThanOrEqual(3);
    expect(summary.suggestions).toContain('What recurring payments do I have?');
    expect(summary.suggestions[0]).toMatch(/^How much did I spend on .+ last month\?$/);
  });

  it("never shows another user's data, and refuses another user's names", async () => {
    const adaSummary = (await summaryOf(adaApi)).summary;
    const bobSummary = (await summaryOf(bobApi)).summary;
    if (!adaSummary || !bobSummary) throw new Error('no summary');
    const bobBalances = (await balances(bob.user.id)).filter((value): value is bigint => value !== null);
    expect(bobSummary.net_worth.net).toBe(microsText(total(bobBalances)));
    expect(adaSummary.net_worth.net).not.toBe(bobSummary.net_worth.net);
    const adaMerchants = new Set((await postedRows(ada.user.id)).map((row) => row.merchant));
    for (const payment of adaSummary.upcoming.payments) expect(adaMerchants.has(payment.merchant)).toBe(true);

    // Bob's token with Ada's names: refused, and nothing of hers in the answer.
    const refused = await bobApi.get('/db/home-summary', adaApi.names);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'auth:other-user' });
    expect(JSON.stringify(refused.body)).not.toContain(adaSummary.net_worth.net);
  });
});
