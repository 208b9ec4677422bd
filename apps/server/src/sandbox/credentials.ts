/**
 * The vendor keys the sandbox upstreams accept: this installation's own (generated per installation
 * or given in the environment: secrets/sandbox-keys.ts), passed in by compose.ts and sent by the
 * product's SDK clients. No key is in the source; a caller without them gets the vendor's 401.
 */
export type SandboxKeys = {
  plaid: { clientId: string; secret: string };
  snaptrade: { clientId: string; consumerKey: string };
};

/** Where each fake is mounted on Penny's own server (under /sandbox). */
export const SANDBOX_PATHS = {
  plaid: '/sandbox/plaid',
  snaptrade: '/sandbox/snaptrade',
  evm: '/sandbox/evm',
  solana: '/sandbox/solana',
  esplora: '/sandbox/esplora',
  prices: '/sandbox/prices',
} as const;

/**
 * The stand-in pages a browser calls (fake Plaid Link, the brokerage portal): the host serves them only
 * to a signed-in user, from our own pages (app.ts), and the fakes only for that user's link sessions.
 */
export const SANDBOX_BROWSER_PATHS = [
  '/sandbox/plaid/link/institutions',
  '/sandbox/plaid/link/public_token',
  '/sandbox/snaptrade/portal',
] as const;
