import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { failures } from '../errors.ts';
import { SANDBOX_INSTITUTIONS, sandboxLogin } from '../institutions.ts';
import { accountsOnDay, currentVersion, type ItemRecord, snapshotOf } from '../item-data.ts';
import { browserUser, type PlaidApi, post, requestId } from './context.ts';
import {
  type AccessTokenRecord,
  createItem,
  institutionName,
  issuePublicToken,
  itemOf,
  LINK_TOKEN_TTL,
  type LinkedAccountMetadata,
  type LinkTokenRecord,
  NS,
  type PublicTokenRecord,
  UPDATE_LINK_TOKEN_TTL,
} from './items.ts';
import { linkTokenJson, liveLinkToken, plaidTime, recordSession, rememberLinkToken } from './link-tokens.ts';
import { schemas } from './schemas.ts';
import { announceInitialPull } from './webhooks.ts';

/**
 * Link and the item's lifecycle: link tokens and their sessions, the sandbox's shortcut to a public
 * token, the browser's Link stand-in (a signed-in Penny user, on a link token of their own), the public
 * token exchange (where a new item is made), and removing an item.
 */
export function registerLinkRoutes(api: PlaidApi): void {
  const { store, now } = api;

  post(api, '/link/token/create', schemas.linkTokenCreate, async (input) => {
    let itemId: string | null = null;
    if (input.access_token !== undefined) itemId = (await itemOf(api, input.access_token)).itemId;
    else if (!input.products || input.products.length === 0) throw failures.missingFields(['products']);
    const created = now();
    const expiresAt = new Date(created.getTime() + (itemId ? UPDATE_LINK_TOKEN_TTL : LINK_TOKEN_TTL));
    const linkToken = `link-sandbox-${randomUUID()}`;
    await rememberLinkToken(api, linkToken, {
      clientUserId: input.user.client_user_id,
      createdAt: created.toISOString(),
      expiresAt: expiresAt.toISOString(),
      itemId,
      clientName: input.client_name,
      language: input.language,
      countryCodes: input.country_codes,
      products: input.products ?? [],
      webhook: input.webhook ?? null,
      accountSelection: itemId !== null && input.update?.account_selection_enabled === true,
      sessions: [],
    });
    return { link_token: linkToken, expiration: plaidTime(expiresAt.toISOString()) };
  });

  post(api, '/link/token/get', schemas.linkTokenGet, async (input) => {
    const link = await store.get<LinkTokenRecord>(NS.linkToken, input.link_token);
    if (!link) throw failures.invalidLinkToken();
    return linkTokenJson(input.link_token, link);
  });

  post(api, '/sandbox/public_token/create', schemas.sandboxPublicTokenCreate, async (input) => {
    const name = institutionName(input.institution_id);
    const username = input.options?.override_username ?? 'user_good';
    const outcome = sandboxLogin(username, input.options?.override_password ?? 'pass_good');
    if (outcome === 'invalid-credentials') throw failures.invalidCredentials();
    const publicToken = await issuePublicToken(api, {
      newItem: {
        seed: `${input.institution_id}|${username}`,
        institutionId: input.institution_id,
        institutionName: name,
        clientUserId: null,
        status: outcome === 'login-required' ? 'login-required' : 'good',
        accountIds: null,
      },
    });
    return { public_token: publicToken };
  });

  // The browser's stand-in for Plaid Link (the real widget loads from Plaid's CDN, unreachable offline).
  api.app.get('/link/institutions', (c) => {
    browserUser(api, c);
    return c.json({
      institutions: SANDBOX_INSTITUTIONS.map(({ institution_id, name }) => ({ institution_id, name })),
      request_id: requestId(),
    });
  });

  post(
    api,
    '/link/public_token',
    schemas.linkPublicToken,
    (input, c) => linkPublicToken(api, browserUser(api, c), input),
    { keys: false },
  );

  post(api, '/item/public_token/exchange', schemas.publicTokenExchange, async (input) => {
    const record = await store.get<PublicTokenRecord>(NS.publicToken, input.public_token);
    if (!record) throw failures.invalidPublicToken();
    // Single use: gone whether or not it is still fresh.
    await store.delete(NS.publicToken, input.public_token);
    if (Date.parse(record.expiresAt) <= now().getTime()) throw failures.invalidPublicToken(true);
    const item = record.newItem
      ? await createItem(api, record.newItem)
      : await store.get<ItemRecord>(NS.item, record.itemId);
    if (!item) throw failures.invalidPublicToken();
    let token = item.accessToken;
    if (!token) {
      token = `access-sandbox-${randomUUID()}`;
      await store.put(NS.item, item.itemId, { ...item, accessToken: token });
      await store.put(NS.accessToken, token, { itemId: item.itemId } satisfies AccessTokenRecord);
    }
    // A new item's initial pull runs from now: Plaid announces each stage by webhook.
    if (record.newItem) announceInitialPull(api, item);
    return { access_token: token, item_id: item.itemId };
  });

  post(api, '/item/remove', schemas.accessToken, async (input) => {
    const item = await itemOf(api, input.access_token);
    await store.delete(NS.accessToken, input.access_token);
    await store.delete(NS.item, item.itemId);
    return {};
  });
}

/**
 * The login the browser's Link stand-in posts, on a link token of the signed-in user's own: a public
 * token for a new item (made when it is exchanged), or in update mode for the same item, logged in again.
 */
async function linkPublicToken(
  api: PlaidApi,
  signedIn: string,
  input: z.infer<typeof schemas.linkPublicToken>,
) {
  const { store, now } = api;
  const started = now().toISOString();
  const link = await liveLinkToken(api, input.link_token, signedIn);
  const name = institutionName(input.institution_id);
  const outcome = sandboxLogin(input.username, input.password);
  if (outcome === 'invalid-credentials') throw failures.invalidCredentials();
  const status = outcome === 'login-required' ? 'login-required' : 'good';

  let publicToken: string;
  let accounts: LinkedAccountMetadata[];
  if (link.itemId) {
    // Update mode: the same item, logged in again.
    const existing = await store.get<ItemRecord>(NS.item, link.itemId);
    if (!existing) throw failures.invalidAccessToken();
    if (existing.institutionId !== input.institution_id) throw failures.invalidInstitution();
    // Update mode with a webhook moves the item's webhooks there, as Plaid does; the login given renews
    // the consent; with account selection the accounts chosen now (all, if none are named) are shared.
    const accountIds = link.accountSelection
      ? chosenAccounts(accountsOnDay(existing.seed, now()), input.account_ids)
      : existing.accountIds;
    const item: ItemRecord = {
      ...existing,
      status,
      accountIds,
      consentExpiresAt: null,
      ...(link.webhook ? { webhook: link.webhook } : {}),
    };
    await store.put(NS.item, item.itemId, item);
    accounts = metadataAccounts(snapshotOf(item, currentVersion(item, now())).accounts);
    publicToken = await issuePublicToken(api, { itemId: item.itemId });
  } else {
    const seed = `${link.clientUserId}|${input.institution_id}`;
    const available = accountsOnDay(seed, now());
    const chosen = chosenAccounts(available, input.account_ids);
    const shared = chosen ? available.filter((account) => chosen.includes(account.account_id)) : available;
    accounts = metadataAccounts(shared);
    publicToken = await issuePublicToken(api, {
      newItem: {
        seed,
        institutionId: input.institution_id,
        institutionName: name,
        clientUserId: link.clientUserId,
        status,
        accountIds: chosen ?? null,
        webhook: link.webhook ?? null,
      },
    });
  }
  const institution = { name, institution_id: input.institution_id };
  const linkSessionId = randomUUID();
  await recordSession(api, input.link_token, {
    linkSessionId,
    startedAt: started,
    finishedAt: now().toISOString(),
    publicToken,
    institution,
    accounts,
  });
  return { public_token: publicToken, metadata: { institution, accounts, link_session_id: linkSessionId } };
}

/** The accounts the user chose in Link (null: all), each one the institution has. */
function chosenAccounts(
  available: ReturnType<typeof accountsOnDay>,
  chosen: string[] | undefined,
): string[] | null {
  if (
    chosen &&
    (chosen.length === 0 || chosen.some((id) => !available.some((account) => account.account_id === id)))
  ) {
    throw failures.invalidField('account_ids must name accounts at the institution');
  }
  return chosen ?? null;
}

function metadataAccounts(accounts: ReturnType<typeof accountsOnDay>): LinkedAccountMetadata[] {
  return accounts.map((account) => ({
    id: account.account_id,
    name: account.name,
    mask: account.mask,
    type: account.type,
    subtype: account.subtype ?? '',
    verification_status: null,
    class_type: null,
  }));
}
