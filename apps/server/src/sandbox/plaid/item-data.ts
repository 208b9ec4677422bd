import type { AccountBase, Transaction } from 'plaid';
import { TransactionPaymentChannelEnum, TransactionTransactionTypeEnum } from 'plaid';
import {
  type BankItemData,
  byDateThenId,
  EMPTY_PAYMENT_META,
  generateBankItem,
  NO_LOCATION,
} from './bank-data/index.ts';
import type { Version } from './cursor.ts';
import { dayFromIso, isoFromDay } from './days.ts';
import { stableId } from './random.ts';

/** A transaction added through /sandbox/transactions/create (kept in the item's small record). */
export type CustomTransaction = {
  date_transacted: string;
  date_posted: string;
  amount: number;
  description: string;
  iso_currency_code: string;
};

export type Scenario = 'rate_limited' | 'upstream_down' | 'timeout' | 'fail_after_pages';

/** The vendor-side state of one item: small, because the transactions are regenerated from the seed. */
export type ItemRecord = {
  itemId: string;
  seed: string;
  institutionId: string;
  institutionName: string;
  clientUserId: string | null;
  createdAt: string;
  historyStart: string;
  /** Days the sandbox clock was moved forward for this item (/sandbox/item/advance). */
  advancedDays: number;
  status: 'good' | 'login-required';
  /** Accounts the user shared in Link; null = all. */
  accountIds: string[] | null;
  custom: CustomTransaction[];
  scenario: { name: Scenario; pages: number; delayMs: number; syncPagesServed: number } | null;
  /** Key of the item's cursor signatures. */
  cursorKey: string;
  accessToken: string | null;
  /** Where this item's webhooks go (the link token's `webhook`); absent on items made before webhooks. */
  webhook?: string | null;
  /**
   * Plaid's initial pull, as Plaid runs it after an item is made: nothing ready before `recentAt`, the
   * last 30 days from then, the whole history from `completeAt`. Absent on items made before it was
   * staged: their history was ready at once.
   */
  pull?: { recentAt: string; completeAt: string };
  /** Whether /transactions/sync was ever called for the item: Plaid sends SYNC_UPDATES_AVAILABLE only then. */
  syncCalled?: boolean;
  /** When the user's consent for the item ends (PENDING_EXPIRATION); an update-mode login renews it. */
  consentExpiresAt?: string | null;
};

/** How far the initial pull has come: the stages of Plaid's `transactions_update_status`. */
export type PullStage = 'not-ready' | 'recent' | 'complete';

/** The days the initial pull brings first, before the rest of the history. */
export const INITIAL_PULL_DAYS = 30;

export function pullStage(item: Pick<ItemRecord, 'pull'>, now: Date): PullStage {
  if (!item.pull) return 'complete';
  const at = now.getTime();
  if (at >= Date.parse(item.pull.completeAt)) return 'complete';
  return at >= Date.parse(item.pull.recentAt) ? 'recent' : 'not-ready';
}

export type Snapshot = {
  data: BankItemData;
  accounts: AccountBase[];
  transactions: Transaction[];
};

/** Regenerating is ~20 ms and a sync pages through the same two snapshots: keep the last few (~3 MB each). */
const generated = new Map<string, BankItemData>();
const GENERATED_LIMIT = 8;

function generateCached(seed: string, today: string, historyStart: string): BankItemData {
  const key = `${seed}\u0000${today}\u0000${historyStart}`;
  const hit = generated.get(key);
  if (hit) {
    generated.delete(key);
    generated.set(key, hit);
    return hit;
  }
  const data = generateBankItem(seed, today, { historyStart });
  generated.set(key, data);
  if (generated.size > GENERATED_LIMIT) {
    const oldest = generated.keys().next().value;
    if (oldest !== undefined) generated.delete(oldest);
  }
  return data;
}

/** The accounts a new item for `seed` would have: what Link lets the user choose from. */
export function accountsOnDay(seed: string, now: Date): AccountBase[] {
  const today = Math.floor(now.getTime() / 86_400_000);
  return generateCached(seed, isoFromDay(today), isoFromDay(today - 730)).accounts;
}

/** The item's data now; before its initial pull is ready, what it will first show (the recent days). */
export function currentVersion(item: ItemRecord, now: Date): Version {
  return {
    day: Math.floor(now.getTime() / 86_400_000) + item.advancedDays,
    custom: item.custom.length,
    recent: pullStage(item, now) !== 'complete',
  };
}

export function snapshotOf(item: ItemRecord, version: Version): Snapshot {
  const data = generateCached(item.seed, isoFromDay(version.day), item.historyStart);
  const shared = (accountId: string) => item.accountIds === null || item.accountIds.includes(accountId);
  const customAccount = data.accountIds.checking ?? data.accounts[0]?.account_id ?? '';
  const custom = item.custom
    .slice(0, version.custom)
    .map((entry, index) => customView(item, entry, index, customAccount, version.day));
  const postedCustom = custom.filter((transaction) => !transaction.pending);
  const accounts = data.accounts
    .filter((account) => shared(account.account_id))
    .map((account) => {
      if (account.account_id !== customAccount || postedCustom.length === 0) return account;
      const cents = postedCustom.reduce((sum, transaction) => sum + Math.round(transaction.amount * 100), 0);
      const adjust = (value: number | null) =>
        value === null ? null : Math.round(value * 100 - cents) / 100;
      return {
        ...account,
        balances: {
          ...account.balances,
          current: adjust(account.balances.current),
          available: adjust(account.balances.available),
        },
      };
    });
  // While the historical pull runs, only the last INITIAL_PULL_DAYS days are there to read.
  const firstDay = version.recent ? isoFromDay(version.day - INITIAL_PULL_DAYS) : '';
  const transactions = [...data.transactions, ...custom].filter(
    (transaction) => shared(transaction.account_id) && transaction.date >= firstDay,
  );
  return { data, accounts, transactions };
}

function customView(
  item: ItemRecord,
  entry: CustomTransaction,
  index: number,
  accountId: string,
  today: number,
): Transaction {
  const pending = dayFromIso(entry.date_posted) > today;
  const pendingId = stableId(`${item.itemId}|custom|${index}|pending`);
  const inflow = entry.amount < 0;
  return {
    account_id: accountId,
    transaction_id: pending ? pendingId : stableId(`${item.itemId}|custom|${index}|posted`),
    pending_transaction_id: !pending && entry.date_posted > entry.date_transacted ? pendingId : null,
    amount: entry.amount,
    iso_currency_code: entry.iso_currency_code,
    unofficial_currency_code: null,
    date: pending ? entry.date_transacted : entry.date_posted,
    datetime: null,
    authorized_date: entry.date_transacted,
    authorized_datetime: null,
    name: entry.description,
    merchant_name: null,
    merchant_entity_id: null,
    logo_url: null,
    website: null,
    pending,
    payment_channel: TransactionPaymentChannelEnum.Other,
    transaction_type: TransactionTransactionTypeEnum.Unresolved,
    transaction_code: null,
    check_number: null,
    account_owner: null,
    original_description: null,
    location: NO_LOCATION,
    payment_meta: EMPTY_PAYMENT_META,
    // Plaid cannot say much about a bare description: a low-confidence catch-all category.
    personal_finance_category: inflow
      ? { primary: 'INCOME', detailed: 'INCOME_OTHER_INCOME', confidence_level: 'LOW' }
      : {
          primary: 'GENERAL_MERCHANDISE',
          detailed: 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
          confidence_level: 'LOW',
        },
    personal_finance_category_icon_url: `https://plaid-category-icons.plaid.com/PFC_${inflow ? 'INCOME' : 'GENERAL_MERCHANDISE'}.png`,
    counterparties: [],
  };
}

export type Change =
  | { kind: 'added' | 'modified'; transaction: Transaction }
  | { kind: 'removed'; transaction: Transaction };

const diffs = new Map<string, Change[]>();
const DIFF_LIMIT = 8;

/** Everything that differs between two versions, oldest first (the order /transactions/sync pages in). */
export function changesBetween(item: ItemRecord, from: Version | null, to: Version): Change[] {
  const at = (version: Version) => `${version.day}:${version.custom}:${version.recent ? 'r' : 'f'}`;
  const key = `${item.itemId}|${item.seed}|${item.accountIds?.join(',') ?? '*'}|${from ? at(from) : '-'}|${at(to)}`;
  const hit = diffs.get(key);
  if (hit) return hit;
  const after = snapshotOf(item, to).transactions;
  const changes: Change[] = [];
  if (from === null) {
    for (const transaction of after) changes.push({ kind: 'added', transaction });
  } else {
    const before = new Map(
      snapshotOf(item, from).transactions.map((transaction) => [transaction.transaction_id, transaction]),
    );
    for (const transaction of after) {
      const previous = before.get(transaction.transaction_id);
      before.delete(transaction.transaction_id);
      if (!previous) changes.push({ kind: 'added', transaction });
      else if (JSON.stringify(previous) !== JSON.stringify(transaction))
        changes.push({ kind: 'modified', transaction });
    }
    for (const transaction of before.values()) changes.push({ kind: 'removed', transaction });
  }
  changes.sort((a, b) => byDateThenId(a.transaction, b.transaction));
  diffs.set(key, changes);
  if (diffs.size > DIFF_LIMIT) {
    const oldest = diffs.keys().next().value;
    if (oldest !== undefined) diffs.delete(oldest);
  }
  return changes;
}
