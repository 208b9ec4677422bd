import {
  addDays,
  assetCents,
  balances,
  byDetailed,
  byPrimary,
  type Flow,
  flows,
  isIncome,
  type Period,
  spending,
} from './expected.ts';
import { purchases } from './expected-reading.ts';
import { topDividendTicker } from './expected-typed.ts';
import { sumOf } from './expected-typed-4.ts';
import type { RawData } from './raw-data.ts';

/**
 * The plain arithmetic the ninth typed batch (tuning-typed-9.ts) needs beyond expected.ts,
 * expected-reading.ts and expected-typed*.ts, in integer cents over the vendors' raw records, with the
 * definitions of docs/agent.md. What it adds:
 * - a bank account's balance at the end of a day = today's balance (posted only, as Plaid's `current`)
 *   less that account's posted flows after the day, in Penny's sign (a card's balance owed negative);
 * - "a month ago" is the same day of last month (the month's last day when it has no such day);
 * - an account's flows by the account's name (the Roth's dividends, the individual brokerage's);
 * - a coin inside one wallet, and the coins held at all;
 * - a month is "over" an amount when its spending is strictly more;
 * - a card payment is counted once, on the checking side (money out of checking to the card).
 * Nothing here throws on an empty period: it answers 0 (or a word saying there is none).
 */

type FlowFilter = (flow: Flow) => boolean;
type BankKind = 'checking' | 'savings' | 'credit';
const within = (day: string, period: Period) => day >= period.start && day <= period.end;
const iso = (date: Date) => date.toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------------
// Filters

export const ENTERTAINMENT = byPrimary('ENTERTAINMENT');
export const TRAVEL = byPrimary('TRAVEL');
export const HAIR = byDetailed('PERSONAL_CARE_HAIR_AND_BEAUTY');
export const CARD_PAYMENT = byDetailed('LOAN_PAYMENTS_CREDIT_CARD_PAYMENT');

/** Every account's id → its name (bank and brokerage). */
function accountNames(raw: RawData): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of raw.plaid)
    for (const account of item.accounts) names.set(account.account_id, account.name);
  for (const brokerage of raw.brokerages)
    for (const account of brokerage.accounts) names.set(account.id, account.name);
  return names;
}

/** A filter on the name of the account a flow is in ('Roth IRA'). */
export const inAccountNamed = (raw: RawData, pattern: RegExp): FlowFilter => {
  const names = accountNames(raw);
  return (flow) => pattern.test(names.get(flow.accountId) ?? '');
};

// ---------------------------------------------------------------------------------------------------
// Periods

/** The same day of last month (its last day when it has no such day). */
export function sameDayLastMonth(today: string): string {
  const [year = 0, month = 1, date = 1] = today.split('-').map(Number);
  const lastOfPrevious = iso(new Date(Date.UTC(year, month - 1, 0)));
  const same = iso(new Date(Date.UTC(year, month - 2, date)));
  return same < lastOfPrevious ? same : lastOfPrevious;
}

/** The same day `months` months ago (the month's last day when it has no such day). */
export function sameDayMonthsAgo(today: string, months: number): string {
  let day = today;
  for (let index = 0; index < months; index++) day = sameDayLastMonth(day);
  return day;
}

// ---------------------------------------------------------------------------------------------------
// Balances

/** Today's balance of the bank's accounts of the kind (Penny's sign: owed negative). */
export const bankBalanceNow = (raw: RawData, kind: BankKind): number =>
  sumOf(
    balances(raw)
      .filter((balance) => balance.kind === kind)
      .map((balance) => balance.cents),
  );

/** The balance of the bank's accounts of the kind at the end of `day` (today's less later posted flows). */
export function bankBalanceAt(raw: RawData, kind: BankKind, day: string): number {
  const now = bankBalanceNow(raw, kind);
  if (day >= raw.today) return now;
  const later = flows(raw).filter(
    (flow) =>
      !flow.pending &&
      flow.source === 'plaid' &&
      flow.accountKind === kind &&
      within(flow.date, { start: addDays(day, 1), end: raw.today }),
  );
  return now - sumOf(later.map((flow) => flow.cents));
}

// ---------------------------------------------------------------------------------------------------
// Income, spending, counts

/** The ticker whose dividends added up to the most in the period ('(no dividends)' when none). */
export function topDividendTickerOrNone(raw: RawData, period: Period): string {
  try {
    return topDividendTicker(raw, period);
  } catch {
    return '(no dividends)';
  }
}

/** How many of the periods spent strictly more than `cents`. */
export const periodsOver = (raw: RawData, list: readonly Period[], cents: number): number =>
  list.filter((period) => spending(raw, period) > cents).length;

/** Card payments in the period, counted once: on the checking side, money out to the card. */
export const cardPaymentCount = (raw: RawData, period: Period): number =>
  flows(raw).filter(
    (flow) =>
      !flow.pending &&
      CARD_PAYMENT(flow) &&
      flow.accountKind === 'checking' &&
      flow.cents < 0 &&
      within(flow.date, period),
  ).length;

/** Income payments of the period under the filter, each as cents, oldest first. */
export const incomeAmounts = (raw: RawData, period: Period, filter: FlowFilter): number[] =>
  flows(raw)
    .filter((flow) => isIncome(flow) && flow.cents > 0 && within(flow.date, period) && filter(flow))
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((flow) => flow.cents);

/** The period's largest purchase under the filter: its merchant ('(none)' when there is none). */
export function biggestPurchaseMerchant(
  raw: RawData,
  period: Period,
  filter: FlowFilter = () => true,
): string {
  const [top] = purchases(raw, period, filter).sort(
    (a, b) => a.cents - b.cents || a.date.localeCompare(b.date),
  );
  return top ? (top.merchant ?? top.name) : '(none)';
}

// ---------------------------------------------------------------------------------------------------
// Crypto

/** The USD value of one symbol inside one wallet (by account name), 0 when it holds none. */
export const walletSymbolCents = (raw: RawData, accountName: string, symbol: string): number =>
  sumOf(
    raw.wallets
      .filter((wallet) => wallet.accountName === accountName)
      .flatMap((wallet) => wallet.assets)
      .filter((asset) => asset.symbol === symbol)
      .map(assetCents),
  );

/** The symbols held with a balance above zero in any wallet, each once. */
export const heldSymbols = (raw: RawData): string[] => [
  ...new Set(
    raw.wallets
      .flatMap((wallet) => wallet.assets)
      .filter((asset) => BigInt(asset.units) > 0n)
      .map((asset) => asset.symbol),
  ),
];
