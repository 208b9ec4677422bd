import { randomBytes } from 'node:crypto';
import { getCookie } from 'hono/cookie';
import type { SandboxHost, SandboxKeys } from '../src/sandbox/index.ts';

/** A fake upstream served on its own in a contract test: its keys and its host. */

/** Random vendor keys, as each installation's are (the app's own are `TestApp.sandboxKeys`). */
export function randomSandboxKeys(): SandboxKeys {
  const key = () => randomBytes(24).toString('base64url');
  return {
    plaid: { clientId: `test-client-${key().slice(0, 8)}`, secret: key() },
    snaptrade: { clientId: `TEST-${key().slice(0, 8)}`, consumerKey: key() },
  };
}

/** The cookie that names the browser's user to a fake served on its own (Penny's session does it in the app). */
export const STANDALONE_USER_COOKIE = 'sandbox_test_user';

/**
 * The host of a fake served on its own: no budgets, and the browser's user is the one the
 * STANDALONE_USER_COOKIE names, as the same id at both vendors. In Penny the app's cookie session
 * answers this (http/middleware/sandbox-guard.ts), tested through the real app.
 */
export function standaloneSandboxHost(): SandboxHost {
  return {
    browserUser(c) {
      const id = getCookie(c, STANDALONE_USER_COOKIE);
      return id ? { plaidUserId: id, snapTradeUserId: id } : undefined;
    },
    allow: async () => true,
    address: () => 'standalone',
  };
}

/** The headers a browser signed in as `userId` sends to a fake served on its own. */
export const browserOf = (userId: string) => ({ cookie: `${STANDALONE_USER_COOKIE}=${userId}` });
