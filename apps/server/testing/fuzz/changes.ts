// Which rows a request changed: a trigger records every write to the watched tables.

import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { tables } from '../../src/db/index.ts';
import type { TestApp } from '../app.ts';

/**
 * The tables watched: every table holding a user's data, and the mail the app sent.
 * - "user", account, session, verification, profile, resource, and the linked accounts' connection,
 *   provider_user, plaid_link_token, ledger_account, balance_snapshot, ledger_transaction and holding (after the syncs a
 *   request started have finished): any insert, update or delete counts,
 *   except a session update that touches only expires_at and updated_at: Better Auth slides a session
 *   forward when it reads one older than its refresh age, and reading is not a change.
 * - outbox (the dev mail store): a refused request must not send mail, with one exception by design:
 *   a sign-in refused because the address is not confirmed re-sends the confirmation (Better Auth's
 *   emailVerification.sendOnSignIn), so that refusal may add an outbox row (MAIL_ON_REFUSAL).
 * Rate-limit and attempt counters are deliberately not watched: counting refused attempts is their job.
 */
const WATCHED: Array<{ table: PgTable; ignoredOnUpdate: string[] }> = [
  { table: tables.user, ignoredOnUpdate: [] },
  { table: tables.account, ignoredOnUpdate: [] },
  { table: tables.session, ignoredOnUpdate: ['expires_at', 'updated_at'] },
  { table: tables.verification, ignoredOnUpdate: [] },
  { table: tables.profile, ignoredOnUpdate: [] },
  { table: tables.resource, ignoredOnUpdate: [] },
  { table: tables.outbox, ignoredOnUpdate: [] },
  { table: tables.connection, ignoredOnUpdate: [] },
  { table: tables.providerUser, ignoredOnUpdate: [] },
  { table: tables.plaidLinkToken, ignoredOnUpdate: [] },
  { table: tables.ledgerAccount, ignoredOnUpdate: [] },
  { table: tables.balanceSnapshot, ignoredOnUpdate: [] },
  { table: tables.ledgerTransaction, ignoredOnUpdate: [] },
  { table: tables.holding, ignoredOnUpdate: [] },
];

/** Rejections that may legitimately add mail, by endpoint and status. */
export const MAIL_ON_REFUSAL = new Set(['POST /api/auth/sign-in/email 403']);

export type ChangeLog = {
  /** The position of the latest recorded change. */
  mark(): Promise<number>;
  /** What changed after `mark`, e.g. ['resource insert ×1']. */
  since(mark: number): Promise<Array<{ table: string; op: string; rows: number }>>;
};

/**
 * Records every row written to the watched tables, by a trigger installed into the test database
 * (a throwaway one): exact per request, and cheap enough to read after each of thousands of
 * requests, where hashing the tables' contents each time cost more than the request itself.
 */
export async function watchChanges(t: TestApp): Promise<ChangeLog> {
  await t.rows(
    sql.raw(
      'create table if not exists fuzz_change (id bigserial primary key, tbl text not null, op text not null)',
    ),
  );
  await t.rows(
    sql.raw(`create or replace function fuzz_record_change() returns trigger language plpgsql as $fuzz$
begin
  if tg_op = 'UPDATE' and (to_jsonb(old) - tg_argv) = (to_jsonb(new) - tg_argv) then return null; end if;
  insert into fuzz_change (tbl, op) values (tg_table_name, lower(tg_op));
  return null;
end $fuzz$`),
  );
  for (const { table, ignoredOnUpdate } of WATCHED) {
    const name = getTableName(table);
    const args = ignoredOnUpdate.map((column) => `'${column}'`).join(', ');
    await t.rows(sql.raw(`drop trigger if exists fuzz_change on "${name}"`));
    await t.rows(
      sql.raw(
        `create trigger fuzz_change after insert or update or delete on "${name}" for each row execute function fuzz_record_change(${args})`,
      ),
    );
  }
  return {
    async mark() {
      const [row] = await t.rows<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from fuzz_change`);
      return Number(row?.n ?? 0);
    },
    async since(mark) {
      const rows = await t.rows<{ tbl: string; op: string; n: number }>(
        sql`select tbl, op, count(*)::int as n from fuzz_change where id > ${mark} group by tbl, op order by tbl, op`,
      );
      return rows.map((row) => ({ table: row.tbl, op: row.op, rows: Number(row.n) }));
    },
  };
}
