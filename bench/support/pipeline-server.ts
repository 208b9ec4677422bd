// The server side of pipeline.bench.ts, in its own process so the load generator (autocannon and the
// sealing of request bodies) never competes with it for the event loop.
import { serve } from '@hono/node-server';
import { createTestApp } from '@penny/server/testing';
import { Hono } from 'hono';

export type PipelineServerReady = {
  appPort: number;
  frameworkPort: number;
  token: string;
  /** Query string of an authenticated read of the user's resources. */
  readQuery: string;
  boxPublicKey: string;
  setupBody: { username: string; firstName: string; lastName: string };
  /**
   * More users for the sealed case: each client may hold at most 5,000 live request ids (the replay
   * store's quota), and one run seals more than that.
   */
  sealedUsers: { token: string; setupBody: { username: string; firstName: string; lastName: string } }[];
};

if (!process.send) throw new Error('pipeline-server must be started with an IPC channel (fork)');

// The real app on an embedded database. Sealed bodies are still opened and checked when encryption is
// not required, so one app serves both the plaintext and the encrypted case.
// PIPELINE_DATABASE=postgres: the same app on a throwaway database of TEST_DATABASE_URL's server.
const t = await createTestApp({
  database: process.env.PIPELINE_DATABASE === 'postgres' ? 'postgres' : 'pglite',
  // The session cache as in production (it is off by default only under NODE_ENV=test).
  env: { LOG_LEVEL: 'silent', REQUIRE_ENCRYPTED_BODIES: 'false', SESSION_CACHE: 'true' },
});
// Added before the first request: Hono builds its router on the first match.
const bareHandler = async (c: import('hono').Context) => {
  await c.req.json();
  return c.json({ success: true });
};
t.app.post('/bench/bare', bareHandler);
// A bare Hono app answering /config's exact bytes: the baseline for the app's global middleware.
const configAnswer = await t.app.request('/config');
const configBytes = await configAnswer.text();
// The same bytes with every header Penny's /config carries (CSP, HSTS policy, COOP, ...), precomputed:
// what the security headers alone cost on the wire, with no middleware at all.
const configHeaders: Record<string, string> = {};
configAnswer.headers.forEach((value, name) => {
  if (name !== 'content-length') configHeaders[name] = value;
});
const framework = new Hono()
  .post('/bench/bare', bareHandler)
  .get('/config', (c) => c.body(configBytes, 200, { 'content-type': 'application/json' }))
  .get('/config-with-headers', (c) => c.body(configBytes, 200, configHeaders));

const { token, user } = await t.signUpVerifiedUser();
const namesOf = (u: { username: string; firstName: string; lastName: string }) => ({
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
});
const sealedUsers = [];
for (let index = 0; index < 8; index++) {
  const extra = await t.signUpVerifiedUser();
  sealedUsers.push({ token: extra.token, setupBody: namesOf(extra.user) });
}

function listen(fetch: (request: Request) => Response | Promise<Response>) {
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      resolve({
        port: info.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

const appServer = await listen(t.app.fetch);
const frameworkServer = await listen(framework.fetch);

process.on('message', async (message) => {
  if (message !== 'stop') return;
  await Promise.all([appServer.close(), frameworkServer.close()]);
  await t.close();
  process.exit(0);
});

const ready: PipelineServerReady = {
  appPort: appServer.port,
  frameworkPort: frameworkServer.port,
  token,
  readQuery: new URLSearchParams({
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
  }).toString(),
  boxPublicKey: Buffer.from(t.secrets.boxKeyPair.publicKey).toString('base64'),
  setupBody: namesOf(user),
  sealedUsers,
};
process.send(ready);
