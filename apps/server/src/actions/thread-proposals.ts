import {
  type AgentAction,
  chatMessages,
  confirmProposalResponseSchema,
  type ThreadProposal,
} from '@penny/contracts';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import { itemsOf, type ProposalRow, proposalOut } from './proposals.ts';

/**
 * What became of the proposals a thread's turns made, for the thread's history (GET
 * /db/chatbox/get-messages; docs/api.md, "Confirmed actions"). Nothing new is stored for it: it is read
 * each time from the proposal's row (its status, expiry and stored outcome) and its changes (undone or
 * not), the same rows the confirm and the undo write, so a reopened thread shows exactly what happened
 * and a decided proposal never reads as open.
 */

const { actionProposal, actionChange } = tables;

const storedOutcome = confirmProposalResponseSchema.omit({ success: true });

/** Each turn's proposal (its latest, should a turn have made more than one), by query id. */
export async function threadProposals(
  db: Database,
  userId: string,
  threadId: string,
): Promise<Map<string, ThreadProposal>> {
  const rows = await db
    .select()
    .from(actionProposal)
    .where(and(eq(actionProposal.userId, userId), eq(actionProposal.threadId, threadId)))
    .orderBy(desc(actionProposal.createdAt));
  if (rows.length === 0) return new Map();
  const undone = await db
    .select({ proposalId: actionChange.proposalId, itemId: actionChange.itemId })
    .from(actionChange)
    .innerJoin(actionProposal, eq(actionProposal.id, actionChange.proposalId))
    .where(
      and(
        eq(actionChange.userId, userId),
        eq(actionProposal.threadId, threadId),
        isNotNull(actionChange.undoneAt),
      ),
    );
  const undoneItems = new Set(undone.map((row) => `${row.proposalId}/${row.itemId}`));
  const now = new Date();
  const byTurn = new Map<string, ThreadProposal>();
  for (const row of rows) {
    if (byTurn.has(row.queryId)) continue;
    byTurn.set(
      row.queryId,
      threadProposalOf(row, now, (itemId) => undoneItems.has(`${row.id}/${itemId}`)),
    );
  }
  return byTurn;
}

/** One proposal as the thread shows it. */
export function threadProposalOf(
  row: ProposalRow,
  now: Date,
  wasUndone: (itemId: string) => boolean,
): ThreadProposal {
  const { status, expires_at } = proposalOut(row, now);
  const base = { id: row.id, title: row.title, status, expires_at };
  const outcome = row.status === 'confirmed' ? storedOutcome.safeParse(row.outcome) : null;
  if (outcome?.success) {
    const items = outcome.data.outcomes.map((item) => ({
      item_id: item.item_id,
      description: item.description,
      status: item.status === 'executed' && wasUndone(item.item_id) ? ('undone' as const) : item.status,
      change_id: item.status === 'executed' && !wasUndone(item.item_id) ? item.change_id : null,
    }));
    const undoActions: AgentAction[] = items
      .filter((item) => item.status === 'undone')
      .map((item) => ({
        id: `undone_${item.item_id}`,
        status: 'completed',
        description: chatMessages.undone(item.description),
        symbol: '↩️',
      }));
    return { ...base, items, agent_actions: [...outcome.data.agent_actions, ...undoActions] };
  }
  // Open (or claimed by a confirm still placing an order), cancelled or expired: nothing was done.
  const itemStatus = status === 'open' ? ('pending' as const) : ('not_selected' as const);
  const items = itemsOf(row).map((item) => ({
    item_id: item.id,
    description: item.description,
    status: itemStatus,
    change_id: null,
  }));
  const said =
    status === 'cancelled'
      ? chatMessages.proposalCancelled
      : status === 'expired'
        ? chatMessages.proposalExpired
        : null;
  const agent_actions: AgentAction[] = said
    ? [{ id: `${status}_${row.id}`, status: 'completed', description: said, symbol: '✋' }]
    : [];
  return { ...base, items, agent_actions };
}
