import { dslObjectSchema, escapeMarkup, type LedgerQueryInput, toolInputSchemas } from '@penny/contracts';
import {
  accountsClient,
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
import type { LedgerQueryResult } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { financeTools } from './index.ts';
import type { ToolResult } from './types.ts';

/** The day after an ISO day (plain date arithmetic for the expectations). */
const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The ledger query against a user who linked a sandbox bank. Every figure is checked against plain
 * code over the user's raw ledger rows (read here with SQL, added up here in integer micro-dollars),
 * never against the analytics the tool uses.
 */

// ---- Reference arithmetic, independent of finance/analytics/

/** a ÷ b rounded half away from zero. */
function divRound(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  const q = (2n * x + y) / (2n * y);
  return negative ? -q : q;
}

/** Millionths to cents, half away from zero. */
const toCentsRef = (value: bigint) => divRound(value, 10_000n);

function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

const moneyText = (value: bigint) => centsText(toCentsRef(value));
const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** '$1,234.56' by Intl, from a decimal string (display only). */
const dollars = (text: string) => dollarFormat.format(Number(text));
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthOf = (day: string) => monthName.format(new Date(`${day}T00:00:00Z`));

type Row = {
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

const NOT_SPENDING = new Set(['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT']);
const isSpending = (row: Row) =>
  !NOT_SPENDING.has(row.primary ?? '') && row.detailed !== 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
const isIncome = (row: Row) => row.primary === 'INCOME';
const usdOf = (row: Row) => row.usd ?? 0n;
const sum = (rows: readonly Row[]) => rows.reduce((total, row) => total + usdOf(row), 0n);
/** Spending: money out counts as positive. */
const spent = (rows: readonly Row[]) => -sum(rows.filter(isSpending));
const purchases = (rows: readonly Row[]) => rows.filter((row) => isSpending(row) && usdOf(row) < 0n);

/** The Monday on or before a day. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return shiftDays(day, -((weekday + 6) % 7));
}
const daysBetween = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

function groupBy<K>(rows: readonly Row[], key: (row: Row) => K): Map<K, Row[]> {
  const groups = new Map<K, Row[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

describe.each(testDatabaseKinds())('the ledger query on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let today: string;
  let rows: Row[];
  let accountNames: Map<string, string>;
  let month: { start: string; end: string };
  let quarter: { start: string; end: string };

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    expect((await (await accountsClient(t, ada)).linkBank('ins_109508')).status).toBe(200);
    await t.services.sync.settled();
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
    today = rows.reduce((latest, row) => (row.date > latest ? row.date : latest), '');
    month = { start: firstOfMonth(today, 1), end: lastOfMonth(firstOfMonth(today, 1)) };
    quarter = { start: firstOfMonth(today, 3), end: month.end };
    const accounts = await t.rows<{ id: string; name: string }>(
      sql`select id, name from ledger_account where user_id = ${ada.user.id}`,
    );
    accountNames = new Map(accounts.map((account) => [account.id, account.name]));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  async function run(input: LedgerQueryInput): Promise<ToolResult & { data: LedgerQueryResult }> {
    const parsed = toolInputSchemas.ledger_query.parse(input);
    expect(financeTools.ledger_query.describe(parsed).length).toBeGreaterThan(10);
    const result = await financeTools.ledger_query.execute(parsed, {
      userId: ada.user.id,
      services: t.services,
      today,
    });
    for (const { block } of result.blocks) expect(dslObjectSchema.safeParse(block).success).toBe(true);
    return result as ToolResult & { data: LedgerQueryResult };
  }

  const postedIn = (period: { start: string; end: string }) =>
    rows.filter(
      (row) => !row.pending && row.usd !== null && row.date >= period.start && row.date <= period.end,
    );
  /** Spending by primary category in a period, in cents, from the raw rows. */
  const spendingByPrimary = (period: { start: string; end: string }) =>
    new Map(
      [...groupBy(postedIn(period).filter(isSpending), (row) => row.primary)].map(
        ([key, items]) => [key, toCentsRef(-sum(items))] as const,
      ),
    );

  it('total: spending on a category, its transactions, the reading and the headline', async () => {
    const result = await run({ periods: [month], filters: { categories: ['FOOD_AND_DRINK_GROCERIES'] } });
    const mine = postedIn(month).filter((row) => row.detailed === 'FOOD_AND_DRINK_GROCERIES');
    expect(mine.length).toBeGreaterThan(0);
    const figures = result.data.periods[0];
    expect(figures?.total).toBe(moneyText(-sum(mine)));
    expect(figures?.transactionCount).toBe(mine.length);
    expect(figures?.count).toBe(purchases(mine).length);
    expect(result.facts[0]).toBe(
      `Spending on Groceries in ${monthOf(month.start)}: ${dollars(moneyText(-sum(mine)))} across ${mine.length} transaction${mine.length === 1 ? '' : 's'}.`,
    );
    expect((result.data as { reading?: string }).reading).toBe(
      `Spending on Groceries, ${monthOf(month.start)}, posted transactions`,
    );
    expect(result.provenance).toEqual({
      accounts: [...new Set(mine.map((row) => accountNames.get(row.accountId)))].sort(),
      period: month,
      transactionCount: mine.length,
    });
    expect(result.blocks.map((item) => item.block.type)).toEqual(['content']);
  });

  it('total over months: the one figure, and the months it came from as a line', async () => {
    const quarter = { start: firstOfMonth(today, 3), end: month.end };
    const result = await run({ periods: [quarter], filters: { categories: ['FOOD_AND_DRINK'] } });
    const mine = postedIn(quarter).filter((row) => row.primary === 'FOOD_AND_DRINK');
    expect(result.data.periods[0]?.total).toBe(moneyText(-sum(mine)));
    expect(result.blocks.map((item) => item.block.type)).toEqual(['content', 'line']);
    const line = result.blocks[1]?.block as {
      title: string;
      labels: string[];
      datasets: Array<{ data: number[] }>;
    };
    const months = [3, 2, 1].map((back) => firstOfMonth(today, back).slice(0, 7));
    expect(line.labels).toEqual(months);
    expect(line.datasets[0]?.data).toEqual(
      months.map((key) => Number(moneyText(-sum(mine.filter((row) => row.date.startsWith(key)))))),
    );
  });

  it('count: purchases at a merchant named in part and in another case', async () => {
    const period = quarter;
    const matches = (row: Row) => (row.merchant ?? row.name).toLowerCase().includes('starb');
    const mine = postedIn(period).filter((row) => isSpending(row) && matches(row));
    expect(mine.length).toBeGreaterThan(1);
    const result = await run({
      statistic: 'count',
      periods: [{ ...period, label: 'the quarter' }],
      filters: { merchants: ['STARB'] },
    });
    const figures = result.data.periods[0];
    expect(figures?.count).toBe(purchases(mine).length);
    expect(figures?.total).toBe(moneyText(-sum(mine)));
    // How often, over the quarter's three calendar months: the count a month, to one decimal.
    const tenths = divRound(BigInt(purchases(mine).length) * 10n, 3n);
    const rate = tenths % 10n === 0n ? `${tenths / 10n}` : `${tenths / 10n}.${tenths % 10n}`;
    expect(result.facts[0]).toBe(
      `Purchases at STARB in the quarter: ${purchases(mine).length} transactions (${dollars(moneyText(-sum(mine)))} in total), about ${rate} ${rate === '1' ? 'purchase' : 'purchases'} a month.`,
    );
  });

  it('count over less than two calendar months states no rate', async () => {
    const result = await run({ statistic: 'count', periods: [month] });
    expect(result.facts[0]).not.toMatch(/a month\./);
    expect(result.data.periods[0]?.countPerMonth).toBeNull();
  });

  it('average per month, week, day and transaction, with the divisor stated', async () => {
    const mine = postedIn(quarter);
    const totalCents = toCentsRef(spent(mine));
    const days = BigInt(daysBetween(quarter.start, quarter.end));
    const count = BigInt(purchases(mine).length);
    const cases = [
      { per: 'month', value: divRound(totalCents, 3n), divisor: '3', words: 'a month over 3 months' },
      {
        per: 'week',
        value: divRound(totalCents * 7n, days),
        divisor: (Number(days) / 7).toFixed(1),
        words: `a week over ${(Number(days) / 7).toFixed(1)} weeks (${days} days`,
      },
      {
        per: 'day',
        value: divRound(totalCents, days),
        divisor: String(days),
        words: `a day over ${days} days`,
      },
      {
        per: 'transaction',
        value: divRound(totalCents, count),
        divisor: String(count),
        words: `a transaction over ${count} transactions`,
      },
    ] as const;
    for (const item of cases) {
      const result = await run({ statistic: 'average', per: item.per, periods: [quarter] });
      const average = result.data.periods[0]?.average;
      expect(average?.value).toBe(centsText(item.value));
      expect(average?.divisor).toBe(item.divisor);
      expect(result.facts[0]).toContain(`: ${dollars(centsText(item.value))} ${item.words}`);
      expect(result.facts[0]).toContain(`${dollars(centsText(totalCents))} in total`);
    }
    const monthly = await run({ statistic: 'average', periods: [quarter] });
    expect(monthly.facts[0]).toMatch(/^Average monthly spending, /);

    // Per weekend: weekend spending over the period's Saturdays, counted day by day.
    let saturdays = 0n;
    for (let day = quarter.start; day <= quarter.end; day = nextDay(day))
      if (new Date(`${day}T00:00:00Z`).getUTCDay() === 6) saturdays++;
    const weekendRows = mine.filter((row) => [0, 6].includes(new Date(`${row.date}T00:00:00Z`).getUTCDay()));
    const weekendCents = toCentsRef(spent(weekendRows));
    const perWeekend = await run({
      statistic: 'average',
      per: 'weekend',
      periods: [quarter],
      filters: { days: 'weekends' },
    });
    expect(perWeekend.data.periods[0]?.average?.divisor).toBe(String(saturdays));
    expect(perWeekend.facts[0]).toContain(
      `: ${dollars(centsText(divRound(weekendCents, saturdays)))} a weekend over ${saturdays} weekends`,
    );
  });

  it('largest and smallest: single purchases and income payments ranked', async () => {
    const year = { start: firstOfMonth(today, 12), end: month.end };
    const bought = purchases(postedIn(year));
    const abs = (row: Row) => (usdOf(row) < 0n ? -usdOf(row) : usdOf(row));
    const byAmount = (a: Row, b: Row) =>
      abs(b) > abs(a) ? 1 : abs(b) < abs(a) ? -1 : a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1;
    const largest = [...bought].sort(byAmount).slice(0, 3);
    const result = await run({ statistic: 'largest', top: 3, periods: [year] });
    const listed = result.data.periods[0]?.transactions ?? [];
    expect(listed.map((row) => row.amount)).toEqual(largest.map((row) => moneyText(usdOf(row))));
    expect(result.data.periods[0]?.count).toBe(bought.length);
    expect(result.facts[0]).toContain(`The 3 largest purchases`);
    expect(result.facts[0]).toContain(`out of ${bought.length.toLocaleString('en-US')} transactions`);
    expect(result.facts[1]).toContain(`1. ${dollars(moneyText(abs(largest[0] as Row)))} at `);
    // Equal amounts (the year's rent payments) make no chart: the table says it.
    const allEqual = largest.every((row) => abs(row) === abs(largest[0] as Row));
    expect(result.blocks.map((item) => item.block.type)).toEqual(
      allEqual ? ['content', 'table'] : ['content', 'bar', 'table'],
    );
    // The headline (the result card's lead, decision 0021) names the largest purchase, not only its amount.
    const [headline] = result.blocks;
    const named = listed[0];
    expect(((headline?.block ?? {}) as { content?: string }).content?.split('\n')[0]).toBe(
      `/1 ${escapeMarkup(named?.merchant ?? named?.name ?? '')} @currency(USD) ${moneyText(abs(largest[0] as Row))}`,
    );

    const smallest = [...bought].sort((a, b) => -byAmount(a, b) || a.id - b.id)[0] as Row;
    const one = await run({ statistic: 'smallest', top: 1, periods: [year] });
    expect(one.data.periods[0]?.transactions.map((row) => row.amount)).toEqual([moneyText(usdOf(smallest))]);
    expect(one.facts[0]).toMatch(/^The smallest purchase /);
    expect(one.facts[0]).toContain(`: ${dollars(moneyText(abs(smallest)))} at `);

    const paid = postedIn(year).filter((row) => isIncome(row) && usdOf(row) > 0n);
    const income = await run({ measure: 'income', statistic: 'largest', top: 1, periods: [year] });
    const top = [...paid].sort(byAmount)[0] as Row;
    expect(income.data.periods[0]?.transactions[0]?.amount).toBe(moneyText(usdOf(top)));
    expect(income.facts[0]).toMatch(/^The largest income payment /);
  });

  it('share: a category as a percentage of all spending, and each category of the total', async () => {
    const all = postedIn(month);
    const food = all.filter((row) => row.primary === 'FOOD_AND_DRINK');
    const part = toCentsRef(-sum(food));
    const whole = toCentsRef(spent(all));
    const percent = Number(divRound(part * 1000n, whole)) / 10;
    const result = await run({
      statistic: 'share',
      periods: [month],
      filters: { categories: ['FOOD_AND_DRINK'] },
    });
    // By number: the category's purchases of all purchases.
    const count = purchases(food).length;
    const wholeCount = purchases(all).length;
    const countPercent = Number(divRound(BigInt(count) * 1000n, BigInt(wholeCount))) / 10;
    expect(result.data.periods[0]?.share).toEqual({
      whole: centsText(whole),
      percent,
      wholeCount,
      countPercent,
    });
    expect(result.facts[0]).toBe(
      `Food and drink came to ${percent.toFixed(1)}% of your spending in ${monthOf(month.start)} (${dollars(centsText(part))} of ${dollars(centsText(whole))}; everything else ${dollars(centsText(whole - part))}); by number, ${count} of your ${wholeCount} purchases (${countPercent.toFixed(1)}%).`,
    );
    const byNumber = await run({
      statistic: 'share',
      share_by: 'count',
      periods: [month],
      filters: { categories: ['FOOD_AND_DRINK'] },
    });
    expect(byNumber.data.periods[0]?.value).toBe(countPercent.toFixed(1));
    expect(byNumber.facts[0]).toMatch(/^Food and drink, by number of purchases: /);

    // Within a category: groceries of food and drink.
    const groceries = food.filter((row) => row.detailed === 'FOOD_AND_DRINK_GROCERIES');
    const ofFood = Number(divRound(toCentsRef(-sum(groceries)) * 1000n, part)) / 10;
    const within = await run({
      statistic: 'share',
      share_within: ['FOOD_AND_DRINK'],
      periods: [month],
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES'] },
    });
    expect(within.data.periods[0]?.share.whole).toBe(centsText(part));
    expect(within.data.periods[0]?.share.percent).toBe(ofFood);
    expect(within.facts[0]).toContain(`of your spending on Food and drink in ${monthOf(month.start)}`);

    const grouped = await run({ statistic: 'share', group_by: 'category', periods: [month] });
    const byPrimary = groupBy(all.filter(isSpending), (row) => row.primary);
    const groups = grouped.data.periods[0]?.groups ?? [];
    expect(groups.length).toBe(Math.min(10, byPrimary.size));
    for (const group of groups) {
      const cents = toCentsRef(-sum(byPrimary.get(group.key) ?? []));
      expect(group.total).toBe(centsText(cents));
      expect(group.sharePercent).toBe(Number(divRound(cents * 1000n, whole)) / 10);
    }
    expect(grouped.facts[1]).toMatch(/^1\. .+: \d+\.\d% \(\$/);
  });

  it('weekends and weekdays: a filter and a split, by the posted date', async () => {
    const isWeekend = (row: Row) => [0, 6].includes(new Date(`${row.date}T00:00:00Z`).getUTCDay());
    const mine = postedIn(quarter);
    const weekends = toCentsRef(spent(mine.filter(isWeekend)));
    const weekdays = toCentsRef(spent(mine.filter((row) => !isWeekend(row))));
    const filtered = await run({ periods: [quarter], filters: { days: 'weekends' } });
    expect(filtered.data.periods[0]?.total).toBe(centsText(weekends));
    expect(filtered.facts[0]).toMatch(/^Spending on weekends /);
    const split = await run({ periods: [quarter], group_by: 'day_type' });
    const groups = split.data.periods[0]?.groups ?? [];
    expect(Object.fromEntries(groups.map((group) => [group.label, group.total]))).toEqual({
      Weekends: centsText(weekends),
      Weekdays: centsText(weekdays),
    });
    // Per day, each kind of day is divided by its own days, counted one by one.
    let weekendDays = 0n;
    let weekdayDays = 0n;
    for (let day = quarter.start; day <= quarter.end; day = nextDay(day)) {
      if ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) weekendDays++;
      else weekdayDays++;
    }
    const weekdayAverage = await run({
      statistic: 'average',
      per: 'day',
      periods: [quarter],
      filters: { days: 'weekdays' },
    });
    expect(weekdayAverage.data.periods[0]?.average).toMatchObject({
      value: centsText(divRound(weekdays, weekdayDays)),
      divisor: String(weekdayDays),
    });
    const perDay = await run({ statistic: 'average', per: 'day', periods: [quarter], group_by: 'day_type' });
    expect(
      Object.fromEntries((perDay.data.periods[0]?.groups ?? []).map((group) => [group.label, group.average])),
    ).toEqual({
      Weekends: centsText(divRound(weekends, weekendDays)),
      Weekdays: centsText(divRound(weekdays, weekdayDays)),
    });
  });

  it('group_by merchant: the top groups, largest first, and the rest together', async () => {
    const mine = postedIn(quarter).filter(isSpending);
    const byMerchant = [...groupBy(mine, (row) => row.merchant ?? row.name)].map(
      ([name, items]) => [name, toCentsRef(-sum(items)), items.length] as const,
    );
    byMerchant.sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0] < b[0] ? -1 : 1));
    const result = await run({ group_by: 'merchant', top: 5, periods: [quarter] });
    const figures = result.data.periods[0];
    expect(figures?.groupCount).toBe(byMerchant.length);
    expect(figures?.groups.map((group) => [group.key, group.total, group.transactionCount])).toEqual(
      byMerchant.slice(0, 5).map(([name, cents, count]) => [name, centsText(cents), count]),
    );
    const rest = byMerchant.slice(5);
    expect(figures?.other).toEqual({
      total: centsText(rest.reduce((total, [, cents]) => total + cents, 0n)),
      count:
        purchases(mine).length -
        purchases(
          mine.filter((row) => byMerchant.slice(0, 5).some(([name]) => name === (row.merchant ?? row.name))),
        ).length,
      transactionCount: rest.reduce((total, [, , count]) => total + count, 0),
      groups: rest.length,
    });
    const [first] = byMerchant;
    expect(result.facts[1]).toMatch(
      new RegExp(
        `^1\\. ${(first?.[0] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\$[\\d,]+\\.\\d\\d \\(\\d+ transactions?, \\d+\\.\\d%\\)$`,
      ),
    );
    expect(result.facts.at(-1)).toMatch(new RegExp(`^Other merchants \\(${rest.length}\\): `));
    expect(result.blocks.map((item) => item.block.type)).toEqual(['content', 'bar', 'table']);
  });

  it('group_by category within a category (its detailed parts) and by account, with an account filter', async () => {
    const mine = postedIn(quarter).filter((row) => row.primary === 'FOOD_AND_DRINK');
    const result = await run({
      group_by: 'category',
      periods: [quarter],
      filters: { categories: ['FOOD_AND_DRINK'] },
    });
    const byDetailed = groupBy(mine, (row) => row.detailed);
    const groups = result.data.periods[0]?.groups ?? [];
    expect(new Set(groups.map((group) => group.key))).toEqual(new Set(byDetailed.keys()));
    for (const group of groups) expect(group.total).toBe(moneyText(-sum(byDetailed.get(group.key) ?? [])));

    const byAccount = await run({ group_by: 'account', periods: [quarter] });
    const spentByAccount = groupBy(postedIn(quarter).filter(isSpending), (row) => row.accountId);
    expect(byAccount.data.periods[0]?.groups.length).toBe(spentByAccount.size);
    for (const group of byAccount.data.periods[0]?.groups ?? []) {
      expect(group.label).toBe(accountNames.get(group.key ?? ''));
      expect(group.total).toBe(moneyText(-sum(spentByAccount.get(group.key ?? '') ?? [])));
    }

    const [checkingId, checkingName] = [...accountNames].find(([, name]) => /checking/i.test(name)) ?? [];
    const onChecking = await run({
      periods: [quarter],
      filters: { account: (checkingName ?? '').toUpperCase() },
    });
    const checkingRows = postedIn(quarter).filter((row) => isSpending(row) && row.accountId === checkingId);
    expect(onChecking.data.periods[0]?.total).toBe(moneyText(-sum(checkingRows)));
    expect(onChecking.data.filters.accounts).toEqual([checkingName]);
    expect(onChecking.facts[0]).toContain(`Spending from ${checkingName} `);
  });

  it('group_by category with several categories named: each named one is a group, as named', async () => {
    // 'more on food or on rides': a primary and a detailed code side by side.
    const named = ['FOOD_AND_DRINK', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'];
    const result = await run({ group_by: 'category', periods: [quarter], filters: { categories: named } });
    const groups = result.data.periods[0]?.groups ?? [];
    const food = postedIn(quarter).filter((row) => isSpending(row) && row.primary === 'FOOD_AND_DRINK');
    const rides = postedIn(quarter).filter(
      (row) => isSpending(row) && row.detailed === 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
    );
    expect(food.length).toBeGreaterThan(0);
    expect(Object.fromEntries(groups.map((group) => [group.key, group.total]))).toEqual(
      Object.fromEntries(
        [
          ['FOOD_AND_DRINK', food],
          ['TRANSPORTATION_TAXIS_AND_RIDE_SHARES', rides],
        ]
          .filter(([, rows]) => (rows as typeof food).length > 0)
          .map(([code, rows]) => [code, moneyText(-sum(rows as typeof food))]),
      ),
    );
  });

  it('filters: an amount range on money out and words in the description or merchant', async () => {
    // Bounds are on money moving the measure's way: for spending, money out (refunds are not purchases).
    const mine = postedIn(quarter).filter((row) => {
      const out = -usdOf(row);
      return isSpending(row) && out >= 20_000_000n && out <= 100_500_000n;
    });
    const ranged = await run({ periods: [quarter], filters: { min_amount: 20, max_amount: '100.5' } });
    expect(ranged.data.periods[0]?.total).toBe(moneyText(-sum(mine)));
    expect(ranged.data.periods[0]?.transactionCount).toBe(mine.length);
    expect(ranged.facts[0]).toContain('in transactions of $20.00 to $100.50');
    // An upper bound alone keeps refunds (money in, of any size) out too.
    const small = postedIn(quarter).filter(
      (row) => isSpending(row) && -usdOf(row) > 0n && -usdOf(row) <= 10_000_000n,
    );
    const under = await run({ periods: [quarter], filters: { max_amount: 10 } });
    expect(under.data.periods[0]?.total).toBe(moneyText(-sum(small)));
    expect(under.data.periods[0]?.transactionCount).toBe(small.length);

    const word = 'coffee';
    const texts = postedIn(quarter).filter(
      (row) => isSpending(row) && `${row.name}\n${row.merchant ?? ''}`.toLowerCase().includes(word),
    );
    expect(texts.length).toBeGreaterThan(0);
    const found = await run({ periods: [quarter], filters: { text: 'CoFFee' } });
    expect(found.data.periods[0]?.total).toBe(moneyText(-sum(texts)));
    expect(found.facts[0]).toContain('matching "CoFFee"');

    // LIKE's wildcards are plain characters in a filter.
    const wild = await run({ periods: [quarter], filters: { text: '%' } });
    const percentRows = postedIn(quarter).filter(
      (row) => isSpending(row) && `${row.name}${row.merchant ?? ''}`.includes('%'),
    );
    expect(wild.data.periods[0]?.transactionCount).toBe(percentRows.length);
  });

  it('exclusions: categories and merchants left out, uncategorised transactions kept', async () => {
    const all = postedIn(quarter);
    const merchant = all.find((row) => isSpending(row) && row.merchant)?.merchant as string;
    const kept = all.filter(
      (row) =>
        isSpending(row) &&
        row.primary !== 'FOOD_AND_DRINK' &&
        // A merchant is matched whole or in part, as the merchants filter matches it.
        !(row.merchant ?? row.name).toLowerCase().includes(merchant.toLowerCase()),
    );
    const result = await run({
      periods: [quarter],
      filters: { exclude_categories: ['FOOD_AND_DRINK'], exclude_merchants: [merchant] },
    });
    expect(result.data.periods[0]?.total).toBe(moneyText(-sum(kept)));
    expect(result.data.periods[0]?.transactionCount).toBe(kept.length);
    expect(result.facts[0]).toContain(`excluding Food and drink and ${merchant}`);
  });

  it('income and net cash flow', async () => {
    const mine = postedIn(quarter);
    const income = sum(mine.filter(isIncome));
    const result = await run({ measure: 'income', periods: [quarter] });
    expect(result.data.periods[0]?.total).toBe(moneyText(income));
    // All income is one primary category: grouped, it is split into its detailed kinds.
    const kinds = await run({ measure: 'income', group_by: 'category', periods: [quarter] });
    const byKind = groupBy(mine.filter(isIncome), (row) => row.detailed);
    const kindGroups = kinds.data.periods[0]?.groups ?? [];
    expect(byKind.size).toBeGreaterThan(1);
    expect(new Set(kindGroups.map((group) => group.key))).toEqual(new Set(byKind.keys()));
    for (const group of kindGroups) expect(group.total).toBe(moneyText(sum(byKind.get(group.key) ?? [])));
    const net = await run({ measure: 'net_cash_flow', statistic: 'count', periods: [quarter] });
    expect(net.data.periods[0]?.total).toBe(moneyText(income - spent(mine)));
    expect(net.data.periods[0]?.count).toBe(
      purchases(mine).length + mine.filter((row) => isIncome(row) && usdOf(row) > 0n).length,
    );
  });

  it('net cash flow by month: each month in the red is counted and named', async () => {
    const months = [6, 5, 4, 3, 2, 1].map((back) => firstOfMonth(today, back));
    const period = { start: months[0] ?? today, end: lastOfMonth(months.at(-1) ?? today) };
    const result = await run({ measure: 'net_cash_flow', group_by: 'month', periods: [period] });
    const nets = months.map((start) => {
      const mine = postedIn({ start, end: lastOfMonth(start) });
      return toCentsRef(sum(mine.filter(isIncome)) - spent(mine));
    });
    expect(result.data.periods[0]?.groups.map((group) => group.value)).toEqual(nets.map(centsText));
    const red = nets.filter((net) => net < 0n).length;
    expect(result.facts.join('\n')).toContain(
      `In the red (more spent than came in): ${red} ${red === 1 ? 'month' : 'months'} of 6`,
    );
    // Months ranked by what was kept: the month with the largest net first.
    const ranked = await run({
      measure: 'net_cash_flow',
      statistic: 'largest',
      group_by: 'month',
      top: 1,
      periods: [period],
    });
    const best = nets.reduce((a, b) => (b > a ? b : a));
    expect(ranked.data.periods[0]?.groups[0]?.value).toBe(centsText(best));
  });

  it('group_by month: a zero-filled series with its highest, lowest and average month', async () => {
    const first = rows.reduce((earliest, row) => (row.date < earliest ? row.date : earliest), today);
    const period = { start: firstOfMonth(first, 2), end: lastOfMonth(firstOfMonth(first, -2)) };
    const result = await run({ group_by: 'month', periods: [period] });
    const figures = result.data.periods[0];
    const months = [0, 1, 2, 3, 4]
      .map((back) => firstOfMonth(firstOfMonth(first, -2), back).slice(0, 7))
      .reverse();
    expect(figures?.groups.map((group) => group.key)).toEqual(months);
    const values = months.map((key) =>
      toCentsRef(spent(postedIn(period).filter((row) => row.date.startsWith(key)))),
    );
    expect(figures?.groups.map((group) => group.value)).toEqual(values.map(centsText));
    expect(values[0]).toBe(0n);
    const highest = values.reduce((a, b) => (b > a ? b : a));
    const lowest = values.reduce((a, b) => (b < a ? b : a));
    expect(figures?.series?.highest.value).toBe(centsText(highest));
    expect(figures?.series?.lowest.value).toBe(centsText(lowest));
    expect(figures?.series?.average).toBe(
      centsText(
        divRound(
          values.reduce((a, b) => a + b, 0n),
          5n,
        ),
      ),
    );
    expect(result.facts[0]).toContain(
      `average ${dollars(
        centsText(
          divRound(
            values.reduce((a, b) => a + b, 0n),
            5n,
          ),
        ),
      )} a month over 5 months`,
    );
    expect(result.blocks.map((item) => item.block.type)).toEqual(['content', 'line', 'table']);
  });

  it('group_by week: weeks start on Monday, counts per week', async () => {
    const result = await run({ statistic: 'count', group_by: 'week', periods: [month] });
    const groups = result.data.periods[0]?.groups ?? [];
    expect(groups[0]?.key).toBe(mondayOf(month.start));
    for (const group of groups) {
      expect(new Date(`${group.key}T00:00:00Z`).getUTCDay()).toBe(1);
      const inWeek = postedIn(month).filter((row) => mondayOf(row.date) === group.key);
      expect(group.count).toBe(purchases(inWeek).length);
    }
    expect(groups.at(-1)?.key).toBe(mondayOf(month.end));
  });

  it('group_by quarter: calendar quarters, labelled "Q3 2026", each the sum of its own months', async () => {
    const year = { start: firstOfMonth(today, 12), end: month.end };
    const result = await run({ group_by: 'quarter', periods: [year] });
    const groups = result.data.periods[0]?.groups ?? [];
    const quarterKey = (day: string) =>
      `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
    const keys = [...new Set(postedIn(year).map((row) => quarterKey(row.date)))].sort();
    expect(groups.map((group) => group.key)).toEqual(keys);
    for (const group of groups) {
      const inQuarter = postedIn(year).filter((row) => quarterKey(row.date) === group.key);
      expect(group.total).toBe(centsText(toCentsRef(spent(inQuarter))));
      expect(group.label).toBe(`${group.key?.slice(5)} ${group.key?.slice(0, 4)}`);
    }
    expect(result.facts[0]).toContain('by quarter');
  });

  it('largest with a grouping: the months ranked by their total', async () => {
    const year = { start: firstOfMonth(today, 12), end: month.end };
    const byMonth = [...groupBy(postedIn(year).filter(isSpending), (row) => row.date.slice(0, 7))]
      .map(([key, items]) => [key, toCentsRef(-sum(items))] as const)
      .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0] < b[0] ? -1 : 1));
    const result = await run({ statistic: 'largest', group_by: 'month', top: 2, periods: [year] });
    expect(result.data.periods[0]?.groups.map((group) => [group.key, group.total])).toEqual(
      byMonth.slice(0, 2).map(([key, cents]) => [key, centsText(cents)]),
    );
    expect(result.facts[0]).toMatch(/^The 2 months with the largest spending /);
  });

  it('two periods: each figure, the difference and the change relative to the second', async () => {
    const first = { start: firstOfMonth(today, 6), end: lastOfMonth(firstOfMonth(today, 4)), label: 'Q-a' };
    const second = { start: firstOfMonth(today, 3), end: month.end, label: 'Q-b' };
    const a = toCentsRef(spent(postedIn(first)));
    const b = toCentsRef(spent(postedIn(second)));
    const result = await run({ periods: [first, second] });
    expect(result.data.periods.map((figures) => figures.total)).toEqual([centsText(a), centsText(b)]);
    expect(result.data.comparison?.difference).toBe(centsText(a - b));
    const change = Number(divRound((a - b) * 1000n, b)) / 10;
    expect(result.data.comparison?.changePercent).toBe(change);
    const size = a - b < 0n ? b - a : a - b;
    expect(result.facts[0]).toBe(
      `Spending: ${dollars(centsText(a))} in Q-a vs ${dollars(centsText(b))} in Q-b, ${dollars(centsText(size))} ${a >= b ? 'more' : 'less'} in Q-a (${change > 0 ? '+' : ''}${change.toFixed(1)}%).`,
    );
    expect(result.provenance.period).toEqual({ start: first.start, end: second.end });

    const grouped = await run({ group_by: 'category', periods: [first, second], top: 4 });
    const totals = spendingByPrimary;
    const [ta, tb] = [totals(first), totals(second)];
    const changes = [...new Set([...ta.keys(), ...tb.keys()])]
      .map((key) => [key, (ta.get(key) ?? 0n) - (tb.get(key) ?? 0n)] as const)
      .map(([key, difference]) => [key, difference < 0n ? -difference : difference] as const)
      .sort((x, y) => (y[1] > x[1] ? 1 : y[1] < x[1] ? -1 : 0));
    const listed = grouped.data.comparison?.groups ?? [];
    expect(listed.length).toBe(4);
    for (const [index, group] of listed.entries()) {
      expect(group.values).toEqual([centsText(ta.get(group.key) ?? 0n), centsText(tb.get(group.key) ?? 0n)]);
      expect(group.difference.replace('-', '')).toBe(centsText(changes[index]?.[1] ?? -1n));
    }
    expect(grouped.facts[1]).toBe('By category, largest change first:');
    expect(grouped.blocks.map((item) => item.block.type)).toEqual(['content', 'bar', 'table']);
  });

  it('two periods grouped by the change one way: only the groups that rose, the largest rise first', async () => {
    const first = { start: firstOfMonth(today, 1), end: month.end };
    const second = { start: firstOfMonth(today, 2), end: lastOfMonth(firstOfMonth(today, 2)) };
    const totals = spendingByPrimary;
    const [ta, tb] = [totals(first), totals(second)];
    const rises = [...new Set([...ta.keys(), ...tb.keys()])]
      .map((key) => [key, (ta.get(key) ?? 0n) - (tb.get(key) ?? 0n)] as const)
      .filter(([, difference]) => difference > 0n)
      .sort((x, y) => (y[1] > x[1] ? 1 : y[1] < x[1] ? -1 : 0));
    const result = await run({ group_by: 'category', periods: [first, second], change: 'increase', top: 50 });
    expect(result.data.comparison?.groups.map((group) => [group.key, group.difference])).toEqual(
      rises.map(([key, difference]) => [key, centsText(difference)]),
    );
    expect(result.facts[1]).toBe(
      rises.length > 0 ? 'By category, largest increase first (only those that rose):' : 'No category rose.',
    );
  });

  it('two periods broken down, not ranked by change: the groups by the larger of their two totals', async () => {
    const first = { start: firstOfMonth(today, 1), end: month.end };
    const second = { start: firstOfMonth(today, 2), end: lastOfMonth(firstOfMonth(today, 2)) };
    const totals = spendingByPrimary;
    const [ta, tb] = [totals(first), totals(second)];
    const larger = (key: string | null) => {
      const [a, b] = [ta.get(key ?? '') ?? 0n, tb.get(key ?? '') ?? 0n];
      return a > b ? a : b;
    };
    const result = await run({ group_by: 'category', periods: [first, second], change: 'none', top: 50 });
    const listed = result.data.comparison?.groups ?? [];
    expect(listed.length).toBe(new Set([...ta.keys(), ...tb.keys()]).size);
    for (const [index, group] of listed.entries()) {
      expect(group.values).toEqual([
        centsText(ta.get(group.key ?? '') ?? 0n),
        centsText(tb.get(group.key ?? '') ?? 0n),
      ]);
      if (index > 0) expect(larger(listed[index - 1]?.key ?? null) >= larger(group.key)).toBe(true);
    }
    expect(result.facts[1]).toBe('By category, largest first:');
  });

  it('says so when a period has nothing in it', async () => {
    const result = await run({
      periods: [{ start: '1990-04-01', end: '1990-06-30', label: 'Q2 1990' }],
      filters: { categories: ['TRANSPORTATION_GAS'] },
    });
    expect(result.facts[0]).toBe('No spending on Gas and fuel in Q2 1990 ($0.00, 0 transactions).');
    expect(result.provenance.transactionCount).toBe(0);
  });

  it('refuses combinations that mean nothing, with a sentence a user can read', async () => {
    const refusals: Array<[LedgerQueryInput, RegExp]> = [
      [{ measure: 'net_cash_flow', statistic: 'largest', periods: [month] }, /net cash flow means nothing/],
      [{ statistic: 'share', group_by: 'month', periods: [quarter] }, /share by month means nothing/],
      [{ periods: [{ start: month.end, end: month.start }] }, /starts .* after it ends/],
      [
        { group_by: 'month', periods: [{ start: '2000-01-01', end: '2010-01-31' }] },
        /121 months, more than the 120/,
      ],
      [
        { group_by: 'week', periods: [{ start: '2000-01-01', end: '2008-01-31' }] },
        /weeks, more than the 400/,
      ],
      [
        { periods: [month], filters: { min_amount: 50, max_amount: 10 } },
        /smallest amount .* larger than the largest/,
      ],
      [
        { periods: [month], filters: { categories: ['NOT_A_CATEGORY'] } },
        /Unknown category "NOT_A_CATEGORY"/,
      ],
    ];
    for (const [input, message] of refusals) {
      const parsed = toolInputSchemas.ledger_query.parse(input);
      const error = await financeTools.ledger_query
        .execute(parsed, { userId: ada.user.id, services: t.services, today })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('request:invalid');
      expect((error as ServiceError).message).toMatch(message);
    }
  });

  it('describes any input without throwing, even one a model got wrong', () => {
    const junk: unknown[] = [
      undefined,
      null,
      {},
      { periods: 'soon' },
      { periods: [{ start: 5 }] },
      { filters: { categories: [7] } },
      'text',
    ];
    for (const input of junk) {
      const text = financeTools.ledger_query.describe(input as never);
      expect(typeof text).toBe('string');
      expect(text.length).toBeGreaterThan(10);
    }
    expect(
      financeTools.ledger_query.describe(
        toolInputSchemas.ledger_query.parse({
          statistic: 'largest',
          top: 3,
          filters: { merchants: ['Amazon'] },
          periods: [{ start: '2026-01-01', end: '2026-11-26', label: '2026 so far' }],
        }),
      ),
    ).toBe('Working out the 3 largest purchases at Amazon, 2026 so far');
  });
});
