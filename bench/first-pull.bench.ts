// A bank's first pull in sandbox mode with the default settings, measured from outside the server as
// the web app sees it (docs/accounts.md, "The first pull"): from the link's answer (set_access_token)
// until get-credentials says the bank's last 30 days are in (`history: recent`), then its whole history
// (`complete`), driven only by the sandbox Plaid's webhooks and Penny's job queue.
// Baseline, in the same run: the same wait read straight from the fake Plaid over HTTP (an item made
// with the installation's keys, /transactions/sync read through until HISTORICAL_UPDATE_COMPLETE),
// with no webhook, queue or database: what Penny adds is the ratio.
// Goal (issue 22): the whole history within a minute of linking.
// Figures are printed and written to bench/results/first-pull.json. BENCH_PULL_ROUNDS (2).
import { fork } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { firstMessage, stopChild } from './support/child.ts';
import type { FirstPullServerReady } from './support/first-pull-server.ts';

const ROUNDS = Number(process.env.BENCH_PULL_ROUNDS ?? 2);
const GOAL_MS = 60_000;
const POLL_MS = 100;
const APP_ORIGIN = 'http://localhost:3000';
const INSTITUTIONS = ['ins_109508', 'ins_109509', 'ins_109510'];

const child = fork(new URL('./support/first-pull-server.ts', import.meta.url), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await firstMessage<FirstPullServerReady>(child, 'first-pull-server');
const { origin, token, cookie, names, plaidKeys } = ready;

async function call<T>(
  path: string,
  init: { body?: unknown; form?: boolean; as?: 'browser' | 'plaid' } = {},
) {
  const headers: Record<string, string> =
    init.as === 'browser' ? { cookie, origin: APP_ORIGIN } : { authorization: `Bearer ${token}` };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = init.form ? 'application/x-www-form-urlencoded' : 'application/json';
    body = init.form
      ? new URLSearchParams(init.body as Record<string, string>).toString()
      : JSON.stringify(init.as === 'plaid' ? { ...plaidKeys, ...(init.body as object) } : init.body);
  }
  const response = await fetch(`${origin}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/** Links a bank as the web app does; answers its account name and when the link was answered. */
async function link(institution: string): Promise<{ name: string; at: number }> {
  const { link_token } = await call<{ link_token: string }>('/connect/api/create_link_token', {
    body: names,
    form: true,
    as: 'browser',
  });
  const { public_token } = await call<{ public_token: string }>('/sandbox/plaid/link/public_token', {
    body: { link_token, institution_id: institution, username: 'user_good', password: 'pass_good' },
    as: 'browser',
  });
  const bank = await call<{ account_name: string }>('/connect/api/set_access_token', {
    body: { ...names, public_token },
    form: true,
    as: 'browser',
  });
  return { name: bank.account_name, at: performance.now() };
}

type Credentials = { accounts: Record<string, { status: string; history: string }> };

/** Penny: from the link's answer to its first month, then its whole history, as get-credentials says. */
async function pennyRound(institution: string): Promise<{ recentMs: number; completeMs: number }> {
  const { name, at } = await link(institution);
  let recentMs: number | undefined;
  for (;;) {
    const { accounts } = await call<Credentials>(`/db/get-credentials?${new URLSearchParams(names)}`);
    const bank = accounts[name];
    if (bank && bank.history !== 'pending' && recentMs === undefined) recentMs = performance.now() - at;
    if (bank?.history === 'complete' && bank.status === 'active')
      return { recentMs: recentMs ?? 0, completeMs: performance.now() - at };
    await pause();
  }
}

/** The fake Plaid alone: an item made and exchanged with the keys, read until its history is complete. */
async function vendorRound(institution: string): Promise<number> {
  const { public_token } = await call<{ public_token: string }>(
    '/sandbox/plaid/sandbox/public_token/create',
    {
      body: { institution_id: institution, initial_products: ['transactions'] },
      as: 'plaid',
    },
  );
  const { access_token } = await call<{ access_token: string }>('/sandbox/plaid/item/public_token/exchange', {
    body: { public_token },
    as: 'plaid',
  });
  const at = performance.now();
  let cursor = '';
  for (;;) {
    const page = await call<{ next_cursor: string; has_more: boolean; transactions_update_status: string }>(
      '/sandbox/plaid/transactions/sync',
      { body: { access_token, count: 500, ...(cursor ? { cursor } : {}) }, as: 'plaid' },
    );
    cursor = page.next_cursor;
    if (page.has_more) continue;
    if (page.transactions_update_status === 'HISTORICAL_UPDATE_COMPLETE') return performance.now() - at;
    await pause();
  }
}

const rounds: Array<{ vendorMs: number; recentMs: number; completeMs: number }> = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const institution = INSTITUTIONS[round % INSTITUTIONS.length] ?? 'ins_109508';
    const vendorMs = await vendorRound(institution);
    const penny = await pennyRound(institution);
    rounds.push({ vendorMs, ...penny });
  }
} finally {
  await stopChild(child);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const vendorMs = median(rounds.map((r) => r.vendorMs));
const recentMs = median(rounds.map((r) => r.recentMs));
const completeMs = median(rounds.map((r) => r.completeMs));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `sandbox defaults: last 30 days at ${seconds(ready.pull.recentMs)}, whole history at ${seconds(ready.pull.completeMs)}`,
);
console.log(`baseline (fake Plaid read directly): whole history readable after ${seconds(vendorMs)}`);
console.log(`Penny: first month after ${seconds(recentMs)}, whole history after ${seconds(completeMs)}`);
console.log(
  `ratio Penny / baseline: ${(completeMs / vendorMs).toFixed(2)}; goal (whole history within a minute): ${completeMs < GOAL_MS ? 'met' : 'NOT met'}`,
);
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/first-pull.json', import.meta.url),
  `${JSON.stringify({ pull: ready.pull, rounds, vendorMs, recentMs, completeMs, goalMs: GOAL_MS }, null, 2)}\n`,
);
if (completeMs >= GOAL_MS) process.exitCode = 1;
