// Linked accounts, measured from outside the server as the web app would drive it. The real app runs
// in a child process (embedded PGlite, sandbox upstreams on its own port); this process is the client.
//   sync     link a sandbox bank (Plaid Link stand-in → set_access_token) and wallets until five
//            accounts are linked, timed until every connection has finished its first sync (two years).
//            Baseline: the same kind of item read straight from the sandbox over HTTP (accounts, every
//            /transactions/sync page, holdings), with no SDK and no database.
//   query    one account's transactions in a 90-day range, first page of 100 (POST
//            /agent/plaid/get-transactions), and the same with a text search, as the account grows to
//            10k, 100k and 1M rows. Baseline: GET /config (the whole middleware, no database).
// Goals (issue "Linked accounts"): a full sync under 2 s; the range query under 50 ms at 100k rows.
// Figures are printed and written to bench/results/accounts.json.
// Environment: BENCH_SYNC_ROUNDS (3), BENCH_QUERY_REPEATS (30), BENCH_ROW_STEPS (10000,100000,1000000).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AccountsServerReady, SeedDone, SeedRequest } from './support/accounts-server.ts';
import { stopChild as stopChildProcess } from './support/child.ts';

const SYNC_ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 3);
const QUERY_REPEATS = Number(process.env.BENCH_QUERY_REPEATS ?? 30);
const ROW_STEPS = (process.env.BENCH_ROW_STEPS ?? '10000,100000,1000000').split(',').map(Number);
const SYNC_GOAL_MS = 2000;
const QUERY_GOAL_MS = 50;
const INSTITUTIONS = ['ins_109508', 'ins_109509', 'ins_109510', 'ins_109511', 'ins_109512'];
const WALLETS = [
  { chain: 'eth', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  { chain: 'sol', address: 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9' },
  { chain: 'btc', address: 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw' },
];
const APP_ORIGIN = 'http://localhost:3000';

const child = fork(new URL('./support/accounts-server.ts', import.meta.url), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const [ready] = (await once(child, 'message')) as [AccountsServerReady];
const { origin, token, cookie, names } = ready;
const SANDBOX_KEYS = ready.plaidKeys;

const stopChild = () => stopChildProcess(child);

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; form?: boolean; connect?: boolean } = {},
) {
  // /connect/api and the sandbox stand-in pages: the session cookie and our Origin, as the browser.
  const headers: Record<string, string> = init.connect
    ? { cookie, origin: APP_ORIGIN }
    : { authorization: `Bearer ${token}` };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = init.form ? 'application/x-www-form-urlencoded' : 'application/json';
    body = init.form
      ? new URLSearchParams(init.body as Record<string, string>).toString()
      : JSON.stringify(init.body);
  }
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const response = await fetch(`${origin}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

type Credentials = {
  accounts: Record<
    string,
    { status: string; accounts: { id: string; kind: string; transaction_count: number }[] }
  >;
};

async function waitUntilSynced(accountNames: string[]): Promise<Credentials> {
  for (;;) {
    const credentials = await call<Credentials>(`/db/get-credentials?${new URLSearchParams(names)}`);
    const pending = accountNames.filter((name) => credentials.accounts[name]?.status === 'syncing');
    if (pending.length === 0) return credentials;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One full link and first sync: a bank plus wallets up to five accounts. */
async function linkAndSync(institution: string) {
  const { link_token } = await call<{ link_token: string }>('/connect/api/create_link_token', {
    body: {},
    form: true,
    connect: true,
  });
  const { public_token } = await call<{ public_token: string }>('/sandbox/plaid/link/public_token', {
    body: { link_token, institution_id: institution, username: 'user_good', password: 'pass_good' },
    connect: true,
  });
  const started = performance.now();
  const bank = await call<{ account_name: string }>('/connect/api/set_access_token', {
    body: { public_token, ...names },
    form: true,
    connect: true,
  });
  let credentials = await waitUntilSynced([bank.account_name]);
  const bankAccounts = credentials.accounts[bank.account_name]?.accounts.length ?? 0;
  const walletNames: string[] = [];
  await Promise.all(
    WALLETS.slice(0, Math.max(0, 5 - bankAccounts)).map(async (wallet, index) => {
      const accountName = `Bench_${institution}_${index}_web3`;
      walletNames.push(accountName);
      await call('/db/store-credentials', {
        body: {
          ...names,
          account_name: accountName,
          credentials: { chain: wallet.chain, account_id: wallet.address },
        },
      });
    }),
  );
  credentials = await waitUntilSynced(walletNames);
  const ms = performance.now() - started;
  const linked = [bank.account_name, ...walletNames].flatMap(
    (name) => credentials.accounts[name]?.accounts ?? [],
  );
  return {
    ms,
    accounts: linked.length,
    transactions: linked.reduce((sum, account) => sum + account.transaction_count, 0),
    bankName: bank.account_name,
    checking: credentials.accounts[bank.account_name]?.accounts.find(
      (account) => account.kind === 'checking',
    ),
  };
}

/** The baseline: an item's whole history read straight from the sandbox, nothing stored. */
async function rawVendorRead(institution: string) {
  const started = performance.now();
  const { public_token } = await call<{ public_token: string }>(
    '/sandbox/plaid/sandbox/public_token/create',
    {
      body: { ...SANDBOX_KEYS, institution_id: institution, initial_products: ['transactions'] },
    },
  );
  const { access_token } = await call<{ access_token: string }>('/sandbox/plaid/item/public_token/exchange', {
    body: { ...SANDBOX_KEYS, public_token },
  });
  await call('/sandbox/plaid/accounts/balance/get', { body: { ...SANDBOX_KEYS, access_token } });
  let cursor = '';
  let transactions = 0;
  for (;;) {
    const page = await call<{ added: unknown[]; next_cursor: string; has_more: boolean }>(
      '/sandbox/plaid/transactions/sync',
      { body: { ...SANDBOX_KEYS, access_token, cursor, count: 500 } },
    );
    transactions += page.added.length;
    cursor = page.next_cursor;
    if (!page.has_more) break;
  }
  await call('/sandbox/plaid/investments/holdings/get', { body: { ...SANDBOX_KEYS, access_token } }).catch(
    () => undefined,
  );
  return { ms: performance.now() - started, transactions };
}

async function latencies(repeats: number, request: () => Promise<unknown>) {
  await request();
  const samples: number[] = [];
  for (let index = 0; index < repeats; index++) {
    const started = performance.now();
    await request();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

try {
  console.log('sync: link a sandbox bank and wallets (five accounts), until the first sync ends');
  const syncs = [];
  const baselines = [];
  for (let round = 0; round < SYNC_ROUNDS; round++) {
    const institution = INSTITUTIONS[round % INSTITUTIONS.length] ?? 'ins_109508';
    const baseline = await rawVendorRead(institution);
    const sync = await linkAndSync(institution);
    baselines.push(baseline);
    syncs.push(sync);
    console.log(
      `  round ${round + 1}: ${sync.accounts} accounts, ${sync.transactions} transactions in ${fmt(sync.ms)}` +
        ` (raw vendor read of ${baseline.transactions} transactions: ${fmt(baseline.ms)}; ×${(sync.ms / baseline.ms).toFixed(2)})`,
    );
  }
  const bestSync = Math.min(...syncs.map((sync) => sync.ms));
  const bestBaseline = Math.min(...baselines.map((baseline) => baseline.ms));
  console.log(
    `  best: ${fmt(bestSync)} = ×${(bestSync / bestBaseline).toFixed(2)} of the raw read; goal under ${SYNC_GOAL_MS} ms: ${bestSync < SYNC_GOAL_MS ? 'met' : 'NOT met'}`,
  );

  const first = syncs[0];
  if (!first?.checking) throw new Error('no checking account to query');
  const accountId = first.checking.id;
  const rangeQuery = {
    ...names,
    account_name: first.bankName,
    account_id: accountId,
    start_date: isoDay(90),
    end_date: isoDay(0),
    limit: 100,
  };
  console.log(
    '\nquery: one account, a 90-day range, first page of 100 (and with a search), as the account grows',
  );
  const queries: {
    rows: number;
    seedMs: number;
    config: { p50: number; p95: number };
    range: { p50: number; p95: number };
    search: { p50: number; p95: number };
  }[] = [];
  for (const rows of ROW_STEPS) {
    child.send({ seed: { accountId, rows } } satisfies SeedRequest);
    const [seeded] = (await once(child, 'message')) as [SeedDone];
    const config = await latencies(QUERY_REPEATS, () => call('/config'));
    const range = await latencies(QUERY_REPEATS, () =>
      call('/agent/plaid/get-transactions', { body: rangeQuery }),
    );
    const search = await latencies(QUERY_REPEATS, () =>
      call('/agent/plaid/get-transactions', { body: { ...rangeQuery, search: 'merchant 42' } }),
    );
    queries.push({ rows, seedMs: seeded.ms, config, range, search });
    console.log(
      `  ${rows.toLocaleString('en-US')} rows (seeded in ${(seeded.ms / 1000).toFixed(1)} s): /config p50 ${fmt(config.p50)}; ` +
        `range p50 ${fmt(range.p50)} p95 ${fmt(range.p95)} (×${(range.p50 / config.p50).toFixed(1)} of /config); ` +
        `search p50 ${fmt(search.p50)} p95 ${fmt(search.p95)}`,
    );
  }
  const at100k = queries.find((query) => query.rows === 100_000);
  const queryMet = at100k ? at100k.range.p50 < QUERY_GOAL_MS : undefined;
  if (at100k)
    console.log(
      `  range query at 100k rows: ${fmt(at100k.range.p50)}; goal under ${QUERY_GOAL_MS} ms: ${queryMet ? 'met' : 'NOT met'}`,
    );
  const growth = queries.map(
    (query) => `${query.rows}: ×${(query.range.p50 / (queries[0]?.range.p50 ?? 1)).toFixed(2)}`,
  );
  console.log(`  range query growth against the first step: ${growth.join(', ')}`);

  await mkdir(new URL('./results/', import.meta.url), { recursive: true });
  await writeFile(
    new URL('./results/accounts.json', import.meta.url),
    `${JSON.stringify({ syncs, baselines, queries, goals: { syncMs: SYNC_GOAL_MS, queryMs: QUERY_GOAL_MS } }, null, 2)}\n`,
  );
  await stopChild();
  if (bestSync >= SYNC_GOAL_MS || queryMet === false) process.exitCode = 1;
} catch (error) {
  console.error(error);
  await stopChild();
  process.exitCode = 1;
}
