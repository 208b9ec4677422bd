import type { LinkTokenGetResponse } from 'plaid';
import { failures } from '../errors.ts';
import type { PlaidApi } from './context.ts';
import {
  LINK_TOKEN_GRACE,
  type LinkSessionRecord,
  type LinkTokenRecord,
  type LinkUserRecord,
  MAX_LINK_TOKENS_PER_USER,
  MAX_SESSIONS_PER_LINK_TOKEN,
  NS,
} from './items.ts';

/**
 * Link tokens and the sessions they started: what /link/token/get answers (the public tokens each
 * session produced, so a client accepts a public token only from a session its own link token started),
 * kept within MAX_LINK_TOKENS_PER_USER per Link user and MAX_SESSIONS_PER_LINK_TOKEN per token.
 */

/** Plaid's timestamps have no milliseconds. */
export const plaidTime = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

/** Stores a new link token and keeps its user's share bounded: stale and surplus tokens go, with their public tokens. */
export async function rememberLinkToken(
  api: PlaidApi,
  token: string,
  record: LinkTokenRecord,
): Promise<void> {
  const { store, now } = api;
  await store.put(NS.linkToken, token, record);
  let dropped: string[] = [];
  await store.update<LinkUserRecord>(NS.linkUser, record.clientUserId, (current) => {
    const stale = (expiresAt: string) => Date.parse(expiresAt) + LINK_TOKEN_GRACE <= now().getTime();
    const all = [...(current?.tokens ?? []), { token, expiresAt: record.expiresAt }];
    const kept = all.filter((entry) => !stale(entry.expiresAt)).slice(-MAX_LINK_TOKENS_PER_USER);
    dropped = all.filter((entry) => !kept.includes(entry)).map((entry) => entry.token);
    return { tokens: kept };
  });
  for (const old of dropped) await forgetLinkToken(api, old);
}

async function forgetLinkToken(api: PlaidApi, token: string): Promise<void> {
  const record = await api.store.get<LinkTokenRecord>(NS.linkToken, token);
  for (const session of record?.sessions ?? []) await api.store.delete(NS.publicToken, session.publicToken);
  await api.store.delete(NS.linkToken, token);
}

/** The link token, if it is live and started by `clientUserId`; otherwise Plaid's INVALID_LINK_TOKEN. */
export async function liveLinkToken(api: PlaidApi, token: string, clientUserId: string) {
  const link = await api.store.get<LinkTokenRecord>(NS.linkToken, token);
  // Another user's link token is refused exactly as an unknown one: it tells nothing about it.
  if (!link || link.clientUserId !== clientUserId) throw failures.invalidLinkToken();
  if (Date.parse(link.expiresAt) <= api.now().getTime()) throw failures.invalidLinkToken(true);
  return link;
}

/** Records a finished session on its link token; past the cap the oldest goes, its public token spent. */
export async function recordSession(api: PlaidApi, token: string, session: LinkSessionRecord) {
  let evicted: LinkSessionRecord[] = [];
  const updated = await api.store.update<LinkTokenRecord>(NS.linkToken, token, (current) => {
    if (!current) return undefined;
    const sessions = [...current.sessions, session];
    evicted = sessions.slice(0, Math.max(0, sessions.length - MAX_SESSIONS_PER_LINK_TOKEN));
    return { ...current, sessions: sessions.slice(evicted.length) };
  });
  if (!updated) throw failures.invalidLinkToken();
  for (const old of evicted) await api.store.delete(NS.publicToken, old.publicToken);
}

/** /link/token/get's answer (Plaid's LinkTokenGetResponse, without request_id). */
export function linkTokenJson(
  token: string,
  link: LinkTokenRecord,
): Omit<LinkTokenGetResponse, 'request_id'> {
  return {
    link_token: token,
    created_at: plaidTime(link.createdAt),
    expiration: plaidTime(link.expiresAt),
    metadata: {
      initial_products: link.products as LinkTokenGetResponse['metadata']['initial_products'],
      webhook: link.webhook ?? null,
      country_codes: link.countryCodes as LinkTokenGetResponse['metadata']['country_codes'],
      language: link.language,
      redirect_uri: null,
      client_name: link.clientName,
    },
    link_sessions: link.sessions.map((session) => ({
      link_session_id: session.linkSessionId,
      started_at: plaidTime(session.startedAt),
      finished_at: plaidTime(session.finishedAt),
      on_success: {
        public_token: session.publicToken,
        metadata: {
          institution: session.institution,
          accounts: session.accounts,
          link_session_id: session.linkSessionId,
        },
      },
      results: {
        item_add_results: [
          { public_token: session.publicToken, accounts: session.accounts, institution: session.institution },
        ],
        cra_item_add_results: [],
        cra_update_results: [],
        bank_income_results: [],
        payroll_income_results: [],
        document_income_results: null,
      },
    })),
  };
}
