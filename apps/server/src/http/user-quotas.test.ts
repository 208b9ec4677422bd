import { type ApiErrorCode, apiErrorBodySchema, quotaMessages, USER_QUOTAS } from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVault } from '../connections/vault.ts';
import { SNAPTRADE_USER_BINDING } from '../finance/accounts/snaptrade-user.ts';

/**
 * Hardening issue, finding 1: one user could fill the disk (596 resources of 500 KB in 40 s; 600
 * wallets in a minute). Every kind of row a user creates has a quota (USER_QUOTAS) and all their saved
 * resources and chat turns share a storage budget; past one, the write is refused with its sentence
 * (409 `quota:*`) and nothing is kept, however many requests arrive at once.
 */
describe.each(testDatabaseKinds())('user quotas on %s', (kind) => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ database: kind, listen: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const container = (title: string, text = 'You spent @currency(USD) 1200 on food.') => ({
    type: 'container',
    title,
    content_blocks: [{ type: 'content', content: text }],
  });
  async function newUser(): Promise<{ user: SignedUpUser; api: AccountsClient }> {
    const user = await t.signUpVerifiedUser();
    return { user, api: await accountsClient(t, user) };
  }
  const save = (api: AccountsClient, extra: Record<string, unknown> = {}) => {
    n += 1;
    return api.post<{ resource_id: string }>('/db/store-resource', {
      thread_id: 'thread-1',
      query_id: `query-${n}`,
      dsl_objects: [container(`Chart ${n}`)],
      ...extra,
    });
  };
  const ask = (api: AccountsClient, threadId?: string) => {
    n += 1;
    return api.post<{ thread_id: string; query_id: string }>('/agent/chat', {
      message: 'What is my net worth?',
      query_id: `query-quota-${n}`,
      ...(threadId ? { thread_id: threadId } : {}),
      user_info: api.names,
    });
  };
  function expectRefusal(answer: { status: number; body: unknown }, code: ApiErrorCode, error: string) {
    expect(answer.status).toBe(409);
    expect(apiErrorBodySchema.parse(answer.body)).toEqual({ success: false, error, code });
  }
  const count = async (table: 'resource' | 'chat_thread' | 'chat_turn', user: SignedUpUser) =>
    Number(
      (
        await t.rows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${user.user.id}`,
        )
      )[0]?.n,
    );
  /** The usage row next to what it counts, recounted from the rows themselves. */
  async function usage(user: SignedUpUser) {
    const [row] = await t.rows<Record<string, number | string | null>>(sql`
      select u.resources, u.threads, u.stored_bytes,
        (select count(*) from resource r where r.user_id = ${user.user.id}) as resource_rows,
        (select count(*) from chat_thread c where c.user_id = ${user.user.id}) as thread_rows,
        (select coalesce(sum(octet_length(r.dsl_objects::text)), 0) from resource r where r.user_id = ${user.user.id})
          + (select coalesce(sum(octet_length(c.user_message) + octet_length(c.answer)
               + octet_length(c.agent_actions::text) + octet_length(c.dsl_objects::text)), 0)
             from chat_turn c where c.user_id = ${user.user.id}) as bytes
      from (select 1) one left join user_usage u on u.user_id = ${user.user.id}`);
    const num = (value: unknown) => Number(value ?? 0);
    return {
      counted: { resources: num(row?.resources), threads: num(row?.threads), bytes: num(row?.stored_bytes) },
      actual: { resources: num(row?.resource_rows), threads: num(row?.thread_rows), bytes: num(row?.bytes) },
    };
  }
  async function expectCountedExactly(user: SignedUpUser) {
    const { counted, actual } = await usage(user);
    expect(counted).toEqual(actual);
    return counted;
  }
  /** Resources written straight into the table (the usage triggers count them like any other). */
  const fill = (user: SignedUpUser, rows: number, chars = 0) =>
    t.rows(sql`insert into resource (id, user_id, dsl_objects)
      select 'prefill_' || g, ${user.user.id}, jsonb_build_array(repeat('x', ${chars}))
      from generate_series(1, ${rows}) g`);

  it('counts what a user keeps exactly, through every write and delete', async () => {
    const { user, api } = await newUser();
    const first = await save(api);
    await save(api, { dsl_objects: [container('Big', 'é'.repeat(5_000))] });
    expect(first.status).toBe(200);
    const turn = await ask(api);
    expect(turn.status).toBe(200);
    const forked = await api.post<{ new_thread_id: string }>('/db/fork-chat', {
      source_thread_id: turn.body.thread_id,
      source_query_id: turn.body.query_id,
    });
    expect(forked.status).toBe(200);
    const counted = await expectCountedExactly(user);
    expect(counted).toMatchObject({ resources: 2, threads: 2 });
    expect(counted.bytes).toBeGreaterThan(10_000);

    await api.post('/db/delete-resource', { resource_id: first.body.resource_id });
    await api.post('/db/delete-thread', { thread_id: forked.body.new_thread_id });
    expect(await expectCountedExactly(user)).toMatchObject({ resources: 1, threads: 1 });
    expect((await api.post('/db/delete-user-data', {})).status).toBe(200);
    expect(await expectCountedExactly(user)).toEqual({ resources: 0, threads: 0, bytes: 0 });
    expect((await save(api)).status).toBe(200);
    expect(await expectCountedExactly(user)).toMatchObject({ resources: 1 });
  });

  it('refuses a resource past the quota of resources with its sentence, and keeps nothing', async () => {
    const { user, api } = await newUser();
    await fill(user, USER_QUOTAS.resources - 1);
    const last = await save(api, { resource_id: 'res_last' });
    expect(last.status).toBe(200);
    expectRefusal(await save(api), 'quota:resources', quotaMessages.resources);
    expect(await count('resource', user)).toBe(USER_QUOTAS.resources);
    // A retried save of a resource already kept is not a new one.
    expect(await save(api, { resource_id: 'res_last' })).toMatchObject({
      status: 200,
      body: { resource_id: 'res_last' },
    });
    // Deleting one makes room for one.
    expect((await api.post('/db/delete-resource', { resource_id: 'prefill_1' })).status).toBe(200);
    expect((await save(api)).status).toBe(200);
    expectRefusal(await save(api), 'quota:resources', quotaMessages.resources);
    await expectCountedExactly(user);
  });

  it('holds a concurrent flood to the quota exactly', async () => {
    const { user, api } = await newUser();
    await fill(user, USER_QUOTAS.resources - 5);
    const answers = await Promise.all(Array.from({ length: 40 }, () => save(api)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(35);
    expect(await count('resource', user)).toBe(USER_QUOTAS.resources);
    await expectCountedExactly(user);
  });

  it('refuses resources, questions and forks past the storage budget, and makes room as things are deleted', async () => {
    const { user, api } = await newUser();
    const turn = await ask(api);
    expect(turn.status).toBe(200);
    // Close to the budget in large compressible rows, then exactly 20,000 bytes short of it.
    const rowChars = 256 * 1024;
    const used = (await usage(user)).counted.bytes;
    const rows = Math.floor((USER_QUOTAS.storageBytes - used - 100_000) / (rowChars + 4));
    await fill(user, rows, rowChars);
    const gap = USER_QUOTAS.storageBytes - (await usage(user)).counted.bytes - 20_000;
    await t.rows(sql`insert into resource (id, user_id, dsl_objects)
      values ('prefill_gap', ${user.user.id}, jsonb_build_array(repeat('x', ${gap - 4})))`);
    expect((await expectCountedExactly(user)).bytes).toBe(USER_QUOTAS.storageBytes - 20_000);

    expect((await save(api, { dsl_objects: [container('Fits', 'x'.repeat(10_000))] })).status).toBe(200);
    const tooBig = await save(api, { dsl_objects: [container('Too big', 'x'.repeat(12_000))] });
    expectRefusal(tooBig, 'quota:storage', quotaMessages.storage);
    const turnsBefore = await count('chat_turn', user);
    expectRefusal(
      await api.post('/agent/chat', {
        message: `How much did I spend on ${'groceries and '.repeat(800)}rent?`,
        query_id: 'query-over-budget',
        thread_id: turn.body.thread_id,
        user_info: api.names,
      }),
      'quota:storage',
      quotaMessages.storage,
    );
    const fork = await api.post('/db/fork-chat', {
      source_thread_id: turn.body.thread_id,
      source_query_id: turn.body.query_id,
    });
    expect(fork.status).toBe(200);
    // Now 100 bytes short of the budget: a second copy no longer fits.
    const left = USER_QUOTAS.storageBytes - (await usage(user)).counted.bytes;
    await t.rows(sql`update resource set dsl_objects = jsonb_build_array(repeat('x', ${gap - 4 + left - 100}))
      where user_id = ${user.user.id} and id = 'prefill_gap'`);
    expect((await expectCountedExactly(user)).bytes).toBe(USER_QUOTAS.storageBytes - 100);
    expectRefusal(
      await api.post('/db/fork-chat', {
        source_thread_id: turn.body.thread_id,
        source_query_id: turn.body.query_id,
      }),
      'quota:storage',
      quotaMessages.storage,
    );
    expect(await count('chat_turn', user)).toBe(turnsBefore + 1);
    const counted = await expectCountedExactly(user);
    expect(counted.bytes).toBeLessThanOrEqual(USER_QUOTAS.storageBytes);

    expect((await api.post('/db/delete-resource', { resource_id: 'prefill_gap' })).status).toBe(200);
    expect((await save(api, { dsl_objects: [container('Room again', 'x'.repeat(12_000))] })).status).toBe(
      200,
    );
    await expectCountedExactly(user);
  });

  it('refuses a new conversation past the quota of threads, and still continues the ones there are', async () => {
    const { user, api } = await newUser();
    const first = await ask(api);
    expect(first.status).toBe(200);
    await t.rows(sql`insert into chat_thread (id, user_id)
      select 'thread-prefill-' || g, ${user.user.id} from generate_series(1, ${USER_QUOTAS.threads - 2}) g`);
    expect((await ask(api)).status).toBe(200);
    expectRefusal(await ask(api), 'quota:threads', quotaMessages.threads);
    expect((await ask(api, first.body.thread_id)).status).toBe(200);
    expectRefusal(
      await api.post('/db/fork-chat', {
        source_thread_id: first.body.thread_id,
        source_query_id: first.body.query_id,
      }),
      'quota:threads',
      quotaMessages.threads,
    );
    expect(await count('chat_thread', user)).toBe(USER_QUOTAS.threads);
    await expectCountedExactly(user);
  });

  describe('linked connections', () => {
    const connections = async (user: SignedUpUser, platform: string) =>
      Number(
        (
          await t.rows<{ n: number }>(
            sql`select count(*)::int as n from connection where user_id = ${user.user.id} and platform = ${platform}`,
          )
        )[0]?.n,
      );
    /** Connections written straight into the table, as many links would leave them. */
    const link = (user: SignedUpUser, platform: 'plaid' | 'snaptrade' | 'web3', rows: number) =>
      t.rows(sql`insert into connection (id, user_id, platform, name, chain, external_user_id)
        select 'conn_prefill_' || ${user.user.id} || '_' || ${platform} || g, ${user.user.id}, ${platform}, 'Prefill_' || g || '_' || ${platform},
          ${platform === 'web3' ? 'eth' : null}, ${platform === 'web3' ? '0x0000000000000000000000000000000000000001' : null}
        from generate_series(1, ${rows}) g`);
    const wallet = (api: AccountsClient, name: string, address: string) =>
      api.post('/db/store-credentials', {
        account_name: `${name}_web3`,
        credentials: { chain: 'eth', account_id: address },
      });
    const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;

    it('refuses a wallet past the quota of wallets, exactly, when many arrive at once', async () => {
      const { user, api } = await newUser();
      await link(user, 'web3', USER_QUOTAS.connections.web3 - 1);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => wallet(api, `Wallet_${i}`, address(100 + i))),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused).toHaveLength(5);
      for (const answer of refused)
        expectRefusal(answer, 'quota:connections', quotaMessages.connections('web3'));
      expect(await connections(user, 'web3')).toBe(USER_QUOTAS.connections.web3);
      // Saving a wallet again under its name is not a new one.
      expect((await wallet(api, 'Prefill_1', address(7))).status).toBe(200);
      await t.services.sync.settled();
    });

    it('refuses a new bank and a new brokerage at their quotas before the user signs in anywhere', async () => {
      const { user, api } = await newUser();
      await link(user, 'plaid', USER_QUOTAS.connections.plaid);
      await link(user, 'snaptrade', USER_QUOTAS.connections.snaptrade);
      expectRefusal(
        await api.connect('/create_link_token', {}, { form: true }),
        'quota:connections',
        quotaMessages.connections('plaid'),
      );
      expectRefusal(
        await api.connect('/snaptrade/get_login_uri'),
        'quota:connections',
        quotaMessages.connections('snaptrade'),
      );
    });

    it('refuses a bank linked past the quota after Link, keeping nothing', async () => {
      const { user, api } = await newUser();
      await link(user, 'plaid', USER_QUOTAS.connections.plaid - 1);
      const token = await api.connect<{ link_token: string }>('/create_link_token', {}, { form: true });
      expect(token.status).toBe(200);
      // Meanwhile another link took the last place.
      await t.rows(sql`insert into connection (id, user_id, platform, name)
        values (${`conn_meanwhile_${user.user.id}`}, ${user.user.id}, 'plaid', 'Meanwhile_plaid')`);
      const publicToken = await api.sandbox<{ public_token: string }>('/plaid/link/public_token', {
        link_token: token.body.link_token,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
      });
      expect(publicToken.status).toBe(200);
      const exchanged = await api.connect(
        '/set_access_token',
        { public_token: publicToken.body.public_token },
        { form: true },
      );
      expectRefusal(exchanged, 'quota:connections', quotaMessages.connections('plaid'));
      expect(await connections(user, 'plaid')).toBe(USER_QUOTAS.connections.plaid);
    });

    it('refuses a brokerage connected past the quota after the portal, and removes it at SnapTrade', async () => {
      const { user, api } = await newUser();
      await link(user, 'snaptrade', USER_QUOTAS.connections.snaptrade - 1);
      expect((await api.connect('/snaptrade/generate_user')).status).toBe(200);
      const login = await api.connect<{ redirectURI: string }>('/snaptrade/get_login_uri');
      expect(login.status).toBe(200);
      // The portal's form, submitted as this user's browser (the session cookie, our Origin).
      const answer = await api.portal(login.body.redirectURI, {
        action: 'connect',
        broker: 'SANDBOX',
        username: 'user_good',
        password: 'pass_good',
      });
      const location = answer.headers.get('location');
      const connectionId = location ? new URL(location, t.origin).searchParams.get('connection_id') : null;
      if (answer.status !== 303 || !connectionId)
        throw new Error(`portal did not connect (HTTP ${answer.status})`);
      // Meanwhile another link took the last place.
      await t.rows(sql`insert into connection (id, user_id, platform, name)
        values (${`conn_meanwhile_${user.user.id}`}, ${user.user.id}, 'snaptrade', 'Meanwhile_snaptrade')`);
      const stored = await api.connect('/snaptrade/store_connection', { connection_id: connectionId });
      expectRefusal(stored, 'quota:connections', quotaMessages.connections('snaptrade'));
      expect(await connections(user, 'snaptrade')).toBe(USER_QUOTAS.connections.snaptrade);
      // Nothing of it is left at the vendor either.
      const [snapTradeUser] = await t.rows<{ external_user_id: string; sealed_secret: string }>(
        sql`select external_user_id, sealed_secret from provider_user where user_id = ${user.user.id}`,
      );
      const userSecret = createVault(t.secrets.vaultKey).open(snapTradeUser?.sealed_secret ?? '', {
        userId: user.user.id,
        connectionId: SNAPTRADE_USER_BINDING,
      });
      const atVendor = await t.providers
        .snaptrade()
        .listAuthorizations({ userId: snapTradeUser?.external_user_id ?? '', userSecret });
      expect(atVendor.map((authorization) => authorization.id)).not.toContain(connectionId);
    });
  });
});
