import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './index.ts';

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));

type Running = { child: ChildProcess; url: string; output: string[] };

/** The real server process, as `npm start` runs it, on a free port over the given DATA_DIR. */
async function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, [mainFile], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${output.join('')}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = chunk.toString().match(/Penny is ready on (http:\/\/[^\s"]+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
  return { child, url, output };
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function signUp(url: string, n: number): Promise<string | undefined> {
  const email = `durable${n}@example.com`;
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({
      email,
      password: 'correct horse battery',
      name: `User ${n}`,
      username: `durable_${n}`,
      firstName: 'User',
      lastName: String(n),
      phoneNumber: '+15551234567',
      country: 'United States',
      dateOfBirth: '1990-01-01',
      agreedToTerms: true,
      agreedToPrivacy: true,
    }),
  }).catch(() => undefined);
  return response?.ok ? email : undefined;
}

describe('embedded database durability', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps acknowledged writes through kill -9 mid-write, then restarts and opens cleanly', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-durable-'));
    dirs.push(dataDir);
    const first = await startServer(dataDir);

    // Four writers sign users up without pause; the process is killed while requests are in flight.
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const email = await signUp(first.url, next++);
        if (email && !killed) acknowledged.push(email);
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await exited(first.child);
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    // The server starts again on the same data and serves reads and writes.
    const second = await startServer(dataDir);
    const health = await fetch(`${second.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await signUp(second.url, 100_000)).toBe('durable100000@example.com');

    // SIGTERM stops it gracefully: in-flight work finishes and the database closes.
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(second.output.join('')).toContain('stopped');

    // Every write the server acknowledged before the kill is there.
    const database = await connectDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const rows = await database.db.query.user.findMany({ columns: { email: true } });
      const stored = new Set(rows.map((row) => row.email));
      for (const email of acknowledged) expect(stored.has(email)).toBe(true);
      expect(stored.has('durable100000@example.com')).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('keeps data across a clean restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-restart-'));
    dirs.push(dataDir);
    const first = await startServer(dataDir);
    expect(await signUp(first.url, 1)).toBe('durable1@example.com');
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);

    const second = await startServer(dataDir);
    // The same email again is answered as a duplicate would be, and the row count stays at one.
    await signUp(second.url, 1);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    const database = await connectDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const rows = await database.db.query.user.findMany({ columns: { email: true } });
      expect(rows.map((row) => row.email)).toEqual(['durable1@example.com']);
    } finally {
      await database.close();
    }
  }, 120_000);
});
