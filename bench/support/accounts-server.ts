// The server side of accounts.bench.ts: the real app (embedded PGlite, silent logs, sandbox providers
// on its own port) in its own process. It answers one IPC request besides 'stop': grow one account's
// transactions to a given count with synthetic rows (the setup of the query case, not measured).

import { createTestApp } from '@penny/server/testing';
import { sql } from 'drizzle-orm';

export type AccountsServerReady = {
  origin: string;
  token: string;
  cookie: string;
  names: { username: string; firstName: string; lastName: string };
  /** The installation's Plaid sandbox keys (the raw-read baseline calls the fake directly). */
  plaidKeys: { client_id: string; secret: string };
};
export type SeedRequest = { seed: { accountId: string; rows: number } };
export type SeedDone = { seeded: number; ms: number };

if (!process.send) throw new Error('accounts-server must be started with an IPC channel (fork)');
const send = process.send.bind(process);

const t = await createTestApp({
  database: 'pglite',
  listen: true,
  env: { LOG_LEVEL: 'silent', REQUIRE_ENCRYPTED_BODIES: 'false', SESSION_CACHE: 'true' },
});
const { token, cookie, user } = await t.signUpVerifiedUser();

process.on('message', async (message: 'stop' | SeedRequest) => {
  if (message === 'stop') {
    await t.close();
    process.exit(0);
  }
  const { accountId, rows } = message.seed;
  const started = performance.now();
  const [account] = await t.rows<{ user_id: string; connection_id: string; have: number }>(sql`
    select a.user_id, a.connection_id,
      (select count(*) from ledger_transaction where account_id = a.id)::int as have
    from ledger_account a where a.id = ${accountId}`);
  if (!account) throw new Error(`no account ${accountId}`);
  // Synthetic rows spread over ten years before today, in batches so memory stays flat.
  for (let from = account.have + 1; from <= rows; from += 100_000) {
    const to = Math.min(rows, from + 99_999);
    await t.database.db.execute(sql`
      insert into ledger_transaction (user_id, connection_id, account_id, provider_transaction_id, date, amount,
        currency, amount_usd, name, merchant, category_primary, category_detailed, pending)
      select ${account.user_id}, ${account.connection_id}, ${accountId}, 'bench-' || g,
        current_date - (g % 3650), ((g % 20000) - 10000) / 100.0, 'USD', ((g % 20000) - 10000) / 100.0,
        'Bench purchase ' || (g % 500), 'Merchant ' || (g % 200), 'GENERAL_MERCHANDISE',
        'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE', false
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await t.database.db.execute(sql`analyze ledger_transaction`);
  send({ seeded: rows, ms: performance.now() - started } satisfies SeedDone);
});

send({
  origin: t.origin ?? '',
  token,
  cookie,
  names: { username: user.username, firstName: user.firstName, lastName: user.lastName },
  plaidKeys: { client_id: t.sandboxKeys?.plaid.clientId ?? '', secret: t.sandboxKeys?.plaid.secret ?? '' },
} satisfies AccountsServerReady);
