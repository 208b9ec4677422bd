import {
  getResourceResponseSchema,
  getUserResourcesResponseSchema,
  publicConfigSchema,
  RESOURCE_LIMITS,
  storeResourceResponseSchema,
} from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import { createTestApp, type TestApp, testDatabaseKinds } from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Person = { token: string; username: string; firstName: string; lastName: string; id: string };

const container = (title: string, extra: Record<string, unknown> = {}) => ({
  id: `query-${title}`,
  isNew: false,
  type: 'container',
  title,
  content_blocks: [
    { type: 'content', content: '# Summary\nYou spent @currency(USD) 1200 on food.' },
    { type: 'pie', title: 'By category', labels: ['Food', 'Rent'], values: [1200, 2000] },
  ],
  ...extra,
});

describe.each(testDatabaseKinds())('saved resources on %s', (kind) => {
  let t: TestApp;
  let boxPublicKey: string;
  let anonToken: string;
  let ada: Person;
  let bob: Person;

  beforeAll(async () => {
    t = await createTestApp({ database: kind });
    const config = publicConfigSchema.parse(await (await t.app.request('/config')).json());
    boxPublicKey = config.boxPublicKey;
    anonToken = config.anonToken;
    const signUp = async (username: string, firstName: string, lastName: string): Promise<Person> => {
      const { token, user } = await t.signUpVerifiedUser({ username, firstName, lastName });
      return { token, username, firstName, lastName, id: user.id };
    };
    ada = await signUp('ada_res', 'Ada', 'Lovelace');
    bob = await signUp('bob_res', 'Bob', 'Builder');
  });
  afterAll(async () => {
    await t?.close();
  });

  function post(path: string, body: unknown, token: string) {
    return t.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-encrypted': '1' },
      body: JSON.stringify(sealBody({ serverPublicKey: boxPublicKey, method: 'POST', path, body })),
    });
  }

  function get(path: string, query: Record<string, string>, token: string) {
    const search = new URLSearchParams(query).toString();
    return t.app.request(`${path}?${search}`, { headers: { authorization: `Bearer ${token}` } });
  }

  const who = (p: Person) => ({ username: p.username, firstName: p.firstName, lastName: p.lastName });

  async function store(p: Person, extra: Record<string, unknown> = {}) {
    const response = await post(
      '/db/store-resource',
      {
        ...who(p),
        thread_id: 'thread-1',
        query_id: 'query-1',
        dsl_objects: [container('Monthly spending')],
        timestamp: new Date().toISOString(),
        created_at: new Date().toISOString(),
        ...extra,
      },
      p.token,
    );
    expect(response.status).toBe(200);
    const body = storeResourceResponseSchema.parse(await response.json());
    expect(body.success).toBe(true);
    return body.resource_id as string;
  }

  async function list(p: Person, extra: Record<string, string> = {}) {
    const response = await get('/db/get-user-resources', { ...who(p), ...extra }, p.token);
    expect(response.status).toBe(200);
    return getUserResourcesResponseSchema.parse(await response.json());
  }

  const countFor = async (p: Person) =>
    Number(
      (
        await t.rows<{ n: number | string }>(sql`select count(*) as n from resource where user_id = ${p.id}`)
      )[0]?.n,
    );

  it('stores a resource, titles it by the required rule (docs/product/chat.md, "Resource display title"), and reads it back', async () => {
    const id = await store(ada, { thread_id: 'thread-a', query_id: 'query-a' });
    expect(id).toMatch(/^res_/);

    const response = await get(`/db/get-resource/${id}`, who(ada), ada.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = getResourceResponseSchema.parse(await response.json());
    expect(body.success).toBe(true);
    expect(body.resource).toMatchObject({
      id,
      title: 'Monthly spending',
      thread_id: 'thread-a',
      query_id: 'query-a',
      dsl_objects: [container('Monthly spending')],
    });
    expect(Date.parse(body.resource?.created_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(body.resource?.timestamp).toBe(body.resource?.created_at);
  });

  it('adds when the figures are from to the title when the container says it (decision 0018)', async () => {
    const id = await store(ada, { dsl_objects: [container('Holdings', { subtitle: 'Nov 26, 2026' })] });
    const { resources } = await list(ada);
    expect(resources.find((r) => r.id === id)?.title).toBe('Holdings · Nov 26, 2026');
  });

  it('titles a resource without any title from its first content line', async () => {
    const id = await store(ada, {
      dsl_objects: [
        {
          type: 'container',
          content_blocks: [
            { type: 'content', content: 'Your savings rate improved a lot this quarter\nmore' },
          ],
        },
      ],
    });
    const { resources } = await list(ada);
    expect(resources.find((r) => r.id === id)?.title).toBe('Your savings rate improved ...');
  });

  it('lists only the session user’s resources, newest first, with title and dates', async () => {
    const first = await store(bob, { dsl_objects: [container('Bob first')] });
    const second = await store(bob, { dsl_objects: [container('Bob second')] });
    const { resources, success, next_cursor } = await list(bob);
    expect(success).toBe(true);
    expect(next_cursor).toBeNull();
    expect(resources.map((r) => r.id)).toEqual([second, first]);
    expect(resources.map((r) => r.title)).toEqual(['Bob second', 'Bob first']);
    for (const r of resources) {
      expect(Object.keys(r).sort()).toEqual([
        'created_at',
        'id',
        'query_id',
        'thread_id',
        'timestamp',
        'title',
      ]);
    }
    const adas = await list(ada);
    expect(adas.resources.length).toBeGreaterThan(0);
    expect(adas.resources.some((r) => r.id === first || r.id === second)).toBe(false);
  });

  it('pages through a long list with a cursor', async () => {
    const carol = await (async () => {
      const { token, user } = await t.signUpVerifiedUser({
        username: 'carol_res',
        firstName: 'Carol',
        lastName: 'C',
      });
      return { token, username: 'carol_res', firstName: 'Carol', lastName: 'C', id: user.id };
    })();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await store(carol, { dsl_objects: [container(`Item ${i}`)] }));
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await list(carol, { limit: '2', ...(cursor ? { cursor } : {}) });
      expect(page.resources.length).toBeLessThanOrEqual(2);
      seen.push(...page.resources.map((r) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const bad = await get(
      '/db/get-user-resources',
      { ...who(carol), cursor: 'bm90LWEtY3Vyc29y' },
      carol.token,
    );
    expect(bad.status).toBe(400);
    const tooMany = await get('/db/get-user-resources', { ...who(carol), limit: '1000' }, carol.token);
    expect(tooMany.status).toBe(400);
  });

  it('is idempotent on a client-given resource id', async () => {
    const before = await countFor(ada);
    const first = await store(ada, { resource_id: 'client-res-1', dsl_objects: [container('Once')] });
    const again = await store(ada, { resource_id: 'client-res-1', dsl_objects: [container('Twice')] });
    expect(first).toBe('client-res-1');
    expect(again).toBe('client-res-1');
    expect(await countFor(ada)).toBe(before + 1);
    const body = getResourceResponseSchema.parse(
      await (await get('/db/get-resource/client-res-1', who(ada), ada.token)).json(),
    );
    expect(body.resource?.title).toBe('Once');
  });

  it('keeps client-given ids per user: the same id for two users is two resources, and tells nothing', async () => {
    await store(ada, { resource_id: 'shared-id-1', dsl_objects: [container('Ada owns this')] });
    const bobsId = await store(bob, {
      resource_id: 'shared-id-1',
      dsl_objects: [container('Bob saved this')],
    });
    // Bob gets exactly the answer he would get if nobody else had ever used the id.
    expect(bobsId).toBe('shared-id-1');
    const read = async (user: typeof ada) =>
      getResourceResponseSchema.parse(
        await (await get('/db/get-resource/shared-id-1', who(user), user.token)).json(),
      ).resource?.title;
    expect(await read(ada)).toBe('Ada owns this');
    expect(await read(bob)).toBe('Bob saved this');
  });

  describe('cross-user', () => {
    it('answers 404 for another user’s resource id, exactly like an unknown id', async () => {
      const id = await store(ada, { dsl_objects: [container('Private to Ada')] });
      const theirs = await get(`/db/get-resource/${id}`, who(bob), bob.token);
      const unknown = await get('/db/get-resource/res_does-not-exist', who(bob), bob.token);
      expect(theirs.status).toBe(404);
      expect(unknown.status).toBe(404);
      const theirsBody = await theirs.json();
      expect(theirsBody).toEqual({ success: false, error: 'Resource not found', code: 'resource:not-found' });
      expect(theirsBody).toEqual(await unknown.json());
      expect(JSON.stringify(theirsBody)).not.toContain('Private to Ada');
    });

    it('refuses to delete another user’s resource with 404 and keeps it', async () => {
      const id = await store(ada, { dsl_objects: [container('Keep me')] });
      const response = await post('/db/delete-resource', { ...who(bob), resource_id: id }, bob.token);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        success: false,
        error: 'Resource not found',
        code: 'resource:not-found',
      });
      expect((await get(`/db/get-resource/${id}`, who(ada), ada.token)).status).toBe(200);
    });

    it('refuses a payload naming another user (403), even for the owner’s id', async () => {
      const id = await store(ada);
      const read = await get(`/db/get-resource/${id}`, who(ada), bob.token);
      expect(read.status).toBe(403);
      const write = await post(
        '/db/store-resource',
        { ...who(ada), thread_id: 't', query_id: 'q', dsl_objects: [container('Forged')] },
        bob.token,
      );
      expect(write.status).toBe(403);
      const listing = await get('/db/get-user-resources', who(ada), bob.token);
      expect(listing.status).toBe(403);
      expect((await list(ada)).resources.some((r) => r.title === 'Forged')).toBe(false);
    });
  });

  it('deletes the user’s own resource; a second delete answers 404', async () => {
    const id = await store(ada, { dsl_objects: [container('Delete me')] });
    const response = await post('/db/delete-resource', { ...who(ada), resource_id: id }, ada.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await get(`/db/get-resource/${id}`, who(ada), ada.token)).status).toBe(404);
    expect((await list(ada)).resources.some((r) => r.id === id)).toBe(false);
    const again = await post('/db/delete-resource', { ...who(ada), resource_id: id }, ada.token);
    expect(again.status).toBe(404);
  });

  describe('bad input: 4xx with a clear message, nothing stored', () => {
    const valid = () => ({
      ...who(ada),
      thread_id: 'thread-1',
      query_id: 'query-1',
      dsl_objects: [container('Valid')],
    });

    it("answers 400 'Cannot store resource without user info.' when a name is missing", async () => {
      const before = await countFor(ada);
      for (const key of ['username', 'firstName', 'lastName'] as const) {
        const { [key]: _dropped, ...rest } = valid();
        for (const body of [rest, { ...valid(), [key]: '   ' }]) {
          const response = await post('/db/store-resource', body, ada.token);
          expect(response.status).toBe(400);
          expect(await response.json()).toEqual({
            success: false,
            error: 'Cannot store resource without user info.',
            code: 'resource:missing-user-info',
          });
        }
      }
      expect(await countFor(ada)).toBe(before);
    });

    it.each([
      ['no visualizations', { dsl_objects: [] }, /dsl_objects/],
      ['visualizations that are not objects', { dsl_objects: ['<script>'] }, /dsl_objects/],
      ['dsl_objects of the wrong type', { dsl_objects: { type: 'container' } }, /dsl_objects/],
      [
        'too many visualizations',
        { dsl_objects: Array.from({ length: RESOURCE_LIMITS.maxObjects + 1 }, () => ({ type: 'card' })) },
        /dsl_objects/,
      ],
      [
        'a known block with fields of the wrong type',
        { dsl_objects: [{ type: 'container', content_blocks: [{ type: 'pie', values: 'lots' }] }] },
        /dsl_objects\.0.*is not a valid visualization/,
      ],
      [
        'a hostile, deeply nested document',
        {
          dsl_objects: [
            Array.from({ length: 500 }).reduce<Record<string, unknown>>(
              (inner) => ({ type: 'container', content_blocks: [inner] }),
              { type: 'content', content: 'deep' },
            ),
          ],
        },
        /nest/,
      ],
      ['a missing thread id', { thread_id: undefined }, /thread_id/],
      ['a bad resource id', { resource_id: '../../etc' }, /resource_id/],
      ['a bad timestamp', { timestamp: 'yesterday' }, /timestamp/],
    ])('refuses %s', async (_name, patch, message) => {
      const before = await countFor(ada);
      const response = await post('/db/store-resource', { ...valid(), ...patch }, ada.token);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { success: boolean; error: string };
      expect(body.success).toBe(false);
      expect(body.error).toMatch(message);
      expect(await countFor(ada)).toBe(before);
    });

    it('refuses an oversized visualization payload without storing it', async () => {
      const before = await countFor(ada);
      const big = [{ type: 'content', content: 'x'.repeat(RESOURCE_LIMITS.maxDslBytes + 10) }];
      const response = await post('/db/store-resource', { ...valid(), dsl_objects: big }, ada.token);
      expect([400, 413]).toContain(response.status);
      expect(await countFor(ada)).toBe(before);
    });

    it('refuses a delete without a resource id or with a bad one', async () => {
      const before = await countFor(ada);
      expect((await post('/db/delete-resource', who(ada), ada.token)).status).toBe(400);
      expect((await post('/db/delete-resource', { ...who(ada), resource_id: 'a b' }, ada.token)).status).toBe(
        400,
      );
      expect(await countFor(ada)).toBe(before);
    });

    it('answers a malformed resource id in the path with 404', async () => {
      const response = await get(`/db/get-resource/${'x'.repeat(500)}`, who(ada), ada.token);
      expect(response.status).toBe(404);
    });

    it('requires the username in the query string', async () => {
      const response = await get('/db/get-user-resources', {}, ada.token);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/username/);
    });
  });

  it('refuses callers without a session: 401 with the anonymous token or none', async () => {
    const anon = await post(
      '/db/store-resource',
      { ...who(ada), thread_id: 't', query_id: 'q', dsl_objects: [container('Anon')] },
      anonToken,
    );
    expect(anon.status).toBe(401);
    expect((await get('/db/get-user-resources', who(ada), anonToken)).status).toBe(401);
    expect((await t.app.request('/db/get-user-resources')).status).toBe(401);
    expect((await list(ada)).resources.some((r) => r.title === 'Anon')).toBe(false);
  });

  it('serves a browser holding only the session cookie, which sends the anonymous token (after a reload)', async () => {
    const { user } = await t.signUpVerifiedUser({
      username: 'reload_res',
      firstName: 'Re',
      lastName: 'Load',
    });
    const signIn = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toContain('session_token=');
    const query = new URLSearchParams({ username: 'reload_res', firstName: 'Re', lastName: 'Load' });
    const withCookie = await t.app.request(`/db/get-user-resources?${query}`, {
      headers: { authorization: `Bearer ${anonToken}`, cookie },
    });
    expect(withCookie.status).toBe(200);
    expect(await withCookie.json()).toMatchObject({ success: true, resources: [] });
    const forged = await t.app.request(`/db/get-user-resources?${query}`, {
      headers: { authorization: `Bearer ${anonToken}`, cookie: 'better-auth.session_token=forged.value' },
    });
    expect(forged.status).toBe(401);
  });

  it('keeps tokens out of the logs', async () => {
    await store(ada);
    expect(t.logText()).not.toContain(ada.token);
  });
});
