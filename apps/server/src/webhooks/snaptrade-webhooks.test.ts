import { createHmac, randomUUID } from 'node:crypto';
import { apiErrorBodySchema } from '@penny/contracts';
import {
  accountsClient,
  createTestApp,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVault } from '../connections/vault.ts';
import { tables } from '../db/index.ts';
import { SNAPTRADE_USER_BINDING } from '../finance/accounts/snaptrade-user.ts';
import { snapTradeSignature } from '../sandbox/snaptrade/signature.ts';
import { pythonJson } from './index.ts';

describe('the form SnapTrade signs', () => {
  it('is Python’s json.dumps(payload, separators=(",", ":"), sort_keys=True), byte for byte', () => {
    // Outputs of CPython 3 for these payloads (ensure_ascii, sorted keys as strings, no spaces).
    expect(pythonJson({ b: [1, { d: null, c: true }], a: 'é ✓ 😀' })).toBe(
      '{"a":"\\u00e9 \\u2713 \\ud83d\\ude00","b":[1,{"c":true,"d":null}]}',
    );
    expect(pythonJson({ '9': 'x', '10': 'y', a: 'q"\n' })).toBe('{"10":"y","9":"x","a":"q\\"\\n"}');
  });
});

/**
 * The SnapTrade webhook receiver over real HTTP, with the webhooks the sandbox sends itself and ones a
 * test signs with the installation's consumer key: what a valid one does, and that a forged, stale,
 * replayed, altered or oversized one is refused and changes nothing.
 */
describe.each(testDatabaseKinds())('SnapTrade webhooks on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let authorizationId: string;
  let snapUserId: string;
  let snapUserSecret: string;
  let keys: { clientId: string; consumerKey: string };

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true, env: { SNAPTRADE_WEBHOOKS: 'true' } });
    ada = await t.signUpVerifiedUser();
    authorizationId = await (await accountsClient(t, ada)).linkBrokerage();
    // The sandbox announces the new connection half a second after the portal made it.
    await vi.waitFor(
      () => {
        if (!t.logs.some((line) => line.webhook === 'CONNECTION_ADDED'))
          throw new Error('the sandbox has not announced the new connection yet');
      },
      { timeout: 30_000, interval: 50 },
    );
    await t.services.sync.settled();
    await t.services.jobs.settled();
    const [user] = await t.database.db
      .select()
      .from(tables.providerUser)
      .where(and(eq(tables.providerUser.userId, ada.user.id), eq(tables.providerUser.platform, 'snaptrade')));
    if (!user || !t.sandboxKeys) throw new Error('no SnapTrade user');
    snapUserId = user.externalUserId;
    snapUserSecret = createVault(t.secrets.vaultKey).open(user.sealedSecret, {
      userId: ada.user.id,
      connectionId: SNAPTRADE_USER_BINDING,
    });
    keys = t.sandboxKeys.snaptrade;
  }, 60_000);
  afterAll(async () => {
    await t.services.jobs.settled();
    await t.close();
  });

  const queuedLines = () => t.logs.filter((line) => line.msg === 'snaptrade webhook: sync queued');
  const lastSynced = async () => {
    const [row] = await t.database.db
      .select({ at: tables.connection.lastSyncedAt })
      .from(tables.connection)
      .where(and(eq(tables.connection.userId, ada.user.id), eq(tables.connection.itemId, authorizationId)));
    return row?.at?.getTime() ?? 0;
  };
  const payload = (extra: Record<string, unknown> = {}) => ({
    webhookId: randomUUID(),
    clientId: keys.clientId,
    eventTimestamp: new Date().toISOString().replace('Z', '+00:00'),
    userId: snapUserId,
    eventType: 'ACCOUNT_HOLDINGS_UPDATED',
    brokerageAuthorizationId: authorizationId,
    accountId: randomUUID(),
    ...extra,
  });
  /** Signed as SnapTrade's reference handler checks it, over Python's serialisation of the payload. */
  const sign = (body: unknown, key = keys.consumerKey) =>
    createHmac('sha256', key).update(pythonJson(body)).digest('base64');
  const deliver = (body: string, signature?: string) =>
    fetch(`${t.origin}/connect/webhooks/snaptrade`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { signature }),
      },
      body,
    });

  it('heard the sandbox announce the new connection, as SnapTrade does', () => {
    const heard = t.logs.find((line) => line.webhook === 'CONNECTION_ADDED');
    // Stored by Penny before it arrived (a sync queued), or a moment after (the link's own sync read it).
    expect(['snaptrade webhook: sync queued', 'snaptrade webhook: nothing to do']).toContain(heard?.msg);
  });

  it('hears the sandbox announce each account after a holdings refresh, and syncs the connection once', async () => {
    const heard = queuedLines().length;
    const before = await lastSynced();
    // SnapTrade's refreshBrokerageAuthorization, as the SDK signs it.
    const path = `/authorizations/${authorizationId}/refresh`;
    const query = `clientId=${keys.clientId}&timestamp=${Math.round(Date.now() / 1000)}&userId=${encodeURIComponent(snapUserId)}&userSecret=${encodeURIComponent(snapUserSecret)}`;
    const refreshed = await fetch(`${t.origin}/sandbox/snaptrade${path}?${query}`, {
      method: 'POST',
      headers: { signature: snapTradeSignature(keys.consumerKey, { content: null, path, query }) },
    });
    expect(refreshed.status).toBe(200);
    await expect.poll(() => queuedLines().length, { timeout: 5_000 }).toBeGreaterThan(heard);
    expect(queuedLines().at(-1)).toMatchObject({ webhook: 'ACCOUNT_HOLDINGS_UPDATED' });
    await t.services.jobs.settled();
    await t.services.sync.settled();
    expect(await lastSynced()).toBeGreaterThan(before);
  });

  it('answers a valid webhook at once, re-serialising the body as SnapTrade signed it', async () => {
    await t.services.jobs.settled();
    const heard = queuedLines().length;
    const body = payload({ details: { note: 'café ✓', positions: { success: true, error: null } } });
    // Sent with spaces, keys unsorted and the accents raw: the signature is over the canonical form.
    const response = await deliver(JSON.stringify(body, null, 2), sign(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(queuedLines().length).toBe(heard + 1);
    expect(queuedLines().at(-1)).toMatchObject({ queued: expect.any(String) });
    await t.services.jobs.settled();
  });

  it('answers a connection nobody here holds, and events it does not act on, like a known one', async () => {
    const heard = queuedLines().length;
    for (const body of [
      payload({ brokerageAuthorizationId: randomUUID() }),
      payload({ userId: 'someone-else' }),
      payload({ eventType: 'USER_REGISTERED', brokerageAuthorizationId: undefined }),
    ]) {
      const response = await deliver(JSON.stringify(body), sign(body));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    }
    expect(queuedLines().length).toBe(heard);
  });

  it('refuses forged, unsigned, stale, replayed, altered and oversized webhooks, and changes nothing', async () => {
    await t.services.jobs.settled();
    const heard = queuedLines().length;
    const body = payload();
    const text = JSON.stringify(body);
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const stale = payload({ eventTimestamp: minutes(-6) });
    const ahead = payload({ eventTimestamp: minutes(10) });
    const otherPartner = payload({ clientId: 'SOMEONE-ELSE' });
    const noTime = payload({ eventTimestamp: 'yesterday' });
    const refusals: Array<[string, string, string | undefined, number, string]> = [
      ['no signature', text, undefined, 401, 'webhook:unverified'],
      ['signed with another key', text, sign(body, 'not-our-consumer-key'), 401, 'webhook:unverified'],
      [
        'a body changed after signing',
        text.replace('ACCOUNT_HOLDINGS', 'CONNECTION'),
        sign(body),
        401,
        'webhook:unverified',
      ],
      ['an absurd signature', text, 'x'.repeat(5_000), 401, 'webhook:unverified'],
      ['six minutes old', JSON.stringify(stale), sign(stale), 401, 'webhook:unverified'],
      ['dated ten minutes ahead', JSON.stringify(ahead), sign(ahead), 401, 'webhook:unverified'],
      ['another partner', JSON.stringify(otherPartner), sign(otherPartner), 401, 'webhook:unverified'],
      ['no readable time', JSON.stringify(noTime), sign(noTime), 401, 'webhook:unverified'],
      ['not JSON', '{"webhookId":', sign({}), 400, 'request:not-json'],
      ['signed but not a webhook', '[]', sign([]), 400, 'request:invalid'],
    ];
    for (const [label, sent, signature, status, code] of refusals) {
      const response = await deliver(sent, signature);
      expect({ label, status: response.status }).toEqual({ label, status });
      expect(apiErrorBodySchema.parse(await response.json()).code).toBe(code);
    }

    const huge = payload({ padding: 'x'.repeat(20_000) });
    expect((await deliver(JSON.stringify(huge), sign(huge))).status).toBe(413);

    // Replayed: the same webhookId again, even re-signed.
    expect((await deliver(text, sign(body))).status).toBe(200);
    const replayed = await deliver(text, sign(body));
    expect(replayed.status).toBe(409);
    expect(apiErrorBodySchema.parse(await replayed.json()).code).toBe('webhook:replayed');
    await t.services.jobs.settled();
    expect(queuedLines().length).toBe(heard + 1);
  });

  it('answers correctly signed hostile bodies with a 4xx or a no-op, never a 5xx', async () => {
    const heard = queuedLines().length;
    const deep: unknown = JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`);
    const bodies: unknown[] = [
      payload({ brokerageAuthorizationId: `${authorizationId}\u0000` }),
      payload({ eventType: 'E'.repeat(10_000) }),
      payload({ webhookId: 42 }),
      payload({ eventTimestamp: '9999-12-31T23:59:59Z' }),
      payload({ extra: deep }),
      null,
      'a string',
    ];
    for (const body of bodies) {
      const response = await deliver(JSON.stringify(body), sign(body));
      expect({ status: response.status, ok: response.status < 500 }).toMatchObject({ ok: true });
    }
    await t.services.jobs.settled();
    expect(queuedLines().length).toBe(heard);
  });
});
