import type { ChatRequest, ChatStreamEvent, PublicConfig } from '@penny/contracts';
import nacl from 'tweetnacl';
import naclUtil from 'tweetnacl-util';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  chatResult,
  container,
  controlledStream,
  eventsFor,
  sseFrame,
  sseResponse,
} from '../features/chat/testing/agent-stream.ts';
import { json, stubFetch, testConfig } from '../testing/fake-network.ts';
import { ChatTurnError, readEventStream, streamChat } from './chat.ts';
import { resetPublicConfig } from './config.ts';
import { HttpError } from './request.ts';

const keys = nacl.box.keyPair();
const config: PublicConfig = { ...testConfig, boxPublicKey: naclUtil.encodeBase64(keys.publicKey) };

function openSealed(text: string): unknown {
  const envelope = JSON.parse(text) as { ephem_pub: string; nonce: string; ciphertext: string };
  const opened = nacl.box.open(
    naclUtil.decodeBase64(envelope.ciphertext),
    naclUtil.decodeBase64(envelope.nonce),
    naclUtil.decodeBase64(envelope.ephem_pub),
    keys.secretKey,
  );
  if (!opened) throw new Error('not sealed to the test key');
  return (JSON.parse(new TextDecoder().decode(opened)) as { body: unknown }).body;
}

const request: ChatRequest = {
  message: 'How much did I spend on food?',
  thread_id: 'thread-1',
  query_id: 'query-1-abc',
  user_info: { username: 'ada', firstName: 'Ada', lastName: 'Lovelace' },
};

const result = chatResult({
  query_id: 'query-1-abc',
  thread_id: 'thread-1',
  agent_actions: [{ id: 'a1', status: 'completed', description: 'Read your transactions', symbol: '📊' }],
  dsl_objects: [container('query-1-abc', 'Food spending')],
  answer: 'You spent $420.',
  title: 'Food spending',
});

/** Answers /agent/chat with `answer` and records what the app sent. */
function agent(answer: () => Response) {
  const sent: Array<{ accept: string | null; sealed: boolean; body: unknown }> = [];
  stubFetch((url, init) => {
    if (url.pathname === '/config') return json(config);
    if (url.pathname === '/agent/chat') {
      const headers = new Headers(init?.headers);
      sent.push({
        accept: headers.get('accept'),
        sealed: headers.get('x-encrypted') === '1',
        body: openSealed(String(init?.body)),
      });
      return answer();
    }
    return json({ success: false, error: 'Not found.', code: 'request:not-found' }, { status: 404 });
  });
  return sent;
}

describe('streamChat', () => {
  beforeEach(() => {
    resetPublicConfig();
  });

  it('posts the sealed request asking for an event stream, hands over each event and resolves with the result', async () => {
    const sent = agent(() => sseResponse(eventsFor(result)));
    const events: ChatStreamEvent[] = [];
    await expect(streamChat(request, { onEvent: (event) => events.push(event) })).resolves.toEqual(result);
    expect(sent).toEqual([
      { accept: expect.stringContaining('text/event-stream'), sealed: true, body: request },
    ]);
    expect(events.map((event) => event.type)).toEqual(['start', 'action', 'text', 'dsl', 'result']);
  });

  it('reads a plain JSON answer too, handing its parts over as the same events', async () => {
    agent(() => json(result));
    const events: ChatStreamEvent[] = [];
    await expect(streamChat(request, { onEvent: (event) => events.push(event) })).resolves.toEqual(result);
    expect(events.map((event) => event.type)).toEqual(['start', 'action', 'dsl', 'result']);
  });

  it("rejects with the stream's error event as a ChatTurnError", async () => {
    agent(() =>
      sseResponse([
        { type: 'start', query_id: 'query-1-abc', thread_id: 'thread-1', model: 'm' },
        { type: 'error', error: 'The model is unavailable.', code: 'server:unavailable' },
      ]),
    );
    const failure = streamChat(request);
    await expect(failure).rejects.toBeInstanceOf(ChatTurnError);
    await expect(failure).rejects.toMatchObject({
      message: 'The model is unavailable.',
      code: 'server:unavailable',
    });
  });

  it('rejects with an HttpError carrying the server sentence when refused before the stream', async () => {
    agent(() =>
      json(
        { success: false, error: 'This question is still being answered.', code: 'chat:turn-in-progress' },
        { status: 409 },
      ),
    );
    const failure = streamChat(request);
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      serverError: { error: 'This question is still being answered.', code: 'chat:turn-in-progress' },
    });
  });

  it('rejects when the stream ends without a result, or the result says it failed', async () => {
    agent(() => sseResponse([{ type: 'text', delta: 'Half an' }]));
    await expect(streamChat(request)).rejects.toThrow('The answer ended before it was complete.');
    agent(() => sseResponse([{ type: 'result', result: { ...result, success: false, error: 'No data.' } }]));
    await expect(streamChat(request)).rejects.toThrow('No data.');
  });

  it('stops reading when aborted', async () => {
    const stream = controlledStream();
    agent(() => stream.response);
    const controller = new AbortController();
    const events: ChatStreamEvent[] = [];
    const turn = streamChat(request, { signal: controller.signal, onEvent: (event) => events.push(event) });
    stream.send({ type: 'text', delta: 'Hello' });
    await expect.poll(() => events.length).toBe(1);
    controller.abort();
    await expect(turn).rejects.toThrow();
  });
});

describe('readEventStream', () => {
  async function read(chunks: string[]): Promise<ChatStreamEvent[]> {
    const stream = controlledStream();
    for (const chunk of chunks) stream.raw(chunk);
    stream.close();
    const events: ChatStreamEvent[] = [];
    for await (const event of readEventStream(stream.response)) events.push(event);
    return events;
  }

  const text = (delta: string): ChatStreamEvent => ({ type: 'text', delta });

  it('joins events split across chunks, in the middle of a line or of a character', async () => {
    const frame = sseFrame(text('Grüße 💶'));
    const bytes = new TextEncoder().encode(frame + sseFrame(text('second')));
    // Cut inside the emoji's four bytes, and again inside the second event's line.
    const cut = new TextEncoder().encode(frame.slice(0, frame.indexOf('💶'))).length + 2;
    const stream = controlledStream();
    stream.bytes(bytes.slice(0, cut));
    stream.bytes(bytes.slice(cut, cut + 20));
    stream.bytes(bytes.slice(cut + 20));
    stream.close();
    const events: ChatStreamEvent[] = [];
    for await (const event of readEventStream(stream.response)) events.push(event);
    expect(events).toEqual([text('Grüße 💶'), text('second')]);
    expect(await read([frame.slice(0, 7), frame.slice(7)])).toEqual([text('Grüße 💶')]);
  });

  it('accepts CRLF line ends, comments, other fields and a last event without a blank line', async () => {
    const payload = JSON.stringify(text('a'));
    expect(
      await read([
        `: keep-alive\r\n\r\nevent: message\r\nid: 1\r\ndata: ${payload}\r\n\r`,
        `\ndata:${payload}`,
      ]),
    ).toEqual([text('a'), text('a')]);
  });

  it('joins several data lines of one event with newlines', async () => {
    expect(await read(['data: {"type":"text",\ndata: "delta":"x"}\n\n'])).toEqual([text('x')]);
  });

  it('refuses an event that is off the contract', async () => {
    await expect(read(['data: {"type":"text"}\n\n'])).rejects.toThrow('The answer could not be read.');
    await expect(read(['data: not json\n\n'])).rejects.toThrow('The answer could not be read.');
  });
});
