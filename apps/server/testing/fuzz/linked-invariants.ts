// The linked-account invariants: no answer holds a provider secret or the other user's linked ids; a
// request naming the other user's connection is refused; the other user's data stays as it was, at
// Penny and at the (sandbox) vendors.

import { sql } from 'drizzle-orm';
import { createVault } from '../../src/connections/vault.ts';
import type { TestApp } from '../app.ts';
import type { FuzzCase } from './cases.ts';
import type { FuzzUser, LinkedAccounts } from './context.ts';
import type { Endpoint } from './endpoints.ts';
import { isIndexable } from './records.ts';

/** The binding the accounts service (finance/accounts/) seals the SnapTrade user secret under. */
const SNAPTRADE_SECRET_BINDING = 'provider-user:snaptrade';

/** Strings no answer may hold: every provider secret, sealed and opened; the other user's linked ids. */
export type Forbidden = { secrets: string[]; otherIds: string[] };

export async function forbiddenStrings(t: TestApp, otherId: string): Promise<Forbidden> {
  const vault = createVault(t.secrets.vaultKey);
  const secrets: string[] = [];
  const sealed = await t.rows<{ id: string; user_id: string; sealed_secret: string }>(
    sql`select id, user_id, sealed_secret from connection where sealed_secret is not null`,
  );
  for (const row of sealed) {
    secrets.push(
      row.sealed_secret,
      vault.open(row.sealed_secret, { userId: row.user_id, connectionId: row.id }),
    );
  }
  const providerUsers = await t.rows<{ user_id: string; sealed_secret: string }>(
    sql`select user_id, sealed_secret from provider_user`,
  );
  for (const row of providerUsers) {
    secrets.push(
      row.sealed_secret,
      vault.open(row.sealed_secret, { userId: row.user_id, connectionId: SNAPTRADE_SECRET_BINDING }),
    );
  }
  const ids = await t.rows<{ value: string | null }>(sql`
    select id as value from connection where user_id = ${otherId}
    union all select item_id from connection where user_id = ${otherId}
    union all select external_user_id from connection where user_id = ${otherId}
    union all select id from ledger_account where user_id = ${otherId}
    union all select provider_account_id from ledger_account where user_id = ${otherId}
    union all select external_user_id from provider_user where user_id = ${otherId}`);
  // Short values (a wallet's username, say) could turn up by coincidence: ids and secrets are long.
  const long = (value: string | null): value is string => typeof value === 'string' && value.length >= 12;
  return {
    secrets: [...new Set(secrets)].filter(long),
    otherIds: [...new Set(ids.map((row) => row.value))].filter(long),
  };
}

const TOKEN_PATTERN = /\b(access|public)-(sandbox|development|production)-[0-9a-f-]{36}\b/;
/** The Link stand-in answers the browser its own session's public token, as Link's onSuccess does. */
const OWN_LINK_RESULT = /"public_token":"public-sandbox-[0-9a-f-]{36}"/g;

/**
 * What an answer gives away: a provider secret, or the other user's linked ids (unless the request
 * itself carried them: an answer may repeat what it was sent), or a Plaid token of any kind.
 */
export function leaksIn(
  answerText: string,
  requestText: string,
  forbidden: Forbidden,
  options: { linkResult?: boolean } = {},
): string[] {
  const found: string[] = [];
  const answer = options.linkResult
    ? answerText.replace(OWN_LINK_RESULT, '"public_token":"(own)"')
    : answerText;
  for (const secret of forbidden.secrets) {
    if (answer.includes(secret)) found.push(`a provider secret (${secret.slice(0, 10)}…)`);
  }
  for (const id of forbidden.otherIds) {
    if (answer.includes(id) && !requestText.includes(id)) found.push(`the other user's ${id}`);
  }
  const token = TOKEN_PATTERN.exec(answer)?.[0];
  if (token && !requestText.includes(token)) found.push(`a Plaid token (${token.slice(0, 20)}…)`);
  return found;
}

/** Endpoints that act on one of the caller's connections named by account_name. */
const BY_ACCOUNT_NAME =
  /^POST \/(agent\/.+|db\/disconnect-account|db\/refresh-accounts|connect\/api\/create_link_token)$/;

/**
 * The other user's connection a request names, if any: by account name (where the endpoint looks a
 * connection up by it), by Plaid item id or SnapTrade authorization id in any field, or by a token of
 * the other user's link sessions (a public token, a link token, a portal token) in any field or, for a
 * page the browser opens, in the query.
 */
export function crossUserTarget(
  key: string,
  value: unknown,
  other: LinkedAccounts | undefined,
  query?: URLSearchParams,
): { field: string; accountName?: string } | undefined {
  if (!other) return undefined;
  const theirs = [other.itemId, other.connectionId, other.publicToken, other.linkToken, other.portalToken];
  for (const [field, item] of query ?? []) if (theirs.includes(item)) return { field };
  if (!isIndexable(value) || Array.isArray(value)) return undefined;
  const name = value.account_name;
  if (
    BY_ACCOUNT_NAME.test(key) &&
    typeof name === 'string' &&
    [other.bankName, other.walletName, other.brokerageName].includes(name)
  ) {
    return { field: 'account_name', accountName: name };
  }
  for (const [field, item] of Object.entries(value)) {
    if (typeof item === 'string' && theirs.includes(item)) return { field };
  }
  return undefined;
}

/**
 * The other user's proposal or executed change a request names in any field or in the query
 * (docs/api.md, "Confirmed actions"): it must behave like an unknown one.
 */
export function crossUserAction(
  value: unknown,
  other: Pick<FuzzUser, 'proposalId' | 'changeId'>,
  query?: URLSearchParams,
): { field: string; accountName?: string } | undefined {
  const theirs = [other.proposalId, other.changeId];
  for (const [field, item] of query ?? []) if (theirs.includes(item)) return { field };
  if (!isIndexable(value) || Array.isArray(value)) return undefined;
  for (const [field, item] of Object.entries(value)) {
    if (typeof item === 'string' && theirs.includes(item)) return { field };
  }
  return undefined;
}

/**
 * Whether the server reads the generated value as the request's fields: not when junk, nothing, or
 * spliced text stands in for the body; not when /connect/api gets a sealed envelope (it opens none) or
 * a form of a spliced body.
 */
export function fieldsDelivered(c: FuzzCase, endpoint: Endpoint): boolean {
  const t = c.transport;
  if (t.kind === 'junk' || t.kind === 'empty') return false;
  if (c.deep?.placement === 'body' || c.raw?.placement === 'body') return false;
  if (endpoint.service !== 'connect') return true;
  if (t.kind === 'form' || t.kind === 'multipart') return !c.deep && !c.raw;
  if (t.kind !== 'wrong-type') return t.kind === 'plain';
  // JSON text under a form type parses as one odd field name; JSON and text/plain are read as JSON.
  return !t.sealed && (t.contentType === null || /^(text\/plain|application\/json)/.test(t.contentType));
}

/** What a refusal of a request naming another user's connection may be: never data, never the vendor. */
export const CROSS_USER_REFUSALS = new Set([400, 401, 403, 404, 413, 429]);

/**
 * The other user's linked data as rows: each connection with its columns (sealed token, cursor, sync
 * times included) and the count and sum of its accounts, balances, transactions and holdings, and its
 * SnapTrade user. Equal before and after the run: nothing the fuzz user sent touched it.
 */
export async function linkedSnapshot(t: TestApp, userId: string): Promise<string> {
  const connections = await t.rows(sql`
    select c.id, c.platform, c.name, c.item_id, c.external_user_id, c.chain, c.tag, c.sealed_secret, c.status,
      c.status_detail, c.sync_cursor, c.sync_lease_until::text, c.last_synced_at::text, c.updated_at::text,
      (select count(*)::int from ledger_account a where a.connection_id = c.id) as accounts,
      (select string_agg(a.id || ':' || coalesce(a.current_balance::text, '-'), ',' order by a.id)
         from ledger_account a where a.connection_id = c.id) as balances,
      (select count(*)::int from balance_snapshot b join ledger_account a on a.id = b.account_id
         where a.connection_id = c.id) as snapshots,
      (select count(*)::int from ledger_transaction x where x.connection_id = c.id) as transactions,
      (select coalesce(sum(x.amount), 0)::text from ledger_transaction x where x.connection_id = c.id) as total,
      (select max(x.updated_at)::text from ledger_transaction x where x.connection_id = c.id) as last_write,
      (select count(*)::int from holding h join ledger_account a on a.id = h.account_id
         where a.connection_id = c.id) as holdings
    from connection c where c.user_id = ${userId} order by c.id`);
  const providerUsers = await t.rows(
    sql`select platform, external_user_id, sealed_secret, updated_at::text from provider_user where user_id = ${userId}`,
  );
  return JSON.stringify({ connections, providerUsers }, null, 1);
}

/** Whether the other user's bank item and brokerage authorization still exist at the (sandbox) vendors. */
export async function atVendors(t: TestApp, user: FuzzUser): Promise<{ bank: boolean; brokerage: boolean }> {
  const linked = user.linked;
  if (!linked) return { bank: false, brokerage: false };
  const vault = createVault(t.secrets.vaultKey);
  const [bankRow] = await t.rows<{ id: string; sealed_secret: string | null }>(
    sql`select id, sealed_secret from connection where user_id = ${user.id} and item_id = ${linked.itemId}`,
  );
  const bank =
    bankRow?.sealed_secret != null &&
    (await t.providers
      .plaid()
      .getAccounts(vault.open(bankRow.sealed_secret, { userId: user.id, connectionId: bankRow.id }))
      .then(
        () => true,
        () => false,
      ));
  const [snapTradeUser] = await t.rows<{ external_user_id: string; sealed_secret: string }>(
    sql`select external_user_id, sealed_secret from provider_user where user_id = ${user.id}`,
  );
  const brokerage =
    snapTradeUser !== undefined &&
    (await t.providers
      .snaptrade()
      .listAuthorizations({
        userId: snapTradeUser.external_user_id,
        userSecret: vault.open(snapTradeUser.sealed_secret, {
          userId: user.id,
          connectionId: SNAPTRADE_SECRET_BINDING,
        }),
      })
      .then(
        (authorizations) => authorizations.some((item) => item.id === linked.connectionId),
        () => false,
      ));
  return { bank, brokerage };
}
