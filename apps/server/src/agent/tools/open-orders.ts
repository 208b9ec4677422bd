import { escapeMarkup } from '@penny/contracts';
import type { OpenOrder } from '../../actions/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { block, count, usd } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

/**
 * The orders still open at the user's brokerage (a limit order waiting for its price), read live from
 * SnapTrade for the user's own brokerage accounts; and cancelling them, proposed only: the user
 * confirms in the Confirm popup (docs/api.md, "Confirmed actions").
 */

export type OpenOrdersData = { orders: OpenOrder[] };

const ORDER_COLUMNS = [
  { key: 'order', header: 'Order' },
  { key: 'symbol', header: 'Symbol' },
  { key: 'side', header: 'Side' },
  { key: 'units', header: 'Shares' },
  { key: 'limit', header: 'Limit' },
  { key: 'account', header: 'Account' },
  { key: 'placed', header: 'Placed' },
];

function orderRows(orders: readonly OpenOrder[]) {
  return orders.map((order) => ({
    order: order.order_id,
    symbol: order.symbol,
    side: order.action === 'buy' ? 'Buy' : 'Sell',
    units: order.open_units,
    limit: order.limit_price === null ? order.order_type : usd(order.limit_price),
    account: order.account_name,
    placed: order.placed_at?.slice(0, 10) ?? '',
  }));
}

export const openOrdersTool = {
  name: 'open_orders',
  description:
    "Lists the user's orders still open at their brokerage (limit orders waiting for their price), with each order's id, symbol, side, shares, limit, account and date. Use it for 'show my open orders', 'do I have any pending orders'; cancelling one is propose_cancel_order.",
  symbol: '📋',
  describe: (input) =>
    input.account ? `Reading the open orders in ${input.account}` : 'Reading your open orders',
  async execute(input, context): Promise<ToolResult<OpenOrdersData>> {
    const orders = await context.services.actions.openOrders(context.userId, input.account ?? null);
    const facts =
      orders.length === 0
        ? ['You have no open orders at your brokerage.']
        : [
            `You have ${count(orders.length, 'open order')}:`,
            ...orders.map(
              (order) => `${escapeMarkup(order.description)} (order ${escapeMarkup(order.order_id)}).`,
            ),
          ];
    return {
      data: { orders },
      facts,
      blocks:
        orders.length === 0
          ? []
          : [
              block('table', {
                type: 'table',
                title: 'Open orders',
                columns: ORDER_COLUMNS,
                rows: orderRows(orders),
              }),
            ],
      provenance: { accounts: [...new Set(orders.map((order) => order.account_name))], transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'open_orders'>;

export type ProposeCancelOrderData = { proposal_id: string; expires_at: string; orders: string[] };

export const proposeCancelOrderTool = {
  name: 'propose_cancel_order',
  description:
    "Proposes cancelling orders still open at the user's brokerage: one by its `order_id` (as open_orders lists it), or every open order of a `symbol`, or every open order when neither is given. Nothing is cancelled until the user confirms it in the Confirm popup. Refused when no open order of the user's matches.",
  symbol: '🛑',
  describe: (input) =>
    input.order_id
      ? `Checking open order ${input.order_id}`
      : input.symbol
        ? `Checking your open ${input.symbol.toUpperCase()} orders`
        : 'Checking your open orders',
  async execute(input, context): Promise<ToolResult<ProposeCancelOrderData>> {
    if (!context.turn) throw new ServiceError('request:invalid', 'A proposal is made in a conversation.');
    const proposal = await context.services.actions.proposeCancelOrders(context.userId, context.turn, {
      orderId: input.order_id ?? null,
      symbol: input.symbol ?? null,
      account: input.account ?? null,
    });
    const described = proposal.items.map((item) => item.description);
    const text =
      described.length === 1
        ? [`Proposed: ${escapeMarkup(described[0] ?? '')}. Nothing is cancelled until you confirm.`]
        : [
            `Proposed cancelling ${described.length} open orders; nothing is cancelled until you confirm:`,
            ...described.map((line) => `${escapeMarkup(line)}.`),
          ];
    return {
      data: { proposal_id: proposal.id, expires_at: proposal.expires_at, orders: described },
      facts: text,
      blocks: [block('figures', { type: 'content', title: 'Cancel orders', content: text.join('\n') })],
      provenance: { accounts: [], transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'propose_cancel_order'>;
