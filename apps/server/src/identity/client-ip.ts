import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The header Better Auth reads the caller's address from; set by us, never trusted from outside. */
export const INTERNAL_CLIENT_IP_HEADER = 'x-penny-client-ip';

/**
 * The caller's address for per-IP rate limits. Without a configured proxy header it is the socket's
 * peer, so a forged X-Forwarded-For cannot buy a fresh bucket. Behind a proxy, `proxyHeader` names the
 * header it sets; for X-Forwarded-For the last hop (the one our proxy appended) is used.
 */
export function resolveClientIp(c: Context, proxyHeader: string | undefined): string | undefined {
  if (proxyHeader) {
    const value = c.req.header(proxyHeader);
    const hops =
      value
        ?.split(',')
        .map((hop) => hop.trim())
        .filter(Boolean) ?? [];
    const candidate = hops.at(-1);
    return candidate && isIP(candidate) ? candidate : undefined;
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address && isIP(address) ? address : undefined;
  } catch {
    // No socket (in-process requests in tests): nothing to report.
    return undefined;
  }
}

/** The request handed to Better Auth, carrying only the address we resolved ourselves. */
export function withClientIp(request: Request, ip: string | undefined): Request {
  const headers = new Headers(request.headers);
  headers.delete(INTERNAL_CLIENT_IP_HEADER);
  if (ip) headers.set(INTERNAL_CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}
