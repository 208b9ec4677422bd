import { Hono } from 'hono';
import type { DatabaseHandle } from '../../db/index.ts';
import type { AppEnv } from '../context.ts';

type Part = 'ok' | 'unavailable';

/** What /healthz asks besides the database: Redis when REDIS_URL is set, the job queue, draining. */
export type HealthChecks = {
  redis?: () => Promise<Part>;
  queue?: () => Promise<Part>;
  /** True once SIGTERM arrived: the instance finishes its work and takes no more. */
  draining?: () => boolean;
};

/**
 * GET /healthz: 200 when the database, Redis (when used) and the job queue answer; 503 when one does
 * not, or while the instance drains before it stops (load balancers read the status and stop sending).
 */
export function healthRoutes(database: Pick<DatabaseHandle, 'ping'>, checks: HealthChecks = {}) {
  return new Hono<AppEnv>().get('/healthz', async (c) => {
    const [db, redis, queue] = await Promise.all([
      database.ping().then(
        (): Part => 'ok',
        (): Part => 'unavailable',
      ),
      checks.redis?.().catch((): Part => 'unavailable'),
      checks.queue?.().catch((): Part => 'unavailable'),
    ]);
    const parts = {
      database: db,
      ...(redis ? { redis } : {}),
      ...(queue ? { queue } : {}),
    };
    const draining = checks.draining?.() ?? false;
    const healthy = Object.values(parts).every((part) => part === 'ok');
    const status = draining ? 'draining' : healthy ? 'ok' : 'unavailable';
    return c.json({ status, ...parts }, status === 'ok' ? 200 : 503, { 'cache-control': 'no-store' });
  });
}
