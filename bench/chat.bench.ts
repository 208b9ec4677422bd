// The chat turn, measured from outside the server as the web app drives it: POST /agent/chat with a
// sealed body and a bearer session, JSON answer, the offline analyst. The real app runs in a child
// process (embedded PGlite, no chat rate limit); this process is the client.
//   turn         'How much did I spend on groceries last month?' (the analyst calls spending_by_category
//                and spending_by_merchant) as one user's ledger grows to 10k, 100k and 1M transactions
//                (each step ends as a sync would: the connection marked synced). Every turn has a fresh
//                query id in a new thread; the first turn after a step (the ledger summary read again)
//                is shown apart. Baseline: the turn's main query, the spending-by-category SQL for last
//                month's groceries over the user's rows, run straight on the same database in the same
//                run (timed around the database call in the server process, the embedded database's
//                only client). Where the time goes: the turn's parts timed one by one, and the timings
//                the server stored with the measured turns.
//   ledger turn  two shaped questions the analyst reads into one ledger_query plan each ('What were my
//                top 3 merchants last month?', 'Avg monthly grocery spend this yr vs last yr'), measured
//                the same way at each step, after the turn above, against the same raw query. Where
//                the time goes: the timings the server stored with them, and the ledger query they
//                asked run alone on the analytics service.
//   concurrency  50 signed-up users with small ledgers, one autocannon connection each, every request a
//                new turn in a new thread of its user: requests/s, p50/p99, every non-200 printed, and
//                the server's event-loop delay during the load.
// Goals (issue "Chat performance"): at 100k rows the turn's p50 under 100 ms and within 3x of the raw
// query, each ledger turn's p50 under 100 ms (issue #18); no error under 50 concurrent users; every
// turn completed with its tools. Exits 1 when one is missed. Figures are printed and written to
// bench/results/chat.json.
// Environment: BENCH_ROW_STEPS (10000,100000,1000000), BENCH_TURNS (30), BENCH_TURN_SECONDS (15, the
// time budget of one question's turns at a step; at least 5 turns run), BENCH_RAW_REPEATS (30),
// BENCH_USERS (50), BENCH_USER_ROWS (500), BENCH_DURATION (10 s), BENCH_PROFILE_REPEATS (3),
// BENCH_DATABASE (pglite; postgres: BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import type { ChatResponse } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import autocannon from 'autocannon';
import type {
  ChatServerReady,
  ChatServerReply,
  ChatServerRequest,
  ChatUser,
  LedgerDone,
  LoopDelay,
  Period,
  ProfileDone,
  RawDone,
  Samples,
  SeedDone,
  UsersDone,
} from './support/chat-server.ts';
import { firstMessage, stopChild as stopChildProcess } from './support/child.ts';
import { type Stats, stats } from './support/stats.ts';

const ROW_STEPS = (process.env.BENCH_ROW_STEPS ?? '10000,100000,1000000').split(',').map(Number);
const TURNS = Number(process.env.BENCH_TURNS ?? 30);
const TURN_SECONDS = Number(process.env.BENCH_TURN_SECONDS ?? 15);
const MIN_TURNS = 5;
const RAW_REPEATS = Number(process.env.BENCH_RAW_REPEATS ?? 30);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const USER_ROWS = Number(process.env.BENCH_USER_ROWS ?? 500);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PROFILE_REPEATS = Number(process.env.BENCH_PROFILE_REPEATS ?? 3);
const QUESTION = 'How much did I spend on groceries last month?';
const QUESTION_TOOLS = ['spending_by_category', 'spending_by_merchant'];
// Shaped questions the analyst reads into one ledger_query plan: a ranking, and an average compared
// across two periods.
const LEDGER_QUESTIONS = [
  'What were my top 3 merchants last month?',
  'Avg monthly grocery spend this yr vs last yr',
];
const LEDGER_TOOLS = ['ledger_query'];
const CATEGORY = 'FOOD_AND_DRINK_GROCERIES';
const CONCURRENT_QUESTION = 'How much did I spend last month?';
const GOAL_P50_MS = 100;
const GOAL_RATIO = 3;
const GOAL_ROWS = 100_000;
const CHAT_PATH = '/agent/chat';

// BENCH_DATABASE=postgres: the app on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local
// server) instead of the embedded PGlite it ships with.
const DATABASE = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const child = fork(new URL('./support/chat-server.ts', import.meta.url), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  ...(DATABASE === 'postgres'
    ? { env: { ...process.env, CHAT_DATABASE: 'postgres', TEST_DATABASE_URL: postgresUrl } }
    : {}),
});
const stopChild = () => stopChildProcess(child);

/** One IPC request to the server process and its reply (`key` is the field the reply must have). */
async function ask<T extends Exclude<ChatServerReply, { error: string }>>(
  request: ChatServerRequest,
  key: keyof T,
): Promise<T> {
  child.send(request);
  const [reply] = (await once(child, 'message')) as [ChatServerReply];
  if ('error' in reply) throw new Error(`chat server: ${reply.error}`);
  if (!(key in reply))
    throw new Error(`chat server answered ${Object.keys(reply).join(', ')}, not ${String(key)}`);
  return reply as T;
}

/** The whole previous calendar month (UTC, as the server's analyst reads 'last month'). */
function lastMonth(): Period {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

let idCounter = 0;
const newId = (kind: string) => `bench-${kind}-${Date.now().toString(36)}-${++idCounter}`;

/** A chat request's sealed body, as the web app sends it: a new query id in a new thread. */
function sealedChat(ready: Pick<ChatServerReady, 'boxPublicKey'>, user: ChatUser, message: string): string {
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

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const pad = (text: string, width: number) => text.padStart(width);

try {
  const ready = await firstMessage<ChatServerReady>(child, 'chat server');
  const period = lastMonth();

  /** One turn over HTTP, timed from the first byte sent to the last byte of the JSON answer. */
  async function turn(user: ChatUser, message: string) {
    const body = sealedChat(ready, user, message);
    const started = performance.now();
    const response = await fetch(`${ready.origin}${CHAT_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'x-encrypted': '1',
      },
      body,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${CHAT_PATH}: ${response.status} ${text.slice(0, 300)}`);
    return { ms, answer: JSON.parse(text) as ChatResponse };
  }

  // ---- 1. One turn against its raw query as the ledger grows
  console.log(
    `database: ${DATABASE === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}; server in a child process, Node ${process.version}\n` +
      `turn: "${QUESTION}" (JSON, sealed, new thread each), last month ${period.start}..${period.end}, ` +
      `against its spending-by-category SQL run straight on the same database`,
  );
  type LedgerTurn = {
    question: string;
    firstTurnMs: number;
    turn: Stats;
    ratioP50: number;
    ratioP95: number;
    /** What the server stored with these turns (start to end, and the tools' share), and the ledger
     * query they asked run alone on the analytics service. */
    server: { total: Stats; tools: Stats; ledgerQuery: Stats };
    input: unknown;
    actions: string[];
    answer: string;
  };
  type Step = {
    rows: number;
    seedMs: number;
    monthRows: number;
    /** The first turn after the ledger changed (its summary read again), not in `turn`. */
    firstTurnMs: number;
    turn: Stats;
    raw: Stats;
    ratioP50: number;
    ratioP95: number;
    tools: Record<string, number>;
    profile: Record<string, Stats>;
    answer: string;
    /** The shaped questions, one ledger_query turn each. */
    ledger: LedgerTurn[];
  };
  const steps: Step[] = [];
  const problems: string[] = [];

  /** One question's turns at a step: the first apart, then as many as the budget allows. */
  async function measureTurns(rows: number, question: string, expected: readonly string[]) {
    const first = await turn(ready, question);
    const tools = first.answer.agent_actions.filter((action) => action.tool).map((action) => action.tool);
    if (first.answer.status !== 'completed' || !expected.every((tool) => tools.includes(tool))) {
      problems.push(
        `${rows} rows, "${question}": the turn was ${first.answer.status} with tools ${tools.join(', ') || 'none'} ` +
          `(expected ${expected.join(' and ')}): ${first.answer.answer.slice(0, 200)}`,
      );
    }
    const samples: Samples = [];
    const toolTimes: Record<string, number[]> = {};
    const budgetEnds = performance.now() + TURN_SECONDS * 1000;
    while (samples.length < TURNS && (samples.length < MIN_TURNS || performance.now() < budgetEnds)) {
      const { ms, answer } = await turn(ready, question);
      if (answer.status !== 'completed')
        problems.push(`${rows} rows, "${question}": a turn ended ${answer.status}`);
      samples.push(ms);
      for (const action of answer.agent_actions) {
        if (!action.tool || action.processing_time === undefined) continue;
        toolTimes[action.tool] ??= [];
        toolTimes[action.tool]?.push(action.processing_time * 1000);
      }
    }
    return { first, samples, toolTimes };
  }

  for (const rows of ROW_STEPS) {
    const seeded = await ask<SeedDone>({ seed: { rows } }, 'seeded');
    const raw = await ask<RawDone>({ raw: { period, category: CATEGORY, repeats: RAW_REPEATS } }, 'raw');
    const { first, samples, toolTimes } = await measureTurns(rows, QUESTION, QUESTION_TOOLS);
    const profile = await ask<ProfileDone>(
      { profile: { period, category: CATEGORY, repeats: PROFILE_REPEATS, turns: samples.length } },
      'profile',
    );
    const turnStats = stats(samples);
    const rawStats = stats(raw.raw);
    const ledger: LedgerTurn[] = [];
    for (const question of LEDGER_QUESTIONS) {
      const measured = await measureTurns(rows, question, LEDGER_TOOLS);
      const server = await ask<LedgerDone>(
        { ledger: { repeats: PROFILE_REPEATS, turns: measured.samples.length } },
        'ledger',
      );
      const ledgerStats = stats(measured.samples);
      ledger.push({
        question,
        firstTurnMs: measured.first.ms,
        turn: ledgerStats,
        ratioP50: ledgerStats.p50 / rawStats.p50,
        ratioP95: ledgerStats.p95 / rawStats.p95,
        server: {
          total: stats(server.ledger.totalMs),
          tools: stats(server.ledger.toolsMs),
          ledgerQuery: stats(server.ledger.query),
        },
        input: server.ledger.input,
        actions: measured.first.answer.agent_actions.map((action) => action.description),
        answer: measured.first.answer.answer,
      });
    }
    const step: Step = {
      rows,
      seedMs: seeded.ms,
      monthRows: raw.rows,
      firstTurnMs: first.ms,
      turn: turnStats,
      raw: rawStats,
      ratioP50: turnStats.p50 / rawStats.p50,
      ratioP95: turnStats.p95 / rawStats.p95,
      tools: Object.fromEntries(Object.entries(toolTimes).map(([tool, times]) => [tool, stats(times).p50])),
      profile: Object.fromEntries(
        Object.entries(profile.profile).map(([part, times]) => [part, stats(times)]),
      ),
      answer: first.answer.answer,
      ledger,
    };
    steps.push(step);
    console.log(
      `  ${rows.toLocaleString('en-US')} rows (seeded in ${(seeded.ms / 1000).toFixed(1)} s; ${raw.rows} grocery ` +
        `rows last month): first turn after the sync ${fmt(first.ms)}; turn p50 ${fmt(turnStats.p50)} p95 ${fmt(turnStats.p95)} (${turnStats.n} turns), ` +
        `raw SQL p50 ${fmt(rawStats.p50)} p95 ${fmt(rawStats.p95)}, x${step.ratioP50.toFixed(1)}`,
    );
    for (const item of ledger) {
      console.log(
        `    "${item.question}": turn p50 ${fmt(item.turn.p50)} p95 ${fmt(item.turn.p95)} (${item.turn.n} turns), ` +
          `x${item.ratioP50.toFixed(1)} of the raw SQL`,
      );
    }
  }
  const lastAnswer = (steps.at(-1)?.answer ?? '').split('\n').filter((line) => line.trim());
  console.log(
    `  answer at ${ROW_STEPS.at(-1)?.toLocaleString('en-US')} rows: ${lastAnswer.slice(0, 2).join(' ')}`,
  );

  console.log(
    '\n  rows       1st after sync   turn p50   turn p95    raw p50    raw p95   ratio p50  ratio p95  p50<100ms  ratio<=3x',
  );
  for (const step of steps) {
    console.log(
      `  ${pad(step.rows.toLocaleString('en-US'), 9)} ${pad(fmt(step.firstTurnMs), 16)} ${pad(fmt(step.turn.p50), 10)} ${pad(fmt(step.turn.p95), 10)}` +
        ` ${pad(fmt(step.raw.p50), 10)} ${pad(fmt(step.raw.p95), 10)} ${pad(`x${step.ratioP50.toFixed(1)}`, 11)}` +
        ` ${pad(`x${step.ratioP95.toFixed(1)}`, 10)} ${pad(step.turn.p50 < GOAL_P50_MS ? 'yes' : 'no', 10)}` +
        ` ${pad(step.ratioP50 <= GOAL_RATIO ? 'yes' : 'no', 10)}`,
    );
  }
  console.log("\n  where a turn's time goes (p50 of each part alone, in the server process, same database):");
  const parts = Object.keys(steps[0]?.profile ?? {});
  console.log(
    `  ${'part'.padEnd(38)}${steps.map((step) => pad(step.rows.toLocaleString('en-US'), 12)).join('')}`,
  );
  for (const part of parts) {
    console.log(
      `  ${part.padEnd(38)}${steps.map((step) => pad(fmt(step.profile[part]?.p50 ?? Number.NaN), 12)).join('')}`,
    );
  }
  for (const tool of QUESTION_TOOLS) {
    console.log(
      `  ${`tool ${tool} (as the turn timed it)`.padEnd(38)}${steps
        .map((step) => pad(fmt(step.tools[tool] ?? Number.NaN), 12))
        .join('')}`,
    );
  }

  console.log('\n  ledger turns (ledger_query), against the same raw SQL:');
  console.log(
    `  ${'question'.padEnd(46)}${'rows'.padStart(9)}   1st turn   turn p50   turn p95  ratio p50  ratio p95  p50<100ms`,
  );
  for (const step of steps) {
    for (const item of step.ledger) {
      console.log(
        `  ${item.question.slice(0, 45).padEnd(46)}${pad(step.rows.toLocaleString('en-US'), 9)} ${pad(fmt(item.firstTurnMs), 10)}` +
          ` ${pad(fmt(item.turn.p50), 10)} ${pad(fmt(item.turn.p95), 10)} ${pad(`x${item.ratioP50.toFixed(1)}`, 10)}` +
          ` ${pad(`x${item.ratioP95.toFixed(1)}`, 10)} ${pad(item.turn.p50 < GOAL_P50_MS ? 'yes' : 'no', 10)}`,
      );
    }
  }
  console.log("\n  where a ledger turn's time goes (p50, in the server process):");
  console.log(
    `  ${'question'.padEnd(46)}${'rows'.padStart(9)}  stored turn  of which tools  ledgerQuery alone`,
  );
  for (const step of steps) {
    for (const item of step.ledger) {
      console.log(
        `  ${item.question.slice(0, 45).padEnd(46)}${pad(step.rows.toLocaleString('en-US'), 9)} ${pad(fmt(item.server.total.p50), 12)}` +
          ` ${pad(fmt(item.server.tools.p50), 14)} ${pad(fmt(item.server.ledgerQuery.p50), 18)}`,
      );
    }
  }
  for (const item of steps.at(-1)?.ledger ?? []) {
    const lines = item.answer.split('\n').filter((line) => line.trim());
    console.log(`  "${item.question}": ${item.actions.join('; ')}\n    ${lines.slice(0, 2).join(' ')}`);
  }

  // ---- 2. 50 users at once
  console.log(
    `\nconcurrency: ${USERS} users (${USER_ROWS} transactions each), one connection each, "${CONCURRENT_QUESTION}", ` +
      `a new thread per turn, ${DURATION} s`,
  );
  const made = await ask<UsersDone>({ users: { count: USERS, rows: USER_ROWS } }, 'users');
  console.log(`  (signed up ${USERS} users in ${(made.ms / 1000).toFixed(1)} s)`);
  const users = made.users;
  // Sealing costs the client about a millisecond: bodies are sealed before the clock starts, sized from
  // a warm-up round sealed on the fly; if a user's pool runs dry, the rest are sealed live and counted.
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
        body = sealedChat(ready, user, CONCURRENT_QUESTION);
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
      connections: USERS,
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
  const perUser = Math.ceil((warmRate * DURATION * 1.5) / USERS) + 10;
  for (const user of users) {
    pools.set(
      user.token,
      Array.from({ length: perUser }, () => sealedChat(ready, user, CONCURRENT_QUESTION)),
    );
  }
  for (const code of Object.keys(statusCodes)) delete statusCodes[code];
  failures.length = 0;
  failedAnswers = 0;
  const liveBefore = sealedLive;
  await ask<LoopDelay>({ loop: 'start' }, 'loop');
  const { result, latencies } = await load(DURATION);
  const { loop } = await ask<LoopDelay>({ loop: 'stop' }, 'loop');
  const concurrency = {
    users: USERS,
    requestsPerSecond: result.requests.total / result.duration,
    latency: stats(latencies),
    total: result.requests.total,
    non200: Object.entries(statusCodes)
      .filter(([code]) => code !== '200')
      .reduce((sum, [, count]) => sum + count, 0),
    errors: result.errors,
    timeouts: result.timeouts,
    failedAnswers,
    statusCodes: { ...statusCodes },
    sealedLive: sealedLive - liveBefore,
    /** How long the server's timers and sockets waited for the event loop during the load. */
    eventLoopDelay: loop,
    /** Every 200's latency in ms, in the order the answers came. */
    latencies: latencies.map((ms) => Math.round(ms * 10) / 10),
  };
  console.log(
    `  ${concurrency.requestsPerSecond.toFixed(1)} req/s, p50 ${fmt(concurrency.latency.p50)}, ` +
      `p99 ${fmt(concurrency.latency.p99)} (${concurrency.total} turns; status ${JSON.stringify(statusCodes)}; ` +
      `${concurrency.errors} connection errors, ${concurrency.timeouts} timeouts, ${failedAnswers} turns not completed` +
      `${concurrency.sealedLive ? `; ${concurrency.sealedLive} bodies sealed live` : ''})`,
  );
  console.log(
    `  server event-loop delay during the load: p50 ${fmt(loop.p50)}, p99 ${fmt(loop.p99)}, max ${fmt(loop.max)}`,
  );
  for (const failure of failures) console.log(`  failed: ${failure}`);
  const concurrencyErrors =
    concurrency.non200 + concurrency.errors + concurrency.timeouts + concurrency.failedAnswers;

  // ---- Goals
  const atGoal = steps.find((step) => step.rows === GOAL_ROWS);
  const goals = [
    {
      goal: `turn p50 under ${GOAL_P50_MS} ms at ${GOAL_ROWS.toLocaleString('en-US')} rows`,
      met: atGoal ? atGoal.turn.p50 < GOAL_P50_MS : undefined,
      figure: atGoal ? fmt(atGoal.turn.p50) : 'not measured',
    },
    {
      goal: `turn within ${GOAL_RATIO}x of the raw query at ${GOAL_ROWS.toLocaleString('en-US')} rows`,
      met: atGoal ? atGoal.ratioP50 <= GOAL_RATIO : undefined,
      figure: atGoal ? `x${atGoal.ratioP50.toFixed(1)} (p50)` : 'not measured',
    },
    {
      goal: `no error under ${USERS} concurrent users`,
      met: concurrencyErrors === 0,
      figure: `${concurrencyErrors} errors in ${concurrency.total} turns`,
    },
    ...LEDGER_QUESTIONS.map((question, index) => {
      const item = atGoal?.ledger[index];
      return {
        goal: `ledger turn "${question}" p50 under ${GOAL_P50_MS} ms at ${GOAL_ROWS.toLocaleString('en-US')} rows`,
        met: item ? item.turn.p50 < GOAL_P50_MS : undefined,
        figure: item
          ? `${fmt(item.turn.p50)} (x${item.ratioP50.toFixed(1)} of the raw query)`
          : 'not measured',
      };
    }),
    {
      goal: 'every turn completed with its tools (both spending tools; ledger_query)',
      met: problems.length === 0,
      figure: '',
    },
  ];
  console.log('\ngoals');
  for (const { goal, met, figure } of goals) {
    console.log(
      `  ${met === undefined ? 'n/a ' : met ? 'met ' : 'MISS'}  ${goal}${figure ? `: ${figure}` : ''}`,
    );
  }
  for (const problem of problems.slice(0, 10)) console.log(`  problem: ${problem}`);

  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(
    new URL('./results/chat.json', import.meta.url),
    `${JSON.stringify({ at: new Date().toISOString(), node: process.version, period, steps, concurrency, goals, problems }, null, 2)}\n`,
  );
  await stopChild();
  if (goals.some((goal) => goal.met === false)) process.exitCode = 1;
} catch (error) {
  console.error(error);
  await stopChild();
  process.exitCode = 1;
}
