import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the real server the way `npm start` does (build if stale, migrate, serve) on a free port with
 * a temporary DATA_DIR, and hands its URL to the tests through PENNY_E2E_URL.
 */
/** A port nothing listens on now: the server's PUBLIC_URL must name its real port before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'penny-e2e-'));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // This installation's Plaid keys, given as an operator gives them (PROVIDERS=sandbox uses them for the
  // fake Plaid and its client alike): the tests that act as the installation at the fake hold them too.
  const plaidKeys = { clientId: 'penny-e2e', secret: randomBytes(24).toString('base64url') };
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // The tests read mail from /dev/outbox, which exists only outside production (MAIL_MODE=outbox)
      // and answers only loopback clients: the browser and the API requests come from 127.0.0.1.
      NODE_ENV: 'development',
      // Every browser test comes from 127.0.0.1; the limits themselves are proven by integration tests.
      AUTH_RATE_LIMIT: 'false',
      API_RATE_LIMIT: 'false',
      PLAID_CLIENT_ID: plaidKeys.clientId,
      PLAID_SECRET: plaidKeys.secret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 180_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const match = text.match(/Penny is ready on (http:\/\/[^\s"]+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(publicUrl);
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
  process.env.PENNY_E2E_URL = url;
  process.env.PENNY_E2E_DATA_DIR = dataDir;
  process.env.PENNY_E2E_PLAID_CLIENT_ID = plaidKeys.clientId;
  process.env.PENNY_E2E_PLAID_SECRET = plaidKeys.secret;

  return async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
