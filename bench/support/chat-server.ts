// The server side of chat.bench.ts: the real app (embedded PGlite, silent logs, the offline analyst, no
// chat rate limit) on a loopback port, in its own process. Besides 'stop' it answers IPC requests that
// set up and measure the database directly (never timed by the client as a turn):
//   seed     grow the main user's ledger to a number of synthetic transactions (generate_series)
//   raw      run the spending-by-category SQL of a period straight on the database, timed here
//   profile  time the parts of a turn one by one (the turn's context reads and the tools' handlers)
//   watch    'ledger': from now on, keep the first ledger query a turn asks (as the tool hands it to
//            analytics.ledgerQuery; its month-by-month chart asks another after it)
//   ledger   for the last turns (asked since 'watch'): the timings the server stored with them, and
//            the ledger query they asked run again straight on the service, timed here (none when
//            no turn got as far as running it: no samples and no input)
//   users    sign up more users, each with a small ledger (the concurrency case)
//   loop     'start' / 'stop' watching this process's event-loop delay (how long a timer or a socket
//            waits for its turn) and the CPU time it used meanwhile, e.g. during the concurrency case
// CHAT_DATABASE=postgres: the same app on a throwaway database of TEST_DATABASE_URL's server.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createTestApp } from '@penny/server/testing';
import { type SQL, sql } from 'drizzle-orm';

export type ChatUser = {
  token: string;
  userInfo: { username: string; firstName: string; lastName: string };
};
export type ChatServerReady = ChatUser & { origin: string; boxPublicKey: string };

export type Period = { start: string; end: string };
export type ChatServerRequest =
  | { seed: { rows: number } }
  | { raw: { period: Period; category: string; repeats: number } }
  | { profile: { period: Period; category: string; repeats: number; turns: number } }
  | { watch: 'ledger' }
  | { ledger: { repeats: number; turns: number } }
  | { users: { count: number; rows: number } }
  | { loop: 'start' | 'stop' };
export type Samples = number[];
export type SeedDone = { seeded: number; ms: number };
export type RawDone = { raw: Samples; rows: number };
export type ProfileDone = { profile: Record<string, Samples> };
export type LedgerDone = {
  ledger: { totalMs: Samples; toolsMs: Samples; query: Samples; input: unknown };
};
export type Watching = { watching: 'ledger' };
export type UsersDone = { users: ChatUser[]; ms: number };
export type LoopDelay = { loop: { p50: number; p99: number; max: number; cpuMs: number } };
export type ChatServerReply =
  | SeedDone
  | RawDone
  | ProfileDone
  | Watching
  | LedgerDone
  | UsersDone
  | LoopDelay
  | { error: string };

if (!process.send) throw new Error('chat-server must be started with an IPC channel (fork)');
const send = process.send.bind(process);

const t = await createTestApp({
  database: process.env.CHAT_DATABASE === 'postgres' ? 'postgres' : 'pglite',
  listen: true,
  env: {
    LOG_LEVEL: 'silent',
    SESSION_CACHE: 'true',
    AGENT_PROVIDER: 'offline',
    API_RATE_LIMIT: 'false',
    CHAT_MAX_PER_MINUTE: '1000000',
  },
});
const { db } = t.database;

// The ledger query the watched turns asked, as the tool handed it to the analytics service (the same
// object the agent's tools call), so the 'ledger' request can time that query alone. Only the first
// call after 'watch': a total over months also asks for its month-by-month chart right after it. A
// call the tool's input schema refused never gets here (the turn still completes, that step an error).
const { analytics } = t.services;
const ledgerQuery = analytics.ledgerQuery;
let ledgerWatch: { input?: Parameters<typeof ledgerQuery>[1] } | undefined;
analytics.ledgerQuery = (userId, input) => {
  if (ledgerWatch && !ledgerWatch.input) ledgerWatch.input = input;
  return ledgerQuery(userId, input);
};

/** A signed-up user with one checking account; answers its id, token and user_info. */
async function userWithAccount() {
  const signed = await t.signUpVerifiedUser();
  const userId = signed.user.id;
  const connectionId = `bench-connection-${userId}`;
  const accountId = `bench-account-${userId}`;
  await db.execute(sql`
    insert into connection (id, user_id, platform, name, institution_name, item_id)
    values (${connectionId}, ${userId}, 'plaid', 'Bench_Bank_plaid', 'Bench Bank', ${`item-${userId}`})`);
  await db.execute(sql`
    insert into ledger_account (id, user_id, connection_id, provider_account_id, name, kind, subtype, currency,
      current_balance, available_balance, current_balance_usd)
    values (${accountId}, ${userId}, ${connectionId}, ${`provider-${userId}`}, 'Everyday Checking', 'checking',
      'checking', 'USD', 5000, 5000, 5000)`);
  const user: ChatUser = {
    token: signed.token,
    userInfo: {
      username: signed.user.username,
      firstName: signed.user.firstName,
      lastName: signed.user.lastName,
    },
  };
  return { userId, connectionId, accountId, user };
}

// Eleven spending categories and wages: (primary, detailed) by g % 12. Each category has its own 80
// merchants ('Northwind 1000'..'Northwind 1079' for the first), so a ledger has up to 960 merchants.
// Not 'Merchant 1000': the analyst takes a merchant's distinctive first word as its name, so 'my top 3
// merchants' would name all of them (more than a ledger query's filter takes) instead of ranking them.
const CATEGORIES: ReadonlyArray<readonly [string, string]> = [
  ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'],
  ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'],
  ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'],
  ['TRANSPORTATION', 'TRANSPORTATION_GAS'],
  ['TRANSPORTATION', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'],
  ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES'],
  ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'],
  ['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES'],
  ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY'],
  ['PERSONAL_CARE', 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS'],
  ['MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'],
  ['INCOME', 'INCOME_WAGES'],
];
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
const PRIMARY = textArray(CATEGORIES.map(([primary]) => primary));
const DETAILED = textArray(CATEGORIES.map(([, detailed]) => detailed));
const AMOUNT = sql.raw(
  `case when g % 12 = 11 then 1000 + (g * 7 % 1000)::numeric else -(1 + (g * 37 % 20000) / 100.0) end`,
);

/**
 * Synthetic transactions `from`..`to` of one account, spread over ten years before today (one in 50
 * pending): spending of $1.00 to $200.99, wages of $1,000 to $1,999, in batches of 100k rows.
 */
async function seedRows(
  owner: { userId: string; connectionId: string; accountId: string },
  from: number,
  to: number,
) {
  for (let start = from; start <= to; start += 100_000) {
    const end = Math.min(to, start + 99_999);
    await db.execute(sql`
      insert into ledger_transaction (user_id, connection_id, account_id, provider_transaction_id, date, amount,
        currency, amount_usd, name, merchant, category_primary, category_detailed, pending)
      select ${owner.userId}, ${owner.connectionId}, ${owner.accountId}, 'bench-' || g, current_date - (g % 3650),
        ${AMOUNT}, 'USD', ${AMOUNT}, 'Bench purchase ' || (g % 500),
        'Northwind ' || (1000 + (g % 12) * 100 + (g / 12) % 80), (${PRIMARY})[1 + g % 12],
        (${DETAILED})[1 + g % 12], g % 50 = 0
      from generate_series(${start}::int, ${end}::int) g`);
  }
  // As a sync would leave it: the connection marked synced, so ledger summaries are read again.
  await db.execute(sql`
    update connection set last_synced_at = now(), updated_at = now() where id = ${owner.connectionId}`);
  await db.execute(sql`
    update ledger_account set transaction_count =
      (select count(*) from ledger_transaction where account_id = ${owner.accountId})
    where id = ${owner.accountId}`);
}

const main = await userWithAccount();
let seededRows = 0;

/**
 * The main query of 'How much did I spend on groceries last month?': spending_by_category's SQL
 * (apps/server/src/finance/analytics/) for the user's posted USD spending in the period, narrowed
 * to one detailed category, grouped by primary and detailed category with the total.
 */
function spendingByCategorySql(userId: string, period: Period, category: string): SQL {
  const usd = sql.raw(`coalesce(t.amount_usd, case when t.currency = 'USD' then t.amount end)`);
  return sql`
    select t.category_primary as primary_code, t.category_detailed as detailed_code,
      grouping(t.category_primary, t.category_detailed)::int as level,
      round(coalesce(-sum(${usd}), 0), 2)::text as amount, count(*)::int as count,
      case when grouping(t.category_primary, t.category_detailed) = 3
        then string_agg(distinct t.account_id, ',') end as accounts
    from ledger_transaction t
    where t.user_id = ${userId} and not t.pending and t.date >= ${period.start}::date
      and t.date <= ${period.end}::date and ${usd} is not null
      and (coalesce(t.category_primary, '') not in ('INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT')
        and coalesce(t.category_detailed, '') <> 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT')
      and t.category_detailed = ${category}
    group by grouping sets ((t.category_primary, t.category_detailed), (t.category_primary), ())`;
}

/** The timings the server stored with the user's last turns (totalMs: turn start to end; toolsMs). */
async function storedTimings(userId: string, turns: number) {
  const stored = (await db.execute(sql`
    select timings from chat_turn where user_id = ${userId}
    order by seq desc limit ${turns}`)) as unknown as {
    rows: Array<{ timings: { totalMs?: number; toolsMs?: number } }>;
  };
  return {
    totalMs: stored.rows.map((row) => Number(row.timings.totalMs)),
    toolsMs: stored.rows.map((row) => Number(row.timings.toolsMs)),
  };
}

async function timed(repeats: number, run: () => Promise<unknown>): Promise<Samples> {
  await run();
  const samples: Samples = [];
  for (let index = 0; index < repeats; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
let cpuAtStart = process.cpuUsage();

async function answer(request: ChatServerRequest): Promise<ChatServerReply> {
  if ('loop' in request) {
    if (request.loop === 'start') {
      loopDelay.reset();
      loopDelay.enable();
      cpuAtStart = process.cpuUsage();
    } else loopDelay.disable();
    const cpu = process.cpuUsage(cpuAtStart);
    const ms = (nanoseconds: number) => nanoseconds / 1e6;
    return {
      loop: {
        p50: ms(loopDelay.percentile(50)),
        p99: ms(loopDelay.percentile(99)),
        max: ms(loopDelay.max),
        cpuMs: (cpu.user + cpu.system) / 1000,
      },
    };
  }
  if ('seed' in request) {
    const started = performance.now();
    if (request.seed.rows > seededRows) await seedRows(main, seededRows + 1, request.seed.rows);
    seededRows = Math.max(seededRows, request.seed.rows);
    await db.execute(sql`analyze ledger_transaction`);
    return { seeded: seededRows, ms: performance.now() - started };
  }
  if ('raw' in request) {
    const { period, category, repeats } = request.raw;
    const query = spendingByCategorySql(main.userId, period, category);
    const result = (await db.execute(query)) as unknown as { rows: Array<{ level: number; count: number }> };
    const total = result.rows.find((row) => Number(row.level) === 3);
    return { raw: await timed(repeats, () => db.execute(query)), rows: Number(total?.count ?? 0) };
  }
  if ('profile' in request) {
    const { period, category, repeats } = request.profile;
    const { chat, profile } = t.services;
    const userId = main.userId;
    const parts: Record<string, () => Promise<unknown>> = {
      'raw spending_by_category SQL': () => db.execute(spendingByCategorySql(userId, period, category)),
      'analytics.vocabulary (after a sync)': () => analytics.vocabulary(userId),
      '  its categories query': () =>
        db.execute(sql`
          select t.category_primary, t.category_detailed, grouping(t.category_detailed)::int as level,
            count(*)::int as count
          from ledger_transaction t
          where t.user_id = ${userId} and not t.pending and t.category_primary is not null
          group by grouping sets ((t.category_primary, t.category_detailed), (t.category_primary))
          order by count(*) desc`),
      '  its merchants query': () =>
        db.execute(sql`
          select t.merchant as name, count(*)::int as count
          from ledger_transaction t
          where t.user_id = ${userId} and not t.pending and t.merchant is not null
          group by t.merchant
          order by count(*) desc, t.merchant
          limit 200`),
      'accounts.ledgerState (sync check and cache stamp)': () => t.services.accounts.ledgerState(userId),
      'analytics.accounts': () => analytics.accounts(userId),
      'chat.history (new thread)': () => chat.history(userId, 'bench-profile-thread'),
      'profile.read': () => profile.read({ id: userId, email: '' }),
      'analytics.spendingByCategory': () => analytics.spendingByCategory(userId, { ...period, category }),
      'analytics.spendingByMerchant': () =>
        analytics.spendingByMerchant(userId, { ...period, category, limit: 10 }),
    };
    const samples: Record<string, Samples> = {};
    for (const [name, run] of Object.entries(parts)) samples[name] = await timed(repeats, run);
    // What the server recorded of the client's last turns: from the turn's start (after it was
    // recorded as running) to its end (before it was saved), and the tools' share of that.
    const stored = await storedTimings(userId, request.profile.turns);
    samples['turn: context, agent loop, compose'] = stored.totalMs;
    samples['turn: of which tools'] = stored.toolsMs;
    return { profile: samples };
  }
  if ('watch' in request) {
    ledgerWatch = {};
    return { watching: request.watch };
  }
  if ('ledger' in request) {
    if (!ledgerWatch) throw new Error("'ledger' before 'watch': whose ledger query would it time?");
    const { input } = ledgerWatch;
    ledgerWatch = undefined;
    const stored = await storedTimings(main.userId, request.ledger.turns);
    const query = input ? await timed(request.ledger.repeats, () => ledgerQuery(main.userId, input)) : [];
    return { ledger: { ...stored, query, input: input ?? null } };
  }
  const started = performance.now();
  const users: ChatUser[] = [];
  // A few at a time: password hashing runs off the main thread.
  for (let index = 0; index < request.users.count; index += 5) {
    const batch = Math.min(5, request.users.count - index);
    const made = await Promise.all(Array.from({ length: batch }, () => userWithAccount()));
    for (const owner of made) {
      await seedRows(owner, 1, request.users.rows);
      users.push(owner.user);
    }
  }
  await db.execute(sql`analyze ledger_transaction`);
  return { users, ms: performance.now() - started };
}

process.on('message', async (message: 'stop' | ChatServerRequest) => {
  if (message === 'stop') {
    await t.close();
    process.exit(0);
  }
  try {
    send(await answer(message));
  } catch (error) {
    send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});

send({
  ...main.user,
  origin: t.origin ?? '',
  boxPublicKey: Buffer.from(t.secrets.boxKeyPair.publicKey).toString('base64'),
} satisfies ChatServerReady);
