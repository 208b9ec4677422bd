import { Hono } from 'hono';
import { SANDBOX_CREDENTIALS } from '../../credentials.ts';
import type { SandboxStore } from '../../store.ts';
import { failures, PlaidFailure } from '../errors.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { type PlaidApi, type PlaidApiKeys, requestId } from './context.ts';
import { registerInvestmentRoutes } from './investment-routes.ts';
import { registerLinkRoutes } from './link-routes.ts';
import { registerSandboxControlRoutes } from './sandbox-control-routes.ts';
import { registerTransactionRoutes } from './transaction-routes.ts';

export type PlaidSandboxDeps = {
  store: SandboxStore;
  now?: () => Date;
  credentials?: PlaidApiKeys;
};

/** The fake Plaid API: each group of routes registers on one router, sharing the store and the clock. */
export function createPlaidSandbox(deps: PlaidSandboxDeps): Hono {
  const app = new Hono();
  const api: PlaidApi = {
    app,
    store: deps.store,
    now: deps.now ?? (() => new Date()),
    credentials: deps.credentials ?? SANDBOX_CREDENTIALS.plaid,
  };

  app.onError((error, c) => {
    const failure = error instanceof PlaidFailure ? error : failures.internal();
    return c.json(failure.body(requestId()), failure.status);
  });

  registerLinkRoutes(api);
  registerAccountRoutes(api);
  registerTransactionRoutes(api);
  registerInvestmentRoutes(api);
  registerSandboxControlRoutes(api);

  // Last, so it answers only what no route above did (a mounted app's notFound is not consulted).
  app.all('*', (c) => {
    const failure = failures.notFound();
    return c.json(failure.body(requestId()), failure.status);
  });

  return app;
}
