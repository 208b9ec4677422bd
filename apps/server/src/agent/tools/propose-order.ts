import { escapeMarkup } from '@penny/contracts';
import { orderDescription } from '../../actions/index.ts';
import { decimalFromNumber, normalizeDecimal } from '../../connections/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { block, usd } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

/** One proposed order as the model reads it back. */
export type ProposedOrder = {
  account: string;
  symbol: string;
  action: 'buy' | 'sell';
  units: string;
  price: string;
  /** + = money in: a buy's estimated cost is negative. */
  estimated_amount: string;
  commission: string;
  remaining_cash: string;
};

export type ProposeOrderData = ProposedOrder & {
  /** The stored proposal's id (the Confirm popup opens it). */
  proposal_id: string;
  expires_at: string;
  /** Every order of the proposal, the first included, when `more_orders` were asked. */
  orders?: ProposedOrder[];
};

const decimalOf = (value: number | string | undefined): string | null =>
  value === undefined ? null : typeof value === 'number' ? decimalFromNumber(value) : normalizeDecimal(value);

/**
 * Proposes, never places: checks a buy or sale with the user's brokerage (SnapTrade's order impact)
 * and stores it as a proposal the user confirms in the Confirm popup (docs/decisions/0024-orders.md).
 */
export const proposeOrderTool = {
  name: 'propose_order',
  description:
    "Proposes a stock or ETF order in a linked brokerage account: `action` buy or sell, `symbol` (ticker), either `units` (shares) or `amount` (dollars, market orders), `order_type` market (default) or limit with `limit_price`, `time_in_force` (default day). The brokerage checks it (estimated cost, commission, cash left); nothing is placed until the user confirms it in the Confirm popup. Use it for 'buy $500 of VTI', 'sell 2 shares of AAPL'; several orders in one account go in one proposal with `more_orders` ('sell 2 VTI and buy 10 BND'), together within the cash and the shares. Refused when the account is not a brokerage account of the user's, or the cash or shares do not cover it.",
  symbol: '📈',
  describe(input) {
    const what = input.amount !== undefined ? `${usd(String(input.amount))} of` : `${input.units} shares of`;
    const more = input.more_orders?.length ?? 0;
    const others = more === 0 ? '' : ` and ${more} more ${more === 1 ? 'order' : 'orders'}`;
    return `Checking an order to ${input.action} ${what} ${input.symbol.toUpperCase()}${others}`;
  },
  async execute(input, context): Promise<ToolResult<ProposeOrderData>> {
    if (!context.turn) throw new ServiceError('request:invalid', 'A proposal is made in a conversation.');
    const requests = [input, ...(input.more_orders ?? [])].map((order) => ({
      account: input.account,
      symbol: order.symbol,
      action: order.action,
      units: decimalOf(order.units),
      amount: decimalOf(order.amount),
      orderType: order.order_type,
      limitPrice: decimalOf(order.limit_price),
      timeInForce: order.time_in_force,
    }));
    const actions = context.services.actions;
    const proposal =
      requests.length === 1 && requests[0]
        ? await actions.proposeOrder(context.userId, context.turn, requests[0])
        : await actions.proposeOrders(context.userId, context.turn, requests);
    const items = proposal.items.filter((item) => item.kind === 'order');
    const [first] = items;
    if (!first || items.length !== requests.length)
      throw new Error('an order proposal holds the orders asked');
    const orders = items.map(
      (item): ProposedOrder => ({
        account: item.order.account_name,
        symbol: item.order.symbol,
        action: item.order.action,
        units: item.impact.units,
        price: item.impact.price,
        estimated_amount: item.impact.estimated_amount,
        commission: item.impact.commission,
        remaining_cash: item.impact.remaining_cash,
      }),
    );
    const [head] = orders;
    if (!head) throw new Error('an order proposal holds an order');
    const data: ProposeOrderData = {
      proposal_id: proposal.id,
      expires_at: proposal.expires_at,
      ...head,
      ...(orders.length > 1 ? { orders } : {}),
    };
    // The account's and the symbol's names come from the brokerage: quoted as text, never as markup.
    // Several orders: a heading (ending ':', so the chat lists them under it rather than lifting one
    // order's price as the answer's figure), then one line each.
    const text =
      items.length === 1
        ? [`Proposed: ${escapeMarkup(orderDescription(first))}. Nothing is placed until you confirm.`]
        : [
            `Proposed ${items.length} orders in ${escapeMarkup(first.order.account_name)}; nothing is placed until you confirm:`,
            ...items.map((item) => `${escapeMarkup(orderDescription(item))}.`),
          ];
    return {
      data,
      facts: text,
      blocks: [
        block('figures', {
          type: 'content',
          title: items.length === 1 ? 'Order' : 'Orders',
          content: text.join('\n'),
        }),
      ],
      provenance: { accounts: [first.order.account_name], transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'propose_order'>;
