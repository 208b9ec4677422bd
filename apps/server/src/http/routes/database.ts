import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';
import type { AppEnv } from '../context.ts';
import { dataContainerRoutes } from './db/data-container.ts';

/**
 * The spec's database and data service paths, mounted under /db. Each area keeps its routes in
 * routes/db/<area>.ts and adds one line here.
 */
export function databaseRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().route('/', dataContainerRoutes({ db: deps.database.db }));
}
