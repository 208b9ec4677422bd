import type { ChatResponse, Proposal } from '@penny/contracts';
import {
  accountsClient,
  createTestApp,
  type SignedUpUser,
  signedPost,
  type TestApp,
} from '@penny/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenOrdersRequest, readOrderRequest, readRebalanceRequest } from './order-requests.ts';
import type { ContextAccount } from './turn-context.ts';

const individual: ContextAccount = {
  id: 'acc-ind',
  name: 'Individual Brokerage',
  platform: 'snaptrade',
  kind: 'investment',
};
const roth: ContextAccount = { id: 'acc-roth', name: 'Roth IRA', platform: 'snaptrade', kind: 'investment' };
const checking: ContextAccount = {
  id: 'acc-chk',
  name: 'Plaid Checking',
  platform: 'plaid',
  kind: 'depository',
};

describe('the offline analyst reads requests about open orders', () => {
  const accounts = [individual, roth, checking];
  it('lists open orders, in every brokerage account or the one named', () => {
    expect(readOpenOrdersRequest('show my open orders', accounts)).toEqual({ kind: 'list', input: {} });
    expect(readOpenOrdersRequest('Do I have any pending orders?', accounts)).toEqual({
      kind: 'list',
      input: {},
    });
    expect(readOpenOrdersRequest('list the open orders in my roth', accounts)).toEqual({
      kind: 'list',
      input: { account: 'acc-roth' },
    });
  });
  it('reads a cancel by order id, by ticker, or of every open order', () => {
    expect(readOpenOrdersRequest('cancel order 3f2a9c1e-77b0-4d2e-9a51-0c6e2b1d8f40', accounts)).toEqual({
      kind: 'cancel',
      input: { order_id: '3f2a9c1e-77b0-4d2e-9a51-0c6e2b1d8f40' },
    });
    expect(readOpenOrdersRequest('cancel my vti order', accounts)).toEqual({
      kind: 'cancel',
      input: { symbol: 'VTI' },
    });
    expect(
      readOpenOrdersRequest('cancel the limit order for bnd in my Individual Brokerage', accounts),
    ).toEqual({ kind: 'cancel', input: { symbol: 'BND', account: 'acc-ind' } });
    expect(readOpenOrdersRequest('cancel all my open orders', accounts)).toEqual({
      kind: 'cancel',
      input: {},
    });
  });
  it('is not a request about orders otherwise, and needs a brokerage', () => {
    expect(readOpenOrdersRequest('buy $500 of vti', accounts)).toBeNull();
    expect(readOpenOrdersRequest('how much did I spend on groceries', accounts)).toBeNull();
    expect(readOpenOrdersRequest('cancel my netflix subscription', accounts)).toBeNull();
    expect(readOpenOrdersRequest('show my open orders', [checking])).toEqual({ kind: 'no-brokerage' });
  });
});

describe('the offline analyst reads a rebalance', () => {
  it('reads the stocks percent and the account, asking which when there are several', () => {
    expect(readRebalanceRequest('rebalance to 60/40', [individual, checking])).toEqual({
      kind: 'rebalance',
      input: { account: 'acc-ind', stocks_percent: 60 },
    });
    expect(readRebalanceRequest('Rebalance my Roth IRA to 70/30 stocks/bonds', [individual, roth])).toEqual({
      kind: 'rebalance',
      input: { account: 'acc-roth', stocks_percent: 70 },
    });
    expect(readRebalanceRequest('rebalance to 60/40', [individual, roth])).toEqual({
      kind: 'ask',
      question: 'Which account should I rebalance: Individual Brokerage or Roth IRA?',
    });
    expect(readRebalanceRequest('roth ira', [individual, roth], 'rebalance to 60/40')).toEqual({
      kind: 'rebalance',
      input: { account: 'acc-roth', stocks_percent: 60 },
    });
    expect(readRebalanceRequest('rebalance to 60/50', [individual])).toBeNull();
    expect(readRebalanceRequest('rebalance to 60/40', [checking])).toEqual({ kind: 'no-brokerage' });
  });
});

describe('the offline analyst reads requests to trade', () => {
  it('reads a dollar amount or shares, the ticker, the account and a limit', () => {
    expect(readOrderRequest('buy $500 of vti', [individual, checking])).toEqual({
      kind: 'order',
      input: { account: 'acc-ind', symbol: 'VTI', action: 'buy', amount: '500', order_type: 'market' },
    });
    expect(readOrderRequest('Sell 2 shares of aapl.', [individual])).toEqual({
      kind: 'order',
      input: { account: 'acc-ind', symbol: 'AAPL', action: 'sell', units: '2', order_type: 'market' },
    });
    expect(
      readOrderRequest('buy 1.5 shares of VTI in my Roth IRA with a limit of $250', [individual, roth]),
    ).toEqual({
      kind: 'order',
      input: {
        account: 'acc-roth',
        symbol: 'VTI',
        action: 'buy',
        units: '1.5',
        order_type: 'limit',
        limit_price: '250',
      },
    });
    expect(readOrderRequest('please buy $1,250.50 worth of qqq in individual', [individual, roth])).toEqual({
      kind: 'order',
      input: { account: 'acc-ind', symbol: 'QQQ', action: 'buy', amount: '1250.50', order_type: 'market' },
    });
  });

  it('reads several orders joined by and, then or a comma as one request in one account', () => {
    expect(
      readOrderRequest('sell 2 shares of VTI and buy 1 share of BND in my Individual Brokerage', [
        individual,
        roth,
      ]),
    ).toEqual({
      kind: 'order',
      input: {
        account: 'acc-ind',
        symbol: 'VTI',
        action: 'sell',
        units: '2',
        order_type: 'market',
        more_orders: [{ symbol: 'BND', action: 'buy', units: '1', order_type: 'market' }],
      },
    });
    expect(readOrderRequest('buy $300 of vti, then buy $200 of bnd', [individual])).toEqual({
      kind: 'order',
      input: {
        account: 'acc-ind',
        symbol: 'VTI',
        action: 'buy',
        amount: '300',
        order_type: 'market',
        more_orders: [{ symbol: 'BND', action: 'buy', amount: '200', order_type: 'market' }],
      },
    });
    // Two accounts named, or a part that is no order: not read as a request to trade.
    expect(
      readOrderRequest('buy $300 of vti in my roth ira and buy $200 of bnd in individual', [
        individual,
        roth,
      ]),
    ).toBeNull();
    expect(readOrderRequest('buy $300 of vti and buy a house', [individual])).toBeNull();
  });

  it('asks which account when several could take it, and the answer completes the request', () => {
    expect(readOrderRequest('buy $500 of vti', [individual, roth])).toEqual({
      kind: 'ask',
      question: 'Which account should the order go in: Individual Brokerage or Roth IRA?',
    });
    expect(readOrderRequest('Roth IRA', [individual, roth], 'buy $500 of vti')).toEqual({
      kind: 'order',
      input: { account: 'acc-roth', symbol: 'VTI', action: 'buy', amount: '500', order_type: 'market' },
    });
    expect(readOrderRequest('buy $500 of vti', [checking])).toEqual({ kind: 'no-brokerage' });
  });

  it('leaves every other question to the rest of the analyst', () => {
    for (const question of [
      'How much did I spend on groceries last month?',
      'Can I afford to buy a $500 TV?',
      'Should I buy VTI?',
      'sell my car',
      'buy a house',
      'buy $0 of vti',
    ]) {
      expect(readOrderRequest(question, [individual]), question).toBeNull();
    }
    expect(readOrderRequest('Roth IRA', [individual, roth], 'How much did I spend?')).toBeNull();
  });
});

describe('an order asked of the offline analyst, end to end', () => {
  let t: TestApp;
  let ada: SignedUpUser;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    ada = await t.signUpVerifiedUser();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('asks which account, then proposes the order; the turn ends asking for the confirm', async () => {
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
    await api.connect('/snaptrade/store_connection', { connection_id: connectionId ?? '' });
    await t.services.sync.settled();
    const keys = t.sandboxKeys?.snaptrade;
    if (!keys || !t.origin) throw new Error('no sandbox');
    await signedPost(`${t.origin}/sandbox/snaptrade`, keys, '/sandbox/quote', { symbol: 'VTI', price: 20 });

    const chat = (message: string, queryId: string) =>
      api.post<ChatResponse>('/agent/chat', {
        message,
        thread_id: 'thread-analyst-order',
        query_id: queryId,
        user_info: api.names,
      });
    const asked = await chat('buy $100 of vti', 'q-order-1');
    expect(asked.body.status).toBe('clarification_needed');
    expect(asked.body.answer).toContain(
      'Which account should the order go in: Individual Brokerage or Roth IRA?',
    );
    expect(asked.body.proposal_id).toBeUndefined();

    const answered = await chat('Individual Brokerage', 'q-order-2');
    expect(answered.body.status).toBe('clarification_needed');
    expect(answered.body.agent_actions.find((action) => action.tool === 'propose_order')?.status).toBe(
      'completed',
    );
    const shown = await api.get<{ proposal: Proposal }>('/agent/actions/proposal', {
      proposal_id: answered.body.proposal_id ?? '',
    });
    expect(shown.body.proposal.title).toBe('Confirm Your Orders');
    const [item] = shown.body.proposal.items;
    if (item?.kind !== 'order') throw new Error('not an order');
    // $100 at $20.00: 5 shares, $100.00.
    expect([
      item.order.account_name,
      item.order.symbol,
      item.impact.units,
      item.impact.estimated_amount,
    ]).toEqual(['Individual Brokerage', 'VTI', '5', '-100']);
    expect(answered.body.answer).toContain('Buy $100.00 of VTI at market (day) in Individual Brokerage');

    // More than the cash: the reason is said, and nothing is proposed.
    const refused = await chat('buy $10,000,000 of vti in individual brokerage', 'q-order-3');
    expect(refused.body.answer).toContain(
      "I couldn't complete one step (propose order): The account's cash does not cover this order.",
    );
    expect(refused.body.proposal_id).toBeUndefined();
  }, 120_000);
});
