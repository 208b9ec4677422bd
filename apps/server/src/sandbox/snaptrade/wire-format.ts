import type { GeneratedAccount, GeneratedActivity, GeneratedPosition } from './brokerage-data/index.ts';
import { brokerageJson, SANDBOX_BROKERAGES } from './brokerages.ts';
import { type InstrumentKind, SECURITIES, type Ticker } from './market.ts';
import { seededUuid } from './prng.ts';
import type { SandboxAuthorizationRecord } from './state.ts';

/**
 * Generated data in SnapTrade's JSON shapes (snaptrade-typescript-sdk 11 models; api.yaml). The legacy
 * endpoints carry JSON numbers, the newer `positions/all` decimal strings, as the real API does.
 */

const USD = { id: seededUuid('currency:USD'), code: 'USD', name: 'US Dollar' } as const;

const SECURITY_TYPES = {
  stock: { code: 'cs', description: 'Common Stock' },
  etf: { code: 'et', description: 'ETF' },
  mutualfund: { code: 'oef', description: 'Open Ended Fund' },
} as const satisfies Record<InstrumentKind, { code: string; description: string }>;

const isoDateTime = (date: string) => `${date}T00:00:00Z`;

/** UniversalSymbol. */
export function universalSymbolJson(ticker: Ticker) {
  const security = SECURITIES[ticker];
  const type = SECURITY_TYPES[security.kind];
  return {
    id: seededUuid(`symbol:${ticker}`),
    symbol: ticker,
    raw_symbol: ticker,
    description: security.name,
    currency: USD,
    exchange: {
      id: seededUuid(`exchange:${security.exchange.mic}`),
      code: security.exchange.code,
      mic_code: security.exchange.mic,
      name: security.exchange.name,
      timezone: 'America/New_York',
      start_time: '09:30:00',
      close_time: '16:00:00',
      suffix: null,
    },
    type: {
      id: seededUuid(`security-type:${type.code}`),
      code: type.code,
      description: type.description,
      is_supported: true,
    },
    figi_code: null,
    currencies: [USD],
  };
}

/** BrokerageAuthorization. */
export function authorizationJson(authorization: SandboxAuthorizationRecord) {
  return {
    id: authorization.id,
    created_date: authorization.createdAt,
    updated_date: authorization.disabledAt ?? authorization.createdAt,
    brokerage: brokerageJson(authorization.broker),
    name: `Connection-${authorization.id.slice(0, 8)}`,
    type: authorization.type,
    disabled: authorization.disabledAt !== null,
    disabled_date: authorization.disabledAt,
    meta: {},
    is_eligible_for_payout: false,
    data_freshness_mode: 'daily',
  };
}

/** Account. */
export function accountJson(
  account: GeneratedAccount,
  authorization: SandboxAuthorizationRecord,
  syncedAt: string,
) {
  const brokerage = SANDBOX_BROKERAGES[authorization.broker];
  return {
    id: account.id,
    brokerage_authorization: authorization.id,
    name: account.name,
    number: account.number,
    institution_account_id: account.number,
    institution_name: brokerage.name,
    created_date: authorization.createdAt,
    funding_date: isoDateTime(account.openingDate),
    opening_date: isoDateTime(account.openingDate),
    sync_status: {
      transactions: {
        initial_sync_completed: true,
        last_successful_sync: syncedAt,
        first_transaction_date: account.activities[0]?.tradeDate ?? null,
      },
      holdings: { initial_sync_completed: true, last_successful_sync: syncedAt, holdings_unavailable: false },
    },
    balance: { total: { amount: Number(account.totalValue), currency: 'USD' } },
    status: 'open',
    raw_type: account.rawType,
    account_category: 'INVESTMENT',
    meta: { type: account.rawType, institution_name: brokerage.name, status: 'ACTIVE' },
    portfolio_group: null,
    cash_restrictions: [],
    is_paper: brokerage.isPaper,
  };
}

/** Balance[] (one currency). */
export function balancesJson(account: GeneratedAccount) {
  return [{ currency: USD, cash: Number(account.cash), buying_power: Number(account.buyingPower) }];
}

/** Position (legacy `GET /accounts/{id}/positions`: numbers). */
export function legacyPositionJson(position: GeneratedPosition) {
  const symbol = universalSymbolJson(position.ticker);
  return {
    symbol: {
      symbol,
      id: symbol.id,
      description: symbol.description,
      local_id: null,
      is_quotable: true,
      is_tradable: false,
    },
    units: Number(position.units),
    price: Number(position.price),
    open_pnl: Number(position.openPnl),
    average_purchase_price: Number(position.averagePurchasePrice),
    fractional_units: Number(position.units) % 1 === 0 ? null : Number(position.units),
    currency: USD,
    cash_equivalent: false,
    tax_lots: [],
  };
}

/** AccountPosition (`GET /accounts/{id}/positions/all`: decimal strings). */
export function accountPositionJson(position: GeneratedPosition) {
  const security = SECURITIES[position.ticker];
  return {
    instrument: {
      kind: security.kind,
      id: seededUuid(`symbol:${position.ticker}`),
      symbol: position.ticker,
      raw_symbol: position.ticker,
      description: security.name,
      currency: 'USD',
      exchange: security.exchange.mic,
      figi_instrument: null,
    },
    units: position.units,
    price: position.price,
    cost_basis: position.averagePurchasePrice,
    currency: 'USD',
    ...(security.kind === 'mutualfund' ? { cash_equivalent: false } : {}),
    tax_lots: [],
  };
}

/** UniversalActivity. */
export function activityJson(activity: GeneratedActivity, institution: string) {
  return {
    id: activity.id,
    symbol: activity.ticker ? universalSymbolJson(activity.ticker) : null,
    option_symbol: null,
    currency_universal_symbol: null,
    price: Number(activity.price),
    units: Number(activity.units),
    amount: Number(activity.amount),
    currency: USD,
    type: activity.type,
    option_type: '',
    description: activity.description,
    trade_date: isoDateTime(activity.tradeDate),
    settlement_date: isoDateTime(activity.settlementDate),
    fee: Number(activity.fee),
    fx_rate: null,
    institution,
    external_reference_id: null,
  };
}
