import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { type AccountBase, AccountType, type Item, ItemUpdateTypeEnum, Products } from 'plaid';
import { dayFromDate, isoFromDay } from '../days.ts';
import { failures } from '../errors.ts';
import { findInstitution } from '../institutions.ts';
import type { ItemRecord, Snapshot } from '../item-data.ts';
import { randomId } from '../random.ts';
import { type PlaidApi, requestId } from './context.ts';

/** The vendor-side records behind Plaid's tokens and items, and the checks every data call makes. */

export const NS = {
  linkToken: 'plaid:link-token',
  /** Per Link user (client_user_id): the link tokens still kept, so each user's share stays bounded. */
  linkUser: 'plaid:link-user',
  publicToken: 'plaid:public-token',
  accessToken: 'plaid:access-token',
  item: 'plaid:item',
} as const;

/** What Link reported for one successful session, as /link/token/get gives it back. */
export type LinkSessionRecord = {
  linkSessionId: string;
  startedAt: string;
  finishedAt: string;
  publicToken: string;
  institution: { name: string; institution_id: string };
  accounts: LinkedAccountMetadata[];
};

/** An account as Link's onSuccess metadata names it (react-plaid-link's shape). */
export type LinkedAccountMetadata = {
  id: string;
  name: string;
  mask: string | null;
  type: string;
  subtype: string;
  verification_status: null;
  class_type: null;
};

export type LinkTokenRecord = {
  clientUserId: string;
  createdAt: string;
  expiresAt: string;
  /** Update mode: the item Link signs in again; null: a new item. */
  itemId: string | null;
  clientName: string;
  language: string;
  countryCodes: string[];
  products: string[];
  /** Where the items this token links send their webhooks; absent on tokens made before webhooks. */
  webhook?: string | null;
  /** Update mode with `update.account_selection_enabled`: the user chooses the item's accounts again. */
  accountSelection?: boolean;
  /** The successful Link sessions this token started, newest last (at most MAX_SESSIONS_PER_LINK_TOKEN). */
  sessions: LinkSessionRecord[];
};

/** The item a public token stands for: an existing one (update mode), or one made at the exchange. */
export type NewItem = {
  seed: string;
  institutionId: string;
  institutionName: string;
  clientUserId: string | null;
  status: ItemRecord['status'];
  accountIds: string[] | null;
  webhook?: string | null;
};
export type PublicTokenRecord = { expiresAt: string } & (
  | { itemId: string; newItem?: undefined }
  | { itemId?: undefined; newItem: NewItem }
);
export type AccessTokenRecord = { itemId: string };
export type LinkUserRecord = { tokens: { token: string; expiresAt: string }[] };

const MINUTE = 60_000;
export const LINK_TOKEN_TTL = 4 * 60 * MINUTE;
export const UPDATE_LINK_TOKEN_TTL = 30 * MINUTE;
const PUBLIC_TOKEN_TTL = 30 * MINUTE;
/**
 * The fake's own state stays bounded per Link user: at most this many link tokens are kept (the
 * oldest goes, with its unexchanged public tokens), each kept until an hour after it expired (so a
 * public token made just before that can still be checked against it), each with at most this many
 * sessions. An item is made only when its public token is exchanged.
 */
export const MAX_LINK_TOKENS_PER_USER = 10;
export const LINK_TOKEN_GRACE = 60 * MINUTE;
export const MAX_SESSIONS_PER_LINK_TOKEN = 5;

export async function createItem({ store, now, initialPull }: PlaidApi, input: NewItem): Promise<ItemRecord> {
  const made = now();
  const today = dayFromDate(made);
  const after = (ms: number) => new Date(made.getTime() + ms).toISOString();
  const item: ItemRecord = {
    ...input,
    itemId: randomId(),
    createdAt: made.toISOString(),
    historyStart: isoFromDay(today - 730),
    pull: { recentAt: after(initialPull.recentMs), completeAt: after(initialPull.completeMs) },
    advancedDays: 0,
    custom: [],
    scenario: null,
    cursorKey: randomUUID(),
    accessToken: null,
  };
  await store.put(NS.item, item.itemId, item);
  return item;
}

export async function issuePublicToken(
  { store, now }: PlaidApi,
  target: { itemId: string } | { newItem: NewItem },
): Promise<string> {
  const token = `public-sandbox-${randomUUID()}`;
  const expiresAt = new Date(now().getTime() + PUBLIC_TOKEN_TTL).toISOString();
  await store.put(NS.publicToken, token, { ...target, expiresAt } satisfies PublicTokenRecord);
  return token;
}

export async function itemOf({ store }: PlaidApi, token: string): Promise<ItemRecord> {
  const record = await store.get<AccessTokenRecord>(NS.accessToken, token);
  const item = record && (await store.get<ItemRecord>(NS.item, record.itemId));
  if (!item) throw failures.invalidAccessToken();
  return item;
}

/** The item behind a data call, after the scenario the tests switched on and the login state. */
export async function dataItem(
  api: PlaidApi,
  token: string,
  c: Context,
  endpoint: { rateLimitCode: string; needsLogin: boolean; isSync?: boolean },
): Promise<ItemRecord> {
  const item = await itemOf(api, token);
  const scenario = item.scenario;
  if (scenario?.name === 'rate_limited') throw failures.rateLimited(endpoint.rateLimitCode);
  if (scenario?.name === 'upstream_down') throw failures.internal();
  if (scenario?.name === 'timeout') await sleep(scenario.delayMs, c.req.raw.signal);
  if (scenario?.name === 'fail_after_pages' && endpoint.isSync) {
    const updated = await api.store.update<ItemRecord>(NS.item, item.itemId, (current) =>
      current?.scenario
        ? {
            ...current,
            scenario: { ...current.scenario, syncPagesServed: current.scenario.syncPagesServed + 1 },
          }
        : current,
    );
    if ((updated?.scenario?.syncPagesServed ?? 0) > scenario.pages) throw failures.internal();
  }
  if (endpoint.needsLogin && item.status === 'login-required') throw failures.itemLoginRequired();
  return item;
}

/** Changes the item an access token names (atomically per item) and returns it. */
export async function changeItem(
  api: PlaidApi,
  accessToken: string,
  change: (current: ItemRecord) => ItemRecord,
): Promise<ItemRecord> {
  const item = await itemOf(api, accessToken);
  const updated = await api.store.update<ItemRecord>(
    NS.item,
    item.itemId,
    (current) => current && change(current),
  );
  return updated ?? item;
}

export function itemJson(item: ItemRecord, snapshot: Snapshot): Item {
  const hasInvestments = snapshot.accounts.some((account) => account.type === AccountType.Investment);
  const billed = hasInvestments ? [Products.Transactions, Products.Investments] : [Products.Transactions];
  return {
    item_id: item.itemId,
    institution_id: item.institutionId,
    institution_name: item.institutionName,
    webhook: item.webhook ?? null,
    error: item.status === 'login-required' ? failures.itemLoginRequired().body(requestId()) : null,
    available_products: [
      Products.Assets,
      Products.Auth,
      Products.Balance,
      Products.Identity,
      Products.Liabilities,
    ],
    billed_products: billed,
    products: billed,
    consented_products: billed,
    consent_expiration_time: item.consentExpiresAt ?? null,
    update_type: ItemUpdateTypeEnum.Background,
  };
}

export function institutionName(institutionId: string): string {
  const institution = findInstitution(institutionId);
  if (!institution) throw failures.invalidInstitution();
  return institution.name;
}

/** An account as a data call returns it: balances stamped with the time of the call. */
export function withBalanceTime({ now }: PlaidApi, account: AccountBase): AccountBase {
  return {
    ...account,
    balances: { ...account.balances, last_updated_datetime: now().toISOString() },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
