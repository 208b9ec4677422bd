// What the /db request pipeline costs on top of the framework, and what body encryption adds.
// The real app (embedded PGlite, silent logs) runs in a child process on a loopback port; autocannon
// drives it from this process. Cases, DURATION seconds each with CONNECTIONS connections:
//   framework   a bare Hono app: one POST route that reads its JSON body (no middleware at all)
//   (a) bare    the same route mounted on the real app (global middleware only: log, headers, limit)
//   (b) plain   POST /db/database-setup, bearer session, plaintext JSON body (profile upsert)
//   (c) sealed  the same request with its body sealed as the web app seals it (a fresh rid each)
//   config framework  a bare Hono app answering GET /config's bytes
//   config framework+headers  the same, with every header Penny's /config carries (precomputed)
//   (d) config  GET /config on the real app (the whole global middleware, no database)
//   (e) read    GET /db/get-user-resources with a bearer session (session check, one indexed query)
//   (f) read on PostgreSQL  the same read on an app whose database is PostgreSQL (when one answers at
//               BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432), beside the embedded one
// The cases run ROUNDS times, interleaved, and each reports its best round: on a small machine the
// spread between two runs of one case is larger than the difference between (b) and (c).
// Figures are printed and written to bench/results/pipeline.json.
// Environment: BENCH_DURATION (s, default 5), BENCH_CONNECTIONS (20), BENCH_ROUNDS (2), BENCH_WARMUP (500).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { sealBody } from '@penny/contracts/envelope-seal';
import autocannon from 'autocannon';
import pg from 'pg';
import { firstMessage, stopChild as stopChildProcess } from './support/child.ts';
import type { PipelineServerReady } from './support/pipeline-server.ts';
import { percentile } from './support/stats.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP ?? 500);
const SETUP_PATH = '/db/database-setup';
const MAX_POOL = 30_000;

type CaseResult = {
  name: string;
  round: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
};

const child = fork(new URL('./support/pipeline-server.ts', import.meta.url), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});

/** A PostgreSQL server to run the read case on too, or undefined when none answers. */
async function reachablePostgres(): Promise<string | undefined> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const postgresUrl = await reachablePostgres();
const postgresChild = postgresUrl
  ? fork(new URL('./support/pipeline-server.ts', import.meta.url), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, PIPELINE_DATABASE: 'postgres', TEST_DATABASE_URL: postgresUrl },
    })
  : undefined;

const stopChild = () => stopChildProcess(child);

async function measure(
  name: string,
  round: number,
  options: autocannon.Options,
  limit: { duration: number } | { amount: number },
): Promise<CaseResult> {
  const instance = autocannon({ ...options, connections: CONNECTIONS, timeout: 20, ...limit });
  // autocannon's histogram keeps whole milliseconds; keep the exact 2xx latencies instead.
  const latencies: number[] = [];
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTimeMs: number) => {
    if (status >= 200 && status < 300) latencies.push(responseTimeMs);
  });
  const result = await instance;
  latencies.sort((x, y) => x - y);
  return {
    name,
    round,
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
  };
}

function formatRow(row: CaseResult, extra = ''): string {
  const failures =
    row.non2xx || row.errors ? `, ${row.errors} errors, status ${JSON.stringify(row.statusCodes)}` : '';
  return (
    `  ${row.name.padEnd(25)} ${row.requestsPerSecond.toFixed(0).padStart(7)} req/s` +
    `   p50 ${row.p50Ms.toFixed(2).padStart(7)} ms   p99 ${row.p99Ms.toFixed(2).padStart(7)} ms` +
    `   (${row.total} requests${failures}${extra})`
  );
}

try {
  const ready = await firstMessage<PipelineServerReady>(child, 'pipeline server');

  const [postgresReady] = postgresChild
    ? ((await once(postgresChild, 'message')) as [PipelineServerReady])
    : [undefined];
  const appUrl = `http://127.0.0.1:${ready.appPort}`;
  const frameworkUrl = `http://127.0.0.1:${ready.frameworkPort}`;
  const plainBody = JSON.stringify(ready.setupBody);
  const jsonHeaders = { 'content-type': 'application/json', authorization: `Bearer ${ready.token}` };
  // Each sealed body goes with its own user's token (round robin), so no user's replay quota fills up.
  let sealedCount = 0;
  const seal = () => {
    const user = ready.sealedUsers[sealedCount++ % ready.sealedUsers.length] ?? {
      token: ready.token,
      setupBody: ready.setupBody,
    };
    const body = JSON.stringify(
      sealBody({
        serverPublicKey: ready.boxPublicKey,
        method: 'POST',
        path: SETUP_PATH,
        body: user.setupBody,
      }),
    );
    return { body, authorization: `Bearer ${user.token}` };
  };

  // A sealed request is accepted once (its rid is remembered), so every request needs its own body.
  // Sealing costs the client about a millisecond, so bodies are sealed before the clock starts; if the
  // pool runs dry, the rest are sealed on the fly and counted (they slow the client, not the server).
  let pool: { body: string; authorization: string }[] = [];
  let sealedLive = 0;
  const sealedRequest: autocannon.Request = {
    method: 'POST',
    path: SETUP_PATH,
    headers: { ...jsonHeaders, 'x-encrypted': '1' },
    setupRequest: (request) => {
      let sealed = pool.pop();
      if (sealed === undefined) {
        sealedLive++;
        sealed = seal();
      }
      return {
        ...request,
        headers: { ...request.headers, authorization: sealed.authorization },
        body: sealed.body,
      };
    },
  };

  // autocannon takes the path from the url; `path` only applies inside `requests`.
  const cases: Array<[string, autocannon.Options]> = [
    [
      'framework',
      { url: `${frameworkUrl}/bench/bare`, method: 'POST', headers: jsonHeaders, body: plainBody },
    ],
    ['(a) bare', { url: `${appUrl}/bench/bare`, method: 'POST', headers: jsonHeaders, body: plainBody }],
    ['(b) plain', { url: `${appUrl}${SETUP_PATH}`, method: 'POST', headers: jsonHeaders, body: plainBody }],
    ['(c) sealed', { url: appUrl, requests: [sealedRequest] }],
    ['config framework', { url: `${frameworkUrl}/config` }],
    ['config framework+headers', { url: `${frameworkUrl}/config-with-headers` }],
    ['(d) config', { url: `${appUrl}/config` }],
    [
      '(e) read',
      {
        url: `${appUrl}/db/get-user-resources?${ready.readQuery}`,
        headers: { authorization: jsonHeaders.authorization },
      },
    ],
    ...(postgresReady
      ? ([
          [
            '(f) read on PostgreSQL',
            {
              url: `http://127.0.0.1:${postgresReady.appPort}/db/get-user-resources?${postgresReady.readQuery}`,
              headers: { authorization: `Bearer ${postgresReady.token}` },
            },
          ],
        ] satisfies Array<[string, autocannon.Options]>)
      : []),
  ];

  console.log(
    `pipeline: ${CONNECTIONS} connections, ${DURATION} s per case, best of ${ROUNDS} rounds, loopback, ` +
      `Node ${process.version}, server in a child process`,
  );
  const all: CaseResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`  round ${round}`);
    for (const [name, options] of cases) {
      if (name === '(c) sealed') {
        // Sized from the plaintext rate, which the sealed case cannot beat by much.
        const plainRate = Math.max(
          ...all.filter((r) => r.name === '(b) plain').map((r) => r.requestsPerSecond),
        );
        const size = Math.min(MAX_POOL, Math.ceil(plainRate * DURATION * 1.5) + WARMUP_REQUESTS + 1_000);
        const started = performance.now();
        pool = Array.from({ length: size }, seal);
        console.log(
          `  (sealed ${size} request bodies in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
      await measure(name, round, options, { amount: WARMUP_REQUESTS });
      const liveBefore = sealedLive;
      const row = await measure(name, round, options, { duration: DURATION });
      all.push(row);
      const live = sealedLive - liveBefore;
      console.log(formatRow(row, live ? `, ${live} sealed live` : ''));
    }
  }

  const best = cases.map(([name]) => {
    const rows = all.filter((r) => r.name === name);
    return rows.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  });
  const byName = (name: string) => {
    const row = best.find((r) => r.name === name);
    if (!row) throw new Error(`missing case ${name}`);
    return row;
  };
  const ratio = (num: string, den: string) => {
    const n = byName(num);
    const d = byName(den);
    return {
      ratio: `${num} / ${den}`,
      throughput: n.requestsPerSecond / d.requestsPerSecond,
      p50: n.p50Ms / d.p50Ms,
      p99: n.p99Ms / d.p99Ms,
    };
  };
  const ratios = [
    ratio('(a) bare', 'framework'),
    ratio('(b) plain', '(a) bare'),
    ratio('(c) sealed', '(a) bare'),
    ratio('(c) sealed', '(b) plain'),
    // The service-layer goals: /config at least x0.6 of bare Hono, an authenticated read at least x0.3 of /config.
    ratio('(d) config', 'config framework'),
    // The same bytes and the same security headers with no middleware: what the middleware itself costs.
    ratio('(d) config', 'config framework+headers'),
    ratio('(e) read', '(d) config'),
    ...(postgresReady ? [ratio('(f) read on PostgreSQL', '(d) config')] : []),
  ];

  console.log(`  best of ${ROUNDS}`);
  for (const row of best) console.log(formatRow(row, `, round ${row.round}`));
  console.log('  ratios (throughput: below 1 is slower; latency: above 1 is slower)');
  for (const r of ratios) {
    console.log(
      `  ${r.ratio.padEnd(24)} throughput x${r.throughput.toFixed(2)}   p50 x${r.p50.toFixed(2)}   p99 x${r.p99.toFixed(2)}`,
    );
  }
  const bad = all.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (bad.length > 0) {
    console.log(
      `  WARNING: failed requests in ${bad.map((r) => r.name).join(', ')}; their figures are not comparable`,
    );
    process.exitCode = 1;
  }

  const resultsDir = new URL('./results/', import.meta.url);
  await mkdir(resultsDir, { recursive: true });
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    duration: DURATION,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    best,
    ratios,
    all,
  };
  await writeFile(new URL('pipeline.json', resultsDir), `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await stopChild();
  if (postgresChild) await stopChildProcess(postgresChild);
}
