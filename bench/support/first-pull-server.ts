// The server side of first-pull.bench.ts: the real app (embedded PGlite, silent logs, Plaid webhooks on,
// the sandbox Plaid's default first-pull timings) in its own process, with one signed-up user.

import { createTestApp, SANDBOX_PLAID_PULL_DEFAULTS } from '@penny/server/testing';

export type FirstPullServerReady = {
  origin: string;
  token: string;
  cookie: string;
  names: { username: string; firstName: string; lastName: string };
  plaidKeys: { client_id: string; secret: string };
  pull: { recentMs: number; completeMs: number };
};

if (!process.send) throw new Error('first-pull-server must be started with an IPC channel (fork)');
const send = process.send.bind(process);

// createTestApp makes the pull immediate for tests: the defaults, given back, are what a newcomer gets.
const pull = SANDBOX_PLAID_PULL_DEFAULTS;
const t = await createTestApp({
  database: 'pglite',
  listen: true,
  env: {
    LOG_LEVEL: 'silent',
    REQUIRE_ENCRYPTED_BODIES: 'false',
    PLAID_WEBHOOKS: 'true',
    SANDBOX_PLAID_INITIAL_UPDATE_MS: String(pull.recentMs),
    SANDBOX_PLAID_HISTORICAL_UPDATE_MS: String(pull.completeMs),
  },
});
const { token, cookie, user } = await t.signUpVerifiedUser();

process.on('message', async (message: 'stop') => {
  if (message === 'stop') {
    await t.services.jobs.settled();
    await t.close();
    process.exit(0);
  }
});

send({
  origin: t.origin ?? '',
  token,
  cookie,
  names: { username: user.username, firstName: user.firstName, lastName: user.lastName },
  plaidKeys: { client_id: t.sandboxKeys?.plaid.clientId ?? '', secret: t.sandboxKeys?.plaid.secret ?? '' },
  pull: { ...pull },
} satisfies FirstPullServerReady);
