import { randomUUID } from 'node:crypto';
import { actionMessages, type OrderCancelItem, orderMessages } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type BrokerOrder, ProviderError } from '../../connections/index.ts';
import { type Database, tables } from '../../db/index.ts';
import type { Executor } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import type { ActionsDeps } from '../proposals.ts';
import type { Brokerage } from './brokerage.ts';
import { brokerageAccountOf } from './draft.ts';
import { openOrderDescription } from './words.ts';

/**
 * Orders still open at the brokerage (a limit order waiting for its price) and cancelling them, only
 * on the user's confirm (docs/api.md, "Confirmed actions"). The list is read live from the brokerage
 * (SnapTrade's account orders, state open) for the session user's own SnapTrade accounts only, so an
 * order of another user's account is never listed, and cancelling it behaves like an unknown order.
 * Cancelling is work at the brokerage, done outside the confirm's transaction as placing is
 * (docs/decisions/0024-orders.md); an order no longer open by then refuses the confirm as stale.
 */

const { ledgerAccount, connection } = tables;

/** An open order as the tool answers it: the order, and the account it is in. */
export type OpenOrder = OrderCancelItem['order'] & { description: string };

export type CancelRequest = {
  /** The brokerage's order id; or else every open order of `symbol`; or else every open order. */
  orderId: string | null;
  symbol: string | null;
  /** Penny's account id or its name; every brokerage account of the user when null. */
  account: string | null;
};

type BrokerageAccount = { id: string; name: string; providerAccountId: string; connectionId: string };

async function brokerageAccounts(db: Database, userId: string, account: string | null) {
  if (account !== null) {
    const one = await brokerageAccountOf(db, userId, account);
    if (!one) throw new ServiceError('accounts:not-found', orderMessages.accountNotFound);
    return [one];
  }
  return db
    .select({
      id: ledgerAccount.id,
      name: ledgerAccount.name,
      providerAccountId: ledgerAccount.providerAccountId,
      connectionId: ledgerAccount.connectionId,
    })
    .from(ledgerAccount)
    .innerJoin(connection, eq(connection.id, ledgerAccount.connectionId))
    .where(
      and(
        eq(ledgerAccount.userId, userId),
        eq(connection.userId, userId),
        eq(connection.platform, 'snaptrade'),
      ),
    )
    .orderBy(ledgerAccount.name, ledgerAccount.id);
}

function openOrderOf(account: BrokerageAccount, order: BrokerOrder): OpenOrder {
  const fields: OrderCancelItem['order'] = {
    account_id: account.id,
    account_name: account.name,
    connection_id: account.connectionId,
    order_id: order.orderId,
    symbol: order.ticker,
    action: order.action,
    units: order.units,
    open_units: order.openUnits,
    order_type: order.orderType,
    limit_price: order.limitPrice,
    time_in_force: order.timeInForce,
    placed_at: order.placedAt,
  };
  return { ...fields, description: openOrderDescription(fields) };
}

/** The user's open orders, newest first per account (every brokerage account, or the one named). */
export async function listOpenOrders(
  db: Database,
  brokerage: Brokerage,
  userId: string,
  account: string | null,
): Promise<OpenOrder[]> {
  const accounts = await brokerageAccounts(db, userId, account);
  if (accounts.length === 0) return [];
  const user = await brokerage.user(userId);
  const orders: OpenOrder[] = [];
  for (const one of accounts) {
    for (const order of await brokerage.snaptrade().openOrders(user, one.providerAccountId)) {
      orders.push(openOrderOf(one, order));
    }
  }
  return orders;
}

/**
 * The items of a cancel proposal: the open order named by id, or every open order of a symbol, or every
 * open order. None matching (another user's order among them: it is never listed) is refused.
 */
export async function draftOrderCancels(
  db: Database,
  brokerage: Brokerage,
  userId: string,
  request: CancelRequest,
): Promise<OrderCancelItem[]> {
  const open = await listOpenOrders(db, brokerage, userId, request.account);
  const symbol = request.symbol?.trim().toUpperCase() ?? null;
  const chosen = open.filter((order) =>
    request.orderId !== null
      ? order.order_id === request.orderId.trim()
      : symbol === null || order.symbol.toUpperCase() === symbol,
  );
  if (chosen.length === 0) throw new ServiceError('request:invalid', orderMessages.openOrderNotFound);
  return chosen.map(({ description, ...order }) => ({
    id: `cancel_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    kind: 'order_cancel' as const,
    description: `Cancel: ${description}`,
    order,
    before: { status: 'open' as const },
    after: { status: 'cancelled' as const },
  }));
}

export const cancelRecordSchema = z.object({ order_id: z.string(), connection_id: z.string() });

const stale = () => new ServiceError('actions:proposal-stale', actionMessages.proposalStale);

/**
 * At confirm, outside the transaction: each order cancelled at the brokerage, in the proposal's order.
 * One no longer open (filled, cancelled meanwhile, or by a confirm of another proposal) refuses the
 * confirm as stale while nothing was cancelled; after one was, it is answered as failed.
 */
export async function cancelOrders(
  deps: ActionsDeps,
  userId: string,
  items: readonly OrderCancelItem[],
): Promise<ReadonlyMap<string, unknown>> {
  if (!deps.brokerage) throw new Error('orders need the brokerage (createActionsService({ brokerage }))');
  const brokerage = deps.brokerage;
  const results = new Map<string, unknown>();
  let cancelledAny = false;
  for (const item of items) {
    try {
      const account = await brokerageAccountOf(deps.db, userId, item.order.account_id);
      if (!account || account.connectionId !== item.order.connection_id) throw stale();
      const user = await brokerage.user(userId);
      const open = await brokerage.snaptrade().openOrders(user, account.providerAccountId);
      if (!open.some((order) => order.orderId === item.order.order_id)) throw stale();
      await brokerage
        .snaptrade()
        .cancelOrder(user, account.providerAccountId, item.order.order_id)
        .catch((error: unknown) => {
          if (error instanceof ProviderError && ['order-refused', 'not-found'].includes(error.kind)) {
            throw stale();
          }
          throw error;
        });
      results.set(item.id, { order_id: item.order.order_id, connection_id: item.order.connection_id });
      cancelledAny = true;
    } catch (error) {
      if (!cancelledAny) throw error;
      results.set(item.id, { failed: true });
    }
  }
  return results;
}

/** Inside the confirm's transaction: each cancelled order's record (a cancel cannot be undone). */
export async function recordCancels(
  _tx: Executor,
  _userId: string,
  items: readonly OrderCancelItem[],
  cancelled: ReadonlyMap<string, unknown>,
): Promise<Array<{ itemId: string; undo: unknown }>> {
  return items.flatMap((item) => {
    const record = cancelRecordSchema.safeParse(cancelled.get(item.id));
    return record.success ? [{ itemId: item.id, undo: record.data }] : [];
  });
}
