import { randomBytes } from 'node:crypto';
import { startPennyServer } from './support/server.ts';

/**
 * Starts the real server the way `npm start` does (build if stale, migrate, serve) on a free port with
 * a temporary DATA_DIR, and hands its URL to the tests through PENNY_E2E_URL.
 */
export default async function globalSetup() {
  // This installation's Plaid keys, given as an operator gives them (PROVIDERS=sandbox uses them for the
  // fake Plaid and its client alike): the tests that act as the installation at the fake hold them too.
  const plaidKeys = { clientId: 'penny-e2e', secret: randomBytes(24).toString('base64url') };
  const server = await startPennyServer({
    PLAID_CLIENT_ID: plaidKeys.clientId,
    PLAID_SECRET: plaidKeys.secret,
    // The sandbox Plaid's first pull, shortened (docs/accounts.md, "The first pull"): every spec that
    // links a bank waits for its whole history (support/bank.ts), announced by webhook as with the
    // defaults; first-pull.spec.ts runs a server of its own with the defaults.
    SANDBOX_PLAID_INITIAL_UPDATE_MS: '200',
    SANDBOX_PLAID_HISTORICAL_UPDATE_MS: '600',
  });
  process.env.PENNY_E2E_URL = server.url;
  process.env.PENNY_E2E_DATA_DIR = server.dataDir;
  process.env.PENNY_E2E_PLAID_CLIENT_ID = plaidKeys.clientId;
  process.env.PENNY_E2E_PLAID_SECRET = plaidKeys.secret;
  return () => server.stop();
}
