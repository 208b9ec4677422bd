import { type AgentAction, CHAT_LIMITS, chatMessages } from '@penny/contracts';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { lockUsage, readUsage, tables } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';
import { refuseOverQuota } from './quota.ts';
import {
  type BeginTurnInput,
  type BegunTurn,
  type FinishTurnInput,
  interruptedMessage,
  newChatId,
  threadFullMessage,
  titleFromDsl,
} from './thread-model.ts';
import { finishedStatus, ownThread, type TurnRow } from './thread-rows.ts';

/**
 * The agent's turn persistence: a turn is inserted as 'running' when the question arrives (beginTurn)
 * and completed by finishTurn, so a turn whose client went away is still saved. A turn its process
 * left running past its time limit is marked 'interrupted' (interruptStaleTurns, run by the turn
 * sweep: agent/turn-sweep.ts), and asking the same query id again runs it again.
 */

const { chatThread: thread, chatTurn: turn } = tables;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Records a question as it arrives: creates the thread when missing ('Untitled Chat') and inserts
 * the turn as 'running', in one transaction. A query id already answered gives back its stored
 * answer (a retried request); an interrupted one runs again; one still running is refused, and so is a
 * full thread, a new thread past the user's quota of threads, and a question past their storage quota
 * (the answer is counted when the turn finishes: the budget can be passed by at most the answers of the
 * turns then running).
 */
export async function beginTurn(db: Database, userId: string, input: BeginTurnInput): Promise<BegunTurn> {
  return db.transaction(async (tx) => {
    await lockUsage(tx, userId);
    const [stored] = await tx
      .select({ turn, title: thread.title })
      .from(turn)
      .innerJoin(thread, and(eq(thread.userId, turn.userId), eq(thread.id, turn.threadId)))
      .where(and(eq(turn.userId, userId), eq(turn.queryId, input.queryId)))
      .limit(1);
    if (stored?.turn.status === 'interrupted') return restartTurn(tx, userId, stored.turn, input);
    if (stored) return answerOf(stored.turn, stored.title);

    const threadId = input.threadId ?? newChatId('thread');
    const now = new Date();
    const created = await tx
      .insert(thread)
      .values({ id: threadId, userId, lastActivityAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [thread.userId, thread.id] })
      .returning({ id: thread.id });
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
    refuseOverQuota(await readUsage(tx, userId), created.length > 0 ? ['threads', 'storage'] : ['storage']);
    await tx.update(thread).set({ lastActivityAt: now, updatedAt: now }).where(ownThread(userId, threadId));
    return { threadId };
  });
}

/**
 * A retried query id whose turn was interrupted: the same row runs again from the start (the thread
 * counts it as finished no more until it finishes). Two retries at once: one runs, the other is 409.
 */
async function restartTurn(
  tx: Transaction,
  userId: string,
  row: TurnRow,
  input: BeginTurnInput,
): Promise<BegunTurn> {
  const now = new Date();
  const [restarted] = await tx
    .update(turn)
    .set({
      status: 'running',
      userMessage: input.message,
      answer: '',
      agentActions: [],
      dslObjects: [],
      model: input.model,
      timings: {},
      completedAt: null,
      // The sweep measures a turn's age from here.
      createdAt: now,
      updatedAt: now,
    })
    .where(and(eq(turn.userId, userId), eq(turn.queryId, row.queryId), eq(turn.status, 'interrupted')))
    .returning({ threadId: turn.threadId });
  if (!restarted) throw new ServiceError('chat:turn-in-progress', chatMessages.turnInProgress);
  await tx
    .update(thread)
    .set({ turnCount: sql`greatest(${thread.turnCount} - 1, 0)`, lastActivityAt: now, updatedAt: now })
    .where(ownThread(userId, restarted.threadId));
  return { threadId: restarted.threadId };
}

/** A retried query id: its stored answer, unless it is still running. */
function answerOf(row: TurnRow, title: string): BegunTurn {
  if (row.status === 'running') throw new ServiceError('chat:turn-in-progress', chatMessages.turnInProgress);
  const status = finishedStatus(row.status);
  return {
    threadId: row.threadId,
    existing: {
      success: status !== 'error',
      query_id: row.queryId,
      thread_id: row.threadId,
      status,
      agent_actions: row.agentActions as AgentAction[],
      dsl_objects: row.dslObjects as Array<Record<string, unknown>>,
      answer: row.answer,
      title,
      model: row.model ?? '',
    },
  };
}

/**
 * Completes a running turn: its result, then the thread's turn count and activity time, and its
 * title from the turn's first container while it is still 'Untitled Chat'. Answers the thread's
 * title. A turn already finished is left as it is; an unknown one (its thread deleted meanwhile)
 * is not found.
 */
export async function finishTurn(
  db: Database,
  userId: string,
  queryId: string,
  result: FinishTurnInput,
): Promise<{ title: string }> {
  return db.transaction(async (tx) => {
    // First, as every writer of the user's turns does (db/usage.ts): the answer's bytes are counted.
    await lockUsage(tx, userId);
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
}

/**
 * Marks turns left 'running' for longer than `olderThanMs` (their process went away, or can no longer
 * finish in time) as interrupted, with interruptedMessage as their answer, counting them in their
 * threads. Not scoped to a user: a maintenance task. Answers how many.
 */
export async function interruptStaleTurns(db: Database, olderThanMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  return db.transaction(async (tx) => {
    const now = new Date();
    const interrupted = await tx
      .update(turn)
      .set({ status: 'interrupted', answer: interruptedMessage, completedAt: now, updatedAt: now })
      .where(and(eq(turn.status, 'running'), lt(turn.createdAt, cutoff)))
      .returning({ userId: turn.userId, threadId: turn.threadId });
    const perThread = new Map<string, { userId: string; threadId: string; n: number }>();
    for (const row of interrupted) {
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
    return interrupted.length;
  });
}
