import type { AccountKind } from '@penny/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { type AnalyticsAccount, listAccounts } from './accounts.ts';
import { fromCents, type Money, toCents } from './money.ts';
import { ACCOUNT_USD, and, inList, money2, onPlatform, readRows } from './sql.ts';

/** The accounts whose balances are cash in the bank: Plaid's depository checking and savings kinds. */
export const BANK_CASH_KINDS = ['checking', 'savings'] as const satisfies readonly AccountKind[];
export type BankCashKind = (typeof BANK_CASH_KINDS)[number];

export type BankCash = {
  /** Checking plus savings, in USD (+ = money in). */
  total: Money;
  /** Each of the two kinds the user has an account of, checking first (a kind with none is left out). */
  byKind: Array<{ kind: BankCashKind; total: Money }>;
};

export type LiquidCash = {
  total: Money;
  accounts: Array<{ id: string; name: string; kind: string; balance: Money }>;
};

const isBankCash = (kind: string) => BANK_CASH_KINDS.some((bank) => bank === kind);

/**
 * Cash in checking and savings: Σ the USD balances of the checking and savings accounts (those without
 * a USD value count as nothing); with a platform, that platform's accounts only. Every tool that states
 * this figure (net_worth, list_accounts; emergency_fund and affordability through liquidCash) reads it
 * here, so they cannot disagree. Each kind is rounded to the cent in SQL as net worth's by-kind totals
 * are, and the total is their sum in integer cents: always the checking and savings of a by-type list
 * added up.
 */
export async function bankCash(
  db: Database,
  userId: string,
  options: { platform?: AnalyticsAccount['platform'] | undefined } = {},
): Promise<BankCash> {
  const rows = await readRows<{ kind: string; total: string }>(
    db,
    sql`
      select a.kind, ${money2(sql`sum(${ACCOUNT_USD})`)} as total
      from ledger_account a
      where ${and(
        sql`a.user_id = ${userId}`,
        sql`a.kind in ${inList(BANK_CASH_KINDS)}`,
        options.platform ? onPlatform(userId, options.platform) : undefined,
      )}
      group by a.kind`,
  );
  const byKind = BANK_CASH_KINDS.flatMap((kind) =>
    rows.filter((row) => row.kind === kind).map((row) => ({ kind, total: row.total })),
  );
  return {
    total: fromCents(byKind.reduce((sum, kind) => sum + toCents(kind.total), 0n)),
    byKind,
  };
}

/** Cash on hand (emergency_fund, affordability): the same figure, with the accounts it counts. */
export async function liquidCash(db: Database, userId: string): Promise<LiquidCash> {
  const [cash, accounts] = await Promise.all([bankCash(db, userId), listAccounts(db, userId)]);
  return {
    total: cash.total,
    accounts: accounts
      .filter((account) => isBankCash(account.kind))
      .map((account) => ({
        id: account.id,
        name: account.displayName,
        kind: account.kind,
        balance: account.balanceUsd ?? '0.00',
      })),
  };
}
