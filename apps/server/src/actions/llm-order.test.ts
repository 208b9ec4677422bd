import type { ChatResponse, ConfirmProposalResponse, Proposal } from '@penny/contracts';
import {
  accountsClient,
  type ScriptedLlm,
  type SignedUpUser,
  signedPost,
  startAppWithScriptedLlm,
  type TestApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The LLM path to an order (docs/decisions/0024-orders.md): a scripted OpenAI-compatible model asks
 * Penny to buy a dollar amount of VTI; the turn ends asking (clarification_needed) with a stored
 * proposal titled 'Confirm Your Orders', nothing is placed at the brokerage until the user confirms,
 * and the confirm places exactly one order.
 */
describe('an order proposed by an LLM', () => {
  let llm: ScriptedLlm;
  let t: TestApp;
  let ada: SignedUpUser;

  /** The vendor's record of placed orders (the sandbox's state). */
  const vendorOrders = async () =>
    (
      await t.rows<{ value: { orders: Array<{ tradeId: string; status: string }> } }>(
        sql`select value from sandbox_record where namespace = 'snaptrade:trading'`,
      )
    ).flatMap((row) => row.value.orders);

  beforeAll(async () => {
    ({ llm, t } = await startAppWithScriptedLlm());
    ada = await t.signUpVerifiedUser();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('ends the turn asking, stores the order, and places it only on the confirm', async () => {
    const api = await accountsClient(t, ada);
    await api.connect('/snaptrade/generate_user');
    const login = await api.connect<{ redirectURI: string }>('/snaptrade/get_login_uri');
    const submitted = await api.portal(login.body.redirectURI, {
      broker: 'SANDBOX',
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    });
    const connectionId = new URL(submitted.headers.get('location') ?? '').searchParams.get('connection_id');
    expect(
      (await api.connect('/snaptrade/store_connection', { connection_id: connectionId ?? '' })).status,
    ).toBe(200);
    await t.services.sync.settled();
    const keys = t.sandboxKeys?.snaptrade;
    if (!keys || !t.origin) throw new Error('no sandbox');
    // $100 at $25.00 a share: 4 shares.
    const quoted = await signedPost(`${t.origin}/sandbox/snaptrade`, keys, '/sandbox/quote', {
      symbol: 'VTI',
      price: 25,
    });
    expect(quoted.status).toBe(200);

    llm.script = [
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'propose_order',
            arguments: { account: 'Individual Brokerage', symbol: 'vti', action: 'buy', amount: 100 },
          },
        ],
      },
      { kind: 'text', text: 'Confirm to place it.' },
    ];
    const asked = await api.post<ChatResponse>('/agent/chat', {
      message: 'Buy $100 of VTI',
      thread_id: 'thread-llm-order',
      query_id: 'query-llm-order',
      user_info: api.names,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.status).toBe('clarification_needed');
    expect(asked.body.agent_actions.find((action) => action.tool === 'propose_order')?.status).toBe(
      'completed',
    );
    const [stored] = await t.rows<{ id: string; title: string }>(
      sql`select id, title from action_proposal where user_id = ${ada.user.id}`,
    );
    expect(stored?.title).toBe('Confirm Your Orders');
    expect(asked.body.proposal_id).toBe(stored?.id);
    expect(await vendorOrders()).toEqual([]);

    const shown = await api.get<{ proposal: Proposal }>('/agent/actions/proposal', {
      proposal_id: stored?.id ?? '',
    });
    const [item] = shown.body.proposal.items;
    if (item?.kind !== 'order') throw new Error('not an order');
    expect([item.order.symbol, item.order.amount, item.impact.units, item.impact.price]).toEqual([
      'VTI',
      '100',
      '4',
      '25',
    ]);
    expect(item.impact.estimated_amount).toBe('-100');
    const confirmed = await api.post<ConfirmProposalResponse>('/agent/actions/confirm', {
      proposal_id: stored?.id,
      item_ids: [item.id],
      idempotency_key: 'llm-order-confirm',
    });
    expect(confirmed.status).toBe(200);
    expect((await vendorOrders()).map((order) => [order.tradeId, order.status])).toEqual([
      [item.impact.trade_id, 'EXECUTED'],
    ]);
  }, 120_000);
});
