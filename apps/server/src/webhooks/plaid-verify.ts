import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, type JWTPayload, jwtVerify } from 'jose';
import { ProviderError, type WebhookVerificationKey } from '../connections/types.ts';
import { ServiceError } from '../services/errors.ts';
import { ReplayQuotaError, type ReplayStore } from '../shared-state/index.ts';

/**
 * Plaid's webhook signature (docs/security.md, "Webhooks"): the `Plaid-Verification` header is an
 * ES256 JWT signed by a key Plaid publishes at /webhook_verification_key/get, whose payload carries
 * `iat` and the SHA-256 of the exact body. Checked in this order, and nothing of the body is read
 * before all of it held: the algorithm, the key by its id, the signature, the age, the body hash, and
 * last that this signed delivery was not received before (a replay store shared by every instance).
 */

/** How old a webhook may be (Plaid's own advice): older ones are refused, and the replay window matches. */
export const PLAID_WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** Key ids Plaid does not know, remembered so a flood of forged ones does not become a flood of calls. */
const UNKNOWN_KEY_TTL_MS = 5 * 60_000;
const MAX_REMEMBERED_KEYS = 1_000;
/** Calls to Plaid for keys not cached, per minute: a genuine rotation needs one. */
const KEY_FETCHES_PER_MINUTE = 10;
/** A header longer than this is not a JWT Plaid made (theirs are a few hundred characters). */
const MAX_HEADER_LENGTH = 4_096;

const unverified = () =>
  new ServiceError('webhook:unverified', 'The webhook signature could not be verified.');

export type PlaidWebhookVerifier = {
  /** Resolves when the header signs exactly `body`, recently, for the first time; otherwise a ServiceError. */
  verify(body: Uint8Array, header: string | undefined): Promise<void>;
};

type CachedKey = { key: Awaited<ReturnType<typeof importJWK>>; expiredAt: number | null };

export function createPlaidWebhookVerifier(deps: {
  /** The Plaid SDK's /webhook_verification_key/get. */
  fetchKey: (keyId: string) => Promise<WebhookVerificationKey>;
  replayStore: ReplayStore;
  now?: () => Date;
}): PlaidWebhookVerifier {
  const now = deps.now ?? (() => new Date());
  const keys = new Map<string, CachedKey>();
  const unknown = new Map<string, number>();
  const inFlight = new Map<string, Promise<CachedKey | undefined>>();
  let fetchWindow = { start: 0, count: 0 };

  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  const remember = <V>(map: Map<string, V>, id: string, value: V) => {
    if (map.size >= MAX_REMEMBERED_KEYS) map.delete(map.keys().next().value as string);
    map.set(id, value);
  };

  async function fetchKey(keyId: string): Promise<CachedKey | undefined> {
    const until = unknown.get(keyId);
    if (until !== undefined && until > now().getTime()) return undefined;
    const minute = Math.floor(now().getTime() / 60_000);
    if (fetchWindow.start !== minute) fetchWindow = { start: minute, count: 0 };
    if (fetchWindow.count >= KEY_FETCHES_PER_MINUTE) return undefined;
    fetchWindow.count += 1;
    let published: WebhookVerificationKey;
    try {
      published = await deps.fetchKey(keyId);
    } catch (error) {
      if (
        error instanceof ProviderError &&
        (error.kind === 'invalid-request' || error.kind === 'not-found')
      ) {
        remember(unknown, keyId, now().getTime() + UNKNOWN_KEY_TTL_MS);
        return undefined;
      }
      // Plaid is unreachable: the webhook cannot be checked now, and Plaid delivers it again later.
      throw new ServiceError(
        'accounts:provider-unavailable',
        'Plaid could not be reached to check the webhook.',
      );
    }
    const { jwk } = published;
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || jwk.kid !== keyId) return undefined;
    const key = await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, 'ES256');
    const cached = { key, expiredAt: published.expiredAt };
    remember(keys, keyId, cached);
    return cached;
  }

  async function keyFor(keyId: string): Promise<CachedKey | undefined> {
    const cached = keys.get(keyId);
    if (cached && (cached.expiredAt === null || cached.expiredAt > nowSeconds())) return cached;
    if (cached) keys.delete(keyId);
    let pending = inFlight.get(keyId);
    if (!pending) {
      pending = fetchKey(keyId).finally(() => inFlight.delete(keyId));
      inFlight.set(keyId, pending);
    }
    const fetched = await pending;
    // A key Plaid retired signs nothing any more.
    if (fetched?.expiredAt != null && fetched.expiredAt <= nowSeconds()) return undefined;
    return fetched;
  }

  return {
    async verify(body, header) {
      if (!header || header.length > MAX_HEADER_LENGTH) throw unverified();
      let protectedHeader: ReturnType<typeof decodeProtectedHeader>;
      try {
        protectedHeader = decodeProtectedHeader(header);
      } catch {
        throw unverified();
      }
      const { alg, kid } = protectedHeader;
      // ES256 only: never `none`, never an HMAC keyed with a public key.
      if (alg !== 'ES256' || typeof kid !== 'string' || kid.length === 0 || kid.length > 200) {
        throw unverified();
      }
      const key = await keyFor(kid);
      if (!key) throw unverified();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(header, key.key, {
          algorithms: ['ES256'],
          maxTokenAge: PLAID_WEBHOOK_MAX_AGE_SECONDS,
          currentDate: now(),
        }));
      } catch {
        throw unverified();
      }
      const claimed = payload.request_body_sha256;
      if (typeof claimed !== 'string' || !sameHash(claimed, sha256Hex(body))) throw unverified();
      let first: boolean;
      try {
        // Keyed by the signed token, which binds the body's hash and its time: a captured delivery
        // sent again is refused, while Plaid's next webhook with the same body (new transactions for
        // the same item a minute later) carries a token of its own and still gets through.
        first = await deps.replayStore.claim(
          `plaid-webhook:${sha256Hex(new TextEncoder().encode(header))}`,
          PLAID_WEBHOOK_MAX_AGE_SECONDS * 1000,
          'plaid-webhooks',
        );
      } catch (error) {
        if (error instanceof ReplayQuotaError)
          throw new ServiceError('request:too-many', 'Too many webhooks.');
        throw new ServiceError('server:unavailable', 'The webhook could not be recorded. Try again.');
      }
      if (!first) throw new ServiceError('webhook:replayed', 'This webhook was already received.');
    },
  };
}

export function sha256Hex(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** Two hex digests compared in constant time (a claimed one of another length is simply different). */
function sameHash(claimed: string, actual: string): boolean {
  const left = Buffer.from(claimed.toLowerCase(), 'utf8');
  const right = Buffer.from(actual, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
