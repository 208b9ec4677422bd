import type { Database } from '../db/index.ts';
import { forkTurn } from './thread-fork.ts';
import type { BeginTurnInput, FinishTurnInput, ThreadProposalsReader } from './thread-model.ts';
import {
  deleteThread,
  listThreads,
  syncHistory,
  threadDsl,
  threadDsls,
  threadMessages,
  turnHistory,
} from './thread-queries.ts';
import { beginTurn, finishTurn, interruptStaleTurns } from './turns.ts';

/**
 * Chat threads and their turns (docs/product/chat.md, "Sidebar", "Thread", "Thread message from server",
 * "Database service", and the agent's turn persistence). Every function takes the session
 * user's id and never reads or changes another user's rows: thread and query ids are unique per user,
 * so another user's id behaves exactly like one that does not exist.
 *
 * A turn is inserted as 'running' when the question arrives (beginTurn) and completed by finishTurn,
 * so a turn whose client went away is still saved. Reads show finished turns only.
 */
export function createChatService(db: Database, options: { proposalsOf?: ThreadProposalsReader } = {}) {
  return {
    /** The user's threads, newest activity first, one page at a time (`thread-queries.ts`). */
    listThreads: (userId: string, options?: { limit?: number | undefined; cursor?: string | undefined }) =>
      listThreads(db, userId, options),
    /** The thread's finished turns, oldest first, and its title; an unknown thread answers none. */
    /** Each turn with what became of the proposal it made, if any (`options.proposalsOf`). */
    messages: (userId: string, threadId: string) => threadMessages(db, userId, threadId, options.proposalsOf),
    /** The visualization containers of each finished turn that has any, oldest first. */
    dsls: (userId: string, threadId: string) => threadDsls(db, userId, threadId),
    /** Every visualization container of the thread in one list, oldest first (GET /agent/dsl/:thread_id). */
    threadDsl: (userId: string, threadId: string) => threadDsl(db, userId, threadId),
    /** Deletes the thread and its turns; an unknown (or another user's) thread is not found. */
    deleteThread: (userId: string, threadId: string) => deleteThread(db, userId, threadId),
    /** How many finished turns the server holds for the thread (0 for an unknown one). */
    syncHistory: (userId: string, threadId: string) => syncHistory(db, userId, threadId),
    /** A new thread holding a copy of one finished turn (`thread-fork.ts`); answers its id. */
    fork: (userId: string, sourceThreadId: string, sourceQueryId: string) =>
      forkTurn(db, userId, sourceThreadId, sourceQueryId),
    /** Records a question as it arrives, as a 'running' turn (`turns.ts`). */
    beginTurn: (userId: string, input: BeginTurnInput) => beginTurn(db, userId, input),
    /** The thread's finished turns before now, oldest first: the last `limit` of them. */
    history: (userId: string, threadId: string, limit?: number) => turnHistory(db, userId, threadId, limit),
    /** Completes a running turn and answers the thread's title (`turns.ts`). */
    finishTurn: (userId: string, queryId: string, result: FinishTurnInput) =>
      finishTurn(db, userId, queryId, result),
    /**
     * Marks turns running longer than `olderThanMs` (their process went away) as interrupted; a
     * maintenance task (agent/turn-sweep.ts). Answers how many.
     */
    interruptStaleTurns: (olderThanMs: number) => interruptStaleTurns(db, olderThanMs),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
