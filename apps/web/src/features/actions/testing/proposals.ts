import type { ConfirmProposalResponse, Proposal } from '@penny/contracts';

/** Proposals and confirm replies as the agent service sends them, typed by the contracts. */

/** "Categorise all Uber as Transportation": two rides and a rule. */
export const recategorizeProposal: Proposal = {
  id: 'proposal-1',
  status: 'open',
  title: 'Confirm',
  thread_id: 'thread-1',
  query_id: 'query-1',
  created_at: '2026-03-10T10:00:00.000Z',
  expires_at: '2026-03-10T10:15:00.000Z',
  items: [
    {
      id: 'item-1',
      kind: 'transaction_category',
      description: 'Uber, Mar 2, 2026, $12.50: Travel → Transportation',
      transaction: {
        id: '41',
        date: '2026-03-02',
        name: 'UBER TRIP',
        merchant: 'Uber',
        amount: '-12.50',
        currency: 'USD',
        account_name: 'Checking',
      },
      before: { category: 'TRAVEL', category_detailed: null },
      after: { category: 'TRANSPORTATION', category_detailed: null },
    },
    {
      id: 'item-2',
      kind: 'transaction_category',
      description: 'Uber, Mar 5, 2026, $8.00: Travel → Transportation',
      transaction: {
        id: '42',
        date: '2026-03-05',
        name: 'UBER TRIP',
        merchant: 'Uber',
        amount: '-8.00',
        currency: 'USD',
        account_name: 'Checking',
      },
      before: { category: 'TRAVEL', category_detailed: null },
      after: { category: 'TRANSPORTATION', category_detailed: null },
    },
    {
      id: 'item-3',
      kind: 'category_rule',
      description: 'Rule: merchant Uber → Transportation',
      rule: { match: 'merchant', text: 'Uber' },
      before: null,
      after: { category: 'TRANSPORTATION', category_detailed: null },
    },
  ],
};

/** "Set a $400 dining budget" and "remove my travel budget": one set, one changed, one removed. */
export const budgetProposal: Proposal = {
  ...recategorizeProposal,
  id: 'proposal-budget',
  items: [
    {
      id: 'b1',
      kind: 'budget',
      description: 'Food and drink budget: no budget → $400.00 a month',
      category: 'FOOD_AND_DRINK',
      before: null,
      after: '400.00',
    },
    {
      id: 'b2',
      kind: 'budget',
      description: 'General merchandise budget: $250.00 a month → $1,300.50 a month',
      category: 'GENERAL_MERCHANDISE',
      before: '250.00',
      after: '1300.50',
    },
    {
      id: 'b3',
      kind: 'budget',
      description: 'Remove the Travel budget ($150.00 a month)',
      category: 'TRAVEL',
      before: '150.00',
      after: null,
    },
  ],
};

/** The confirm's reply when `itemIds` were selected: each item's outcome, one finished action per executed item. */
export function confirmedReply(
  itemIds: readonly string[],
  proposal: Proposal = recategorizeProposal,
): ConfirmProposalResponse {
  return {
    success: true,
    proposal_id: proposal.id,
    status: 'confirmed',
    outcomes: proposal.items.map((item) => ({
      item_id: item.id,
      kind: item.kind,
      status: itemIds.includes(item.id) ? 'executed' : 'not_selected',
      description: item.description,
      change_id: itemIds.includes(item.id) ? `change-${item.id}` : null,
    })),
    agent_actions: proposal.items
      .filter((item) => itemIds.includes(item.id))
      .map((item) => ({
        id: `confirm-${item.id}`,
        status: 'completed',
        description: item.description,
        symbol: '✅',
      })),
  };
}
