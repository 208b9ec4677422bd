import { z } from 'zod';
import { tradingOf, updateTrading } from '../trading.ts';
import { findAccount } from './account-datasets.ts';
import { errorResponse, issuesText, type Operation, type SnapTradeApi } from './context.ts';
import { orderJson } from './trading-operations.ts';

/**
 * An account's orders and cancelling an open one, as SnapTrade's API shapes them
 * (snaptrade-typescript-sdk 11: AccountInformationApi.getUserAccountOrders, GET
 * /accounts/{accountId}/orders?state=all|open|executed&days; TradingApi.cancelOrder, POST
 * /accounts/{accountId}/trading/cancel with `{brokerage_order_id}`, answering `{brokerage_order_id,
 * raw_response}`). Open orders are limit orders placed below (a buy) or above (a sale) the price.
 */

const ordersQuery = z.object({
  state: z.enum(['all', 'open', 'executed']).default('all'),
  days: z.coerce.number().int().min(1).max(90).default(30),
});
const cancelBody = z.object({ brokerage_order_id: z.string().min(1).max(64) });

export function orderOperations(api: SnapTradeApi): Operation[] {
  const { store, now } = api;
  return [
    {
      method: 'GET',
      path: '/accounts/:accountId/orders',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user, query }) => {
        const parsed = ordersQuery.safeParse({
          state: query.get('state') ?? undefined,
          days: query.get('days') ?? undefined,
        });
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const accountId = c.req.param('accountId');
        if (!(await findAccount(api, user, accountId))) return errorResponse(c, 'not-found');
        const since = now().getTime() - parsed.data.days * 86_400_000;
        const { state } = parsed.data;
        const orders = (await tradingOf(store, user.clientId, user.userId)).orders.filter(
          (order) =>
            order.accountId === accountId &&
            Date.parse(order.placedAt) >= since &&
            (state === 'all' ||
              (state === 'open' && order.status === 'ACCEPTED') ||
              (state === 'executed' && order.status === 'EXECUTED')),
        );
        // Newest first, as SnapTrade lists them.
        return c.json(orders.reverse().map(orderJson));
      },
    },
    {
      method: 'POST',
      path: '/accounts/:accountId/trading/cancel',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user, body }) => {
        const parsed = cancelBody.safeParse(body);
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const accountId = c.req.param('accountId');
        const found = await findAccount(api, user, accountId);
        if (!found) return errorResponse(c, 'not-found');
        if (found.authorization.type !== 'trade') return errorResponse(c, 'read-only-connection');
        const orderId = parsed.data.brokerage_order_id;
        const outcome: { refusal: 'not-found' | 'order-not-open' | null } = { refusal: null };
        // Under the store's lock: two cancels of one order, one cancel; the second is refused.
        await updateTrading(store, user.clientId, user.userId, (current) => {
          const order = current.orders.find(
            (candidate) => candidate.id === orderId && candidate.accountId === accountId,
          );
          if (!order) outcome.refusal = 'not-found';
          else if (order.status !== 'ACCEPTED') outcome.refusal = 'order-not-open';
          if (outcome.refusal) return current;
          return {
            ...current,
            orders: current.orders.map((candidate) =>
              candidate.id === orderId ? { ...candidate, status: 'CANCELED' as const } : candidate,
            ),
          };
        });
        if (outcome.refusal) return errorResponse(c, outcome.refusal);
        return c.json({ brokerage_order_id: orderId, raw_response: { status: 'CANCELED' } });
      },
    },
  ];
}
