import {
  type ChatResponse,
  chatMessages,
  chatStreamEventSchema,
  NOTHING_FOUND_STATUS,
} from '@penny/contracts';
import {
  createTestApp,
  identityClient,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * POST /agent/chat and GET /agent/dsl on the real app with the offline analyst: validation in the
 * required words (docs/product/chat.md, "Messages"), the JSON and streamed answers, persistence (also when
 * the client goes away), idempotent query ids, the rate limit, and another user's ids.
 */
describe.each(testDatabaseKinds())('the chat turn (%s)', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let api: Awaited<ReturnType<typeof identityClient>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ database });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    api = await identityClient(t);
  });
  afterAll(() => t?.close());

  const info = (u: SignedUpUser) => ({
    username: u.user.username,
    firstName: u.user.firstName,
    lastName: u.user.lastName,
  });
  function ask(
    u: SignedUpUser,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    n += 1;
    return api.sealedPost(
      '/agent/chat',
      {
        message,
        thread_id: `thread-${database}-${n}`,
        query_id: `query-${database}-${n}`,
        user_info: info(u),
        ...extra,
      },
      u.token,
      headers,
    );
  }
  async function messages(u: SignedUpUser, threadId: string) {
    const search = new URLSearchParams({ ...info(u), thread_id: threadId });
    const response = await api.get(`/db/chatbox/get-messages?${search}`, u.token);
    return (await response.json()) as {
      success: boolean;
      messages: Array<{ query_id: string; status: string; answer: string }>;
    };
  }

  it('answers, saves the turn, and names the thread after the result', async () => {
    const response = await ask(ada, 'What is my net worth?');
    expect(response.status).toBe(200);
    const body = (await response.json()) as ChatResponse;
    expect(body).toMatchObject({ success: true, status: 'completed', model: 'penny-analyst' });
    // Ada has linked no account: the net worth step ran and found nothing to add up.
    expect(body.agent_actions.some((a) => a.tool === 'net_worth' && a.status === NOTHING_FOUND_STATUS)).toBe(
      true,
    );
    expect(body.dsl_objects[0]).toMatchObject({ type: 'container', id: `result-${body.query_id}` });
    expect(body.title).not.toBe(chatMessages.untitled);
    const saved = await messages(ada, body.thread_id);
    expect(saved.messages).toEqual([
      expect.objectContaining({ query_id: body.query_id, status: 'completed', answer: body.answer }),
    ]);
    const dsl = await api.get(`/agent/dsl/${body.thread_id}`, ada.token);
    expect(((await dsl.json()) as { dsl_objects: unknown[] }).dsl_objects).toHaveLength(1);
  });

  it('refuses blank, too long and malformed messages in the required words (docs/product/chat.md, "Messages"), and stores nothing', async () => {
    const cases: Array<[string, string]> = [
      ['   ', chatMessages.messageBlank],
      [Array.from({ length: 2001 }, () => 'word').join(' '), chatMessages.messageTooLong(2001)],
      ['x'.repeat(20_001), chatMessages.messageTooManyChars(20_001)],
    ];
    for (const [message, sentence] of cases) {
      const response = await ask(ada, message);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(sentence);
    }
    expect((await ask(ada, 'hello\u0000there')).status).toBe(400);
    expect((await ask(ada, 'lone \ud800 surrogate')).status).toBe(400);
    expect((await ask(ada, 'ok', { thread_id: 'bad id with spaces' })).status).toBe(400);
    expect((await ask(ada, 'ok', { query_id: 'q'.repeat(500) })).status).toBe(400);
    const threads = await api.get(`/db/get-all-user-threads?${new URLSearchParams(info(ada))}`, ada.token);
    const list = ((await threads.json()) as { threads: Array<{ id: string }> }).threads;
    expect(list.every((thread) => !thread.id.includes('bad'))).toBe(true);
  });

  it('asks back about impossible dates instead of failing or guessing a period', async () => {
    for (const message of [
      'How much did I spend in the last 99999999 months?',
      'What did I spend since March 99999?',
    ]) {
      const body = (await (await ask(ada, message)).json()) as ChatResponse;
      expect(body.status, message).toBe('clarification_needed');
      expect(body.answer, message).toMatch(/couldn't read ".+" as a date/);
    }
  });

  it('answers a retried query id with the stored turn instead of running it again', async () => {
    const first = (await (
      await ask(ada, 'List my accounts', { query_id: 'query-retry', thread_id: 'thread-retry' })
    ).json()) as ChatResponse;
    const again = (await (
      await ask(ada, 'List my accounts', { query_id: 'query-retry', thread_id: 'thread-retry' })
    ).json()) as ChatResponse;
    expect(again.answer).toBe(first.answer);
    expect((await messages(ada, 'thread-retry')).messages).toHaveLength(1);
  });

  it('streams the steps, the container and the result as server-sent events', async () => {
    const response = await ask(ada, 'What is my net worth?', {}, { accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => chatStreamEventSchema.parse(JSON.parse(line.slice(6))));
    expect(events[0]?.type).toBe('start');
    expect(events.filter((e) => e.type === 'action').length).toBeGreaterThanOrEqual(4);
    expect(events.some((e) => e.type === 'dsl')).toBe(true);
    expect(events.at(-1)?.type).toBe('result');
  });

  it('keeps a turn running and saves it when the client goes away mid-stream', async () => {
    const controller = new AbortController();
    n += 1;
    const threadId = `thread-${database}-gone`;
    const pending = api.sealedPost(
      '/agent/chat',
      {
        message: 'How much did I spend last month?',
        thread_id: threadId,
        query_id: `query-${database}-gone`,
        user_info: info(ada),
      },
      ada.token,
      { accept: 'text/event-stream' },
    );
    const response = await pending;
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    await reader?.cancel();
    for (let i = 0; i < 50; i++) {
      if ((await messages(ada, threadId)).messages.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await messages(ada, threadId)).messages).toEqual([
      expect.objectContaining({ status: 'completed' }),
    ]);
  });

  it('keeps each user to their own threads', async () => {
    const mine = (await (await ask(ada, 'What is my net worth?')).json()) as ChatResponse;
    // Naming another user in user_info is refused.
    const claimed = await api.sealedPost(
      '/agent/chat',
      { message: 'hi', query_id: 'query-claim', user_info: info(ada) },
      bob.token,
    );
    expect(claimed.status).toBe(403);
    // Bob's reads of Ada's thread see nothing; his turn with her ids starts his own thread.
    expect((await messages(bob, mine.thread_id)).messages).toEqual([]);
    const dsl = await api.get(`/agent/dsl/${mine.thread_id}`, bob.token);
    expect(((await dsl.json()) as { dsl_objects: unknown[] }).dsl_objects).toEqual([]);
    const his = (await (
      await ask(bob, 'What is my net worth?', { thread_id: mine.thread_id, query_id: mine.query_id })
    ).json()) as ChatResponse;
    expect(his.thread_id).toBe(mine.thread_id);
    expect((await messages(ada, mine.thread_id)).messages).toHaveLength(1);
    expect((await messages(bob, mine.thread_id)).messages).toHaveLength(1);
    // Without a session: 401.
    const anonymous = await api.sealedPost('/agent/chat', {
      message: 'hi',
      query_id: 'query-anon',
      user_info: info(ada),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('the chat rate limit', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('refuses a user past the turns per minute with 429 and saves nothing more', async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT: 'true', CHAT_MAX_PER_MINUTE: '2' } });
    const user = await t.signUpVerifiedUser();
    const api = await identityClient(t);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await api.sealedPost(
        '/agent/chat',
        {
          message: 'What is my net worth?',
          thread_id: 'thread-limit',
          query_id: `query-limit-${i}`,
          user_info: {
            username: user.user.username,
            firstName: user.user.firstName,
            lastName: user.user.lastName,
          },
        },
        user.token,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
