import type {
  ChatResponse,
  ConfirmProposalResponse,
  GetMessagesResponse,
  Proposal,
  ThreadMessage,
} from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The confirm's outcome is part of the thread (docs/api.md, "Confirmed actions"): a thread read again
 * through the API, as a reload does, shows what became of each proposal its turns made — open, then
 * confirmed with each item executed, then undone; cancelled; expired — from the proposal's own rows, and
 * a decided proposal never reads as open again. Another user reads nothing of it.
 */
describe.each(testDatabaseKinds())('a proposal in the thread, read again, on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let api: AccountsClient;
  let bobApi: AccountsClient;
  const threadId = 'thread-decided';
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    api = await accountsClient(t, ada);
    bobApi = await accountsClient(t, await t.signUpVerifiedUser());
    expect((await api.linkBank('ins_109508')).status).toBe(200);
    await t.services.sync.settled();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function ask(message: string): Promise<ChatResponse> {
    n += 1;
    const answer = await api.post<ChatResponse>('/agent/chat', {
      message,
      thread_id: threadId,
      query_id: `query-decided-${n}`,
      user_info: api.names,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.proposal_id).toMatch(/^prop_/);
    return answer.body;
  }

  /** The thread as a reload reads it. */
  async function reread(client = api): Promise<ThreadMessage[]> {
    const answer = await client.get<GetMessagesResponse>('/db/chatbox/get-messages', {
      ...client.names,
      thread_id: threadId,
    });
    expect(answer.status).toBe(200);
    return answer.body.messages;
  }
  const proposalOfTurn = async (queryId: string) =>
    (await reread()).find((message) => message.query_id === queryId)?.proposal;
  const proposal = async (id: string | undefined) =>
    (await api.get<{ proposal: Proposal }>('/agent/actions/proposal', { proposal_id: id ?? '' })).body
      .proposal;

  it('open, then confirmed with its actions, then undone: each as the thread reads it again', async () => {
    const asked = await ask('set a $400 dining budget');
    const open = await proposalOfTurn(asked.query_id);
    const [item] = (await proposal(asked.proposal_id)).items;
    expect(open).toEqual({
      id: asked.proposal_id,
      title: 'Confirm',
      status: 'open',
      expires_at: expect.any(String),
      items: [{ item_id: item?.id, description: item?.description, status: 'pending', change_id: null }],
      agent_actions: [],
    });

    const body = { proposal_id: asked.proposal_id, item_ids: [item?.id], idempotency_key: 'decided-0001' };
    const confirmed = await api.post<ConfirmProposalResponse>('/agent/actions/confirm', body);
    expect(confirmed.status).toBe(200);
    const changeId = confirmed.body.outcomes[0]?.change_id;
    expect(changeId).toMatch(/^chg_/);
    const done = await proposalOfTurn(asked.query_id);
    expect(done).toMatchObject({
      status: 'confirmed',
      items: [{ item_id: item?.id, status: 'executed', change_id: changeId }],
      agent_actions: confirmed.body.agent_actions,
    });
    expect(done?.agent_actions).toEqual([
      expect.objectContaining({ status: 'completed', description: item?.description }),
    ]);
    // Decided: the same key answers the same, and the thread still reads it decided, once.
    expect((await api.post('/agent/actions/confirm', body)).body).toEqual(confirmed.body);
    expect((await reread()).filter((message) => message.proposal?.id === asked.proposal_id)).toHaveLength(1);

    expect((await api.post('/agent/actions/undo', { change_id: changeId })).status).toBe(200);
    const undone = await proposalOfTurn(asked.query_id);
    expect(undone?.status).toBe('confirmed');
    expect(undone?.items).toEqual([
      { item_id: item?.id, description: item?.description, status: 'undone', change_id: null },
    ]);
    expect(undone?.agent_actions.map((action) => action.description)).toEqual([
      item?.description,
      `Undone: ${item?.description}`,
    ]);
  });

  it('cancelled: nothing was changed, and it stays cancelled', async () => {
    const asked = await ask('set a $300 groceries budget');
    expect((await api.post('/agent/actions/cancel', { proposal_id: asked.proposal_id ?? '' })).status).toBe(
      200,
    );
    const cancelled = await proposalOfTurn(asked.query_id);
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled?.items.map((item) => item.status)).toEqual(['not_selected']);
    expect(cancelled?.agent_actions.map((action) => action.description)).toEqual([
      'Cancelled: nothing was changed.',
    ]);
    const late = await api.post<{ code: string }>('/agent/actions/confirm', {
      proposal_id: asked.proposal_id,
      item_ids: cancelled?.items.map((item) => item.item_id),
      idempotency_key: 'decided-0002',
    });
    expect([late.status, late.body.code]).toEqual([409, 'actions:proposal-closed']);
    expect((await proposalOfTurn(asked.query_id))?.status).toBe('cancelled');
  });

  it('expired: nothing was changed; a confirm is refused; another user reads none of the thread', async () => {
    const asked = await ask('set a $150 entertainment budget');
    await t.rows(
      sql`update action_proposal set expires_at = now() - interval '1 minute' where id = ${asked.proposal_id ?? ''}`,
    );
    const expired = await proposalOfTurn(asked.query_id);
    expect(expired?.status).toBe('expired');
    expect(expired?.agent_actions.map((action) => action.description)).toEqual([
      'This proposal expired before it was confirmed: nothing was changed.',
    ]);
    const late = await api.post<{ code: string }>('/agent/actions/confirm', {
      proposal_id: asked.proposal_id,
      item_ids: expired?.items.map((item) => item.item_id),
      idempotency_key: 'decided-0003',
    });
    expect([late.status, late.body.code]).toEqual([409, 'actions:proposal-expired']);
    expect((await proposalOfTurn(asked.query_id))?.status).toBe('expired');

    expect(await reread(bobApi)).toEqual([]);
    const theirs = await bobApi.post<{ code: string }>('/agent/actions/cancel', {
      proposal_id: asked.proposal_id,
    });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'actions:proposal-not-found']);
  });
});
