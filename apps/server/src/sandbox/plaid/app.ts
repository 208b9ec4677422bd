import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import {
  type AccountBase,
  AccountType,
  type Item,
  ItemUpdateTypeEnum,
  Products,
  type RemovedTransaction,
  type Transaction,
  TransactionsUpdateStatus,
} from 'plaid';
import { z } from 'zod';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import type { SandboxStore } from '../store.ts';
import { decodeCursor, encodeCursor, type Version } from './cursor.ts';
import { dayFromDate, isIsoDate, isoFromDay } from './days.ts';
import { failures, PlaidFailure } from './errors.ts';
import { findInstitution, SANDBOX_INSTITUTIONS, sandboxLogin } from './institutions.ts';
import {
  accountsOnDay,
  changesBetween,
  currentVersion,
  type ItemRecord,
  type Scenario,
  type Snapshot,
  snapshotOf,
} from './item-data.ts';
import { randomId } from './random.ts';

export type PlaidSandboxDeps = {
  store: SandboxStore;
  now?: () => Date;
  credentials?: { clientId: string; secret: string };
};

const NS = {
  linkToken: 'plaid:link-token',
  publicToken: 'plaid:public-token',
  accessToken: 'plaid:access-token',
  item: 'plaid:item',
} as const;

type LinkTokenRecord = { clientUserId: string; expiresAt: string; itemId: string | null };
type PublicTokenRecord = { itemId: string; expiresAt: string };
type AccessTokenRecord = { itemId: string };

const MINUTE = 60_000;
const LINK_TOKEN_TTL = 4 * 60 * MINUTE;
const UPDATE_LINK_TOKEN_TTL = 30 * MINUTE;
const PUBLIC_TOKEN_TTL = 30 * MINUTE;

// ------------------------------------------------------------------------------------------------
// Request bodies (Plaid answers bad input with INVALID_REQUEST, never a 500)

/** No NUL bytes (PostgreSQL text cannot hold them) and a sane length. */
const text = (max = 1000) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');
const accessToken = text(200);
const isoDate = text(10).refine(isIsoDate, 'must be a date in YYYY-MM-DD format');

const schemas = {
  linkTokenCreate: z.looseObject({
    client_name: text(30),
    language: text(10),
    country_codes: z.array(text(2)).min(1).max(20),
    user: z.looseObject({ client_user_id: text(128).min(1) }),
    products: z.array(text(40)).max(20).optional(),
    access_token: accessToken.optional(),
  }),
  sandboxPublicTokenCreate: z.looseObject({
    institution_id: text(50),
    initial_products: z.array(text(40)).min(1).max(20),
    options: z
      .looseObject({ override_username: text(100).optional(), override_password: text(100).optional() })
      .optional(),
  }),
  linkPublicToken: z.looseObject({
    link_token: text(200),
    institution_id: text(50),
    username: text(100),
    password: text(100),
    account_ids: z.array(text(50)).max(20).optional(),
  }),
  publicTokenExchange: z.looseObject({ public_token: text(200) }),
  accessToken: z.looseObject({ access_token: accessToken }),
  accountsGet: z.looseObject({
    access_token: accessToken,
    options: z.looseObject({ account_ids: z.array(text(50)).max(50).optional() }).optional(),
  }),
  transactionsSync: z.looseObject({
    access_token: accessToken,
    cursor: text(256).optional(),
    count: z.int().min(1).max(500).optional(),
  }),
  transactionsCreate: z.looseObject({
    access_token: accessToken,
    transactions: z
      .array(
        z.looseObject({
          date_transacted: isoDate,
          date_posted: isoDate,
          amount: z.number().finite().min(-1_000_000).max(1_000_000),
          description: text(200).min(1),
          iso_currency_code: text(3).optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
  setScenario: z.looseObject({
    access_token: accessToken,
    scenario: z.enum(['rate_limited', 'upstream_down', 'timeout', 'fail_after_pages']).nullable(),
    pages: z.int().min(0).max(10_000).optional(),
    delay_ms: z.int().min(0).max(120_000).optional(),
  }),
  advance: z.looseObject({ access_token: accessToken, days: z.int().min(1).max(365).optional() }),
} satisfies Record<string, z.ZodType>;

// ------------------------------------------------------------------------------------------------

export function createPlaidSandbox(deps: PlaidSandboxDeps): Hono {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const credentials = deps.credentials ?? SANDBOX_CREDENTIALS.plaid;
  const app = new Hono();

  app.onError((error, c) => {
    const failure = error instanceof PlaidFailure ? error : failures.internal();
    return c.json(failure.body(requestId()), failure.status);
  });

  /** A Plaid POST endpoint: JSON body, API keys (unless the browser calls it), then the schema. */
  const post = <S extends z.ZodType>(
    path: string,
    schema: S,
    handler: (input: z.infer<S>, c: Context) => Promise<object>,
    options: { keys: boolean } = { keys: true },
  ) => {
    app.post(path, async (c) => {
      const body = await readJson(c);
      if (options.keys) checkKeys(c, body);
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw validationFailure(parsed.error, body);
      const result = await handler(parsed.data, c);
      return c.json({ ...result, request_id: requestId() });
    });
  };

  function checkKeys(c: Context, body: Record<string, unknown>) {
    const clientId = c.req.header('plaid-client-id') ?? stringOrUndefined(body.client_id);
    const secret = c.req.header('plaid-secret') ?? stringOrUndefined(body.secret);
    const missing = [clientId ? null : 'client_id', secret ? null : 'secret'].filter(
      (field) => field !== null,
    );
    if (missing.length > 0) throw failures.missingFields(missing);
    if (clientId !== credentials.clientId || secret !== credentials.secret) throw failures.invalidApiKeys();
  }

  // ---- items and tokens

  async function createItem(input: {
    seed: string;
    institutionId: string;
    institutionName: string;
    clientUserId: string | null;
    status: ItemRecord['status'];
    accountIds: string[] | null;
  }): Promise<ItemRecord> {
    const today = dayFromDate(now());
    const item: ItemRecord = {
      ...input,
      itemId: randomId(),
      createdAt: now().toISOString(),
      historyStart: isoFromDay(today - 730),
      advancedDays: 0,
      custom: [],
      scenario: null,
      cursorKey: randomUUID(),
      accessToken: null,
    };
    await store.put(NS.item, item.itemId, item);
    return item;
  }

  async function issuePublicToken(itemId: string): Promise<string> {
    const token = `public-sandbox-${randomUUID()}`;
    await store.put(NS.publicToken, token, {
      itemId,
      expiresAt: new Date(now().getTime() + PUBLIC_TOKEN_TTL).toISOString(),
    } satisfies PublicTokenRecord);
    return token;
  }

  async function itemOf(token: string): Promise<ItemRecord> {
    const record = await store.get<AccessTokenRecord>(NS.accessToken, token);
    const item = record && (await store.get<ItemRecord>(NS.item, record.itemId));
    if (!item) throw failures.invalidAccessToken();
    return item;
  }

  /** The item behind a data call, after the scenario the tests switched on and the login state. */
  async function dataItem(
    token: string,
    c: Context,
    endpoint: { rateLimitCode: string; needsLogin: boolean; isSync?: boolean },
  ): Promise<ItemRecord> {
    const item = await itemOf(token);
    const scenario = item.scenario;
    if (scenario?.name === 'rate_limited') throw failures.rateLimited(endpoint.rateLimitCode);
    if (scenario?.name === 'upstream_down') throw failures.internal();
    if (scenario?.name === 'timeout') await sleep(scenario.delayMs, c.req.raw.signal);
    if (scenario?.name === 'fail_after_pages' && endpoint.isSync) {
      const updated = await store.update<ItemRecord>(NS.item, item.itemId, (current) =>
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

  function itemJson(item: ItemRecord, snapshot: Snapshot): Item {
    const hasInvestments = snapshot.accounts.some((account) => account.type === AccountType.Investment);
    const billed = hasInvestments ? [Products.Transactions, Products.Investments] : [Products.Transactions];
    return {
      item_id: item.itemId,
      institution_id: item.institutionId,
      institution_name: item.institutionName,
      webhook: null,
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
      consent_expiration_time: null,
      update_type: ItemUpdateTypeEnum.Background,
    };
  }

  const institutionName = (institutionId: string) => {
    const institution = findInstitution(institutionId);
    if (!institution) throw failures.invalidInstitution();
    return institution.name;
  };

  // ---- Link

  post('/link/token/create', schemas.linkTokenCreate, async (input) => {
    let itemId: string | null = null;
    if (input.access_token !== undefined) itemId = (await itemOf(input.access_token)).itemId;
    else if (!input.products || input.products.length === 0) throw failures.missingFields(['products']);
    const expiresAt = new Date(now().getTime() + (itemId ? UPDATE_LINK_TOKEN_TTL : LINK_TOKEN_TTL));
    const linkToken = `link-sandbox-${randomUUID()}`;
    await store.put(NS.linkToken, linkToken, {
      clientUserId: input.user.client_user_id,
      expiresAt: expiresAt.toISOString(),
      itemId,
    } satisfies LinkTokenRecord);
    return { link_token: linkToken, expiration: expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z') };
  });

  post('/sandbox/public_token/create', schemas.sandboxPublicTokenCreate, async (input) => {
    const name = institutionName(input.institution_id);
    const username = input.options?.override_username ?? 'user_good';
    const outcome = sandboxLogin(username, input.options?.override_password ?? 'pass_good');
    if (outcome === 'invalid-credentials') throw failures.invalidCredentials();
    const item = await createItem({
      seed: `${input.institution_id}|${username}`,
      institutionId: input.institution_id,
      institutionName: name,
      clientUserId: null,
      status: outcome === 'login-required' ? 'login-required' : 'good',
      accountIds: null,
    });
    return { public_token: await issuePublicToken(item.itemId) };
  });

  // The browser's stand-in for Plaid Link (the real widget loads from Plaid's CDN, unreachable offline).
  app.get('/link/institutions', (c) =>
    c.json({
      institutions: SANDBOX_INSTITUTIONS.map(({ institution_id, name }) => ({ institution_id, name })),
      request_id: requestId(),
    }),
  );

  post(
    '/link/public_token',
    schemas.linkPublicToken,
    async (input) => {
      const link = await store.get<LinkTokenRecord>(NS.linkToken, input.link_token);
      if (!link) throw failures.invalidLinkToken();
      if (Date.parse(link.expiresAt) <= now().getTime()) throw failures.invalidLinkToken(true);
      const name = institutionName(input.institution_id);
      const outcome = sandboxLogin(input.username, input.password);
      if (outcome === 'invalid-credentials') throw failures.invalidCredentials();
      const status = outcome === 'login-required' ? 'login-required' : 'good';

      let item: ItemRecord;
      if (link.itemId) {
        // Update mode: the same item, logged in again.
        const existing = await store.get<ItemRecord>(NS.item, link.itemId);
        if (!existing) throw failures.invalidAccessToken();
        if (existing.institutionId !== input.institution_id) throw failures.invalidInstitution();
        item = { ...existing, status };
        await store.put(NS.item, item.itemId, item);
      } else {
        const seed = `${link.clientUserId}|${input.institution_id}`;
        const available = accountsOnDay(seed, now());
        const chosen = input.account_ids;
        if (
          chosen &&
          (chosen.length === 0 ||
            chosen.some((id) => !available.some((account) => account.account_id === id)))
        ) {
          throw failures.invalidField('account_ids must name accounts at the institution');
        }
        item = await createItem({
          seed,
          institutionId: input.institution_id,
          institutionName: name,
          clientUserId: link.clientUserId,
          status,
          accountIds: chosen ?? null,
        });
      }
      const snapshot = snapshotOf(item, currentVersion(item, now()));
      return {
        public_token: await issuePublicToken(item.itemId),
        metadata: {
          institution: { name, institution_id: input.institution_id },
          accounts: snapshot.accounts.map((account) => ({
            id: account.account_id,
            name: account.name,
            mask: account.mask,
            type: account.type,
            subtype: account.subtype ?? '',
            verification_status: null,
            class_type: null,
          })),
          link_session_id: randomUUID(),
        },
      };
    },
    { keys: false },
  );

  post('/item/public_token/exchange', schemas.publicTokenExchange, async (input) => {
    const record = await store.get<PublicTokenRecord>(NS.publicToken, input.public_token);
    if (!record) throw failures.invalidPublicToken();
    // Single use: gone whether or not it is still fresh.
    await store.delete(NS.publicToken, input.public_token);
    if (Date.parse(record.expiresAt) <= now().getTime()) throw failures.invalidPublicToken(true);
    const item = await store.get<ItemRecord>(NS.item, record.itemId);
    if (!item) throw failures.invalidPublicToken();
    let token = item.accessToken;
    if (!token) {
      token = `access-sandbox-${randomUUID()}`;
      await store.put(NS.item, item.itemId, { ...item, accessToken: token });
      await store.put(NS.accessToken, token, { itemId: item.itemId } satisfies AccessTokenRecord);
    }
    return { access_token: token, item_id: item.itemId };
  });

  // ---- Data

  const accountsResponse = (item: ItemRecord, accountIds: string[] | undefined) => {
    const snapshot = snapshotOf(item, currentVersion(item, now()));
    const accounts = accountIds
      ? snapshot.accounts.filter((account) => accountIds.includes(account.account_id))
      : snapshot.accounts;
    return { accounts: accounts.map(withBalanceTime), item: itemJson(item, snapshot) };
  };
  const withBalanceTime = (account: AccountBase): AccountBase => ({
    ...account,
    balances: { ...account.balances, last_updated_datetime: now().toISOString() },
  });

  post('/accounts/get', schemas.accountsGet, async (input, c) => {
    // Plaid serves cached accounts even when the item needs a new login (item.error says so).
    const item = await dataItem(input.access_token, c, {
      rateLimitCode: 'ACCOUNTS_LIMIT',
      needsLogin: false,
    });
    return accountsResponse(item, input.options?.account_ids);
  });

  post('/accounts/balance/get', schemas.accountsGet, async (input, c) => {
    const item = await dataItem(input.access_token, c, { rateLimitCode: 'BALANCE_LIMIT', needsLogin: true });
    return accountsResponse(item, input.options?.account_ids);
  });

  post('/transactions/sync', schemas.transactionsSync, async (input, c) => {
    const item = await dataItem(input.access_token, c, {
      rateLimitCode: 'TRANSACTIONS_SYNC_LIMIT',
      needsLogin: true,
      isSync: true,
    });
    const count = input.count ?? 100;
    const current = currentVersion(item, now());
    let base: Version | null = null;
    let target = current;
    let offset = 0;
    if (input.cursor === 'now') {
      base = current;
    } else if (input.cursor) {
      const state = decodeCursor(input.cursor, item.cursorKey);
      if (!state) throw failures.invalidField('cursor is not valid');
      base = state.base;
      if (state.target) {
        if (state.target.day !== current.day || state.target.custom !== current.custom) {
          throw failures.mutationDuringPagination();
        }
        target = state.target;
        offset = state.offset;
      }
    }
    const changes = changesBetween(item, base, target);
    const page = changes.slice(offset, offset + count);
    const hasMore = offset + page.length < changes.length;
    const next = hasMore
      ? encodeCursor({ base, target, offset: offset + page.length }, item.cursorKey)
      : encodeCursor({ base: target, target: null, offset: 0 }, item.cursorKey);
    const added: Transaction[] = [];
    const modified: Transaction[] = [];
    const removed: RemovedTransaction[] = [];
    for (const change of page) {
      if (change.kind === 'added') added.push(change.transaction);
      else if (change.kind === 'modified') modified.push(change.transaction);
      else
        removed.push({
          transaction_id: change.transaction.transaction_id,
          account_id: change.transaction.account_id,
        });
    }
    const snapshot = snapshotOf(item, current);
    return {
      accounts: snapshot.accounts
        .filter((account) => account.type !== AccountType.Investment)
        .map(withBalanceTime),
      added,
      modified,
      removed,
      next_cursor: next,
      has_more: hasMore,
      transactions_update_status: TransactionsUpdateStatus.HistoricalUpdateComplete,
    };
  });

  post('/investments/holdings/get', schemas.accountsGet, async (input, c) => {
    const item = await dataItem(input.access_token, c, {
      rateLimitCode: 'INVESTMENT_HOLDINGS_GET_LIMIT',
      needsLogin: true,
    });
    const snapshot = snapshotOf(item, currentVersion(item, now()));
    const accounts = snapshot.accounts.filter((account) => account.type === AccountType.Investment);
    if (accounts.length === 0) throw failures.noInvestmentAccounts();
    const ids = new Set(accounts.map((account) => account.account_id));
    const holdings = snapshot.data.holdings.filter((holding) => ids.has(holding.account_id));
    const securityIds = new Set(holdings.map((holding) => holding.security_id));
    return {
      accounts: accounts.map(withBalanceTime),
      holdings,
      securities: snapshot.data.securities.filter((security) => securityIds.has(security.security_id)),
      item: itemJson(item, snapshot),
    };
  });

  post('/item/remove', schemas.accessToken, async (input) => {
    const item = await itemOf(input.access_token);
    await store.delete(NS.accessToken, input.access_token);
    await store.delete(NS.item, item.itemId);
    return {};
  });

  // ---- Plaid's sandbox controls, plus Penny's scenario and clock controls

  /** Changes the item an access token names (atomically per item) and returns it. */
  async function changeItem(accessToken: string, change: (current: ItemRecord) => ItemRecord) {
    const item = await itemOf(accessToken);
    const updated = await store.update<ItemRecord>(
      NS.item,
      item.itemId,
      (current) => current && change(current),
    );
    return updated ?? item;
  }

  post('/sandbox/item/reset_login', schemas.accessToken, async (input) => {
    await changeItem(input.access_token, (current) => ({ ...current, status: 'login-required' }));
    return { reset_login: true };
  });

  post('/sandbox/transactions/create', schemas.transactionsCreate, async (input) => {
    await changeItem(input.access_token, (current) => ({
      ...current,
      custom: [
        ...current.custom,
        ...input.transactions.map((entry) => ({
          date_transacted: entry.date_transacted,
          date_posted: entry.date_posted,
          amount: Math.round(entry.amount * 100) / 100,
          description: entry.description,
          iso_currency_code: entry.iso_currency_code ?? 'USD',
        })),
      ],
    }));
    return {};
  });

  post('/sandbox/item/set_scenario', schemas.setScenario, async (input) => {
    const scenario: Scenario | null = input.scenario;
    await changeItem(input.access_token, (current) => ({
      ...current,
      scenario: scenario && {
        name: scenario,
        pages: input.pages ?? 1,
        delayMs: input.delay_ms ?? 15_000,
        syncPagesServed: 0,
      },
    }));
    return {};
  });

  post('/sandbox/item/advance', schemas.advance, async (input) => {
    const updated = await changeItem(input.access_token, (current) => ({
      ...current,
      advancedDays: current.advancedDays + (input.days ?? 1),
    }));
    return { today: isoFromDay(currentVersion(updated, now()).day) };
  });

  // Last, so it answers only what no route above did (a mounted app's notFound is not consulted).
  app.all('*', (c) => {
    const failure = failures.notFound();
    return c.json(failure.body(requestId()), failure.status);
  });

  return app;
}

// ------------------------------------------------------------------------------------------------

async function readJson(c: Context): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw failures.invalidBody();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw failures.invalidBody();
  return Object.fromEntries(Object.entries(value));
}

/** Plaid names the missing fields, or the first bad one. */
function validationFailure(error: z.ZodError, body: Record<string, unknown>): PlaidFailure {
  const missing = error.issues
    .filter((issue) => valueAt(body, issue.path) === undefined)
    .map((issue) => issue.path.join('.'));
  if (missing.length > 0) return failures.missingFields([...new Set(missing)]);
  const [first] = error.issues;
  const field = first?.path.join('.') || 'body';
  return failures.invalidField(`${field}: ${first?.message ?? 'is not valid'}`);
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function requestId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 15);
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
