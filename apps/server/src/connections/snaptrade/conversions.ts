import type {
  Account,
  AccountPosition,
  AccountUniversalActivity,
  Balance,
  Position,
} from 'snaptrade-typescript-sdk';
import { decimalFromNumber, multiplyDecimals, negateDecimal, normalizeDecimal } from '../money.ts';
import type {
  DecimalString,
  ProviderAccount,
  ProviderHolding,
  ProviderTransaction,
  SecurityType,
} from '../types.ts';

/**
 * SnapTrade JSON → Penny's provider-neutral types. Only here: nothing else reads SnapTrade's shapes.
 * SnapTrade's activity sign is already Penny's (+ = cash into the account).
 */

/** A decimal from a JSON number or a decimal string (positions/all sends strings); null when absent or unreadable. */
export function decimalFrom(value: number | string | null | undefined): DecimalString | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? decimalFromNumber(value) : null;
  try {
    return normalizeDecimal(value);
  } catch {
    const parsed = Number(value);
    return value.trim() !== '' && Number.isFinite(parsed) ? decimalFromNumber(parsed) : null;
  }
}

export type SnapTradeAccount = ProviderAccount & { authorizationId: string; institutionName: string };

export function accountFromSnapTrade(account: Account): SnapTradeAccount {
  const digits = account.number?.replace(/[^0-9A-Za-z]/g, '') ?? '';
  return {
    providerAccountId: account.id,
    authorizationId: account.brokerage_authorization,
    institutionName: account.institution_name,
    name: account.name ?? `${account.institution_name} ${account.raw_type ?? 'account'}`,
    officialName: null,
    mask: digits.length >= 4 ? digits.slice(-4) : null,
    kind: 'investment',
    subtype: account.raw_type ?? null,
    currency: account.balance?.total?.currency ?? 'USD',
    current: decimalFrom(account.balance?.total?.amount),
    available: null,
    limit: null,
  };
}

export function balanceFromSnapTrade(balance: Balance) {
  return {
    currency: balance.currency?.code ?? 'USD',
    cash: decimalFrom(balance.cash),
    buyingPower: decimalFrom(balance.buying_power),
  };
}

type InstrumentKind = AccountPosition['instrument']['kind'];

const SECURITY_TYPE_BY_KIND = {
  stock: 'equity',
  adr: 'equity',
  etf: 'etf',
  cef: 'mutual fund',
  mutualfund: 'mutual fund',
  crypto: 'cryptocurrency',
  option: 'derivative',
  future: 'derivative',
  cfd: 'derivative',
  other: 'other',
} as const satisfies Record<InstrumentKind, SecurityType>;

/** Legacy UniversalSymbol type codes (cs common stock, et ETF, oef open-ended fund, …). */
const SECURITY_TYPE_BY_CODE: Record<string, SecurityType> = {
  cs: 'equity',
  ad: 'equity',
  ps: 'equity',
  et: 'etf',
  oef: 'mutual fund',
  cef: 'mutual fund',
  mf: 'mutual fund',
  bnd: 'fixed income',
  crypto: 'cryptocurrency',
  op: 'derivative',
};

const total = (units: DecimalString | null, perUnit: DecimalString | null) =>
  units !== null && perUnit !== null ? multiplyDecimals(units, perUnit, 2) : null;

/** `GET /accounts/{id}/positions/all` (SDK 11 and 12): decimal strings; `cost_basis` is per unit. */
export function holdingFromAccountPosition(accountId: string, position: AccountPosition): ProviderHolding {
  const { instrument } = position;
  const units = decimalFrom(position.units) ?? '0';
  const price = decimalFrom(position.price);
  const currency = position.currency ?? instrument.currency ?? 'USD';
  return {
    providerAccountId: accountId,
    security: {
      providerSecurityId: instrument.id,
      ticker: instrument.symbol ?? null,
      name: instrument.description ?? instrument.symbol ?? 'Unknown security',
      type: SECURITY_TYPE_BY_KIND[instrument.kind] ?? 'other',
      currency,
      closePrice: price,
    },
    quantity: units,
    price,
    value: total(units, price),
    costBasis: total(units, decimalFrom(position.cost_basis)),
  };
}

/** Legacy `GET /accounts/{id}/positions` (removed in SDK 12): JSON numbers; `average_purchase_price` per unit. */
export function holdingFromLegacyPosition(accountId: string, position: Position): ProviderHolding {
  const symbol = position.symbol?.symbol;
  const units = decimalFrom(position.units) ?? '0';
  const price = decimalFrom(position.price);
  const currency = position.currency?.code ?? symbol?.currency?.code ?? 'USD';
  return {
    providerAccountId: accountId,
    security: {
      providerSecurityId: symbol?.id ?? position.symbol?.id ?? 'unknown',
      ticker: symbol?.symbol ?? null,
      name: symbol?.description ?? symbol?.symbol ?? 'Unknown security',
      type: SECURITY_TYPE_BY_CODE[symbol?.type?.code ?? ''] ?? 'other',
      currency,
      closePrice: price,
    },
    quantity: units,
    price,
    value: total(units, price),
    costBasis: total(units, decimalFrom(position.average_purchase_price)),
  };
}

/**
 * Activity type → category. Plaid's personal-finance categories where one fits (so charts treat a
 * dividend like any other dividend); trades get Penny's own INVESTMENT primary, because buying or selling
 * a security moves value within the account rather than in or out of it.
 */
export const ACTIVITY_CATEGORIES = {
  BUY: ['INVESTMENT', 'INVESTMENT_BUY'],
  SELL: ['INVESTMENT', 'INVESTMENT_SELL'],
  REI: ['INVESTMENT', 'INVESTMENT_REINVESTMENT'],
  STOCK_DIVIDEND: ['INVESTMENT', 'INVESTMENT_OTHER'],
  SPLIT: ['INVESTMENT', 'INVESTMENT_OTHER'],
  REVERSE_SPLIT: ['INVESTMENT', 'INVESTMENT_OTHER'],
  OPTIONEXPIRATION: ['INVESTMENT', 'INVESTMENT_OTHER'],
  OPTIONASSIGNMENT: ['INVESTMENT', 'INVESTMENT_OTHER'],
  OPTIONEXERCISE: ['INVESTMENT', 'INVESTMENT_OTHER'],
  DIVIDEND: ['INCOME', 'INCOME_DIVIDENDS'],
  SUBSTITUTE_DIVIDEND: ['INCOME', 'INCOME_DIVIDENDS'],
  DISTRIBUTION: ['INCOME', 'INCOME_DIVIDENDS'],
  RETURN_OF_CAPITAL: ['INCOME', 'INCOME_DIVIDENDS'],
  INTEREST: ['INCOME', 'INCOME_INTEREST_EARNED'],
  REBATE: ['INCOME', 'INCOME_OTHER_INCOME'],
  FEE: ['BANK_FEES', 'BANK_FEES_OTHER_BANK_FEES'],
  TAX: ['GOVERNMENT_AND_NON_PROFIT', 'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT'],
  CONTRIBUTION: ['TRANSFER_IN', 'TRANSFER_IN_DEPOSIT'],
  WITHDRAWAL: ['TRANSFER_OUT', 'TRANSFER_OUT_WITHDRAWAL'],
} as const satisfies Record<string, readonly [string, string]>;

type KnownActivityType = keyof typeof ACTIVITY_CATEGORIES;
const isKnownActivityType = (type: string): type is KnownActivityType =>
  Object.hasOwn(ACTIVITY_CATEGORIES, type);

/** Transfers of assets (TRANSFER, EXTERNAL_ASSET_TRANSFER_IN, …) by their direction; anything else: none. */
function categoriesOf(type: string, amount: DecimalString): [string | null, string | null] {
  if (isKnownActivityType(type)) return [...ACTIVITY_CATEGORIES[type]];
  if (type.includes('TRANSFER')) {
    return amount.startsWith('-')
      ? ['TRANSFER_OUT', 'TRANSFER_OUT_ACCOUNT_TRANSFER']
      : ['TRANSFER_IN', 'TRANSFER_IN_ACCOUNT_TRANSFER'];
  }
  return [null, null];
}

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export function transactionFromActivity(
  accountId: string,
  activity: AccountUniversalActivity,
): ProviderTransaction {
  const type = (activity.type ?? 'OTHER').toUpperCase();
  const ticker = activity.symbol?.symbol ?? null;
  const units = decimalFrom(activity.units);
  const price = decimalFrom(activity.price);
  // A trade without `amount` is worth its units × price, leaving the account when units were bought.
  const tradeValue =
    units !== null && price !== null ? negateDecimal(multiplyDecimals(units, price, 2)) : '0';
  const amount = decimalFrom(activity.amount) ?? tradeValue;
  const [categoryPrimary, categoryDetailed] = categoriesOf(type, amount);
  const description = activity.description?.trim();
  return {
    providerTransactionId: activity.id ?? `${accountId}:${activity.trade_date}:${type}:${ticker}:${amount}`,
    providerAccountId: accountId,
    date: (activity.trade_date ?? activity.settlement_date ?? '').slice(0, 10),
    amount,
    currency: activity.currency?.code ?? 'USD',
    name: description || [titleCase(type), ticker].filter(Boolean).join(' '),
    merchant: null,
    categoryPrimary,
    categoryDetailed,
    pending: false,
  };
}
