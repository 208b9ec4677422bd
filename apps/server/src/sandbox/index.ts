import { Hono } from 'hono';
import {
  createEsploraSandbox,
  createEvmSandbox,
  createPriceSandbox,
  createSolanaSandbox,
} from './chains/index.ts';
import { createPlaidSandbox } from './plaid/index.ts';
import { createSnapTradeSandbox } from './snaptrade/index.ts';
import type { SandboxStore } from './store.ts';

export { SANDBOX_CREDENTIALS, SANDBOX_PATHS } from './credentials.ts';
export { createDatabaseSandboxStore, createMemorySandboxStore, type SandboxStore } from './store.ts';

/**
 * Every fake upstream, as one router mounted at /sandbox when PROVIDERS=sandbox (and absent when
 * live). The official SDKs reach these over real HTTP, exactly as they would reach the vendors.
 */
export function createSandboxRoutes(deps: {
  store: SandboxStore;
  /** Where the browser reaches this server (the SnapTrade portal stand-in links back to itself). */
  publicUrl: string;
  now?: () => Date;
}) {
  const clock = deps.now ? { now: deps.now } : {};
  const routes = new Hono();
  routes.route('/plaid', createPlaidSandbox({ store: deps.store, ...clock }));
  routes.route(
    '/snaptrade',
    createSnapTradeSandbox({
      store: deps.store,
      publicBaseUrl: `${deps.publicUrl}/sandbox/snaptrade`,
      ...clock,
    }),
  );
  routes.route('/evm', createEvmSandbox(clock));
  routes.route('/solana', createSolanaSandbox(clock));
  routes.route('/esplora', createEsploraSandbox(clock));
  routes.route('/prices', createPriceSandbox(clock));
  return routes;
}
