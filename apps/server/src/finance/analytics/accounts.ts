import { accountMessages } from '@penny/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import type { Money } from './money.ts';
import { ACCOUNT_USD, readRows } from './sql.ts';

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

type AccountRow = {
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
};

/**
 * Each account's name, made unique: a name two accounts share gets its institution (or connection),
 * and one still shared after that gets its mask.
 */
function displayNamesOf(found: AccountRow[]): string[] {
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
    return (displayCount.get(base) ?? 0) > 1 ? `${base} ...${row.mask ?? row.id.slice(-4)}` : base;
  });
}

/** The user's accounts, with their connection, in a stable order. */
export async function listAccounts(db: Database, userId: string): Promise<AnalyticsAccount[]> {
  const found = await readRows<AccountRow>(
    db,
    sql`
      select a.id, a.name, a.official_name, a.mask, a.kind, a.subtype, a.currency,
        a.current_balance::text as current, a.available_balance::text as available,
        a.credit_limit::text as credit_limit, round(${ACCOUNT_USD}, 2)::text as balance_usd,
        a.transaction_count, c.platform, c.name as connection_name, c.institution_name, c.chain,
        c.external_user_id
      from ledger_account a
      join connection c on c.id = a.connection_id and c.user_id = a.user_id
      where a.user_id = ${userId}
      order by c.platform, c.name, a.name, a.id`,
  );
  const displayNames = displayNamesOf(found);
  return found.map((row, index) => ({
    id: row.id,
    displayName: displayNames[index] ?? row.name,
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
  }));
}

/**
 * The user's accounts a name or id stands for: the id; else the account, official or connection
 * name, whole (any case); else the account type ('checking', 'credit card'); else a part of a name
 * (three letters or more). Nothing found is a refusal naming the accounts there are.
 */
const BANK_WORDS = new Set(['bank', 'bank account', 'bank accounts', 'banks', 'depository']);

export async function resolveAccounts(
  db: Database,
  userId: string,
  reference: string,
): Promise<AnalyticsAccount[]> {
  const all = await listAccounts(db, userId);
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
    // 'bank', 'bank accounts': the accounts that hold money at a bank, checking and savings.
    (account) => BANK_WORDS.has(wanted) && (account.kind === 'checking' || account.kind === 'savings'),
    (account) =>
      wanted.length >= 3 &&
      [account.displayName, account.officialName, account.connectionName, account.institution].some((name) =>
        name?.toLowerCase().includes(wanted),
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

/** The display names of the accounts in a comma-separated id list (SQL's string_agg). */
export async function accountNamesOf(
  db: Database,
  userId: string,
  ids: string | null | undefined,
): Promise<string[]> {
  if (!ids) return [];
  const wanted = new Set(ids.split(','));
  return (await listAccounts(db, userId))
    .filter((account) => wanted.has(account.id))
    .map((account) => account.displayName);
}

/** Account id → display name, for labelling rows read by id. */
export async function accountNameMap(db: Database, userId: string): Promise<Map<string, string>> {
  return new Map((await listAccounts(db, userId)).map((account) => [account.id, account.displayName]));
}
