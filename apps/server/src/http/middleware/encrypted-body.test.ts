import {
  ENVELOPE_MAX_FUTURE_SKEW_MS,
  ENVELOPE_MAX_SKEW_MS,
  type EncryptedEnvelope,
  envelopeErrors,
} from '@penny/contracts';
import { Hono } from 'hono';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createMemoryReplayStore, type ReplayStore } from '../../shared-state/index.ts';
import { type EncryptedBodyEnv, encryptedBody } from './encrypted-body.ts';

const NOW = 1_750_000_000_000;
const serverKeys = nacl.box.keyPair();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
let ridCounter = 0;
const freshRid = () => `test-request-id-${(ridCounter++).toString().padStart(8, '0')}`;

type SealOptions = {
  method?: string;
  path?: string;
  body?: unknown;
  ts?: number;
  rid?: string;
  /** Replaces the whole plaintext (already JSON text), for invalid-plaintext cases. */
  rawPlaintext?: string;
  publicKey?: Uint8Array;
};

/** An independent sealer, written from the wire format, not the web module (wire-compat covers that). */
function seal(options: SealOptions = {}): EncryptedEnvelope {
  const plaintext =
    options.rawPlaintext ??
    JSON.stringify({
      v: 1,
      ts: options.ts ?? NOW,
      rid: options.rid ?? freshRid(),
      method: options.method ?? 'POST',
      path: options.path ?? '/echo',
      body: options.body ?? { hello: 'world' },
    });
  const ephemeral = nacl.box.keyPair();
  const nonce = nacl.randomBytes(24);
  const ciphertext = nacl.box(
    new TextEncoder().encode(plaintext),
    nonce,
    options.publicKey ?? serverKeys.publicKey,
    ephemeral.secretKey,
  );
  return { ephem_pub: b64(ephemeral.publicKey), nonce: b64(nonce), ciphertext: b64(ciphertext) };
}

type AppOptions = { required?: boolean; replayStore?: ReplayStore; maxBodyBytes?: number };

function makeApp(options: AppOptions = {}) {
  const app = new Hono<EncryptedBodyEnv>();
  app.use(
    '*',
    encryptedBody({
      secretKey: serverKeys.secretKey,
      required: options.required ?? true,
      replayStore: options.replayStore ?? createMemoryReplayStore({ now: () => NOW }),
      now: () => NOW,
      ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    }),
  );
  const echo = async (c: import('hono').Context<EncryptedBodyEnv>) => {
    const text = await c.req.text();
    return c.json({
      json: text ? JSON.parse(text) : null,
      variable: c.get('body') ?? null,
      encryptedHeader: c.req.header('x-encrypted') ?? null,
      contentType: c.req.header('content-type') ?? null,
    });
  };
  app.post('/echo', echo);
  app.put('/echo', echo);
  app.patch('/echo', echo);
  app.post('/json', async (c) => c.json({ json: await c.req.json() }));
  app.get('/echo', (c) => c.json({ method: 'GET', encryptedHeader: c.req.header('x-encrypted') ?? null }));
  app.delete('/echo', (c) => c.json({ method: 'DELETE' }));
  return app;
}

function sendSealed(app: Hono<EncryptedBodyEnv>, path: string, envelope: unknown, method = 'POST') {
  return app.request(path, {
    method,
    headers: { 'x-encrypted': '1', 'content-type': 'application/json' },
    body: typeof envelope === 'string' ? envelope : JSON.stringify(envelope),
  });
}

async function expectError(response: Response, error: string, status = 400) {
  expect(response.status).toBe(status);
  const code = Object.entries(envelopeErrors).find(([, sentence]) => sentence === error)?.[0];
  expect(await response.json()).toEqual({ success: false, error, code: `envelope:${code}` });
}

/** Flips one bit of a base64 field and re-encodes it, keeping it valid base64 of the same length. */
function tamper(value: string, index = 0): string {
  const bytes = fromB64(value);
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return b64(bytes);
}

describe('encryptedBody middleware', () => {
  it('opens a sealed body and hands it to the handler via c.req.json() and c.get("body")', async () => {
    const app = makeApp();
    const body = { message: 'How much did I spend on food?', nested: { n: [1, 2, 3] }, unicode: 'Zoë €' };
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const response = await sendSealed(
        app,
        '/echo?thread=42&x=a+b',
        seal({ method, path: '/echo?thread=42&x=a+b', body }),
        method,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        json: body,
        variable: body,
        encryptedHeader: null,
        contentType: 'application/json',
      });
    }
    const viaJson = await sendSealed(app, '/json', seal({ path: '/json', body: [1, 'two', null] }));
    expect(await viaJson.json()).toEqual({ json: [1, 'two', null] });
  });

  it('opens null and scalar bodies', async () => {
    const app = makeApp();
    const response = await sendSealed(
      app,
      '/json',
      seal({ path: '/json', rawPlaintext: plaintextWith({ path: '/json', body: null }) }),
    );
    expect(await response.json()).toEqual({ json: null });
  });

  it('refuses a tampered ciphertext, nonce or ephemeral key', async () => {
    const app = makeApp();
    const good = seal();
    for (const [field, index] of [
      ['ciphertext', 0],
      ['ciphertext', 20],
      ['nonce', 0],
      ['nonce', 23],
      ['ephem_pub', 0],
      ['ephem_pub', 31],
    ] as const) {
      const envelope = { ...good, [field]: tamper(good[field], index) };
      await expectError(await sendSealed(app, '/echo', envelope), envelopeErrors.openFailed);
    }
    // Another party's ephemeral key, and a body sealed to a different server key.
    await expectError(
      await sendSealed(app, '/echo', { ...good, ephem_pub: b64(nacl.box.keyPair().publicKey) }),
      envelopeErrors.openFailed,
    );
    await expectError(
      await sendSealed(app, '/echo', seal({ publicKey: nacl.box.keyPair().publicKey })),
      envelopeErrors.openFailed,
    );
    // The untouched envelope still opens: tampering was the only problem.
    expect((await sendSealed(app, '/echo', good)).status).toBe(200);
  });

  it('opens boxes from many random ephemeral keys to several random server keys', async () => {
    // The server derives the box key with node:crypto X25519; the sealer here is pure tweetnacl.
    for (let k = 0; k < 5; k++) {
      const keys = nacl.box.keyPair();
      const app = new Hono<EncryptedBodyEnv>();
      app.use(
        '*',
        encryptedBody({
          secretKey: keys.secretKey,
          required: true,
          replayStore: createMemoryReplayStore(),
          now: () => NOW,
        }),
      );
      app.post('/json', async (c) => c.json(await c.req.json()));
      for (let i = 0; i < 40; i++) {
        const response = await sendSealed(
          app,
          '/json',
          seal({ path: '/json', body: { i, k }, publicKey: keys.publicKey }),
        );
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ i, k });
      }
    }
  });

  it('refuses a box made to a low-order ephemeral key, whose shared key anyone can compute', async () => {
    const app = makeApp();
    const lowOrder = new Uint8Array(32); // the zero point: X25519 with it yields an all-zero secret
    const knownKey = nacl.box.before(lowOrder, serverKeys.secretKey);
    const nonce = nacl.randomBytes(24);
    const plaintext = new TextEncoder().encode(plaintextWith({}));
    const envelope = {
      ephem_pub: b64(lowOrder),
      nonce: b64(nonce),
      ciphertext: b64(nacl.box.after(plaintext, nonce, knownKey)),
    };
    await expectError(await sendSealed(app, '/echo', envelope), envelopeErrors.openFailed);
  });

  it('refuses a replayed request id, even inside a fresh envelope', async () => {
    const app = makeApp();
    const envelope = seal({ rid: 'replayed-request-id-0001' });
    expect((await sendSealed(app, '/echo', envelope)).status).toBe(200);
    await expectError(await sendSealed(app, '/echo', envelope), envelopeErrors.replayed);
    await expectError(
      await sendSealed(app, '/echo', seal({ rid: 'replayed-request-id-0001', body: { other: true } })),
      envelopeErrors.replayed,
    );
  });

  it('admits exactly one of two concurrent requests with the same id', async () => {
    const app = makeApp();
    const envelope = seal();
    const responses = await Promise.all([
      sendSealed(app, '/echo', envelope),
      sendSealed(app, '/echo', envelope),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses a stale timestamp in either direction and accepts the edge of the window', async () => {
    const app = makeApp();
    await expectError(
      await sendSealed(app, '/echo', seal({ ts: NOW - ENVELOPE_MAX_SKEW_MS - 1 })),
      envelopeErrors.stale,
    );
    // Only a small skew into the future: a far-future timestamp would hold a replay slot for long.
    await expectError(
      await sendSealed(app, '/echo', seal({ ts: NOW + ENVELOPE_MAX_FUTURE_SKEW_MS + 1 })),
      envelopeErrors.stale,
    );
    await expectError(
      await sendSealed(app, '/echo', seal({ ts: NOW + ENVELOPE_MAX_SKEW_MS })),
      envelopeErrors.stale,
    );
    await expectError(await sendSealed(app, '/echo', seal({ ts: 0 })), envelopeErrors.stale);
    expect((await sendSealed(app, '/echo', seal({ ts: NOW - ENVELOPE_MAX_SKEW_MS }))).status).toBe(200);
    expect((await sendSealed(app, '/echo', seal({ ts: NOW + ENVELOPE_MAX_FUTURE_SKEW_MS }))).status).toBe(
      200,
    );
  });

  it('remembers a request id until its timestamp can no longer be accepted', async () => {
    const claims: Array<{ id: string; ttlMs: number }> = [];
    const spy: ReplayStore = {
      claim: async (id, ttlMs) => {
        claims.push({ id, ttlMs });
        return true;
      },
    };
    const app = makeApp({ replayStore: spy });
    await sendSealed(app, '/echo', seal({ rid: 'ttl-check-request-id-01', ts: NOW + 20_000 }));
    expect(claims).toEqual([{ id: 'ttl-check-request-id-01', ttlMs: 20_000 + ENVELOPE_MAX_SKEW_MS + 1_000 }]);
  });

  it('refuses a body sealed for another path, query or method', async () => {
    const app = makeApp();
    await expectError(await sendSealed(app, '/echo', seal({ path: '/json' })), envelopeErrors.mismatch);
    await expectError(await sendSealed(app, '/echo?a=1', seal({ path: '/echo' })), envelopeErrors.mismatch);
    await expectError(await sendSealed(app, '/echo', seal({ path: '/echo?a=1' })), envelopeErrors.mismatch);
    await expectError(await sendSealed(app, '/echo', seal({ method: 'PUT' })), envelopeErrors.mismatch);
    await expectError(
      await sendSealed(app, '/echo', seal({ method: 'POST' }), 'PATCH'),
      envelopeErrors.mismatch,
    );
  });

  it('refuses bad base64 in any field', async () => {
    const app = makeApp();
    const good = seal();
    const bad = ['not base64!', 'AAAA*AAA', 'AAA', 'AA=A', '-_-_', `${good.nonce.slice(0, -1)}`, ' AAAA'];
    for (const field of ['ephem_pub', 'nonce', 'ciphertext'] as const) {
      for (const value of bad) {
        await expectError(
          await sendSealed(app, '/echo', { ...good, [field]: value }),
          envelopeErrors.badBase64,
        );
      }
    }
  });

  it('refuses wrong key, nonce and ciphertext lengths', async () => {
    const app = makeApp();
    const good = seal();
    const cases: Array<Partial<EncryptedEnvelope>> = [
      { ephem_pub: b64(new Uint8Array(31)) },
      { ephem_pub: b64(new Uint8Array(33)) },
      { nonce: b64(new Uint8Array(23)) },
      { nonce: b64(new Uint8Array(25)) },
      { ciphertext: b64(new Uint8Array(15)) },
    ];
    for (const change of cases) {
      await expectError(await sendSealed(app, '/echo', { ...good, ...change }), envelopeErrors.badLength);
    }
    // 16 bytes is a well-formed (empty-message) box that simply fails to open.
    await expectError(
      await sendSealed(app, '/echo', { ...good, ciphertext: b64(new Uint8Array(16)) }),
      envelopeErrors.openFailed,
    );
  });

  it('refuses envelopes that are not the expected JSON object', async () => {
    const app = makeApp();
    const good = seal();
    for (const body of [
      '',
      'not json',
      '{"ephem_pub":',
      '[]',
      'null',
      '42',
      JSON.stringify({ nonce: good.nonce, ciphertext: good.ciphertext }),
      JSON.stringify({ ...good, nonce: 24 }),
      JSON.stringify({ ...good, ciphertext: '' }),
    ]) {
      await expectError(await sendSealed(app, '/echo', body), envelopeErrors.malformed);
    }
    const invalidUtf8 = await app.request('/echo', {
      method: 'POST',
      headers: { 'x-encrypted': '1' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    await expectError(invalidUtf8, envelopeErrors.malformed);
  });

  it('refuses a sealed plaintext that is not a valid request envelope', async () => {
    const app = makeApp();
    const cases = [
      'not json at all',
      '[]',
      plaintextWith({ v: 2 }),
      plaintextWith({ ts: String(NOW) }),
      plaintextWith({ ts: 1.5 }),
      plaintextWith({ rid: 'short' }),
      plaintextWith({ rid: 'x'.repeat(65) }),
      plaintextWith({ rid: 'has spaces in the id!!' }),
      plaintextWith({ method: 'GET' }),
      plaintextWith({ path: 'echo' }),
      plaintextWith({ body: undefined }),
    ];
    for (const rawPlaintext of cases) {
      await expectError(
        await sendSealed(app, '/echo', seal({ rawPlaintext })),
        envelopeErrors.invalidPlaintext,
      );
    }
  });

  it('refuses a plaintext body while encryption is required', async () => {
    const app = makeApp({ required: true });
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'x-encrypted': '0' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ]) {
      const response = await app.request('/echo', { method: 'POST', headers, body: '{"plain":true}' });
      await expectError(response, envelopeErrors.required);
    }
    const withLength = await app.request('/echo', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-length': '14' },
      body: '{"plain":true}',
    });
    await expectError(withLength, envelopeErrors.required);
  });

  it('lets a bodyless POST through while encryption is required (nothing to protect)', async () => {
    const app = makeApp({ required: true });
    const noBody = await app.request('/echo', { method: 'POST' });
    expect(noBody.status).toBe(200);
    expect(await noBody.json()).toMatchObject({ json: null, variable: null });
    const emptyStream = await app.request('/echo', {
      method: 'POST',
      body: new ReadableStream({ start: (controller) => controller.close() }),
      duplex: 'half',
    } as RequestInit);
    expect(emptyStream.status).toBe(200);
    const zeroLength = await app.request('/echo', { method: 'POST', headers: { 'content-length': '0' } });
    expect(zeroLength.status).toBe(200);
  });

  it('accepts plaintext JSON when encryption is not required, and still opens sealed bodies', async () => {
    const app = makeApp({ required: false });
    const plain = await app.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"plain":true}',
    });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ json: { plain: true }, variable: null });
    const sealed = await sendSealed(app, '/echo', seal({ body: { sealed: true } }));
    expect(await sealed.json()).toMatchObject({ json: { sealed: true }, variable: { sealed: true } });
    // Sealed bodies are checked just as strictly when encryption is optional.
    await expectError(await sendSealed(app, '/echo', seal({ ts: 0 })), envelopeErrors.stale);
  });

  it('leaves GET and DELETE untouched', async () => {
    const app = makeApp({ required: true });
    const get = await app.request('/echo', { headers: { 'x-encrypted': '1' } });
    expect(await get.json()).toEqual({ method: 'GET', encryptedHeader: '1' });
    const del = await app.request('/echo', { method: 'DELETE', headers: { 'x-encrypted': '1' } });
    expect(await del.json()).toEqual({ method: 'DELETE' });
  });

  it('answers 413 for a body over maxBodyBytes, declared or streamed', async () => {
    const app = makeApp({ maxBodyBytes: 2_048 });
    const big = seal({ body: { blob: 'x'.repeat(4_000) } });
    await expectError(await sendSealed(app, '/echo', big), envelopeErrors.tooLarge, 413);
    const declared = await app.request('/echo', {
      method: 'POST',
      headers: { 'x-encrypted': '1', 'content-length': '999999' },
      body: JSON.stringify(big),
    });
    await expectError(declared, envelopeErrors.tooLarge, 413);
  });

  it('fails closed with 503 when the replay store cannot answer', async () => {
    const broken: ReplayStore = { claim: () => Promise.reject(new Error('connection refused')) };
    const app = makeApp({ replayStore: broken });
    await expectError(await sendSealed(app, '/echo', seal()), envelopeErrors.unavailable, 503);
  });

  it('rejects a secret key of the wrong size at startup', () => {
    expect(() =>
      encryptedBody({
        secretKey: new Uint8Array(31),
        required: true,
        replayStore: createMemoryReplayStore(),
      }),
    ).toThrow(/32 bytes/);
  });

  it('never answers 500 to garbage (bounded fuzz)', async () => {
    const app = makeApp();
    app.onError((error, c) => c.json({ crashed: String(error) }, 500));
    const known = new Set<string>(Object.values(envelopeErrors));
    const good = seal();
    let seed = 0x2f6b_1d3a;
    const random = () => {
      // xorshift32: reproducible without a dependency.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x1_0000_0000;
    };
    const int = (max: number) => Math.floor(random() * max);
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
    const text = (n: number) => String.fromCharCode(...Array.from({ length: n }, () => int(0x3000)));
    const field = () => {
      switch (int(5)) {
        case 0:
          return b64(bytes(int(80)));
        case 1:
          return text(int(40));
        case 2:
          return int(1000);
        case 3:
          return null;
        default:
          return tamper(good.ciphertext, int(fromB64(good.ciphertext).length));
      }
    };
    for (let i = 0; i < 300; i++) {
      let body: string | Uint8Array;
      switch (i % 4) {
        case 0:
          body = bytes(int(300));
          break;
        case 1:
          body = text(int(300));
          break;
        case 2:
          body = JSON.stringify({ ephem_pub: field(), nonce: field(), ciphertext: field() });
          break;
        default:
          body = JSON.stringify(
            seal({ rawPlaintext: random() < 0.5 ? text(int(200)) : plaintextWith({ rid: text(20) }) }),
          );
      }
      const response = await app.request('/echo', {
        method: ['POST', 'PUT', 'PATCH'][i % 3] ?? 'POST',
        headers: { 'x-encrypted': '1' },
        body,
      });
      expect(response.status).toBe(400);
      const json = (await response.json()) as { success: boolean; error: string };
      expect(json.success).toBe(false);
      expect(known.has(json.error)).toBe(true);
    }
  });
});

function plaintextWith(changes: Record<string, unknown>): string {
  return JSON.stringify({
    v: 1,
    ts: NOW,
    rid: freshRid(),
    method: 'POST',
    path: '/echo',
    body: { ok: true },
    ...changes,
  });
}
