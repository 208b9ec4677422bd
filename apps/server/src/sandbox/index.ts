import { Hono, type MiddlewareHandler } from 'hono';
import {
  createEsploraSandbox,
  createEvmSandbox,
  createPriceSandbox,
  createSolanaSandbox,
} from './chains/index.ts';
import type { SandboxKeys } from './credentials.ts';
import { SANDBOX_RATE_RULES, type SandboxHost } from './host.ts';
import { createPlaidSandbox, type InitialPullTimings } from './plaid/index.ts';
import { createSnapTradeSandbox } from './snaptrade/index.ts';
import type { SandboxStore } from './store.ts';

export { SANDBOX_BROWSER_PATHS, SANDBOX_PATHS, type SandboxKeys } from './credentials.ts';
export { SANDBOX_RATE_RULES, type SandboxHost, type SandboxRateRule } from './host.ts';
export { createDatabaseSandboxStore, createMemorySandboxStore, type SandboxStore } from './store.ts';

/**
 * Every fake upstream, as one router mounted at /sandbox when PROVIDERS=sandbox (and absent when
 * live). The official SDKs reach these over real HTTP, exactly as they would reach the vendors. Plaid
 * and SnapTrade serve only this installation's keys (and their stand-in pages only the signed-in
 * user's own link sessions); the chain fakes, like the public nodes and price APIs they stand in for,
 * hold no state and answer anyone, within a per-address budget.
 */
export function createSandboxRoutes(deps: {
  store: SandboxStore;
  /** Where the browser reaches this server (the SnapTrade portal stand-in links back to itself). */
  publicUrl: string;
  /** This installation's vendor keys: the only callers the fake Plaid and SnapTrade serve. */
  keys: SandboxKeys;
  host: SandboxHost;
  /** When a new Plaid item's initial pull has its last 30 days, then its whole history. */
  plaidInitialPull: InitialPullTimings;
  /** Where the fake SnapTrade sends its webhooks (SnapTrade's dashboard setting); none when undefined. */
  snaptradeWebhookUrl?: () => string | undefined;
  now?: () => Date;
}) {
  const clock = deps.now ? { now: deps.now } : {};
  const { host } = deps;
  const routes = new Hono();
  routes.route(
    '/plaid',
    createPlaidSandbox({
      store: deps.store,
      credentials: deps.keys.plaid,
      host,
      initialPull: deps.plaidInitialPull,
      ...clock,
    }),
  );
  routes.route(
    '/snaptrade',
    createSnapTradeSandbox({
      store: deps.store,
      credentials: deps.keys.snaptrade,
      host,
      publicBaseUrl: `${deps.publicUrl}/sandbox/snaptrade`,
      ...(deps.snaptradeWebhookUrl ? { webhookUrl: deps.snaptradeWebhookUrl } : {}),
      ...clock,
    }),
  );
  const perAddress: MiddlewareHandler = async (c, next) => {
    if (await host.allow(`chains:${host.address(c)}`, SANDBOX_RATE_RULES.publicPerAddress)) return next();
    return c.json({ error: 'Too many requests. Please try again later.' }, 429);
  };
  for (const chain of ['/evm', '/solana', '/esplora', '/prices']) routes.use(`${chain}/*`, perAddress);
  routes.route('/evm', createEvmSandbox(clock));
  routes.route('/solana', createSolanaSandbox(clock));
  routes.route('/esplora', createEsploraSandbox(clock));
  routes.route('/prices', createPriceSandbox(clock));
  return routes;
}
