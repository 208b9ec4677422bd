import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { signUpBody } from './identity.ts';

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

/** A user signed up, confirmed and signed in over HTTP: the bearer token, the session cookie, the names. */
export type HttpUser = {
  email: string;
  token: string;
  cookie: string;
  username: string;
  firstName: string;
  lastName: string;
};

/**
 * Signs a new user up on `signUp`, confirms the address with the link read from `outbox`'s
 * /dev/outbox (MAIL_MODE=outbox, a loopback client), and signs in on `signIn`, as a browser at
 * `publicUrl` would. Each may be another instance of one installation.
 */
export async function signUpOverHttp(options: {
  signUp: string;
  outbox?: string;
  signIn?: string;
  publicUrl: string;
  fields: ReturnType<typeof signUpBody>;
}): Promise<HttpUser> {
  const { fields, publicUrl } = options;
  const headers = { 'content-type': 'application/json', origin: publicUrl };
  const signUp = await fetch(`${options.signUp}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify(fields),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  let link: string | undefined;
  for (let tries = 0; !link; tries++) {
    if (tries > 300) throw new Error(`no confirmation mail for ${fields.email}`);
    const response = await fetch(`${options.outbox ?? options.signUp}/dev/outbox`);
    const body = (await response.json()) as { messages: Array<{ to: string; link: string | null }> };
    link =
      body.messages.find((mail) => mail.to === fields.email && mail.link?.includes('verify-email'))?.link ??
      undefined;
    // The mail is written in the background just after the answer: look again in a moment.
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const verify = new URL(link);
  const verified = await fetch(`${options.outbox ?? options.signUp}${verify.pathname}${verify.search}`, {
    redirect: 'manual',
  });
  if (verified.status >= 400) throw new Error(`confirmation answered ${verified.status}`);
  const signIn = await fetch(`${options.signIn ?? options.signUp}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: fields.email, password: fields.password }),
  });
  const token = signIn.headers.get('set-auth-token');
  if (!signIn.ok || !token) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return {
    email: fields.email,
    token,
    cookie,
    username: fields.username,
    firstName: fields.firstName,
    lastName: fields.lastName,
  };
}
