import type { ConfirmProposalResponse, OrderItem, Proposal } from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type SignedUpUser,
  setScenario,
  signedPost,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVault } from '../connections/vault.ts';
import { ServiceError } from '../services/errors.ts';
import { createActionsService, createBrokerage, type OrderRequest } from './index.ts';

/**
 * Orders end to end (docs/decisions/0024-orders.md): a user with a sandbox brokerage linked through
 * SnapTrade's portal; proposals checked with the brokerage, confirmed over HTTP once (replayed, sent
 * twice at once, by another user: placed once or not at all), refused as stale when the cash no longer
 * covers it or, past the trade's 5 minutes, the price moved past the limit; the fill synced into the
 * user's holdings and transactions. "Placed" is read at the vendor (the sandbox's own record of orders),
 * and figures are plain arithmetic over prices this test sets through the sandbox's quote control.
 */

type VendorOrder = { id: string; tradeId: string; accountId: string; unitsMilli: number; status: string };

describe.each(testDatabaseKinds())('orders on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let adaApi: AccountsClient;
  let bobApi: AccountsClient;
  let account: { id: string; name: string; providerAccountId: string };
  let turnCount = 0;
  const turn = () => ({ threadId: 'thread-orders', queryId: `q-${++turnCount}` });

  const setQuote = async (symbol: string, priceCents: number | null) => {
    const keys = t.sandboxKeys?.snaptrade;
    if (!keys || !t.origin) throw new Error('no sandbox');
    const answer = await signedPost(`${t.origin}/sandbox/snaptrade`, keys, '/sandbox/quote', {
      symbol,
      price: priceCents === null ? null : priceCents / 100,
    });
    expect(answer.status).toBe(200);
  };

  /** The vendor's record of placed orders (the sandbox's state), for "placed once". */
  async function vendorOrders(): Promise<VendorOrder[]> {
    const rows = await t.rows<{ value: { orders: VendorOrder[] } }>(
      sql`select value from sandbox_record where namespace = 'snaptrade:trading'`,
    );
    return rows.flatMap((row) => row.value.orders);
  }

  /** The brokerage's cash for the account right now, in cents (read through the adapter). */
  async function cashCents(): Promise<number> {
    const brokerage = brokerageWith(() => new Date());
    const balances = await brokerage
      .snaptrade()
      .getBalances(await brokerage.user(ada.user.id), account.providerAccountId);
    return Math.round(Number(balances[0]?.cash ?? 'NaN') * 100);
  }

  /** Penny's own record after a sync: the VTI holding of the account, in thousandths of a share. */
  async function heldMilli(): Promise<number> {
    const [row] = await t.rows<{ quantity: string | null }>(sql`
      select h.quantity::text as quantity from holding h join security s on s.id = h.security_id
      where h.account_id = ${account.id} and s.ticker = 'VTI'`);
    return Math.round(Number(row?.quantity ?? '0') * 1000);
  }

  async function proposalCount(): Promise<number> {
    const [row] = await t.rows<{ n: number | string }>(sql`select count(*) as n from action_proposal`);
    return Number(row?.n);
  }

  function brokerageWith(now: () => Date) {
    return createBrokerage({
      db: t.database.db,
      vault: createVault(t.secrets.vaultKey),
      providers: t.providers,
      sync: t.services.sync,
      now,
    });
  }

  const order = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
    account: account.id,
    symbol: 'vti',
    action: 'buy',
    units: '1',
    amount: null,
    orderType: 'market',
    limitPrice: null,
    timeInForce: 'day',
    ...overrides,
  });

  const itemOf = (proposal: Proposal): OrderItem => {
    const [item] = proposal.items;
    if (item?.kind !== 'order') throw new Error('not an order proposal');
    return item;
  };

  const confirm = (api: AccountsClient, body: Record<string, unknown>) =>
    api.post<ConfirmProposalResponse & { code?: string }>('/agent/actions/confirm', body);

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
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    adaApi = await accountsClient(t, ada);
    bobApi = await accountsClient(t, bob);
    await adaApi.connect('/snaptrade/generate_user');
    const login = await adaApi.connect<{ redirectURI: string }>('/snaptrade/get_login_uri');
    const submitted = await adaApi.portal(login.body.redirectURI, {
      broker: 'SANDBOX',
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    });
    const back = new URL(submitted.headers.get('location') ?? '');
    const stored = await adaApi.connect('/snaptrade/store_connection', {
      connection_id: back.searchParams.get('connection_id') ?? '',
    });
    expect(stored.status).toBe(200);
    await t.services.sync.settled();
    const [row] = await t.rows<{ id: string; name: string; provider_account_id: string }>(sql`
      select id, name, provider_account_id from ledger_account
      where user_id = ${ada.user.id} and name = 'Individual Brokerage'`);
    if (!row) throw new Error('no brokerage account');
    account = { id: row.id, name: row.name, providerAccountId: row.provider_account_id };
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses, before anything is proposed: another user, more than the cash or the shares, an unknown symbol', async () => {
    await setQuote('VTI', 10_000);
    const proposals = await proposalCount();
    const orders = (await vendorOrders()).length;
    const cash = await cashCents();
    const held = await heldMilli();
    const actions = t.services.actions;
    const theirs = await refusal(actions.proposeOrder(bob.user.id, turn(), order()));
    expect([theirs.code, theirs.message]).toEqual([
      'accounts:not-found',
      'This brokerage account was not found.',
    ]);
    const tooMuch = await refusal(
      actions.proposeOrder(
        ada.user.id,
        turn(),
        order({ units: null, amount: ((cash + 1) / 100).toFixed(2) }),
      ),
    );
    expect(tooMuch.message).toBe("The account's cash does not cover this order.");
    const oversold = await refusal(
      actions.proposeOrder(
        ada.user.id,
        turn(),
        order({ action: 'sell', units: String((held + 1000) / 1000) }),
      ),
    );
    expect(oversold.message).toBe('The account does not hold that many shares to sell.');
    const unknown = await refusal(actions.proposeOrder(ada.user.id, turn(), order({ symbol: 'ZZZQ' })));
    expect(unknown.message).toBe('This brokerage does not trade that symbol.');
    expect([await proposalCount(), (await vendorOrders()).length]).toEqual([proposals, orders]);
  });

  it('proposes a buy with the brokerage’s figures; confirm places it once, and the sync shows it', async () => {
    const cash = await cashCents();
    const price = Math.max(100, Math.floor(cash / 10));
    await setQuote('VTI', price);
    const held = await heldMilli();
    const proposal = await t.services.actions.proposeOrder(ada.user.id, turn(), order({ units: '2' }));
    expect(proposal.title).toBe('Confirm Your Orders');
    const item = itemOf(proposal);
    expect(item.impact.units).toBe('2');
    expect(Math.round(Number(item.impact.price) * 100)).toBe(price);
    expect(Math.round(Number(item.impact.estimated_amount) * 100)).toBe(-2 * price);
    expect(Math.round(Number(item.impact.remaining_cash) * 100)).toBe(cash - 2 * price);
    expect(Math.round(Number(item.before.units_held) * 1000)).toBe(held);
    const before = await vendorOrders();

    const body = { proposal_id: proposal.id, item_ids: [item.id], idempotency_key: 'order-confirm-0001' };
    const answers = await Promise.all([confirm(adaApi, body), confirm(adaApi, body)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    expect(answers[0]?.body.outcomes).toEqual([
      { item_id: item.id, kind: 'order', status: 'executed', description: item.description, change_id: null },
    ]);
    const replay = await confirm(adaApi, body);
    expect(replay.body).toEqual(answers[0]?.body);
    const otherKey = await confirm(adaApi, { ...body, idempotency_key: 'order-confirm-0002' });
    expect([otherKey.status, otherKey.body.code]).toEqual([409, 'actions:proposal-closed']);

    const placed = (await vendorOrders()).slice(before.length);
    expect(placed.map((entry) => [entry.tradeId, entry.unitsMilli, entry.status])).toEqual([
      [item.impact.trade_id, 2_000, 'EXECUTED'],
    ]);
    // The sync after the confirm brought the fill into Penny's holdings and transactions.
    expect(await heldMilli()).toBe(held + 2_000);
    const [fill] = await t.rows<{ amount: string }>(sql`
      select amount::text as amount from ledger_transaction
      where account_id = ${account.id} and provider_transaction_id = ${placed[0]?.id ?? ''}`);
    expect(Math.round(Number(fill?.amount) * 100)).toBe(-2 * price);
    expect(await cashCents()).toBe(cash - 2 * price);
  });

  it('while the order is being placed: cancel and another key are refused, the same key waits for the outcome', async () => {
    await setQuote('VTI', 10_000);
    const proposal = await t.services.actions.proposeOrder(ada.user.id, turn(), order({ units: '0.01' }));
    const before = (await vendorOrders()).length;
    const keys = t.sandboxKeys?.snaptrade;
    const [snapUser] = await t.rows<{ external_user_id: string }>(
      sql`select external_user_id from provider_user where user_id = ${ada.user.id} and platform = 'snaptrade'`,
    );
    if (!keys || !snapUser) throw new Error('no SnapTrade user');
    const basePath = `${t.origin}/sandbox/snaptrade`;
    // Every call of this user answers 1.5 s late: the place is in flight while the others arrive.
    await setScenario(basePath, keys, snapUser.external_user_id, 'timeout', 1_500);
    const body = {
      proposal_id: proposal.id,
      item_ids: [itemOf(proposal).id],
      idempotency_key: 'slow-place-0001',
    };
    try {
      const first = confirm(adaApi, body);
      // Until the first confirm has claimed the proposal (its key stored, no outcome yet).
      await vi.waitFor(
        async () => {
          const [row] = await t.rows<{ confirm_key: string | null }>(
            sql`select confirm_key from action_proposal where id = ${proposal.id}`,
          );
          expect(row?.confirm_key).toBeTruthy();
        },
        { timeout: 10_000, interval: 50 },
      );
      const cancelled = await adaApi.post<{ code?: string }>('/agent/actions/cancel', {
        proposal_id: proposal.id,
      });
      const otherKey = await confirm(adaApi, { ...body, idempotency_key: 'slow-place-0002' });
      const sameKey = confirm(adaApi, body);
      const [answer, again] = await Promise.all([first, sameKey]);
      expect([cancelled.status, cancelled.body.code]).toEqual([409, 'actions:proposal-closed']);
      expect([otherKey.status, otherKey.body.code]).toEqual([409, 'actions:proposal-closed']);
      expect([answer.status, answer.body.status]).toEqual([200, 'confirmed']);
      expect(again.body).toEqual(answer.body);
    } finally {
      await setScenario(basePath, keys, snapUser.external_user_id, null);
    }
    expect((await vendorOrders()).length).toBe(before + 1);
  });

  it("another user's confirm of it behaves like an unknown proposal, and nothing is placed", async () => {
    await setQuote('VTI', 10_000);
    const proposal = await t.services.actions.proposeOrder(ada.user.id, turn(), order({ units: '0.01' }));
    const before = (await vendorOrders()).length;
    const body = {
      proposal_id: proposal.id,
      item_ids: [itemOf(proposal).id],
      idempotency_key: 'bob-order-0001',
    };
    const unknown = await confirm(bobApi, { ...body, proposal_id: 'prop_unknown' });
    const theirs = await confirm(bobApi, body);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect((await vendorOrders()).length).toBe(before);
  });

  it('refuses as stale, placing nothing, when the cash no longer covers the order at the new price', async () => {
    const cash = await cashCents();
    const price = Math.max(100, Math.floor(cash / 2));
    await setQuote('VTI', price);
    // 1.2 shares: 60 % of the cash at the price proposed, 120 % once it doubles.
    const proposal = await t.services.actions.proposeOrder(ada.user.id, turn(), order({ units: '1.2' }));
    await setQuote('VTI', price * 2);
    const before = (await vendorOrders()).length;
    const body = {
      proposal_id: proposal.id,
      item_ids: [itemOf(proposal).id],
      idempotency_key: 'no-cash-0001',
    };
    const stale = await confirm(adaApi, body);
    expect([stale.status, stale.body.code]).toEqual([409, 'actions:proposal-stale']);
    expect((await vendorOrders()).length).toBe(before);
    expect(await cashCents()).toBe(cash);
    const shown = await adaApi.get<{ proposal: Proposal }>('/agent/actions/proposal', {
      proposal_id: proposal.id,
    });
    expect(shown.body.proposal.status).toBe('open');
  });

  it('several orders in one proposal: together within the cash; one unticked, only the other is placed', async () => {
    const cash = await cashCents();
    const price = Math.max(100, Math.floor(cash / 4));
    await setQuote('VTI', price);
    await setQuote('BND', price);
    const proposals = await proposalCount();
    // Each fits the cash alone (3/4 of it), both together do not: refused whole, nothing stored.
    const units = ((cash * 0.75) / price).toFixed(3);
    const together = await refusal(
      t.services.actions.proposeOrders(ada.user.id, turn(), [
        order({ units }),
        order({ symbol: 'bnd', units }),
      ]),
    );
    expect(together.message).toBe("The account's cash does not cover this order.");
    expect(await proposalCount()).toBe(proposals);

    const held = await heldMilli();
    const proposal = await t.services.actions.proposeOrders(ada.user.id, turn(), [
      order({ units: '1' }),
      order({ symbol: 'bnd', units: '1' }),
    ]);
    expect(proposal.title).toBe('Confirm Your Orders');
    const [vti, bnd] = proposal.items;
    if (vti?.kind !== 'order' || bnd?.kind !== 'order') throw new Error('two orders expected');
    expect([vti.order.symbol, bnd.order.symbol]).toEqual(['VTI', 'BND']);
    // The second order's cash before is what the first leaves.
    expect(Math.round(Number(bnd.before.cash) * 100)).toBe(cash - price);
    const before = await vendorOrders();
    const body = { proposal_id: proposal.id, item_ids: [bnd.id], idempotency_key: 'two-orders-0001' };
    const answer = await confirm(adaApi, body);
    expect(answer.status).toBe(200);
    expect(answer.body.outcomes.map((outcome) => [outcome.item_id, outcome.status])).toEqual([
      [vti.id, 'not_selected'],
      [bnd.id, 'executed'],
    ]);
    expect((await confirm(adaApi, body)).body).toEqual(answer.body);
    const placed = (await vendorOrders()).slice(before.length);
    expect(placed.map((entry) => [entry.tradeId, entry.unitsMilli])).toEqual([[bnd.impact.trade_id, 1_000]]);
    expect(await heldMilli()).toBe(held);
    expect(await cashCents()).toBe(cash - price);
  });

  it('an order the brokerage refuses after another of the proposal was placed is answered as failed', async () => {
    const later = createActionsService({
      db: t.database.db,
      brokerage: brokerageWith(() => new Date(Date.now() + 6 * 60_000)),
    });
    const price = Math.max(100, Math.floor((await cashCents()) / 20));
    await setQuote('VTI', price);
    await setQuote('BND', price);
    const proposal = await t.services.actions.proposeOrders(ada.user.id, turn(), [
      order({ symbol: 'bnd' }),
      order({ orderType: 'limit', limitPrice: (price / 100).toFixed(2) }),
    ]);
    const [bnd, vti] = proposal.items;
    if (bnd?.kind !== 'order' || vti?.kind !== 'order') throw new Error('two orders expected');
    // Past the trades' 5 minutes VTI's price is past its limit: BND is placed, VTI is not.
    await setQuote('VTI', price + 100);
    const before = (await vendorOrders()).length;
    const outcome = await later.confirm(ada.user.id, {
      proposalId: proposal.id,
      itemIds: [bnd.id, vti.id],
      idempotencyKey: 'one-fails-0001',
    });
    expect(outcome.status).toBe('confirmed');
    expect(outcome.outcomes.map((entry) => entry.status)).toEqual(['executed', 'failed']);
    expect(outcome.agent_actions.map((action) => action.status)).toEqual(['completed', 'failed']);
    const placed = (await vendorOrders()).slice(before);
    expect(placed.map((entry) => entry.unitsMilli)).toEqual([1_000]);
  });

  it('past the trade’s 5 minutes: a price past the limit is stale; else a fresh trade is placed, once', async () => {
    const later = createActionsService({
      db: t.database.db,
      brokerage: brokerageWith(() => new Date(Date.now() + 6 * 60_000)),
    });
    const price = Math.max(100, Math.floor((await cashCents()) / 20));
    await setQuote('VTI', price);
    const limited = await t.services.actions.proposeOrder(
      ada.user.id,
      turn(),
      order({ orderType: 'limit', limitPrice: (price / 100).toFixed(2) }),
    );
    await setQuote('VTI', price + 100);
    const before = (await vendorOrders()).length;
    const stale = await refusal(
      later.confirm(ada.user.id, {
        proposalId: limited.id,
        itemIds: [itemOf(limited).id],
        idempotencyKey: 'past-limit-0001',
      }),
    );
    expect(stale.code).toBe('actions:proposal-stale');
    expect((await vendorOrders()).length).toBe(before);

    await setQuote('VTI', price);
    const market = await t.services.actions.proposeOrder(ada.user.id, turn(), order());
    const item = itemOf(market);
    const outcome = await later.confirm(ada.user.id, {
      proposalId: market.id,
      itemIds: [item.id],
      idempotencyKey: 'fresh-trade-0001',
    });
    expect(outcome.status).toBe('confirmed');
    const placed = (await vendorOrders()).slice(before);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.tradeId).not.toBe(item.impact.trade_id);
    expect([placed[0]?.unitsMilli, placed[0]?.status]).toEqual([1_000, 'EXECUTED']);
  });
});
