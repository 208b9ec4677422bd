import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import type { DevOutbox } from '../../mail/index.ts';
import type { AppEnv } from '../context.ts';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Headers a proxy (or a client pretending to be one) names the original client in. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'true-client-ip', 'x-client-ip'];

/** 127.0.0.0/8, ::1, and IPv4 loopback as a dual-stack socket reports it (::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 4) return loopback.check(plain, 'ipv4');
  if (family === 6) return loopback.check(plain, 'ipv6');
  return false;
}

/** The addresses a forwarding header names, without ports or quotes; unparseable entries kept as is. */
function forwardedAddresses(name: string, value: string): string[] {
  const entries =
    name === 'forwarded'
      ? [...value.matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map((match) => match[1] ?? '')
      : value.split(',');
  return entries.map((entry) => {
    const bare = entry.trim().replace(/^"|"$/g, '');
    const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(bare)?.[1];
    if (bracketed) return bracketed;
    const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(bare)?.[1];
    return withPort ?? bare;
  });
}

/**
 * A client on this machine: the socket's peer is loopback (never a header, which anyone can send) and,
 * when the request came through a local proxy, every client it names is loopback too. No socket at all
 * (an in-process request with no connection info) is not a local client.
 */
export function isLocalClient(c: Context, extraHeaders: readonly string[] = []): boolean {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  if (!isLoopbackAddress(peer)) return false;
  for (const name of [...FORWARDING_HEADERS, ...extraHeaders.map((header) => header.toLowerCase())]) {
    const value = c.req.header(name);
    if (value === undefined) continue;
    if (!forwardedAddresses(name, value).every(isLoopbackAddress)) return false;
  }
  return true;
}

/**
 * GET /dev/outbox: mail the dev outbox "sent", newest first. Mounted only in MAIL_MODE=outbox (never in
 * production), and even then answered only to clients on this machine: for anyone else it falls through
 * to the app's 404, exactly like a path that does not exist. `options.clientIpHeader` is the configured
 * proxy header (CLIENT_IP_HEADER), checked like the standard forwarding headers.
 */
export function devOutboxRoutes(outbox: DevOutbox, options: { clientIpHeader?: string | undefined } = {}) {
  const extraHeaders = options.clientIpHeader ? [options.clientIpHeader] : [];
  return new Hono<AppEnv>().get('/dev/outbox', async (c, next) => {
    if (!isLocalClient(c, extraHeaders)) return next();
    return c.json({ messages: await outbox.list() }, 200, { 'cache-control': 'no-store' });
  });
}
