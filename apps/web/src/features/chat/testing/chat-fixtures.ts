import type { AgentAction, ChatRequest, ChatResponse, ChatStreamEvent, TurnStatus } from '@penny/contracts';
import { vi } from 'vitest';
import type { RealServer, SignedUpUser } from '../../../testing/real-server.ts';
import { chatResult, eventsFor, sseResponse } from './agent-stream.ts';

/**
 * Chat threads for tests against the real server: turns stored through the server's own chat service
 * (the one its /agent/chat route uses), so the /db thread routes answer them as they would in use.
 */

/** The part of the server's chat service used here (apps/server/src/chat/threads.ts). */
type ServerChatService = {
  beginTurn(
    userId: string,
    input: { threadId?: string; queryId: string; message: string; model: string },
  ): Promise<{ threadId: string }>;
  finishTurn(
    userId: string,
    queryId: string,
    result: {
      status: TurnStatus;
      answer: string;
      agentActions: AgentAction[];
      dslObjects: Array<Record<string, unknown>>;
      model: string;
      timings: Record<string, number>;
    },
  ): Promise<{ title: string }>;
};

function chatService(server: RealServer): ServerChatService {
  // The web's TestApp type names only the services other tests use; the chat service is there too.
  return (server.app.services as unknown as { chat: ServerChatService }).chat;
}

export type SeededTurn = {
  threadId: string;
  queryId: string;
  message: string;
  answer?: string;
  actions?: AgentAction[];
  dsl?: Array<Record<string, unknown>>;
  status?: TurnStatus;
  /** When the question was asked (the thread's activity time). */
  at?: Date;
};

/** Stores one finished turn for `user`; answers the thread's title after it. */
export async function seedTurn(server: RealServer, user: SignedUpUser, turn: SeededTurn): Promise<string> {
  const service = chatService(server);
  if (turn.at) vi.setSystemTime(turn.at);
  try {
    await service.beginTurn(user.user.id, {
      threadId: turn.threadId,
      queryId: turn.queryId,
      message: turn.message,
      model: 'penny-offline',
    });
    const { title } = await service.finishTurn(user.user.id, turn.queryId, {
      status: turn.status ?? 'completed',
      answer: turn.answer ?? '',
      agentActions: turn.actions ?? [],
      dslObjects: turn.dsl ?? [],
      model: 'penny-offline',
      timings: {},
    });
    return title;
  } finally {
    if (turn.at) vi.useRealTimers();
  }
}

/** The chat request the page sent last (its sealed body, opened). */
export function lastChatRequest(server: RealServer): ChatRequest {
  const call = server.calls('/agent/chat').at(-1);
  if (!call) throw new Error('no POST /agent/chat yet');
  return call.body as ChatRequest;
}

/**
 * Answers POST /agent/chat in the agent's place with a stream of `answer(request)`'s events, and
 * stores the turn through the server's chat service as the agent would, so the thread reads back.
 */
export function answerChats(
  server: RealServer,
  user: SignedUpUser,
  answer: (request: ChatRequest) => Omit<Partial<ChatResponse>, 'query_id' | 'thread_id'>,
): void {
  server.intercept('/agent/chat', async () => {
    const request = lastChatRequest(server);
    const threadId = request.thread_id ?? 'thread-made-by-server';
    const service = chatService(server);
    await service.beginTurn(user.user.id, {
      threadId,
      queryId: request.query_id,
      message: request.message,
      model: request.model ?? 'penny-offline',
    });
    const result = chatResult({ ...answer(request), query_id: request.query_id, thread_id: threadId });
    const { title } = await service.finishTurn(user.user.id, request.query_id, {
      status: result.status,
      answer: result.answer,
      agentActions: result.agent_actions,
      dslObjects: result.dsl_objects,
      model: result.model,
      timings: {},
    });
    const events: ChatStreamEvent[] = eventsFor({ ...result, title });
    return sseResponse(events);
  });
}
