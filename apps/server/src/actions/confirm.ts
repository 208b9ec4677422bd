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

/** How long a confirm waits for another confirm of the same key that is placing an order. */
const WAIT_FOR_CLAIM_MS = 30_000;
const WAIT_STEP_MS = 250;

type ProposalTx = Parameters<Parameters<ActionsDeps['db']['transaction']>[0]>[0];

/**
 * Confirms a proposal: executes exactly the selected items, once, in one database transaction that
 * first locks the proposal row. So a double click or a replayed request waits for the first, then
 * finds it answered: the same idempotency key gets the first outcome again and writes nothing; any
 * other key is refused. Refused too, writing nothing: another user's or an unknown proposal, an
 * expired one, a selection naming an item it does not have, and a proposal whose ledger moved since
 * (a listed transaction re-categorised meanwhile). An empty selection is a cancel.
 *
 * Items with work at a third party (orders: docs/decisions/0024-orders.md) cannot hold the row lock
 * while it is done, so the confirm claims the proposal (its key stored, no outcome yet) under the lock,
 * does that work outside, then records the outcome under the lock again. A confirm that finds the
 * claim waits for its outcome (the same key) or is refused (another key); a claim whose work was
 * refused before anything was done is released.
 */
export async function confirmProposal(
  deps: ActionsDeps,
  userId: string,
  input: ConfirmInput,
  waited = false,
): Promise<Outcome> {
  const first = await deps.db.transaction(async (tx) => {
    const row = await lockedRow(tx, userId, input.proposalId);
    if (row.status !== 'open')
      return { step: 'answered' as const, outcome: storedOutcome(row, input), executed: [] };
    if (row.confirmKey !== null) {
      if (row.confirmKey !== input.idempotencyKey) {
        throw new ServiceError('actions:proposal-closed', actionMessages.proposalClosed);
      }
      return { step: 'wait' as const };
    }
    if (row.expired) throw new ServiceError('actions:proposal-expired', actionMessages.proposalExpired);
    const items = itemsOf(row);
    const known = new Set(items.map((item) => item.id));
    if (input.itemIds.some((id) => !known.has(id))) {
      throw new ServiceError('actions:unknown-item', actionMessages.unknownItem);
    }
    const chosen = new Set(input.itemIds);
    const selected = items.filter((item) => chosen.has(item.id));
    if (!selected.some((item) => itemExecutors[item.kind].outside)) {
      const outcome = await answer(tx, userId, input, items, selected, new Map());
      return { step: 'answered' as const, outcome, executed: selected };
    }
    await tx
      .update(actionProposal)
      .set({ confirmKey: input.idempotencyKey, selectedItemIds: [...chosen] })
      .where(and(eq(actionProposal.id, input.proposalId), eq(actionProposal.userId, userId)));
    return { step: 'claimed' as const, items, selected };
  });
  if (first.step === 'wait') return waitForOutcome(deps, userId, input, waited);
  if (first.step === 'answered') {
    await afterCommit(deps, userId, first.executed);
    return first.outcome;
  }
  const { items, selected } = first;
  let outside: ReadonlyMap<string, unknown>;
  try {
    outside = await runOutside(deps, userId, selected);
  } catch (error) {
    await release(deps, userId, input);
    throw error;
  }
  const outcome = await deps.db.transaction(async (tx) => {
    await lockedRow(tx, userId, input.proposalId);
    return answer(tx, userId, input, items, selected, outside);
  });
  await afterCommit(deps, userId, selected);
  return outcome;
}

async function lockedRow(tx: ProposalTx, userId: string, proposalId: string) {
  const [row] = await tx
    .select({
      status: actionProposal.status,
      items: actionProposal.items,
      confirmKey: actionProposal.confirmKey,
      outcome: actionProposal.outcome,
      expired: sql<boolean>`${actionProposal.expiresAt} <= now()`,
    })
    .from(actionProposal)
    .where(and(eq(actionProposal.id, proposalId), eq(actionProposal.userId, userId)))
    .for('update');
  if (!row) throw proposalNotFound();
  return row;
}

/** An answered proposal: the same key gets its stored outcome again; any other is refused. */
function storedOutcome(row: { confirmKey: string | null; outcome: unknown }, input: ConfirmInput): Outcome {
  const stored = confirmProposalResponseSchema.omit({ success: true }).safeParse(row.outcome);
  if (row.confirmKey === input.idempotencyKey && stored.success) return stored.data;
  throw new ServiceError('actions:proposal-closed', actionMessages.proposalClosed);
}

/** Executes the selection (none: a cancel) and stores the key, the selection and the outcome. */
async function answer(
  tx: ProposalTx,
  userId: string,
  input: ConfirmInput,
  items: readonly ProposalItem[],
  selected: readonly ProposalItem[],
  outside: ReadonlyMap<string, unknown>,
): Promise<Outcome> {
  const { changes, executed } =
    selected.length === 0
      ? { changes: new Map<string, string>(), executed: new Set<string>() }
      : await execute(tx, userId, input.proposalId, selected, outside);
  const outcome: Outcome = {
    proposal_id: input.proposalId,
    status: selected.length === 0 ? 'cancelled' : 'confirmed',
    outcomes: items.map((item) => outcomeOf(item, changes.get(item.id) ?? null, selected, executed)),
    agent_actions: selected.map((item) => actionOf(item, executed.has(item.id))),
  };
  await tx
    .update(actionProposal)
    .set({
      status: outcome.status,
      confirmKey: input.idempotencyKey,
      selectedItemIds: selected.map((item) => item.id),
      outcome,
    })
    .where(and(eq(actionProposal.id, input.proposalId), eq(actionProposal.userId, userId)));
  return outcome;
}

/** Another request of the same key is doing the outside work: its outcome, once stored. */
async function waitForOutcome(
  deps: ActionsDeps,
  userId: string,
  input: ConfirmInput,
  waited: boolean,
): Promise<Outcome> {
  for (let spent = 0; spent < WAIT_FOR_CLAIM_MS; spent += WAIT_STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const [row] = await deps.db
      .select({
        status: actionProposal.status,
        confirmKey: actionProposal.confirmKey,
        outcome: actionProposal.outcome,
      })
      .from(actionProposal)
      .where(and(eq(actionProposal.id, input.proposalId), eq(actionProposal.userId, userId)));
    if (!row) throw proposalNotFound();
    if (row.status !== 'open') return storedOutcome(row, input);
    // Released (its work was refused): this request tries once itself.
    if (row.confirmKey === null && !waited) return confirmProposal(deps, userId, input, true);
  }
  throw new ServiceError('actions:proposal-closed', actionMessages.proposalClosed);
}

/** A claim whose outside work was refused before anything was done: open again, as it was. */
async function release(deps: ActionsDeps, userId: string, input: ConfirmInput): Promise<void> {
  await deps.db
    .update(actionProposal)
    .set({ confirmKey: null, selectedItemIds: null })
    .where(
      and(
        eq(actionProposal.id, input.proposalId),
        eq(actionProposal.userId, userId),
        eq(actionProposal.status, 'open'),
        eq(actionProposal.confirmKey, input.idempotencyKey),
      ),
    );
}

async function runOutside(
  deps: ActionsDeps,
  userId: string,
  selected: readonly ProposalItem[],
): Promise<ReadonlyMap<string, unknown>> {
  const results = new Map<string, unknown>();
  for (const kind of PROPOSAL_ITEM_KINDS) {
    for (const [id, value] of await outsideOfKind(deps, userId, selected, kind)) results.set(id, value);
  }
  return results;
}

function outsideOfKind<K extends ProposalItemKind>(
  deps: ActionsDeps,
  userId: string,
  selected: readonly ProposalItem[],
  kind: K,
): Promise<ReadonlyMap<string, unknown>> {
  const items = itemsOfKind(selected, kind);
  const outside = itemExecutors[kind].outside;
  return items.length === 0 || !outside ? Promise.resolve(new Map()) : outside(deps, userId, items);
}

/**
 * The follow-ups of a committed confirm (a sync of the brokerage). The outcome stands whatever they
 * do: a sync that fails is logged and shown by the sync itself, and the next one catches up.
 */
async function afterCommit(deps: ActionsDeps, userId: string, executed: readonly ProposalItem[]) {
  for (const kind of PROPOSAL_ITEM_KINDS) {
    await afterCommitOfKind(deps, userId, executed, kind).catch(() => undefined);
  }
}

function afterCommitOfKind<K extends ProposalItemKind>(
  deps: ActionsDeps,
  userId: string,
  executed: readonly ProposalItem[],
  kind: K,
): Promise<void> {
  const items = itemsOfKind(executed, kind);
  const after = itemExecutors[kind].afterCommit;
  return items.length === 0 || !after ? Promise.resolve() : after(deps, userId, items);
}

/**
 * Checks every kind's items still hold, then executes them; answers each undoable item's change id and
 * which items were executed (a selected item without a record failed: an order refused after another
 * of the proposal was placed).
 */
async function execute(
  tx: Executor,
  userId: string,
  proposalId: string,
  selected: readonly ProposalItem[],
  outside: ReadonlyMap<string, unknown>,
): Promise<{ changes: Map<string, string>; executed: Set<string> }> {
  for (const kind of PROPOSAL_ITEM_KINDS) {
    if (!(await stillHolds(tx, userId, selected, kind))) {
      throw new ServiceError('actions:proposal-stale', actionMessages.proposalStale);
    }
  }
  const changes = new Map<string, string>();
  const executed = new Set<string>();
  for (const kind of PROPOSAL_ITEM_KINDS) {
    const records = await executeKind(tx, userId, selected, kind, outside);
    for (const record of records) {
      executed.add(record.itemId);
      const id = `chg_${randomUUID().replaceAll('-', '')}`;
      await tx.insert(actionChange).values({
        id,
        userId,
        proposalId,
        itemId: record.itemId,
        kind,
        undo: record.undo,
      });
      // A change that cannot be undone is kept (what was done) but not named to the client.
      if (itemExecutors[kind].undo) changes.set(record.itemId, id);
    }
  }
  return { changes, executed };
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
  outside: ReadonlyMap<string, unknown>,
) {
  const items = itemsOfKind(selected, kind);
  return items.length === 0 ? Promise.resolve([]) : itemExecutors[kind].execute(tx, userId, items, outside);
}

function outcomeOf(
  item: ProposalItem,
  changeId: string | null,
  selected: readonly ProposalItem[],
  executed: ReadonlySet<string>,
): ItemOutcome {
  return {
    item_id: item.id,
    kind: item.kind,
    status: !selected.includes(item) ? 'not_selected' : executed.has(item.id) ? 'executed' : 'failed',
    description: item.description,
    change_id: changeId,
  };
}

/** A selected item as the chat shows it: a finished agent action, or a failed one. */
function actionOf(item: ProposalItem, done: boolean): AgentAction {
  return {
    id: `confirmed_${item.id}`,
    status: done ? 'completed' : 'failed',
    description: done ? item.description : `Not placed: ${item.description}`,
    symbol: itemExecutors[item.kind].symbol,
  };
}
