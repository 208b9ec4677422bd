import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export type PennyServer = { url: string; dataDir: string; stop(): Promise<void> };

/**
 * Starts the real server the way `npm start` does (build if stale, migrate, serve) on a free port with
 * a temporary DATA_DIR, as the browser tests use it; `env` is added to what every e2e server gets.
 */
export async function startPennyServer(env: Record<string, string>): Promise<PennyServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'penny-e2e-'));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 180_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      if (/Penny is ready on (http:\/\/[^\s"]+)/.test(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
  return {
    url: publicUrl,
    dataDir,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
