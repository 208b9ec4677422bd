import { Hono } from 'hono';
import { createUserDataService } from '../../identity/index.ts';
import type { AppDeps } from '../app.ts';
import type { AppEnv } from '../context.ts';
import { accountDataRoutes } from './db/account-data.ts';
import { dataContainerRoutes } from './db/data-container.ts';
import { preferenceRoutes } from './db/preferences.ts';
import { profileRoutes } from './db/profile.ts';
import { resourceRoutes } from './db/resources.ts';

/**
 * The spec's database and data service paths, mounted under /db. Each area keeps its routes in
 * routes/db/<area>.ts and adds one line here.
 */
export function databaseRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', dataContainerRoutes({ db: deps.database.db }))
    .route('/', resourceRoutes({ db: deps.database.db }))
    .route('/', profileRoutes({ db: deps.database.db }))
    .route('/', preferenceRoutes({ db: deps.database.db }))
    .route(
      '/',
      accountDataRoutes({ ...deps, userData: createUserDataService({ ...deps, db: deps.database.db }) }),
    );
}
