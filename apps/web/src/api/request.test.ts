import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createRequester, HttpError, type RequesterOptions } from './request.ts';

const server = nacl.box.keyPair();
const boxPublicKey = Buffer.from(server.publicKey).toString('base64');
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

type Recorded = { url: string; method: string; headers: Headers; body: string | null; credentials?: string };

/** The network boundary: records what would leave the browser and answers with a canned response. */
function recordingFetch(reply: () => Response = () => Response.json({ success: true })) {
  const calls: Recorded[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const call: Recorded = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    if (init?.credentials) call.credentials = init.credentials;
    calls.push(call);
    return reply();
  };
  return { calls, fetchImpl };
}

function setup(overrides: Partial<RequesterOptions> = {}, reply?: () => Response) {
  const { calls, fetchImpl } = recordingFetch(reply);
  let token: string | null = 'session-token';
  const requester = createRequester({
    baseUrls: {
      db: 'https://api.example.com/db/',
      agent: '/agent',
      connect: 'https://link.example.com/connect',
    },
    getToken: () => token,
    anonToken: 'anon-token',
    boxPublicKey,
    encrypt: true,
    fetch: fetchImpl,
    ...overrides,
  });
  return {
    calls,
    requester,
    signOut: () => {
      token = null;
    },
  };
}

function openBody(call: Recorded | undefined): Record<string, unknown> {
  const envelope = JSON.parse(call?.body ?? 'null') as {
    ephem_pub: string;
    nonce: string;
    ciphertext: string;
  };
  const bytes = nacl.box.open(
    fromB64(envelope.ciphertext),
    fromB64(envelope.nonce),
    fromB64(envelope.ephem_pub),
    server.secretKey,
  );
  if (!bytes) throw new Error('box did not open');
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

describe('createRequester', () => {
  it('sends the session token as Bearer to db and agent, and the anonymous token without a session', async () => {
    const { calls, requester, signOut } = setup();
    await requester.request('db', '/get-profile', { query: { username: 'ann' } });
    await requester.request('agent', '/dsl/t1');
    signOut();
    await requester.request('db', '/database-setup', { body: { username: 'ann' } });
    await requester.request('agent', '/chat', { body: { message: 'hi' } });
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer session-token',
      'Bearer session-token',
      'Bearer anon-token',
      'Bearer anon-token',
    ]);
    expect(calls[0]?.url).toBe('https://api.example.com/db/get-profile?username=ann');
    expect(calls[1]?.url).toBe('/agent/dsl/t1');
  });

  it('removes Authorization for the account-connection service and sends the cookie instead', async () => {
    const { calls, requester } = setup();
    await requester.request('connect', '/api/create_link_token', {
      body: { username: 'ann' },
      headers: { Authorization: 'Bearer leaked', 'x-extra': 'kept' },
    });
    await requester.request('connect', '/api/exchange', { form: { public_token: 'p-1', username: 'a b' } });
    for (const call of calls) {
      expect(call.headers.has('authorization')).toBe(false);
      expect(call.credentials).toBe('include');
      expect(call.headers.has('x-encrypted')).toBe(false);
    }
    expect(calls[0]?.headers.get('x-extra')).toBe('kept');
    expect(calls[0]?.body).toBe('{"username":"ann"}');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[1]?.method).toBe('POST');
    expect(calls[1]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(calls[1]?.body).toBe('public_token=p-1&username=a+b');
  });

  it('seals JSON bodies of POST, PUT and PATCH to db and agent, bound to method and path', async () => {
    const { calls, requester } = setup();
    await requester.request('db', '/chatbox/save?thread_id=t 1', { body: { text: 'hello' } });
    await requester.request('agent', '/chat', { method: 'PUT', body: [1, 2] });
    await requester.request('db', '/update-preferences', { method: 'PATCH', body: { tone: 3 } });
    for (const call of calls) {
      expect(call.headers.get('x-encrypted')).toBe('1');
      expect(call.headers.get('content-type')).toBe('application/json');
      expect(Object.keys(JSON.parse(call.body ?? '{}')).sort()).toEqual(['ciphertext', 'ephem_pub', 'nonce']);
    }
    expect(openBody(calls[0])).toMatchObject({
      v: 1,
      method: 'POST',
      // Encoded exactly as fetch will send it, so it matches what the server sees.
      path: '/db/chatbox/save?thread_id=t%201',
      body: { text: 'hello' },
    });
    // A page-relative base URL resolves against the page, as the server will see it.
    expect(openBody(calls[1])).toMatchObject({ method: 'PUT', path: '/agent/chat', body: [1, 2] });
    expect(openBody(calls[2])).toMatchObject({
      method: 'PATCH',
      path: '/db/update-preferences',
      body: { tone: 3 },
    });
    const rids = calls.map((call) => openBody(call).rid);
    expect(new Set(rids).size).toBe(3);
  });

  it('does not seal GET, DELETE, bodyless calls, or anything when encryption is off', async () => {
    const { calls, requester } = setup();
    await requester.request('db', '/get-threads', { query: { limit: 20, cursor: undefined, deep: null } });
    await requester.request('db', '/delete-thread', { method: 'DELETE', body: { thread_id: 't1' } });
    await requester.request('db', '/database-setup', { method: 'POST' });
    expect(calls[0]?.url).toBe('https://api.example.com/db/get-threads?limit=20');
    expect(calls[0]?.body).toBeNull();
    expect(calls[1]?.body).toBe('{"thread_id":"t1"}');
    expect(calls[2]?.body).toBeNull();
    for (const call of calls) expect(call.headers.has('x-encrypted')).toBe(false);

    const plain = setup({ encrypt: false });
    await plain.requester.request('db', '/save', { body: { a: 1 } });
    expect(plain.calls[0]?.headers.has('x-encrypted')).toBe(false);
    expect(plain.calls[0]?.body).toBe('{"a":1}');
    expect(plain.calls[0]?.headers.get('authorization')).toBe('Bearer session-token');
  });

  it('throws "HTTP {status}: {statusText}" on a non-OK response', async () => {
    const { requester } = setup(
      {},
      () => new Response('{"success":false}', { status: 404, statusText: 'Not Found' }),
    );
    const error = await requester.request('db', '/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(Error);
    expect((error as HttpError).message).toBe('HTTP 404: Not Found');
    expect((error as HttpError).status).toBe(404);

    const failing = setup({}, () => new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    await expect(failing.requester.request('agent', '/chat', { body: {} })).rejects.toThrow(
      'HTTP 500: Internal Server Error',
    );
  });

  it('parses JSON replies and returns undefined for an empty one', async () => {
    const json = setup({}, () => Response.json({ success: true, threads: [{ id: 't1' }] }));
    expect(await json.requester.request('db', '/get-threads')).toEqual({
      success: true,
      threads: [{ id: 't1' }],
    });
    const empty = setup({}, () => new Response(null, { status: 204 }));
    expect(await empty.requester.request('db', '/touch', { method: 'POST' })).toBeUndefined();
  });

  it('returns the raw response from send() for streams', async () => {
    const { requester } = setup(
      {},
      () => new Response('data: 1\n\n', { headers: { 'content-type': 'text/event-stream' } }),
    );
    const response = await requester.send('agent', '/chat', { body: { message: 'hi' } });
    expect(await response.text()).toBe('data: 1\n\n');
  });

  it('refuses form bodies to db and agent, where they would bypass encryption', async () => {
    const { requester, calls } = setup();
    await expect(requester.request('db', '/x', { form: { a: '1' } })).rejects.toThrow(TypeError);
    await expect(requester.request('connect', '/x', { form: { a: '1' }, body: {} })).rejects.toThrow(
      TypeError,
    );
    expect(calls).toHaveLength(0);
  });
});
