// Runs in the web project's jsdom environment on purpose: jsdom's TextEncoder returns another realm's
// Uint8Array, which tweetnacl refuses unless sealBody copies it (a browser-only failure mode to keep covered).
import { envelopePlaintextSchema } from '@penny/contracts';
import { randomRequestId, sealBody } from '@penny/contracts/envelope-seal';
import nacl from 'tweetnacl';
import { afterEach, describe, expect, it, vi } from 'vitest';

const server = nacl.box.keyPair();
const serverPublicKey = Buffer.from(server.publicKey).toString('base64');
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

function open(envelope: { ephem_pub: string; nonce: string; ciphertext: string }) {
  const bytes = nacl.box.open(
    fromB64(envelope.ciphertext),
    fromB64(envelope.nonce),
    fromB64(envelope.ephem_pub),
    server.secretKey,
  );
  if (!bytes) throw new Error('box did not open');
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sealBody', () => {
  it('seals v, ts, rid, method, path and body for the server key', () => {
    const envelope = sealBody({
      serverPublicKey,
      method: 'patch',
      path: '/db/update-preferences?x=1',
      body: { tone: 2, note: 'naïve €' },
      now: () => 1_700_000_000_000,
      randomId: () => 'fixed-request-id-123456',
    });
    expect(fromB64(envelope.ephem_pub)).toHaveLength(32);
    expect(fromB64(envelope.nonce)).toHaveLength(24);
    const plaintext = open(envelope);
    expect(plaintext).toEqual({
      v: 1,
      ts: 1_700_000_000_000,
      rid: 'fixed-request-id-123456',
      method: 'PATCH',
      path: '/db/update-preferences?x=1',
      body: { tone: 2, note: 'naïve €' },
    });
    expect(envelopePlaintextSchema.safeParse(plaintext).success).toBe(true);
  });

  it('sends an undefined body as null, which the server schema accepts', () => {
    const plaintext = open(sealBody({ serverPublicKey, method: 'POST', path: '/db/x', body: undefined }));
    expect(envelopePlaintextSchema.parse(plaintext).body).toBeNull();
  });

  it('uses a fresh ephemeral key pair and nonce per call and wipes the ephemeral secret key', () => {
    const secretKeys: Uint8Array[] = [];
    const keyPair = nacl.box.keyPair;
    vi.spyOn(nacl.box, 'keyPair').mockImplementation(() => {
      const pair = keyPair();
      secretKeys.push(pair.secretKey);
      return pair;
    });
    const a = sealBody({ serverPublicKey, method: 'POST', path: '/db/x', body: 1 });
    const b = sealBody({ serverPublicKey, method: 'POST', path: '/db/x', body: 1 });
    expect(a.ephem_pub).not.toBe(b.ephem_pub);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(secretKeys).toHaveLength(2);
    for (const key of secretKeys) expect(key.every((byte) => byte === 0)).toBe(true);
    // Still opens: wiping happened after the box was made.
    expect(open(a)).toMatchObject({ body: 1 });
  });

  it('refuses methods that are never sealed, relative paths and bad server keys', () => {
    expect(() => sealBody({ serverPublicKey, method: 'GET', path: '/db/x', body: {} })).toThrow(TypeError);
    expect(() => sealBody({ serverPublicKey, method: 'POST', path: 'db/x', body: {} })).toThrow(TypeError);
    expect(() => sealBody({ serverPublicKey: 'nope!', method: 'POST', path: '/x', body: {} })).toThrow(
      /base64/,
    );
    const short = Buffer.from(new Uint8Array(31)).toString('base64');
    expect(() => sealBody({ serverPublicKey: short, method: 'POST', path: '/x', body: {} })).toThrow(
      /32 bytes/,
    );
  });
});

describe('randomRequestId', () => {
  it('is 128 random bits in hex, within the rid schema bounds', () => {
    const ids = new Set(Array.from({ length: 1_000 }, randomRequestId));
    expect(ids.size).toBe(1_000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
