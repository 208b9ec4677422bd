import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * SnapTrade's request signature (docs "Request Signatures"; the SDK's requestAfterHook.ts):
 * HMAC-SHA256, keyed with encodeURI(consumerKey), over the canonical JSON of
 * `{content: <JSON body or null>, path: <path without query>, query: <raw query string>}`, base64.
 */

export type SignedParts = { content: unknown; path: string; query: string };

/** JSON with every object's keys sorted, no whitespace: the SDK's `JSONstringifyOrder`, byte for byte. */
export function canonicalJson(value: unknown): string {
  const keys = new Set<string>();
  JSON.stringify(value, (key, nested: unknown) => {
    keys.add(key);
    return nested;
  });
  return JSON.stringify(value, [...keys].sort());
}

export function snapTradeSignature(consumerKey: string, parts: SignedParts): string {
  return createHmac('sha256', encodeURI(consumerKey))
    .update(canonicalJson({ content: parts.content, path: parts.path, query: parts.query }))
    .digest('base64');
}

/**
 * The body as the SDK signs it: null when there is none or it is `{}`.
 * Returns `undefined` for a body that is not JSON (the caller answers 400).
 */
export function signedContent(bodyText: string): unknown {
  if (bodyText === '' || bodyText === '{}') return null;
  try {
    return JSON.parse(bodyText);
  } catch {
    return undefined;
  }
}

/** True when `signature` matches the request signed at any of `paths` (see the candidates in the app). */
export function signatureMatches(
  consumerKey: string,
  signature: string | undefined,
  content: unknown,
  paths: readonly string[],
  query: string,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  let matched = false;
  for (const path of paths) {
    const expected = Buffer.from(snapTradeSignature(consumerKey, { content, path, query }));
    // Every candidate is compared (no early exit), in constant time.
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}
