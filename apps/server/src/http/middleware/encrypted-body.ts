import { createPrivateKey, createPublicKey, diffieHellman, type KeyObject } from 'node:crypto';
import {
  ENCRYPTED_HEADER,
  ENCRYPTED_HEADER_VALUE,
  ENVELOPE_MAX_FUTURE_SKEW_MS,
  ENVELOPE_MAX_SKEW_MS,
  ENVELOPE_METHODS,
  ENVELOPE_SIZES,
  type EnvelopeErrorCode,
  type EnvelopePlaintext,
  encryptedEnvelopeSchema,
  envelopeErrors,
  envelopePlaintextSchema,
  JSON_LIMITS,
  jsonTextDepth,
} from '@penny/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import nacl from 'tweetnacl';
import { ReplayQuotaError, type ReplayStore } from '../../shared-state/index.ts';

export type EncryptedBodyOptions = {
  /** The server's X25519 secret key (32 bytes); its public half is published at /config. */
  secretKey: Uint8Array;
  /** When true, a plaintext body on POST/PUT/PATCH is refused (REQUIRE_ENCRYPTED_BODIES). */
  required: boolean;
  replayStore: ReplayStore;
  now?: () => number;
  /** Largest request body read, in bytes (the sealed envelope, base64 included). Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Who is sending (a user id, or the client address of an anonymous caller): each owner holds only
   * a bounded share of the replay store. Default: one shared owner.
   */
  ownerOf?: (c: Context) => string;
};

/** Context variables this middleware sets. */
export type EncryptedBodyEnv = {
  Variables: {
    /** The decrypted JSON body; set only when the request was sealed. */
    body: unknown;
  };
};

const DEFAULT_MAX_BODY_BYTES = 1_048_576;
// Remember a request id a little longer than its timestamp stays acceptable, so clock jitter
// between the check and the claim can never open a window for a replay.
const REPLAY_TTL_MARGIN_MS = 1_000;

const sealedMethods: ReadonlySet<string> = new Set(ENVELOPE_METHODS);
const utf8 = new TextDecoder('utf-8', { fatal: true });
// Canonical padded base64, the alphabet tweetnacl-util and btoa produce.
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

type Failure = { ok: false; status: 400 | 413 | 429 | 503; code: EnvelopeErrorCode };
type Opened = { ok: true; plaintext: EnvelopePlaintext };

const failure = (code: EnvelopeErrorCode, status: Failure['status'] = 400): Failure => ({
  ok: false,
  status,
  code,
});

/**
 * Opens request bodies sealed by the web app (`x-encrypted: 1`) on POST/PUT/PATCH and hands the
 * decrypted JSON to the handlers: `c.req.json()` returns it and `c.get('body')` holds it.
 *
 * Mount it after the session middleware on `/db/*` and `/agent/*` (never on `/connect/*` or the auth
 * routes). GET, DELETE, HEAD and OPTIONS pass untouched. With `required`, a POST/PUT/PATCH with a
 * non-empty plaintext body is refused; one with no body at all passes, because there is nothing to
 * protect and the route's own schema decides whether it needed a body.
 *
 * Every envelope failure is a 400 `{ success: false, error }` naming the problem (413 when the body
 * exceeds `maxBodyBytes`, 503 when the replay store cannot answer); nothing here throws.
 */
export function encryptedBody(options: EncryptedBodyOptions): MiddlewareHandler<EncryptedBodyEnv> {
  const { secretKey, required, replayStore } = options;
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== nacl.box.secretKeyLength) {
    throw new TypeError(`encryptedBody: secretKey must be ${nacl.box.secretKeyLength} bytes`);
  }
  const openBox = createBoxOpener(secretKey);
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const ownerOf = options.ownerOf ?? (() => 'anyone');

  return createMiddleware<EncryptedBodyEnv>(async (c, next) => {
    const raw = c.req.raw;
    if (!sealedMethods.has(raw.method)) return next();

    if (raw.headers.get(ENCRYPTED_HEADER) !== ENCRYPTED_HEADER_VALUE) {
      if (!required) return next();
      const empty = await hasEmptyBody(raw, maxBodyBytes);
      if (empty === 'consumed') {
        // The body stream was read to find out it is empty; give handlers a fresh, bodyless request.
        c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, signal: raw.signal });
      } else if (!empty) {
        // The unread body is still on the socket: close it rather than promise a keep-alive we cannot keep.
        return c.json(envelopeFailure('required'), 400, { connection: 'close' });
      }
      return next();
    }

    const opened = await openSealedRequest(raw, openBox, maxBodyBytes, now, replayStore, ownerOf(c));
    if (!opened.ok) {
      const unread = opened.code === 'tooLarge' ? { connection: 'close' } : undefined;
      return c.json(envelopeFailure(opened.code), opened.status, unread);
    }

    const json = JSON.stringify(opened.plaintext.body);
    const headers = new Headers(raw.headers);
    headers.delete(ENCRYPTED_HEADER);
    headers.delete('content-length');
    headers.set('content-type', 'application/json');
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: json, signal: raw.signal });
    c.req.bodyCache = {}; // drop any cached read of the envelope itself
    c.set('body', opened.plaintext.body);
    return next();
  });
}

async function openSealedRequest(
  raw: Request,
  openBox: BoxOpener,
  maxBodyBytes: number,
  now: () => number,
  replayStore: ReplayStore,
  owner: string,
): Promise<Opened | Failure> {
  const bytes = await readBody(raw, maxBodyBytes);
  if (bytes === 'tooLarge') return failure('tooLarge', 413);
  if (bytes === 'unreadable') return failure('malformed');

  const envelope = encryptedEnvelopeSchema.safeParse(parseJson(bytes));
  if (!envelope.success) return failure('malformed');

  const ephemPub = decodeBase64(envelope.data.ephem_pub);
  const nonce = decodeBase64(envelope.data.nonce);
  const ciphertext = decodeBase64(envelope.data.ciphertext);
  if (!ephemPub || !nonce || !ciphertext) return failure('badBase64');
  if (
    ephemPub.length !== ENVELOPE_SIZES.publicKey ||
    nonce.length !== ENVELOPE_SIZES.nonce ||
    ciphertext.length < ENVELOPE_SIZES.mac
  ) {
    return failure('badLength');
  }

  const opened = openBox(ciphertext, nonce, ephemPub);
  if (!opened) return failure('openFailed');

  const text = decodeUtf8(opened);
  // Measured on the text, before anything builds or serialises the value: JSON.stringify of a body
  // nested 10,000 deep throws RangeError. One level more than the limit for the plaintext's own object.
  if (text !== undefined && jsonTextDepth(text) > JSON_LIMITS.maxDepth + 1) return failure('tooDeep');
  const plaintext = envelopePlaintextSchema.safeParse(parseJsonText(text));
  if (!plaintext.success) return failure('invalidPlaintext');
  const { ts, rid, method, path } = plaintext.data;

  const t = now();
  if (t - ts > ENVELOPE_MAX_SKEW_MS || ts - t > ENVELOPE_MAX_FUTURE_SKEW_MS) return failure('stale');
  if (method !== raw.method || path !== requestPath(raw.url)) return failure('mismatch');

  // Claimed last, so a request refused for another reason does not burn its id.
  const ttlMs = ts + ENVELOPE_MAX_SKEW_MS - t + REPLAY_TTL_MARGIN_MS;
  let fresh: boolean;
  try {
    fresh = await replayStore.claim(rid, ttlMs, owner);
  } catch (error) {
    if (error instanceof ReplayQuotaError) return failure('tooMany', 429);
    // Fail closed: accepting without a verdict would allow replays while the store is down or full.
    return failure('unavailable', 503);
  }
  if (!fresh) return failure('replayed');
  return { ok: true, plaintext: plaintext.data };
}

/** The error body of an envelope failure: its sentence and its typed code. */
function envelopeFailure(code: EnvelopeErrorCode) {
  return { success: false as const, error: envelopeErrors[code], code: `envelope:${code}` as const };
}

type BoxOpener = (ciphertext: Uint8Array, nonce: Uint8Array, ephemPub: Uint8Array) => Uint8Array | null;

type NaclLowLevel = {
  crypto_core_hsalsa20(out: Uint8Array, input: Uint8Array, key: Uint8Array, constant: Uint8Array): void;
};
// Untyped in tweetnacl's d.ts, but part of its public API (nacl.lowlevel).
const hsalsa20 = (nacl as unknown as { lowlevel: NaclLowLevel }).lowlevel.crypto_core_hsalsa20;
const SIGMA = new TextEncoder().encode('expand 32-byte k');
const HSALSA_INPUT = new Uint8Array(16);

/**
 * `nacl.box.open` with the X25519 step done by node:crypto (OpenSSL): the same construction as
 * tweetnacl's box.before (shared = X25519(sk, epk); key = HSalsa20(shared, 0, sigma)) followed by
 * box.open.after, but about 9x faster than tweetnacl's pure-JS scalar multiplication, which is the
 * bulk of the per-request cost. OpenSSL also refuses low-order ephemeral keys (all-zero shared secret),
 * where tweetnacl would derive a publicly known key. The tests cross-check it against nacl.box.open.
 */
function createBoxOpener(secretKey: Uint8Array): BoxOpener {
  const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const publicKey = nacl.box.keyPair.fromSecretKey(secretKey).publicKey;
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({
      key: { kty: 'OKP', crv: 'X25519', d: b64url(secretKey), x: b64url(publicKey) },
      format: 'jwk',
    });
  } catch {
    // A runtime without X25519 in node:crypto still works, only slower.
    return (ciphertext, nonce, ephemPub) => nacl.box.open(ciphertext, nonce, ephemPub, secretKey);
  }
  return (ciphertext, nonce, ephemPub) => {
    try {
      const peer = createPublicKey({
        key: { kty: 'OKP', crv: 'X25519', x: b64url(ephemPub) },
        format: 'jwk',
      });
      const shared = diffieHellman({ privateKey, publicKey: peer });
      const key = new Uint8Array(32);
      hsalsa20(key, HSALSA_INPUT, shared, SIGMA);
      shared.fill(0);
      const opened = nacl.box.open.after(ciphertext, nonce, key);
      key.fill(0);
      return opened;
    } catch {
      return null;
    }
  };
}

/** The request target as the client saw it: pathname plus search (with its '?'), as WHATWG URL serialises it. */
function requestPath(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Strict decoding: `Buffer.from(s, 'base64')` alone silently skips invalid characters. */
function decodeBase64(value: string): Uint8Array | null {
  if (value.length % 4 !== 0 || !base64Pattern.test(value)) return null;
  return Buffer.from(value, 'base64');
}

/** UTF-8 JSON, or undefined (which every schema here refuses) when it is neither. */
function parseJson(bytes: Uint8Array): unknown {
  return parseJsonText(decodeUtf8(bytes));
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function parseJsonText(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readBody(raw: Request, limit: number): Promise<Uint8Array | 'tooLarge' | 'unreadable'> {
  try {
    const declared = contentLength(raw);
    if (declared !== undefined) {
      if (declared > limit) return 'tooLarge';
      // The HTTP parser holds the sender to its Content-Length, so this read is bounded.
      // (@hono/node-server also serves arrayBuffer() without building a web stream.)
      return new Uint8Array(await raw.arrayBuffer());
    }
    if (raw.body === null) return new Uint8Array(0);
    return await readStreamBounded(raw.body, limit);
  } catch {
    return 'unreadable';
  }
}

function contentLength(raw: Request): number | undefined {
  const header = raw.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

async function readStreamBounded(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | 'tooLarge'> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return 'tooLarge';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** True when the request carries no body; 'consumed' when that was learned by reading the stream. */
async function hasEmptyBody(raw: Request, limit: number): Promise<boolean | 'consumed'> {
  const declared = raw.headers.get('content-length');
  if (declared !== null) return declared.trim() === '0';
  if (raw.body === null) return true;
  try {
    const bytes = await readStreamBounded(raw.body, limit);
    return bytes === 'tooLarge' || bytes.byteLength > 0 ? false : 'consumed';
  } catch {
    return false;
  }
}
