import {
  type AgentAction,
  CHAT_LIMITS,
  chatIdSchema,
  chatMessages,
  deleteThreadResponseSchema,
  forkChatResponseSchema,
  getDslResponseSchema,
  getMessagesResponseSchema,
  getThreadsResponseSchema,
  publicConfigSchema,
  syncThreadHistoryResponseSchema,
  type TurnStatus,
} from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import { createTestApp, type TestApp, testDatabaseKinds } from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interruptedMessage, titleFromDsl } from '../../../chat/index.ts';
import { tables } from '../../../db/index.ts';
import { userDataTables } from '../../../identity/user-data.ts';
import { ServiceError } from '../../../services/index.ts';
import { failureOf } from '../../errors.ts';

type Person = { token: string; username: string; firstName: string; lastName: string; id: string };

const container = (title: string, queryId = 'q', extra: Record<string, unknown> = {}) => ({
  id: `${queryId}-viz`,
  isNew: false,
  type: 'container',
  title,
  content_blocks: [{ type: 'content', content: `# ${title}\nYou spent @currency(USD) 1200 on food.` }],
  ...extra,
});

const actions: AgentAction[] = [
  {
    id: 'a1',
    status: 'completed',
    description: 'Read your transactions',
    symbol: '📊',
    processing_time: 1.2,
  },
];

let idCounter = 0;
const uniqueId = (prefix: string) => `${prefix}-${Date.now()}-${++idCounter}`;

describe('titleFromDsl (docs/product/chat.md, "Visualization events")', () => {
  it.each([
    [[container('Monthly spending')], 'Monthly spending'],
    [[container('  Monthly\n spending  ')], 'Monthly spending'],
    [[container('Query Results')], null],
    [[container('query results')], null],
    [[container('More details about rent')], null],
    [[container('more DETAILS')], null],
    [[container('')], null],
    [[{ type: 'pie', title: 'Not a container' }], null],
    [[{ type: 'content', content: 'x' }, container('Second object')], 'Second object'],
    [[], null],
  ])('%j gives %j', (objects, expected) => {
    expect(titleFromDsl(objects)).toBe(expected);
  });

  it('cuts a long title to the limit without splitting a character', () => {
    const title = titleFromDsl([container('💰'.repeat(CHAT_LIMITS.titleMax + 10))]);
    expect(Array.from(title ?? '')).toHaveLength(CHAT_LIMITS.titleMax);
    expect(title).toBe('💰'.repeat(CHAT_LIMITS.titleMax));
  });
});

describe.each(testDatabaseKinds())('chat threads on %s', (kind) => {
  let t: TestApp;
  let boxPublicKey: string;
  let ada: Person;
  let bob: Person;

  beforeAll(async () => {
    t = await createTestApp({ database: kind });
    boxPublicKey = publicConfigSchema.parse(await (await t.app.request('/config')).json()).boxPublicKey;
    ada = await signUp('ada_chat', 'Ada', 'Lovelace');
    bob = await signUp('bob_chat', 'Bob', 'Builder');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signUp(username: string, firstName: string, lastName: string): Promise<Person> {
    const { token, user } = await t.signUpVerifiedUser({ username, firstName, lastName });
    return { token, username, firstName, lastName, id: user.id };
  }

  const chat = () => t.services.chat;
  const who = (p: Person) => ({ username: p.username, firstName: p.firstName, lastName: p.lastName });

  function post(path: string, body: unknown, token: string) {
    return t.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-encrypted': '1' },
      body: JSON.stringify(sealBody({ serverPublicKey: boxPublicKey, method: 'POST', path, body })),
    });
  }

  function get(path: string, query: Record<string, string>, token: string) {
    return t.app.request(`${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }

  /** One question and its answer, through the service the agent route uses. */
  async function ask(
    p: Person,
    threadId: string | undefined,
    options: {
      queryId?: string;
      message?: string;
      dsl?: Array<Record<string, unknown>>;
      status?: TurnStatus;
      answer?: string;
    } = {},
  ) {
    const queryId = options.queryId ?? uniqueId('query');
    const begun = await chat().beginTurn(p.id, {
      threadId,
      queryId,
      message: options.message ?? `Question ${queryId}`,
      model: 'default',
    });
    expect(begun.existing).toBeUndefined();
    const { title } = await chat().finishTurn(p.id, queryId, {
      status: options.status ?? 'completed',
      answer: options.answer ?? `Answer to ${queryId}`,
      agentActions: actions,
      dslObjects: options.dsl ?? [],
      model: 'grok-3',
      timings: { total: 1200, model: 900, tools: 300 },
    });
    return { threadId: begun.threadId, queryId, title };
  }

  async function messages(p: Person, threadId: string) {
    const response = await get('/db/chatbox/get-messages', { ...who(p), thread_id: threadId }, p.token);
    expect(response.status).toBe(200);
    return getMessagesResponseSchema.parse(await response.json());
  }
  async function dsls(p: Person, threadId: string) {
    const response = await get('/db/visualization/get-dsl', { ...who(p), thread_id: threadId }, p.token);
    expect(response.status).toBe(200);
    return getDslResponseSchema.parse(await response.json());
  }
  async function threads(p: Person, extra: Record<string, string> = {}) {
    const response = await get('/db/get-all-user-threads', { ...who(p), ...extra }, p.token);
    expect(response.status).toBe(200);
    return getThreadsResponseSchema.parse(await response.json());
  }
  async function syncCount(p: Person, threadId: string) {
    const response = await post(
      '/db/sync-thread-history',
      { thread_id: threadId, user_info: { ...who(p), userId: p.id } },
      p.token,
    );
    expect(response.status).toBe(200);
    return syncThreadHistoryResponseSchema.parse(await response.json()).synced_count;
  }
  const fork = (p: Person, sourceThreadId: string, sourceQueryId: string) =>
    post(
      '/db/fork-chat',
      { ...who(p), source_thread_id: sourceThreadId, source_query_id: sourceQueryId },
      p.token,
    );
  const deleteThread = (p: Person, threadId: string) =>
    post('/db/delete-thread', { ...who(p), thread_id: threadId }, p.token);

  const chatRows = async (p: Person) => {
    const [threadsRow] = await t.rows<{ n: number | string }>(
      sql`select count(*) as n from chat_thread where user_id = ${p.id}`,
    );
    const [turnsRow] = await t.rows<{ n: number | string }>(
      sql`select count(*) as n from chat_turn where user_id = ${p.id}`,
    );
    return { threads: Number(threadsRow?.n), turns: Number(turnsRow?.n) };
  };

  async function serviceError(promise: Promise<unknown>) {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ServiceError);
    return {
      code: (error as ServiceError).code,
      message: (error as ServiceError).message,
      status: failureOf(error)?.status,
    };
  }

  it('starts a thread when none is given: a server-made id, titled Untitled Chat, listed first', async () => {
    const { threadId, title } = await ask(ada, undefined);
    expect(chatIdSchema.safeParse(threadId).success).toBe(true);
    expect(threadId).toMatch(/^thread-\d+-[0-9a-f]+$/);
    expect(title).toBe(chatMessages.untitled);
    const listed = await threads(ada);
    expect(listed.success).toBe(true);
    expect(listed.threads[0]).toMatchObject({ id: threadId, title: 'Untitled Chat' });
    expect(Object.keys(listed.threads[0] ?? {}).sort()).toEqual(['id', 'lastActivity', 'timestamp', 'title']);
  });

  it('answers the thread’s messages oldest first, without a turn still running', async () => {
    const threadId = uniqueId('thread');
    const first = await ask(ada, threadId, { message: 'How much did I spend?' });
    const second = await ask(ada, threadId, { message: 'And on food?', status: 'clarification_needed' });
    const running = uniqueId('query');
    await chat().beginTurn(ada.id, {
      threadId,
      queryId: running,
      message: 'Still thinking',
      model: 'grok-4',
    });

    const body = await messages(ada, threadId);
    expect(body.success).toBe(true);
    expect(body.title).toBe('Untitled Chat');
    expect(body.messages.map((m) => m.query_id)).toEqual([first.queryId, second.queryId]);
    expect(body.messages[0]).toMatchObject({
      query_id: first.queryId,
      user_message: 'How much did I spend?',
      agent_actions: actions,
      status: 'completed',
      answer: `Answer to ${first.queryId}`,
      model: 'grok-3',
    });
    expect(body.messages[1]?.status).toBe('clarification_needed');
    expect(Date.parse(body.messages[0]?.timestamp ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // The agent reads the same finished turns.
    expect(await chat().history(ada.id, threadId)).toEqual([
      {
        queryId: first.queryId,
        userMessage: 'How much did I spend?',
        answer: `Answer to ${first.queryId}`,
        status: 'completed',
      },
      {
        queryId: second.queryId,
        userMessage: 'And on food?',
        answer: `Answer to ${second.queryId}`,
        status: 'clarification_needed',
      },
    ]);
    expect((await chat().history(ada.id, threadId, 1)).map((h) => h.queryId)).toEqual([second.queryId]);
    await chat().finishTurn(ada.id, running, {
      status: 'completed',
      answer: 'Done',
      agentActions: [],
      dslObjects: [],
      model: 'grok-4',
      timings: {},
    });
    expect((await messages(ada, threadId)).messages.map((m) => m.query_id)).toEqual([
      first.queryId,
      second.queryId,
      running,
    ]);
  });

  it('answers an unknown thread with success and no messages', async () => {
    const body = await messages(ada, 'thread-does-not-exist');
    expect(body).toEqual({ success: true, messages: [] });
    expect(await dsls(ada, 'thread-does-not-exist')).toEqual({ success: true, dsls: [] });
    expect(await syncCount(ada, 'thread-does-not-exist')).toBe(0);
  });

  it('answers the visualizations of the turns that have them, oldest first', async () => {
    const threadId = uniqueId('thread');
    const a = await ask(ada, threadId, { dsl: [container('Spending', 'qa')] });
    await ask(ada, threadId, { dsl: [] });
    const c = await ask(ada, threadId, { dsl: [container('Savings', 'qc'), container('Rent', 'qc')] });
    const body = await dsls(ada, threadId);
    expect(body.success).toBe(true);
    expect(body.dsls).toEqual([
      { query_id: a.queryId, dsl_objects: [container('Spending', 'qa')] },
      { query_id: c.queryId, dsl_objects: [container('Savings', 'qc'), container('Rent', 'qc')] },
    ]);
    expect(await chat().threadDsl(ada.id, threadId)).toEqual([
      container('Spending', 'qa'),
      container('Savings', 'qc'),
      container('Rent', 'qc'),
    ]);
  });

  it('titles the thread from the first container whose title passes the title rule (docs/product/chat.md, "Visualization events"), once', async () => {
    const threadId = uniqueId('thread');
    expect((await ask(ada, threadId, { dsl: [container('Query Results')] })).title).toBe('Untitled Chat');
    expect((await ask(ada, threadId, { dsl: [container('More details on rent')] })).title).toBe(
      'Untitled Chat',
    );
    expect((await ask(ada, threadId, { dsl: [] })).title).toBe('Untitled Chat');
    expect((await ask(ada, threadId, { dsl: [container('Monthly spending')] })).title).toBe(
      'Monthly spending',
    );
    // Titled once: later containers leave it.
    expect((await ask(ada, threadId, { dsl: [container('Something else')] })).title).toBe('Monthly spending');
    expect((await threads(ada)).threads.find((th) => th.id === threadId)?.title).toBe('Monthly spending');
    expect((await messages(ada, threadId)).title).toBe('Monthly spending');

    const long = uniqueId('thread');
    const { title } = await ask(ada, long, { dsl: [container('x'.repeat(CHAT_LIMITS.titleMax + 50))] });
    expect(title).toBe('x'.repeat(CHAT_LIMITS.titleMax));
  });

  it('pages the thread list newest activity first (Load More), and moves a thread up when it is used', async () => {
    const carol = await signUp('carol_chat', 'Carol', 'C');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await ask(carol, uniqueId('thread'))).threadId);
    const all = (await threads(carol)).threads;
    expect(all.map((th) => th.id).sort()).toEqual([...made].sort());
    const order = [...all].sort(
      (x, y) => y.lastActivity.localeCompare(x.lastActivity) || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0),
    );
    expect(all).toEqual(order);

    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await threads(carol, { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(page.threads.length).toBeLessThanOrEqual(2);
      seen.push(...page.threads.map((th) => th.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((th) => th.id));

    await new Promise((resolve) => setTimeout(resolve, 5));
    const oldest = all.at(-1)?.id ?? '';
    await ask(carol, oldest);
    expect((await threads(carol)).threads[0]?.id).toBe(oldest);

    expect(
      (await get('/db/get-all-user-threads', { ...who(carol), cursor: 'bm90LWEtY3Vyc29y' }, carol.token))
        .status,
    ).toBe(400);
    expect(
      (await get('/db/get-all-user-threads', { ...who(carol), limit: '1000' }, carol.token)).status,
    ).toBe(400);
    expect((await get('/db/get-all-user-threads', { ...who(carol), limit: '0' }, carol.token)).status).toBe(
      400,
    );
  });

  it('deletes a thread with its turns; a second delete answers 404', async () => {
    const { threadId } = await ask(ada, uniqueId('thread'), { dsl: [container('Gone soon')] });
    await ask(ada, threadId);
    const before = await chatRows(ada);
    const response = await deleteThread(ada, threadId);
    expect(response.status).toBe(200);
    expect(deleteThreadResponseSchema.parse(await response.json())).toEqual({ success: true });
    expect(await chatRows(ada)).toEqual({ threads: before.threads - 1, turns: before.turns - 2 });
    expect((await messages(ada, threadId)).messages).toEqual([]);
    expect((await threads(ada)).threads.some((th) => th.id === threadId)).toBe(false);
    const again = await deleteThread(ada, threadId);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      success: false,
      error: chatMessages.threadNotFound,
      code: 'chat:thread-not-found',
    });
  });

  it('counts the finished turns the server holds for sync-thread-history', async () => {
    const threadId = uniqueId('thread');
    await ask(ada, threadId);
    await ask(ada, threadId, { status: 'error' });
    await chat().beginTurn(ada.id, { threadId, queryId: uniqueId('query'), message: 'running', model: 'm' });
    expect(await syncCount(ada, threadId)).toBe(2);
    const refused = await post(
      '/db/sync-thread-history',
      { thread_id: threadId, user_info: who(bob) },
      ada.token,
    );
    expect(refused.status).toBe(403);
  });

  describe('fork', () => {
    it('copies one turn into a new thread, flagged isNew, and leaves the source as it was', async () => {
      const source = uniqueId('thread');
      const first = await ask(ada, source, {
        message: 'Spending?',
        dsl: [container('Monthly spending', 'x')],
      });
      const queryId = uniqueId('query');
      await ask(ada, source, {
        queryId,
        message: 'Savings?',
        answer: 'You saved a lot.',
        dsl: [
          container('Savings rate', queryId),
          { type: 'pie', title: 'Split', labels: ['a'], values: [1] },
        ],
      });
      const sourceMessages = await messages(ada, source);
      const sourceDsls = await dsls(ada, source);

      const response = await fork(ada, source, queryId);
      expect(response.status).toBe(200);
      const body = forkChatResponseSchema.parse(await response.json());
      expect(body.success).toBe(true);
      const newId = body.new_thread_id ?? '';
      expect(newId).not.toBe(source);
      expect(chatIdSchema.safeParse(newId).success).toBe(true);

      const copied = await messages(ada, newId);
      expect(copied.title).toBe('Monthly spending');
      expect(copied.messages).toHaveLength(1);
      const [turn] = copied.messages;
      expect(turn).toMatchObject({
        user_message: 'Savings?',
        answer: 'You saved a lot.',
        agent_actions: actions,
        status: 'completed',
        model: 'grok-3',
      });
      expect(turn?.query_id).not.toBe(queryId);
      expect(chatIdSchema.safeParse(turn?.query_id).success).toBe(true);

      const copiedDsls = (await dsls(ada, newId)).dsls;
      expect(copiedDsls).toEqual([
        {
          query_id: turn?.query_id,
          dsl_objects: [
            { ...container('Savings rate', turn?.query_id), isNew: true },
            { type: 'pie', title: 'Split', labels: ['a'], values: [1], isNew: true },
          ],
        },
      ]);
      const [stored] = await t.rows<{ forked_from: unknown }>(
        sql`select forked_from from chat_turn where user_id = ${ada.id} and query_id = ${turn?.query_id ?? ''}`,
      );
      expect(stored?.forked_from).toEqual({ threadId: source, queryId });
      expect((await threads(ada)).threads[0]?.id).toBe(newId);

      // The source is untouched, and a fork of the fork works too.
      expect(await messages(ada, source)).toEqual(sourceMessages);
      expect(await dsls(ada, source)).toEqual(sourceDsls);
      expect(sourceMessages.messages.map((m) => m.query_id)).toEqual([first.queryId, queryId]);
      const again = await fork(ada, newId, turn?.query_id ?? '');
      expect(again.status).toBe(200);
    });

    it('refuses an unknown query, a query of another thread, and one still running, with 404', async () => {
      const source = uniqueId('thread');
      const done = await ask(ada, source);
      const running = uniqueId('query');
      await chat().beginTurn(ada.id, { threadId: source, queryId: running, message: 'm', model: 'm' });
      const before = await chatRows(ada);
      for (const [threadId, queryId] of [
        [source, 'query-unknown'],
        ['thread-other', done.queryId],
        [source, running],
      ] as const) {
        const response = await fork(ada, threadId, queryId);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({
          success: false,
          error: chatMessages.forkNoQuery,
          code: 'chat:turn-not-found',
        });
      }
      expect(await chatRows(ada)).toEqual(before);
    });
  });

  describe('turn persistence', () => {
    it('answers a retried query id with its stored turn, and stores nothing new', async () => {
      const threadId = uniqueId('thread');
      const { queryId } = await ask(ada, threadId, { dsl: [container('Net worth')], answer: 'Rich.' });
      const before = await chatRows(ada);
      const again = await chat().beginTurn(ada.id, { threadId, queryId, message: 'again', model: 'x' });
      expect(again).toEqual({
        threadId,
        existing: {
          success: true,
          query_id: queryId,
          thread_id: threadId,
          status: 'completed',
          agent_actions: actions,
          dsl_objects: [container('Net worth')],
          answer: 'Rich.',
          title: 'Net worth',
          model: 'grok-3',
        },
      });
      expect(await chatRows(ada)).toEqual(before);
    });

    it('refuses a query id still running (409) and leaves it running', async () => {
      const threadId = uniqueId('thread');
      const queryId = uniqueId('query');
      await chat().beginTurn(ada.id, { threadId, queryId, message: 'first', model: 'm' });
      const refused = await serviceError(
        chat().beginTurn(ada.id, { threadId, queryId, message: 'second', model: 'm' }),
      );
      expect(refused).toEqual({
        code: 'chat:turn-in-progress',
        message: chatMessages.turnInProgress,
        status: 409,
      });
      const [row] = await t.rows<{ status: string; user_message: string }>(
        sql`select status, user_message from chat_turn where user_id = ${ada.id} and query_id = ${queryId}`,
      );
      expect(row).toEqual({ status: 'running', user_message: 'first' });
    });

    it('starts one turn when the same query id arrives several times at once', async () => {
      for (const threadId of [uniqueId('thread'), (await ask(ada, uniqueId('thread'))).threadId]) {
        const queryId = uniqueId('query');
        const results = await Promise.allSettled(
          [1, 2, 3].map(() => chat().beginTurn(ada.id, { threadId, queryId, message: 'once', model: 'm' })),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results.filter((r) => r.status === 'rejected'))
          expect((r.reason as ServiceError).code).toBe('chat:turn-in-progress');
        const [row] = await t.rows<{ n: number | string }>(
          sql`select count(*) as n from chat_turn where user_id = ${ada.id} and query_id = ${queryId}`,
        );
        expect(Number(row?.n)).toBe(1);
      }
    });

    it('finishes a turn once: a second finish changes nothing; an unknown one is not found', async () => {
      const { threadId, queryId } = await ask(ada, uniqueId('thread'), { answer: 'first answer' });
      const result = await chat().finishTurn(ada.id, queryId, {
        status: 'error',
        answer: 'second answer',
        agentActions: [],
        dslObjects: [container('Late title')],
        model: 'm',
        timings: {},
      });
      expect(result).toEqual({ title: 'Untitled Chat' });
      expect((await messages(ada, threadId)).messages[0]).toMatchObject({
        answer: 'first answer',
        status: 'completed',
      });
      const [counted] = await t.rows<{ turn_count: number }>(
        sql`select turn_count from chat_thread where user_id = ${ada.id} and id = ${threadId}`,
      );
      expect(counted?.turn_count).toBe(1);
      const missing = await serviceError(
        chat().finishTurn(ada.id, 'query-never-begun', {
          status: 'completed',
          answer: '',
          agentActions: [],
          dslObjects: [],
          model: 'm',
          timings: {},
        }),
      );
      expect(missing.code).toBe('chat:turn-not-found');
    });

    it('refuses a turn on a thread that is full', async () => {
      const threadId = uniqueId('thread');
      await ask(ada, threadId);
      // Fill the thread to one below the limit directly (a 2,000-turn conversation is not the point).
      await t.rows(sql`
        insert into chat_turn (user_id, query_id, thread_id, user_message, status)
        select ${ada.id}, 'fill-' || g, ${threadId}, 'filler', 'completed'
        from generate_series(1, ${CHAT_LIMITS.maxTurnsPerThread - 2}) as g`);
      await ask(ada, threadId);
      const before = await chatRows(ada);
      const full = await serviceError(
        chat().beginTurn(ada.id, { threadId, queryId: uniqueId('query'), message: 'one more', model: 'm' }),
      );
      expect(full.code).toBe('chat:thread-full');
      expect(full.status).toBe(409);
      expect(await chatRows(ada)).toEqual(before);
      // Another thread is not affected.
      await ask(ada, uniqueId('thread'));
    });

    it('marks turns stuck running (a crashed process) as interrupted, and only those; a retry runs again', async () => {
      const threadId = uniqueId('thread');
      const stuck = uniqueId('query');
      await chat().beginTurn(ada.id, { threadId, queryId: stuck, message: 'lost', model: 'm' });
      await t.rows(
        sql`update chat_turn set created_at = now() - interval '1 hour' where user_id = ${ada.id} and query_id = ${stuck}`,
      );
      const fresh = uniqueId('query');
      await chat().beginTurn(bob.id, {
        threadId: uniqueId('thread'),
        queryId: fresh,
        message: 'new',
        model: 'm',
      });

      expect(await chat().interruptStaleTurns(30 * 60_000)).toBe(1);
      expect(await chat().interruptStaleTurns(30 * 60_000)).toBe(0);
      const body = await messages(ada, threadId);
      expect(body.messages).toHaveLength(1);
      expect(body.messages[0]).toMatchObject({
        query_id: stuck,
        status: 'error',
        user_message: 'lost',
        answer: interruptedMessage,
      });
      expect(await syncCount(ada, threadId)).toBe(1);
      const [freshRow] = await t.rows<{ status: string }>(
        sql`select status from chat_turn where user_id = ${bob.id} and query_id = ${fresh}`,
      );
      expect(freshRow?.status).toBe('running');
      // A retry of the interrupted query runs it again (the same turn, running), once.
      const retried = await chat().beginTurn(ada.id, {
        threadId,
        queryId: stuck,
        message: 'lost',
        model: 'm',
      });
      expect(retried).toEqual({ threadId });
      const [again] = await t.rows<{ status: string; answer: string }>(
        sql`select status, answer from chat_turn where user_id = ${ada.id} and query_id = ${stuck}`,
      );
      expect(again).toEqual({ status: 'running', answer: '' });
      expect(await syncCount(ada, threadId)).toBe(0);
      const twice = await serviceError(
        chat().beginTurn(ada.id, { threadId, queryId: stuck, message: 'lost', model: 'm' }),
      );
      expect(twice.code).toBe('chat:turn-in-progress');
    });
  });

  describe('cross-user: another user’s thread behaves like an unknown one', () => {
    it('reads nothing, changes nothing, and tells nothing', async () => {
      const threadId = uniqueId('thread');
      const { queryId } = await ask(ada, threadId, {
        message: 'Private to Ada',
        dsl: [container('Ada’s secret budget')],
      });
      const adaBefore = await chatRows(ada);
      const bobBefore = await chatRows(bob);

      expect(await messages(bob, threadId)).toEqual({ success: true, messages: [] });
      expect(await dsls(bob, threadId)).toEqual({ success: true, dsls: [] });
      expect(await syncCount(bob, threadId)).toBe(0);
      expect((await threads(bob)).threads.some((th) => th.id === threadId)).toBe(false);
      expect(await chat().history(bob.id, threadId)).toEqual([]);
      expect(await chat().threadDsl(bob.id, threadId)).toEqual([]);

      const theirs = await deleteThread(bob, threadId);
      const unknown = await deleteThread(bob, 'thread-nobody-has');
      expect(theirs.status).toBe(404);
      expect(await theirs.json()).toEqual(await unknown.json());

      const forked = await fork(bob, threadId, queryId);
      const forkedUnknown = await fork(bob, 'thread-nobody-has', 'query-nobody-has');
      expect(forked.status).toBe(404);
      const forkedBody = await forked.json();
      expect(forkedBody).toEqual(await forkedUnknown.json());
      expect(JSON.stringify(forkedBody)).not.toContain('secret');

      // Ada's query id is Bob's to use: it starts Bob's own turn, not a replay of Ada's.
      const bobs = await chat().beginTurn(bob.id, { threadId, queryId, message: 'Bob asks', model: 'm' });
      expect(bobs).toEqual({ threadId });
      await chat().finishTurn(bob.id, queryId, {
        status: 'completed',
        answer: 'Bob’s answer',
        agentActions: [],
        dslObjects: [container('Bob’s chart')],
        model: 'm',
        timings: {},
      });
      expect((await messages(bob, threadId)).messages.map((m) => m.user_message)).toEqual(['Bob asks']);
      expect(await chatRows(bob)).toEqual({ threads: bobBefore.threads + 1, turns: bobBefore.turns + 1 });

      const adas = await messages(ada, threadId);
      expect(adas.title).toBe('Ada’s secret budget');
      expect(adas.messages.map((m) => m.user_message)).toEqual(['Private to Ada']);
      expect(await chatRows(ada)).toEqual(adaBefore);
    });

    it('refuses a payload naming another user (403) on every endpoint', async () => {
      const { threadId, queryId } = await ask(ada, uniqueId('thread'));
      const before = await chatRows(ada);
      const asAda = { ...who(ada), thread_id: threadId };
      const responses = await Promise.all([
        get('/db/chatbox/get-messages', asAda, bob.token),
        get('/db/visualization/get-dsl', asAda, bob.token),
        get('/db/get-all-user-threads', who(ada), bob.token),
        post('/db/delete-thread', asAda, bob.token),
        post('/db/sync-thread-history', { thread_id: threadId, user_info: who(ada) }, bob.token),
        post(
          '/db/fork-chat',
          { ...who(ada), source_thread_id: threadId, source_query_id: queryId },
          bob.token,
        ),
      ]);
      for (const response of responses) {
        expect(response.status).toBe(403);
        expect(((await response.json()) as { code: string }).code).toBe('auth:other-user');
      }
      expect(await chatRows(ada)).toEqual(before);
    });
  });

  describe('bad ids: 4xx, nothing changed', () => {
    const badIds = [
      ['a NUL byte', 'thread-\u0000-1'],
      ['an overlong id', `thread-${'x'.repeat(200)}`],
      ['a space', 'thread 1'],
      ['a path', '../../etc/passwd'],
      ['markup', '<script>'],
      ['an empty id', ''],
      ['a lone surrogate', 'thread-\ud800'],
    ] as const;

    it.each(badIds)('refuses %s on every thread endpoint', async (_name, bad) => {
      const { threadId, queryId } = await ask(ada, uniqueId('thread'));
      const before = await chatRows(ada);
      const responses = [
        await get('/db/chatbox/get-messages', { ...who(ada), thread_id: bad }, ada.token),
        await get('/db/visualization/get-dsl', { ...who(ada), thread_id: bad }, ada.token),
        await post('/db/delete-thread', { ...who(ada), thread_id: bad }, ada.token),
        await post('/db/sync-thread-history', { thread_id: bad, user_info: who(ada) }, ada.token),
        await fork(ada, bad, queryId),
        await fork(ada, threadId, bad),
      ];
      for (const response of responses) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(((await response.json()) as { success: boolean }).success).toBe(false);
      }
      expect(await chatRows(ada)).toEqual(before);
    });

    it('refuses a missing thread id and a missing user name', async () => {
      expect((await get('/db/chatbox/get-messages', who(ada), ada.token)).status).toBe(400);
      expect((await post('/db/delete-thread', who(ada), ada.token)).status).toBe(400);
      expect((await post('/db/sync-thread-history', { thread_id: 'thread-1' }, ada.token)).status).toBe(400);
      expect((await get('/db/get-all-user-threads', {}, ada.token)).status).toBe(400);
    });
  });

  it('refuses callers without a session', async () => {
    for (const response of [
      await t.app.request(`/db/get-all-user-threads?${new URLSearchParams(who(ada))}`),
      await t.app.request(`/db/chatbox/get-messages?${new URLSearchParams({ ...who(ada), thread_id: 't' })}`),
    ]) {
      expect(response.status).toBe(401);
    }
  });

  it('Delete Data removes the user’s threads and turns (turns before threads), and only theirs', async () => {
    const order = userDataTables().map(({ table }) => table);
    expect(order.indexOf(tables.chatTurn)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(tables.chatTurn)).toBeLessThan(order.indexOf(tables.chatThread));

    const dave = await signUp('dave_chat', 'Dave', 'D');
    await ask(dave, uniqueId('thread'), { dsl: [container('Dave’s chart')] });
    await chat().beginTurn(dave.id, { queryId: uniqueId('query'), message: 'running', model: 'm' });
    expect((await chatRows(dave)).turns).toBe(2);
    const bobBefore = await chatRows(bob);
    const response = await post('/db/delete-user-data', who(dave), dave.token);
    expect(response.status).toBe(200);
    expect(await chatRows(dave)).toEqual({ threads: 0, turns: 0 });
    expect((await threads(dave)).threads).toEqual([]);
    expect(await chatRows(bob)).toEqual(bobBefore);

    await ask(dave, uniqueId('thread'));
    const gone = await post('/db/delete-user-account', who(dave), dave.token);
    expect(gone.status).toBe(200);
    expect(await chatRows(dave)).toEqual({ threads: 0, turns: 0 });
  });
});
