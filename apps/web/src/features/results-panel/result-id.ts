/**
 * Ids for saving a result card. The server accepts ids of letters, digits and `_ . : -` up to 128
 * characters (contracts RESOURCE_LIMITS.maxIdLength).
 */

const SAFE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** FNV-1a, 64 bit: a stable, short fingerprint (not a security boundary: the server scopes ids per user). */
function fingerprint(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const char of text) {
    hash ^= BigInt(char.codePointAt(0) ?? 0);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(36);
}

/**
 * The query a result came from. As required (docs/product/chat.md, "Saving and forking"), the result id
 * carries the original query id ('query-' plus a timestamp plus random text); an id of another shape is used
 * as is when it is safe, else fingerprinted.
 */
export function queryIdOfResult(resultId: unknown): string {
  const id = typeof resultId === 'string' || typeof resultId === 'number' ? String(resultId) : '';
  const embedded = id.match(/query-[A-Za-z0-9_-]+/)?.[0];
  if (embedded && SAFE_ID.test(embedded)) return embedded;
  if (SAFE_ID.test(id)) return id;
  return id ? `result-${fingerprint(id)}` : 'unknown-query';
}

/** A thread id safe to send; the chat makes them from the time and a random suffix. */
export function safeThreadId(threadId: string | null | undefined): string {
  if (threadId && SAFE_ID.test(threadId)) return threadId;
  return threadId ? `thread-${fingerprint(threadId)}` : 'no-thread';
}

/**
 * One resource id per result card and thread: saving the same card twice (a double click, a retry)
 * keeps a single resource, because the server treats a known id as already stored.
 */
export function resourceIdForResult(threadId: string | null | undefined, result: unknown): string {
  const key =
    typeof result === 'object' && result !== null && 'id' in result && result.id !== undefined
      ? `id:${String(result.id)}`
      : `doc:${JSON.stringify(result)}`;
  return `res_${fingerprint(`${threadId ?? ''}\u0000${key}`)}`;
}
