import { randomUUID } from 'node:crypto';
import {
  ACTION_LIMITS,
  actionMessages,
  type Proposal,
  type ProposalItem,
  proposalItemSchema,
} from '@penny/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';
import type { Brokerage } from './orders/brokerage.ts';

/**
 * Proposals: what the agent hands back instead of acting. Every function takes the session user's id,
 * and another user's proposal behaves exactly like one that does not exist.
 */

const { actionProposal } = tables;

export type ActionsDeps = {
  db: Database;
  /** Orders' brokerage (docs/decisions/0024-orders.md); without it no order is proposed or placed. */
  brokerage?: Brokerage;
};

export type ProposalRow = typeof actionProposal.$inferSelect;

export type NewProposal = {
  threadId: string;
  queryId: string;
  title: string;
  items: ProposalItem[];
};

export const proposalNotFound = () =>
  new ServiceError('actions:proposal-not-found', actionMessages.proposalNotFound);

/** The stored items, read back through the contract (a row is never trusted to be well formed). */
export function itemsOf(row: Pick<ProposalRow, 'items'>): ProposalItem[] {
  return z.array(proposalItemSchema).parse(row.items);
}

export function proposalOut(row: ProposalRow, now: Date): Proposal {
  const expired = row.status === 'open' && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    title: row.title,
    thread_id: row.threadId,
    query_id: row.queryId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    items: itemsOf(row),
  };
}

/**
 * Stores a proposal, open until its expiry. The user's open proposals that expired a day ago go at
 * the same time: they can no longer be confirmed, and nothing refers to them.
 */
export async function createProposal(
  deps: ActionsDeps,
  userId: string,
  input: NewProposal,
): Promise<Proposal> {
  const id = `prop_${randomUUID().replaceAll('-', '')}`;
  const items = z.array(proposalItemSchema).min(1).max(ACTION_LIMITS.maxItems).parse(input.items);
  const [row] = await deps.db.transaction(async (tx) => {
    await tx
      .delete(actionProposal)
      .where(
        and(
          eq(actionProposal.userId, userId),
          eq(actionProposal.status, 'open'),
          lt(actionProposal.expiresAt, sql`now() - interval '1 day'`),
        ),
      );
    return tx
      .insert(actionProposal)
      .values({
        id,
        userId,
        threadId: input.threadId,
        queryId: input.queryId,
        title: input.title,
        items,
        expiresAt: sql`now() + ${`${ACTION_LIMITS.proposalTtlMs} milliseconds`}::interval`,
      })
      .returning();
  });
  if (!row) throw new Error('the proposal was not stored');
  return proposalOut(row, new Date());
}

export async function readProposal(deps: ActionsDeps, userId: string, id: string): Promise<Proposal> {
  const [row] = await deps.db
    .select()
    .from(actionProposal)
    .where(and(eq(actionProposal.id, id), eq(actionProposal.userId, userId)))
    .limit(1);
  if (!row) throw proposalNotFound();
  return proposalOut(row, new Date());
}

/** Cancel writes nothing but the proposal's own status; cancelling twice is the same as once. */
export async function cancelProposal(
  deps: ActionsDeps,
  userId: string,
  id: string,
): Promise<{ proposal_id: string; status: 'cancelled' }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: actionProposal.status, confirmKey: actionProposal.confirmKey })
      .from(actionProposal)
      .where(and(eq(actionProposal.id, id), eq(actionProposal.userId, userId)))
      .for('update');
    if (!row) throw proposalNotFound();
    // An open proposal with a key is being confirmed (an order being placed: confirm.ts): too late.
    if (row.status === 'confirmed' || (row.status === 'open' && row.confirmKey !== null)) {
      throw new ServiceError('actions:proposal-closed', actionMessages.proposalClosed);
    }
    if (row.status === 'open') {
      await tx
        .update(actionProposal)
        .set({ status: 'cancelled' })
        .where(and(eq(actionProposal.id, id), eq(actionProposal.userId, userId)));
    }
    return { proposal_id: id, status: 'cancelled' as const };
  });
}
