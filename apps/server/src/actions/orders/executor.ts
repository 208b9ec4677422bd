import { actionMessages, type OrderItem } from '@penny/contracts';
import { z } from 'zod';
import { ProviderError, type SnapTradeUser } from '../../connections/index.ts';
import type { Executor } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import type { ActionsDeps } from '../proposals.ts';
import type { Brokerage } from './brokerage.ts';
import { brokerageAccountOf } from './draft.ts';

/**
 * Orders at confirm (docs/decisions/0024-orders.md). Placing is work at the brokerage, so it runs
 * outside the database transaction, once the confirm has claimed the proposal: the trade the proposal
 * holds is placed while it lives; past its expiry a fresh impact is taken, and the order is refused
 * as stale (nothing placed) when a limit order's price moved past its limit or the brokerage no longer
 * finds the cash or the shares. Then the placement is recorded with the outcome, and the brokerage
 * connection synced so the next question sees the new position. A placed order cannot be undone.
 */

/** A trade this close to its expiry is checked again rather than placed (the request takes a moment). */
const EXPIRY_MARGIN_MS = 15_000;

export const orderRecordSchema = z.object({
  order_id: z.string(),
  trade_id: z.string(),
  status: z.enum(['filled', 'open', 'other']),
  broker_status: z.string(),
  filled_units: z.string(),
  execution_price: z.string().nullable(),
  connection_id: z.string(),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

const stale = () => new ServiceError('actions:proposal-stale', actionMessages.proposalStale);

/** The brokerage refusing a trade or an order: the proposal no longer holds. */
function staleOnRefusal(error: unknown): never {
  if (error instanceof ProviderError && (error.kind === 'order-refused' || error.kind === 'trade-expired')) {
    throw stale();
  }
  throw error;
}

function brokerageOf(deps: ActionsDeps): Brokerage {
  if (!deps.brokerage) throw new Error('orders need the brokerage (createActionsService({ brokerage }))');
  return deps.brokerage;
}

const pastLimit = (item: OrderItem, price: string | null) => {
  const limit = item.order.limit_price;
  if (item.order.order_type !== 'limit' || limit === null) return false;
  if (price === null) return true;
  return item.order.action === 'buy' ? Number(price) > Number(limit) : Number(price) < Number(limit);
};

/** The trade to place: the proposal's while it lives, else a fresh check of the same order. */
async function liveTradeId(
  brokerage: Brokerage,
  user: SnapTradeUser,
  providerAccountId: string,
  item: OrderItem,
): Promise<string> {
  if (Date.parse(item.impact.trade_expires_at) - EXPIRY_MARGIN_MS > brokerage.now().getTime()) {
    return item.impact.trade_id;
  }
  const snaptrade = brokerage.snaptrade();
  const symbol = await snaptrade.findSymbol(user, providerAccountId, item.order.symbol);
  if (!symbol) throw stale();
  if (pastLimit(item, await snaptrade.quote(user, providerAccountId, symbol.ticker))) throw stale();
  const fresh = await snaptrade
    .orderImpact(user, {
      accountId: providerAccountId,
      symbolId: symbol.symbolId,
      action: item.order.action,
      orderType: item.order.order_type,
      timeInForce: item.order.time_in_force,
      units: item.order.units,
      amount: item.order.amount,
      limitPrice: item.order.limit_price,
    })
    .catch(staleOnRefusal);
  return fresh.tradeId;
}

/**
 * Places the orders, outside any database transaction, in the proposal's order (docs/decisions/
 * 0028-several-orders.md). While nothing is placed, a refusal refuses the whole confirm (stale, the
 * claim released, the proposal still open). Once one is placed the confirm must be recorded, whatever
 * the others do: an order refused or failing after that is answered as failed, and nothing is retried.
 */
export async function placeOrders(
  deps: ActionsDeps,
  userId: string,
  items: readonly OrderItem[],
): Promise<ReadonlyMap<string, unknown>> {
  const brokerage = brokerageOf(deps);
  const results = new Map<string, OrderRecord | OrderFailure>();
  let placedAny = false;
  for (const item of items) {
    try {
      results.set(item.id, await placeOne(deps, brokerage, userId, item));
      placedAny = true;
    } catch (error) {
      if (!placedAny) throw error;
      results.set(item.id, { failed: true });
    }
  }
  return results;
}

/** An order not placed after another of the same confirm was: answered as failed. */
type OrderFailure = { failed: true };
const isFailure = (value: unknown): value is OrderFailure =>
  typeof value === 'object' && value !== null && 'failed' in value;

async function placeOne(
  deps: ActionsDeps,
  brokerage: Brokerage,
  userId: string,
  item: OrderItem,
): Promise<OrderRecord> {
  const account = await brokerageAccountOf(deps.db, userId, item.order.account_id);
  if (!account || account.id !== item.order.account_id || account.connectionId !== item.order.connection_id) {
    throw stale();
  }
  const user = await brokerage.user(userId);
  const tradeId = await liveTradeId(brokerage, user, account.providerAccountId, item);
  const order = await brokerage.snaptrade().placeOrder(user, tradeId).catch(staleOnRefusal);
  return {
    order_id: order.orderId,
    trade_id: tradeId,
    status: order.status,
    broker_status: order.brokerStatus,
    filled_units: order.filledUnits,
    execution_price: order.executionPrice,
    connection_id: item.order.connection_id,
  };
}

/** Inside the confirm's transaction: what was placed, as each placed item's stored record. */
export async function recordOrders(
  _tx: Executor,
  _userId: string,
  items: readonly OrderItem[],
  placed: ReadonlyMap<string, unknown>,
): Promise<Array<{ itemId: string; undo: unknown }>> {
  return items
    .filter((item) => !isFailure(placed.get(item.id)))
    .map((item) => ({ itemId: item.id, undo: orderRecordSchema.parse(placed.get(item.id)) }));
}

/** After the commit: each brokerage connection synced, so positions, cash and activities show the fill. */
export async function syncOrderConnections(
  deps: ActionsDeps,
  userId: string,
  items: readonly OrderItem[],
): Promise<void> {
  const brokerage = brokerageOf(deps);
  for (const connectionId of new Set(items.map((item) => item.order.connection_id))) {
    await brokerage.sync(userId, connectionId);
  }
}
