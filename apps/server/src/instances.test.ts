import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { envelopeErrors, publicConfigSchema } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import {
  type HttpUser,
  killServerProcesses,
  logLines,
  type ServerProcess,
  signUpBody,
  signUpOverHttp,
  startServerProcess,
  testDatabaseKinds,
} from '@penny/server/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVault } from './connections/vault.ts';
import { SYNC_QUEUE } from './jobs/index.ts';

// Two server processes on one PostgreSQL database and one Redis (issue 22's "several instances"):
// where TEST_DATABASE_URL and TEST_REDIS_URL name servers, as on CI.
const both = process.env.TEST_REDIS_URL ? testDatabaseKinds().filter((kind) => kind === 'postgres') : [];

const ORIGIN = 'http://localhost:3000';
const PLAID = { client_id: `it-${randomBytes(4).toString('hex')}`, secret: randomBytes(16).toString('hex') };

describe.each(both)('two instances on one %s database and one Redis', () => {
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const name = `penny_instances_${randomBytes(5).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(admin || 'postgres://localhost/none');
    url.pathname = `/${name}`;
    return url.toString();
  })();
  const vaultKey = randomBytes(32);
  const dirs: string[] = [];
  let db: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  let originA: string;
  let originB: string;
  let user: HttpUser;
  let connectionId: string;
  let accessToken: string;

  // A logical database of Redis of its own, emptied first: the counters and replay ids of other tests,
  // and of an earlier run of this one, stay apart.
  const redisUrl = (() => {
    const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    url.pathname = '/7';
    return url.toString();
  })();
  const start = async (env: Record<string, string> = {}) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-instances-'));
    dirs.push(dataDir);
    return startServerProcess({
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      AUTH_SECRET: shared.AUTH_SECRET,
      VAULT_KEY: vaultKey.toString('base64'),
      BOX_SECRET_KEY: shared.BOX_SECRET_KEY,
      PUBLIC_URL: ORIGIN,
      PLAID_CLIENT_ID: PLAID.client_id,
      PLAID_SECRET: PLAID.secret,
      SNAPTRADE_CLIENT_ID: 'instances-test',
      SNAPTRADE_CONSUMER_KEY: randomBytes(16).toString('hex'),
      // A dead instance's hold on a connection lapses in 10 s rather than 30 (configuration, not a test path).
      SYNC_LEASE_SECONDS: '10',
      // The sandbox bank's whole history at once, as every other test has it (configuration, decision 0027).
      SANDBOX_PLAID_INITIAL_UPDATE_MS: '0',
      SANDBOX_PLAID_HISTORICAL_UPDATE_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '30000',
      ...env,
    });
  };
  const shared = {
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    BOX_SECRET_KEY: randomBytes(32).toString('base64'),
  };

  const json = async <T>(response: Response) => ({
    status: response.status,
    body: (await response.json()) as T,
  });
  /** A request as the web app sends it to /connect and the sandbox pages: cookie, our Origin. */
  const browser = (origin: string, route: string, body: Record<string, string>, form = false) =>
    fetch(`${origin}${route}`, {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        origin: ORIGIN,
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
    });
  /** A sealed /db request with a bearer token, as the web app sends one. */
  const sealedRequest = async (route: string, body: unknown, token: string) => {
    const { boxPublicKey } = publicConfigSchema.parse(await (await fetch(`${originA}/config`)).json());
    const sealed = JSON.stringify(
      sealBody({ serverPublicKey: boxPublicKey, method: 'POST', path: route, body }),
    );
    return (origin: string) =>
      fetch(`${origin}${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-encrypted': '1' },
        body: sealed,
      });
  };
  /** Plaid's sandbox controls, as the installation calls them (its keys, the item's access token). */
  const control = async (origin: string, route: string, body: Record<string, unknown> = {}) => {
    const response = await fetch(`${origin}/sandbox/plaid${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...PLAID, access_token: accessToken, ...body }),
    });
    expect(response.status).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const one = async <T>(query: string, values: unknown[] = []) =>
    (await db.query(query, values)).rows[0] as T;
  /** The connection's row, the queue's unfinished jobs, and its ledger's rows (all, and distinct ids). */
  const state = async () => {
    const row = await one<{ status: string; leased: boolean; last: Date | null }>(
      'select status, sync_lease_until is not null as leased, last_synced_at as last from connection where id = $1',
      [connectionId],
    );
    const jobs = await one<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'penny-sync' and state in ('created', 'retry', 'active')",
    );
    const rows = await one<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct provider_transaction_id)::int as distinct from ledger_transaction where connection_id = $1',
      [connectionId],
    );
    return { ...row, jobs: jobs.n, rows: rows.n, distinctRows: rows.distinct };
  };
  /** Every transaction the sandbox holds for the item now: a fresh read of /transactions/sync from the start. */
  const providerCount = async () => {
    let cursor = '';
    let count = 0;
    for (;;) {
      const page = (await control(originB, '/transactions/sync', { cursor, count: 500 })) as {
        added: unknown[];
        next_cursor: string;
        has_more: boolean;
      };
      count += page.added.length;
      cursor = page.next_cursor;
      if (!page.has_more) return count;
    }
  };
  /** Quiet: no sync holds the lease, no job is unfinished, and the ledger holds what the provider has. */
  const settledAndComplete = async () => {
    await expect
      .poll(
        async () => {
          const now = await state();
          return !now.leased && now.jobs === 0 && now.rows === (await providerCount());
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(true);
  };
  const synced = () =>
    [a, b]
      .flatMap(logLines)
      .filter((line) => line.msg === 'connection synced' && line.connectionId === connectionId).length;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
    [a, b] = await Promise.all([start(), start()]);
    [originA, originB] = await Promise.all([a.ready, b.ready]);
  }, 90_000);
  afterAll(async () => {
    killServerProcesses();
    await db?.end();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('reports the database, Redis and the queue on both', async () => {
    for (const origin of [originA, originB]) {
      const health = await fetch(`${origin}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok', queue: 'ok' });
    }
  });

  it('serves one user on both: signed up on A, working on B with the same token', async () => {
    const fields = signUpBody({
      email: `both${randomBytes(3).toString('hex')}@example.com`,
      username: `both_${randomBytes(3).toString('hex')}`,
    });
    // The confirmation mail is read from B's outbox (the outbox is the database's), signed in on A.
    user = await signUpOverHttp({
      signUp: originA,
      outbox: originB,
      signIn: originA,
      publicUrl: ORIGIN,
      fields,
    });
    const session = await fetch(`${originB}/api/auth/get-session`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(fields.email);
  });

  it('refuses on B, as a replay, a sealed body A accepted', async () => {
    const send = await sealedRequest(
      '/db/database-setup',
      { username: user.username, firstName: user.firstName, lastName: user.lastName },
      user.token,
    );
    expect((await send(originA)).status).toBe(200);
    const replay = await send(originB);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      success: false,
      error: envelopeErrors.replayed,
      code: 'envelope:replayed',
    });
  });

  it('counts a rate limit over both instances', async () => {
    const { anonToken } = publicConfigSchema.parse(await (await fetch(`${originA}/config`)).json());
    // The anonymous token's budget per address: 30 a minute, whichever instance answers.
    const answers: number[] = [];
    for (let index = 0; index < 40; index++) {
      const response = await fetch(`${index % 2 === 0 ? originA : originB}/db/database-setup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anonToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      await response.arrayBuffer();
      answers.push(response.status);
    }
    const passed = answers.filter((status) => status !== 429);
    expect(passed).toHaveLength(30);
    expect(answers.slice(30).every((status) => status === 429)).toBe(true);
  });

  it('links a bank on A; its history arrives, each row once', async () => {
    const token = await json<{ link_token: string }>(
      await browser(originA, '/connect/api/create_link_token', {}, true),
    );
    expect(token.status).toBe(200);
    const linked = await json<{ public_token: string }>(
      await browser(originA, '/sandbox/plaid/link/public_token', {
        link_token: token.body.link_token,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
      }),
    );
    expect(linked.status).toBe(200);
    const names = { username: user.username, firstName: user.firstName, lastName: user.lastName };
    const exchanged = await browser(
      originA,
      '/connect/api/set_access_token',
      { public_token: linked.body.public_token, ...names },
      true,
    );
    expect(exchanged.status).toBe(200);
    const row = await one<{ id: string; user_id: string; sealed_secret: string }>(
      "select id, user_id, sealed_secret from connection where platform = 'plaid'",
    );
    connectionId = row.id;
    accessToken = createVault(vaultKey).open(row.sealed_secret, { userId: row.user_id, connectionId });
    await settledAndComplete();
    const now = await state();
    expect(now.rows).toBeGreaterThan(100);
    expect(now.distinctRows).toBe(now.rows);
  }, 90_000);

  it('runs one sync for a webhook delivered to A and a refresh on B of the same connection', async () => {
    const before = synced();
    const queuedBefore = logLines(a).filter((line) => line.msg === 'plaid webhook: sync queued').length;
    // A week passes at the bank: the sandbox announces it to the webhook URL given at linking (A's).
    await control(originB, '/sandbox/item/advance', { days: 7 });
    await expect
      .poll(() => logLines(a).filter((line) => line.msg === 'plaid webhook: sync queued').length, {
        timeout: 15_000,
      })
      .toBe(queuedBefore + 1);
    const refresh = await sealedRequest(
      '/db/refresh-accounts',
      { username: user.username, firstName: user.firstName, lastName: user.lastName },
      user.token,
    );
    expect((await refresh(originB)).status).toBe(200);
    await settledAndComplete();
    expect(synced() - before).toBe(1);
    const now = await state();
    expect(now.status).toBe('active');
    expect(now.distinctRows).toBe(now.rows);
  }, 90_000);

  it('loses nothing when A dies mid-sync: B finishes the job', async () => {
    const before = await state();
    const queuedBefore = logLines(a).filter((line) => line.msg === 'plaid webhook: sync queued').length;
    // The bank answers slowly; a refresh on A holds the connection's lease while it reads.
    await control(originB, '/sandbox/item/set_scenario', { scenario: 'timeout', delay_ms: 2_000 });
    const refresh = await sealedRequest(
      '/db/refresh-accounts',
      { username: user.username, firstName: user.firstName, lastName: user.lastName },
      user.token,
    );
    expect((await refresh(originA)).status).toBe(200);
    expect((await state()).leased).toBe(true);
    // Another week at the bank, announced to A: a job queued while A's sync runs.
    await control(originB, '/sandbox/item/advance', { days: 7 });
    await expect
      .poll(() => logLines(a).filter((line) => line.msg === 'plaid webhook: sync queued').length, {
        timeout: 15_000,
      })
      .toBe(queuedBefore + 1);
    a.child.kill('SIGKILL');
    await a.exit;
    await control(originB, '/sandbox/item/set_scenario', { scenario: null });
    // Within a minute: A's lease lapses, and its job, if A had taken it, fails by heartbeat and is retried.
    await settledAndComplete();
    const after = await state();
    expect(after.status).toBe('active');
    expect(after.last?.getTime()).toBeGreaterThan(before.last?.getTime() ?? 0);
    expect(after.rows).toBeGreaterThan(before.rows);
    expect(after.distinctRows).toBe(after.rows);
    expect(
      logLines(b).some(
        (line) =>
          line.msg === 'sync job done' && line.connectionId === connectionId && line.outcome === 'synced',
      ),
    ).toBe(true);
  }, 90_000);

  it('drains on SIGTERM: the running job and the requests in flight finish, then B exits', async () => {
    const before = await state();
    await control(originB, '/sandbox/item/set_scenario', { scenario: 'timeout', delay_ms: 700 });
    await control(originB, '/sandbox/item/advance', { days: 7 });
    // A sync job, as any instance's webhook receiver queues one (A is gone; B takes it).
    const client = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false });
    await client.start();
    try {
      const row = await one<{ user_id: string }>('select user_id from connection where id = $1', [
        connectionId,
      ]);
      const job = { userId: row.user_id, connectionId, reason: 'plaid-webhook' };
      expect(await client.send(SYNC_QUEUE, job, { singletonKey: connectionId })).not.toBeNull();
    } finally {
      await client.stop({ graceful: false });
    }
    await expect.poll(async () => (await state()).leased, { timeout: 15_000, interval: 100 }).toBe(true);
    // A request that takes the slow bank's time, sent as the signal arrives.
    const inFlight = fetch(`${originB}/sandbox/plaid/accounts/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...PLAID, access_token: accessToken }),
    });
    b.child.kill('SIGTERM');
    // The load balancer's view meanwhile: B is draining.
    await expect
      .poll(
        async () =>
          (await fetch(`${originB}/healthz`)
            .then((r) => r.json())
            .catch(() => ({}))) as object,
        {
          timeout: 10_000,
          interval: 100,
        },
      )
      .toMatchObject({ status: 'draining' });
    expect((await inFlight).status).toBe(200);
    expect(await b.exit).toBe(0);
    const after = await state();
    expect(after.status).toBe('active');
    expect(after.leased).toBe(false);
    expect(after.jobs).toBe(0);
    expect(after.rows).toBeGreaterThan(before.rows);
    const lines = logLines(b).map((line) => line.msg);
    const done = lines.lastIndexOf('sync job done');
    expect(done).toBeGreaterThan(
      lines.indexOf('shutting down: finishing running jobs, then in-flight requests'),
    );
    expect(lines.indexOf('stopped')).toBeGreaterThan(done);
  }, 60_000);
});
