import type { AgentAction, ThreadMessage, ThreadSummary, TurnStatus } from '@penny/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';

/**
 * The conditions every thread query is scoped by (the session user's own rows; reads see finished turns
 * only) and how stored rows are shown.
 */

const { chatThread: thread, chatTurn: turn } = tables;

export type TurnRow = typeof tables.chatTurn.$inferSelect;

export const ownThread = (userId: string, threadId: string) =>
  and(eq(thread.userId, userId), eq(thread.id, threadId));

export const finishedTurnsOf = (userId: string, threadId: string) =>
  and(eq(turn.userId, userId), eq(turn.threadId, threadId), ne(turn.status, 'running'));

export async function findThread(db: Database, userId: string, threadId: string) {
  const [row] = await db.select().from(thread).where(ownThread(userId, threadId)).limit(1);
  return row ?? null;
}

export function toSummary(row: {
  id: string;
  title: string;
  createdAt: Date;
  lastActivityAt: Date;
}): ThreadSummary {
  return {
    id: row.id,
    title: row.title,
    timestamp: row.createdAt.toISOString(),
    lastActivity: row.lastActivityAt.toISOString(),
  };
}

/** The status a client sees: a turn interrupted by a stopped process (or still running) is an error. */
export function finishedStatus(status: TurnRow['status']): TurnStatus {
  return status === 'running' || status === 'interrupted' ? 'error' : status;
}

export function toMessage(row: TurnRow): ThreadMessage {
  return {
    query_id: row.queryId,
    user_message: row.userMessage,
    agent_actions: row.agentActions as AgentAction[],
    timestamp: row.createdAt.toISOString(),
    status: finishedStatus(row.status),
    answer: row.answer,
    model: row.model,
  };
}
