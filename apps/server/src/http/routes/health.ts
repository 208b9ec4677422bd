import { Hono } from 'hono';
import type { DatabaseHandle } from '../../db/index.ts';
import type { AppEnv } from '../context.ts';

/** GET /healthz: 200 when the database answers, 503 otherwise (load balancers read the status). */
export function healthRoutes(database: Pick<DatabaseHandle, 'ping'>) {
  return new Hono<AppEnv>().get('/healthz', async (c) => {
    try {
      await database.ping();
      return c.json({ status: 'ok', database: 'ok' } as const, 200, { 'cache-control': 'no-store' });
    } catch {
      return c.json({ status: 'unavailable', database: 'unavailable' } as const, 503, {
        'cache-control': 'no-store',
      });
    }
  });
}
