import { z } from 'zod';
import { apiMessages } from './messages.ts';

/**
 * Encrypted request bodies (docs/product/chat.md, "Request wrapper"). The web app seals the JSON body of
 * every POST/PUT/PATCH to the database and agent services with NaCl `box` (X25519 + XSalsa20-Poly1305)
 * from a fresh ephemeral key pair to the server's public key, and sends the result with
 * `x-encrypted: 1`. `box` has no associated data, so the replay and routing guards (timestamp,
 * request id, method, path) travel inside the plaintext.
 */

export const ENCRYPTED_HEADER = 'x-encrypted';
export const ENCRYPTED_HEADER_VALUE = '1';
export const ENVELOPE_VERSION = 1;
/** A sealed request is accepted while its timestamp is at most this far behind the server clock. */
export const ENVELOPE_MAX_SKEW_MS = 120_000;
/**
 * ...and at most this far ahead of it. Small on purpose: a request id is remembered until its
 * timestamp ages out, so a timestamp far in the future would hold a slot in the replay store for long.
 */
export const ENVELOPE_MAX_FUTURE_SKEW_MS = 30_000;
/** Methods whose JSON bodies are sealed; every other method passes the middleware untouched. */
export const ENVELOPE_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type EnvelopeMethod = (typeof ENVELOPE_METHODS)[number];

/** Byte sizes fixed by NaCl box (tweetnacl: box.publicKeyLength, box.nonceLength, box.overheadLength). */
export const ENVELOPE_SIZES = {
  publicKey: 32,
  nonce: 24,
  mac: 16,
  ridMin: 16,
  ridMax: 64,
  pathMax: 4096,
} as const;

/** User-facing errors of the envelope check; every one is answered with 400 `{ success: false, error }`. */
export const envelopeErrors = {
  required: 'Encrypted request body required.',
  malformed: 'Malformed encrypted request body: expected JSON with ephem_pub, nonce and ciphertext strings.',
  badBase64: 'Encrypted request body is not valid base64.',
  badLength: 'Encrypted request body has an invalid key, nonce or ciphertext length.',
  openFailed: 'Encrypted request body could not be decrypted.',
  invalidPlaintext: 'Decrypted request body is not a valid request envelope.',
  stale: 'Request timestamp is outside the allowed window; check the device clock and retry.',
  replayed: 'Request was already received (replayed request id).',
  mismatch: 'Request method or path does not match the encrypted body.',
  tooLarge: 'Request body is too large.',
  tooDeep: 'Request body is nested too deeply.',
  tooMany: apiMessages.tooMany,
  unavailable: 'Request could not be verified right now. Please try again.',
} as const;
export type EnvelopeErrorCode = keyof typeof envelopeErrors;

/**
 * What goes on the wire. Base64 validity is checked when the fields are decoded, so that a
 * bad encoding gets its own error (`envelopeErrors.badBase64`) rather than "malformed".
 */
export const encryptedEnvelopeSchema = z.object({
  ephem_pub: z.string().min(1),
  nonce: z.string().min(1),
  ciphertext: z.string().min(1),
});
export type EncryptedEnvelope = z.infer<typeof encryptedEnvelopeSchema>;

/** What is sealed. `path` is the request URL's pathname plus search, exactly as the server sees it. */
export const envelopePlaintextSchema = z.object({
  v: z.literal(ENVELOPE_VERSION),
  /** Client clock, milliseconds since the epoch. */
  ts: z.number().int().nonnegative(),
  /** Random request id, used once: the server refuses a second request carrying it. */
  rid: z
    .string()
    .min(ENVELOPE_SIZES.ridMin)
    .max(ENVELOPE_SIZES.ridMax)
    .regex(/^[A-Za-z0-9_-]+$/),
  method: z.enum(ENVELOPE_METHODS),
  path: z.string().startsWith('/').max(ENVELOPE_SIZES.pathMax),
  // JSON cannot carry undefined, so a missing key means the sender forgot the body.
  body: z.unknown().refine((value) => value !== undefined, 'body is required'),
});
export type EnvelopePlaintext = z.infer<typeof envelopePlaintextSchema>;
