import {
  type AgentAction,
  agentDslResponseSchema,
  agentEndpoints,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamEvent,
  chatResponseSchema,
  chatStreamEventSchema,
  dbEndpoints,
  deleteThreadResponseSchema,
  endpointPath,
  type ForkChatResponse,
  forkChatResponseSchema,
  type GetDslResponse,
  type GetMessagesResponse,
  type GetThreadsResponse,
  getDslResponseSchema,
  getMessagesResponseSchema,
  getThreadsResponseSchema,
  type ResourceUserInfo,
  syncThreadHistoryResponseSchema,
} from '@penny/contracts';
import { requestEndpoint } from './endpoint-client.ts';
import { HttpError } from './request.ts';
import { getServiceRequester } from './services.ts';

/**
 * The chat's calls (docs/product/chat.md, "The calls it makes"): the agent service's POST /chat (streamed as
 * server-sent events, or one JSON answer) and GET /dsl/{thread_id}, and the database service's thread calls,
 * through the app's request wrapper (bearer or anonymous token, sealed bodies).
 */

/** The user as the thread calls name them (compared with the session by the server). */
export type ChatUser = ResourceUserInfo;

/**
 * Server-state keys of the thread list. Here rather than in the chat feature, so that a fork started
 * from the Resources page can refresh the sidebar's list too.
 */
export const threadKeys = {
  all: ['threads'] as const,
  list: (user: ChatUser) => ['threads', user.username, user.firstName, user.lastName, 'list'] as const,
};

export type ThreadPageQuery = { cursor?: string | null | undefined; limit?: number | undefined };

/**
 * GET /db/get-all-user-threads, newest activity first. A non-OK reply throws the required
 * 'Failed to fetch threads: {status}' (docs/product/chat.md, "Thread errors"); a reply without success (or
 * off the contract) is an empty list.
 */
export async function fetchThreads(
  user: ChatUser,
  page: ThreadPageQuery = {},
  signal?: AbortSignal,
): Promise<GetThreadsResponse> {
  let raw: unknown;
  try {
    raw = await requestEndpoint(
      dbEndpoints.getAllUserThreads,
      {
        ...user,
        ...(page.cursor ? { cursor: page.cursor } : {}),
        ...(page.limit ? { limit: page.limit } : {}),
      },
      signal ? { signal } : {},
    );
  } catch (error) {
    if (error instanceof HttpError) throw new Error(`Failed to fetch threads: ${error.status}`);
    throw error;
  }
  const parsed = getThreadsResponseSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.success) return { success: false, threads: [], next_cursor: null };
  return parsed.data;
}

/**
 * GET /db/chatbox/get-messages. As required (docs/product/chat.md, "Server answers"), the list is used only
 * when success is true and it is an array; otherwise `{success:false, messages:[]}`. Transport failures throw
 * (HttpError, network).
 */
export async function fetchThreadMessages(
  user: ChatUser,
  threadId: string,
  signal?: AbortSignal,
): Promise<GetMessagesResponse> {
  const raw = await requestEndpoint(
    dbEndpoints.getMessages,
    { ...user, thread_id: threadId },
    signal ? { signal } : {},
  );
  const parsed = getMessagesResponseSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.success) return { success: false, messages: [] };
  return parsed.data;
}

/** GET /db/visualization/get-dsl: the thread's visualization containers per query, oldest first. */
export async function fetchThreadDsl(
  user: ChatUser,
  threadId: string,
  signal?: AbortSignal,
): Promise<GetDslResponse> {
  const raw = await requestEndpoint(
    dbEndpoints.getDsl,
    { ...user, thread_id: threadId },
    signal ? { signal } : {},
  );
  const parsed = getDslResponseSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.success) return { success: false, dsls: [] };
  return parsed.data;
}

/** GET /agent/dsl/{thread_id}: the thread's containers as the agent holds them, oldest first. */
export async function fetchAgentDsl(threadId: string, signal?: AbortSignal): Promise<unknown[]> {
  const raw = await requestEndpoint(
    agentEndpoints.dsl,
    {},
    { params: { thread_id: threadId }, ...(signal ? { signal } : {}) },
  );
  const parsed = agentDslResponseSchema.safeParse(raw);
  return parsed.success && parsed.data.success ? parsed.data.dsl_objects : [];
}

/** POST /db/delete-thread. `{success:false, error}` comes back as is; transport failures throw. */
export async function deleteThread(
  user: ChatUser,
  threadId: string,
): Promise<{ success: boolean; error?: string | undefined }> {
  const raw = await requestEndpoint(dbEndpoints.deleteThread, { ...user, thread_id: threadId });
  const parsed = deleteThreadResponseSchema.safeParse(raw);
  return parsed.success ? parsed.data : { success: false };
}

/** POST /db/sync-thread-history: how many turns the server holds for the thread. */
export async function syncThreadHistory(
  threadId: string,
  userInfo: ChatRequest['user_info'],
): Promise<{ success: boolean; synced_count: number }> {
  const raw = await requestEndpoint(dbEndpoints.syncThreadHistory, {
    thread_id: threadId,
    user_info: userInfo,
  });
  const parsed = syncThreadHistoryResponseSchema.safeParse(raw);
  return parsed.success ? parsed.data : { success: false, synced_count: 0 };
}

/** POST /db/fork-chat: a new thread holding a copy of the source turn's result. */
export async function forkChat(
  user: ChatUser,
  source: { threadId: string; queryId: string },
): Promise<ForkChatResponse> {
  const raw = await requestEndpoint(dbEndpoints.forkChat, {
    ...user,
    source_thread_id: source.threadId,
    source_query_id: source.queryId,
  });
  const parsed = forkChatResponseSchema.safeParse(raw);
  return parsed.success ? parsed.data : { success: false };
}

// ---------------------------------------------------------------------------------------------------
// POST /agent/chat

/** A turn that failed after it started: the stream's `error` event, or a result without success. */
export class ChatTurnError extends Error {
  override name = 'ChatTurnError';
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

export type StreamChatOptions = {
  /** Every event of the turn, in order, each one checked against the contract. */
  onEvent?: (event: ChatStreamEvent) => void;
  signal?: AbortSignal;
};

const EVENT_STREAM = 'text/event-stream';

/**
 * Asks the agent (POST /agent/chat, sealed body) for a streamed answer and reads it: one
 * `data: <json>` per event, each checked with `chatStreamEventSchema` and handed to `onEvent`. A plain
 * JSON answer is read too, and its actions, container and result are handed over as the same events.
 * Resolves with the turn's ChatResponse; rejects with an HttpError before the stream starts, a
 * ChatTurnError for the stream's `error` event, or an Error when the stream breaks off.
 */
export async function streamChat(
  request: ChatRequest,
  options: StreamChatOptions = {},
): Promise<ChatResponse> {
  const { onEvent, signal } = options;
  const requester = await getServiceRequester();
  const response = await requester.send('agent', endpointPath(agentEndpoints.chat), {
    method: 'POST',
    body: request,
    headers: { accept: `${EVENT_STREAM}, application/json;q=0.9` },
    ...(signal ? { signal } : {}),
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes(EVENT_STREAM)) {
    const result = chatResponseSchema.parse(await response.json());
    for (const event of eventsOfResult(result)) onEvent?.(event);
    return finished(result);
  }
  let result: ChatResponse | undefined;
  for await (const event of readEventStream(response, signal)) {
    onEvent?.(event);
    if (event.type === 'error') throw new ChatTurnError(event.error, event.code);
    if (event.type === 'result') result = event.result;
  }
  if (!result) throw new Error('The answer ended before it was complete.');
  return finished(result);
}

/** A result the server marks as failed is a failure of the turn. */
function finished(result: ChatResponse): ChatResponse {
  if (!result.success) throw new ChatTurnError(result.error || 'The answer failed.', 'server:error');
  return result;
}

/** What a stream would have sent for a JSON answer. */
function eventsOfResult(result: ChatResponse): ChatStreamEvent[] {
  const start: ChatStreamEvent = {
    type: 'start',
    query_id: result.query_id,
    thread_id: result.thread_id,
    model: result.model,
  };
  const actions = result.agent_actions.map(
    (action: AgentAction): ChatStreamEvent => ({ type: 'action', action }),
  );
  const dsl: ChatStreamEvent[] = result.dsl_objects.length
    ? [{ type: 'dsl', dsl_objects: result.dsl_objects }]
    : [];
  return [start, ...actions, ...dsl, { type: 'result', result }];
}

/**
 * The events of a server-sent event stream. Only `data:` lines count (several in one event are joined
 * with newlines, as the format says); comments, `event:` and `id:` lines are ignored. A line that is
 * not a valid ChatStreamEvent is an error (the stream is off the contract).
 */
export async function* readEventStream(
  response: Response,
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const body = response.body;
  if (!body) return;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const onAbort = () => {
    void reader.cancel().catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    while (true) {
      if (signal?.aborted)
        throw signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // Each complete line; the last (maybe partial) stays in the buffer until more arrives.
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline >= 0) {
        // A '\r' at the end may be the first half of '\r\n': wait for the next chunk.
        if (!done && newline === buffer.length - 1 && buffer.endsWith('\r')) break;
        const line = buffer.slice(0, newline);
        const width = buffer.startsWith('\r\n', newline) ? 2 : 1;
        buffer = buffer.slice(newline + width);
        if (line === '') {
          if (data.length > 0) yield parseEvent(data.join('\n'));
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
        newline = buffer.search(/\r\n|\r|\n/);
      }
      if (done) break;
    }
    // A last event not followed by a blank line still counts.
    if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
    if (data.length > 0) yield parseEvent(data.join('\n'));
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Also when the reader stops early (an error event): the connection is let go.
    void reader.cancel().catch(() => {});
  }
}

function parseEvent(text: string): ChatStreamEvent {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('The answer could not be read.');
  }
  const parsed = chatStreamEventSchema.safeParse(json);
  if (!parsed.success) throw new Error('The answer could not be read.');
  return parsed.data;
}
