import type { AccountBase, Holding, Security, Transaction } from 'plaid';
import { decimalFromNumber, negateDecimal } from '../money.ts';
import type {
  AccountKind,
  DecimalString,
  ProviderAccount,
  ProviderHolding,
  ProviderSecurity,
  ProviderTransaction,
  SecurityType,
} from '../types.ts';

/**
 * Plaid JSON to Penny's types: the one place where Plaid's conventions (amount > 0 = money out, a card's
 * balance owed positive, JSON numbers for money) become Penny's (+ = money in, owed negative, decimals).
 */

const DEPOSITORY_KIND: Record<string, AccountKind> = {
  checking: 'checking',
  'cash management': 'checking',
  prepaid: 'checking',
  paypal: 'checking',
  savings: 'savings',
  'money market': 'savings',
  cd: 'savings',
  hsa: 'savings',
};

export function accountKind(type: string, subtype: string | null): AccountKind {
  switch (type) {
    case 'depository':
      return DEPOSITORY_KIND[subtype ?? ''] ?? 'other';
    case 'credit':
      return 'credit';
    case 'loan':
      return 'loan';
    case 'investment':
    case 'brokerage':
      return 'investment';
    default:
      return 'other';
  }
}

const money = (value: number | null | undefined): DecimalString | null =>
  value === null || value === undefined ? null : decimalFromNumber(value);

export function toProviderAccount(account: AccountBase): ProviderAccount {
  const kind = accountKind(account.type, account.subtype);
  const owed = kind === 'credit' || kind === 'loan';
  const current = money(account.balances.current);
  return {
    providerAccountId: account.account_id,
    name: account.name,
    officialName: account.official_name,
    mask: account.mask,
    kind,
    subtype: account.subtype,
    currency: account.balances.iso_currency_code ?? account.balances.unofficial_currency_code ?? 'USD',
    current: owed && current !== null ? negateDecimal(current) : current,
    available: money(account.balances.available),
    limit: money(account.balances.limit),
  };
}

export function toProviderTransaction(transaction: Transaction): ProviderTransaction {
  return {
    providerTransactionId: transaction.transaction_id,
    providerAccountId: transaction.account_id,
    date: transaction.date,
    amount: negateDecimal(decimalFromNumber(transaction.amount)),
    currency: transaction.iso_currency_code ?? transaction.unofficial_currency_code ?? 'USD',
    name: transaction.name,
    merchant: transaction.merchant_name ?? null,
    categoryPrimary: transaction.personal_finance_category?.primary ?? null,
    categoryDetailed: transaction.personal_finance_category?.detailed ?? null,
    pending: transaction.pending,
  };
}

const SECURITY_TYPE: Record<string, SecurityType> = {
  equity: 'equity',
  etf: 'etf',
  'mutual fund': 'mutual fund',
  'fixed income': 'fixed income',
  cash: 'cash',
  cryptocurrency: 'cryptocurrency',
  derivative: 'derivative',
};

export function toProviderSecurity(security: Security): ProviderSecurity {
  return {
    providerSecurityId: security.security_id,
    ticker: security.ticker_symbol,
    name: security.name ?? security.ticker_symbol ?? security.security_id,
    type: SECURITY_TYPE[security.type ?? ''] ?? 'other',
    currency: security.iso_currency_code ?? security.unofficial_currency_code ?? 'USD',
    closePrice: money(security.close_price),
  };
}

export function toProviderHoldings(holdings: Holding[], securities: Security[]): ProviderHolding[] {
  const byId = new Map(securities.map((security) => [security.security_id, toProviderSecurity(security)]));
  return holdings.map((holding) => ({
    providerAccountId: holding.account_id,
    security: byId.get(holding.security_id) ?? {
      providerSecurityId: holding.security_id,
      ticker: null,
      name: holding.security_id,
      type: 'other',
      currency: holding.iso_currency_code ?? holding.unofficial_currency_code ?? 'USD',
      closePrice: null,
    },
    quantity: decimalFromNumber(holding.quantity),
    price: money(holding.institution_price),
    value: money(holding.institution_value),
    costBasis: money(holding.cost_basis),
  }));
}
