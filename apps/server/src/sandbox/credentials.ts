/**
 * The API keys the in-process sandbox upstreams accept, and that the adapters send when PROVIDERS=sandbox
 * and no vendor key is configured. They guard nothing real (the sandbox holds only generated data); the
 * fakes still check them so a wrong key fails exactly as it would at the vendor.
 */
/** Same values as config.ts's sandbox defaults (config must not import the sandbox). */
export const SANDBOX_CREDENTIALS = {
  plaid: { clientId: 'penny-sandbox-client-id', secret: 'penny-sandbox-secret' },
  snaptrade: { clientId: 'PENNY-SANDBOX', consumerKey: 'penny-sandbox-consumer-key' },
} as const;

/** Where each fake is mounted on Penny's own server (under /sandbox). */
export const SANDBOX_PATHS = {
  plaid: '/sandbox/plaid',
  snaptrade: '/sandbox/snaptrade',
  evm: '/sandbox/evm',
  solana: '/sandbox/solana',
  esplora: '/sandbox/esplora',
  prices: '/sandbox/prices',
} as const;
