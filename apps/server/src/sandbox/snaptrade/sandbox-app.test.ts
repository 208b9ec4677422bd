import { createHmac } from 'node:crypto';
import {
  browserOf,
  connectSandboxBrokerage,
  randomSandboxKeys,
  type ServedSandbox,
  serveSnapTradeSandbox,
  setScenario,
  signedPost,
  submitPortal,
} from '@penny/server/testing';
import { Snaptrade, SnaptradeAuth, SnaptradeError } from 'snaptrade-typescript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const keys = randomSandboxKeys().snaptrade;
const { clientId, consumerKey } = keys;
const REDIRECT = 'http://localhost:5173/accounts/snaptrade/callback';
const SANDBOX_LOGIN_FIELDS = { username: 'user_good', password: 'pass_good' };

/** The signature as SnapTrade documents it, written out independently of the fake's code. */
function documentedSignature(key: string, content: unknown, path: string, query: string) {
  const sortKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sortKeys)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, sortKeys(v)]),
          )
        : value;
  const message = JSON.stringify(sortKeys({ content, path, query }));
  return createHmac('sha256', encodeURI(key)).update(message).digest('base64');
}

async function rawCall(
  basePath: string,
  method: string,
  path: string,
  options: {
    query?: Record<string, string>;
    body?: string;
    signPath?: string;
    key?: string;
    timestamp?: number;
  } = {},
) {
  const query = new URLSearchParams({
    clientId,
    ...options.query,
    timestamp: String(options.timestamp ?? Math.round(Date.now() / 1000)),
  }).toString();
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  const content = options.body === undefined || options.body === '{}' ? null : parse(options.body);
  const signature = documentedSignature(options.key ?? consumerKey, content, options.signPath ?? path, query);
  return fetch(`${basePath}${path}?${query}`, {
    method,
    headers: { 'content-type': 'application/json', Signature: signature },
    ...(options.body === undefined ? {} : { body: options.body }),
  });
}

async function sdkFailure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SnaptradeError) return { status: error.status, body: error.responseBody };
    throw error;
  }
  throw new Error('expected a SnapTrade error');
}

describe('SnapTrade sandbox upstream', () => {
  let sandbox: ServedSandbox;
  let sdk: Snaptrade<ReturnType<typeof SnaptradeAuth.commercialApiKey>>;
  let user: { userId: string; userSecret: string };
  let authorizationId: string;
  let clockOffsetMs = 0;

  beforeAll(async () => {
    sandbox = await serveSnapTradeSandbox({
      credentials: keys,
      now: () => new Date(Date.now() + clockOffsetMs),
    });
    sdk = new Snaptrade({
      basePath: sandbox.basePath,
      auth: SnaptradeAuth.commercialApiKey({ clientId, consumerKey }),
    });
    const registered = await sdk.authentication.registerSnapTradeUser({ userId: 'sandbox-app-user' });
    user = { userId: registered.data.userId ?? '', userSecret: registered.data.userSecret ?? '' };
    const login = await sdk.authentication.loginSnapTradeUser({ ...user, customRedirect: REDIRECT });
    authorizationId = await connectSandboxBrokerage(
      ('redirectURI' in login.data && login.data.redirectURI) || '',
      user.userId,
    );
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const loginUri = async (body: { customRedirect?: string; broker?: string; reconnect?: string } = {}) => {
    const login = await sdk.authentication.loginSnapTradeUser({ ...user, ...body });
    if (!('redirectURI' in login.data) || !login.data.redirectURI) throw new Error('no redirectURI');
    return login.data.redirectURI;
  };

  describe('signatures', () => {
    it('accepts the documented signature over the relative path, /api/v1 + it, or the full path', async () => {
      const query = { userId: user.userId, userSecret: user.userSecret };
      const full = new URL(sandbox.basePath).pathname;
      for (const signPath of ['/accounts', '/api/v1/accounts', `${full}/accounts`]) {
        const response = await rawCall(sandbox.basePath, 'GET', '/accounts', { query, signPath });
        expect(response.status).toBe(200);
      }
      const legacyBase = new Snaptrade({
        basePath: `${sandbox.basePath}/api/v1`,
        auth: SnaptradeAuth.commercialApiKey({ clientId, consumerKey }),
      });
      const accounts = await legacyBase.accountInformation.listUserAccounts(user);
      expect(accounts.data.map((account) => account.brokerage_authorization)).toEqual([
        authorizationId,
        authorizationId,
      ]);
    });

    it('refuses a wrong key, a missing signature, a foreign client and a stale timestamp with SnapTrade bodies', async () => {
      const query = { userId: user.userId, userSecret: user.userSecret };
      const wrongKey = await rawCall(sandbox.basePath, 'GET', '/accounts', { query, key: 'nope' });
      expect([wrongKey.status, await wrongKey.json()]).toEqual([
        401,
        { detail: 'Unable to verify signature sent', status_code: 401, code: '1076' },
      ]);
      const unsigned = await fetch(
        `${sandbox.basePath}/accounts?clientId=${clientId}&timestamp=${Math.round(Date.now() / 1000)}`,
      );
      expect(unsigned.status).toBe(401);
      const stale = await rawCall(sandbox.basePath, 'GET', '/accounts', {
        query,
        timestamp: Math.round(Date.now() / 1000) - 600,
      });
      expect([stale.status, ((await stale.json()) as { code: string }).code]).toEqual([401, '1077']);
      const foreign = new Snaptrade({
        basePath: sandbox.basePath,
        auth: SnaptradeAuth.commercialApiKey({ clientId: 'OTHER', consumerKey }),
      });
      expect((await sdkFailure(foreign.accountInformation.listUserAccounts(user))).status).toBe(401);
      const scenarioUnsigned = await signedPost(
        sandbox.basePath,
        { clientId, consumerKey: 'x' },
        '/sandbox/scenario',
        { userId: user.userId, scenario: null },
      );
      expect(scenarioUnsigned.status).toBe(401);
    });
  });

  describe('bad input gets a 4xx with SnapTrade’s error body, never a 500', () => {
    it('answers malformed bodies, missing fields, bad queries and unknown resources', async () => {
      const cases: [Response, number][] = [
        [await rawCall(sandbox.basePath, 'POST', '/snapTrade/registerUser', { body: '{"userId":' }), 400],
        [await rawCall(sandbox.basePath, 'POST', '/snapTrade/registerUser', { body: '{"userId":""}' }), 400],
        [await rawCall(sandbox.basePath, 'POST', '/snapTrade/registerUser', { body: '[1,2]' }), 400],
        [
          await rawCall(sandbox.basePath, 'POST', '/sandbox/scenario', {
            body: '{"userId":"x","scenario":"meteor"}',
          }),
          400,
        ],
        [
          await rawCall(sandbox.basePath, 'POST', '/sandbox/scenario', {
            body: '{"userId":"nobody","scenario":null}',
          }),
          404,
        ],
        [await rawCall(sandbox.basePath, 'DELETE', '/snapTrade/deleteUser'), 400],
        [await rawCall(sandbox.basePath, 'GET', '/no/such/thing'), 404],
        [
          await rawCall(sandbox.basePath, 'POST', '/snapTrade/registerUser', {
            body: JSON.stringify({ userId: 'x'.repeat(100_000) }),
          }),
          400,
        ],
      ];
      for (const [response, status] of cases) {
        expect(response.status).toBe(status);
        const body = (await response.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'status_code']);
        expect(body.status_code).toBe(status);
      }
      const [account] = (await sdk.accountInformation.listUserAccounts(user)).data;
      const accountId = account?.id ?? '';
      const activities = (query: Record<string, string | number>) =>
        sdkFailure(sdk.accountInformation.getAccountActivities({ ...user, accountId, ...query }));
      expect((await activities({ limit: 1001 })).status).toBe(400);
      expect((await activities({ startDate: '2024/01/01' })).status).toBe(400);
      expect((await activities({ offset: -1 })).status).toBe(400);
      const missing = await sdkFailure(
        sdk.accountInformation.getUserAccountBalance({ ...user, accountId: 'nope' }),
      );
      expect(missing).toEqual({
        status: 404,
        body: { detail: 'The requested resource does not exist.', status_code: 404, code: '1011' },
      });
      expect(
        (
          await sdkFailure(
            sdk.authentication.loginSnapTradeUser({ ...user, customRedirect: 'javascript:alert(1)' }),
          )
        ).status,
      ).toBe(400);
      expect(
        (await sdkFailure(sdk.authentication.loginSnapTradeUser({ ...user, broker: 'NOT-A-BROKER' }))).status,
      ).toBe(400);
      expect(
        (await sdkFailure(sdk.authentication.registerSnapTradeUser({ userId: user.userId }))).body,
      ).toMatchObject({
        status_code: 400,
        code: '1010',
      });
    });
  });

  describe('operations', () => {
    it('pages activities newest first and filters them by type', async () => {
      const [account] = (await sdk.accountInformation.listUserAccounts(user)).data;
      const accountId = account?.id ?? '';
      const first = (await sdk.accountInformation.getAccountActivities({ ...user, accountId, limit: 25 }))
        .data;
      const second = (
        await sdk.accountInformation.getAccountActivities({ ...user, accountId, limit: 25, offset: 25 })
      ).data;
      expect(first.pagination).toEqual({ offset: 0, limit: 25, total: expect.any(Number) });
      expect(first.pagination?.total).toBeGreaterThan(100);
      const dates = [...(first.data ?? []), ...(second.data ?? [])].map(
        (activity) => activity.trade_date ?? '',
      );
      expect(dates).toHaveLength(50);
      expect([...dates].sort().reverse()).toEqual(dates);
      const dividends = (
        await sdk.accountInformation.getAccountActivities({ ...user, accountId, type: 'DIVIDEND' })
      ).data;
      expect(dividends.data?.length).toBeGreaterThan(10);
      expect(new Set(dividends.data?.map((activity) => activity.type))).toEqual(new Set(['DIVIDEND']));
      expect(dividends.data?.every((activity) => (activity.amount ?? 0) > 0 && activity.symbol?.symbol)).toBe(
        true,
      );
    });

    it('serves account details, holdings and both position shapes consistently', async () => {
      const [account] = (await sdk.accountInformation.listUserAccounts(user)).data;
      const accountId = account?.id ?? '';
      const detail = (await sdk.accountInformation.getUserAccountDetails({ ...user, accountId })).data;
      expect(detail).toEqual(account);
      const holdings = (await sdk.accountInformation.getUserHoldings({ ...user, accountId })).data;
      expect(holdings.total_value?.value).toBe(account?.balance.total?.amount);
      const legacy = (await sdk.accountInformation.getUserAccountPositions({ ...user, accountId })).data;
      const modern = (await sdk.accountInformation.getAllAccountPositions({ ...user, accountId })).data;
      expect(
        legacy.map((position) => [position.symbol?.symbol?.symbol, position.units, position.price]),
      ).toEqual(
        modern.results.map((position) => [
          position.instrument.symbol,
          Number(position.units),
          Number(position.price),
        ]),
      );
      expect(modern.results.every((position) => typeof position.units === 'string')).toBe(true);
      const authorization = (await sdk.connections.detailBrokerageAuthorization({ ...user, authorizationId }))
        .data;
      expect(authorization).toMatchObject({
        id: authorizationId,
        disabled: false,
        brokerage: { slug: 'SANDBOX' },
      });
      expect((await sdk.authentication.listSnapTradeUsers()).data).toContain(user.userId);
    });

    it('removes an authorization through the legacy DELETE /authorizations/{id} with its accounts', async () => {
      const other = (await sdk.authentication.registerSnapTradeUser({ userId: 'sandbox-app-remover' })).data;
      const who = { userId: other.userId ?? '', userSecret: other.userSecret ?? '' };
      const login = await sdk.authentication.loginSnapTradeUser({ ...who, customRedirect: REDIRECT });
      const id = await connectSandboxBrokerage(
        ('redirectURI' in login.data && login.data.redirectURI) || '',
        who.userId,
      );
      expect((await sdk.accountInformation.listUserAccounts(who)).data).toHaveLength(2);
      const removed = await sdk.connections.removeBrokerageAuthorization({ ...who, authorizationId: id });
      expect(removed.status).toBe(204);
      expect((await sdk.accountInformation.listUserAccounts(who)).data).toEqual([]);
      const deleted = await sdk.authentication.deleteSnapTradeUser({ userId: who.userId });
      expect(deleted.data).toMatchObject({ status: 'deleted', userId: who.userId });
      expect((await sdkFailure(sdk.connections.listBrokerageAuthorizations(who))).status).toBe(401);
    });
  });

  describe('connection portal', () => {
    it('is an accessible page with a strict CSP whose nonce is the only way styles run', async () => {
      const page = await fetch(await loginUri({ customRedirect: REDIRECT, broker: 'ALPACA-PAPER' }), {
        headers: browserOf(user.userId),
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      // Its URL (the token) goes to no other origin; its form posts carry our Origin (not `null`).
      expect(page.headers.get('referrer-policy')).toBe('same-origin');
      const csp = page.headers.get('content-security-policy') ?? '';
      const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self' http://localhost:5173");
      const html = await page.text();
      expect(html).toContain('<meta name="referrer" content="same-origin">');
      expect(nonce && html.includes(`<style nonce="${nonce}">`)).toBe(true);
      expect(html).toMatch(/<main>[\s\S]*<h1>Connect your brokerage<\/h1>/);
      expect(html).toContain('<label class="field" for="username">Username</label>');
      expect(html).toContain('<label class="field" for="password">Password</label>');
      expect(html).toMatch(/<input type="radio" id="broker-\d" name="broker" value="ALPACA-PAPER" checked>/);
      expect(html).not.toMatch(/\s(src|href)=/);
      for (const button of ['Connect', 'Cancel', 'Simulate a failure'])
        expect(html).toContain(`>${button}</button>`);
    });

    it('shows the form again with an error on a wrong password, escaping what was typed', async () => {
      const answer = await submitPortal(await loginUri({ customRedirect: REDIRECT }), user.userId, {
        action: 'connect',
        broker: 'SANDBOX',
        username: '"><script>alert(1)</script>',
        password: 'wrong',
      });
      expect(answer.status).toBe(401);
      const html = await answer.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain('The username or password is incorrect.');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    });

    it('spends the token once, and refuses it after five minutes', async () => {
      const uri = await loginUri({ customRedirect: REDIRECT });
      const token = new URL(uri).searchParams.get('token') ?? '';
      const portal = new URL('portal', uri).toString();
      const post = () =>
        fetch(portal, {
          method: 'POST',
          headers: browserOf(user.userId),
          body: new URLSearchParams({ token, action: 'cancel' }),
          redirect: 'manual',
        });
      expect((await post()).status).toBe(303);
      const again = await post();
      expect(again.status).toBe(400);
      expect(await again.text()).toContain('This connection link has expired or was already used.');
      const later = await loginUri({ customRedirect: REDIRECT });
      clockOffsetMs = 6 * 60_000;
      try {
        expect((await fetch(later, { headers: browserOf(user.userId) })).status).toBe(400);
      } finally {
        clockOffsetMs = 0;
      }
      expect(
        (await fetch(`${sandbox.basePath}/portal?token=made-up`, { headers: browserOf(user.userId) })).status,
      ).toBe(400);
    });

    it('says “Connected” and closes itself when there is no redirect', async () => {
      const answer = await submitPortal(await loginUri(), user.userId, {
        action: 'connect',
        broker: 'QUESTRADE-PRACTICE',
        username: 'user_good',
        password: 'pass_good',
      });
      expect(answer.status).toBe(200);
      const html = await answer.text();
      const nonce = /script-src 'nonce-([^']+)'/.exec(
        answer.headers.get('content-security-policy') ?? '',
      )?.[1];
      expect(html).toContain('Connected. You can close this window.');
      expect(html).toContain(`<script nonce="${nonce}">window.close();</script>`);
    });

    it('is served only to the browser of its own user: signed out 401, another user as an unknown link', async () => {
      const uri = await loginUri({ customRedirect: REDIRECT });
      const token = new URL(uri).searchParams.get('token') ?? '';
      const portal = new URL('portal', uri).toString();
      const signedOut = await fetch(uri);
      expect(signedOut.status).toBe(401);
      expect(await signedOut.text()).not.toContain('name="token"');
      const other = browserOf('someone-else');
      const page = await fetch(uri, { headers: other });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('This connection link has expired or was already used.');
      const before = (await sdk.connections.listBrokerageAuthorizations(user)).data.length;
      for (const headers of [{}, other]) {
        const posted = await fetch(portal, {
          method: 'POST',
          headers,
          body: new URLSearchParams({ token, action: 'connect', broker: 'SANDBOX', ...SANDBOX_LOGIN_FIELDS }),
          redirect: 'manual',
        });
        expect(posted.status).not.toBe(303);
      }
      expect((await sdk.connections.listBrokerageAuthorizations(user)).data).toHaveLength(before);
      expect((await fetch(uri, { headers: browserOf(user.userId) })).status).toBe(200);
    });

    it('keeps each user’s portal links and connections bounded', async () => {
      const created = (await sdk.authentication.registerSnapTradeUser({ userId: 'sandbox-app-busy' })).data;
      const busy = { userId: created.userId ?? '', userSecret: created.userSecret ?? '' };
      const links: string[] = [];
      for (let i = 0; i < 7; i++) {
        const login = await sdk.authentication.loginSnapTradeUser({ ...busy, customRedirect: REDIRECT });
        links.push(('redirectURI' in login.data && login.data.redirectURI) || '');
      }
      const kept = (await sandbox.store.list<{ userId: string }>('snaptrade:portal')).filter(
        (entry) => entry.value.userId === busy.userId,
      );
      expect(kept).toHaveLength(5);
      expect((await fetch(links[0] ?? '', { headers: browserOf(busy.userId) })).status).toBe(400);
      for (const link of links.slice(2)) await connectSandboxBrokerage(link, busy.userId);
      for (let i = 5; i < 20; i++) {
        const login = await sdk.authentication.loginSnapTradeUser({ ...busy, customRedirect: REDIRECT });
        await connectSandboxBrokerage(
          ('redirectURI' in login.data && login.data.redirectURI) || '',
          busy.userId,
        );
      }
      const full = await sdk.authentication.loginSnapTradeUser({ ...busy, customRedirect: REDIRECT });
      const refused = await submitPortal(
        ('redirectURI' in full.data && full.data.redirectURI) || '',
        busy.userId,
        {
          action: 'connect',
          broker: 'SANDBOX',
          ...SANDBOX_LOGIN_FIELDS,
        },
      );
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('already holds 20 connections');
      expect((await sdk.connections.listBrokerageAuthorizations(busy)).data).toHaveLength(20);
    });

    it('repairs a disabled connection when the user reconnects it', async () => {
      const repaired = (await sdk.authentication.registerSnapTradeUser({ userId: 'sandbox-app-reconnect' }))
        .data;
      const who = { userId: repaired.userId ?? '', userSecret: repaired.userSecret ?? '' };
      const first = await sdk.authentication.loginSnapTradeUser({ ...who, customRedirect: REDIRECT });
      const id = await connectSandboxBrokerage(
        ('redirectURI' in first.data && first.data.redirectURI) || '',
        who.userId,
      );
      await setScenario(sandbox.basePath, keys, who.userId, 'connection_disabled');
      expect((await sdk.connections.listBrokerageAuthorizations(who)).data[0]?.disabled).toBe(true);
      expect((await sdkFailure(sdk.accountInformation.listUserAccounts(who))).body).toMatchObject({
        code: '3003',
      });
      const again = await sdk.authentication.loginSnapTradeUser({
        ...who,
        customRedirect: REDIRECT,
        reconnect: id,
      });
      expect(
        await connectSandboxBrokerage(
          ('redirectURI' in again.data && again.data.redirectURI) || '',
          who.userId,
        ),
      ).toBe(id);
      expect(
        (await sdk.connections.listBrokerageAuthorizations(who)).data.map((a) => [a.id, a.disabled]),
      ).toEqual([[id, false]]);
      expect((await sdk.accountInformation.listUserAccounts(who)).data).toHaveLength(2);
    });
  });
});
