// The client side of chat.bench.ts: a chat server process (support/chat-server.ts) on either database,
// sealed chat bodies as the web app sends them, and the concurrency case (many signed-up users asking
// at once through autocannon, one connection each) measured from outside the server.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { ChatResponse } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import autocannon from 'autocannon';
import type {
  ChatServerReady,
  ChatServerReply,
  ChatServerRequest,
  ChatUser,
  LoopDelay,
  UsersDone,
} from './chat-server.ts';
import { firstMessage, stopChild } from './child.ts';
import { type Stats, stats } from './stats.ts';

export const CHAT_PATH = '/agent/chat';

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASE_NAMES: Record<DatabaseKind, string> = {
  pglite: 'embedded PGlite',
  postgres: 'PostgreSQL',
};

export type ChatServer = {
  database: DatabaseKind;
  ready: ChatServerReady;
  /** One IPC request to the server process and its reply (`key` is the field the reply must have). */
  ask<T extends Exclude<ChatServerReply, { error: string }>>(
    request: ChatServerRequest,
    key: keyof T,
  ): Promise<T>;
  stop(): Promise<void>;
};

/**
 * The real app in a child process on `database` (PostgreSQL: a throwaway database on the server at
 * `postgresUrl`). Rejects when the process exits before it is ready (e.g. no PostgreSQL there).
 */
export async function startChatServer(database: DatabaseKind, postgresUrl: string): Promise<ChatServer> {
  const child: ChildProcess = fork(new URL('./chat-server.ts', import.meta.url), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...(database === 'postgres'
      ? { env: { ...process.env, CHAT_DATABASE: 'postgres', TEST_DATABASE_URL: postgresUrl } }
      : {}),
  });
  const ready = await firstMessage<ChatServerReady>(child, `chat server (${DATABASE_NAMES[database]})`);
  return {
    database,
    ready,
    async ask<T extends Exclude<ChatServerReply, { error: string }>>(
      request: ChatServerRequest,
      key: keyof T,
    ): Promise<T> {
      child.send(request);
      const [reply] = (await once(child, 'message')) as [ChatServerReply];
      if ('error' in reply) throw new Error(`chat server: ${reply.error}`);
      if (!(key in reply))
        throw new Error(`chat server answered ${Object.keys(reply).join(', ')}, not ${String(key)}`);
      return reply as T;
    },
    stop: () => stopChild(child),
  };
}

let idCounter = 0;
const newId = (kind: string) => `bench-${kind}-${Date.now().toString(36)}-${++idCounter}`;

/** A chat request's sealed body, as the web app sends it: a new query id in a new thread. */
export function sealedChat(
  ready: Pick<ChatServerReady, 'boxPublicKey'>,
  user: ChatUser,
  message: string,
): string {
  const body = {
    message,
    thread_id: newId('thread'),
    query_id: newId('query'),
    user_info: user.userInfo,
  };
  return JSON.stringify(
    sealBody({ serverPublicKey: ready.boxPublicKey, method: 'POST', path: CHAT_PATH, body }),
  );
}

/** A turn slower than this is counted apart (the figure issue #19 reported). */
export const SLOW_TURN_MS = 10_000;

export type ConcurrencyResult = {
  database: DatabaseKind;
  users: number;
  /** How long signing up the users and seeding their ledgers took (not measured). */
  setupMs: number;
  requestsPerSecond: number;
  latency: Stats & { max: number };
  /** Answers slower than SLOW_TURN_MS. */
  slowTurns: number;
  total: number;
  non200: number;
  errors: number;
  timeouts: number;
  failedAnswers: number;
  statusCodes: Record<string, number>;
  sealedLive: number;
  /** How long the server's timers and sockets waited for the event loop during the load. */
  eventLoopDelay: LoopDelay['loop'];
  /** The server process's CPU time (user and system) per answered turn during the load: what a turn
   * costs the server, unlike the wall-clock figures hardly moved by other work on the machine. The
   * database's own, on PostgreSQL, is not in it. */
  cpuMsPerTurn: number;
  failures: string[];
  /** Every 200's latency in ms, in the order the answers came. */
  latencies: number[];
};

/**
 * `users` new users with `rows` transactions each, one autocannon connection each, every request a new
 * turn in a new thread of its user. A 3 s warm-up first; the measured `duration` starts as soon as it
 * ends, while the warm-up's last questions (their clients gone) are still being answered: each user
 * asks again while their previous question runs, as after a reload. Bodies are sealed before the
 * clock starts (sealing costs the client about a millisecond), sized from the warm-up's rate; if a
 * user's pool runs dry, the rest are sealed live and counted.
 */
export async function measureConcurrency(
  server: ChatServer,
  options: { users: number; rows: number; duration: number; question: string },
): Promise<ConcurrencyResult> {
  const { ready } = server;
  const made = await server.ask<UsersDone>({ users: { count: options.users, rows: options.rows } }, 'users');
  const users = made.users;
  const pools = new Map<string, string[]>(users.map((user) => [user.token, []]));
  let sealedLive = 0;
  let nextUser = 0;
  const statusCodes: Record<string, number> = {};
  const failures: string[] = [];
  let failedAnswers = 0;
  const chatRequest: autocannon.Request = {
    method: 'POST',
    path: CHAT_PATH,
    headers: { 'content-type': 'application/json', 'x-encrypted': '1' },
    setupRequest: (request, context) => {
      context.user ??= users[nextUser++ % users.length];
      const user = context.user as ChatUser;
      let body = pools.get(user.token)?.pop();
      if (body === undefined) {
        sealedLive++;
        body = sealedChat(ready, user, options.question);
      }
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${user.token}` }, body };
    },
    onResponse: (status, body) => {
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if (status !== 200) {
        if (failures.length < 10) failures.push(`${status} ${body.slice(0, 300)}`);
        return;
      }
      const answer = JSON.parse(body) as ChatResponse;
      if (answer.status !== 'completed') {
        failedAnswers++;
        if (failures.length < 10) failures.push(`200 but ${answer.status}: ${answer.answer.slice(0, 200)}`);
      }
    },
  };
  async function load(duration: number) {
    const instance = autocannon({
      url: ready.origin,
      connections: users.length,
      duration,
      timeout: 30,
      requests: [chatRequest],
    });
    const latencies: number[] = [];
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status === 200) latencies.push(ms);
    });
    const result = await instance;
    return { result, latencies };
  }
  const warm = await load(3);
  const warmRate = warm.result.requests.total / warm.result.duration;
  const perUser = Math.ceil((warmRate * options.duration * 1.5) / users.length) + 10;
  for (const user of users) {
    pools.set(
      user.token,
      Array.from({ length: perUser }, () => sealedChat(ready, user, options.question)),
    );
  }
  for (const code of Object.keys(statusCodes)) delete statusCodes[code];
  failures.length = 0;
  failedAnswers = 0;
  const liveBefore = sealedLive;
  await server.ask<LoopDelay>({ loop: 'start' }, 'loop');
  const { result, latencies } = await load(options.duration);
  const { loop } = await server.ask<LoopDelay>({ loop: 'stop' }, 'loop');
  return {
    database: server.database,
    users: users.length,
    setupMs: made.ms,
    requestsPerSecond: result.requests.total / result.duration,
    latency: { ...stats(latencies), max: Math.max(0, ...latencies) },
    slowTurns: latencies.filter((ms) => ms > SLOW_TURN_MS).length,
    total: result.requests.total,
    non200: Object.entries(statusCodes)
      .filter(([code]) => code !== '200')
      .reduce((sum, [, count]) => sum + count, 0),
    errors: result.errors,
    timeouts: result.timeouts,
    failedAnswers,
    statusCodes: { ...statusCodes },
    sealedLive: sealedLive - liveBefore,
    eventLoopDelay: loop,
    cpuMsPerTurn: loop.cpuMs / Math.max(1, latencies.length),
    failures: [...failures],
    latencies: latencies.map((ms) => Math.round(ms * 10) / 10),
  };
}
