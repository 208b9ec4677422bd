import {
  connectSandboxBrokerage,
  randomSandboxKeys,
  type ServedSandbox,
  serveSnapTradeSandbox,
  signedPost,
} from '@penny/server/testing';
import { Snaptrade, SnaptradeAuth, SnaptradeError } from 'snaptrade-typescript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The sandbox brokerage's trading over HTTP through the official SDK: symbols, order impact, placing a
 * trade once, and the fills read back as positions, cash and activities. Prices are set through the
 * sandbox's own quote control, so every expected figure is plain arithmetic over numbers this test chose.
 */

const keys = randomSandboxKeys().snaptrade;
const REDIRECT = 'http://localhost:5173/accounts/snaptrade/callback';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SnaptradeError) return { status: error.status, body: error.responseBody };
    throw error;
  }
  throw new Error('expected a SnapTrade error');
}

/** Cents of a decimal string or number with at most 2 decimals (the test's own arithmetic). */
const centsOf = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100);
const milliOf = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 1000);

describe('SnapTrade sandbox trading', () => {
  let sandbox: ServedSandbox;
  let sdk: Snaptrade<ReturnType<typeof SnaptradeAuth.commercialApiKey>>;
  let user: { userId: string; userSecret: string };
  let accountId: string;
  let clockOffsetMs = 0;

  const setQuote = async (symbol: string, price: number | null) => {
    const answer = await signedPost(sandbox.basePath, keys, '/sandbox/quote', { symbol, price });
    expect(answer.status).toBe(200);
  };
  const symbolId = async (ticker: string) => {
    const found = await sdk.referenceData.symbolSearchUserAccount({ ...user, accountId, substring: ticker });
    const symbol = found.data.find((candidate) => candidate.symbol === ticker);
    if (!symbol?.id) throw new Error(`no symbol ${ticker}`);
    return symbol.id;
  };
  const cash = async () => {
    const balances = await sdk.accountInformation.getUserAccountBalance({ ...user, accountId });
    return centsOf(balances.data[0]?.cash);
  };
  const units = async (ticker: string) => {
    const positions = await sdk.accountInformation.getAllAccountPositions({ ...user, accountId });
    return milliOf(positions.data.results.find((entry) => entry.instrument.symbol === ticker)?.units);
  };
  const impact = (form: {
    action: 'BUY' | 'SELL';
    symbol: string;
    order_type?: 'Market' | 'Limit' | 'Stop';
    units?: number;
    notional_value?: number;
    price?: number;
  }) =>
    symbolId(form.symbol).then((universal_symbol_id) =>
      sdk.trading.getOrderImpact({
        ...user,
        account_id: accountId,
        action: form.action,
        universal_symbol_id,
        order_type: form.order_type ?? 'Market',
        time_in_force: 'Day',
        ...(form.units === undefined ? {} : { units: form.units }),
        ...(form.notional_value === undefined ? {} : { notional_value: form.notional_value }),
        ...(form.price === undefined ? {} : { price: form.price }),
      }),
    );
  const place = (tradeId: string) => sdk.trading.placeOrder({ ...user, tradeId });

  beforeAll(async () => {
    sandbox = await serveSnapTradeSandbox({
      credentials: keys,
      now: () => new Date(Date.now() + clockOffsetMs),
    });
    sdk = new Snaptrade({
      basePath: sandbox.basePath,
      auth: SnaptradeAuth.commercialApiKey({ clientId: keys.clientId, consumerKey: keys.consumerKey }),
    });
    const registered = await sdk.authentication.registerSnapTradeUser({ userId: 'trading-user' });
    user = { userId: registered.data.userId ?? '', userSecret: registered.data.userSecret ?? '' };
    const login = await sdk.authentication.loginSnapTradeUser({
      ...user,
      customRedirect: REDIRECT,
      connectionType: 'trade',
    });
    await connectSandboxBrokerage(('redirectURI' in login.data && login.data.redirectURI) || '', user.userId);
    const accounts = await sdk.accountInformation.listUserAccounts(user);
    accountId = accounts.data.find((account) => account.name?.includes('Individual'))?.id ?? '';
    expect(accountId).not.toBe('');
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('an impact of a dollar amount at market estimates whole thousandths of a share and the cash left', async () => {
    const before = await cash();
    // A price and an amount the account's cash covers, with a fraction of a share left over.
    const priceCents = Math.max(1_001, Math.floor(before / 7));
    const notionalCents = Math.floor(before / 2);
    await setQuote('VTI', priceCents / 100);
    const answer = await impact({ action: 'BUY', symbol: 'VTI', notional_value: notionalCents / 100 });
    const { trade, trade_impacts } = answer.data;
    const unitsMilli = Math.floor((notionalCents * 1000) / priceCents);
    const costCents = Math.round((unitsMilli * priceCents) / 1000);
    expect(milliOf(trade?.units)).toBe(unitsMilli);
    expect(centsOf(trade?.price)).toBe(priceCents);
    expect(trade?.symbol?.symbol).toBe('VTI');
    expect(trade?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(trade_impacts?.[0]?.estimated_commission).toBe(0);
    expect(centsOf(trade_impacts?.[0]?.remaining_cash)).toBe(before - costCents);
    expect(await cash()).toBe(before);
  });

  it('places a market buy once: the fill shows in positions, cash and activities; a reuse is refused', async () => {
    const cashBefore = await cash();
    // 2.5 shares at a price that costs a quarter of the cash.
    const priceCents = Math.max(100, Math.floor(cashBefore / 10));
    const costCents = Math.round((2_500 * priceCents) / 1000);
    await setQuote('VTI', priceCents / 100);
    const unitsBefore = await units('VTI');
    const { data } = await impact({ action: 'BUY', symbol: 'VTI', units: 2.5 });
    const order = await place(data.trade?.id ?? '');
    expect(order.data.status).toBe('EXECUTED');
    expect(order.data.filled_quantity).toBe('2.5');
    expect(centsOf(order.data.execution_price)).toBe(priceCents);
    expect(await cash()).toBe(cashBefore - costCents);
    expect(await units('VTI')).toBe(unitsBefore + 2_500);
    const today = new Date().toISOString().slice(0, 10);
    const activities = await sdk.accountInformation.getAccountActivities({
      ...user,
      accountId,
      startDate: today,
      endDate: today,
      type: 'BUY',
    });
    const fill = activities.data.data?.find((activity) => activity.id === order.data.brokerage_order_id);
    expect([centsOf(fill?.amount), fill?.units, fill?.symbol?.symbol]).toEqual([-costCents, 2.5, 'VTI']);
    const again = await refusal(place(data.trade?.id ?? ''));
    expect(again).toEqual({
      status: 400,
      body: { detail: 'This trade was already placed.', status_code: 400, code: '4005' },
    });
    expect(await cash()).toBe(cashBefore - costCents);
  });

  it('sells held shares at a limit at or below the price: filled at the price, cash in', async () => {
    await setQuote('VTI', 260);
    const held = await units('VTI');
    const cashBefore = await cash();
    const { data } = await impact({
      action: 'SELL',
      symbol: 'VTI',
      units: 1,
      order_type: 'Limit',
      price: 255,
    });
    const order = await place(data.trade?.id ?? '');
    expect([order.data.status, order.data.execution_price, order.data.limit_price]).toEqual([
      'EXECUTED',
      '260',
      '255',
    ]);
    expect(await units('VTI')).toBe(held - 1_000);
    expect(await cash()).toBe(cashBefore + 26_000);
  });

  it('a limit buy below the price stays open and changes nothing', async () => {
    await setQuote('VTI', 260);
    const cashBefore = await cash();
    const held = await units('VTI');
    const { data } = await impact({
      action: 'BUY',
      symbol: 'VTI',
      units: 0.1,
      order_type: 'Limit',
      price: 240,
    });
    expect(data.trade?.price).toBe(240);
    const order = await place(data.trade?.id ?? '');
    expect([order.data.status, order.data.open_quantity, order.data.execution_price]).toEqual([
      'ACCEPTED',
      '0.1',
      null,
    ]);
    expect([await cash(), await units('VTI')]).toEqual([cashBefore, held]);
  });

  it('refuses more than the cash, more than the position, an unknown symbol and stop orders', async () => {
    await setQuote('VTI', 250);
    const available = await cash();
    const tooMuch = await refusal(
      impact({ action: 'BUY', symbol: 'VTI', notional_value: available / 100 + 250 }),
    );
    expect(tooMuch).toMatchObject({ status: 400, body: { code: '4002', status_code: 400 } });
    const held = await units('VTI');
    const oversold = await refusal(impact({ action: 'SELL', symbol: 'VTI', units: held / 1000 + 1 }));
    expect(oversold).toMatchObject({ status: 400, body: { code: '4003' } });
    const unknown = await refusal(
      sdk.trading.getOrderImpact({
        ...user,
        account_id: accountId,
        action: 'BUY',
        universal_symbol_id: '00000000-0000-4000-8000-000000000000',
        order_type: 'Market',
        time_in_force: 'Day',
        units: 1,
      }),
    );
    expect(unknown).toMatchObject({ status: 400, body: { code: '4001' } });
    const stop = await refusal(impact({ action: 'BUY', symbol: 'VTI', units: 1, order_type: 'Stop' }));
    expect(stop).toMatchObject({ status: 400, body: { code: '1004' } });
    const both = await refusal(impact({ action: 'BUY', symbol: 'VTI', units: 1, notional_value: 100 }));
    expect(both).toMatchObject({ status: 400, body: { code: '1004' } });
  });

  it('refuses to trade in a read-only connection (the default of a login)', async () => {
    const login = await sdk.authentication.loginSnapTradeUser({ ...user, customRedirect: REDIRECT });
    const readOnly = await connectSandboxBrokerage(
      ('redirectURI' in login.data && login.data.redirectURI) || '',
      user.userId,
    );
    const accounts = await sdk.accountInformation.listUserAccounts(user);
    const readAccount = accounts.data.find((account) => account.brokerage_authorization === readOnly)?.id;
    const answer = await refusal(
      sdk.trading.getOrderImpact({
        ...user,
        account_id: readAccount ?? '',
        action: 'BUY',
        universal_symbol_id: await symbolId('VTI'),
        order_type: 'Market',
        time_in_force: 'Day',
        units: 0.1,
      }),
    );
    expect(answer).toEqual({
      status: 403,
      body: {
        detail: 'This connection is read-only. Reconnect it with trading permission to place orders.',
        status_code: 403,
        code: '4006',
      },
    });
  });

  it('refuses a trade placed after its 5 minutes, and an unknown trade id', async () => {
    await setQuote('VTI', 250);
    const cashBefore = await cash();
    // The signature's timestamp must stay within 5 minutes of the sandbox's clock: start it behind.
    clockOffsetMs = -4 * 60_000;
    const { data } = await impact({ action: 'BUY', symbol: 'VTI', units: 0.1 });
    clockOffsetMs = 61_000 + 4_000;
    const expired = await refusal(place(data.trade?.id ?? ''));
    clockOffsetMs = 0;
    expect(expired).toMatchObject({ status: 400, body: { code: '4004' } });
    const unknown = await refusal(place('8d3c4f0e-0000-4000-8000-000000000000'));
    expect(unknown).toMatchObject({ status: 404, body: { code: '1011' } });
    expect(await cash()).toBe(cashBefore);
  });
});
