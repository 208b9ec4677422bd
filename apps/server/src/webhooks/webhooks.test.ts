import { createHash } from 'node:crypto';
import { apiErrorBodySchema } from '@penny/contracts';
import {
  accountsClient,
  createTestApp,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { and, eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVault } from '../connections/vault.ts';
import { tables } from '../db/index.ts';

type StoredKey = { kid: string; privateJwk: JWK };

/**
 * The Plaid webhook receiver over real HTTP, with the webhooks the sandbox sends itself and ones a
 * test signs with the sandbox's own key (read from its store, as a test opens the vault): what a
 * valid one does, and that a forged, unsigned, stale, altered, replayed or oversized one is refused
 * and changes nothing.
 */
describe.each(testDatabaseKinds())('Plaid webhooks on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let itemId: string;
  let connectionId: string;
  let accessToken: string;

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true, env: { PLAID_WEBHOOKS: 'true' } });
    ada = await t.signUpVerifiedUser();
    const linked = await (await accountsClient(t, ada)).linkBank();
    expect(linked.status).toBe(200);
    itemId = linked.body.item_id;
    const [row] = await t.database.db
      .select()
      .from(tables.connection)
      .where(and(eq(tables.connection.userId, ada.user.id), eq(tables.connection.itemId, itemId)));
    if (!row?.sealedSecret) throw new Error('no linked bank');
    connectionId = row.id;
    accessToken = createVault(t.secrets.vaultKey).open(row.sealedSecret, {
      userId: ada.user.id,
      connectionId,
    });
    await t.services.sync.settled();
  }, 60_000);
  afterAll(async () => {
    await t.services.jobs.settled();
    await t.close();
  });

  const queuedLines = () =>
    t.logs.filter((line) => line.msg === 'plaid webhook: sync queued' && line.connectionId === connectionId);
  const transactionCount = async () => {
    const [row] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from ${tables.ledgerTransaction} where connection_id = ${connectionId}`,
    );
    return row?.n ?? 0;
  };
  const plaid = async (path: string, body: Record<string, unknown>) => {
    const keys = t.sandboxKeys;
    if (!keys) throw new Error('no sandbox');
    const response = await t.app.request(`/sandbox/plaid${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'plaid-client-id': keys.plaid.clientId,
        'plaid-secret': keys.plaid.secret,
      },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  /** Every transaction the bank holds now, read from the vendor from the start. */
  const vendorTransactionIds = async () => {
    const ids = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const page = (await plaid('/transactions/sync', {
        access_token: accessToken,
        count: 500,
        ...(cursor ? { cursor } : {}),
      })) as { added: { transaction_id: string }[]; next_cursor: string; has_more: boolean };
      for (const added of page.added) ids.add(added.transaction_id);
      cursor = page.next_cursor;
      if (!page.has_more) return ids;
    }
  };
  const ledgerIds = async () =>
    new Set(
      (
        await t.rows<{ id: string }>(
          sql`select provider_transaction_id as id from ${tables.ledgerTransaction} where connection_id = ${connectionId}`,
        )
      ).map((row) => row.id),
    );

  /** The sandbox's signing key, as its store keeps it. */
  const sandboxKey = async (): Promise<StoredKey> => {
    const [row] = await t.rows<{ value: StoredKey }>(
      sql`select value from ${tables.sandboxRecord} where namespace = 'plaid:webhook-key' and key = 'current'`,
    );
    if (!row) throw new Error('the sandbox has no webhook key yet');
    return row.value;
  };
  const sign = async (
    body: string,
    options: { key?: StoredKey; iat?: number; bodyHash?: string; alg?: string } = {},
  ) => {
    const key = options.key ?? (await sandboxKey());
    return new SignJWT({
      request_body_sha256: options.bodyHash ?? createHash('sha256').update(body).digest('hex'),
    })
      .setProtectedHeader({ alg: options.alg ?? 'ES256', kid: key.kid, typ: 'JWT' })
      .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
      .sign(await importJWK(key.privateJwk, 'ES256'));
  };
  const deliver = (body: string, verification?: string) =>
    fetch(`${t.origin}/connect/webhooks/plaid`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(verification === undefined ? {} : { 'plaid-verification': verification }),
      },
      body,
    });
  const syncUpdates = (item: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: item,
      initial_update_complete: true,
      historical_update_complete: true,
      environment: 'sandbox',
      ...extra,
    });

  it('hears the sandbox announce the new item after linking, and queues its sync', async () => {
    await expect.poll(() => queuedLines().length, { timeout: 5_000 }).toBeGreaterThan(0);
    await t.services.jobs.settled();
    expect(await ledgerIds()).toEqual(await vendorTransactionIds());
  });

  it('fills the ledger with what the bank announces later, with no user action', async () => {
    await t.services.jobs.settled();
    const before = await transactionCount();
    const heard = queuedLines().length;
    // Time passes at the bank: new salary, groceries, pendings posted; Plaid announces it by webhook.
    await plaid('/sandbox/item/advance', { access_token: accessToken, days: 7 });
    await expect.poll(() => queuedLines().length, { timeout: 5_000 }).toBeGreaterThan(heard);
    await t.services.jobs.settled();
    await t.services.sync.settled();
    expect(await transactionCount()).toBeGreaterThan(before);
    expect(await ledgerIds()).toEqual(await vendorTransactionIds());
  });

  it('delivers the test webhooks Plaid’s /sandbox/item/fire_webhook fires', async () => {
    await t.services.jobs.settled();
    const heard = queuedLines().length;
    expect(
      await plaid('/sandbox/item/fire_webhook', {
        access_token: accessToken,
        webhook_code: 'DEFAULT_UPDATE',
      }),
    ).toMatchObject({
      webhook_fired: true,
    });
    await expect.poll(() => queuedLines().length, { timeout: 5_000 }).toBe(heard + 1);
    expect(queuedLines().at(-1)).toMatchObject({ webhook: 'DEFAULT_UPDATE' });
    await t.services.jobs.settled();
  });

  it('answers a valid webhook at once and queues the sync of its connection', async () => {
    const heard = queuedLines().length;
    const body = syncUpdates(itemId, { initial_update_complete: false });
    const response = await deliver(body, await sign(body));
    // Answered before the sync runs: the job is queued, not awaited (its speed belongs in bench/).
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(queuedLines().length).toBe(heard + 1);
    await t.services.jobs.settled();
  });

  it('queues a sync for the older transactions codes too, fetching the signing key once and keeping it', async () => {
    const keyFetches = () =>
      t.logs.filter((line) => line.path === '/sandbox/plaid/webhook_verification_key/get').length;
    // The deliveries so far (the sandbox's and the tests') needed the key once.
    expect(keyFetches()).toBe(1);
    const heard = queuedLines().length;
    for (const code of ['DEFAULT_UPDATE', 'HISTORICAL_UPDATE', 'INITIAL_UPDATE']) {
      const body = syncUpdates(itemId, { webhook_code: code });
      expect((await deliver(body, await sign(body))).status).toBe(200);
    }
    expect(queuedLines().length).toBe(heard + 3);
    expect(keyFetches()).toBe(1);
    await t.services.jobs.settled();
  });

  it('answers a valid webhook for an item nobody here holds exactly like one for a known item', async () => {
    const lines = t.logs.length;
    const body = syncUpdates('item-nobody-holds');
    const response = await deliver(body, await sign(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    const after = t.logs.slice(lines);
    expect(after.some((line) => line.msg === 'plaid webhook: sync queued')).toBe(false);
    expect(after.some((line) => String(line.msg).startsWith('sync job'))).toBe(false);
  });

  it('answers correctly signed hostile bodies with a 4xx or a no-op, never a 5xx, and queues nothing', async () => {
    const heard = queuedLines().length;
    const lines = t.logs.length;
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const bodies = [
      syncUpdates(`${itemId}\u0000`),
      syncUpdates('item-\ud800-lone'),
      syncUpdates(itemId, { webhook_code: '\ud83d' }),
      `{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":${JSON.stringify(itemId)},"extra":${deep}}`,
      syncUpdates(itemId, { webhook_type: 'T'.repeat(10_000) }),
      syncUpdates(itemId, { initial_update_complete: '9999-12-31T23:59:59Z', environment: 1e308 }),
      syncUpdates(itemId, {
        webhook_type: 'ITEM',
        webhook_code: 'PENDING_EXPIRATION',
        consent_expiration_time: 'next tuesday',
      }),
      syncUpdates(''),
      '[]',
      'null',
      '{"item_id":',
    ];
    for (const body of bodies) {
      const response = await deliver(body, await sign(body));
      expect({ body: body.slice(0, 80), status: response.status, ok: response.status < 500 }).toMatchObject({
        ok: true,
      });
    }
    await t.services.jobs.settled();
    expect(queuedLines().length).toBe(heard);
    expect(t.logs.slice(lines).some((line) => String(line.msg).startsWith('sync job'))).toBe(false);
  });

  it('refuses forged, unsigned, stale, altered, replayed and oversized webhooks, and changes nothing', async () => {
    await t.services.jobs.settled();
    const heard = queuedLines().length;
    const body = syncUpdates(itemId);
    const real = await sandboxKey();
    const other = await generateKeyPair('ES256', { extractable: true });
    const forgedKey = { kid: real.kid, privateJwk: await exportJWK(other.privateKey) };
    const unknownKid = { kid: 'no-such-key', privateJwk: await exportJWK(other.privateKey) };
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', kid: real.kid })).toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({ iat: Math.floor(Date.now() / 1000), request_body_sha256: sha(body) }),
    ).toString('base64url');

    const refusals: Array<[string, string, string | undefined, number, string]> = [
      ['no signature', body, undefined, 401, 'webhook:unverified'],
      ['not a JWT', body, 'not.a.jwt', 401, 'webhook:unverified'],
      ['alg none', body, `${unsignedHeader}.${claims}.`, 401, 'webhook:unverified'],
      [
        'another key under the real id',
        body,
        await sign(body, { key: forgedKey }),
        401,
        'webhook:unverified',
      ],
      ['a key Plaid never published', body, await sign(body, { key: unknownKid }), 401, 'webhook:unverified'],
      [
        'six minutes old',
        body,
        await sign(body, { iat: Math.floor(Date.now() / 1000) - 6 * 60 }),
        401,
        'webhook:unverified',
      ],
      [
        'dated ten minutes ahead',
        body,
        await sign(body, { iat: Math.floor(Date.now() / 1000) + 10 * 60 }),
        401,
        'webhook:unverified',
      ],
      [
        'the hash of another body',
        body,
        await sign(body, { bodyHash: sha(syncUpdates('item-else')) }),
        401,
        'webhook:unverified',
      ],
      [
        'a body changed after signing',
        body.replace('true', 'false'),
        await sign(body),
        401,
        'webhook:unverified',
      ],
    ];
    for (const [label, sent, header, status, code] of refusals) {
      const response = await deliver(sent, header);
      expect({ label, status: response.status }).toEqual({ label, status });
      expect(apiErrorBodySchema.parse(await response.json()).code).toBe(code);
    }

    // Oversized: refused before any of it is read.
    const huge = syncUpdates(itemId, { padding: 'x'.repeat(20_000) });
    const tooLarge = await deliver(huge, await sign(huge));
    expect(tooLarge.status).toBe(413);

    // Replayed: the same signed delivery, sent again.
    const replayBody = syncUpdates(itemId, { historical_update_complete: false });
    const header = await sign(replayBody);
    expect((await deliver(replayBody, header)).status).toBe(200);
    const replayed = await deliver(replayBody, header);
    expect(replayed.status).toBe(409);
    expect(apiErrorBodySchema.parse(await replayed.json()).code).toBe('webhook:replayed');
    await t.services.jobs.settled();

    // Only the one genuine delivery queued a sync.
    expect(queuedLines().length).toBe(heard + 1);
  });

  it('leaves the bank’s notices on its card through later syncs, until the user re-links', async () => {
    type Credential = {
      status: string;
      login_expires_at: string | null;
      new_accounts_available: boolean;
      last_synced_at: string | null;
    };
    const client = await accountsClient(t, ada);
    const card = async () => {
      const read = await client.get<{ accounts: Record<string, Credential> }>('/db/get-credentials');
      const [only] = Object.values(read.body.accounts);
      if (!only) throw new Error('no connection listed');
      return only;
    };
    await t.services.jobs.settled();
    const heard = queuedLines().length;
    expect(await card()).toMatchObject({ login_expires_at: null, new_accounts_available: false });

    // Plaid's sandbox scenarios: the consent ends in a week; the bank has accounts not shared yet.
    const fire = (code: string) =>
      plaid('/sandbox/item/fire_webhook', {
        access_token: accessToken,
        webhook_type: 'ITEM',
        webhook_code: code,
      });
    const fired = Date.now();
    expect(await fire('PENDING_EXPIRATION')).toMatchObject({ webhook_fired: true });
    await expect.poll(async () => (await card()).login_expires_at, { timeout: 5_000 }).not.toBeNull();
    const expires = Date.parse((await card()).login_expires_at ?? '');
    expect(expires - fired).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires - fired).toBeLessThan(7.1 * 86_400_000);
    expect(await fire('NEW_ACCOUNTS_AVAILABLE')).toMatchObject({ webhook_fired: true });
    await expect.poll(async () => (await card()).new_accounts_available, { timeout: 5_000 }).toBe(true);
    // Notices, not news: nothing to sync.
    expect(queuedLines().length).toBe(heard);

    // A sync in between (a refresh, a webhook, the daily one) leaves them: only the user can act.
    const before = (await card()).last_synced_at;
    expect(await t.services.sync.startSync(ada.user.id, connectionId)).toBe('started');
    await t.services.sync.settled();
    const synced = await card();
    expect(synced).toMatchObject({ status: 'active', new_accounts_available: true });
    expect(synced.login_expires_at).not.toBeNull();
    expect(synced.last_synced_at).not.toBe(before);

    // The user re-links (update mode): Link lets them choose the accounts again, and both notices go.
    const [row] = await t.database.db
      .select({ name: tables.connection.name })
      .from(tables.connection)
      .where(eq(tables.connection.id, connectionId));
    const token = await client.connect<{ link_token: string }>('/create_link_token', {
      account_name: row?.name ?? '',
    });
    expect(token.status).toBe(200);
    const [link] = await t.rows<{ value: { itemId: string; accountSelection?: boolean } }>(
      sql`select value from ${tables.sandboxRecord} where namespace = 'plaid:link-token' and key = ${token.body.link_token}`,
    );
    expect(link?.value).toMatchObject({ itemId, accountSelection: true });
    const signedIn = await client.sandbox<{ public_token: string }>('/plaid/link/public_token', {
      link_token: token.body.link_token,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(signedIn.status).toBe(200);
    const relinked = await client.connect('/set_access_token', { public_token: signedIn.body.public_token });
    expect(relinked.status).toBe(200);
    await t.services.sync.settled();
    expect(await card()).toMatchObject({
      status: 'active',
      login_expires_at: null,
      new_accounts_available: false,
    });
    await t.services.jobs.settled();
  });

  it('marks the bank as needing a new login when Plaid says so by webhook, before any sync fails', async () => {
    const status = async () => {
      const [row] = await t.database.db
        .select({ status: tables.connection.status })
        .from(tables.connection)
        .where(eq(tables.connection.id, connectionId));
      return row?.status;
    };
    expect(await status()).toBe('active');
    const heard = queuedLines().length;
    // The login expires at the bank: Plaid's sandbox control, whose ERROR webhook says ITEM_LOGIN_REQUIRED.
    expect(await plaid('/sandbox/item/reset_login', { access_token: accessToken })).toMatchObject({
      reset_login: true,
    });
    await expect.poll(status, { timeout: 5_000 }).toBe('login_required');
    const credentials = await (await accountsClient(t, ada)).get<{
      accounts: Record<string, { status: string; status_detail: string | null }>;
    }>('/db/get-credentials');
    expect(Object.values(credentials.body.accounts)).toEqual([
      expect.objectContaining({ status: 'login_required', status_detail: null }),
    ]);
    // Only the user can mend it: nothing queued.
    expect(queuedLines().length).toBe(heard);
  });
});

function sha(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
