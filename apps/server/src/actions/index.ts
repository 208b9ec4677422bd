import type { Proposal } from '@penny/contracts';
import {
  draftBudget,
  draftRecategorize,
  type RecategorizeDraft,
  type RecategorizeRequest,
} from '../finance/index.ts';
import { type ConfirmInput, confirmProposal } from './confirm.ts';
import {
  type CancelRequest,
  draftOrder,
  draftOrderCancels,
  draftOrders,
  draftRebalance,
  listOpenOrders,
  type OpenOrder,
  type OrderRequest,
  type RebalanceDraft,
} from './orders/index.ts';
import {
  type ActionsDeps,
  cancelProposal,
  createProposal,
  type NewProposal,
  readProposal,
} from './proposals.ts';
import { threadProposals } from './thread-proposals.ts';
import { undoChange } from './undo.ts';

export type { ConfirmInput } from './confirm.ts';
export {
  type Brokerage,
  type CancelRequest,
  createBrokerage,
  type OpenOrder,
  type OrderRequest,
  orderDescription,
  type RebalanceDraft,
} from './orders/index.ts';
export type { NewProposal } from './proposals.ts';

/** The turn a proposal comes from. */
export type ProposingTurn = { threadId: string; queryId: string };

/**
 * Confirmed actions (docs/decisions/0022-proposals-and-effective-categories.md): the agent proposes,
 * the user confirms. One handler per operation, each taking the acting user explicitly.
 */
export function createActionsService(deps: ActionsDeps) {
  return {
    /** Stores a proposal of any item kinds, open until its expiry; nothing else is written. */
    propose: (userId: string, input: NewProposal) => createProposal(deps, userId, input),
    proposal: (userId: string, proposalId: string) => readProposal(deps, userId, proposalId),
    confirm: (userId: string, input: ConfirmInput) => confirmProposal(deps, userId, input),
    cancel: (userId: string, proposalId: string) => cancelProposal(deps, userId, proposalId),
    undo: (userId: string, changeId: string) => undoChange(deps, userId, changeId),
    /** What became of each proposal a thread's turns made, by query id (the thread's history shows it). */
    threadProposals: (userId: string, threadId: string) => threadProposals(deps.db, userId, threadId),
    /**
     * Drafts a re-categorisation from the user's ledger and stores it as a proposal; nothing else is
     * written. No proposal when nothing would change.
     */
    async proposeRecategorize(
      userId: string,
      turn: ProposingTurn,
      request: RecategorizeRequest,
    ): Promise<{ proposal: Proposal | null; draft: RecategorizeDraft }> {
      const draft = await draftRecategorize(deps.db, userId, request);
      if (draft.items.length === 0) return { proposal: null, draft };
      const proposal = await createProposal(deps, userId, { ...turn, title: 'Confirm', items: draft.items });
      return { proposal, draft };
    },
    /**
     * Drafts setting (or, with `amount` null, removing) one category's monthly budget and stores it as
     * a proposal; nothing else is written. No proposal when the budget already is that amount.
     */
    async proposeBudget(
      userId: string,
      turn: ProposingTurn,
      request: { category: string; amount: string | null },
    ): Promise<{ proposal: Proposal | null; before: string | null }> {
      const { item, before } = await draftBudget(deps.db, userId, request);
      if (!item) return { proposal: null, before };
      const proposal = await createProposal(deps, userId, { ...turn, title: 'Confirm', items: [item] });
      return { proposal, before };
    },
    /**
     * Checks an order with the user's brokerage and stores it as a proposal of its own
     * (docs/decisions/0024-orders.md); nothing is placed. Refused before anything is stored:
     * an account not the user's, a symbol not traded, more than the cash or the position.
     */
    async proposeOrder(userId: string, turn: ProposingTurn, request: OrderRequest): Promise<Proposal> {
      if (!deps.brokerage) throw new Error('orders need the brokerage (createActionsService({ brokerage }))');
      const item = await draftOrder(deps.db, deps.brokerage, userId, request);
      return createProposal(deps, userId, { ...turn, title: 'Confirm Your Orders', items: [item] });
    },
    /**
     * Several orders in one proposal (docs/decisions/0028-several-orders.md): each checked with the
     * brokerage, together within the cash and the shares; refused whole, storing nothing, when any is.
     */
    async proposeOrders(
      userId: string,
      turn: ProposingTurn,
      requests: readonly OrderRequest[],
    ): Promise<Proposal> {
      if (!deps.brokerage) throw new Error('orders need the brokerage (createActionsService({ brokerage }))');
      const items = await draftOrders(deps.db, deps.brokerage, userId, requests);
      return createProposal(deps, userId, { ...turn, title: 'Confirm Your Orders', items });
    },
    /**
     * "Rebalance to 60/40": the orders that bring one brokerage account's holdings to the stocks/bonds
     * mix (orders/rebalance.ts), checked with the brokerage and stored as one proposal. No proposal
     * when a holding cannot be classified, nothing needs to move, or the other side has no holding.
     */
    async proposeRebalance(
      userId: string,
      turn: ProposingTurn,
      request: { account: string; stocksPercent: number },
    ): Promise<{ proposal: Proposal | null; draft: RebalanceDraft }> {
      if (!deps.brokerage) throw new Error('orders need the brokerage (createActionsService({ brokerage }))');
      const draft = await draftRebalance(deps.db, deps.brokerage, userId, request);
      if (draft.items.length === 0) return { proposal: null, draft };
      const proposal = await createProposal(deps, userId, {
        ...turn,
        title: 'Confirm Your Orders',
        items: draft.items,
      });
      return { proposal, draft };
    },
    /** The user's orders still open at the brokerage, read live (every brokerage account, or the one named). */
    async openOrders(userId: string, account: string | null): Promise<OpenOrder[]> {
      if (!deps.brokerage) throw new Error('orders need the brokerage (createActionsService({ brokerage }))');
      return listOpenOrders(deps.db, deps.brokerage, userId, account);
    },
    /**
     * Cancelling open orders, as a proposal (one item per order, 'Confirm Your Orders'); nothing is
     * cancelled until the confirm. An order not among the user's open ones is refused.
     */
    async proposeCancelOrders(
      userId: string,
      turn: ProposingTurn,
      request: CancelRequest,
    ): Promise<Proposal> {
      if (!deps.brokerage) throw new Error('orders need the brokerage (createActionsService({ brokerage }))');
      const items = await draftOrderCancels(deps.db, deps.brokerage, userId, request);
      return createProposal(deps, userId, { ...turn, title: 'Confirm Your Orders', items });
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
