import {
  connectSandboxBrokerage,
  randomSandboxKeys,
  type ServedSandbox,
  serveSnapTradeSandbox,
  setScenario,
  submitPortal,
} from '@penny/server/testing';
import { Snaptrade, SnaptradeAuth } from 'snaptrade-typescript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBrokerageData } from '../../sandbox/snaptrade/index.ts';
import { addDecimals, normalizeDecimal } from '../money.ts';
import { ProviderError, type ProviderErrorKind, type SnapTradeUser } from '../types.ts';
import { holdingFromLegacyPosition } from './conversions.ts';
import { createSnapTradeAdapter } from './snaptrade-adapter.ts';

const keys = randomSandboxKeys().snaptrade;
const { clientId, consumerKey } = keys;
const REDIRECT = 'http://localhost:5173/accounts/snaptrade/callback';

/** Every ProviderError the tests saw, checked at the end for leaked secrets. */
const seenErrors: ProviderError[] = [];
const seenSecrets: string[] = [consumerKey];

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    seenErrors.push(error);
    return error;
  }
  throw new Error('expected the call to fail');
}

async function expectKind(promise: Promise<unknown>, kind: ProviderErrorKind, code?: string) {
  const error = await failure(promise);
  expect({ kind: error.kind, platform: error.platform }).toEqual({ kind, platform: 'snaptrade' });
  if (code !== undefined) expect(error.providerCode).toBe(code);
  return error;
}

/** The fake opens the accounts on the first of the month two years before the connection. */
const today = () => new Date().toISOString().slice(0, 10);
const openedOn = () => `${Number(today().slice(0, 4)) - 2}-${today().slice(5, 7)}-01`;

/** The categories Penny documents for each activity type the sandbox produces. */
const EXPECTED_CATEGORIES: Record<string, [string, string]> = {
  BUY: ['INVESTMENT', 'INVESTMENT_BUY'],
  SELL: ['INVESTMENT', 'INVESTMENT_SELL'],
  DIVIDEND: ['INCOME', 'INCOME_DIVIDENDS'],
  INTEREST: ['INCOME', 'INCOME_INTEREST_EARNED'],
  FEE: ['BANK_FEES', 'BANK_FEES_OTHER_BANK_FEES'],
  CONTRIBUTION: ['TRANSFER_IN', 'TRANSFER_IN_DEPOSIT'],
  WITHDRAWAL: ['TRANSFER_OUT', 'TRANSFER_OUT_WITHDRAWAL'],
};

describe('SnapTrade adapter over the official SDK against the sandbox', () => {
  let sandbox: ServedSandbox;
  let adapter: ReturnType<typeof createSnapTradeAdapter>;
  let user: SnapTradeUser;
  let connectionId: string;
  let serial = 0;
  const newUser = async () => {
    serial += 1;
    const created = await adapter.registerUser(`penny-user-${serial}-${Date.now()}`);
    seenSecrets.push(created.userSecret);
    return created;
  };
  const connect = async (who: SnapTradeUser) =>
    connectSandboxBrokerage(await adapter.loginUri(who, REDIRECT), who.userId);

  beforeAll(async () => {
    sandbox = await serveSnapTradeSandbox({ credentials: keys });
    adapter = createSnapTradeAdapter({
      basePath: sandbox.basePath,
      clientId,
      consumerKey,
      activitiesPageSize: 40,
    });
    user = await newUser();
    const redirectUri = await adapter.loginUri(user, REDIRECT);
    expect(redirectUri.startsWith(`${sandbox.basePath}/portal?token=`)).toBe(true);
    connectionId = await connectSandboxBrokerage(redirectUri, user.userId);
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('links through the portal: the redirect names the new authorization, listed with its brokerage', async () => {
    expect(await adapter.listAuthorizations(user)).toEqual([
      { id: connectionId, brokerageName: 'SnapTrade Sandbox', disabled: false },
    ]);
  });

  it('lists the accounts of the connection with their total value as the current balance', async () => {
    const expected = generateBrokerageData({
      userId: user.userId,
      authorizationId: connectionId,
      openedOn: openedOn(),
      today: today(),
    }).accounts;
    expect(await adapter.listAccounts(user)).toEqual(
      expected.map((account) => ({
        providerAccountId: account.id,
        authorizationId: connectionId,
        institutionName: 'SnapTrade Sandbox Brokerage',
        name: account.name,
        officialName: null,
        mask: account.number.slice(-4),
        kind: 'investment',
        subtype: account.rawType,
        currency: 'USD',
        current: account.totalValue,
        available: null,
        limit: null,
      })),
    );
    expect(expected.map((account) => account.name)).toEqual(['Individual Brokerage', 'Roth IRA']);
  });

  it('reads every page of activities, newest first, as transactions with + = cash in', async () => {
    const start = openedOn();
    const end = today();
    const [individual] = generateBrokerageData({
      userId: user.userId,
      authorizationId: connectionId,
      openedOn: start,
      today: end,
    }).accounts;
    if (!individual) throw new Error('no account');
    const transactions = await adapter.getActivities(user, individual.id, { start, end });
    // 40 per page: the history spans several pages.
    expect(individual.activities.length).toBeGreaterThan(120);
    expect(transactions).toEqual(
      [...individual.activities].reverse().map((activity) => ({
        providerTransactionId: activity.id,
        providerAccountId: individual.id,
        date: activity.tradeDate,
        amount: normalizeDecimal(activity.amount),
        currency: 'USD',
        name: activity.description,
        merchant: null,
        categoryPrimary: EXPECTED_CATEGORIES[activity.type]?.[0],
        categoryDetailed: EXPECTED_CATEGORIES[activity.type]?.[1],
        pending: false,
      })),
    );
    // Signs: deposits and dividends in, buys and fees out, and all of it adds up to the cash balance.
    const byType = (type: string) =>
      transactions.filter((transaction) => transaction.categoryDetailed === type);
    expect(byType('TRANSFER_IN_DEPOSIT').every((transaction) => !transaction.amount.startsWith('-'))).toBe(
      true,
    );
    expect(byType('INVESTMENT_BUY').every((transaction) => transaction.amount.startsWith('-'))).toBe(true);
    expect(
      byType('BANK_FEES_OTHER_BANK_FEES').every((transaction) => transaction.amount.startsWith('-')),
    ).toBe(true);
    const [balance] = await adapter.getBalances(user, individual.id);
    expect(addDecimals(...transactions.map((transaction) => transaction.amount))).toBe(balance?.cash);
  });

  it('limits activities to the range asked, both ends inclusive', async () => {
    const [, roth] = await adapter.listAccounts(user);
    if (!roth) throw new Error('no Roth IRA');
    const start = `${today().slice(0, 4)}-01-01`;
    const end = `${today().slice(0, 4)}-03-31`;
    const transactions = await adapter.getActivities(user, roth.providerAccountId, { start, end });
    const generated = generateBrokerageData({
      userId: user.userId,
      authorizationId: connectionId,
      openedOn: openedOn(),
      today: today(),
    }).accounts[1]?.activities.filter((activity) => activity.tradeDate >= start && activity.tradeDate <= end);
    expect(transactions.map((transaction) => transaction.providerTransactionId)).toEqual(
      generated?.map((activity) => activity.id).reverse(),
    );
    expect(transactions.length).toBeGreaterThan(10);
  });

  it('reads balances and positions, decimals as strings, cost basis as a total', async () => {
    const accounts = generateBrokerageData({
      userId: user.userId,
      authorizationId: connectionId,
      openedOn: openedOn(),
      today: today(),
    }).accounts;
    for (const account of accounts) {
      expect(await adapter.getBalances(user, account.id)).toEqual([
        { currency: 'USD', cash: account.cash, buyingPower: account.buyingPower },
      ]);
      const holdings = await adapter.getPositions(user, account.id);
      expect(
        holdings.map((holding) => ({
          ticker: holding.security.ticker,
          type: holding.security.type,
          quantity: holding.quantity,
          price: holding.price,
          value: holding.value,
          costBasis: holding.costBasis,
        })),
      ).toEqual(
        account.positions.map((position) => ({
          ticker: position.ticker,
          type:
            position.ticker === 'FXAIX'
              ? 'mutual fund'
              : ['AAPL', 'MSFT', 'NVDA', 'GOOGL'].includes(position.ticker)
                ? 'equity'
                : 'etf',
          quantity: position.units,
          price: position.price,
          value: position.marketValue,
          costBasis: position.costBasis,
        })),
      );
      // The account's total is its cash plus what the holdings are worth.
      expect(addDecimals(account.cash, ...holdings.map((holding) => holding.value ?? '0'))).toBe(
        account.totalValue,
      );
    }
  });

  it('reads the legacy numeric positions (removed in SDK 12) to the same holdings', async () => {
    const sdk = new Snaptrade({
      basePath: sandbox.basePath,
      auth: SnaptradeAuth.commercialApiKey({ clientId, consumerKey }),
    });
    const [account] = await adapter.listAccounts(user);
    if (!account) throw new Error('no account');
    const legacy = await sdk.accountInformation.getUserAccountPositions({
      accountId: account.providerAccountId,
      userId: user.userId,
      userSecret: user.userSecret,
    });
    const fromLegacy = legacy.data.map((position) =>
      holdingFromLegacyPosition(account.providerAccountId, position),
    );
    expect(fromLegacy).toEqual(await adapter.getPositions(user, account.providerAccountId));
  });

  it('answers the same data for the same connection on the same day', async () => {
    const first = await adapter.listAccounts(user);
    const again = createSnapTradeAdapter({ basePath: sandbox.basePath, clientId, consumerKey });
    expect(await again.listAccounts(user)).toEqual(first);
    const id = first[0]?.providerAccountId ?? '';
    const range = { start: openedOn(), end: today() };
    expect(await again.getActivities(user, id, range)).toEqual(await adapter.getActivities(user, id, range));
  });

  it('maps wrong keys and a wrong user secret to invalid-credentials', async () => {
    const wrongKey = createSnapTradeAdapter({
      basePath: sandbox.basePath,
      clientId,
      consumerKey: 'not-the-key',
    });
    await expectKind(wrongKey.listAccounts(user), 'invalid-credentials', '1076');
    await expectKind(wrongKey.registerUser('someone-new'), 'invalid-credentials', '1076');
    const wrongClient = createSnapTradeAdapter({
      basePath: sandbox.basePath,
      clientId: 'SOMEONE-ELSE',
      consumerKey,
    });
    await expectKind(wrongClient.listAuthorizations(user), 'invalid-credentials');
    await expectKind(
      adapter.listAccounts({ ...user, userSecret: 'a-guessed-secret' }),
      'invalid-credentials',
      '1083',
    );
    await expectKind(adapter.listAccounts({ ...user, userId: 'nobody-here' }), 'invalid-credentials', '1083');
  });

  it('maps an unknown account to not-found and a bad range to invalid-request', async () => {
    await expectKind(adapter.getBalances(user, 'no-such-account'), 'not-found', '1011');
    await expectKind(adapter.getPositions(user, 'no-such-account'), 'not-found', '1011');
    const [account] = await adapter.listAccounts(user);
    const error = await expectKind(
      adapter.getActivities(user, account?.providerAccountId ?? '', { start: 'last week', end: today() }),
      'invalid-request',
    );
    expect(error.message).toContain('HTTP 400');
  });

  it('maps the sandbox scenarios to the kinds the product acts on', async () => {
    const victim = await newUser();
    await connect(victim);
    await setScenario(sandbox.basePath, keys, victim.userId, 'upstream_down');
    await expectKind(adapter.listAccounts(victim), 'unavailable', '3002');
    await setScenario(sandbox.basePath, keys, victim.userId, 'internal_error');
    await expectKind(adapter.listAuthorizations(victim), 'unavailable', '1000');
    await setScenario(sandbox.basePath, keys, victim.userId, 'connection_disabled');
    const [authorization] = await adapter.listAuthorizations(victim);
    expect(authorization?.disabled).toBe(true);
    await expectKind(adapter.listAccounts(victim), 'login-required', '3003');
    await setScenario(sandbox.basePath, keys, victim.userId, 'timeout', 2_000);
    const impatient = createSnapTradeAdapter({
      basePath: sandbox.basePath,
      clientId,
      consumerKey,
      timeoutMs: 150,
    });
    await expectKind(impatient.listAccounts(victim), 'timeout');
    await setScenario(sandbox.basePath, keys, victim.userId, null);
    expect(await adapter.listAccounts(victim)).toHaveLength(2);
  });

  it('reports portal failures and cancels to the redirect, creating nothing', async () => {
    const someone = await newUser();
    const outcome = async (fields: Parameters<typeof submitPortal>[2]) => {
      const answer = await submitPortal(await adapter.loginUri(someone, REDIRECT), someone.userId, fields);
      expect(answer.status).toBe(303);
      const location = new URL(answer.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      return Object.fromEntries(location.searchParams);
    };
    const failed = { status: 'ERROR', status_code: '500', error_code: '3002' };
    expect(
      await outcome({ action: 'connect', broker: 'SANDBOX', username: 'user_good', password: 'pass_error' }),
    ).toEqual(failed);
    expect(await outcome({ action: 'fail' })).toEqual(failed);
    expect(await outcome({ action: 'cancel' })).toEqual({ status: 'ABANDONED' });
    expect(await adapter.listAuthorizations(someone)).toEqual([]);
  });

  it('removes a connection and its accounts, then deletes the user', async () => {
    const leaving = await newUser();
    const first = await connect(leaving);
    const second = await connectSandboxBrokerage(
      await adapter.loginUri(leaving, REDIRECT),
      leaving.userId,
      'ALPACA-PAPER',
    );
    expect((await adapter.listAccounts(leaving)).map((account) => account.authorizationId).sort()).toEqual(
      [first, first, second, second].sort(),
    );
    await adapter.removeAuthorization(leaving, first);
    expect((await adapter.listAuthorizations(leaving)).map((authorization) => authorization.id)).toEqual([
      second,
    ]);
    const remaining = await adapter.listAccounts(leaving);
    expect(remaining.map((account) => [account.authorizationId, account.institutionName])).toEqual([
      [second, 'Alpaca Paper'],
      [second, 'Alpaca Paper'],
    ]);
    await expectKind(adapter.removeAuthorization(leaving, first), 'not-found', '1011');
    await adapter.deleteUser(leaving.userId);
    await expectKind(adapter.listAccounts(leaving), 'invalid-credentials');
    await expectKind(adapter.deleteUser(leaving.userId), 'not-found');
  });

  it('refuses to register the same user id twice', async () => {
    await expectKind(adapter.registerUser(user.userId), 'invalid-request', '1010');
  });

  it('never lets a secret, a signature or the request URL into an error', async () => {
    await failure(adapter.listAccounts({ ...user, userSecret: `${user.userSecret}x` }));
    const unreachable = createSnapTradeAdapter({
      basePath: 'http://127.0.0.1:9/nowhere',
      clientId,
      consumerKey,
      timeoutMs: 500,
    });
    const offline = await expectKind(unreachable.listAccounts(user), 'unavailable');
    expect(offline.message).not.toContain('127.0.0.1');
    expect(seenErrors.length).toBeGreaterThan(15);
    for (const error of seenErrors) {
      const texts = [
        error.message,
        JSON.stringify(error),
        String(error),
        error.stack ?? '',
        error.providerCode ?? '',
      ];
      for (const text of texts) {
        for (const secret of seenSecrets) expect(text).not.toContain(secret);
        expect(text).not.toMatch(/userSecret=|Signature[:=]|clientId=|timestamp=|https?:\/\//);
      }
    }
  });
});
