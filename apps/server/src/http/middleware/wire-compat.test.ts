import { envelopeErrors } from '@penny/contracts';
// The browser half, imported as is: both halves must agree on the bytes on the wire.
import { sealBody } from '@penny/contracts/envelope-seal';
import { Hono } from 'hono';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createMemoryReplayStore } from '../../shared-state/index.ts';
import { type EncryptedBodyEnv, encryptedBody } from './encrypted-body.ts';

const keys = nacl.box.keyPair();
const serverPublicKey = Buffer.from(keys.publicKey).toString('base64');

function makeApp() {
  const app = new Hono<EncryptedBodyEnv>();
  app.use(
    '/db/*',
    encryptedBody({ secretKey: keys.secretKey, required: true, replayStore: createMemoryReplayStore() }),
  );
  app.on(['POST', 'PUT', 'PATCH'], '/db/*', async (c) => c.json({ received: await c.req.json() }));
  return app;
}

describe('web sealBody -> server encryptedBody', () => {
  it('round-trips every sealed method with path, query and unicode intact', async () => {
    const app = makeApp();
    const body = { message: 'Spent on café & groceries? 💸', amounts: [12.5, -3], deep: { ok: true } };
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const path = '/db/chatbox/save-message?thread_id=t%201&x=a+b';
      const envelope = sealBody({ serverPublicKey, method, path, body });
      const response = await app.request(path, {
        method,
        headers: { 'x-encrypted': '1', 'content-type': 'application/json' },
        body: JSON.stringify(envelope),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: body });
    }
  });

  it('uses a fresh ephemeral key and nonce per call', () => {
    const a = sealBody({ serverPublicKey, method: 'POST', path: '/db/x', body: {} });
    const b = sealBody({ serverPublicKey, method: 'POST', path: '/db/x', body: {} });
    expect(a.ephem_pub).not.toBe(b.ephem_pub);
    expect(a.nonce).not.toBe(b.nonce);
  });

  it('a sealed body replayed or re-pointed by an observer is refused', async () => {
    const app = makeApp();
    const envelope = JSON.stringify(
      sealBody({ serverPublicKey, method: 'POST', path: '/db/delete-data', body: { username: 'ann' } }),
    );
    const send = (path: string) =>
      app.request(path, { method: 'POST', headers: { 'x-encrypted': '1' }, body: envelope });
    expect((await send('/db/delete-data')).status).toBe(200);
    expect(await (await send('/db/delete-data')).json()).toEqual({
      success: false,
      error: envelopeErrors.replayed,
      code: 'envelope:replayed',
    });
    expect(await (await send('/db/delete-account')).json()).toEqual({
      success: false,
      error: envelopeErrors.mismatch,
      code: 'envelope:mismatch',
    });
  });

  it('a clock the server disagrees with by more than two minutes is refused', async () => {
    const app = makeApp();
    const path = '/db/get-profile';
    const envelope = sealBody({
      serverPublicKey,
      method: 'POST',
      path,
      body: {},
      now: () => Date.now() - 121_000,
    });
    const response = await app.request(path, {
      method: 'POST',
      headers: { 'x-encrypted': '1' },
      body: JSON.stringify(envelope),
    });
    expect(await response.json()).toEqual({
      success: false,
      error: envelopeErrors.stale,
      code: 'envelope:stale',
    });
  });
});
