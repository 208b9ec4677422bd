import { z } from 'zod';
import { cents, shares } from '../brokerage-data/ledger.ts';
import { SECURITIES, type Ticker } from '../market.ts';
import { seededUuid } from '../prng.ts';
import {
  cashNeededCents,
  commissionCents,
  heldMilli,
  limitMet,
  MAX_ORDERS_PER_USER,
  MAX_TRADES_PER_USER,
  newId,
  type OrderRecord,
  QUOTE_NAMESPACE,
  quoteCents,
  scaled,
  TRADE_TTL_MS,
  type TradeRecord,
  tradingOf,
  updateTrading,
} from '../trading.ts';
import { universalSymbolJson } from '../wire-format.ts';
import { findAccount } from './account-datasets.ts';
import {
  errorResponse,
  issuesText,
  type Operation,
  type OperationInput,
  type SnapTradeApi,
} from './context.ts';

/**
 * Trading as SnapTrade's API shapes it (snaptrade-typescript-sdk 11, TradingApi): the symbols an account
 * can trade, an order's impact (which stores a trade for 5 minutes) and placing that trade once.
 * Market and limit orders; stop orders are refused as the sandbox brokerage does not take them.
 */

const TICKERS = Object.keys(SECURITIES) as Ticker[];
const tickerOfSymbolId = (id: string) => TICKERS.find((ticker) => seededUuid(`symbol:${ticker}`) === id);

/** At most `places` decimals, as a number on the wire (JSON numbers are floats: compared after scaling). */
const decimalNumber = (places: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().positive().max(1e9))
    .refine(
      (value) => Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6,
      `at most ${places} decimals`,
    )
    .transform((value) => Math.round(value * 10 ** places));

const impactBody = z
  .object({
    account_id: z.string().min(1).max(64),
    action: z.enum(['BUY', 'SELL']),
    universal_symbol_id: z.string().min(1).max(64),
    order_type: z.enum(['Market', 'Limit', 'Stop', 'StopLimit']),
    time_in_force: z.enum(['Day', 'GTC', 'FOK', 'IOC']),
    price: decimalNumber(2).nullish(),
    stop: z.number().nullish(),
    units: decimalNumber(3).nullish(),
    notional_value: decimalNumber(2).nullish(),
  })
  .refine((form) => (form.units == null) !== (form.notional_value == null), {
    message: 'give either units or notional_value',
    path: ['units'],
  })
  .refine((form) => form.order_type !== 'Limit' || form.price != null, {
    message: 'a limit order needs a price',
    path: ['price'],
  })
  .refine((form) => form.notional_value == null || form.order_type === 'Market', {
    message: 'a notional value is for market orders only',
    path: ['notional_value'],
  });

const placeBody = z.object({ wait_to_confirm: z.boolean().nullish() });
const symbolsBody = z.object({ substring: z.string().trim().min(1).max(64) });
const quoteBody = z.object({
  symbol: z.enum(TICKERS as [Ticker, ...Ticker[]]),
  price: decimalNumber(2).nullable(),
});

export function tradingOperations(api: SnapTradeApi): Operation[] {
  const { store, now } = api;
  const today = () => now().toISOString().slice(0, 10);
  return [
    {
      method: 'POST',
      path: '/accounts/:accountId/symbols',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user, body }) => {
        const parsed = symbolsBody.safeParse(body);
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        if (!(await findAccount(api, user, c.req.param('accountId')))) return errorResponse(c, 'not-found');
        const text = parsed.data.substring.toUpperCase();
        return c.json(
          TICKERS.filter(
            (ticker) => ticker.startsWith(text) || SECURITIES[ticker].name.toUpperCase().includes(text),
          ).map(universalSymbolJson),
        );
      },
    },
    {
      // getUserAccountQuotes: `symbols` comma separated, tickers when `use_ticker=true`, else symbol ids.
      method: 'GET',
      path: '/accounts/:accountId/quotes',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user, query }) => {
        if (!(await findAccount(api, user, c.req.param('accountId')))) return errorResponse(c, 'not-found');
        const byTicker = query.get('use_ticker') === 'true';
        const wanted = (query.get('symbols') ?? '').split(',').map((entry) => entry.trim());
        const tickers = wanted.map((entry) =>
          byTicker ? TICKERS.find((ticker) => ticker === entry.toUpperCase()) : tickerOfSymbolId(entry),
        );
        if (wanted.length > 20 || tickers.some((ticker) => ticker === undefined)) {
          return errorResponse(c, 'unknown-symbol');
        }
        const quotes = [];
        for (const ticker of tickers as Ticker[]) {
          const price = Number(cents(await quoteCents(store, ticker, today())));
          quotes.push({
            symbol: universalSymbolJson(ticker),
            bid_price: price,
            ask_price: price,
            last_trade_price: price,
            bid_size: 100,
            ask_size: 100,
          });
        }
        return c.json(quotes);
      },
    },
    {
      method: 'POST',
      path: '/trade/impact',
      scope: 'user',
      reach: 'account-data',
      handle: (input) => orderImpact(api, input),
    },
    {
      method: 'POST',
      path: '/trade/:tradeId',
      scope: 'user',
      reach: 'account-data',
      handle: (input) => placeTrade(api, input),
    },
    {
      // Penny's own control, signed like a partner call: the market moves (a price for a symbol, or null
      // for the sandbox market's own again), so tests can move a price past a limit.
      method: 'POST',
      path: '/sandbox/quote',
      scope: 'partner',
      handle: async ({ c, body }) => {
        const parsed = quoteBody.safeParse(body);
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const { symbol, price } = parsed.data;
        if (price === null) await store.delete(QUOTE_NAMESPACE, symbol);
        else await store.put(QUOTE_NAMESPACE, symbol, { cents: price });
        return c.json({ symbol, price: Number(cents(await quoteCents(store, symbol, today()))) });
      },
    },
  ];
}

/** Checks an order against the account and stores it as a trade for 5 minutes. */
async function orderImpact(api: SnapTradeApi, { c, user, body }: OperationInput): Promise<Response> {
  const { store, now } = api;
  const today = () => now().toISOString().slice(0, 10);
  const parsed = impactBody.safeParse(body);
  if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
  const form = parsed.data;
  if (form.order_type === 'Stop' || form.order_type === 'StopLimit') {
    return errorResponse(c, 'invalid-input', 'order_type: this brokerage takes Market and Limit orders');
  }
  const found = await findAccount(api, user, form.account_id);
  if (!found) return errorResponse(c, 'not-found');
  if (found.authorization.type !== 'trade') return errorResponse(c, 'read-only-connection');
  const ticker = tickerOfSymbolId(form.universal_symbol_id);
  if (!ticker) return errorResponse(c, 'unknown-symbol');
  const quote = await quoteCents(store, ticker, today());
  const limitCents = form.order_type === 'Limit' ? (form.price ?? null) : null;
  const price = limitCents ?? quote;
  const unitsMilli = form.units ?? Math.floor(((form.notional_value ?? 0) * 1000) / quote);
  if (unitsMilli <= 0) return errorResponse(c, 'invalid-input', 'notional_value: less than 0.001 share');
  const commission = commissionCents(found.authorization.broker, ticker, form.action);
  const cash = scaled(found.account.cash, 2);
  const needed = cashNeededCents(unitsMilli, price, form.action, commission);
  if (form.action === 'BUY' && needed > cash) return errorResponse(c, 'insufficient-funds');
  if (form.action === 'SELL' && unitsMilli > heldMilli(found.account, ticker)) {
    return errorResponse(c, 'insufficient-units');
  }
  const trade: TradeRecord = {
    id: newId(),
    authorizationId: found.authorization.id,
    accountId: found.account.id,
    action: form.action,
    ticker,
    orderType: form.order_type,
    timeInForce: form.time_in_force,
    unitsMilli,
    limitCents,
    priceCents: price,
    commissionCents: commission,
    expiresAt: new Date(now().getTime() + TRADE_TTL_MS).toISOString(),
    placedOrderId: null,
  };
  await updateTrading(store, user.clientId, user.userId, (current) => ({
    ...current,
    trades: [...current.trades, trade].slice(-MAX_TRADES_PER_USER),
  }));
  const remaining = Number(cents(cash - needed));
  return c.json({
    trade: {
      id: trade.id,
      account: found.account.id,
      order_type: trade.orderType,
      time_in_force: trade.timeInForce,
      symbol: {
        universal_symbol_id: form.universal_symbol_id,
        currency: universalSymbolJson(ticker).currency,
        local_id: ticker,
        description: SECURITIES[ticker].name,
        symbol: ticker,
        brokerage_symbol_id: seededUuid(`brokerage-symbol:${ticker}`),
      },
      action: trade.action,
      units: Number(shares(unitsMilli)),
      price: Number(cents(price)),
    },
    trade_impacts: [
      {
        account: found.account.id,
        currency: 'USD',
        remaining_cash: remaining,
        estimated_commission: Number(cents(commission)),
        forex_fees: 0,
      },
    ],
    combined_remaining_balance: {
      account: {
        id: found.account.id,
        brokerage_authorization: found.authorization.id,
        name: found.account.name,
        number: found.account.number,
      },
      currency: universalSymbolJson(ticker).currency,
      cash: remaining,
    },
  });
}

/** Places a stored trade once: a market order fills at the price, a limit order when the price allows. */
async function placeTrade(api: SnapTradeApi, { c, user, body }: OperationInput): Promise<Response> {
  const { store, now } = api;
  const today = () => now().toISOString().slice(0, 10);
  const parsed = placeBody.safeParse(body ?? {});
  if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
  const tradeId = c.req.param('tradeId');
  const trade = (await tradingOf(store, user.clientId, user.userId)).trades.find(
    (candidate) => candidate.id === tradeId,
  );
  if (!trade) return errorResponse(c, 'not-found');
  if (trade.placedOrderId !== null) return errorResponse(c, 'trade-placed');
  if (Date.parse(trade.expiresAt) <= now().getTime()) return errorResponse(c, 'trade-expired');
  const found = await findAccount(api, user, trade.accountId);
  if (!found) return errorResponse(c, 'not-found');
  if (found.authorization.type !== 'trade') return errorResponse(c, 'read-only-connection');
  const quote = await quoteCents(store, trade.ticker, today());
  const fills = limitMet(trade.action, trade.limitCents, quote);
  // A buy must be covered at the price it fills at (the quote), or, while it waits, at its limit.
  const needed = cashNeededCents(
    trade.unitsMilli,
    fills ? quote : trade.priceCents,
    trade.action,
    trade.commissionCents,
  );
  if (trade.action === 'BUY' && needed > scaled(found.account.cash, 2)) {
    return errorResponse(c, 'insufficient-funds');
  }
  if (trade.action === 'SELL' && trade.unitsMilli > heldMilli(found.account, trade.ticker)) {
    return errorResponse(c, 'insufficient-units');
  }
  const placedAt = now().toISOString();
  const order: OrderRecord = {
    id: newId(),
    tradeId: trade.id,
    authorizationId: trade.authorizationId,
    accountId: trade.accountId,
    action: trade.action,
    ticker: trade.ticker,
    orderType: trade.orderType,
    timeInForce: trade.timeInForce,
    unitsMilli: trade.unitsMilli,
    limitCents: trade.limitCents,
    status: fills ? 'EXECUTED' : 'ACCEPTED',
    executionCents: fills ? quote : null,
    commissionCents: fills ? trade.commissionCents : 0,
    placedAt,
    tradeDate: fills ? today() : null,
  };
  const outcome: { refusal: 'trade-placed' | 'invalid-input' | null } = { refusal: null };
  await updateTrading(store, user.clientId, user.userId, (current) => {
    const stored = current.trades.find((candidate) => candidate.id === trade.id);
    // Checked again under the store's lock: two places of one trade, one order.
    if (!stored || stored.placedOrderId !== null) outcome.refusal = 'trade-placed';
    else if (current.orders.length >= MAX_ORDERS_PER_USER) outcome.refusal = 'invalid-input';
    if (outcome.refusal) return current;
    return {
      trades: current.trades.map((candidate) =>
        candidate.id === trade.id ? { ...candidate, placedOrderId: order.id } : candidate,
      ),
      orders: [...current.orders, order],
    };
  });
  if (outcome.refusal === 'invalid-input') {
    return errorResponse(c, 'invalid-input', 'This sandbox user has placed too many orders.');
  }
  if (outcome.refusal) return errorResponse(c, outcome.refusal);
  return c.json(orderJson(order));
}

/** AccountOrderRecord. */
export function orderJson(order: OrderRecord) {
  const executed = order.status === 'EXECUTED';
  const canceled = order.status === 'CANCELED';
  const units = shares(order.unitsMilli);
  return {
    brokerage_order_id: order.id,
    status: order.status,
    universal_symbol: universalSymbolJson(order.ticker),
    option_symbol: null,
    action: order.action,
    total_quantity: units,
    open_quantity: executed || canceled ? '0' : units,
    canceled_quantity: canceled ? units : '0',
    filled_quantity: executed ? units : '0',
    execution_price: order.executionCents === null ? null : cents(order.executionCents),
    limit_price: order.limitCents === null ? null : cents(order.limitCents),
    stop_price: null,
    order_type: order.orderType,
    time_in_force: order.timeInForce,
    time_placed: order.placedAt,
    time_updated: order.placedAt,
    time_executed: executed ? order.placedAt : null,
    expiry_date: null,
    child_brokerage_order_ids: null,
  };
}
