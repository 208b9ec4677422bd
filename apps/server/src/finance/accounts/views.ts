import type { AccountCredential, ConnectionStatus } from '@penny/contracts';
import type { AccountView, ConnectionRow, TransactionView } from '../ledger.ts';

/** Ledger rows in the shapes the /db, /agent and /connect answers carry (snake_case, no secrets). */

function displayStatus(row: ConnectionRow, at: Date): ConnectionStatus {
  if (row.syncLeaseUntil && row.syncLeaseUntil.getTime() > at.getTime()) return 'syncing';
  return row.status;
}

function accountOut(account: AccountView) {
  return {
    id: account.id,
    name: account.name,
    official_name: account.officialName,
    mask: account.mask,
    kind: account.kind,
    subtype: account.subtype,
    currency: account.currency,
    current: account.current,
    available: account.available,
    limit: account.limit,
    current_usd: account.currentUsd,
    transaction_count: account.transactionCount,
  };
}

/** A connection's accounts as the agent calls answer them. */
export function agentAccountsOf({
  connection: row,
  accounts,
}: {
  connection: ConnectionRow;
  accounts: AccountView[];
}) {
  return accounts.map((account) => ({
    ...accountOut(account),
    account_name: row.name,
    account_type: row.platform,
    institution_name: row.institutionName,
  }));
}

export function transactionOut(row: TransactionView) {
  return {
    id: String(row.id),
    account_id: row.accountId,
    date: row.date,
    amount: row.amount,
    currency: row.currency,
    amount_usd: row.amountUsd,
    name: row.name,
    merchant: row.merchant,
    category: row.categoryPrimary,
    category_detailed: row.categoryDetailed,
    pending: row.pending,
  };
}

/** A connection as GET /db/get-credentials lists it: its status at `at`, never a token or key. */
export function credentialOf(row: ConnectionRow, accounts: AccountView[], at: Date): AccountCredential {
  return {
    account_name: row.name,
    account_type: row.platform,
    item_id: row.itemId,
    account_id: row.platform === 'web3' ? row.externalUserId : row.itemId,
    tag: row.tag,
    chain: row.chain,
    institution_name: row.institutionName,
    status: displayStatus(row, at),
    status_detail: row.statusDetail,
    history: row.history,
    login_expires_at: row.loginExpiresAt?.toISOString() ?? null,
    new_accounts_available: row.newAccountsAvailable,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    accounts: accounts.map(accountOut),
  };
}
