import { randomUUID } from 'node:crypto';
import { ACCOUNT_KINDS } from '@penny/contracts';
import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type {
  AccountKind,
  ProviderAccount,
  ProviderHolding,
  ProviderTransaction,
} from '../connections/types.ts';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import { applyEffectiveCategories } from './recategorize/effective.ts';

const { connection, ledgerAccount, balanceSnapshot, ledgerTransaction, security, holding } = tables;

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 14 columns. */
const INSERT_CHUNK = 1000;

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type ConnectionRow = typeof connection.$inferSelect;
export type LedgerAccountRow = typeof ledgerAccount.$inferSelect;

export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** Today's date in UTC as YYYY-MM-DD (snapshots are per day). */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Upserts the accounts a provider reported for one connection and records today's balance snapshot.
 * Returns the ledger id of every provider account id.
 */
export async function upsertAccounts(
  db: Executor,
  owner: { userId: string; connectionId: string },
  accounts: readonly ProviderAccount[],
  at: Date,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (accounts.length === 0) return ids;
  const rows = await db
    .insert(ledgerAccount)
    .values(
      accounts.map((account) => ({
        id: newId('acc'),
        userId: owner.userId,
        connectionId: owner.connectionId,
        providerAccountId: account.providerAccountId,
        name: account.name,
        officialName: account.officialName,
        mask: account.mask,
        kind: account.kind,
        subtype: account.subtype,
        currency: account.currency,
        currentBalance: account.current,
        availableBalance: account.available,
        creditLimit: account.limit,
        currentBalanceUsd: account.currentUsd ?? (account.currency === 'USD' ? account.current : null),
        balanceAsOf: at,
      })),
    )
    .onConflictDoUpdate({
      target: [ledgerAccount.connectionId, ledgerAccount.providerAccountId],
      set: {
        name: sql`excluded.name`,
        officialName: sql`excluded.official_name`,
        mask: sql`excluded.mask`,
        kind: sql`excluded.kind`,
        subtype: sql`excluded.subtype`,
        currency: sql`excluded.currency`,
        currentBalance: sql`excluded.current_balance`,
        availableBalance: sql`excluded.available_balance`,
        creditLimit: sql`excluded.credit_limit`,
        currentBalanceUsd: sql`excluded.current_balance_usd`,
        balanceAsOf: sql`excluded.balance_as_of`,
        updatedAt: at,
      },
    })
    .returning({
      id: ledgerAccount.id,
      providerAccountId: ledgerAccount.providerAccountId,
      current: ledgerAccount.currentBalance,
      available: ledgerAccount.availableBalance,
      currentUsd: ledgerAccount.currentBalanceUsd,
      currency: ledgerAccount.currency,
    });
  for (const row of rows) ids.set(row.providerAccountId, row.id);
  await db
    .insert(balanceSnapshot)
    .values(
      rows.map((row) => ({
        userId: owner.userId,
        accountId: row.id,
        asOf: isoDay(at),
        current: row.current,
        available: row.available,
        currentUsd: row.currentUsd,
        currency: row.currency,
      })),
    )
    .onConflictDoUpdate({
      target: [balanceSnapshot.accountId, balanceSnapshot.asOf],
      set: {
        current: sql`excluded.current`,
        available: sql`excluded.available`,
        currentUsd: sql`excluded.current_usd`,
        currency: sql`excluded.currency`,
      },
    });
  return ids;
}

/**
 * Inserts or updates transactions by (connection, provider id): a page seen twice, or two syncs racing,
 * leave one row each. Transactions of an account the ledger does not know are skipped (counted).
 */
export async function upsertTransactions(
  db: Executor,
  owner: { userId: string; connectionId: string },
  accountIds: ReadonlyMap<string, string>,
  transactions: readonly ProviderTransaction[],
): Promise<{ written: number; skipped: number }> {
  const rows = [];
  let skipped = 0;
  for (const transaction of transactions) {
    const accountId = accountIds.get(transaction.providerAccountId);
    if (!accountId) {
      skipped += 1;
      continue;
    }
    rows.push({
      userId: owner.userId,
      connectionId: owner.connectionId,
      accountId,
      providerTransactionId: transaction.providerTransactionId,
      date: transaction.date,
      amount: transaction.amount,
      currency: transaction.currency,
      amountUsd: transaction.amountUsd ?? (transaction.currency === 'USD' ? transaction.amount : null),
      name: transaction.name,
      merchant: transaction.merchant,
      categoryPrimary: transaction.categoryPrimary,
      categoryDetailed: transaction.categoryDetailed,
      providerCategoryPrimary: transaction.categoryPrimary,
      providerCategoryDetailed: transaction.categoryDetailed,
      pending: transaction.pending,
    });
  }
  // One provider id twice in one batch would make ON CONFLICT touch a row twice: keep the last.
  const unique = [...new Map(rows.map((row) => [row.providerTransactionId, row])).values()];
  const written: number[] = [];
  for (const batch of chunks(unique, INSERT_CHUNK)) {
    const ids = await db
      .insert(ledgerTransaction)
      .values(batch)
      .onConflictDoUpdate({
        target: [ledgerTransaction.connectionId, ledgerTransaction.providerTransactionId],
        set: {
          accountId: sql`excluded.account_id`,
          date: sql`excluded.date`,
          amount: sql`excluded.amount`,
          currency: sql`excluded.currency`,
          amountUsd: sql`excluded.amount_usd`,
          name: sql`excluded.name`,
          merchant: sql`excluded.merchant`,
          // Only the provider's category: the effective one (the user's, a rule's) is decided below.
          providerCategoryPrimary: sql`excluded.provider_category_primary`,
          providerCategoryDetailed: sql`excluded.provider_category_detailed`,
          pending: sql`excluded.pending`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: ledgerTransaction.id });
    written.push(...ids.map((row) => row.id));
  }
  // A re-sent transaction keeps the user's category; a new one meets the user's rules.
  for (const batch of chunks(written, INSERT_CHUNK)) {
    await applyEffectiveCategories(db, owner.userId, { transactionIds: batch });
  }
  return { written: unique.length, skipped };
}

export async function removeTransactions(
  db: Executor,
  connectionId: string,
  providerTransactionIds: readonly string[],
): Promise<void> {
  for (const batch of chunks(providerTransactionIds, INSERT_CHUNK)) {
    await db
      .delete(ledgerTransaction)
      .where(
        and(
          eq(ledgerTransaction.connectionId, connectionId),
          inArray(ledgerTransaction.providerTransactionId, batch),
        ),
      );
  }
}

/** Replaces the holdings of the given accounts with what the provider reports now. */
export async function replaceHoldings(
  db: Executor,
  owner: { userId: string; platform: string },
  accountIds: ReadonlyMap<string, string>,
  holdings: readonly ProviderHolding[],
): Promise<void> {
  const ledgerIds = [...accountIds.values()];
  if (ledgerIds.length > 0) await db.delete(holding).where(inArray(holding.accountId, ledgerIds));
  const securities = new Map<string, ProviderHolding['security']>();
  for (const item of holdings)
    securities.set(`${owner.platform}:${item.security.providerSecurityId}`, item.security);
  for (const batch of chunks([...securities], INSERT_CHUNK)) {
    await db
      .insert(security)
      .values(
        batch.map(([id, found]) => ({
          id,
          ticker: found.ticker,
          name: found.name,
          type: found.type,
          currency: found.currency,
          closePrice: found.closePrice,
        })),
      )
      .onConflictDoUpdate({
        target: security.id,
        set: {
          ticker: sql`excluded.ticker`,
          name: sql`excluded.name`,
          type: sql`excluded.type`,
          currency: sql`excluded.currency`,
          closePrice: sql`excluded.close_price`,
          updatedAt: sql`now()`,
        },
      });
  }
  const rows = new Map<string, typeof holding.$inferInsert>();
  for (const item of holdings) {
    const accountId = accountIds.get(item.providerAccountId);
    if (!accountId) continue;
    const securityId = `${owner.platform}:${item.security.providerSecurityId}`;
    rows.set(`${accountId}\u0000${securityId}`, {
      userId: owner.userId,
      accountId,
      securityId,
      quantity: item.quantity,
      price: item.price,
      value: item.value,
      costBasis: item.costBasis,
      currency: item.security.currency,
    });
  }
  for (const batch of chunks([...rows.values()], INSERT_CHUNK)) await db.insert(holding).values(batch);
}

/**
 * Recounts the transactions of a connection's accounts: once per sync (on the connection's index
 * range), so listing accounts never counts the ledger (a count per read grew with every row).
 */
export async function refreshTransactionCounts(db: Executor, connectionId: string): Promise<void> {
  await db.execute(sql`
    update ledger_account a
    set transaction_count = (
      select count(*)::int from ledger_transaction t where t.user_id = a.user_id and t.account_id = a.id
    )
    where a.connection_id = ${connectionId}`);
}

// ---- Reads

/** An account as the ledger holds it: what the provider reported, plus its ids and transaction count. */
export type AccountView = Omit<ProviderAccount, 'currentUsd'> & {
  id: string;
  connectionId: string;
  currentUsd: string | null;
  transactionCount: number;
};

function accountKind(value: string): AccountKind {
  return ACCOUNT_KINDS.find((kind) => kind === value) ?? 'other';
}

/** Every connection of a user with its accounts (one query each), newest connection first. */
export async function listConnections(
  db: Executor,
  userId: string,
): Promise<{ connection: ConnectionRow; accounts: AccountView[] }[]> {
  const connections = await db
    .select()
    .from(connection)
    .where(eq(connection.userId, userId))
    .orderBy(desc(connection.createdAt));
  if (connections.length === 0) return [];
  const accounts = await db
    .select()
    .from(ledgerAccount)
    .where(eq(ledgerAccount.userId, userId))
    .orderBy(ledgerAccount.name);
  const byConnection = new Map<string, AccountView[]>();
  for (const account of accounts) {
    const list = byConnection.get(account.connectionId) ?? [];
    list.push({
      id: account.id,
      connectionId: account.connectionId,
      providerAccountId: account.providerAccountId,
      name: account.name,
      officialName: account.officialName,
      mask: account.mask,
      kind: accountKind(account.kind),
      subtype: account.subtype,
      currency: account.currency,
      current: account.currentBalance,
      available: account.availableBalance,
      limit: account.creditLimit,
      currentUsd: account.currentBalanceUsd,
      transactionCount: account.transactionCount,
    });
    byConnection.set(account.connectionId, list);
  }
  return connections.map((row) => ({ connection: row, accounts: byConnection.get(row.id) ?? [] }));
}

export type TransactionQuery = {
  userId: string;
  connectionId: string;
  accountId?: string | undefined;
  startDate: string;
  endDate: string;
  search?: string | undefined;
  limit: number;
  after?: { date: string; id: number } | undefined;
};

export type TransactionView = {
  id: number;
  accountId: string;
  date: string;
  amount: string;
  currency: string;
  amountUsd: string | null;
  name: string;
  merchant: string | null;
  categoryPrimary: string | null;
  categoryDetailed: string | null;
  pending: boolean;
};

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * One page of a connection's transactions in a date range, newest first, keyset paged on (date, id):
 * served by ledger_transaction_account_date_idx, so a page costs the same at row 10 or row 1,000,000.
 */
export async function queryTransactions(db: Executor, query: TransactionQuery): Promise<TransactionView[]> {
  const t = ledgerTransaction;
  const conditions = [
    eq(t.userId, query.userId),
    eq(t.connectionId, query.connectionId),
    gte(t.date, query.startDate),
    lte(t.date, query.endDate),
  ];
  if (query.accountId) conditions.push(eq(t.accountId, query.accountId));
  if (query.search) {
    const pattern = likePattern(query.search);
    const matches = or(
      ilike(t.name, pattern),
      ilike(t.merchant, pattern),
      ilike(t.categoryDetailed, pattern),
    );
    if (matches) conditions.push(matches);
  }
  if (query.after) {
    const after = or(
      lt(t.date, query.after.date),
      and(eq(t.date, query.after.date), lt(t.id, query.after.id)),
    );
    if (after) conditions.push(after);
  }
  return db
    .select({
      id: t.id,
      accountId: t.accountId,
      date: t.date,
      amount: t.amount,
      currency: t.currency,
      amountUsd: t.amountUsd,
      name: t.name,
      merchant: t.merchant,
      categoryPrimary: t.categoryPrimary,
      categoryDetailed: t.categoryDetailed,
      pending: t.pending,
    })
    .from(t)
    .where(and(...conditions))
    .orderBy(desc(t.date), desc(t.id))
    .limit(query.limit);
}

/** What an investment or wallet account holds now. */
export async function listHoldings(db: Executor, userId: string, accountIds: readonly string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      accountId: holding.accountId,
      quantity: holding.quantity,
      price: holding.price,
      value: holding.value,
      costBasis: holding.costBasis,
      currency: holding.currency,
      ticker: security.ticker,
      name: security.name,
      type: security.type,
    })
    .from(holding)
    .innerJoin(security, eq(security.id, holding.securityId))
    .where(and(eq(holding.userId, userId), inArray(holding.accountId, [...accountIds])))
    .orderBy(sql`${holding.value} desc nulls last`, security.name);
}
