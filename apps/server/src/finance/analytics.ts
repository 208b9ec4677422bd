import { accountMessages } from '@penny/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';
import {
  type CategoryEntry,
  categoryEntry,
  categoryLabel,
  SUBSCRIPTION_CATEGORIES,
  suggestCategories,
} from './categories.ts';

/**
 * The finance analytics the agent's tools read: every figure is an SQL aggregation over the acting
 * user's own ledger rows (each query starts from `user_id = $user`, on the ledger_transaction
 * (user_id, date) and (user_id, account_id, date, id) indexes), and money stays SQL numeric until it
 * leaves as a decimal string with two places. JavaScript only adds integer cents where it must.
 *
 * The shared definitions (packages/contracts/src/agent-tools.ts):
 * - Only posted transactions count.
 * - Spending: -Σ amount over transactions whose primary category is not INCOME, TRANSFER_IN,
 *   TRANSFER_OUT or INVESTMENT and whose detailed category is not LOAN_PAYMENTS_CREDIT_CARD_PAYMENT.
 *   Refunds in a category reduce its spending. (A transaction without a category is spending.)
 * - Income: Σ amount over transactions whose primary category is INCOME.
 * - Amounts in USD: amount_usd where the ledger has it, else the amount when the currency is USD;
 *   transactions with neither are left out of every figure.
 */

/** A decimal string with two places ('1234.50', '-12.00'). */
export type Money = string;
/** ISO days, both ends included. */
export type Period = { start: string; end: string };

export type AnalyticsAccount = {
  id: string;
  /** The account's name, made unique among the user's accounts ('Everyday Checking (First Platypus Bank)'). */
  displayName: string;
  name: string;
  officialName: string | null;
  mask: string | null;
  kind: string;
  subtype: string | null;
  platform: 'plaid' | 'snaptrade' | 'web3';
  /** The connection's name ('First_Platypus_Bank_plaid'). */
  connectionName: string;
  institution: string | null;
  /** The account's own currency and balances in it. */
  currency: string;
  current: string | null;
  available: string | null;
  limit: string | null;
  /** The balance in USD (+ = asset, owed is negative); null when the ledger has no USD value. */
  balanceUsd: Money | null;
  transactionCount: number;
  /** Wallets: the chain and the public address. */
  chain: string | null;
  address: string | null;
};

export type CategoryTotal = {
  /** The category code (null: transactions without a category). */
  code: string | null;
  label: string;
  amount: Money;
  count: number;
  /** Share of the period's total, in percent with one decimal; null when the total is not positive. */
  sharePercent: number | null;
};

export type SpendingByCategory = {
  period: Period;
  /** The category filter, when one was given. */
  category: { code: string; label: string; level: 'primary' | 'detailed' } | null;
  /** The accounts the filter named (empty: all accounts). */
  accountFilter: string[];
  total: Money;
  transactionCount: number;
  /** Primary categories, largest first, each with its detailed categories, largest first. */
  categories: Array<CategoryTotal & { detailed: CategoryTotal[] }>;
  /** Display names of the accounts whose transactions were counted. */
  accountsRead: string[];
};

export type MerchantTotal = {
  /** The merchant, or the transaction's description when the bank named no merchant. */
  name: string;
  amount: Money;
  count: number;
  sharePercent: number | null;
};

export type SpendingByMerchant = {
  period: Period;
  category: { code: string; label: string; level: 'primary' | 'detailed' } | null;
  merchantFilter: string | null;
  accountFilter: string[];
  total: Money;
  transactionCount: number;
  merchantCount: number;
  /** The largest merchants, at most `limit`. */
  merchants: MerchantTotal[];
  /** Spending at the merchants not listed. */
  otherAmount: Money;
  accountsRead: string[];
};

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

export type TransactionRow = {
  id: number;
  date: string;
  accountId: string;
  account: string;
  name: string;
  merchant: string | null;
  categoryPrimary: string | null;
  categoryDetailed: string | null;
  categoryLabel: string;
  /** USD, + = money in. */
  amount: Money;
  /** The amount in the transaction's own currency (a wallet's coin), when it is not USD. */
  nativeAmount: string;
  currency: string;
};

export type TransactionSearch = {
  filters: {
    text: string | null;
    merchant: string | null;
    category: string | null;
    minAmount: string | null;
    maxAmount: string | null;
    direction: 'in' | 'out' | null;
    start: string | null;
    end: string | null;
    accounts: string[];
  };
  /** Every matching transaction, not just the ones listed. */
  count: number;
  /** Σ amount of every match (+ = money in), and its two sides. */
  net: Money;
  moneyIn: Money;
  moneyOut: Money;
  /** First and last day among the matches. */
  firstDate: string | null;
  lastDate: string | null;
  /** Newest first, at most `limit`. */
  transactions: TransactionRow[];
  hasMore: boolean;
  accountsRead: string[];
};

export type LargestTransactions = {
  period: Period;
  direction: 'in' | 'out';
  category: { code: string; label: string; level: 'primary' | 'detailed' } | null;
  accountFilter: string[];
  /** How many transactions were ranked. */
  consideredCount: number;
  /** Largest absolute amount first. */
  transactions: TransactionRow[];
  accountsRead: string[];
};

export type Cadence = 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly';

export type RecurringPayment = {
  merchant: string;
  category: string | null;
  categoryLabel: string;
  isSubscription: boolean;
  cadence: Cadence;
  /** The latest charge (the current price). */
  amount: Money;
  averageAmount: Money;
  /** The cost per month and per year at the latest price. */
  monthlyAmount: Money;
  yearlyAmount: Money;
  occurrences: number;
  firstDate: string;
  lastDate: string;
  nextExpected: string;
  account: string;
};

export type RecurringPayments = {
  kind: 'subscriptions' | 'all';
  withinDays: number | null;
  today: string;
  /** Soonest expected first. */
  payments: RecurringPayment[];
  monthlyTotal: Money;
  yearlyTotal: Money;
  /** The charges the detection read (the listed payments' occurrences). */
  transactionCount: number;
  /** The window the detection looked at. */
  period: Period;
};

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
 * positions' value), the allocation and the unrealised gain.
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

export type CryptoWallet = {
  id: string;
  name: string;
  connectionName: string;
  chain: string | null;
  address: string | null;
  balance: Money | null;
  assets: Array<{ symbol: string; name: string; amount: string; price: string | null; value: Money | null }>;
};

export type CryptoBalances = {
  total: Money;
  /** Per chain (eth, sol, btc), largest first. */
  byChain: Array<{ chain: string | null; total: Money; wallets: number }>;
  /** Per coin or token across every wallet, largest first. */
  bySymbol: Array<{ symbol: string; amount: string; value: Money; wallets: number }>;
  wallets: CryptoWallet[];
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

export type LiquidCash = {
  total: Money;
  accounts: Array<{ id: string; name: string; kind: string; balance: Money }>;
};

export type Vocabulary = {
  accounts: Array<{
    id: string;
    name: string;
    platform: string;
    kind: string;
    institution: string | null;
    chain: string | null;
  }>;
  categories: Array<{ code: string; label: string; level: 'primary' | 'detailed'; count: number }>;
  merchants: Array<{ name: string; count: number }>;
};

// ---- Money and dates

/** A decimal string as integer cents, rounded half away from zero ('12.345' → 1235n). */
export function toCents(value: string | number): bigint {
  const text = typeof value === 'number' ? value.toFixed(6) : value.trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a decimal: ${value}`);
  const negative = match[1] === '-';
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = BigInt(match[2] || '0') * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  return negative ? -cents : cents;
}

/** Integer cents as a decimal string with two places (-1235n → '-12.35'). */
export function fromCents(cents: bigint): Money {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** a ÷ n in cents, rounded half away from zero. */
export function divideCents(cents: bigint, by: bigint): bigint {
  if (by === 0n) throw new RangeError('Division by zero');
  const negative = cents < 0n !== by < 0n;
  const a = cents < 0n ? -cents : cents;
  const b = by < 0n ? -by : by;
  const quotient = (a * 2n + b) / (2n * b);
  return negative ? -quotient : quotient;
}

function percentOf(part: string, whole: string, decimals = 1): number | null {
  const total = Number(whole);
  if (!(total > 0)) return null;
  const factor = 10 ** decimals;
  return Math.round((Number(part) / total) * 100 * factor) / factor;
}

function dayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
}

function isoOfDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoOfDayNumber(dayNumber(iso) + days);
}

/** The same day `months` later, on the month's last day when it has no such day (Jan 31 + 1 → Feb 28). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** The last day of the month of `iso`. */
export function monthEnd(iso: string): string {
  return addDays(addMonths(`${iso.slice(0, 7)}-01`, 1), -1);
}

/** Whole days from `start` to `end`, both included. */
export function daysInPeriod(period: Period): number {
  return dayNumber(period.end) - dayNumber(period.start) + 1;
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod(period: Period): Period {
  const length = daysInPeriod(period);
  const end = addDays(period.start, -1);
  return { start: addDays(end, -(length - 1)), end };
}

/** The calendar months a period touches, in order (YYYY-MM). */
function monthsOf(period: Period): string[] {
  const months: string[] = [];
  for (let at = `${period.start.slice(0, 7)}-01`; at <= period.end; at = addMonths(at, 1)) {
    months.push(at.slice(0, 7));
  }
  return months;
}

// ---- SQL pieces (every query reads ledger_transaction as t)

/** The transaction's amount in USD, or null. */
const USD = sql.raw(`coalesce(t.amount_usd, case when t.currency = 'USD' then t.amount end)`);
const IS_SPENDING = sql.raw(
  `(coalesce(t.category_primary, '') not in ('INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT') and coalesce(t.category_detailed, '') <> 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT')`,
);
const IS_INCOME = sql.raw(`(t.category_primary = 'INCOME')`);
/** An account balance in USD (ledger_account as a). */
const ACCOUNT_USD = sql.raw(
  `coalesce(a.current_balance_usd, case when a.currency = 'USD' then a.current_balance end)`,
);
/** Account kinds whose past balances follow from their transactions. */
const CASH_KINDS = sql.raw(`('checking', 'savings', 'credit', 'loan')`);

function and(...parts: Array<SQL | undefined | false>): SQL {
  const kept = parts.filter((part): part is SQL => part !== undefined && part !== false);
  return kept.length === 0 ? sql`true` : sql.join(kept, sql` and `);
}

function inList(values: readonly string[]): SQL {
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const money2 = (expression: SQL) => sql`round(coalesce(${expression}, 0), 2)::text`;

type CategoryFilter = { code: string; label: string; level: 'primary' | 'detailed' };

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * Finance analytics over the ledger: one named handler per figure, each taking the acting user's id
 * first. Another user's rows are never read: an account of theirs named in a filter is not found.
 */
export function createAnalyticsService(deps: { db: Database }) {
  const { db } = deps;

  async function rows<T>(query: SQL): Promise<T[]> {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  async function accounts(userId: string): Promise<AnalyticsAccount[]> {
    const found = await rows<{
      id: string;
      name: string;
      official_name: string | null;
      mask: string | null;
      kind: string;
      subtype: string | null;
      currency: string;
      current: string | null;
      available: string | null;
      credit_limit: string | null;
      balance_usd: string | null;
      transaction_count: number;
      platform: AnalyticsAccount['platform'];
      connection_name: string;
      institution_name: string | null;
      chain: string | null;
      external_user_id: string | null;
    }>(sql`
      select a.id, a.name, a.official_name, a.mask, a.kind, a.subtype, a.currency,
        a.current_balance::text as current, a.available_balance::text as available,
        a.credit_limit::text as credit_limit, round(${ACCOUNT_USD}, 2)::text as balance_usd,
        a.transaction_count, c.platform, c.name as connection_name, c.institution_name, c.chain,
        c.external_user_id
      from ledger_account a
      join connection c on c.id = a.connection_id and c.user_id = a.user_id
      where a.user_id = ${userId}
      order by c.platform, c.name, a.name, a.id`);
    const nameCount = new Map<string, number>();
    for (const row of found) nameCount.set(row.name, (nameCount.get(row.name) ?? 0) + 1);
    const display = found.map((row) => {
      if ((nameCount.get(row.name) ?? 0) < 2) return row.name;
      return `${row.name} (${row.institution_name ?? row.connection_name})`;
    });
    // Still the same twice (two accounts of one name at one institution): the mask tells them apart.
    const displayCount = new Map<string, number>();
    for (const name of display) displayCount.set(name, (displayCount.get(name) ?? 0) + 1);
    return found.map((row, index) => {
      const base = display[index] ?? row.name;
      const displayName =
        (displayCount.get(base) ?? 0) > 1 ? `${base} ...${row.mask ?? row.id.slice(-4)}` : base;
      return {
        id: row.id,
        displayName,
        name: row.name,
        officialName: row.official_name,
        mask: row.mask,
        kind: row.kind,
        subtype: row.subtype,
        platform: row.platform,
        connectionName: row.connection_name,
        institution: row.institution_name,
        currency: row.currency,
        current: row.current,
        available: row.available,
        limit: row.credit_limit,
        balanceUsd: row.balance_usd,
        transactionCount: Number(row.transaction_count),
        chain: row.chain,
        address: row.platform === 'web3' ? row.external_user_id : null,
      };
    });
  }

  /**
   * The user's accounts a name or id stands for: the id; else the account, official or connection
   * name, whole (any case); else the account type ('checking', 'credit card'); else a part of a name
   * (three letters or more). Nothing found is a refusal naming the accounts there are.
   */
  async function resolveAccounts(userId: string, reference: string): Promise<AnalyticsAccount[]> {
    const all = await accounts(userId);
    const wanted = reference.trim().toLowerCase();
    const tiers: Array<(account: AnalyticsAccount) => boolean> = [
      (account) => account.id.toLowerCase() === wanted,
      (account) =>
        [account.displayName, account.name, account.officialName, account.connectionName].some(
          (name) => name?.toLowerCase() === wanted,
        ),
      (account) =>
        [account.kind, account.subtype, `${account.kind} account`].some(
          (name) => name?.toLowerCase() === wanted,
        ),
      (account) =>
        wanted.length >= 3 &&
        [account.displayName, account.officialName, account.connectionName, account.institution].some(
          (name) => name?.toLowerCase().includes(wanted),
        ),
    ];
    for (const matches of tiers) {
      const found = all.filter(matches);
      if (found.length > 0) return found;
    }
    const names = all.map((account) => account.displayName);
    throw new ServiceError(
      'accounts:not-found',
      names.length === 0
        ? `${accountMessages.accountNotFound}: no account matches "${reference}" (no accounts are linked).`
        : `${accountMessages.accountNotFound}: no account matches "${reference}". The accounts are: ${names.join(', ')}.`,
    );
  }

  /** The accounts an optional filter names, and the SQL condition on t.account_id. */
  async function accountScope(userId: string, reference: string | undefined) {
    if (!reference) return { names: [] as string[], ids: null, condition: undefined };
    const found = await resolveAccounts(userId, reference);
    const ids = found.map((account) => account.id);
    return {
      names: found.map((account) => account.displayName),
      ids,
      condition: sql`t.account_id in ${inList(ids)}`,
    };
  }

  /** A category code checked: a known code, or one the user's transactions carry; else a refusal. */
  async function categoryScope(userId: string, code: string | undefined) {
    if (!code) return { filter: null as CategoryFilter | null, condition: undefined };
    let entry: Pick<CategoryEntry, 'code' | 'label' | 'level'> | undefined = categoryEntry(code);
    if (!entry) {
      const [used] = await rows<{ primary_hit: boolean; detailed_hit: boolean }>(sql`
        select bool_or(t.category_primary = ${code}) as primary_hit,
          bool_or(t.category_detailed = ${code}) as detailed_hit
        from ledger_transaction t
        where t.user_id = ${userId} and (t.category_primary = ${code} or t.category_detailed = ${code})`);
      if (used?.primary_hit || used?.detailed_hit) {
        entry = { code: code as CategoryEntry['code'], label: categoryLabel(code), level: 'detailed' };
        if (used.primary_hit) entry.level = 'primary';
      }
    }
    if (!entry) {
      const suggestions = suggestCategories(code);
      throw new ServiceError(
        'request:invalid',
        `Unknown category "${code}". Use a category code${
          suggestions.length > 0
            ? ` such as ${suggestions.map((item) => `${item} (${categoryLabel(item)})`).join(', ')}`
            : " like 'FOOD_AND_DRINK' or 'FOOD_AND_DRINK_GROCERIES'"
        }.`,
      );
    }
    const condition =
      entry.level === 'primary' ? sql`t.category_primary = ${code}` : sql`t.category_detailed = ${code}`;
    return { filter: { code, label: entry.label, level: entry.level }, condition };
  }

  function checkPeriod(period: Period): void {
    if (period.start > period.end) {
      throw new ServiceError(
        'request:invalid',
        `The period starts (${period.start}) after it ends (${period.end}).`,
      );
    }
  }

  async function namesOf(userId: string, ids: string | null | undefined): Promise<string[]> {
    if (!ids) return [];
    const wanted = new Set(ids.split(','));
    return (await accounts(userId))
      .filter((account) => wanted.has(account.id))
      .map((account) => account.displayName);
  }

  /** Posted USD transactions of the user in a period: the base of every ledger figure. */
  function posted(userId: string, period?: Partial<Period>): SQL {
    return and(
      sql`t.user_id = ${userId}`,
      sql`not t.pending`,
      period?.start ? sql`t.date >= ${period.start}::date` : undefined,
      period?.end ? sql`t.date <= ${period.end}::date` : undefined,
      sql`${USD} is not null`,
    );
  }

  async function transactionRows(userId: string, where: SQL, order: SQL, limit: number) {
    const found = await rows<{
      id: string | number;
      date: string;
      account_id: string;
      name: string;
      merchant: string | null;
      category_primary: string | null;
      category_detailed: string | null;
      amount_usd: string;
      amount: string;
      currency: string;
    }>(sql`
      select t.id, t.date::text as date, t.account_id, t.name, t.merchant, t.category_primary,
        t.category_detailed, round(${USD}, 2)::text as amount_usd, t.amount::text as amount, t.currency
      from ledger_transaction t
      where ${where}
      order by ${order}
      limit ${limit}`);
    const byId = new Map((await accounts(userId)).map((account) => [account.id, account.displayName]));
    return found.map(
      (row): TransactionRow => ({
        id: Number(row.id),
        date: row.date,
        accountId: row.account_id,
        account: byId.get(row.account_id) ?? row.account_id,
        name: row.name,
        merchant: row.merchant,
        categoryPrimary: row.category_primary,
        categoryDetailed: row.category_detailed,
        categoryLabel: categoryLabel(row.category_detailed ?? row.category_primary),
        amount: row.amount_usd,
        nativeAmount: row.amount,
        currency: row.currency,
      }),
    );
  }

  async function cashFlowByMonth(
    userId: string,
    query: Period & { account?: string | undefined },
  ): Promise<CashFlow> {
    checkPeriod(query);
    const scope = await accountScope(userId, query.account);
    const found = await rows<{
      month: string | null;
      income: string;
      spending: string;
      net: string;
      savings_rate: string | null;
      count: number;
      spending_count: number;
      accounts: string | null;
    }>(sql`
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
      group by grouping sets ((to_char(t.date, 'YYYY-MM')), ())`);
    const byMonth = new Map(found.filter((row) => row.month !== null).map((row) => [row.month, row]));
    const total = found.find((row) => row.month === null);
    const flow = (row: (typeof found)[number] | undefined): Omit<MonthFlow, 'month'> => ({
      income: row?.income ?? '0.00',
      spending: row?.spending ?? '0.00',
      net: row?.net ?? '0.00',
      savingsRatePercent:
        row?.savings_rate === null || row?.savings_rate === undefined ? null : Number(row.savings_rate),
      transactionCount: Number(row?.count ?? 0),
      spendingCount: Number(row?.spending_count ?? 0),
    });
    return {
      period: { start: query.start, end: query.end },
      accountFilter: scope.names,
      months: monthsOf(query).map((month) => ({ month, ...flow(byMonth.get(month)) })),
      totals: flow(total),
      accountsRead: await namesOf(userId, total?.accounts),
    };
  }

  return {
    accounts,
    resolveAccounts,

    /** Spending per primary category (with its detailed categories) in a period. */
    async spendingByCategory(
      userId: string,
      query: Period & { category?: string | undefined; account?: string | undefined },
    ): Promise<SpendingByCategory> {
      checkPeriod(query);
      const scope = await accountScope(userId, query.account);
      const category = await categoryScope(userId, query.category);
      const found = await rows<{
        primary_code: string | null;
        detailed_code: string | null;
        level: number;
        amount: string;
        count: number;
        accounts: string | null;
      }>(sql`
        select t.category_primary as primary_code, t.category_detailed as detailed_code,
          grouping(t.category_primary, t.category_detailed)::int as level,
          ${money2(sql`-sum(${USD})`)} as amount, count(*)::int as count,
          case when grouping(t.category_primary, t.category_detailed) = 3
            then string_agg(distinct t.account_id, ',') end as accounts
        from ledger_transaction t
        where ${and(posted(userId, query), IS_SPENDING, scope.condition, category.condition)}
        group by grouping sets ((t.category_primary, t.category_detailed), (t.category_primary), ())`);
      const totalRow = found.find((row) => row.level === 3);
      const total = totalRow?.amount ?? '0.00';
      const share = (amount: string) => percentOf(amount, total);
      const byAmount = (a: { amount: string }, b: { amount: string }) => Number(b.amount) - Number(a.amount);
      const categories = found
        .filter((row) => row.level === 1)
        .map((row) => ({
          code: row.primary_code,
          label: categoryLabel(row.primary_code),
          amount: row.amount,
          count: Number(row.count),
          sharePercent: share(row.amount),
          detailed: found
            .filter((item) => item.level === 0 && item.primary_code === row.primary_code)
            .map((item) => ({
              code: item.detailed_code,
              label: categoryLabel(item.detailed_code),
              amount: item.amount,
              count: Number(item.count),
              sharePercent: share(item.amount),
            }))
            .sort(byAmount),
        }))
        .sort(byAmount);
      return {
        period: { start: query.start, end: query.end },
        category: category.filter,
        accountFilter: scope.names,
        total,
        transactionCount: Number(totalRow?.count ?? 0),
        categories,
        accountsRead: await namesOf(userId, totalRow?.accounts),
      };
    },

    /** Spending per merchant in a period, largest first. */
    async spendingByMerchant(
      userId: string,
      query: Period & {
        category?: string | undefined;
        merchant?: string | undefined;
        account?: string | undefined;
        limit: number;
      },
    ): Promise<SpendingByMerchant> {
      checkPeriod(query);
      const scope = await accountScope(userId, query.account);
      const category = await categoryScope(userId, query.category);
      const where = and(
        posted(userId, query),
        IS_SPENDING,
        scope.condition,
        category.condition,
        query.merchant ? sql`coalesce(t.merchant, t.name) ilike ${likePattern(query.merchant)}` : undefined,
      );
      const [totals] = await rows<{
        amount: string;
        count: number;
        merchants: number;
        accounts: string | null;
      }>(
        sql`
        select ${money2(sql`-sum(${USD})`)} as amount, count(*)::int as count,
          count(distinct coalesce(t.merchant, t.name))::int as merchants,
          string_agg(distinct t.account_id, ',') as accounts
        from ledger_transaction t
        where ${where}`,
      );
      const top = await rows<{ name: string; amount: string; count: number }>(sql`
        select coalesce(t.merchant, t.name) as name, ${money2(sql`-sum(${USD})`)} as amount,
          count(*)::int as count
        from ledger_transaction t
        where ${where}
        group by coalesce(t.merchant, t.name)
        order by -sum(${USD}) desc, coalesce(t.merchant, t.name)
        limit ${query.limit}`);
      const total = totals?.amount ?? '0.00';
      const listedCents = top.reduce((sum, row) => sum + toCents(row.amount), 0n);
      return {
        period: { start: query.start, end: query.end },
        category: category.filter,
        merchantFilter: query.merchant ?? null,
        accountFilter: scope.names,
        total,
        transactionCount: Number(totals?.count ?? 0),
        merchantCount: Number(totals?.merchants ?? 0),
        merchants: top.map((row) => ({
          name: row.name,
          amount: row.amount,
          count: Number(row.count),
          sharePercent: percentOf(row.amount, total),
        })),
        otherAmount: fromCents(toCents(total) - listedCents),
        accountsRead: await namesOf(userId, totals?.accounts),
      };
    },

    /** Income, spending, net and savings rate per calendar month of a period. */
    cashFlowByMonth,

    /** Transactions matching filters: the newest `limit`, with the count and totals of all matches. */
    async searchTransactions(
      userId: string,
      query: {
        text?: string | undefined;
        merchant?: string | undefined;
        category?: string | undefined;
        minAmount?: string | number | undefined;
        maxAmount?: string | number | undefined;
        direction?: 'in' | 'out' | undefined;
        start?: string | undefined;
        end?: string | undefined;
        account?: string | undefined;
        limit: number;
      },
    ): Promise<TransactionSearch> {
      if (query.start && query.end) checkPeriod({ start: query.start, end: query.end });
      const scope = await accountScope(userId, query.account);
      const category = await categoryScope(userId, query.category);
      const min = query.minAmount === undefined ? null : fromCents(toCents(query.minAmount));
      const max = query.maxAmount === undefined ? null : fromCents(toCents(query.maxAmount));
      const where = and(
        posted(userId, { start: query.start, end: query.end }),
        scope.condition,
        category.condition,
        query.text
          ? sql`(t.name ilike ${likePattern(query.text)} or t.merchant ilike ${likePattern(query.text)})`
          : undefined,
        query.merchant ? sql`coalesce(t.merchant, t.name) ilike ${likePattern(query.merchant)}` : undefined,
        min !== null ? sql`abs(${USD}) >= ${min}::numeric` : undefined,
        max !== null ? sql`abs(${USD}) <= ${max}::numeric` : undefined,
        query.direction === 'in' ? sql`${USD} > 0` : undefined,
        query.direction === 'out' ? sql`${USD} < 0` : undefined,
      );
      const [totals] = await rows<{
        count: number;
        net: string;
        money_in: string;
        money_out: string;
        first_date: string | null;
        last_date: string | null;
        accounts: string | null;
      }>(sql`
        select count(*)::int as count, ${money2(sql`sum(${USD})`)} as net,
          ${money2(sql`sum(${USD}) filter (where ${USD} > 0)`)} as money_in,
          ${money2(sql`-sum(${USD}) filter (where ${USD} < 0)`)} as money_out,
          min(t.date)::text as first_date, max(t.date)::text as last_date,
          string_agg(distinct t.account_id, ',') as accounts
        from ledger_transaction t
        where ${where}`);
      const transactions = await transactionRows(userId, where, sql`t.date desc, t.id desc`, query.limit);
      const count = Number(totals?.count ?? 0);
      return {
        filters: {
          text: query.text ?? null,
          merchant: query.merchant ?? null,
          category: category.filter?.code ?? null,
          minAmount: min,
          maxAmount: max,
          direction: query.direction ?? null,
          start: query.start ?? null,
          end: query.end ?? null,
          accounts: scope.names,
        },
        count,
        net: totals?.net ?? '0.00',
        moneyIn: totals?.money_in ?? '0.00',
        moneyOut: totals?.money_out ?? '0.00',
        firstDate: totals?.first_date ?? null,
        lastDate: totals?.last_date ?? null,
        transactions,
        hasMore: count > transactions.length,
        accountsRead: await namesOf(userId, totals?.accounts),
      };
    },

    /**
     * The largest transactions of a period by absolute amount. Money out ranks spending (transfers
     * between the user's accounts and card payments are left out); money in ranks every posted inflow
     * (pay, refunds, transfers in). A category filter ranks that category's transactions instead.
     */
    async largestTransactions(
      userId: string,
      query: Period & {
        direction: 'in' | 'out';
        category?: string | undefined;
        account?: string | undefined;
        limit: number;
      },
    ): Promise<LargestTransactions> {
      checkPeriod(query);
      const scope = await accountScope(userId, query.account);
      const category = await categoryScope(userId, query.category);
      const where = and(
        posted(userId, query),
        scope.condition,
        category.condition ?? (query.direction === 'out' ? IS_SPENDING : undefined),
        query.direction === 'in' ? sql`${USD} > 0` : sql`${USD} < 0`,
      );
      const [totals] = await rows<{ count: number }>(sql`
        select count(*)::int as count from ledger_transaction t where ${where}`);
      const transactions = await transactionRows(
        userId,
        where,
        sql`abs(${USD}) desc, t.id desc`,
        query.limit,
      );
      return {
        period: { start: query.start, end: query.end },
        direction: query.direction,
        category: category.filter,
        accountFilter: scope.names,
        consideredCount: Number(totals?.count ?? 0),
        transactions,
        accountsRead: [...new Set(transactions.map((row) => row.account))],
      };
    },

    /**
     * Recurring outflows: the same merchant charged at least three times at a regular cadence (weekly,
     * every two weeks, monthly, quarterly or yearly) for similar amounts, and still expected (the next
     * charge is not overdue by more than half a cadence). Transfers and card payments are not payments.
     */
    async recurringPayments(
      userId: string,
      query: { kind: 'subscriptions' | 'all'; withinDays?: number | undefined; today: string },
    ): Promise<RecurringPayments> {
      const window: Period = { start: addDays(query.today, -LOOKBACK_DAYS), end: query.today };
      const found = await rows<{
        merchant: string;
        dates: string;
        amounts: string;
        category: string | null;
        account_id: string;
      }>(sql`
        select coalesce(t.merchant, t.name) as merchant,
          string_agg(t.date::text, ',' order by t.date, t.id) as dates,
          string_agg(round(-${USD}, 2)::text, ',' order by t.date, t.id) as amounts,
          mode() within group (order by t.category_detailed) as category,
          mode() within group (order by t.account_id) as account_id
        from ledger_transaction t
        where ${and(posted(userId, window), IS_SPENDING, sql`${USD} < 0`)}
        group by coalesce(t.merchant, t.name)
        having count(*) >= 3 and stddev_pop(${USD}) <= 0.5 * abs(avg(${USD}))`);
      const names = new Map((await accounts(userId)).map((account) => [account.id, account.displayName]));
      const subscriptions = new Set<string>(SUBSCRIPTION_CATEGORIES);
      const payments: RecurringPayment[] = [];
      let transactionCount = 0;
      for (const row of found) {
        const detected = detectCadence(row.dates.split(','), row.amounts.split(','), query.today);
        if (!detected) continue;
        const isSubscription = row.category !== null && subscriptions.has(row.category);
        if (query.kind === 'subscriptions' && !isSubscription) continue;
        if (query.withinDays !== undefined && detected.nextExpected > addDays(query.today, query.withinDays))
          continue;
        transactionCount += detected.occurrences;
        payments.push({
          merchant: row.merchant,
          category: row.category,
          categoryLabel: categoryLabel(row.category),
          isSubscription,
          account: names.get(row.account_id) ?? row.account_id,
          ...detected,
        });
      }
      payments.sort((a, b) =>
        a.nextExpected === b.nextExpected
          ? a.merchant.localeCompare(b.merchant)
          : a.nextExpected < b.nextExpected
            ? -1
            : 1,
      );
      const monthly = payments.reduce((sum, payment) => sum + toCents(payment.monthlyAmount), 0n);
      const yearly = payments.reduce((sum, payment) => sum + toCents(payment.yearlyAmount), 0n);
      return {
        kind: query.kind,
        withinDays: query.withinDays ?? null,
        today: query.today,
        payments,
        monthlyTotal: fromCents(monthly),
        yearlyTotal: fromCents(yearly),
        transactionCount,
        period: window,
      };
    },

    /**
     * Net worth now: Σ the accounts' USD balances, assets (positive) and liabilities (owed); with a
     * platform, that platform's accounts only.
     */
    async netWorth(
      userId: string,
      options: { platform?: AnalyticsAccount['platform'] | undefined } = {},
    ): Promise<NetWorth> {
      const totals = await rows<{
        kind: string | null;
        level: number;
        assets: string;
        liabilities: string;
        net: string;
        priced: number;
      }>(sql`
        select a.kind, grouping(a.kind)::int as level,
          ${money2(sql`sum(${ACCOUNT_USD}) filter (where ${ACCOUNT_USD} > 0)`)} as assets,
          ${money2(sql`-sum(${ACCOUNT_USD}) filter (where ${ACCOUNT_USD} < 0)`)} as liabilities,
          ${money2(sql`sum(${ACCOUNT_USD})`)} as net,
          count(${ACCOUNT_USD})::int as priced
        from ledger_account a
        where ${and(
          sql`a.user_id = ${userId}`,
          options.platform
            ? sql`a.connection_id in (select c.id from connection c where c.user_id = ${userId} and c.platform = ${options.platform})`
            : undefined,
        )}
        group by grouping sets ((a.kind), ())`);
      const all = (await accounts(userId)).filter(
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
    },

    /**
     * Net worth at each month's end over the last `months` months (the current month: today). Each
     * account's value at a day: for cash accounts (checking, savings, credit, loan), the first recorded
     * balance on or after that day less the posted transactions between; for others (investments,
     * wallets), the last balance recorded on or before that day, or nothing before the first record.
     */
    async netWorthTrend(userId: string, query: { months: number; today: string }): Promise<NetWorthTrend> {
      const days: string[] = [];
      for (let back = query.months - 1; back >= 0; back--) {
        const end = monthEnd(addMonths(`${query.today.slice(0, 7)}-01`, -back));
        days.push(end < query.today ? end : query.today);
      }
      const snapshotUsd = sql.raw(`coalesce(s.current_usd, case when s.currency = 'USD' then s.current end)`);
      const found = await rows<{
        day: string;
        net: string;
        assets: string;
        liabilities: string;
        cash: string;
        accounts: number;
      }>(sql`
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
          where a.user_id = ${userId}
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
        order by at_day`);
      const [counted] = await rows<{ n: number }>(
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
    },

    /** What the investment accounts and wallets hold, grouped, with unrealised gains. */
    async holdings(
      userId: string,
      query: { account?: string | undefined; groupBy: HoldingGroupBy },
    ): Promise<Holdings> {
      const scope = await accountScope(userId, query.account);
      const accountCondition = scope.ids ? sql`a.id in ${inList(scope.ids)}` : undefined;
      // Every position of the investment accounts (wallets are crypto_balances'), and each account's
      // uninvested cash: its balance less what its positions are worth (brokerages report it apart).
      const positionsOf = sql`
        with p as (
          select h.account_id, s.ticker, s.name, s.type, h.quantity, h.price, h.value, h.cost_basis, h.currency
          from holding h
          join security s on s.id = h.security_id
          join ledger_account a on a.id = h.account_id and a.user_id = h.user_id
          join connection c on c.id = a.connection_id and c.user_id = a.user_id
          where ${and(sql`h.user_id = ${userId}`, sql`c.platform <> 'web3'`, accountCondition)}
          union all
          select a.id, null, 'Cash', 'cash', r.cash, 1, r.cash, r.cash, 'USD'
          from ledger_account a
          cross join lateral (
            select round(${ACCOUNT_USD} - coalesce((
              select sum(h.value) from holding h
              where h.user_id = a.user_id and h.account_id = a.id and h.currency = 'USD'
            ), 0), 2) as cash
          ) r
          where ${and(sql`a.user_id = ${userId}`, sql`a.kind = 'investment'`, sql`r.cash <> 0`, accountCondition)}
        )`;
      const key = {
        asset_class: sql.raw(`p.type`),
        security: sql.raw(`case when p.type = 'cash' then 'Cash' else coalesce(p.ticker, p.name) end`),
        account: sql.raw(`p.account_id`),
      }[query.groupBy];
      const positions = await rows<{
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
      }>(sql`
        ${positionsOf}
        select p.account_id, p.ticker, p.name, p.type, p.quantity::text as quantity, p.price::text as price,
          round(p.value, 2)::text as value, round(p.cost_basis, 2)::text as cost_basis,
          round(p.value - p.cost_basis, 2)::text as gain,
          round(100 * (p.value - p.cost_basis) / nullif(p.cost_basis, 0), 2)::text as gain_percent,
          p.currency
        from p
        order by p.value desc nulls last, p.name`);
      const groups = await rows<{
        key: string | null;
        level: number;
        value: string;
        cost_basis: string;
        gain: string | null;
        gain_percent: string | null;
        positions: number;
        label: string | null;
      }>(sql`
        ${positionsOf}
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
        group by grouping sets ((${key}), ())`);
      const all = await accounts(userId);
      const names = new Map(all.map((account) => [account.id, account.displayName]));
      const total = groups.find((row) => row.level === 1);
      const totalValue = total?.value ?? '0.00';
      const labelOf = (row: (typeof groups)[number]) => {
        const value = row.key ?? 'Unknown';
        if (query.groupBy === 'account') return names.get(value) ?? value;
        if (query.groupBy === 'asset_class') return ASSET_CLASS_LABELS[value] ?? categoryLabel(value);
        return row.label && row.label !== value ? `${value} (${row.label})` : value;
      };
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
            label: labelOf(row),
            value: row.value,
            costBasis: row.cost_basis,
            gain: row.gain,
            gainPercent: row.gain_percent === null ? null : Number(row.gain_percent),
            sharePercent: percentOf(row.value, totalValue),
            positions: Number(row.positions),
          }))
          .sort((a, b) => Number(b.value) - Number(a.value)),
        positions: positions.map((row) => ({
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
        })),
        accountsRead: [...new Set(positions.map((row) => names.get(row.account_id) ?? row.account_id))],
      };
    },

    /** The user's wallets: USD balance and coins of each, and the total. */
    async cryptoBalances(userId: string): Promise<CryptoBalances> {
      const wallets = (await accounts(userId)).filter((account) => account.platform === 'web3');
      const [total] = await rows<{ total: string }>(sql`
        select ${money2(sql`sum(${ACCOUNT_USD})`)} as total
        from ledger_account a
        join connection c on c.id = a.connection_id and c.user_id = a.user_id
        where a.user_id = ${userId} and c.platform = 'web3'`);
      const assets =
        wallets.length === 0
          ? []
          : await rows<{
              account_id: string;
              symbol: string | null;
              name: string;
              quantity: string;
              price: string | null;
              value: string | null;
            }>(sql`
              select h.account_id, s.ticker as symbol, s.name, h.quantity::text as quantity,
                h.price::text as price, round(h.value, 2)::text as value
              from holding h join security s on s.id = h.security_id
              where h.user_id = ${userId} and h.account_id in ${inList(wallets.map((wallet) => wallet.id))}
              order by h.value desc nulls last, s.name`);
      const byChain = await rows<{ chain: string | null; total: string; wallets: number }>(sql`
        select c.chain, ${money2(sql`sum(${ACCOUNT_USD})`)} as total, count(*)::int as wallets
        from ledger_account a
        join connection c on c.id = a.connection_id and c.user_id = a.user_id
        where a.user_id = ${userId} and c.platform = 'web3'
        group by c.chain
        order by sum(${ACCOUNT_USD}) desc nulls last, c.chain`);
      const bySymbol = await rows<{ symbol: string; amount: string; value: string; wallets: number }>(sql`
        select coalesce(s.ticker, s.name) as symbol, sum(h.quantity)::text as amount,
          ${money2(sql`sum(h.value)`)} as value, count(distinct h.account_id)::int as wallets
        from holding h
        join security s on s.id = h.security_id
        join ledger_account a on a.id = h.account_id and a.user_id = h.user_id
        join connection c on c.id = a.connection_id and c.user_id = a.user_id
        where h.user_id = ${userId} and c.platform = 'web3'
        group by coalesce(s.ticker, s.name)
        order by sum(h.value) desc nulls last, coalesce(s.ticker, s.name)`);
      return {
        total: total?.total ?? '0.00',
        byChain: byChain.map((row) => ({
          chain: row.chain,
          total: row.total,
          wallets: Number(row.wallets),
        })),
        bySymbol: bySymbol.map((row) => ({
          symbol: row.symbol,
          amount: row.amount,
          value: row.value,
          wallets: Number(row.wallets),
        })),
        wallets: wallets.map((wallet) => ({
          id: wallet.id,
          name: wallet.displayName,
          connectionName: wallet.connectionName,
          chain: wallet.chain,
          address: wallet.address,
          balance: wallet.balanceUsd,
          assets: assets
            .filter((asset) => asset.account_id === wallet.id)
            .map((asset) => ({
              symbol: asset.symbol ?? asset.name,
              name: asset.name,
              amount: asset.quantity,
              price: asset.price,
              value: asset.value,
            })),
        })),
      };
    },

    /** Average monthly spending over the last `months` full calendar months before today's month. */
    async averageMonthlySpending(
      userId: string,
      query: { months: number; today: string },
    ): Promise<AverageMonthlySpending> {
      const firstOfThisMonth = `${query.today.slice(0, 7)}-01`;
      const period = {
        start: addMonths(firstOfThisMonth, -query.months),
        end: addDays(firstOfThisMonth, -1),
      };
      const flow = await cashFlowByMonth(userId, period);
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
    },

    /** Cash on hand: Σ the USD balances of checking and savings accounts. */
    async liquidCash(userId: string): Promise<LiquidCash> {
      const [total] = await rows<{ total: string }>(sql`
        select ${money2(sql`sum(${ACCOUNT_USD})`)} as total
        from ledger_account a
        where a.user_id = ${userId} and a.kind in ('checking', 'savings')`);
      return {
        total: total?.total ?? '0.00',
        accounts: (await accounts(userId))
          .filter((account) => account.kind === 'checking' || account.kind === 'savings')
          .map((account) => ({
            id: account.id,
            name: account.displayName,
            kind: account.kind,
            balance: account.balanceUsd ?? '0.00',
          })),
      };
    },

    /** The user's own names for the model's context: accounts, categories used, merchants seen. */
    async vocabulary(userId: string, options: { merchantLimit?: number } = {}): Promise<Vocabulary> {
      const categories = await rows<{
        primary_code: string | null;
        detailed_code: string | null;
        level: number;
        count: number;
      }>(sql`
        select t.category_primary as primary_code, t.category_detailed as detailed_code,
          grouping(t.category_detailed)::int as level, count(*)::int as count
        from ledger_transaction t
        where t.user_id = ${userId} and not t.pending and t.category_primary is not null
        group by grouping sets ((t.category_primary, t.category_detailed), (t.category_primary))
        order by count(*) desc`);
      const merchants = await rows<{ name: string; count: number }>(sql`
        select t.merchant as name, count(*)::int as count
        from ledger_transaction t
        where t.user_id = ${userId} and not t.pending and t.merchant is not null
        group by t.merchant
        order by count(*) desc, t.merchant
        limit ${options.merchantLimit ?? 200}`);
      return {
        accounts: (await accounts(userId)).map((account) => ({
          id: account.id,
          name: account.displayName,
          platform: account.platform,
          kind: account.kind,
          institution: account.institution,
          chain: account.chain,
        })),
        categories: categories.flatMap((row) => {
          const code = row.level === 1 ? row.primary_code : row.detailed_code;
          if (!code) return [];
          return [
            {
              code,
              label: categoryLabel(code),
              level: row.level === 1 ? ('primary' as const) : ('detailed' as const),
              count: Number(row.count),
            },
          ];
        }),
        merchants: merchants.map((row) => ({ name: row.name, count: Number(row.count) })),
      };
    },
  };
}

/** How far back recurring payments are looked for: three years and a little, for yearly charges. */
const LOOKBACK_DAYS = 1130;

/** Days between charges for each cadence (card charges post a few days after the billing day). */
const CADENCES = [
  { cadence: 'weekly', min: 5, max: 9, days: 7, months: 0, perYear: 52 },
  { cadence: 'biweekly', min: 12, max: 16, days: 14, months: 0, perYear: 26 },
  { cadence: 'monthly', min: 26, max: 35, days: 0, months: 1, perYear: 12 },
  { cadence: 'quarterly', min: 84, max: 98, days: 0, months: 3, perYear: 4 },
  { cadence: 'yearly', min: 350, max: 380, days: 0, months: 12, perYear: 1 },
] as const satisfies ReadonlyArray<{
  cadence: Cadence;
  min: number;
  max: number;
  days: number;
  months: number;
  perYear: number;
}>;

/** The recent charges a cadence is judged on. */
const RECENT_CHARGES = 12;
/** Share of recent gaps that must fit the cadence. */
const REGULAR_SHARE = 0.75;
/** Largest spread of recent amounts (standard deviation ÷ mean) for "similar amounts". */
const AMOUNT_SPREAD = 0.35;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * A merchant's charges (oldest first) as a recurring payment, or null: at least three charges whose
 * recent gaps fit one cadence, for similar amounts, and the next one not long overdue.
 */
export function detectCadence(
  dates: string[],
  amounts: string[],
  today: string,
): Omit<RecurringPayment, 'merchant' | 'category' | 'categoryLabel' | 'isSubscription' | 'account'> | null {
  if (dates.length < 3 || dates.length !== amounts.length) return null;
  const recentDates = dates.slice(-(RECENT_CHARGES + 1));
  const recentAmounts = amounts.slice(-RECENT_CHARGES).map((amount) => toCents(amount));
  const gaps: number[] = [];
  for (let index = 1; index < recentDates.length; index++) {
    gaps.push(dayNumber(recentDates[index] as string) - dayNumber(recentDates[index - 1] as string));
  }
  const typical = median(gaps);
  const cadence = CADENCES.find((candidate) => typical >= candidate.min && typical <= candidate.max);
  if (!cadence) return null;
  const fitting = gaps.filter((gap) => gap >= cadence.min && gap <= cadence.max).length;
  if (fitting / gaps.length < REGULAR_SHARE) return null;
  const values = recentAmounts.map(Number);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const spread = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  if (!(mean > 0) || spread / mean > AMOUNT_SPREAD) return null;
  const lastDate = dates.at(-1) as string;
  const nextExpected =
    cadence.months > 0 ? addMonths(lastDate, cadence.months) : addDays(lastDate, cadence.days);
  const cadenceDays = cadence.months > 0 ? cadence.months * 30 : cadence.days;
  const grace = Math.max(7, Math.round(cadenceDays / 2));
  if (nextExpected < addDays(today, -grace)) return null;
  const latest = recentAmounts.at(-1) ?? 0n;
  const total = recentAmounts.reduce((sum, amount) => sum + amount, 0n);
  return {
    cadence: cadence.cadence,
    amount: fromCents(latest),
    averageAmount: fromCents(divideCents(total, BigInt(recentAmounts.length))),
    monthlyAmount: fromCents(divideCents(latest * BigInt(cadence.perYear), 12n)),
    yearlyAmount: fromCents(latest * BigInt(cadence.perYear)),
    occurrences: dates.length,
    firstDate: dates[0] as string,
    lastDate,
    nextExpected,
  };
}

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
