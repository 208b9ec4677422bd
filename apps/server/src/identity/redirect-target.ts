/**
 * Whether a client-supplied redirect or callback URL may be handed to the auth service: a path on our
 * own origin written in its normal form ('/signin?verified=1'), or an absolute URL on a trusted origin.
 * Refused: protocol-relative and backslash tricks ('//evil', '/\evil'), dot segments that normalise
 * into one ('/..//evil.example/login' becomes '//evil.example/login'), and any other origin.
 */
export function isSafeRedirectTarget(value: string, trustedOrigins: readonly string[]): boolean {
  if (value.length === 0 || value.length > 2048) return false;
  // Control characters and backslashes are read differently by browsers and URL parsers.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return false;
  }
  const [base] = trustedOrigins;
  if (!base) return false;
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return false;
  }
  if (!trustedOrigins.includes(resolved.origin)) return false;
  if (resolved.pathname.startsWith('//')) return false;
  if (value.startsWith('/')) {
    // A relative target must already be what it resolves to: no dot segments, no '//' at its start.
    return value === resolved.pathname + resolved.search + resolved.hash;
  }
  return /^https?:\/\//i.test(value);
}
