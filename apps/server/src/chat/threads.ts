import { randomBytes } from 'node:crypto';
import {
  type AgentAction,
  CHAT_LIMITS,
  type ChatResponse,
  chatMessages,
  decodeKeysetCursor,
  encodeKeysetCursor,
  type ThreadMessage,
  type ThreadSummary,
  type TurnStatus,
} from '@penny/contracts';
import { and, asc, count, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';

/**
 * Chat threads and their turns (spec 2 "Sidebar", "Thread", "Thread message from server", the
 * database service's thread calls, and the agent's turn persistence). Every function takes the session
 * user's id and never reads or changes another user's rows: thread and query ids are unique per user,
 * so another user's id behaves exactly like one that does not exist.
 *
 * A turn is inserted as 'running' when the question arrives (beginTurn) and completed by finishTurn,
 * so a turn whose client went away is still saved. Reads show finished turns only.
 */

export type ThreadPage = { threads: ThreadSummary[]; nextCursor: string | null };

export type ThreadDsl = { query_id: string; dsl_objects: unknown[] };

export type BeginTurnInput = {
  /** The thread to continue or create; a new one is made when absent. */
  threadId?: string | undefined;
  queryId: string;
  message: string;
  model: string;
};

/** What beginTurn answers: the thread the turn is in, and the stored answer of a retried query id. */
export type BegunTurn = { threadId: string; existing?: ChatResponse };

/** An earlier finished turn, as the agent reads the conversation so far. */
export type HistoryTurn = { queryId: string; userMessage: string; answer: string; status: TurnStatus };

export type FinishTurnInput = {
  status: TurnStatus;
  answer: string;
  agentActions: AgentAction[];
  dslObjects: Array<Record<string, unknown>>;
  model: string;
  /** Server timings in ms: total, model, tools. */
  timings: Record<string, number>;
};

/** Ours: the answer of a turn whose process stopped before it finished. */
export const interruptedMessage = 'This answer was interrupted before it finished. Please ask again.';

/** Ours: a thread at CHAT_LIMITS.maxTurnsPerThread (the spec has no sentence for it). */
export const threadFullMessage = `This conversation has reached ${CHAT_LIMITS.maxTurnsPerThread} messages. Please start a new chat.`;

type TurnRow = typeof tables.chatTurn.$inferSelect;

/** A server-made id: time plus a random suffix, matching the contracts' chat id rule. */
export function newChatId(prefix: 'thread' | 'query'): string {
  return `${prefix}-${Date.now()}-${randomBytes(6).toString('hex')}`;
}

/**
 * The thread title a turn's visualization gives (spec 2 "Visualization events"): the first
 * container's title, unless it is 'Query Results' or starts with 'more details'; null otherwise.
 */
export function titleFromDsl(dslObjects: readonly unknown[]): string | null {
  const container = dslObjects.find(
    (object): object is Record<string, unknown> =>
      typeof object === 'object' && object !== null && (object as { type?: unknown }).type === 'container',
  );
  const raw = container?.title;
  if (typeof raw !== 'string') return null;
  const title = raw.replace(/\s+/g, ' ').trim();
  if (
    title === '' ||
    title.toLowerCase() === 'query results' ||
    title.toLowerCase().startsWith('more details')
  )
    return null;
  // Cut by code points, so a cut never leaves half a surrogate pair.
  return Array.from(title).slice(0, CHAT_LIMITS.titleMax).join('');
}

function toSummary(row: { id: string; title: string; createdAt: Date; lastActivityAt: Date }): ThreadSummary {
  return {
    id: row.id,
    title: row.title,
    timestamp: row.createdAt.toISOString(),
    lastActivity: row.lastActivityAt.toISOString(),
  };
}

function finishedStatus(status: TurnRow['status']): TurnStatus {
  return status === 'running' ? 'error' : status;
}

function toMessage(row: TurnRow): ThreadMessage {
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

/** A copied container: flagged new, and its id naming the copy's query id instead of the source's. */
function forkedContainer(object: unknown, sourceQueryId: string, queryId: string): unknown {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return object;
  const copy: Record<string, unknown> = { ...(object as Record<string, unknown>), isNew: true };
  if (typeof copy.id === 'string' && copy.id.includes(sourceQueryId))
    copy.id = copy.id.replaceAll(sourceQueryId, queryId);
  return copy;
}

export function createChatService(db: Database) {
  const { chatThread: thread, chatTurn: turn } = tables;

  const ownThread = (userId: string, threadId: string) =>
    and(eq(thread.userId, userId), eq(thread.id, threadId));
  const finishedTurnsOf = (userId: string, threadId: string) =>
    and(eq(turn.userId, userId), eq(turn.threadId, threadId), ne(turn.status, 'running'));

  async function findThread(userId: string, threadId: string) {
    const [row] = await db.select().from(thread).where(ownThread(userId, threadId)).limit(1);
    return row ?? null;
  }

  async function dsls(userId: string, threadId: string): Promise<ThreadDsl[]> {
    const rows = await db
      .select({ queryId: turn.queryId, dslObjects: turn.dslObjects })
      .from(turn)
      .where(and(finishedTurnsOf(userId, threadId), sql`jsonb_array_length(${turn.dslObjects}) > 0`))
      .orderBy(asc(turn.seq));
    return rows.map((row) => ({ query_id: row.queryId, dsl_objects: row.dslObjects }));
  }

  return {
    /** The user's threads, newest activity first, one page at a time (Load More asks for the next). */
    async listThreads(
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
        rows.length > limit && last
          ? encodeKeysetCursor({ createdAt: last.lastActivityAt, id: last.id })
          : null;
      return { threads: page.map(toSummary), nextCursor };
    },

    /**
     * The thread's finished turns, oldest first, and its title. An unknown thread (or another user's)
     * answers an empty list and no title: the spec's failing reads are empty, not errors.
     */
    async messages(
      userId: string,
      threadId: string,
    ): Promise<{ title: string | null; messages: ThreadMessage[] }> {
      const found = await findThread(userId, threadId);
      if (!found) return { title: null, messages: [] };
      const rows = await db
        .select()
        .from(turn)
        .where(finishedTurnsOf(userId, threadId))
        .orderBy(asc(turn.seq));
      return { title: found.title, messages: rows.map(toMessage) };
    },

    /** The visualization containers of each finished turn that has any, oldest first. */
    dsls,

    /** Every visualization container of the thread in one list, oldest first (GET /agent/dsl/:thread_id). */
    async threadDsl(userId: string, threadId: string): Promise<unknown[]> {
      const rows = await dsls(userId, threadId);
      return rows.flatMap((row) => row.dsl_objects);
    },

    /** Deletes the thread and its turns; an unknown (or another user's) thread is not found. */
    async deleteThread(userId: string, threadId: string): Promise<void> {
      const deleted = await db.delete(thread).where(ownThread(userId, threadId)).returning({ id: thread.id });
      if (deleted.length === 0) throw new ServiceError('chat:thread-not-found', chatMessages.threadNotFound);
    },

    /** How many finished turns the server holds for the thread (0 for an unknown one). */
    async syncHistory(userId: string, threadId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(turn).where(finishedTurnsOf(userId, threadId));
      return Number(row?.n ?? 0);
    },

    /**
     * A new thread holding a copy of one finished turn (spec 2 "Forking"): the question, the answer,
     * the actions and the containers, each flagged isNew, under a fresh query id; the title is the
     * source thread's. Answers the new thread's id. The source is left as it was.
     */
    async fork(userId: string, sourceThreadId: string, sourceQueryId: string): Promise<string> {
      return db.transaction(async (tx) => {
        const [source] = await tx
          .select({ turn, title: thread.title })
          .from(turn)
          .innerJoin(thread, and(eq(thread.userId, turn.userId), eq(thread.id, turn.threadId)))
          .where(
            and(
              eq(turn.userId, userId),
              eq(turn.queryId, sourceQueryId),
              eq(turn.threadId, sourceThreadId),
              ne(turn.status, 'running'),
            ),
          )
          .limit(1);
        if (!source) throw new ServiceError('chat:turn-not-found', chatMessages.forkNoQuery);
        const threadId = newChatId('thread');
        const queryId = newChatId('query');
        const now = new Date();
        await tx.insert(thread).values({
          id: threadId,
          userId,
          title: source.title,
          turnCount: 1,
          lastActivityAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await tx.insert(turn).values({
          userId,
          queryId,
          threadId,
          userMessage: source.turn.userMessage,
          status: source.turn.status,
          answer: source.turn.answer,
          agentActions: source.turn.agentActions,
          dslObjects: source.turn.dslObjects.map((object) => forkedContainer(object, sourceQueryId, queryId)),
          model: source.turn.model,
          forkedFrom: { threadId: sourceThreadId, queryId: sourceQueryId },
          completedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        return threadId;
      });
    },

    /**
     * Records a question as it arrives: creates the thread when missing ('Untitled Chat') and inserts
     * the turn as 'running', in one transaction. A query id already answered gives back its stored
     * answer (a retried request); one still running is refused, and so is a full thread.
     */
    async beginTurn(userId: string, input: BeginTurnInput): Promise<BegunTurn> {
      return db.transaction(async (tx) => {
        const [stored] = await tx
          .select({ turn, title: thread.title })
          .from(turn)
          .innerJoin(thread, and(eq(thread.userId, turn.userId), eq(thread.id, turn.threadId)))
          .where(and(eq(turn.userId, userId), eq(turn.queryId, input.queryId)))
          .limit(1);
        if (stored) return answerOf(stored.turn, stored.title);

        const threadId = input.threadId ?? newChatId('thread');
        const now = new Date();
        await tx
          .insert(thread)
          .values({ id: threadId, userId, lastActivityAt: now, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: [thread.userId, thread.id] });
        // The row lock serialises turns started on one thread, so the limit holds under concurrency.
        const [current] = await tx
          .select({ title: thread.title })
          .from(thread)
          .where(ownThread(userId, threadId))
          .for('update');
        if (!current) throw new ServiceError('chat:thread-not-found', chatMessages.threadNotFound);
        const [held] = await tx
          .select({ n: count() })
          .from(turn)
          .where(and(eq(turn.userId, userId), eq(turn.threadId, threadId)));
        if (Number(held?.n ?? 0) >= CHAT_LIMITS.maxTurnsPerThread)
          throw new ServiceError('chat:thread-full', threadFullMessage);

        const inserted = await tx
          .insert(turn)
          .values({
            userId,
            queryId: input.queryId,
            threadId,
            userMessage: input.message,
            status: 'running',
            model: input.model,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: [turn.userId, turn.queryId] })
          .returning({ queryId: turn.queryId });
        if (inserted.length === 0) {
          // The same query id arrived twice at once: the other request holds it.
          throw new ServiceError('chat:turn-in-progress', chatMessages.turnInProgress);
        }
        await tx
          .update(thread)
          .set({ lastActivityAt: now, updatedAt: now })
          .where(ownThread(userId, threadId));
        return { threadId };
      });

      function answerOf(row: TurnRow, title: string): BegunTurn {
        if (row.status === 'running')
          throw new ServiceError('chat:turn-in-progress', chatMessages.turnInProgress);
        return {
          threadId: row.threadId,
          existing: {
            success: row.status !== 'error',
            query_id: row.queryId,
            thread_id: row.threadId,
            status: row.status,
            agent_actions: row.agentActions as AgentAction[],
            dsl_objects: row.dslObjects as Array<Record<string, unknown>>,
            answer: row.answer,
            title,
            model: row.model ?? '',
          },
        };
      }
    },

    /** The thread's finished turns before now, oldest first: the last `limit` of them. */
    async history(userId: string, threadId: string, limit = 20): Promise<HistoryTurn[]> {
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
    },

    /**
     * Completes a running turn: its result, then the thread's turn count and activity time, and its
     * title from the turn's first container while it is still 'Untitled Chat'. Answers the thread's
     * title. A turn already finished is left as it is; an unknown one (its thread deleted meanwhile)
     * is not found.
     */
    async finishTurn(userId: string, queryId: string, result: FinishTurnInput): Promise<{ title: string }> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [updated] = await tx
          .update(turn)
          .set({
            status: result.status,
            answer: result.answer,
            agentActions: result.agentActions,
            dslObjects: result.dslObjects,
            model: result.model,
            timings: result.timings,
            completedAt: now,
            updatedAt: now,
          })
          .where(and(eq(turn.userId, userId), eq(turn.queryId, queryId), eq(turn.status, 'running')))
          .returning({ threadId: turn.threadId });
        if (!updated) {
          const [row] = await tx
            .select({ title: thread.title })
            .from(turn)
            .innerJoin(thread, and(eq(thread.userId, turn.userId), eq(thread.id, turn.threadId)))
            .where(and(eq(turn.userId, userId), eq(turn.queryId, queryId)))
            .limit(1);
          if (!row) throw new ServiceError('chat:turn-not-found', chatMessages.threadNotFound);
          return { title: row.title };
        }
        const newTitle = titleFromDsl(result.dslObjects);
        const [after] = await tx
          .update(thread)
          .set({
            turnCount: sql`${thread.turnCount} + 1`,
            lastActivityAt: now,
            updatedAt: now,
            ...(newTitle
              ? {
                  title: sql`case when ${thread.title} = ${chatMessages.untitled} then ${newTitle} else ${thread.title} end`,
                }
              : {}),
          })
          .where(ownThread(userId, updated.threadId))
          .returning({ title: thread.title });
        return { title: after?.title ?? chatMessages.untitled };
      });
    },

    /**
     * Marks turns left 'running' for longer than `olderThanMs` (their process went away) as failed,
     * counting them in their threads. Not scoped to a user: a maintenance task. Answers how many.
     */
    async abandonRunningTurns(olderThanMs: number): Promise<number> {
      const cutoff = new Date(Date.now() - olderThanMs);
      return db.transaction(async (tx) => {
        const now = new Date();
        const abandoned = await tx
          .update(turn)
          .set({ status: 'error', answer: interruptedMessage, completedAt: now, updatedAt: now })
          .where(and(eq(turn.status, 'running'), lt(turn.createdAt, cutoff)))
          .returning({ userId: turn.userId, threadId: turn.threadId });
        const perThread = new Map<string, { userId: string; threadId: string; n: number }>();
        for (const row of abandoned) {
          const key = JSON.stringify([row.userId, row.threadId]);
          const entry = perThread.get(key) ?? { ...row, n: 0 };
          entry.n++;
          perThread.set(key, entry);
        }
        for (const { userId, threadId, n } of perThread.values()) {
          await tx
            .update(thread)
            .set({ turnCount: sql`${thread.turnCount} + ${n}`, updatedAt: now })
            .where(ownThread(userId, threadId));
        }
        return abandoned.length;
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
