import nacl from 'tweetnacl';
import naclUtil from 'tweetnacl-util';
import {
  ENVELOPE_METHODS,
  ENVELOPE_SIZES,
  ENVELOPE_VERSION,
  type EncryptedEnvelope,
  type EnvelopeMethod,
  type EnvelopePlaintext,
} from './envelope.ts';

export type SealBodyInput = {
  /** The server's X25519 public key, base64 (from GET /config `boxPublicKey`). */
  serverPublicKey: string;
  method: string;
  /** Pathname plus search of the URL the request goes to, e.g. `/db/get-profile?x=1`. */
  path: string;
  /** Any JSON value; `undefined` is sent as `null`. */
  body: unknown;
  now?: () => number;
  randomId?: () => string;
};

const encoder = new TextEncoder();
// The server key rarely changes; decode it once rather than per request.
let lastKey: { base64: string; bytes: Uint8Array } | undefined;

/**
 * Seals a JSON request body for the database and agent services (docs/product/chat.md, "Request wrapper").
 * Each call uses a fresh ephemeral key pair and a random 24-byte nonce, so no two requests share a
 * box key and nonce; the ephemeral secret key is wiped as soon as the box is made.
 */
export function sealBody(input: SealBodyInput): EncryptedEnvelope {
  const method = input.method.toUpperCase();
  if (!isEnvelopeMethod(method)) throw new TypeError(`Only ${ENVELOPE_METHODS.join('/')} bodies are sealed`);
  if (!input.path.startsWith('/')) throw new TypeError('path must be a pathname starting with "/"');

  const plaintext: EnvelopePlaintext = {
    v: ENVELOPE_VERSION,
    ts: (input.now ?? Date.now)(),
    rid: (input.randomId ?? randomRequestId)(),
    method,
    path: input.path,
    body: input.body === undefined ? null : input.body,
  };
  // Copied into this realm's Uint8Array: tweetnacl checks `instanceof Uint8Array`, and under jsdom
  // TextEncoder hands back another realm's array.
  const message = new Uint8Array(encoder.encode(JSON.stringify(plaintext)));

  const ephemeral = nacl.box.keyPair();
  const nonce = nacl.randomBytes(nacl.box.nonceLength);
  try {
    const ciphertext = nacl.box(message, nonce, serverKey(input.serverPublicKey), ephemeral.secretKey);
    return {
      ephem_pub: naclUtil.encodeBase64(ephemeral.publicKey),
      nonce: naclUtil.encodeBase64(nonce),
      ciphertext: naclUtil.encodeBase64(ciphertext),
    };
  } finally {
    ephemeral.secretKey.fill(0);
  }
}

/** 128 random bits as 32 hex characters; crypto.randomUUID is missing outside secure contexts. */
export function randomRequestId(): string {
  let hex = '';
  for (const byte of nacl.randomBytes(16)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function isEnvelopeMethod(method: string): method is EnvelopeMethod {
  return (ENVELOPE_METHODS as readonly string[]).includes(method);
}

function serverKey(base64: string): Uint8Array {
  if (lastKey?.base64 === base64) return lastKey.bytes;
  let key: Uint8Array;
  try {
    key = naclUtil.decodeBase64(base64);
  } catch {
    throw new TypeError('Server public key is not valid base64');
  }
  if (key.length !== ENVELOPE_SIZES.publicKey) throw new TypeError('Server public key must be 32 bytes');
  lastKey = { base64, bytes: key };
  return key;
}
