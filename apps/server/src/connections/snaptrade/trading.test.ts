import {
  connectSandboxBrokerage,
  randomSandboxKeys,
  type ServedSandbox,
  serveSnapTradeSandbox,
  signedPost,
} from '@penny/server/testing';
import { Snaptrade, SnaptradeAuth } from 'snaptrade-typescript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, type ProviderErrorKind, type SnapTradeUser } from '../types.ts';
import { createSnapTradeAdapter } from './snaptrade-adapter.ts';

/**
 * The adapter's trading against the sandbox brokerage over HTTP: Penny's types (decimal strings,
 * + = money in) and ProviderError kinds for the brokerage's refusals. Prices are set through the
 * sandbox's quote control; every expected figure is arithmetic over numbers this test chose.
 */

const keys = randomSandboxKeys().snaptrade;
const REDIRECT = 'http://localhost:5173/accounts/snaptrade/callback';
const cents = (value: string | null | undefined) => Math.round(Number(value ?? 'NaN') * 100);
const milli = (value: string | null | undefined) => Math.round(Number(value ?? '0') * 1000);

async function refused(promise: Promise<unknown>, kind: ProviderErrorKind, code: string | null) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    expect([error.kind, error.platform, error.providerCode]).toEqual([kind, 'snaptrade', code]);
    return error;
  }
  throw new Error('expected a refusal');
}

describe('SnapTrade adapter: trading against the sandbox', () => {
  let sandbox: ServedSandbox;
  let adapter: ReturnType<typeof createSnapTradeAdapter>;
  let user: SnapTradeUser;
  let accountId: string;
  let vti: string;
  const messages: string[] = [];

  const setQuote = async (symbol: string, price: number | null) => {
    expect((await signedPost(sandbox.basePath, keys, '/sandbox/quote', { symbol, price })).status).toBe(200);
  };
  const cash = async () => cents((await adapter.getBalances(user, accountId))[0]?.cash);
  const held = async () =>
    milli(
      (await adapter.getPositions(user, accountId)).find((holding) => holding.security.ticker === 'VTI')
        ?.quantity,
    );
  const order = (overrides: Partial<Parameters<typeof adapter.orderImpact>[1]> = {}) => ({
    accountId,
    symbolId: vti,
    action: 'buy' as const,
    orderType: 'market' as const,
    timeInForce: 'day' as const,
    units: null,
    amount: null,
    limitPrice: null,
    ...overrides,
  });

  beforeAll(async () => {
    sandbox = await serveSnapTradeSandbox({ credentials: keys });
    adapter = createSnapTradeAdapter({ basePath: sandbox.basePath, ...keys });
    user = await adapter.registerUser(`trading-${Date.now()}`);
    await connectSandboxBrokerage(await adapter.loginUri(user, REDIRECT), user.userId);
    const accounts = await adapter.listAccounts(user);
    accountId = accounts.find((account) => account.name === 'Individual Brokerage')?.providerAccountId ?? '';
    vti = (await adapter.findSymbol(user, accountId, 'vti'))?.symbolId ?? '';
    expect(vti).not.toBe('');
  });
  afterAll(async () => {
    await sandbox.close();
    for (const message of messages) {
      expect(message).not.toContain(user.userSecret);
      expect(message).not.toContain(keys.consumerKey);
    }
  });

  it('finds a symbol by its exact ticker, and none for one the brokerage does not trade', async () => {
    expect(await adapter.findSymbol(user, accountId, 'VTI')).toMatchObject({
      ticker: 'VTI',
      name: 'Vanguard Total Stock Market ETF',
    });
    expect(await adapter.findSymbol(user, accountId, 'ZZZQ')).toBeNull();
  });

  it('checks a dollar amount: units, price, the signed amount, commission and the cash left', async () => {
    const before = await cash();
    const priceCents = Math.max(1_001, Math.floor(before / 7));
    const amountCents = Math.floor(before / 2);
    await setQuote('VTI', priceCents / 100);
    const checkedAt = Date.now();
    const impact = await adapter.orderImpact(user, order({ amount: (amountCents / 100).toFixed(2) }));
    const unitsMilli = Math.floor((amountCents * 1000) / priceCents);
    const costCents = Math.round((unitsMilli * priceCents) / 1000);
    expect(milli(impact.units)).toBe(unitsMilli);
    expect(cents(impact.price)).toBe(priceCents);
    expect(cents(impact.amount)).toBe(-costCents);
    expect(impact.commission).toBe('0');
    expect(cents(impact.remainingCash)).toBe(before - costCents);
    expect(impact.ticker).toBe('VTI');
    const expiresIn = Date.parse(impact.expiresAt) - checkedAt;
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
  });

  it('places a checked trade once; the fill reads back as position, cash and a transaction', async () => {
    const before = await cash();
    const priceCents = Math.max(100, Math.floor(before / 10));
    await setQuote('VTI', priceCents / 100);
    const unitsBefore = await held();
    const impact = await adapter.orderImpact(user, order({ units: '2' }));
    const placed = await adapter.placeOrder(user, impact.tradeId);
    expect([placed.status, placed.filledUnits, cents(placed.executionPrice)]).toEqual([
      'filled',
      '2',
      priceCents,
    ]);
    expect(await cash()).toBe(before - 2 * priceCents);
    expect(await held()).toBe(unitsBefore + 2_000);
    const today = new Date().toISOString().slice(0, 10);
    const transactions = await adapter.getActivities(user, accountId, { start: today, end: today });
    const fill = transactions.find((entry) => entry.providerTransactionId === placed.orderId);
    expect(cents(fill?.amount)).toBe(-2 * priceCents);
    messages.push((await refused(adapter.placeOrder(user, impact.tradeId), 'trade-expired', '4005')).message);
    expect(await cash()).toBe(before - 2 * priceCents);
  });

  it('a limit order below the price is placed open and changes nothing', async () => {
    await setQuote('VTI', 300);
    const before = [await cash(), await held()];
    const impact = await adapter.orderImpact(
      user,
      order({ units: '0.1', orderType: 'limit', limitPrice: '290' }),
    );
    expect(impact.price).toBe('290');
    expect(await adapter.quote(user, accountId, 'VTI')).toBe('300');
    const placed = await adapter.placeOrder(user, impact.tradeId);
    expect([placed.status, placed.filledUnits, placed.executionPrice]).toEqual(['open', '0', null]);
    expect([await cash(), await held()]).toEqual(before);
  });

  it('a read-only connection (made without trading permission) refuses orders: order-refused', async () => {
    const sdk = new Snaptrade({ basePath: sandbox.basePath, auth: SnaptradeAuth.commercialApiKey(keys) });
    const login = await sdk.authentication.loginSnapTradeUser({ ...user, customRedirect: REDIRECT });
    const readOnly = await connectSandboxBrokerage(
      ('redirectURI' in login.data && login.data.redirectURI) || '',
      user.userId,
    );
    const account = (await adapter.listAccounts(user)).find((entry) => entry.authorizationId === readOnly);
    messages.push(
      (
        await refused(
          adapter.orderImpact(user, order({ accountId: account?.providerAccountId ?? '', units: '0.1' })),
          'order-refused',
          '4006',
        )
      ).message,
    );
  });

  it('refusals are order-refused (cash, units, symbol), a bad form invalid-request, an unknown trade not-found', async () => {
    await setQuote('VTI', 100);
    const available = await cash();
    const owned = await held();
    messages.push(
      (
        await refused(
          adapter.orderImpact(user, order({ amount: ((available + 100) / 100).toFixed(2) })),
          'order-refused',
          '4002',
        )
      ).message,
      (
        await refused(
          adapter.orderImpact(user, order({ action: 'sell', units: String((owned + 1000) / 1000) })),
          'order-refused',
          '4003',
        )
      ).message,
      (
        await refused(
          adapter.orderImpact(user, order({ symbolId: '00000000-0000-4000-8000-000000000000', units: '1' })),
          'order-refused',
          '4001',
        )
      ).message,
      (
        await refused(
          adapter.orderImpact(user, order({ units: '1', amount: '100' })),
          'invalid-request',
          '1004',
        )
      ).message,
      (await refused(adapter.placeOrder(user, '8d3c4f0e-0000-4000-8000-000000000000'), 'not-found', '1011'))
        .message,
    );
  });
});
