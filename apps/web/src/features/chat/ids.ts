/** A short random suffix: letters and digits (ids allow only `A-Za-z0-9_.:-`). */
function randomSuffix(length = 8): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** docs/product/chat.md, "New chat": a thread id from the current time and a random suffix. */
export function makeThreadId(now = Date.now()): string {
  return `thread-${now}-${randomSuffix()}`;
}

/** docs/product/chat.md, "Agent service": a query id is 'query-' plus a timestamp plus random text. */
export function makeQueryId(now = Date.now()): string {
  return `query-${now}-${randomSuffix()}`;
}
