import type { AccountBase, Holding, Security, Transaction } from 'plaid';
import { dayFromDate, dayFromIso, isoFromDay } from '../days.ts';
import { accountsOn } from './accounts.ts';
import { generateEvents } from './events.ts';
import { holdingsOn } from './holdings.ts';
import { type BankAccountKey, createProfile } from './profile.ts';
import { viewTransaction } from './transaction-view.ts';

/**
 * The sandbox's bank data: a pure function of a seed and "today". Two years of a plausible person's money
 * (salary, rent, bills, groceries, dining, subscriptions, trips, refunds, transfers, card payments) in
 * Plaid's own JSON shapes and sign (amount > 0 = money out of the account).
 *
 * Events are generated day by day from the history start with one seeded stream, so the events of a day
 * never depend on how far the history runs: tomorrow's data is today's data plus tomorrow. What changes
 * as "today" moves is only how each event is seen: pending until it posts, a raw descriptor until Plaid
 * cleans the merchant name, posted with the tip once a restaurant bill settles.
 */

export type BankItemData = {
  today: string;
  historyStart: string;
  accounts: AccountBase[];
  /** Visible on `today`: posted and pending, oldest first. */
  transactions: Transaction[];
  holdings: Holding[];
  securities: Security[];
  /** Each account's balance the day before `historyStart`, in Plaid's terms (a card's balance owed is positive). */
  openingBalances: Record<string, number>;
  /** account_id by role. */
  accountIds: Partial<Record<BankAccountKey, string>>;
};

export type GenerateOptions = {
  /** First day of the history; default two years (730 days) before `today`. */
  historyStart?: string;
};

const HISTORY_DAYS = 730;

export function generateBankItem(
  seed: string,
  today: string | Date,
  options: GenerateOptions = {},
): BankItemData {
  const todayDay = typeof today === 'string' ? dayFromIso(today) : dayFromDate(today);
  const startDay = options.historyStart ? dayFromIso(options.historyStart) : todayDay - HISTORY_DAYS;
  const profile = createProfile(seed);
  const events = generateEvents(seed, profile, startDay, todayDay);
  const transactions = events
    .map((event) => viewTransaction(seed, profile, event, todayDay))
    .filter((transaction): transaction is Transaction => transaction !== null)
    .sort(byDateThenId);
  const { holdings, securities, investmentValue, investmentCash } = holdingsOn(seed, profile, todayDay);
  const accounts = accountsOn(profile, events, todayDay, investmentValue, investmentCash);
  return {
    today: isoFromDay(todayDay),
    historyStart: isoFromDay(startDay),
    accounts,
    transactions,
    holdings,
    securities,
    openingBalances: Object.fromEntries(
      profile.accounts.map((account) => [account.id, account.openingCents / 100]),
    ),
    accountIds: Object.fromEntries(profile.accounts.map((account) => [account.key, account.id])),
  };
}

export function byDateThenId(
  a: { date: string; transaction_id: string },
  b: { date: string; transaction_id: string },
) {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.transaction_id < b.transaction_id ? -1 : 1;
}
