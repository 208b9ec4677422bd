/** A short random suffix: letters and digits (ids allow only `A-Za-z0-9_.:-`). */
function randomSuffix(length = 8): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** Spec 2 §4 "New chat": a thread id from the current time and a random suffix. */
export function makeThreadId(now = Date.now()): string {
  return `thread-${now}-${randomSuffix()}`;
}

/** Spec 2 §7: a query id is 'query-' plus a timestamp plus random text. */
export function makeQueryId(now = Date.now()): string {
  return `query-${now}-${randomSuffix()}`;
}
