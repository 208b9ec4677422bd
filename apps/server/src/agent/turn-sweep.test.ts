import { type ChatResponse, chatMessages } from '@penny/contracts';
import {
  createTestApp,
  identityClient,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { interruptedMessage } from '../chat/index.ts';
import { TURN_SWEEP, turnTimeLimitMs } from './turn-sweep.ts';

/**
 * Issue #19, finding 5: after a kill -9 the turns in flight stayed 'running', a retry answered 409
 * 'This question is still being answered.' and only a restart minutes later cleared them. A crash
 * leaves a turn as beginTurn recorded it and nothing else; the server, still running, must answer it
 * as interrupted within its time limit plus a minute, and a retry of it must run.
 *
 * The sweep's interval is driven by fake timers (setInterval only); the turns' ages are real, set in
 * the database as a crash long enough ago leaves them.
 */
describe.each(testDatabaseKinds())('turns left running by a crash (%s)', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let api: Awaited<ReturnType<typeof identityClient>>;
  let limitMs: number;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await createTestApp({ database });
    ada = await t.signUpVerifiedUser();
    api = await identityClient(t);
    limitMs = turnTimeLimitMs(t.config.agent);
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  const info = () => ({
    username: ada.user.username,
    firstName: ada.user.firstName,
    lastName: ada.user.lastName,
  });
  const ask = (threadId: string, queryId: string, message = 'What is my net worth?') =>
    api.sealedPost(
      '/agent/chat',
      { message, thread_id: threadId, query_id: queryId, user_info: info() },
      ada.token,
    );
  async function messages(threadId: string) {
    const search = new URLSearchParams({ ...info(), thread_id: threadId });
    const response = await api.get(`/db/chatbox/get-messages?${search}`, ada.token);
    return (
      (await response.json()) as { messages: Array<{ query_id: string; status: string; answer: string }> }
    ).messages;
  }
  async function syncedCount(threadId: string) {
    const response = await api.sealedPost(
      '/db/sync-thread-history',
      { thread_id: threadId, user_info: info() },
      ada.token,
    );
    return ((await response.json()) as { synced_count: number }).synced_count;
  }
  /** A turn as a crashed process leaves it: recorded as running `ageMs` ago, never finished. */
  async function crashedTurn(threadId: string, queryId: string, ageMs: number) {
    await t.services.chat.beginTurn(ada.user.id, {
      threadId,
      queryId,
      message: 'What is my net worth?',
      model: 'm',
    });
    await t.rows(
      sql`update chat_turn set created_at = now() - make_interval(secs => ${ageMs / 1000})
          where user_id = ${ada.user.id} and query_id = ${queryId}`,
    );
  }
  const statusOf = async (queryId: string) =>
    (
      await t.rows<{ status: string }>(
        sql`select status from chat_turn where user_id = ${ada.user.id} and query_id = ${queryId}`,
      )
    )[0]?.status;

  it('answers a turn past its time limit as interrupted within the limit plus a minute, without a restart', async () => {
    // Old enough that one more sweep interval brings it to its limit plus a minute: it must be
    // answered as interrupted by then.
    await crashedTurn('thread-crash', 'query-crash', limitMs + 60_000 - TURN_SWEEP.intervalMs);
    // Within its limit, a turn may still be running in a live process: it is left alone.
    await crashedTurn('thread-live', 'query-live', limitMs);

    const refused = await ask('thread-crash', 'query-crash');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(chatMessages.turnInProgress);
    expect(await messages('thread-crash')).toEqual([]);

    await vi.advanceTimersByTimeAsync(TURN_SWEEP.intervalMs);
    await vi.waitFor(async () => expect(await statusOf('query-crash')).toBe('interrupted'), {
      timeout: 5000,
    });
    expect(await messages('thread-crash')).toEqual([
      expect.objectContaining({ query_id: 'query-crash', status: 'error', answer: interruptedMessage }),
    ]);
    expect(await syncedCount('thread-crash')).toBe(1);
    expect(await statusOf('query-live')).toBe('running');
    expect(t.logText()).toContain('marked chat turns left running as interrupted');
  });

  it('runs an interrupted turn again when its query id is asked again, and answers it', async () => {
    const response = await ask('thread-crash', 'query-crash');
    expect(response.status).toBe(200);
    const body = (await response.json()) as ChatResponse;
    expect(body).toMatchObject({ success: true, status: 'completed', query_id: 'query-crash' });
    expect(body.answer).not.toBe(interruptedMessage);
    expect(await messages('thread-crash')).toEqual([
      expect.objectContaining({ query_id: 'query-crash', status: 'completed', answer: body.answer }),
    ]);
    expect(await syncedCount('thread-crash')).toBe(1);
    // Answered now: asked again, the stored answer comes back and nothing runs twice.
    const again = (await (await ask('thread-crash', 'query-crash')).json()) as ChatResponse;
    expect(again.answer).toBe(body.answer);
  });

  it('keeps sweeping on its interval: a turn that goes stale later is interrupted at the next sweep', async () => {
    await crashedTurn('thread-later', 'query-later', limitMs + TURN_SWEEP.graceMs + 1000);
    await vi.advanceTimersByTimeAsync(TURN_SWEEP.intervalMs);
    await vi.waitFor(async () => expect(await statusOf('query-later')).toBe('interrupted'), {
      timeout: 5000,
    });
    expect(TURN_SWEEP.graceMs + TURN_SWEEP.intervalMs).toBeLessThanOrEqual(60_000);
  });
});
