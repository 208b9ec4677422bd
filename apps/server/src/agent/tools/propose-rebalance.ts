import { escapeMarkup, type OrderItem } from '@penny/contracts';
import { orderDescription } from '../../actions/index.ts';
import { fromCents } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { block, usd } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

/**
 * "Rebalance to 60/40" (docs/api.md, "Confirmed actions"): the orders that bring one brokerage
 * account's holdings to a stocks/bonds mix, computed in integer cents and checked with the brokerage,
 * stored as one proposal the user confirms; or, when a holding cannot be classified as stocks or
 * bonds, the question back naming it (nothing proposed).
 */

export type ProposeRebalanceData = {
  /** The stored proposal's id, when orders were proposed (the Confirm popup opens it). */
  proposal_id?: string;
  outcome: 'proposed' | 'balanced' | 'unclassified' | 'nothing-held' | 'no-holding-to-buy';
  stocks?: string;
  bonds?: string;
  target_stocks?: string;
};

const percentOf = (part: bigint, total: bigint) =>
  total === 0n ? '0' : ((Number(part) * 100) / Number(total)).toFixed(1).replace(/\.0$/, '');

export const proposeRebalanceTool = {
  name: 'propose_rebalance',
  description:
    "Proposes the orders that rebalance one brokerage account to a stocks/bonds mix ('rebalance to 60/40': `stocks_percent` 60). Stocks are shares of companies and stock funds, bonds bond funds, read from each holding's type and fund name; a holding that is neither is asked back, nothing proposed. The difference moves as market orders by amount, sales first, each checked by the brokerage; nothing is placed until the user confirms.",
  symbol: '⚖️',
  describe: (input) =>
    `Working out the orders for ${input.stocks_percent}/${100 - input.stocks_percent} in ${input.account}`,
  async execute(input, context): Promise<ToolResult<ProposeRebalanceData>> {
    if (!context.turn) throw new ServiceError('request:invalid', 'A proposal is made in a conversation.');
    const { proposal, draft } = await context.services.actions.proposeRebalance(
      context.userId,
      context.turn,
      {
        account: input.account,
        stocksPercent: input.stocks_percent,
      },
    );
    const { plan } = draft;
    const mix = `${input.stocks_percent}/${100 - input.stocks_percent}`;
    const account = escapeMarkup(draft.accountName);
    const say = (facts: string[], data: ProposeRebalanceData): ToolResult<ProposeRebalanceData> => ({
      data,
      facts,
      blocks: [block('figures', { type: 'content', title: 'Rebalance', content: facts.join('\n') })],
      provenance: { accounts: [draft.accountName], transactionCount: 0 },
    });
    if (plan.kind === 'unclassified') {
      const named = plan.holdings
        .map((h) => `${escapeMarkup(h.ticker)} (${escapeMarkup(h.name)})`)
        .join(', ');
      return say(
        [
          `I can't tell whether ${named} counts as stocks or bonds, so I haven't proposed a rebalance of ${account}. Which is it, or should I leave it out?`,
        ],
        { outcome: 'unclassified' },
      );
    }
    if (plan.kind === 'nothing-held') {
      return say([`${account} holds no stocks or bonds to rebalance.`], { outcome: 'nothing-held' });
    }
    if (plan.kind === 'no-holding-to-buy') {
      return say(
        [
          `${account} holds no ${plan.side} to buy more of. Which ${plan.side === 'bonds' ? 'bond' : 'stock'} fund should I buy?`,
        ],
        { outcome: 'no-holding-to-buy' },
      );
    }
    const total = plan.stocksCents + plan.bondsCents;
    const figures = {
      stocks: fromCents(plan.stocksCents),
      bonds: fromCents(plan.bondsCents),
      target_stocks: fromCents(plan.targetStocksCents),
    };
    const now = `${account} holds ${usd(plan.stocksCents)} in stocks (${percentOf(plan.stocksCents, total)}%) and ${usd(plan.bondsCents)} in bonds; at ${mix} stocks would be ${usd(plan.targetStocksCents)}.`;
    if (plan.kind === 'balanced' || !proposal) {
      return say([`${now} That is within $1.00 of ${mix}: nothing to rebalance.`], {
        outcome: 'balanced',
        ...figures,
      });
    }
    const orders = proposal.items.filter((item): item is OrderItem => item.kind === 'order');
    return say(
      [
        `${now} Proposed ${orders.length} orders; nothing is placed until you confirm:`,
        ...orders.map((item) => `${escapeMarkup(orderDescription(item))}.`),
      ],
      { proposal_id: proposal.id, outcome: 'proposed', ...figures },
    );
  },
} satisfies FinanceTool<'propose_rebalance'>;
