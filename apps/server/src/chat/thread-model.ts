import { randomBytes } from 'node:crypto';
import {
  type AgentAction,
  CHAT_LIMITS,
  type ChatResponse,
  type ThreadProposal,
  type ThreadSummary,
  type TurnStatus,
} from '@penny/contracts';

/** The shapes the chat service takes and answers, its own messages, and the rules for ids and titles. */

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

/**
 * Ours: a thread at CHAT_LIMITS.maxTurnsPerThread (no sentence for it in docs/product/chat.md,
 * "Error catalogue").
 */
export const threadFullMessage = `This conversation has reached ${CHAT_LIMITS.maxTurnsPerThread} messages. Please start a new chat.`;

/** A server-made id: time plus a random suffix, matching the contracts' chat id rule. */
export function newChatId(prefix: 'thread' | 'query'): string {
  return `${prefix}-${Date.now()}-${randomBytes(6).toString('hex')}`;
}

/**
 * The thread title a turn's visualization gives (docs/product/chat.md, "Visualization events"): the first
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

/**
 * What became of the proposals a thread's turns made, by query id (the actions service's
 * `threadProposals`, given to the chat service by domain-services.ts: chat does not import actions).
 */
export type ThreadProposalsReader = (
  userId: string,
  threadId: string,
) => Promise<Map<string, ThreadProposal>>;
