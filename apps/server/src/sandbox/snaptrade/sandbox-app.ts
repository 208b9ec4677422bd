import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SandboxHost } from '../host.ts';
import type { SandboxStore } from '../store.ts';
import {
  accountOperations,
  connectionOperations,
  errorResponse,
  mountOperation,
  orderOperations,
  partnerOperations,
  type SnapTradeApi,
  type SnapTradeKeys,
  tradingOperations,
} from './operations/index.ts';
import { registerPortalRoutes } from './portal.ts';

export type SnapTradeSandboxDeps = {
  store: SandboxStore;
  now?: () => Date;
  /** The installation's keys: the only partner served. */
  credentials: SnapTradeKeys;
  /** Who the browser is on the portal, and the callers' budgets. */
  host: SandboxHost;
  /** Where the browser reaches this fake (e.g. http://localhost:3000/sandbox/snaptrade); default: from the request. */
  publicBaseUrl?: string;
  /** Where the webhooks go (SnapTrade's dashboard setting); none are sent while it is undefined. */
  webhookUrl?: () => string | undefined;
};

/** How long after the event a webhook leaves: after the partner stored what it just made. */
export const WEBHOOK_DELAY_MS = 500;

const MAX_BODY_BYTES = 64 * 1024;

/** The fake SnapTrade API (see index.ts): partner, connection, account and trading operations, and the portal. */
export function createSnapTradeSandbox(deps: SnapTradeSandboxDeps): Hono {
  const now = deps.now ?? (() => new Date());
  const api: SnapTradeApi = {
    store: deps.store,
    now,
    credentials: deps.credentials,
    host: deps.host,
    publicBaseUrl: deps.publicBaseUrl,
    datasets: new Map(),
    webhooks: {
      url: deps.webhookUrl ?? (() => undefined),
      keys: deps.credentials,
      now,
      delayMs: WEBHOOK_DELAY_MS,
    },
  };
  const app = new Hono();
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => errorResponse(c, 'invalid-input', 'The request body is too large.'),
    }),
  );

  const operations = [
    ...partnerOperations(api),
    ...connectionOperations(api),
    ...accountOperations(api),
    ...tradingOperations(api),
    ...orderOperations(api),
  ];
  for (const operation of operations) mountOperation(app, api, operation);

  registerPortalRoutes(app, {
    store: api.store,
    now: api.now,
    clientId: api.credentials.clientId,
    host: api.host,
    webhooks: api.webhooks,
  });

  // A catch-all route rather than notFound(): a mounted sub-app's notFound handler is not used by Hono.
  app.all('*', (c) => errorResponse(c, 'not-found'));
  app.notFound((c) => errorResponse(c, 'not-found'));
  app.onError((_error, c) => errorResponse(c, 'internal'));
  return app;
}
