// One instance against two, on the same read path, measured from outside as a client. Two server
// processes (main.ts, as `npm start` runs it) on one PostgreSQL database and one Redis; autocannon in
// this process drives them:
//   one  GET /db/get-user-resources with a bearer session (session check, one indexed query: the read
//        of pipeline.bench.ts's case (f)) on instance A alone, CONNECTIONS connections
//   two  the same read on A and B at once, half the connections each (what a reverse proxy spreading
//        requests over two instances does); its requests per second are the sum of both
// The cases run ROUNDS times, interleaved; each reports its best round. The ratio two/one is what a
// second instance adds on this machine: the client, both servers, PostgreSQL and Redis share its
// cores, so on a machine with few of them it says more about the machine than about Penny.
// Needs PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
// and Redis (BENCH_REDIS_URL, TEST_REDIS_URL or redis://127.0.0.1:6379); says so and stops without them.
// Figures are printed and written to bench/results/instances.json.
// Environment: BENCH_DURATION (s, default 5), BENCH_CONNECTIONS (20), BENCH_ROUNDS (2).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import {
  killServerProcesses,
  type ServerProcess,
  signUpBody,
  signUpOverHttp,
  startServerProcess,
} from '@penny/server/testing';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'http://localhost:3000';

/** Whether PostgreSQL and Redis answer; the reason when not. */
async function servicesAnswer(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
  } catch {
    return `no PostgreSQL at ${ADMIN_URL}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `no Redis at ${REDIS_URL}`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

const missing = await servicesAnswer();
if (missing) {
  console.log(`instances: not measured (${missing}); several instances need PostgreSQL and Redis`);
  process.exit(0);
}

const name = `penny_bench_instances_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
})();
const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
};

type Round = { requestsPerSecond: number; non2xx: number; errors: number };

/** Requests per second over `targets` at once, `connections` split evenly between them. */
async function measure(targets: string[], headers: Record<string, string>): Promise<Round> {
  const share = Math.max(1, Math.floor(CONNECTIONS / targets.length));
  const results = await Promise.all(
    targets.map((url) => autocannon({ url, headers, connections: share, duration: DURATION, timeout: 20 })),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.total / result.duration, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

const dirs: string[] = [];
const servers: ServerProcess[] = [];
await admin(`CREATE DATABASE ${name}`);
try {
  const shared = {
    NODE_ENV: 'development',
    // The level production runs at (a line per request); the start is known by its "ready" line.
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    PUBLIC_URL,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    VAULT_KEY: randomBytes(32).toString('base64'),
    BOX_SECRET_KEY: randomBytes(32).toString('base64'),
    // The client is one address sending thousands of requests a second: the per-user and per-address
    // limits would answer most of them 429.
    API_RATE_LIMIT: 'false',
    SESSION_CACHE: 'true',
  };
  for (let index = 0; index < 2; index++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-bench-instances-'));
    dirs.push(dataDir);
    servers.push(startServerProcess({ ...shared, DATA_DIR: dataDir }));
  }
  const [a, b] = await Promise.all(servers.map((server) => server.ready));
  if (!a || !b) throw new Error('the instances did not start');
  const user = await signUpOverHttp({
    signUp: a,
    publicUrl: PUBLIC_URL,
    fields: signUpBody({ username: `bench_${randomBytes(3).toString('hex')}` }),
  });
  const query = new URLSearchParams({
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
  });
  const read = (origin: string) => `${origin}/db/get-user-resources?${query}`;
  const headers = { authorization: `Bearer ${user.token}` };
  for (const origin of [a, b]) {
    const response = await fetch(read(origin), { headers });
    if (response.status !== 200) throw new Error(`the read answered ${response.status} on ${origin}`);
  }

  console.log(
    `read path: GET /db/get-user-resources, ${CONNECTIONS} connections, ${DURATION} s a case, ${ROUNDS} rounds (${cpus().length} cores here)`,
  );
  // Warm both instances (JIT, pools, session cache) before counting.
  await measure([read(a), read(b)], headers);
  const one: Round[] = [];
  const two: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    one.push(await measure([read(a)], headers));
    two.push(await measure([read(a), read(b)], headers));
    console.log(
      `  round ${round + 1}: one instance ${one.at(-1)?.requestsPerSecond.toFixed(0)} req/s, two ${two.at(-1)?.requestsPerSecond.toFixed(0)} req/s`,
    );
  }
  const best = (rounds: Round[]) =>
    rounds.reduce((top, round) => (round.requestsPerSecond > top.requestsPerSecond ? round : top));
  const bestOne = best(one);
  const bestTwo = best(two);
  const ratio = bestTwo.requestsPerSecond / bestOne.requestsPerSecond;
  const failed = [...one, ...two].reduce((sum, round) => sum + round.non2xx + round.errors, 0);
  console.log(`  one instance:  ${bestOne.requestsPerSecond.toFixed(0)} req/s`);
  console.log(`  two instances: ${bestTwo.requestsPerSecond.toFixed(0)} req/s = ×${ratio.toFixed(2)} of one`);
  if (failed > 0) console.log(`  non-2xx answers or errors: ${failed}`);

  const resultsDir = new URL('./results/', import.meta.url);
  await mkdir(resultsDir, { recursive: true });
  const report = {
    readPath: 'GET /db/get-user-resources',
    cores: cpus().length,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rounds: { one, two },
    best: { one: bestOne.requestsPerSecond, two: bestTwo.requestsPerSecond },
    ratioTwoToOne: ratio,
    failedAnswers: failed,
  };
  await writeFile(new URL('instances.json', resultsDir), `${JSON.stringify(report, null, 2)}\n`);
  if (failed > 0) process.exitCode = 1;
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.exit));
  killServerProcesses();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
