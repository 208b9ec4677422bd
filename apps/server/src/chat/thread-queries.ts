import {
  CHAT_LIMITS,
  chatMessages,
  decodeKeysetCursor,
  encodeKeysetCursor,
  type ThreadMessage,
  type ThreadProposal,
} from '@penny/contracts';
import { and, asc, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { lockUsage, tables } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';
import type { HistoryTurn, ThreadDsl, ThreadPage, ThreadProposalsReader } from './thread-model.ts';
import {
  findThread,
  finishedStatus,
  finishedTurnsOf,
  ownThread,
  toMessage,
  toSummary,
} from './thread-rows.ts';

/** The thread reads (the sidebar, a thread's messages and visualizations, the agent's history) and delete. */

const { chatThread: thread, chatTurn: turn } = tables;

/** The user's threads, newest activity first, one page at a time (Load More asks for the next). */
export async function listThreads(
  db: Database,
  userId: string,
  options: { limit?: number | undefined; cursor?: string | undefined } = {},
): Promise<ThreadPage> {
  const limit = options.limit ?? CHAT_LIMITS.defaultThreadPageSize;
  const after = options.cursor ? decodeKeysetCursor(options.cursor) : null;
  if (options.cursor && !after)
    throw new ServiceError('request:invalid', 'Invalid request: cursor: is not a valid cursor');
  const rows = await db
    .select({
      id: thread.id,
      title: thread.title,
      createdAt: thread.createdAt,
      lastActivityAt: thread.lastActivityAt,
    })
    .from(thread)
    .where(
      and(
        eq(thread.userId, userId),
        after
          ? or(
              lt(thread.lastActivityAt, after.createdAt),
              and(eq(thread.lastActivityAt, after.createdAt), lt(thread.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(thread.lastActivityAt), desc(thread.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeKeysetCursor({ createdAt: last.lastActivityAt, id: last.id }) : null;
  return { threads: page.map(toSummary), nextCursor };
}

/**
 * The thread's finished turns, oldest first, and its title. An unknown thread (or another user's)
 * answers an empty list and no title: failing reads are empty, not errors (docs/product/chat.md,
 * "Server answers").
 */
export async function threadMessages(
  db: Database,
  userId: string,
  threadId: string,
  proposalsOf?: ThreadProposalsReader,
): Promise<{ title: string | null; messages: ThreadMessage[] }> {
  const found = await findThread(db, userId, threadId);
  if (!found) return { title: null, messages: [] };
  const rows = await db.select().from(turn).where(finishedTurnsOf(userId, threadId)).orderBy(asc(turn.seq));
  const proposals = proposalsOf ? await proposalsOf(userId, threadId) : new Map<string, ThreadProposal>();
  return {
    title: found.title,
    messages: rows.map((row) => {
      const proposal = proposals.get(row.queryId);
      return proposal ? { ...toMessage(row), proposal } : toMessage(row);
    }),
  };
}

/** The visualization containers of each finished turn that has any, oldest first. */
export async function threadDsls(db: Database, userId: string, threadId: string): Promise<ThreadDsl[]> {
  const rows = await db
    .select({ queryId: turn.queryId, dslObjects: turn.dslObjects })
    .from(turn)
    .where(and(finishedTurnsOf(userId, threadId), sql`jsonb_array_length(${turn.dslObjects}) > 0`))
    .orderBy(asc(turn.seq));
  return rows.map((row) => ({ query_id: row.queryId, dsl_objects: row.dslObjects }));
}

/** Every visualization container of the thread in one list, oldest first (GET /agent/dsl/:thread_id). */
export async function threadDsl(db: Database, userId: string, threadId: string): Promise<unknown[]> {
  const rows = await threadDsls(db, userId, threadId);
  return rows.flatMap((row) => row.dsl_objects);
}

/** Deletes the thread and its turns; an unknown (or another user's) thread is not found. */
export async function deleteThread(db: Database, userId: string, threadId: string): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    // First, as every writer of the user's threads does (db/usage.ts).
    await lockUsage(tx, userId);
    return tx.delete(thread).where(ownThread(userId, threadId)).returning({ id: thread.id });
  });
  if (deleted.length === 0) throw new ServiceError('chat:thread-not-found', chatMessages.threadNotFound);
}

/** How many finished turns the server holds for the thread (0 for an unknown one). */
export async function syncHistory(db: Database, userId: string, threadId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(turn).where(finishedTurnsOf(userId, threadId));
  return Number(row?.n ?? 0);
}

/** The thread's finished turns before now, oldest first: the last `limit` of them. */
export async function turnHistory(
  db: Database,
  userId: string,
  threadId: string,
  limit = 20,
): Promise<HistoryTurn[]> {
  const rows = await db
    .select({
      queryId: turn.queryId,
      userMessage: turn.userMessage,
      answer: turn.answer,
      status: turn.status,
    })
    .from(turn)
    .where(finishedTurnsOf(userId, threadId))
    .orderBy(desc(turn.seq))
    .limit(limit);
  return rows.reverse().map((row) => ({ ...row, status: finishedStatus(row.status) }));
}
