import { Hono } from 'hono';
import type { DevOutbox } from '../../mail/index.ts';
import type { AppEnv } from '../context.ts';

/** GET /dev/outbox: mail the embedded mode "sent", newest first. Mounted only when no SMTP is set. */
export function devOutboxRoutes(outbox: DevOutbox) {
  return new Hono<AppEnv>().get('/dev/outbox', async (c) =>
    c.json({ messages: await outbox.list() }, 200, { 'cache-control': 'no-store' }),
  );
}
