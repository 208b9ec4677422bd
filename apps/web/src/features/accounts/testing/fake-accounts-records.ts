import type { AccountCredential, LedgerTransaction, LinkedAccount } from '@penny/contracts';

/** Records as the account endpoints answer them, with defaults for what a test does not care about. */

export function makeAccount(
  overrides: Partial<LinkedAccount> & Pick<LinkedAccount, 'id' | 'name'>,
): LinkedAccount {
  return {
    official_name: null,
    mask: null,
    kind: 'checking',
    subtype: null,
    currency: 'USD',
    current: '0.00',
    available: null,
    limit: null,
    current_usd: null,
    transaction_count: 0,
    ...overrides,
  };
}

export function makeCredential(
  overrides: Partial<AccountCredential> & Pick<AccountCredential, 'account_name' | 'account_type'>,
): AccountCredential {
  return {
    item_id: null,
    account_id: null,
    tag: null,
    chain: null,
    institution_name: null,
    status: 'active',
    status_detail: null,
    history: 'complete',
    login_expires_at: null,
    new_accounts_available: false,
    last_synced_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    created_at: new Date(Date.now() - 86_400_000).toISOString(),
    accounts: [],
    ...overrides,
  };
}

export function makeTransaction(
  overrides: Partial<LedgerTransaction> & Pick<LedgerTransaction, 'id' | 'account_id' | 'amount'>,
): LedgerTransaction {
  return {
    date: '2026-01-15',
    currency: 'USD',
    amount_usd: null,
    name: `Transaction ${overrides.id}`,
    merchant: null,
    category: null,
    category_detailed: null,
    pending: false,
    ...overrides,
  };
}
