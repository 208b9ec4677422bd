import { chatMessages } from '@penny/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { lockUsage, readUsage, tables } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';
import { refuseOverQuota } from './quota.ts';
import { newChatId } from './thread-model.ts';

const { chatThread: thread, chatTurn: turn } = tables;

/** A copied container: flagged new, and its id naming the copy's query id instead of the source's. */
function forkedContainer(object: unknown, sourceQueryId: string, queryId: string): unknown {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return object;
  const copy: Record<string, unknown> = { ...(object as Record<string, unknown>), isNew: true };
  if (typeof copy.id === 'string' && copy.id.includes(sourceQueryId))
    copy.id = copy.id.replaceAll(sourceQueryId, queryId);
  return copy;
}

/**
 * A new thread holding a copy of one finished turn (docs/product/chat.md, "Forking"): the question, the
 * answer, the actions and the containers, each flagged isNew, under a fresh query id; the title is the
 * source thread's. Answers the new thread's id. The source is left as it was. A fork past the user's
 * quota of threads or of storage is refused and not kept.
 */
export async function forkTurn(
  db: Database,
  userId: string,
  sourceThreadId: string,
  sourceQueryId: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockUsage(tx, userId);
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
    refuseOverQuota(await readUsage(tx, userId), ['threads', 'storage']);
    return threadId;
  });
}
