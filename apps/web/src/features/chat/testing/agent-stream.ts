import type { AgentAction, ChatResponse, ChatStreamEvent } from '@penny/contracts';

/**
 * The agent's answer to POST /agent/chat for web tests, typed by the contracts: server-sent events
 * (all at once, or sent one by one by the test to control the stream's timing), or the JSON answer.
 */

/** One event as it travels: `data: <json>` and a blank line. */
export function sseFrame(event: ChatStreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
};

/** A complete stream of `events`. */
export function sseResponse(events: readonly ChatStreamEvent[]): Response {
  return new Response(events.map(sseFrame).join(''), { headers: EVENT_STREAM_HEADERS });
}

export type ControlledStream = {
  response: Response;
  /** Sends one event now. */
  send(event: ChatStreamEvent): void;
  /** Sends raw text (e.g. half a line). */
  raw(text: string): void;
  /** Sends raw bytes (e.g. half a character). */
  bytes(bytes: Uint8Array): void;
  close(): void;
};

/** A stream the test writes to event by event. */
export function controlledStream(): ControlledStream {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  const write = (text: string) => controller?.enqueue(encoder.encode(text));
  return {
    response: new Response(stream, { headers: EVENT_STREAM_HEADERS }),
    send: (event) => write(sseFrame(event)),
    raw: write,
    bytes: (bytes) => controller?.enqueue(bytes),
    close: () => controller?.close(),
  };
}

/** A visualization container of one content block. */
export function container(
  queryId: string,
  title: string,
  text = `Details of ${title}`,
): Record<string, unknown> {
  return { id: queryId, type: 'container', title, content_blocks: [{ type: 'content', content: text }] };
}

export function action(
  overrides: Partial<AgentAction> & Pick<AgentAction, 'status' | 'description'>,
): AgentAction {
  return { ...overrides };
}

/** A finished turn's answer. */
export function chatResult(
  overrides: Partial<ChatResponse> & Pick<ChatResponse, 'query_id' | 'thread_id'>,
): ChatResponse {
  return {
    success: true,
    status: 'completed',
    agent_actions: [],
    dsl_objects: [],
    answer: '',
    title: 'Untitled Chat',
    model: 'penny-offline',
    ...overrides,
  };
}

/** The events a streamed turn sends for `result`: start, each action, the container, the result. */
export function eventsFor(result: ChatResponse): ChatStreamEvent[] {
  return [
    { type: 'start', query_id: result.query_id, thread_id: result.thread_id, model: result.model },
    ...result.agent_actions.map((one): ChatStreamEvent => ({ type: 'action', action: one })),
    ...(result.answer ? [{ type: 'text', delta: result.answer } as const] : []),
    ...(result.dsl_objects.length ? [{ type: 'dsl', dsl_objects: result.dsl_objects } as const] : []),
    { type: 'result', result },
  ];
}
