import type {
  AccountOrderRecord,
  ManualTradeAndImpact,
  Snaptrade,
  SnaptradeAuth,
} from 'snaptrade-typescript-sdk';
import { multiplyDecimals, negateDecimal } from '../money.ts';
import {
  type BrokerOrder,
  type OrderImpact,
  type OrderRequest,
  type PlacedOrder,
  ProviderError,
  type SnapTradeAdapter,
  type SnapTradeUser,
} from '../types.ts';
import { decimalFrom } from './conversions.ts';

/**
 * SnapTrade's trading through the SDK (docs/decisions/0024-orders.md): the symbol an account trades, an
 * order's impact (a trade placeable once within 5 minutes) and placing it. A 400 on these calls is the
 * brokerage refusing the order (`order-refused`), except a malformed request (code 1004,
 * `invalid-request`) and a trade that can no longer be placed (`trade-expired`).
 */

/** SnapTrade's trade lives 5 minutes from the check; counted from before the request, to be safe. */
const TRADE_TTL_MS = 5 * 60_000;
/** The sandbox's codes for an expired and an already placed trade (sandbox/snaptrade/errors.ts). */
const TRADE_GONE_CODES = new Set(['4004', '4005']);
const MALFORMED_CODES = new Set(['1004']);
/** The sandbox's code for a read-only connection asked to trade (403). */
const READ_ONLY_CODES = new Set(['4006']);

type Call = <T>(operation: string, user: SnapTradeUser | null, run: () => Promise<{ data: T }>) => Promise<T>;
type Client = Snaptrade<ReturnType<typeof SnaptradeAuth.commercialApiKey>>;

const ACTION = { buy: 'BUY', sell: 'SELL' } as const;
const ORDER_TYPE = { market: 'Market', limit: 'Limit' } as const;
const TIME_IN_FORCE = { day: 'Day', gtc: 'GTC', fok: 'FOK', ioc: 'IOC' } as const;
const FILLED = new Set(['EXECUTED']);
const OPEN = new Set(['PENDING', 'ACCEPTED', 'PARTIAL', 'QUEUED', 'TRIGGERED', 'ACTIVATED']);

/** A 400 on a trading call, as what the product acts on. */
function refusal(error: unknown): never {
  if (
    error instanceof ProviderError &&
    error.providerCode !== null &&
    READ_ONLY_CODES.has(error.providerCode)
  ) {
    throw new ProviderError('order-refused', 'snaptrade', error.providerCode, error.message);
  }
  if (error instanceof ProviderError && error.kind === 'invalid-request' && error.providerCode !== null) {
    if (MALFORMED_CODES.has(error.providerCode)) throw error;
    const kind = TRADE_GONE_CODES.has(error.providerCode) ? 'trade-expired' : 'order-refused';
    throw new ProviderError(kind, 'snaptrade', error.providerCode, error.message);
  }
  throw error;
}

const required = (value: string | null, what: string) => {
  if (value === null)
    throw new ProviderError('unavailable', 'snaptrade', null, `SnapTrade answered without ${what}`);
  return value;
};

export function impactFrom(data: ManualTradeAndImpact, checkedAt: number): OrderImpact {
  const trade = data.trade;
  const impact = data.trade_impacts?.[0];
  const units = required(decimalFrom(trade?.units), 'the units');
  const price = required(decimalFrom(trade?.price), 'the price');
  const value = multiplyDecimals(units, price, 2);
  const commission = decimalFrom(impact?.estimated_commission) ?? '0';
  return {
    tradeId: required(trade?.id ?? null, 'a trade id'),
    expiresAt: new Date(checkedAt + TRADE_TTL_MS).toISOString(),
    ticker: trade?.symbol?.symbol ?? '',
    units,
    price,
    amount: trade?.action === 'SELL' ? value : negateDecimal(value),
    commission: negateDecimal(commission),
    remainingCash: required(
      decimalFrom(impact?.remaining_cash ?? data.combined_remaining_balance?.cash),
      'the remaining cash',
    ),
    currency: impact?.currency ?? 'USD',
  };
}

export function tradingCalls(
  client: Client,
  call: Call,
): Pick<
  SnapTradeAdapter,
  'findSymbol' | 'quote' | 'orderImpact' | 'placeOrder' | 'openOrders' | 'cancelOrder'
> {
  return {
    async quote(user, accountId, ticker) {
      const quotes = await call('getUserAccountQuotes', user, () =>
        client.trading.getUserAccountQuotes({ ...user, accountId, symbols: ticker, useTicker: true }),
      ).catch(refusal);
      const wanted = ticker.trim().toUpperCase();
      const found = quotes.find((entry) => entry.symbol?.symbol?.toUpperCase() === wanted);
      return decimalFrom(found?.last_trade_price);
    },

    async findSymbol(user, accountId, ticker) {
      const symbols = await call('symbolSearchUserAccount', user, () =>
        client.referenceData.symbolSearchUserAccount({ ...user, accountId, substring: ticker }),
      );
      const wanted = ticker.trim().toUpperCase();
      const found = symbols.find((symbol) => symbol.symbol.toUpperCase() === wanted);
      return found
        ? { symbolId: found.id, ticker: found.symbol, name: found.description ?? found.symbol }
        : null;
    },

    async orderImpact(user, order: OrderRequest) {
      const checkedAt = Date.now();
      const data = await call('getOrderImpact', user, () =>
        client.trading.getOrderImpact({
          ...user,
          account_id: order.accountId,
          action: ACTION[order.action],
          universal_symbol_id: order.symbolId,
          order_type: ORDER_TYPE[order.orderType],
          time_in_force: TIME_IN_FORCE[order.timeInForce],
          // The SDK's form takes JSON numbers; these are short decimals (cents, thousandths of a share).
          ...(order.limitPrice === null ? {} : { price: Number(order.limitPrice) }),
          ...(order.units === null ? {} : { units: Number(order.units) }),
          ...(order.amount === null ? {} : { notional_value: order.amount }),
        }),
      ).catch(refusal);
      return impactFrom(data, checkedAt);
    },

    async placeOrder(user, tradeId): Promise<PlacedOrder> {
      const data = await call('placeOrder', user, () =>
        client.trading.placeOrder({ ...user, tradeId }),
      ).catch(refusal);
      const status = data.status ?? 'NONE';
      return {
        orderId: required(data.brokerage_order_id ?? null, 'an order id'),
        status: FILLED.has(status) ? 'filled' : OPEN.has(status) ? 'open' : 'other',
        brokerStatus: status,
        filledUnits: decimalFrom(data.filled_quantity) ?? '0',
        executionPrice: decimalFrom(data.execution_price),
      };
    },

    async openOrders(user, accountId) {
      const data = await call('getUserAccountOrders', user, () =>
        client.accountInformation.getUserAccountOrders({ ...user, accountId, state: 'open' }),
      );
      return data.flatMap((record) => {
        const order = brokerOrderFrom(record);
        return order && OPEN.has(order.brokerStatus) ? [order] : [];
      });
    },

    async cancelOrder(user, accountId, orderId) {
      await call('cancelOrder', user, () =>
        client.trading.cancelOrder({ ...user, accountId, brokerage_order_id: orderId }),
      ).catch(refusal);
    },
  };
}

const ACTION_OF: Record<string, BrokerOrder['action']> = { BUY: 'buy', SELL: 'sell' };

/** A listed order, or null for one this product does not show (an option, a side it does not know). */
export function brokerOrderFrom(record: AccountOrderRecord): BrokerOrder | null {
  const action = ACTION_OF[String(record.action ?? '').toUpperCase()];
  const ticker = record.universal_symbol?.symbol;
  const units = decimalFrom(record.total_quantity);
  if (!record.brokerage_order_id || !action || !ticker || units === null) return null;
  const type = String(record.order_type ?? '').toLowerCase();
  return {
    orderId: record.brokerage_order_id,
    brokerStatus: String(record.status ?? 'NONE'),
    ticker,
    action,
    units,
    openUnits: decimalFrom(record.open_quantity) ?? units,
    orderType: type === 'market' ? 'market' : type === 'limit' ? 'limit' : 'other',
    limitPrice: decimalFrom(record.limit_price),
    timeInForce: String(record.time_in_force ?? ''),
    placedAt: record.time_placed ?? null,
  };
}
