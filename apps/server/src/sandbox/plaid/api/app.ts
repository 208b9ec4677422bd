import { Hono } from 'hono';
import type { SandboxHost } from '../../host.ts';
import type { SandboxStore } from '../../store.ts';
import { failures, PlaidFailure } from '../errors.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { type InitialPullTimings, type PlaidApi, type PlaidApiKeys, requestId } from './context.ts';
import { registerInvestmentRoutes } from './investment-routes.ts';
import { registerLinkRoutes } from './link-routes.ts';
import { registerSandboxControlRoutes } from './sandbox-control-routes.ts';
import { registerTransactionRoutes } from './transaction-routes.ts';
import { registerWebhookRoutes, WEBHOOK_DELAY_MS } from './webhooks.ts';

export type PlaidSandboxDeps = {
  store: SandboxStore;
  now?: () => Date;
  /** The installation's keys: the only callers served. */
  credentials: PlaidApiKeys;
  /** Who the browser is on the stand-in pages, and the callers' budgets. */
  host: SandboxHost;
  /** How long after an event its webhook leaves (WEBHOOK_DELAY_MS). */
  webhookDelayMs?: number;
  /** When a new item's initial pull brings its last 30 days, then its whole history. */
  initialPull: InitialPullTimings;
};

/** The fake Plaid API: each group of routes registers on one router, sharing the store and the clock. */
export function createPlaidSandbox(deps: PlaidSandboxDeps): Hono {
  const app = new Hono();
  const api: PlaidApi = {
    app,
    store: deps.store,
    now: deps.now ?? (() => new Date()),
    credentials: deps.credentials,
    host: deps.host,
    webhookDelayMs: deps.webhookDelayMs ?? WEBHOOK_DELAY_MS,
    initialPull: deps.initialPull,
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
  registerWebhookRoutes(api);

  // Last, so it answers only what no route above did (a mounted app's notFound is not consulted).
  app.all('*', (c) => {
    const failure = failures.notFound();
    return c.json(failure.body(requestId()), failure.status);
  });

  return app;
}
