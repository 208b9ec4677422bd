import { escapeMarkup } from '@penny/contracts';
import { orderDescription } from '../../actions/index.ts';
import { decimalFromNumber, normalizeDecimal } from '../../connections/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { block, usd } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type ProposeOrderData = {
  /** The stored proposal's id (the Confirm popup opens it). */
  proposal_id: string;
  expires_at: string;
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

const decimalOf = (value: number | string | undefined): string | null =>
  value === undefined ? null : typeof value === 'number' ? decimalFromNumber(value) : normalizeDecimal(value);

/**
 * Proposes, never places: checks a buy or sale with the user's brokerage (SnapTrade's order impact)
 * and stores it as a proposal the user confirms in the Confirm popup (docs/decisions/0024-orders.md).
 */
export const proposeOrderTool = {
  name: 'propose_order',
  description:
    "Proposes a stock or ETF order in a linked brokerage account: `action` buy or sell, `symbol` (ticker), either `units` (shares) or `amount` (dollars, market orders), `order_type` market (default) or limit with `limit_price`, `time_in_force` (default day). The brokerage checks it (estimated cost, commission, cash left); nothing is placed until the user confirms it in the Confirm popup. Use it for 'buy $500 of VTI', 'sell 2 shares of AAPL'. Refused when the account is not a brokerage account of the user's, or the cash or shares do not cover it.",
  symbol: '📈',
  describe(input) {
    const what = input.amount !== undefined ? `${usd(String(input.amount))} of` : `${input.units} shares of`;
    return `Checking an order to ${input.action} ${what} ${input.symbol.toUpperCase()}`;
  },
  async execute(input, context): Promise<ToolResult<ProposeOrderData>> {
    if (!context.turn) throw new ServiceError('request:invalid', 'A proposal is made in a conversation.');
    const proposal = await context.services.actions.proposeOrder(context.userId, context.turn, {
      account: input.account,
      symbol: input.symbol,
      action: input.action,
      units: decimalOf(input.units),
      amount: decimalOf(input.amount),
      orderType: input.order_type,
      limitPrice: decimalOf(input.limit_price),
      timeInForce: input.time_in_force,
    });
    const [item] = proposal.items;
    if (item?.kind !== 'order') throw new Error('an order proposal holds one order');
    const data: ProposeOrderData = {
      proposal_id: proposal.id,
      expires_at: proposal.expires_at,
      account: item.order.account_name,
      symbol: item.order.symbol,
      action: item.order.action,
      units: item.impact.units,
      price: item.impact.price,
      estimated_amount: item.impact.estimated_amount,
      commission: item.impact.commission,
      remaining_cash: item.impact.remaining_cash,
    };
    // The account's and the symbol's names come from the brokerage: quoted as text, never as markup.
    const facts = [`Proposed: ${escapeMarkup(orderDescription(item))}. Nothing is placed until you confirm.`];
    return {
      data,
      facts,
      blocks: [block('figures', { type: 'content', title: 'Order', content: facts.join('\n') })],
      provenance: { accounts: [item.order.account_name], transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'propose_order'>;
