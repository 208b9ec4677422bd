import {
  dslObjectSchema,
  TOOL_NAMES,
  type ToolInput,
  type ToolName,
  toolInputSchemas,
} from '@penny/contracts';
import {
  type AccountsClient,
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
import { categoryColor } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { compoundGrowth } from './calculators.ts';
import { capitalize, periodText } from './format.ts';
import { financeTools } from './index.ts';
import type { ToolContext, ToolResult } from './types.ts';

/**
 * The finance toolkit against a user who linked a sandbox bank, a brokerage and a wallet. Every figure
 * is checked against plain code over the user's raw ledger rows (read here with SQL, added up here in
 * integer micro-dollars), never against the analytics service the tools use.
 */

// ---- Reference arithmetic, independent of finance/analytics/

const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** '$1,234.56' from a decimal string, by Intl (not the tools' formatter). */
const dollars = (text: string) => dollarFormat.format(Number(text));
/** A day as the answers say it ('November 27, 2026'), never ISO. */
const dayWords = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

type RawTransaction = {
  id: number;
  accountId: string;
  date: string;
  usd: bigint | null;
  name: string;
  merchant: string | null;
  primary: string | null;
  detailed: string | null;
  pending: boolean;
};

const NOT_SPENDING_PRIMARY = new Set(['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT']);
const isSpending = (row: RawTransaction) =>
  !NOT_SPENDING_PRIMARY.has(row.primary ?? '') && row.detailed !== 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
const isIncome = (row: RawTransaction) => row.primary === 'INCOME';

function sum(rows: readonly RawTransaction[]): bigint {
  return rows.reduce((total, row) => total + (row.usd ?? 0n), 0n);
}

describe.each(testDatabaseKinds())('the finance toolkit on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let today: string;
  let rows: RawTransaction[];
  let accounts: Array<{ id: string; name: string; kind: string; usd: bigint | null; platform: string }>;
  let bobAccountIds: string[];
  let bobTransactionNames: Set<string>;
  /** The last full calendar month. */
  let month: { start: string; end: string };

  async function linkBank(client: AccountsClient, institution: string) {
    expect((await client.linkBank(institution)).status).toBe(200);
  }

  async function linkBrokerage(client: AccountsClient) {
    expect((await client.connect('/snaptrade/generate_user')).status).toBe(200);
    const login = await client.connect<{ redirectURI: string }>('/snaptrade/get_login_uri');
    const submitted = await client.portal(login.body.redirectURI, {
      broker: 'SANDBOX',
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    });
    const back = new URL(submitted.headers.get('location') ?? '');
    const stored = await client.connect('/snaptrade/store_connection', {
      connection_id: back.searchParams.get('connection_id') ?? '',
    });
    expect(stored.status).toBe(200);
  }

  async function linkWallet(client: AccountsClient, user: SignedUpUser) {
    const stored = await client.post('/db/store-credentials', {
      account_name: 'Main_wallet_web3',
      credentials: {
        chain: 'eth',
        account_id: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        item_id: user.user.username,
      },
    });
    expect(stored.status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    const adaApi = await accountsClient(t, ada);
    const bobApi = await accountsClient(t, bob);
    await linkBank(adaApi, 'ins_109508');
    await linkBrokerage(adaApi);
    await linkWallet(adaApi, ada);
    await linkBank(bobApi, 'ins_109509');
    await t.services.sync.settled();
    const [latest] = await t.rows<{ day: string }>(
      sql`select max(date)::text as day from ledger_transaction where user_id = ${ada.user.id}`,
    );
    today = latest?.day ?? new Date().toISOString().slice(0, 10);
    month = { start: firstOfMonth(today, 1), end: lastOfMonth(firstOfMonth(today, 1)) };
    const raw = await t.rows<{
      id: string | number;
      account_id: string;
      date: string;
      usd: string | null;
      name: string;
      merchant: string | null;
      category_primary: string | null;
      category_detailed: string | null;
      pending: boolean;
    }>(sql`
      select id, account_id, date::text as date,
        coalesce(amount_usd::text, case when currency = 'USD' then amount::text end) as usd,
        name, merchant, category_primary, category_detailed, pending
      from ledger_transaction where user_id = ${ada.user.id}`);
    rows = raw.map((row) => ({
      id: Number(row.id),
      accountId: row.account_id,
      date: row.date,
      usd: row.usd === null ? null : micros(row.usd),
      name: row.name,
      merchant: row.merchant,
      primary: row.category_primary,
      detailed: row.category_detailed,
      pending: row.pending,
    }));
    const rawAccounts = await t.rows<{
      id: string;
      name: string;
      kind: string;
      usd: string | null;
      platform: string;
    }>(
      sql`
      select a.id, a.name, a.kind, c.platform,
        coalesce(a.current_balance_usd::text, case when a.currency = 'USD' then a.current_balance::text end) as usd
      from ledger_account a join connection c on c.id = a.connection_id where a.user_id = ${ada.user.id}`,
    );
    accounts = rawAccounts.map((row) => ({ ...row, usd: row.usd === null ? null : micros(row.usd) }));
    bobAccountIds = (
      await t.rows<{ id: string }>(sql`select id from ledger_account where user_id = ${bob.user.id}`)
    ).map((row) => row.id);
    bobTransactionNames = new Set(
      (
        await t.rows<{ provider_transaction_id: string }>(
          sql`select provider_transaction_id from ledger_transaction where user_id = ${bob.user.id}`,
        )
      ).map((row) => row.provider_transaction_id),
    );
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  function context(userId = ada.user.id): ToolContext {
    return { userId, services: t.services, today };
  }

  /** Runs a tool as the model would: the input through the contract's schema first. */
  async function run<N extends ToolName>(name: N, input: Partial<ToolInput<N>>, userId?: string) {
    const parsed = toolInputSchemas[name].parse(input) as ToolInput<N>;
    const tool = financeTools[name] as unknown as {
      execute(input: ToolInput<N>, context: ToolContext): Promise<ToolResult>;
      describe(input: ToolInput<N>): string;
    };
    expect(tool.describe(parsed).length).toBeGreaterThan(10);
    const result = await tool.execute(parsed, context(userId));
    for (const { block } of result.blocks) expect(dslObjectSchema.safeParse(block).success).toBe(true);
    return result;
  }

  /** The user's posted USD rows of a period. */
  const postedIn = (period: { start: string; end: string }) =>
    rows.filter(
      (row) => !row.pending && row.usd !== null && row.date >= period.start && row.date <= period.end,
    );

  it('has one tool per contract name, each described for a model', () => {
    expect(Object.keys(financeTools).sort()).toEqual([...TOOL_NAMES].sort());
    for (const name of TOOL_NAMES) {
      expect(financeTools[name].name).toBe(name);
      expect(financeTools[name].description.length).toBeGreaterThan(60);
    }
    expect(rows.length).toBeGreaterThan(500);
    expect(new Set(accounts.map((account) => account.platform))).toEqual(
      new Set(['plaid', 'snaptrade', 'web3']),
    );
  });

  it('spending_by_category: totals per category as the definition says, with the previous period', async () => {
    const result = await run('spending_by_category', { ...month, compare_previous: true });
    const spent = postedIn(month).filter(isSpending);
    const total = centsText(-sum(spent));
    const data = result.data as {
      total: string;
      transactionCount: number;
      categories: Array<{
        code: string | null;
        label: string;
        amount: string;
        count: number;
        detailed: Array<{ code: string | null; amount: string }>;
      }>;
      previous: {
        period: { start: string; end: string };
        total: string;
        change: string;
        changePercent: number;
      };
    };
    expect(data.total).toBe(total);
    expect(data.transactionCount).toBe(spent.length);
    const byPrimary = new Map<string | null, RawTransaction[]>();
    for (const row of spent) byPrimary.set(row.primary, [...(byPrimary.get(row.primary) ?? []), row]);
    expect(data.categories.length).toBe(byPrimary.size);
    for (const category of data.categories) {
      const mine = byPrimary.get(category.code) ?? [];
      expect(category.amount).toBe(centsText(-sum(mine)));
      expect(category.count).toBe(mine.length);
      for (const detailed of category.detailed) {
        expect(detailed.amount).toBe(centsText(-sum(mine.filter((row) => row.detailed === detailed.code))));
      }
    }
    // The same number of days just before.
    const days = (Date.parse(month.end) - Date.parse(month.start)) / 86_400_000 + 1;
    const before = { start: shiftDays(month.start, -days), end: shiftDays(month.start, -1) };
    expect(data.previous.period).toEqual(before);
    const previousTotal = -sum(postedIn(before).filter(isSpending));
    expect(data.previous.total).toBe(centsText(previousTotal));
    expect(data.previous.change).toBe(centsText(micros(total) - previousTotal));
    expect(data.previous.changePercent).toBeCloseTo(
      (Number(micros(total) - previousTotal) / Number(previousTotal)) * 100,
      0,
    );
    expect(result.facts[0]).toBe(
      `Spending ${periodText(month)}: ${dollars(total)} across ${spent.length} transactions.`,
    );
    expect(result.facts[1]).toContain(dollars(centsText(previousTotal)));
    expect(result.provenance.transactionCount).toBe(spent.length);
    expect(result.provenance.period).toEqual(month);
    // Parts of a whole: a pie of at most six parts, bars past that; each part in its category's colour.
    const parts = data.categories.filter((category) => Number(category.amount) > 0);
    expect(result.blocks.map((item) => item.block.type)).toEqual([
      'content',
      parts.length <= 6 ? 'pie' : 'bar',
      'table',
    ]);
    const chart = result.blocks[1]?.block as { labels: string[]; colors: string[] };
    expect(chart.labels).toEqual(parts.map((category) => category.label));
    expect(chart.colors).toEqual(parts.map((category) => categoryColor(category.code) ?? ''));
  });

  it('spending_by_category: one detailed category, and one primary by its detailed parts', async () => {
    const groceries = await run('spending_by_category', { ...month, category: 'FOOD_AND_DRINK_GROCERIES' });
    const mine = postedIn(month).filter((row) => row.detailed === 'FOOD_AND_DRINK_GROCERIES');
    expect(mine.length).toBeGreaterThan(0);
    expect((groceries.data as { total: string }).total).toBe(centsText(-sum(mine)));
    expect(groceries.facts[0]).toBe(
      `Groceries ${periodText(month)}: ${dollars(centsText(-sum(mine)))} across ${mine.length} transaction${mine.length === 1 ? '' : 's'}.`,
    );
    const food = await run('spending_by_category', { ...month, category: 'FOOD_AND_DRINK' });
    const foodRows = postedIn(month).filter((row) => row.primary === 'FOOD_AND_DRINK');
    expect((food.data as { total: string }).total).toBe(centsText(-sum(foodRows)));
    expect(food.facts.some((fact) => fact.startsWith('Groceries: '))).toBe(true);
  });

  it('spending_by_category over months: the months it came from as a line, on one account too', async () => {
    const quarter = { start: firstOfMonth(today, 3), end: month.end };
    const months = [3, 2, 1].map((back) => firstOfMonth(today, back).slice(0, 7));
    const checking = accounts.find((account) => account.kind === 'checking');
    if (!checking) throw new Error('no checking account');
    for (const input of [
      { ...quarter, category: 'FOOD_AND_DRINK' },
      { ...quarter, category: 'FOOD_AND_DRINK', account: checking.name },
    ]) {
      const result = await run('spending_by_category', input);
      const rows = postedIn(quarter).filter(
        (row) =>
          isSpending(row) &&
          row.primary === 'FOOD_AND_DRINK' &&
          (!('account' in input) || row.accountId === checking.id),
      );
      const line = result.blocks.find((item) => item.block.type === 'line')?.block as {
        title: string;
        labels: string[];
        datasets: Array<{ data: number[] }>;
      };
      expect(line.title).toBe('Food and drink by month');
      expect(line.labels).toEqual(months);
      expect(line.datasets[0]?.data).toEqual(
        months.map((key) => Number(centsText(-sum(rows.filter((row) => row.date.startsWith(key)))))),
      );
    }
    // Within one month there is no series to draw.
    const one = await run('spending_by_category', { ...month, category: 'FOOD_AND_DRINK' });
    expect(one.blocks.some((item) => item.block.type === 'line')).toBe(false);
  });

  it('spending_by_category on one account, by name in any case', async () => {
    const checking = accounts.find((account) => account.kind === 'checking');
    if (!checking) throw new Error('no checking account');
    const result = await run('spending_by_category', { ...month, account: checking.name.toUpperCase() });
    const mine = postedIn(month).filter((row) => isSpending(row) && row.accountId === checking.id);
    expect((result.data as { total: string }).total).toBe(centsText(-sum(mine)));
    expect(result.provenance.accounts).toEqual(mine.length > 0 ? [checking.name] : []);
  });

  it('spending_by_merchant: the largest merchants, the rest, and a merchant filter', async () => {
    const period = { start: firstOfMonth(today, 3), end: month.end };
    const result = await run('spending_by_merchant', { ...period, limit: 5 });
    const spent = postedIn(period).filter(isSpending);
    const byMerchant = new Map<string, bigint>();
    for (const row of spent) {
      const key = row.merchant ?? row.name;
      byMerchant.set(key, (byMerchant.get(key) ?? 0n) - (row.usd ?? 0n));
    }
    const expected = [...byMerchant].sort((a, b) =>
      b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0].localeCompare(b[0]),
    );
    const data = result.data as {
      total: string;
      merchantCount: number;
      merchants: Array<{ name: string; amount: string }>;
      otherAmount: string;
    };
    expect(data.total).toBe(centsText(-sum(spent)));
    expect(data.merchantCount).toBe(byMerchant.size);
    expect(data.merchants).toEqual(
      expected
        .slice(0, 5)
        .map(([name, amount]) => expect.objectContaining({ name, amount: centsText(amount) })),
    );
    const rest = expected.slice(5).reduce((total, [, amount]) => total + amount, 0n);
    expect(data.otherAmount).toBe(centsText(rest));
    expect(result.facts[0]).toContain(dollars(centsText(-sum(spent))));

    const netflix = await run('spending_by_merchant', { ...period, merchant: 'netFLIX' });
    const netflixRows = spent.filter((row) => (row.merchant ?? row.name).toLowerCase().includes('netflix'));
    expect(netflixRows.length).toBeGreaterThanOrEqual(2);
    expect((netflix.data as { total: string }).total).toBe(centsText(-sum(netflixRows)));
    expect(netflix.facts[0]).toContain(`${netflixRows.length} transactions`);
  });

  it('cash_flow: income, spending, net and savings rate per month', async () => {
    const period = { start: firstOfMonth(today, 6), end: month.end };
    const result = await run('cash_flow', period);
    const data = result.data as {
      months: Array<{
        month: string;
        income: string;
        spending: string;
        net: string;
        savingsRatePercent: number | null;
      }>;
      totals: {
        income: string;
        spending: string;
        net: string;
        savingsRatePercent: number | null;
        transactionCount: number;
      };
    };
    expect(data.months.map((item) => item.month)).toEqual(
      Array.from({ length: 6 }, (_, index) => firstOfMonth(today, 6 - index).slice(0, 7)),
    );
    for (const item of data.months) {
      const inMonth = postedIn(period).filter((row) => row.date.startsWith(item.month));
      const income = sum(inMonth.filter(isIncome));
      const spending = -sum(inMonth.filter(isSpending));
      expect(item.income).toBe(centsText(income));
      expect(item.spending).toBe(centsText(spending));
      expect(item.net).toBe(centsText(income - spending));
      expect(item.savingsRatePercent).toBeCloseTo((Number(income - spending) / Number(income)) * 100, 1);
    }
    const all = postedIn(period);
    const income = sum(all.filter(isIncome));
    const spending = -sum(all.filter(isSpending));
    expect(data.totals.income).toBe(centsText(income));
    expect(data.totals.spending).toBe(centsText(spending));
    expect(data.totals.transactionCount).toBe(all.filter((row) => isIncome(row) || isSpending(row)).length);
    expect((data.totals as { spendingCount?: number }).spendingCount).toBe(all.filter(isSpending).length);
    expect(result.facts[0]).toContain(`income ${dollars(centsText(income))}`);
    expect(result.facts[0]).toContain(`spending ${dollars(centsText(spending))}`);
    expect(result.facts[0]).toMatch(new RegExp(`^${capitalize(periodText(period))}: income `));
  });

  it('search_transactions: filters, the count and totals of every match, newest first', async () => {
    const period = { start: firstOfMonth(today, 12), end: today };
    const result = await run('search_transactions', { ...period, text: 'spotify', limit: 3 });
    const matches = postedIn(period)
      .filter((row) => `${row.name}\n${row.merchant ?? ''}`.toLowerCase().includes('spotify'))
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
    const data = result.data as {
      count: number;
      net: string;
      moneyOut: string;
      hasMore: boolean;
      transactions: Array<{ id: number; amount: string }>;
    };
    expect(matches.length).toBeGreaterThan(3);
    expect(data.count).toBe(matches.length);
    expect(data.net).toBe(centsText(sum(matches)));
    expect(data.moneyOut).toBe(centsText(-sum(matches.filter((row) => (row.usd ?? 0n) < 0n))));
    expect(data.hasMore).toBe(true);
    expect(data.transactions.map((row) => row.id)).toEqual(matches.slice(0, 3).map((row) => row.id));
    expect(result.facts[0]).toContain(`Found ${matches.length} transactions`);

    const band = await run('search_transactions', {
      ...period,
      min_amount: '100',
      max_amount: 250.5,
      direction: 'out',
      category: 'FOOD_AND_DRINK',
      limit: 200,
    });
    const inBand = postedIn(period).filter((row) => {
      const amount = row.usd ?? 0n;
      return (
        amount < 0n && -amount >= 100_000_000n && -amount <= 250_500_000n && row.primary === 'FOOD_AND_DRINK'
      );
    });
    expect((band.data as { count: number }).count).toBe(inBand.length);
    expect((band.data as { net: string }).net).toBe(centsText(sum(inBand)));

    // Any of several categories: transfers both ways, and their net.
    const moved = await run('search_transactions', {
      ...period,
      categories: ['TRANSFER_IN', 'TRANSFER_OUT'],
    });
    const transfers = postedIn(period).filter(
      (row) => row.primary === 'TRANSFER_IN' || row.primary === 'TRANSFER_OUT',
    );
    expect(transfers.length).toBeGreaterThan(0);
    expect((moved.data as { count: number }).count).toBe(transfers.length);
    expect((moved.data as { net: string }).net).toBe(centsText(sum(transfers)));
    expect(moved.facts[0]).toContain('in Transfers in or Transfers out');
  });

  it('largest_transactions: spending ranked by size, transfers and card payments left out', async () => {
    const result = await run('largest_transactions', { ...month, limit: 5 });
    const candidates = postedIn(month)
      .filter((row) => isSpending(row) && (row.usd ?? 0n) < 0n)
      .sort((a, b) => {
        const size = -(a.usd ?? 0n) - -(b.usd ?? 0n);
        return size === 0n ? b.id - a.id : size > 0n ? -1 : 1;
      });
    const data = result.data as {
      consideredCount: number;
      transactions: Array<{ id: number; amount: string }>;
    };
    expect(data.consideredCount).toBe(candidates.length);
    expect(data.transactions.map((row) => row.id)).toEqual(candidates.slice(0, 5).map((row) => row.id));
    expect(data.transactions[0]?.amount).toBe(centsText(candidates[0]?.usd ?? 0n));
    expect(result.facts[1]).toContain(dollars(centsText(-(candidates[0]?.usd ?? 0n))));

    const incoming = await run('largest_transactions', { ...month, direction: 'in', limit: 3 });
    // Money in: every posted inflow but a card's payment (the card's balance paid, not money received).
    const top = postedIn(month)
      .filter((row) => (row.usd ?? 0n) > 0n && row.detailed !== 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT')
      .sort((a, b) =>
        (b.usd ?? 0n) === (a.usd ?? 0n) ? b.id - a.id : (b.usd ?? 0n) > (a.usd ?? 0n) ? 1 : -1,
      );
    expect(
      (incoming.data as { transactions: Array<{ id: number }> }).transactions.map((row) => row.id),
    ).toEqual(top.slice(0, 3).map((row) => row.id));

    // Deposits: money in to checking and savings only.
    const deposits = await run('largest_transactions', {
      ...month,
      direction: 'in',
      account: 'bank',
      limit: 3,
    });
    const bankIds = new Set(
      accounts.filter((a) => a.kind === 'checking' || a.kind === 'savings').map((a) => a.id),
    );
    const topDeposits = top.filter((row) => bankIds.has(row.accountId));
    expect(
      (deposits.data as { transactions: Array<{ id: number }> }).transactions.map((row) => row.id),
    ).toEqual(topDeposits.slice(0, 3).map((row) => row.id));
  });

  it('recurring_payments: the sandbox bills and subscriptions, monthly, with their next date', async () => {
    const all = await run('recurring_payments', { kind: 'all' });
    const data = all.data as {
      payments: Array<{
        merchant: string;
        cadence: string;
        amount: string;
        lastDate: string;
        nextExpected: string;
        occurrences: number;
        monthlyAmount: string;
        isSubscription: boolean;
      }>;
      monthlyTotal: string;
    };
    const merchants = data.payments.map((payment) => payment.merchant);
    for (const name of ['Netflix', 'Spotify', 'Apple iCloud', 'Comcast Xfinity', 'Lemonade Insurance']) {
      expect(merchants).toContain(name);
    }
    for (const payment of data.payments) {
      const charges = rows
        .filter(
          (row) =>
            !row.pending &&
            isSpending(row) &&
            (row.usd ?? 0n) < 0n &&
            (row.merchant ?? row.name) === payment.merchant &&
            row.date >= shiftDays(today, -1130),
        )
        .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
      expect(payment.occurrences).toBe(charges.length);
      const last = charges.at(-1);
      expect(payment.lastDate).toBe(last?.date);
      expect(payment.amount).toBe(centsText(-(last?.usd ?? 0n)));
      if (payment.cadence === 'monthly') {
        const next = new Date(`${payment.lastDate}T00:00:00Z`);
        next.setUTCMonth(next.getUTCMonth() + 1);
        if (next.getUTCDate() !== Number(payment.lastDate.slice(8))) next.setUTCDate(0);
        expect(payment.nextExpected).toBe(next.toISOString().slice(0, 10));
        expect(payment.monthlyAmount).toBe(payment.amount);
      }
    }
    const netflix = data.payments.find((payment) => payment.merchant === 'Netflix');
    expect(netflix?.cadence).toBe('monthly');
    expect(netflix?.isSubscription).toBe(true);
    const monthly = data.payments.reduce((total, payment) => total + micros(payment.monthlyAmount), 0n);
    expect(data.monthlyTotal).toBe(centsText(monthly));
    expect(all.facts[0]).toContain(dollars(data.monthlyTotal));

    const subscriptions = await run('recurring_payments', { kind: 'subscriptions' });
    const kept = (subscriptions.data as typeof data).payments.map((payment) => payment.merchant);
    expect(kept).toContain('Netflix');
    expect(kept).toContain('Spotify');
    expect(kept).not.toContain('Comcast Xfinity');
    expect(kept).not.toContain('Lemonade Insurance');
    // 'how much of my spending is subscriptions': their month against the average month of spending over
    // the last 3 full months, to a tenth of a percent (the tool rounds the average to the cent first).
    const shared = await run('recurring_payments', { kind: 'subscriptions', share_of: 'spending' });
    const threeMonths = { start: firstOfMonth(today, 3), end: shiftDays(firstOfMonth(today, 0), -1) };
    const spentThree = -sum(postedIn(threeMonths).filter(isSpending));
    const subscriptionsMonthly = micros((shared.data as typeof data).monthlyTotal);
    const tenths = Number((subscriptionsMonthly * 3n * 1000n) / spentThree);
    const said = shared.facts[0] ?? '';
    expect(said).toContain('of your average monthly spending over the last 3 full months');
    // Said to a tenth, a whole percent without its '.0' ('1%').
    const stated = Math.round(
      Number(said.match(/: (\d+(?:\.\d)?)% of your average/)?.[1] ?? Number.NaN) * 10,
    );
    expect([tenths, tenths + 1]).toContain(stated);
    const soon = await run('recurring_payments', { kind: 'all', within_days: 10 });
    for (const payment of (soon.data as typeof data).payments) {
      expect(payment.nextExpected <= shiftDays(today, 10)).toBe(true);
    }
    // Days as people say them, the year only when it is not this one: never ISO.
    const sayDay = (day: string) =>
      day.slice(0, 4) === today.slice(0, 4)
        ? new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
            new Date(`${day}T00:00:00Z`),
          )
        : dayWords(day);
    expect(soon.facts[0]).toContain(` due by ${sayDay(shiftDays(today, 10))} `);
    if (netflix) expect(all.facts.join('\n')).toContain(`${sayDay(netflix.nextExpected)}.`);
    expect([...all.facts, ...soon.facts].join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('net_worth: assets minus owed now, and month ends rebuilt from the transactions', async () => {
    const result = await run('net_worth', { months: 4 });
    const priced = accounts.filter((account) => account.usd !== null);
    const net = priced.reduce((total, account) => total + (account.usd ?? 0n), 0n);
    const assets = priced
      .filter((account) => (account.usd ?? 0n) > 0n)
      .reduce((s, a) => s + (a.usd ?? 0n), 0n);
    const data = result.data as {
      net: string;
      assets: string;
      liabilities: string;
      trend: Array<{ date: string; net: string | null; cash: string; accounts: number; complete: boolean }>;
      change: { scope: string; from: string; before: string; amount: string } | null;
    };
    expect(data.net).toBe(centsText(net));
    expect(data.assets).toBe(centsText(assets));
    expect(data.liabilities).toBe(centsText(assets - net));
    expect(result.facts[0]).toContain(`Your net worth on ${dayWords(today)} is ${dollars(centsText(net))}`);
    // 'liquid cash vs what's invested': checking and savings together, added here from the raw balances.
    const bankCash = priced
      .filter((account) => account.kind === 'checking' || account.kind === 'savings')
      .reduce((total, account) => total + (account.usd ?? 0n), 0n);
    expect(result.facts).toContainEqual(
      expect.stringContaining(`Cash in checking and savings: ${dollars(centsText(bankCash))}`),
    );
    // The snapshots of a fresh link are today's: a past month end of a cash account is its balance less
    // the posted transactions after that day; investments and wallets have no value before they were linked.
    const snapshots = await t.rows<{ account_id: string; as_of: string }>(
      sql`select account_id, as_of::text as as_of from balance_snapshot where user_id = ${ada.user.id}`,
    );
    expect(data.trend.map((point) => point.date)).toEqual([
      lastOfMonth(firstOfMonth(today, 3)),
      lastOfMonth(firstOfMonth(today, 2)),
      lastOfMonth(firstOfMonth(today, 1)),
      today,
    ]);
    for (const point of data.trend.slice(0, -1)) {
      let expected = 0n;
      let cash = 0n;
      let valued = 0;
      for (const account of accounts) {
        const recorded = snapshots.filter((row) => row.account_id === account.id).map((row) => row.as_of);
        if (['checking', 'savings', 'credit', 'loan'].includes(account.kind)) {
          const later = rows.filter(
            (row) =>
              row.accountId === account.id && !row.pending && row.date > point.date && row.usd !== null,
          );
          expected += (account.usd ?? 0n) - sum(later);
          cash += (account.usd ?? 0n) - sum(later);
          valued += 1;
        } else if (recorded.some((day) => day <= point.date)) {
          expected += account.usd ?? 0n;
          valued += 1;
        }
      }
      expect(point.accounts).toBe(valued);
      expect(point.net).toBe(centsText(expected));
      expect(point.cash).toBe(centsText(cash));
      expect(point.complete).toBe(valued === accounts.length);
    }
    // Linked today: the investments and the wallet have no past, so the change is the bank's alone.
    const first = data.trend[0];
    expect(first?.complete).toBe(false);
    expect(data.change).toMatchObject({
      scope: 'bank_and_card_accounts',
      from: first?.date,
      before: first?.cash,
    });
    expect(result.facts[2]).toContain(
      `from ${dollars(first?.cash ?? '0')} on ${dayWords(first?.date ?? '')}`,
    );
    expect(data.trend.at(-1)?.net).toBe(centsText(net));
  });

  it('balance_history: one account at the start, each month end and the end, rebuilt from its transactions', async () => {
    const savings = accounts.find((account) => account.kind === 'savings');
    if (!savings) throw new Error('the sandbox bank has no savings account');
    const start = firstOfMonth(today, 3);
    const result = await run('balance_history', { account: savings.name, start, end: today });
    // A cash account's balance at the end of a day: today's balance less the posted transactions after it.
    const at = (day: string) =>
      (savings.usd ?? 0n) -
      sum(
        rows.filter(
          (row) => row.accountId === savings.id && !row.pending && row.date > day && row.usd !== null,
        ),
      );
    const days = [
      shiftDays(start, -1),
      lastOfMonth(firstOfMonth(today, 3)),
      lastOfMonth(firstOfMonth(today, 2)),
      lastOfMonth(firstOfMonth(today, 1)),
      today,
    ];
    const data = result.data as { points: Array<{ date: string; value: string | null }> };
    expect(data.points).toEqual(days.map((date) => ({ date, value: centsText(at(date)) })));
    const [opening, closing] = [at(days[0] ?? ''), at(today)];
    const difference = closing - opening;
    const magnitude = difference < 0n ? -difference : difference;
    expect(result.facts[0]).toBe(
      `${savings.name}: ${dollars(centsText(opening))} at the end of ${dayWords(days[0] ?? '')} and ${dollars(centsText(closing))} at the end of ${dayWords(today)}, ${difference < 0n ? 'down' : 'up'} ${dollars(centsText(magnitude))}${result.facts[0]?.match(/ \([^)]*\)\.$/)?.[0] ?? ''}`,
    );
    // A card's balance is said as what was owed.
    const card = accounts.find((account) => account.kind === 'credit');
    if (!card) throw new Error('the sandbox bank has no card');
    const owedAt = (day: string) =>
      -(
        (card.usd ?? 0n) -
        sum(
          rows.filter(
            (row) => row.accountId === card.id && !row.pending && row.date > day && row.usd !== null,
          ),
        )
      );
    const owed = await run('balance_history', { account: card.name, start, end: today });
    const [was, now] = [owedAt(days[0] ?? ''), owedAt(today)];
    const moved = now - was;
    expect(owed.facts[0]).toBe(
      `You owed ${dollars(centsText(was))} on ${card.name} at the end of ${dayWords(days[0] ?? '')} and ${dollars(centsText(now))} at the end of ${dayWords(today)}: ${moved === 0n ? 'the same' : `${dollars(centsText(moved < 0n ? -moved : moved))} ${moved > 0n ? 'more' : 'less'}`}.`,
    );
    // An account a user does not have is refused, naming the ones there are.
    const refused = await run('balance_history', { account: 'Nonexistent account', start, end: today }).catch(
      (error: unknown) => error,
    );
    expect((refused as ServiceError).code).toBe('accounts:not-found');
  });

  it('list_accounts: every account with its USD balance and the combined total', async () => {
    const result = await run('list_accounts', {});
    const data = result.data as {
      accounts: Array<{ id: string; balance: string | null }>;
      totals: { net: string };
    };
    expect(data.accounts.map((account) => account.id).sort()).toEqual(
      accounts.map((account) => account.id).sort(),
    );
    for (const account of data.accounts) {
      const raw = accounts.find((item) => item.id === account.id);
      expect(account.balance).toBe(raw?.usd === null || raw?.usd === undefined ? null : centsText(raw.usd));
    }
    const net = accounts.reduce((total, account) => total + (account.usd ?? 0n), 0n);
    expect(data.totals.net).toBe(centsText(net));
    expect(result.facts[0]).toContain(`${accounts.length} linked accounts`);
    expect(result.facts[0]).toContain(dollars(centsText(net)));
    const ofKind = (kind: string) =>
      accounts.filter((account) => account.kind === kind).reduce((total, a) => total + (a.usd ?? 0n), 0n);
    expect(result.facts[1]).toContain(`checking ${dollars(centsText(ofKind('checking')))}`);
    expect(result.facts[1]).toContain(`credit cards ${dollars(centsText(ofKind('credit')))}`);
    const cash = ofKind('checking') + ofKind('savings');
    expect(result.facts[2]).toMatch(
      new RegExp(`^Cash in checking and savings: ${dollars(centsText(cash)).replace(/[$.]/g, '\\$&')}[ .]`),
    );
    if (ofKind('checking') > 0n && ofKind('savings') > 0n)
      expect(result.facts[2]).toContain(
        `savings ${Math.round((Number(ofKind('savings')) * 1000) / Number(cash)) / 10}%`,
      );
    // A card's room left: its limit less what it owes (its balance is negative while it owes).
    const cards = await t.rows<{ id: string; credit_limit: string | null; available: string | null }>(
      sql`select id, credit_limit::text as credit_limit, available_balance::text as available
          from ledger_account where user_id = ${ada.user.id} and kind = 'credit'`,
    );
    const card = cards.find((row) => row.credit_limit !== null);
    const cardAccount = accounts.find((account) => account.id === card?.id);
    expect(card && cardAccount).toBeTruthy();
    const left = micros(card?.credit_limit ?? '0') + (cardAccount?.usd ?? 0n);
    const cardFact = result.facts.find((fact) => fact.startsWith(`${cardAccount?.name}`));
    expect(cardFact).toContain(
      `credit limit ${dollars(card?.credit_limit ?? '0')}, ${dollars(centsText(left))} left after what is owed`,
    );
    if (card?.available) expect(cardFact).toContain(`${dollars(card.available)} available`);
    // 'If I paid off my card': the cash less what the cards owe.
    expect(result.facts[3]).toContain(
      `: ${dollars(centsText(ofKind('checking') + ofKind('savings') + ofKind('credit')))}.`,
    );
    const wallets = await run('list_accounts', { platform: 'web3' });
    expect((wallets.data as { accounts: unknown[] }).accounts.length).toBe(
      accounts.filter((account) => account.platform === 'web3').length,
    );
  });

  it('net_worth, list_accounts and emergency_fund state the same cash in checking and savings', async () => {
    // Each tool's own sentence, its dollar figure read back: '$1,234.56' or '-$1,234.56'.
    const stated = (facts: string[], sentence: RegExp) =>
      facts.flatMap((fact) => sentence.exec(fact)?.[1] ?? []);
    const bankSentence = /^Cash in checking and savings: (-?\$[\d,]+\.\d{2})[ .]/;
    for (const user of [ada, bob]) {
      const raw = await t.rows<{ usd: string | null }>(sql`
        select coalesce(current_balance_usd::text, case when currency = 'USD' then current_balance::text end) as usd
        from ledger_account where user_id = ${user.user.id} and kind in ('checking', 'savings')`);
      const cash = dollars(
        centsText(raw.reduce((total, row) => total + (row.usd ? micros(row.usd) : 0n), 0n)),
      );
      const [netWorth, listed, fund] = await Promise.all([
        run('net_worth', { months: 4 }, user.user.id),
        run('list_accounts', {}, user.user.id),
        run('emergency_fund', { target_months: 6 }, user.user.id),
      ]);
      expect(stated(netWorth.facts, bankSentence)).toEqual([cash]);
      expect(stated(listed.facts, bankSentence)).toEqual([cash]);
      expect(
        stated(fund.facts, /^Your liquid cash \(checking and savings\) is (-?\$[\d,]+\.\d{2})[,;]/),
      ).toEqual([cash]);
    }
  });

  it('holdings: positions and uninvested cash, allocation by asset class and security, unrealised gain', async () => {
    const raw = await t.rows<{
      account_id: string;
      ticker: string | null;
      name: string;
      type: string;
      value: string | null;
      cost_basis: string | null;
      currency: string;
    }>(
      sql`select h.account_id, s.ticker, s.name, s.type, h.value::text as value, h.cost_basis::text as cost_basis, h.currency
          from holding h join security s on s.id = h.security_id where h.user_id = ${ada.user.id}`,
    );
    // Wallets are crypto_balances'; each investment account's cash is its balance less its positions.
    const walletIds = new Set(accounts.filter((a) => a.platform === 'web3').map((a) => a.id));
    const positions = raw
      .filter((row) => !walletIds.has(row.account_id) && row.currency === 'USD')
      .map((row) => ({
        account: row.account_id,
        ticker: row.ticker,
        type: row.type,
        value: row.value === null ? null : micros(row.value),
        cost: row.cost_basis === null ? null : micros(row.cost_basis),
      }));
    for (const account of accounts.filter((a) => a.kind === 'investment' && a.usd !== null)) {
      const held = positions
        .filter((row) => row.account === account.id)
        .reduce((total, row) => total + (row.value ?? 0n), 0n);
      const cash = micros(centsText((account.usd ?? 0n) - held));
      if (cash !== 0n)
        positions.push({ account: account.id, ticker: null, type: 'cash', value: cash, cost: cash });
    }
    expect(positions.some((row) => row.ticker === null)).toBe(true);
    const value = positions.reduce((total, row) => total + (row.value ?? 0n), 0n);
    const gain = positions
      .filter((row) => row.value !== null && row.cost !== null)
      .reduce((total, row) => total + (row.value ?? 0n) - (row.cost ?? 0n), 0n);
    // Every investment account's positions and cash add up to its balance.
    const investments = accounts
      .filter((a) => a.kind === 'investment')
      .reduce((total, a) => total + (a.usd ?? 0n), 0n);
    expect(centsText(value)).toBe(centsText(investments));

    const result = await run('holdings', { group_by: 'asset_class' });
    const data = result.data as {
      totals: { value: string; gain: string; positions: number };
      groups: Array<{ key: string; value: string }>;
      positions: unknown[];
    };
    expect(data.totals.value).toBe(centsText(value));
    expect(data.totals.gain).toBe(centsText(gain));
    expect(data.positions.length).toBe(positions.length);
    expect(data.groups.map((group) => group.key).sort()).toEqual(
      [...new Set(positions.map((row) => row.type))].sort(),
    );
    for (const group of data.groups) {
      const mine = positions.filter((row) => row.type === group.key);
      expect(group.value).toBe(centsText(mine.reduce((total, row) => total + (row.value ?? 0n), 0n)));
    }
    expect(result.facts[0]).toContain(dollars(centsText(value)));
    expect(result.facts[1]).toContain(dollars(centsText(gain)));
    expect(result.blocks.map((item) => item.block.type)).toContain('pie');

    const bySecurity = await run('holdings', {});
    const groups = (bySecurity.data as typeof data).groups;
    const vti = positions.filter((row) => row.ticker === 'VTI');
    expect(groups.find((group) => group.key === 'VTI')?.value).toBe(
      centsText(vti.reduce((total, row) => total + (row.value ?? 0n), 0n)),
    );
    const cash = positions.filter((row) => row.type === 'cash');
    expect(groups.find((group) => group.key === 'Cash')?.value).toBe(
      centsText(cash.reduce((total, row) => total + (row.value ?? 0n), 0n)),
    );

    // The best and worst security by gain on cost: each ticker's value against its cost.
    const byTicker = new Map<string, { value: bigint; cost: bigint }>();
    for (const row of positions) {
      if (row.type === 'cash' || row.ticker === null || row.value === null || row.cost === null) continue;
      const sum = byTicker.get(row.ticker) ?? { value: 0n, cost: 0n };
      byTicker.set(row.ticker, { value: sum.value + row.value, cost: sum.cost + row.cost });
    }
    const ranked = [...byTicker.entries()]
      .filter(([, sum]) => sum.cost > 0n)
      .map(([ticker, sum]) => ({ ticker, ratio: Number(((sum.value - sum.cost) * 1_000_000n) / sum.cost) }))
      .sort((a, b) => b.ratio - a.ratio);
    const performers = bySecurity.facts.find((fact) => fact.startsWith('Best performer'));
    expect(performers).toMatch(new RegExp(`^Best performer by gain on cost: ${ranked[0]?.ticker} `));
    expect(performers).toContain(`; worst performer: ${ranked.at(-1)?.ticker} `);

    // Bond funds by their names, counted among the funds.
    const bondRows = raw.filter(
      (row) =>
        (row.type === 'etf' || row.type === 'mutual fund') &&
        /\bbond/i.test(row.name) &&
        row.currency === 'USD' &&
        !walletIds.has(row.account_id),
    );
    const bonds = bondRows.reduce((total, row) => total + micros(row.value ?? '0'), 0n);
    const bondFact = result.facts.find((fact) => fact.startsWith('Bond funds'));
    if (bondRows.length === 0) expect(bondFact).toBeUndefined();
    else expect(bondFact).toContain(`, ${dollars(centsText(bonds))} (`);
  });

  it('crypto_balances: the wallet in USD with its coins', async () => {
    const result = await run('crypto_balances', {});
    const wallets = accounts.filter((account) => account.platform === 'web3');
    const total = wallets.reduce((sumUsd, account) => sumUsd + (account.usd ?? 0n), 0n);
    const data = result.data as {
      total: string;
      wallets: Array<{ chain: string; assets: Array<{ symbol: string }> }>;
    };
    expect(data.total).toBe(centsText(total));
    expect(data.wallets[0]?.chain).toBe('eth');
    expect(data.wallets[0]?.assets.map((asset) => asset.symbol)).toContain('ETH');
    expect(result.facts[0]).toBe(`Your crypto wallet holds ${dollars(centsText(total))} in total.`);
    expect(result.facts[1]).toBe(`By chain: Ethereum ${dollars(centsText(total))}.`);
    const eth = (data.wallets[0]?.assets ?? []) as Array<{
      symbol: string;
      value: string | null;
      price: string | null;
    }>;
    const ether = eth.find((asset) => asset.symbol === 'ETH');
    expect(result.facts[2]).toContain(`ETH ${dollars(ether?.value ?? '0')}`);
    // Each coin's price, as the wallet was valued ('whats eth trading at').
    const stated = result.facts[2]?.match(/ ETH at \$([\d,]+\.\d{2})\)/)?.[1]?.replace(/,/g, '');
    const off = micros(stated ?? '0') - micros(ether?.price ?? '-1');
    expect(off >= -5_000n && off <= 5_000n).toBe(true);

    // Coins asked about lead: two together (their values added here), one alone, one not held.
    const [first, second] = eth.filter((asset) => asset.value !== null);
    if (!first || !second) throw new Error('the sandbox wallet holds fewer than two priced coins');
    const asked = await run('crypto_balances', {
      symbols: [first.symbol.toLowerCase(), second.symbol, 'DOGE'],
    });
    const together = micros(first.value ?? '0') + micros(second.value ?? '0');
    expect(asked.facts[0]).toBe(
      `${first.symbol} and ${second.symbol} together: ${dollars(centsText(together))} (${first.symbol} ${dollars(first.value ?? '0')}, ${second.symbol} ${dollars(second.value ?? '0')}).`,
    );
    expect(asked.facts[1]).toBe('No DOGE in your linked wallets.');
    const alone = await run('crypto_balances', { symbols: ['ETH'] });
    expect(alone.facts[0]?.startsWith('ETH across 1 wallet: ')).toBe(true);
    expect(alone.facts[0]?.endsWith(` ETH, worth ${dollars(ether?.value ?? '0')}.`)).toBe(true);
  });

  it('emergency_fund: checking and savings over the average of the last three full months', async () => {
    const result = await run('emergency_fund', { target_months: 6 });
    const cash = accounts
      .filter((account) => account.kind === 'checking' || account.kind === 'savings')
      .reduce((total, account) => total + (account.usd ?? 0n), 0n);
    const period = { start: firstOfMonth(today, 3), end: month.end };
    const spent = -sum(postedIn(period).filter(isSpending));
    // The average to the cent: Σ in cents ÷ 3, rounded half up.
    const totalCents = micros(centsText(spent)) / 10_000n;
    const averageCents = (totalCents * 2n + 3n) / 6n;
    const average = centsText(averageCents * 10_000n);
    const data = result.data as {
      liquidCash: { total: string };
      spending: { average: string; period: { start: string; end: string } };
      monthsCovered: number;
      target: string;
      shortfall: string;
      surplus: string;
    };
    expect(data.liquidCash.total).toBe(centsText(cash));
    expect(data.spending.period).toEqual(period);
    expect(data.spending.average).toBe(average);
    expect(data.monthsCovered).toBeCloseTo(Number(cash) / Number(averageCents * 10_000n), 2);
    // 6 × (the three months' total ÷ 3) = 2 × the total, exactly.
    const target = 2n * micros(centsText(spent));
    expect(data.target).toBe(centsText(target));
    const gap = target - cash;
    expect(gap > 0n ? data.shortfall : data.surplus).toBe(centsText(gap > 0n ? gap : -gap));
    expect(result.facts[0]).toBe(
      `A 6-month emergency fund is ${dollars(centsText(target))}. That is 6 × your average monthly spending of ${dollars(average)} ${periodText(period)} (${postedIn(period).filter(isSpending).length} transactions).`,
    );
    expect(result.facts[1]).toContain(dollars(centsText(cash)));
    // The savings accounts' part on its own (where many keep the fund), beside the checking.
    const savings = accounts
      .filter((account) => account.kind === 'savings')
      .reduce((total, account) => total + (account.usd ?? 0n), 0n);
    expect(result.facts.find((fact) => fact.startsWith('In savings accounts alone:'))).toContain(
      dollars(centsText(savings)),
    );

    // The user's own monthly expenses instead of the ledger's.
    const given = await run('emergency_fund', { target_months: 6, monthly_expenses: 3200 });
    const stated = given.data as { target: string; expensesFrom: string; spending: unknown };
    expect(stated).toMatchObject({ target: '19200.00', expensesFrom: 'given', spending: null });
    expect(given.facts[0]).toBe(
      'A 6-month emergency fund is $19,200.00. That is 6 × your monthly expenses of $3,200.00.',
    );
  });

  it("the analyst's vocabulary: the history's first day of money in or out, and the latest paycheck", async () => {
    const { history, securities } = await t.services.analytics.vocabulary(ada.user.id);
    // Coins held in the wallet are marked as crypto; the brokerage's securities are not.
    const walletIds = new Set(accounts.filter((a) => a.kind === 'crypto').map((a) => a.id));
    const held = await t.database.db.execute(
      sql`select distinct s.ticker, h.account_id from holding h join security s on s.id = h.security_id where h.user_id = ${ada.user.id}`,
    );
    const rowsHeld = (held as unknown as { rows: Array<{ ticker: string; account_id: string }> }).rows;
    const coinTickers = new Set(rowsHeld.filter((r) => walletIds.has(r.account_id)).map((r) => r.ticker));
    expect(coinTickers.size).toBeGreaterThan(0);
    for (const security of securities)
      expect(security.crypto).toBe(Boolean(security.ticker && coinTickers.has(security.ticker)));
    const posted = rows.filter((row) => !row.pending);
    const money = posted
      .filter((row) => isSpending(row) || isIncome(row))
      .map((row) => row.date)
      .sort();
    const paychecks = posted
      .filter((row) => row.detailed === 'INCOME_WAGES' && (row.usd ?? 0n) > 0n)
      .map((row) => row.date)
      .sort();
    expect(history.moneyFirst).toBe(money[0]);
    expect(history.lastPaycheck).toBe(paychecks.at(-1));
    expect(paychecks.length).toBeGreaterThan(0);
  });

  it("never shows another user's data, and refuses their accounts and unknown ones clearly", async () => {
    const period = { start: firstOfMonth(today, 12), end: today };
    const everything = await Promise.all([
      run('list_accounts', {}),
      run('net_worth', { months: 2 }),
      run('search_transactions', { ...period, limit: 200 }),
      run('spending_by_merchant', { ...period, limit: 50 }),
      run('largest_transactions', { ...period, limit: 50 }),
      run('holdings', {}),
    ]);
    const seen = JSON.stringify(everything);
    for (const id of bobAccountIds) expect(seen).not.toContain(id);
    const adaIds = new Set(rows.map((row) => row.id));
    const listed = (everything[2].data as { transactions: Array<{ id: number }> }).transactions;
    for (const row of listed) expect(adaIds.has(row.id)).toBe(true);
    expect(bobTransactionNames.size).toBeGreaterThan(0);

    // Bob sees only his own bank: no brokerage, no wallet, his own totals.
    const bobs = await run('list_accounts', {}, bob.user.id);
    expect(
      (bobs.data as { accounts: Array<{ id: string }> }).accounts.map((account) => account.id).sort(),
    ).toEqual([...bobAccountIds].sort());
    expect(((await run('crypto_balances', {}, bob.user.id)).data as { wallets: unknown[] }).wallets).toEqual(
      [],
    );

    // Bob's account id (or an unknown name) as Ada's filter: not found, naming Ada's own accounts.
    for (const account of [bobAccountIds[0] ?? 'x', 'Nonexistent account']) {
      const refused = run('spending_by_category', { ...month, account }).then(
        () => undefined,
        (error: unknown) => error,
      );
      const error = await refused;
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('accounts:not-found');
      expect((error as ServiceError).message).toContain(account);
      expect((error as ServiceError).message).toContain(accounts[0]?.name ?? '');
    }
    const badCategory = await run('spending_by_category', { ...month, category: 'GROCERIES' }).catch(
      (error: unknown) => error,
    );
    expect((badCategory as ServiceError).code).toBe('request:invalid');
    expect((badCategory as ServiceError).message).toContain('FOOD_AND_DRINK_GROCERIES');
  });

  describe('calculators (textbook values)', () => {
    it('compound_growth: monthly compounding, with and without monthly contributions', async () => {
      const lump = await run('compound_growth', { principal: 10_000, annual_rate_percent: 5, years: 10 });
      expect((lump.data as { futureValue: string }).futureValue).toBe('16470.09');
      expect(lump.facts[0]).toContain('$16,470.09');
      const monthly = await run('compound_growth', {
        principal: '0',
        monthly_contribution: 100,
        annual_rate_percent: 6,
        years: 10,
      });
      const data = monthly.data as {
        futureValue: string;
        totalContributed: string;
        growth: string;
        byYear: unknown[];
      };
      expect(data.futureValue).toBe('16387.93');
      expect(data.totalContributed).toBe('12000.00');
      expect(data.growth).toBe('4387.93');
      expect(data.byYear.length).toBe(10);
      const both = await run('compound_growth', {
        principal: 5000,
        monthly_contribution: 200,
        annual_rate_percent: 7,
        years: 20,
      });
      expect((both.data as { futureValue: string }).futureValue).toBe('124379.03');
      const flat = await run('compound_growth', {
        principal: 1000,
        monthly_contribution: 50,
        annual_rate_percent: 0,
        years: 2,
      });
      expect((flat.data as { futureValue: string }).futureValue).toBe('2200.00');
    });

    it('compounds annually, quarterly or daily when asked', async () => {
      const yearly = compoundGrowth({
        principal: 10_000,
        monthlyContribution: 0,
        annualRatePercent: 7,
        years: 10,
        compoundsPerYear: 1,
      });
      expect(yearly.futureValue).toBe('19671.51');
      expect(yearly.byYear[0]?.balance).toBe('10700.00');
      const annual = await run('compound_growth', {
        principal: 10_000,
        annual_rate_percent: 7,
        years: 10,
        compounds_per_year: 1,
      });
      expect((annual.data as { futureValue: string }).futureValue).toBe('19671.51');
      expect(annual.facts[0]).toContain('compounded annually, grows to $19,671.51');
      // 10,000 × (1 + 0.05/4)^40 and × (1 + 0.05/365)^3650.
      const quarterly = await run('compound_growth', {
        principal: 10_000,
        annual_rate_percent: 5,
        years: 10,
        compounds_per_year: 4,
      });
      expect((quarterly.data as { futureValue: string }).futureValue).toBe('16436.19');
      const daily = await run('compound_growth', {
        principal: 10_000,
        annual_rate_percent: 5,
        years: 10,
        compounds_per_year: 365,
      });
      expect((daily.data as { futureValue: string }).futureValue).toBe('16486.65');
    });

    it('loan_payment: the amortised payment and the interest over the term', async () => {
      const mortgage = await run('loan_payment', { principal: 200_000, annual_rate_percent: 6, years: 30 });
      const data = mortgage.data as {
        monthlyPayment: string;
        totalPaid: string;
        totalInterest: string;
        byYear: Array<{ balance: string }>;
      };
      expect(data.monthlyPayment).toBe('1199.10');
      expect(data.totalPaid).toBe('431676.38');
      expect(data.totalInterest).toBe('231676.38');
      expect(data.byYear.length).toBe(30);
      expect(data.byYear.at(-1)?.balance).toBe('0.00');
      expect(mortgage.facts[0]).toContain('$1,199.10 a month');
      const other = await run('loan_payment', { principal: '100000', annual_rate_percent: 5, years: 30 });
      expect((other.data as { monthlyPayment: string }).monthlyPayment).toBe('536.82');
      const free = await run('loan_payment', { principal: 12_000, annual_rate_percent: 0, years: 1 });
      expect((free.data as { monthlyPayment: string; totalInterest: string }).monthlyPayment).toBe('1000.00');
      expect((free.data as { totalInterest: string }).totalInterest).toBe('0.00');
    });

    it('savings_goal: the monthly saving for a date, and the months for a saving', async () => {
      const byDate = await run('savings_goal', { target: 10_000, annual_rate_percent: 6, months: 12 });
      expect((byDate.data as { requiredMonthly: string }).requiredMonthly).toBe('810.66');
      const plain = await run('savings_goal', { target: 10_000, months: 20 });
      expect((plain.data as { requiredMonthly: string }).requiredMonthly).toBe('500.00');
      expect(plain.facts[0]).toBe(
        'To reach $10,000.00 in 20 months (about 1.7 years), save $500.00 a month.',
      );
      const bySaving = await run('savings_goal', {
        target: 10_000,
        annual_rate_percent: 6,
        monthly_saving: 500,
      });
      expect((bySaving.data as { monthsNeeded: number }).monthsNeeded).toBe(20);
      // The month it is reached, as people write a month ('July 2028'), never '2028-07'.
      const reached = new Date(`${today}T00:00:00Z`);
      reached.setUTCDate(1);
      reached.setUTCMonth(reached.getUTCMonth() + 20);
      const reachedMonth = new Intl.DateTimeFormat('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(reached);
      expect(bySaving.facts[0]).toContain(`in 20 months (about 1.7 years), around ${reachedMonth}.`);
      expect(bySaving.facts.join('\n')).not.toMatch(/\d{4}-\d{2}/);
      const flat = await run('savings_goal', { target: 10_000, current: 4_000, monthly_saving: '500' });
      expect((flat.data as { monthsNeeded: number }).monthsNeeded).toBe(12);
      const done = await run('savings_goal', { target: 1_000, current: 2_000, months: 6 });
      expect((done.data as { requiredMonthly: string }).requiredMonthly).toBe('0.00');
      const never = await run('savings_goal', { target: 1_000, monthly_saving: 0 });
      expect((never.data as { reachable: boolean }).reachable).toBe(false);
      await expect(run('savings_goal', { target: 1_000 })).rejects.toMatchObject({ code: 'request:invalid' });
      await expect(
        run('loan_payment', { principal: 1e15, annual_rate_percent: 5, years: 10 }),
      ).rejects.toMatchObject({ code: 'request:invalid' });
    });
  });
});
