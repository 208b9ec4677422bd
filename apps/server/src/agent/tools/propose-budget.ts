import { categoryLabel } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { block, usd, usdOf } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type ProposeBudgetData = {
  /** The stored proposal's id (the Confirm popup opens it), or null when nothing would change. */
  proposal_id: string | null;
  expires_at: string | null;
  category: string;
  /** The monthly amount now and after (null: none, or removed), decimal strings. */
  before: string | null;
  after: string | null;
};

const monthly = (amount: string | null) => (amount === null ? 'no budget' : `${usd(amount)} a month`);

/**
 * Proposes, never writes: a primary category's monthly budget set, changed or removed. The proposal
 * waits for the user's confirm (docs/decisions/0022-proposals-and-effective-categories.md, 0023-budgets.md).
 */
export const proposeBudgetTool = {
  name: 'propose_budget',
  description:
    "Proposes a monthly budget for a primary spending category (`category`, e.g. 'FOOD_AND_DRINK'; budgets are per primary category, so dining and groceries share Food and drink): `amount` dollars a month, or `remove:true` to remove it. Nothing changes until the user confirms the proposal in the Confirm popup. Use it for 'set a $400 dining budget', 'budget 300 for groceries', 'remove my travel budget'.",
  symbol: '🎯',
  describe(input) {
    const label = categoryLabel(input.category);
    return input.amount === undefined
      ? `Preparing to remove the ${label} budget`
      : `Preparing a ${label} budget of ${usdOf(input.amount)} a month`;
  },
  async execute(input, context): Promise<ToolResult<ProposeBudgetData>> {
    if (!context.turn) throw new ServiceError('request:invalid', 'A proposal is made in a conversation.');
    const amount =
      input.amount === undefined
        ? null
        : typeof input.amount === 'number'
          ? input.amount.toFixed(2)
          : input.amount;
    const { proposal, before } = await context.services.actions.proposeBudget(context.userId, context.turn, {
      category: input.category,
      amount,
    });
    const label = categoryLabel(input.category);
    const item = proposal?.items[0];
    const after = item?.kind === 'budget' ? item.after : before;
    const data: ProposeBudgetData = {
      proposal_id: proposal?.id ?? null,
      expires_at: proposal?.expires_at ?? null,
      category: input.category,
      before,
      after,
    };
    const facts = proposal
      ? [
          after === null
            ? `Proposed: remove the ${label} budget (now ${monthly(before)}). Nothing changes until you confirm.`
            : `Proposed: set the ${label} budget to ${monthly(after)} (now ${monthly(before)}). Nothing changes until you confirm.`,
        ]
      : [
          before === null
            ? `There is no ${label} budget to remove.`
            : `The ${label} budget already is ${monthly(before)}: nothing to change.`,
        ];
    return {
      data,
      facts,
      blocks: [block('figures', { type: 'content', title: `${label} budget`, content: facts.join('\n') })],
      provenance: { accounts: [], transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'propose_budget'>;
