import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mainFile = fileURLToPath(new URL('../src/main.ts', import.meta.url));

const running = new Set<ChildProcess>();

/** A server process as `npm start` runs it (main.ts): its output so far, its address once ready, its exit. */
export type ServerProcess = {
  child: ChildProcess;
  /** Everything it wrote on stdout and stderr, in chunks. */
  output: string[];
  /** Its origin once it logged "Penny is ready"; rejects if it exits first (or after 60 s). */
  ready: Promise<string>;
  exit: Promise<number | null>;
};

/**
 * Starts main.ts in its own Node process with the embedded defaults, whatever this shell has set,
 * and `env` on top (main.test.ts, instances.test.ts).
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [mainFile], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      AUTH_SECRET: '',
      VAULT_KEY: '',
      BOX_SECRET_KEY: '',
      SMTP_URL: '',
      MAIL_MODE: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output: string[] = [];
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const ready = new Promise<string>((resolve, reject) => {
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
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output.join('')}`));
    });
  });
  ready.catch(() => {});
  return { child, output, ready, exit };
}

/** Kills every server process still running (a test's afterAll). */
export function killServerProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** The JSON log lines a server process wrote (pino, one object a line), parsed; other lines skipped. */
export function logLines(server: ServerProcess): Array<Record<string, unknown>> {
  return server.output
    .join('')
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}
