import type { ChatResponse, ConfirmProposalResponse, Proposal } from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type SignedUpUser,
  signedPost,
  type TestApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../services/errors.ts';
import type { OrderRequest } from './index.ts';
import { type RebalanceHolding, rebalancePlan } from './orders/rebalance.ts';

/**
 * Open orders and cancelling them (docs/api.md, "Confirmed actions"), on the real app with the sandbox
 * brokerage linked through SnapTrade's portal: a limit buy below the price stays open at the vendor;
 * "show my open orders" lists it in the chat; "cancel my vti order" proposes its cancel, which only the
 * owner's confirm carries out, once (a replay answers the same; a second proposal of the same order is
 * stale once the first is confirmed); another user's cancel behaves like an unknown order; an expired
 * proposal cancels nothing. "Cancelled" is read at the vendor (the sandbox's own record of orders).
 */

type VendorOrder = { id: string; accountId: string; ticker: string; status: string };

describe('open orders and their cancel', () => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let api: AccountsClient;
  let bobApi: AccountsClient;
  let account: { id: string; providerAccountId: string };
  let n = 0;

  async function vendorOrders(): Promise<VendorOrder[]> {
    const rows = await t.rows<{ value: { orders: VendorOrder[] } }>(
      sql`select value from sandbox_record where namespace = 'snaptrade:trading'`,
    );
    return rows.flatMap((row) => row.value.orders);
  }
  const statusAtVendor = async (id: string) =>
    (await vendorOrders()).find((order) => order.id === id)?.status;

  async function ask(message: string): Promise<ChatResponse> {
    n += 1;
    const answer = await api.post<ChatResponse>('/agent/chat', {
      message,
      thread_id: 'thread-open-orders',
      query_id: `query-open-${n}`,
      user_info: api.names,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  }
  const proposalOf = async (id: string | undefined) =>
    (await api.get<{ proposal: Proposal }>('/agent/actions/proposal', { proposal_id: id ?? '' })).body
      .proposal;
  const confirm = (client: AccountsClient, proposal: Proposal, key: string) =>
    client.post<ConfirmProposalResponse & { code?: string }>('/agent/actions/confirm', {
      proposal_id: proposal.id,
      item_ids: proposal.items.map((item) => item.id),
      idempotency_key: key,
    });

  /** A limit buy of VTI at half the price, placed through a confirmed proposal: it stays open. */
  async function openLimitBuy(): Promise<string> {
    const keys = t.sandboxKeys?.snaptrade;
    if (!keys || !t.origin) throw new Error('no sandbox');
    await signedPost(`${t.origin}/sandbox/snaptrade`, keys, '/sandbox/quote', { symbol: 'VTI', price: 100 });
    const request: OrderRequest = {
      account: account.id,
      symbol: 'VTI',
      action: 'buy',
      units: '1',
      amount: null,
      orderType: 'limit',
      limitPrice: '50',
      timeInForce: 'gtc',
    };
    const before = (await vendorOrders()).length;
    const proposal = await t.services.actions.proposeOrder(
      ada.user.id,
      { threadId: 'thread-placing', queryId: `q-place-${++n}` },
      request,
    );
    expect((await confirm(api, proposal, `place-${n}-key`)).status).toBe(200);
    const placed = (await vendorOrders()).slice(before);
    expect(placed.map((order) => order.status)).toEqual(['ACCEPTED']);
    return placed[0]?.id ?? '';
  }

  async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ServiceError) return error;
      throw error;
    }
    throw new Error('expected a refusal');
  }

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    api = await accountsClient(t, ada);
    bobApi = await accountsClient(t, bob);
    await api.connect('/snaptrade/generate_user');
    const login = await api.connect<{ redirectURI: string }>('/snaptrade/get_login_uri');
    const submitted = await api.portal(login.body.redirectURI, {
      broker: 'SANDBOX',
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    });
    const back = new URL(submitted.headers.get('location') ?? '');
    const stored = await api.connect('/snaptrade/store_connection', {
      connection_id: back.searchParams.get('connection_id') ?? '',
    });
    expect(stored.status).toBe(200);
    await t.services.sync.settled();
    const [row] = await t.rows<{ id: string; provider_account_id: string }>(sql`
      select id, provider_account_id from ledger_account
      where user_id = ${ada.user.id} and name = 'Individual Brokerage'`);
    if (!row) throw new Error('no brokerage account');
    account = { id: row.id, providerAccountId: row.provider_account_id };
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists an open limit order in the chat; another user sees none and cannot cancel it', async () => {
    const orderId = await openLimitBuy();
    const listed = await ask('show my open orders');
    expect(listed.agent_actions.find((action) => action.tool === 'open_orders')?.status).toBe('completed');
    expect(listed.answer).toContain(
      'Buy 1 share of VTI with a limit of $50.00 (GTC) in Individual Brokerage',
    );
    // As the chat shows it: the answer's markup escapes ('\\-') are not seen.
    expect(listed.answer.replaceAll('\\', '')).toContain(`(order ${orderId})`);
    const own = await t.services.actions.openOrders(ada.user.id, null);
    expect(own.map((order) => [order.order_id, order.symbol, order.open_units])).toEqual([
      [orderId, 'VTI', '1'],
    ]);

    expect(await t.services.actions.openOrders(bob.user.id, null)).toEqual([]);
    const turn = { threadId: 'thread-bob', queryId: 'q-bob' };
    const theirs = await refusal(
      t.services.actions.proposeCancelOrders(bob.user.id, turn, { orderId, symbol: null, account: null }),
    );
    const unknown = await refusal(
      t.services.actions.proposeCancelOrders(ada.user.id, turn, {
        orderId: 'no-such-order-1',
        symbol: null,
        account: null,
      }),
    );
    expect([theirs.message, unknown.message]).toEqual([
      'This order was not found among your open orders.',
      'This order was not found among your open orders.',
    ]);
    expect(await statusAtVendor(orderId)).toBe('ACCEPTED');
  });

  it('"cancel my vti order": proposed, cancelled once on the owner\'s confirm; a second proposal is stale', async () => {
    const [open] = await t.services.actions.openOrders(ada.user.id, null);
    const orderId = open?.order_id ?? '';
    const asked = await ask('cancel my vti order');
    expect(asked.status).toBe('clarification_needed');
    const proposal = await proposalOf(asked.proposal_id);
    expect(proposal.title).toBe('Confirm Your Orders');
    expect(proposal.items).toEqual([
      expect.objectContaining({
        kind: 'order_cancel',
        order: expect.objectContaining({ order_id: orderId }),
      }),
    ]);
    // A second proposal of the same order, made before the first is confirmed.
    const second = await t.services.actions.proposeCancelOrders(
      ada.user.id,
      { threadId: 'thread-open-orders', queryId: 'q-second' },
      { orderId, symbol: null, account: null },
    );
    expect(await statusAtVendor(orderId)).toBe('ACCEPTED');

    const theirs = await confirm(bobApi, proposal, 'bob-cancel-0001');
    expect([theirs.status, theirs.body.code]).toEqual([404, 'actions:proposal-not-found']);
    expect(await statusAtVendor(orderId)).toBe('ACCEPTED');

    const answers = await Promise.all([
      confirm(api, proposal, 'cancel-0001-key'),
      confirm(api, proposal, 'cancel-0001-key'),
    ]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(
      answers[0]?.body.outcomes.map((outcome) => [outcome.kind, outcome.status, outcome.change_id]),
    ).toEqual([['order_cancel', 'executed', null]]);
    expect(await statusAtVendor(orderId)).toBe('CANCELED');
    expect((await confirm(api, proposal, 'cancel-0001-key')).body).toEqual(answers[0]?.body);

    const again = await confirm(api, second, 'cancel-0002-key');
    expect([again.status, again.body.code]).toEqual([409, 'actions:proposal-stale']);
    expect(await t.services.actions.openOrders(ada.user.id, null)).toEqual([]);
    const none = await ask('show my open orders');
    expect(none.answer).toContain('You have no open orders at your brokerage.');
  });

  it('an expired cancel proposal cancels nothing', async () => {
    const orderId = await openLimitBuy();
    const proposal = await t.services.actions.proposeCancelOrders(
      ada.user.id,
      { threadId: 'thread-open-orders', queryId: 'q-expiring' },
      { orderId: null, symbol: 'vti', account: null },
    );
    await t.rows(
      sql`update action_proposal set expires_at = now() - interval '1 minute' where id = ${proposal.id}`,
    );
    const late = await confirm(api, proposal, 'cancel-late-key');
    expect([late.status, late.body.code]).toEqual([409, 'actions:proposal-expired']);
    expect(await statusAtVendor(orderId)).toBe('ACCEPTED');
  });

  /** The account's holdings as Penny synced them, as the rebalance reads them. */
  async function heldNow(): Promise<Array<RebalanceHolding & { quantity: string }>> {
    const rows = await t.rows<{
      ticker: string;
      name: string;
      type: string;
      value: string;
      quantity: string;
    }>(sql`
      select s.ticker, s.name, s.type, h.value::text as value, h.quantity::text as quantity
      from holding h join security s on s.id = h.security_id
      where h.account_id = ${account.id} and s.ticker is not null and h.value is not null and lower(s.type) <> 'cash'`);
    return rows.map((row) => ({ ...row, valueCents: BigInt(Math.round(Number(row.value) * 100)) }));
  }

  /** An order proposed and confirmed (market, day), as the web app would. */
  async function trade(symbol: string, action: 'buy' | 'sell', units: string) {
    const proposal = await t.services.actions.proposeOrder(
      ada.user.id,
      { threadId: 'thread-placing', queryId: `q-trade-${++n}` },
      {
        account: account.id,
        symbol,
        action,
        units,
        amount: null,
        orderType: 'market',
        limitPrice: null,
        timeInForce: 'day',
      },
    );
    expect((await confirm(api, proposal, `trade-${n}-key`)).status).toBe(200);
  }

  it('"rebalance … to 99/1": a holding neither stocks nor bonds is asked back; then the plan\'s orders, confirmed', async () => {
    const keys = t.sandboxKeys?.snaptrade;
    if (!keys || !t.origin) throw new Error('no sandbox');
    const unclassified = (await heldNow()).filter((h) => rebalancePlan([h], 99).kind === 'unclassified');
    if (unclassified.length > 0) {
      const asked = await ask('rebalance my individual brokerage to 99/1');
      expect(asked.proposal_id).toBeUndefined();
      expect(asked.answer.replaceAll('\\', '')).toContain(
        `I can't tell whether ${unclassified.map((h) => `${h.ticker} (${h.name})`).join(', ')} counts as stocks or bonds`,
      );
      // Sold, so every holding left is stocks or bonds.
      for (const h of unclassified) await trade(h.ticker, 'sell', h.quantity);
    }
    if (!(await heldNow()).some((h) => h.ticker === 'BND')) await trade('BND', 'buy', '1');
    const held = await heldNow();
    const plan = rebalancePlan(held, 99);
    if (plan.kind !== 'orders') throw new Error(`expected orders, not ${plan.kind}`);
    // The stocks target is 99% of the total, to the cent; the difference is bought into BND, the only bond.
    const total = plan.stocksCents + plan.bondsCents;
    expect(plan.targetStocksCents).toBe((total * 99n + 50n) / 100n);
    expect(plan.orders.at(-1)).toEqual({
      symbol: 'BND',
      action: 'buy',
      amountCents: plan.stocksCents - plan.targetStocksCents,
    });

    const asked = await ask('rebalance my individual brokerage to 99/1');
    expect(asked.status).toBe('clarification_needed');
    const proposal = await proposalOf(asked.proposal_id);
    expect(proposal.title).toBe('Confirm Your Orders');
    expect(
      proposal.items.map((item) =>
        item.kind === 'order' ? [item.order.symbol, item.order.action, item.order.amount] : [],
      ),
    ).toEqual(
      plan.orders.map((order) => [order.symbol, order.action, (Number(order.amountCents) / 100).toString()]),
    );
    const done = await confirm(api, proposal, 'rebalance-0001-key');
    expect(done.body.outcomes.map((outcome) => outcome.status)).toEqual(plan.orders.map(() => 'executed'));
  });
});
