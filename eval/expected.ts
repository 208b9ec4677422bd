import type { ActivityType } from '@penny/server/testing';
import type { RawData, WalletAssetRaw, WalletRaw } from './raw-data.ts';

/**
 * The evaluation's own answers: short, plain computations in integer cents over the vendors' raw
 * records (raw-data.ts), written apart from the toolkit, finance/analytics/ and the ledger so that a shared
 * mistake cannot hide. The definitions are the contract's (packages/contracts/src/agent-tools.ts):
 * - only posted transactions count;
 * - spending = -Σ amount (Penny's sign, + = money in) over transactions whose primary category is not
 *   INCOME, TRANSFER_IN or TRANSFER_OUT and whose detailed category is not
 *   LOAN_PAYMENTS_CREDIT_CARD_PAYMENT; refunds reduce their category;
 * - income = Σ amount over transactions whose primary category is INCOME.
 * Periods: both ends included; "last month" is the whole previous calendar month, "this month/year"
 * runs to today, "last N days" is the N days ending today, "last week" is the previous Monday–Sunday.
 */

// ---------------------------------------------------------------------------------------------------
// Money

/** Cents of a decimal string ('-12.5', '1234.56'): exact, half away from zero past two places. */
export function centsOf(decimal: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal: ${decimal}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign === '-' ? -cents : cents;
}

/** Cents of a JSON number amount (Plaid writes dollars with at most two places). */
export const centsOfNumber = (amount: number): number => Math.round(amount * 100);

/** '$1,234.56' (en-US, two places) for the magnitude of `cents`: the sign is in the question's words. */
export function usd(cents: number): string {
  const magnitude = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${dollars}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** A float number of dollars (calculators) as cents, rounded half up. */
export const centsOfDollars = (dollars: number): number => Math.round(dollars * 100 + Number.EPSILON);

// ---------------------------------------------------------------------------------------------------
// Periods (ISO days, both ends included; all in UTC like the server's "today")

export type Period = { start: string; end: string };

const MS_PER_DAY = 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const parts = (day: string) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, date };
};
const dayUtc = (year: number, month: number, date: number) => iso(new Date(Date.UTC(year, month - 1, date)));
export const addDays = (day: string, days: number) =>
  iso(new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY));

/** The whole calendar month `back` months before today's (1 = last month); this month to date for 0. */
export function calendarMonth(today: string, back: number): Period {
  const { year, month } = parts(today);
  const start = dayUtc(year, month - back, 1);
  const end = back === 0 ? today : dayUtc(year, month - back + 1, 0);
  return { start, end };
}

export const periods = {
  lastMonth: (today: string) => calendarMonth(today, 1),
  thisMonth: (today: string) => calendarMonth(today, 0),
  monthsAgo: (today: string, back: number) => calendarMonth(today, back),
  thisYear: (today: string): Period => ({ start: `${today.slice(0, 4)}-01-01`, end: today }),
  lastYear: (today: string): Period => {
    const year = Number(today.slice(0, 4)) - 1;
    return { start: `${year}-01-01`, end: `${year}-12-31` };
  },
  /** From the first of the month `back` months ago to today ("since March"). */
  sinceMonth: (today: string, back: number): Period => ({
    start: calendarMonth(today, back).start,
    end: today,
  }),
  /** The `days` days ending today. */
  lastDays: (today: string, days: number): Period => ({ start: addDays(today, -(days - 1)), end: today }),
  /** The previous Monday–Sunday week. */
  lastWeek: (today: string): Period => {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
    const thisMonday = addDays(today, -weekday);
    return { start: addDays(thisMonday, -7), end: addDays(thisMonday, -1) };
  },
  /** The `months` whole calendar months before this one. */
  lastFullMonths: (today: string, months: number): Period => ({
    start: calendarMonth(today, months).start,
    end: calendarMonth(today, 1).end,
  }),
};

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'September' for a period starting in September. */
export const monthName = (period: Period): string => MONTH_NAMES[parts(period.start).month - 1] ?? '';

const within = (day: string, period: Period) => day >= period.start && day <= period.end;

// ---------------------------------------------------------------------------------------------------
// Money movements, flattened from the raw records

export type AccountKind = 'checking' | 'savings' | 'credit' | 'investment';

export type Flow = {
  source: 'plaid' | 'snaptrade';
  date: string;
  /** Penny's sign: + = money in. */
  cents: number;
  primary: string | null;
  detailed: string | null;
  merchant: string | null;
  name: string;
  accountId: string;
  accountKind: AccountKind;
  pending: boolean;
};

/** The categories Penny gives the activity types the SnapTrade sandbox generates (docs/accounts.md). */
const ACTIVITY_CATEGORIES = {
  CONTRIBUTION: ['TRANSFER_IN', 'TRANSFER_IN_DEPOSIT'],
  WITHDRAWAL: ['TRANSFER_OUT', 'TRANSFER_OUT_WITHDRAWAL'],
  BUY: ['INVESTMENT', 'INVESTMENT_BUY'],
  SELL: ['INVESTMENT', 'INVESTMENT_SELL'],
  DIVIDEND: ['INCOME', 'INCOME_DIVIDENDS'],
  INTEREST: ['INCOME', 'INCOME_INTEREST_EARNED'],
  FEE: ['BANK_FEES', 'BANK_FEES_OTHER_BANK_FEES'],
} as const satisfies Record<ActivityType, readonly [string, string]>;

function plaidKind(type: string, subtype: string | null | undefined): AccountKind {
  if (type === 'credit' || type === 'loan') return 'credit';
  if (type === 'investment') return 'investment';
  return subtype === 'savings' ? 'savings' : 'checking';
}

const flowCache = new WeakMap<RawData, Flow[]>();

/** Every transaction of every linked bank and brokerage account (wallet transfers are all transfers). */
export function flows(raw: RawData): Flow[] {
  const cached = flowCache.get(raw);
  if (cached) return cached;
  const out: Flow[] = [];
  for (const item of raw.plaid) {
    const kinds = new Map(
      item.accounts.map((account) => [account.account_id, plaidKind(account.type, account.subtype)]),
    );
    for (const transaction of item.transactions)
      out.push({
        source: 'plaid',
        date: transaction.date,
        // Plaid's sign is + = money out.
        cents: -centsOfNumber(transaction.amount),
        primary: transaction.personal_finance_category?.primary ?? null,
        detailed: transaction.personal_finance_category?.detailed ?? null,
        merchant: transaction.merchant_name ?? null,
        name: transaction.name,
        accountId: transaction.account_id,
        accountKind: kinds.get(transaction.account_id) ?? 'checking',
        pending: transaction.pending,
      });
  }
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts)
      for (const activity of account.activities) {
        const [primary, detailed] = ACTIVITY_CATEGORIES[activity.type];
        out.push({
          source: 'snaptrade',
          date: activity.tradeDate,
          cents: centsOf(activity.amount),
          primary,
          detailed,
          merchant: null,
          name: activity.description,
          accountId: account.id,
          accountKind: 'investment',
          pending: false,
        });
      }
  flowCache.set(raw, out);
  return out;
}

const NOT_SPENDING_PRIMARY = new Set(['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT']);
const NOT_SPENDING_DETAILED = new Set(['LOAN_PAYMENTS_CREDIT_CARD_PAYMENT']);

export const isSpending = (flow: Flow): boolean =>
  !flow.pending &&
  !NOT_SPENDING_PRIMARY.has(flow.primary ?? '') &&
  !NOT_SPENDING_DETAILED.has(flow.detailed ?? '');

export const isIncome = (flow: Flow): boolean => !flow.pending && flow.primary === 'INCOME';

type FlowFilter = (flow: Flow) => boolean;
const all: FlowFilter = () => true;

export const byDetailed =
  (...codes: string[]): FlowFilter =>
  (flow) =>
    codes.includes(flow.detailed ?? '');
export const byPrimary =
  (code: string): FlowFilter =>
  (flow) =>
    flow.primary === code;
export const byMerchant =
  (name: string): FlowFilter =>
  (flow) =>
    flow.merchant?.toLowerCase() === name.toLowerCase();
export const byAccountKind =
  (kind: AccountKind): FlowFilter =>
  (flow) =>
    flow.source === 'plaid' && flow.accountKind === kind;

/** Spending in the period (cents, + = spent). */
export function spending(raw: RawData, period: Period, filter: FlowFilter = all): number {
  let cents = 0;
  for (const flow of flows(raw))
    if (isSpending(flow) && within(flow.date, period) && filter(flow)) cents -= flow.cents;
  return cents;
}

/** Income in the period (cents). */
export function income(raw: RawData, period: Period, filter: FlowFilter = all): number {
  let cents = 0;
  for (const flow of flows(raw))
    if (isIncome(flow) && within(flow.date, period) && filter(flow)) cents += flow.cents;
  return cents;
}

/** Spending grouped by a key (merchant, category), largest first; null keys left out. */
export function spendingBy(
  raw: RawData,
  period: Period,
  key: (flow: Flow) => string | null,
  filter: FlowFilter = all,
): { key: string; cents: number }[] {
  const totals = new Map<string, number>();
  for (const flow of flows(raw)) {
    const group = key(flow);
    if (group === null || !isSpending(flow) || !within(flow.date, period) || !filter(flow)) continue;
    totals.set(group, (totals.get(group) ?? 0) - flow.cents);
  }
  return [...totals]
    .map(([group, cents]) => ({ key: group, cents }))
    .sort((a, b) => b.cents - a.cents || a.key.localeCompare(b.key));
}

/** The largest single spending transactions in the period (cents spent), largest first. */
export function largestSpending(raw: RawData, period: Period, filter: FlowFilter = all, limit = 1): number[] {
  return flows(raw)
    .filter((flow) => isSpending(flow) && within(flow.date, period) && filter(flow) && flow.cents < 0)
    .map((flow) => -flow.cents)
    .sort((a, b) => b - a)
    .slice(0, limit);
}

/** The largest single posted inflow (any category) in the period. */
export function largestInflow(raw: RawData, period: Period, filter: FlowFilter = all): number {
  return Math.max(
    0,
    ...flows(raw)
      .filter((flow) => !flow.pending && within(flow.date, period) && filter(flow))
      .map((flow) => flow.cents),
  );
}

/** The amount of the most recent posted charge matching `filter` (cents spent). */
export function latestCharge(raw: RawData, filter: FlowFilter): number {
  const charges = flows(raw)
    .filter((flow) => isSpending(flow) && flow.cents < 0 && filter(flow))
    .sort((a, b) => a.date.localeCompare(b.date));
  const last = charges.at(-1);
  if (!last) throw new Error('no such charge in the raw records');
  return -last.cents;
}

// ---------------------------------------------------------------------------------------------------
// Balances and net worth (Penny's sign: money owed is negative)

export type Balance = { name: string; kind: AccountKind | 'wallet'; institution: string; cents: number };

export function balances(raw: RawData): Balance[] {
  const out: Balance[] = [];
  for (const item of raw.plaid)
    for (const account of item.accounts) {
      const kind = plaidKind(account.type, account.subtype);
      const current = centsOfNumber(account.balances.current ?? 0);
      out.push({
        name: account.name,
        kind,
        institution: item.institutionName,
        // Plaid reports a card's balance owed as a positive number.
        cents: kind === 'credit' ? -current : current,
      });
    }
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts)
      out.push({
        name: account.name,
        kind: 'investment',
        institution: brokerage.brokerage,
        cents: centsOf(account.totalValue),
      });
  for (const wallet of raw.wallets)
    out.push({
      name: wallet.accountName,
      kind: 'wallet',
      institution: wallet.chain,
      cents: walletCents(wallet),
    });
  return out;
}

export const balanceOf = (raw: RawData, kind: Balance['kind']): number =>
  balances(raw)
    .filter((balance) => balance.kind === kind)
    .reduce((sum, balance) => sum + balance.cents, 0);

export const netWorth = (raw: RawData): number =>
  balances(raw).reduce((sum, balance) => sum + balance.cents, 0);
export const totalAssets = (raw: RawData): number =>
  balances(raw)
    .filter((balance) => balance.cents > 0)
    .reduce((sum, balance) => sum + balance.cents, 0);

// ---------------------------------------------------------------------------------------------------
// Investments

export type AssetClass = 'stock' | 'etf' | 'fund' | 'cash';

export type HoldingRow = {
  ticker: string;
  assetClass: AssetClass;
  valueCents: number;
  /** Total cost of the position (cash: its value). */
  costCents: number;
  account: string;
};

const PLAID_CLASSES: Record<string, AssetClass> = {
  equity: 'stock',
  etf: 'etf',
  'mutual fund': 'fund',
  cash: 'cash',
};
const SNAPTRADE_CLASSES = { stock: 'stock', etf: 'etf', mutualfund: 'fund' } as const satisfies Record<
  string,
  AssetClass
>;

/** Every position of every investment account, and each account's cash as a 'CASH' row. */
export function holdings(raw: RawData): HoldingRow[] {
  const out: HoldingRow[] = [];
  for (const item of raw.plaid) {
    const securities = new Map(item.securities.map((security) => [security.security_id, security]));
    const names = new Map(item.accounts.map((account) => [account.account_id, account.name]));
    for (const holding of item.holdings) {
      const security = securities.get(holding.security_id);
      const cash = security?.is_cash_equivalent === true || security?.type === 'cash';
      const valueCents = centsOfNumber(holding.institution_value);
      out.push({
        ticker: cash ? 'CASH' : (security?.ticker_symbol ?? '?'),
        assetClass: cash ? 'cash' : (PLAID_CLASSES[security?.type ?? ''] ?? 'stock'),
        valueCents,
        costCents: holding.cost_basis === null ? valueCents : centsOfNumber(holding.cost_basis),
        account: names.get(holding.account_id) ?? '',
      });
    }
  }
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts) {
      for (const position of account.positions)
        out.push({
          ticker: position.ticker,
          assetClass: SNAPTRADE_CLASSES[snaptradeKind(position.ticker)],
          valueCents: centsOf(position.marketValue),
          costCents: centsOf(position.costBasis),
          account: account.name,
        });
      const cash = centsOf(account.cash);
      out.push({
        ticker: 'CASH',
        assetClass: 'cash',
        valueCents: cash,
        costCents: cash,
        account: account.name,
      });
    }
  return out;
}

/** The SnapTrade sandbox's instrument kinds (market.ts), by ticker. */
function snaptradeKind(ticker: string): keyof typeof SNAPTRADE_CLASSES {
  if (['AAPL', 'MSFT', 'NVDA', 'GOOGL'].includes(ticker)) return 'stock';
  if (ticker === 'FXAIX') return 'mutualfund';
  return 'etf';
}

export const investmentsValue = (raw: RawData): number =>
  holdings(raw).reduce((sum, row) => sum + row.valueCents, 0);
export const unrealisedGain = (raw: RawData): number =>
  holdings(raw).reduce((sum, row) => sum + row.valueCents - row.costCents, 0);
export const valueOfClass = (raw: RawData, assetClass: AssetClass): number =>
  holdings(raw)
    .filter((row) => row.assetClass === assetClass)
    .reduce((sum, row) => sum + row.valueCents, 0);
export const valueOfTicker = (raw: RawData, ticker: string): number =>
  holdings(raw)
    .filter((row) => row.ticker === ticker)
    .reduce((sum, row) => sum + row.valueCents, 0);

/** The security worth most across all accounts (cash left out). */
export function largestHolding(raw: RawData): { ticker: string; cents: number } {
  const totals = new Map<string, number>();
  for (const row of holdings(raw))
    if (row.ticker !== 'CASH') totals.set(row.ticker, (totals.get(row.ticker) ?? 0) + row.valueCents);
  const [ticker = '', cents = 0] = [...totals].sort((a, b) => b[1] - a[1])[0] ?? [];
  return { ticker, cents };
}

// ---------------------------------------------------------------------------------------------------
// Crypto: each asset's USD value rounded to cents, a wallet's value the sum of its assets'

/** [digits, places] of a JSON number's text ('97250.12', '2.431e-5'). */
function decimalParts(text: string): [bigint, number] {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) throw new Error(`not a number: ${text}`);
  const [, sign, whole = '0', fraction = '', exponent = '0'] = match;
  let digits = BigInt(`${sign}${whole}${fraction}`);
  let places = fraction.length - Number(exponent);
  if (places < 0) {
    digits *= 10n ** BigInt(-places);
    places = 0;
  }
  return [digits, places];
}

export function assetCents(asset: WalletAssetRaw): number {
  const [price, places] = decimalParts(asset.usdPrice);
  const numerator = BigInt(asset.units) * price * 100n;
  const denominator = 10n ** BigInt(asset.decimals + places);
  // Half up (values are never negative).
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

export const walletCents = (wallet: WalletRaw): number =>
  wallet.assets.reduce((sum, asset) => sum + assetCents(asset), 0);

export const cryptoCents = (raw: RawData): number =>
  raw.wallets.reduce((sum, wallet) => sum + walletCents(wallet), 0);

/** The USD value of one symbol across every wallet. */
export const cryptoSymbolCents = (raw: RawData, symbol: string): number =>
  raw.wallets
    .flatMap((wallet) => wallet.assets)
    .filter((asset) => asset.symbol === symbol)
    .reduce((sum, asset) => sum + assetCents(asset), 0);

// ---------------------------------------------------------------------------------------------------
// Calculators: textbook formulas (payments and deposits at the end of each period)

/** Future value of `principal` plus `monthly` deposits, compounded `periodsPerYear` times a year. */
export function futureValue(input: {
  principal: number;
  monthly?: number;
  annualRatePercent: number;
  years: number;
  periodsPerYear: 1 | 12;
}): number {
  const rate = input.annualRatePercent / 100 / input.periodsPerYear;
  const periodCount = input.years * input.periodsPerYear;
  const growth = (1 + rate) ** periodCount;
  const deposits = input.monthly ?? 0;
  if (deposits !== 0 && input.periodsPerYear !== 12)
    throw new Error('monthly deposits need monthly compounding');
  const annuity = rate === 0 ? periodCount : (growth - 1) / rate;
  return centsOfDollars(input.principal * growth + deposits * annuity);
}

/** The level monthly payment of an amortising loan. */
export function loanPayment(input: { principal: number; annualRatePercent: number; years: number }): number {
  const rate = input.annualRatePercent / 100 / 12;
  const count = input.years * 12;
  const payment =
    rate === 0 ? input.principal / count : (input.principal * rate) / (1 - (1 + rate) ** -count);
  return centsOfDollars(payment);
}

/** The monthly deposit that grows `current` to `target` in `months` at a monthly-compounded rate. */
export function savingsGoalMonthly(input: {
  target: number;
  current?: number;
  annualRatePercent?: number;
  months: number;
}): number {
  const rate = (input.annualRatePercent ?? 0) / 100 / 12;
  const growth = (1 + rate) ** input.months;
  const remaining = input.target - (input.current ?? 0) * growth;
  const annuity = rate === 0 ? input.months : (growth - 1) / rate;
  return centsOfDollars(Math.max(0, remaining / annuity));
}

/** Whole months of `monthly` deposits (no interest) until `target` is reached. */
export const monthsToGoal = (input: { target: number; current?: number; monthly: number }): number =>
  Math.ceil((input.target - (input.current ?? 0)) / input.monthly);

/** Savings rate in percent: (income - spending) / income. */
export const savingsRatePercent = (incomeCents: number, spendingCents: number): number =>
  incomeCents === 0 ? 0 : ((incomeCents - spendingCents) / incomeCents) * 100;
