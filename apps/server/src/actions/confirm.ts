import { randomUUID } from 'node:crypto';
import {
  type AgentAction,
  actionMessages,
  type ConfirmProposalResponse,
  confirmProposalResponseSchema,
  type ItemOutcome,
  PROPOSAL_ITEM_KINDS,
  type ProposalItem,
  type ProposalItemKind,
} from '@penny/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { tables } from '../db/index.ts';
import type { Executor } from '../finance/index.ts';
import { ServiceError } from '../services/errors.ts';
import { itemExecutors, itemsOfKind } from './executors.ts';
import { type ActionsDeps, itemsOf, proposalNotFound } from './proposals.ts';

const { actionProposal, actionChange } = tables;

export type ConfirmInput = { proposalId: string; itemIds: readonly string[]; idempotencyKey: string };
type Outcome = Omit<ConfirmProposalResponse, 'success'>;

/**
 * Confirms a proposal: executes exactly the selected items, once, in one database transaction that
 * first locks the proposal row. So a double click or a replayed request waits for the first, then
 * finds it answered: the same idempotency key gets the first outcome again and writes nothing; any
 * other key is refused. Refused too, writing nothing: another user's or an unknown proposal, an
 * expired one, a selection naming an item it does not have, and a proposal whose ledger moved since
 * (a listed transaction re-categorised meanwhile). An empty selection is a cancel.
 */
export async function confirmProposal(
  deps: ActionsDeps,
  userId: string,
  input: ConfirmInput,
): Promise<Outcome> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: actionProposal.status,
        items: actionProposal.items,
        confirmKey: actionProposal.confirmKey,
        outcome: actionProposal.outcome,
        expired: sql<boolean>`${actionProposal.expiresAt} <= now()`,
      })
      .from(actionProposal)
      .where(and(eq(actionProposal.id, input.proposalId), eq(actionProposal.userId, userId)))
      .for('update');
    if (!row) throw proposalNotFound();
    if (row.status !== 'open') {
      const stored = confirmProposalResponseSchema.omit({ success: true }).safeParse(row.outcome);
      if (row.confirmKey === input.idempotencyKey && stored.success) return stored.data;
      throw new ServiceError('actions:proposal-closed', actionMessages.proposalClosed);
    }
    if (row.expired) throw new ServiceError('actions:proposal-expired', actionMessages.proposalExpired);
    const items = itemsOf(row);
    const known = new Set(items.map((item) => item.id));
    if (input.itemIds.some((id) => !known.has(id))) {
      throw new ServiceError('actions:unknown-item', actionMessages.unknownItem);
    }
    const chosen = new Set(input.itemIds);
    const selected = items.filter((item) => chosen.has(item.id));
    const changes =
      selected.length === 0
        ? new Map<string, string>()
        : await execute(tx, userId, input.proposalId, selected);
    const outcome: Outcome = {
      proposal_id: input.proposalId,
      status: selected.length === 0 ? 'cancelled' : 'confirmed',
      outcomes: items.map((item) => outcomeOf(item, changes.get(item.id) ?? null)),
      agent_actions: selected.map(actionOf),
    };
    await tx
      .update(actionProposal)
      .set({
        status: outcome.status,
        confirmKey: input.idempotencyKey,
        selectedItemIds: [...chosen],
        outcome,
      })
      .where(and(eq(actionProposal.id, input.proposalId), eq(actionProposal.userId, userId)));
    return outcome;
  });
}

/** Checks every kind's items still hold, then executes them; answers each item's change id. */
async function execute(
  tx: Executor,
  userId: string,
  proposalId: string,
  selected: readonly ProposalItem[],
): Promise<Map<string, string>> {
  for (const kind of PROPOSAL_ITEM_KINDS) {
    if (!(await stillHolds(tx, userId, selected, kind))) {
      throw new ServiceError('actions:proposal-stale', actionMessages.proposalStale);
    }
  }
  const changes = new Map<string, string>();
  for (const kind of PROPOSAL_ITEM_KINDS) {
    const records = await executeKind(tx, userId, selected, kind);
    for (const record of records) {
      const id = `chg_${randomUUID().replaceAll('-', '')}`;
      await tx.insert(actionChange).values({
        id,
        userId,
        proposalId,
        itemId: record.itemId,
        kind,
        undo: record.undo,
      });
      changes.set(record.itemId, id);
    }
  }
  return changes;
}

function stillHolds<K extends ProposalItemKind>(
  tx: Executor,
  userId: string,
  selected: readonly ProposalItem[],
  kind: K,
): Promise<boolean> {
  const items = itemsOfKind(selected, kind);
  return items.length === 0 ? Promise.resolve(true) : itemExecutors[kind].unchanged(tx, userId, items);
}

function executeKind<K extends ProposalItemKind>(
  tx: Executor,
  userId: string,
  selected: readonly ProposalItem[],
  kind: K,
) {
  const items = itemsOfKind(selected, kind);
  return items.length === 0 ? Promise.resolve([]) : itemExecutors[kind].execute(tx, userId, items);
}

function outcomeOf(item: ProposalItem, changeId: string | null): ItemOutcome {
  return {
    item_id: item.id,
    kind: item.kind,
    status: changeId === null ? 'not_selected' : 'executed',
    description: item.description,
    change_id: changeId,
  };
}

/** An executed item as the chat shows it: a finished agent action. */
function actionOf(item: ProposalItem): AgentAction {
  return {
    id: `confirmed_${item.id}`,
    status: 'completed',
    description: item.description,
    symbol: itemExecutors[item.kind].symbol,
  };
}
