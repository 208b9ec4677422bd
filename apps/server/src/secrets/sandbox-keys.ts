import { createHmac } from 'node:crypto';
import type { SandboxKeys } from '../sandbox/credentials.ts';

export type { SandboxKeys };

/**
 * The vendor keys of this installation's sandbox upstreams (PROVIDERS=sandbox): the fake Plaid and
 * SnapTrade check them, the product's SDK clients send them. Each installation has its own, derived
 * from its generated AUTH_SECRET (docs/decisions/0014-sandbox-keys-and-link-sessions.md), so no key is
 * in the source and a stranger on the server's port has none. The client ids are identifiers, as at
 * the vendors (sent in the clear, in SnapTrade's query string): only the secrets are secret.
 */
export function deriveSandboxKeys(authSecret: string): SandboxKeys {
  return {
    plaid: { clientId: SANDBOX_CLIENT_IDS.plaid, secret: derive(authSecret, 'plaid-secret') },
    snaptrade: {
      clientId: SANDBOX_CLIENT_IDS.snaptrade,
      consumerKey: derive(authSecret, 'snaptrade-consumer-key'),
    },
  };
}

/** Fixed, so the sandbox's vendor-side records (SnapTrade users are kept per client id) outlive a key change. */
export const SANDBOX_CLIENT_IDS = { plaid: 'penny-sandbox-client-id', snaptrade: 'PENNY-SANDBOX' } as const;

const derive = (authSecret: string, label: string) =>
  createHmac('sha256', authSecret).update(`penny:sandbox-key:${label}:v1`).digest('base64url');
