import type { PublicConfig } from '@penny/contracts';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

/** GET /config: what the SPA needs before its first call. Public by design; holds no secret. */
export function publicConfigRoutes(publicConfig: PublicConfig) {
  return new Hono<AppEnv>().get('/config', (c) => c.json(publicConfig, 200, { 'cache-control': 'no-cache' }));
}
