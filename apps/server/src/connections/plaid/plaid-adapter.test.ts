import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { browserOf, randomSandboxKeys, standaloneSandboxHost } from '@penny/server/testing';
import { Hono } from 'hono';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaidSandbox, generateBankItem } from '../../sandbox/plaid/index.ts';
import { createMemorySandboxStore } from '../../sandbox/store.ts';
import { ProviderError, type ProviderTransaction } from '../types.ts';
import { createPlaidAdapter } from './index.ts';

// The official plaid SDK over real HTTP against the fake, mounted under /sandbox/plaid as on Penny's server.
const TODAY = '2026-03-15';
const KEYS = randomSandboxKeys().plaid;
const clock = new Date(`${TODAY}T15:00:00Z`);
let server: ReturnType<typeof serve>;
let basePath: string;
let sdk: PlaidApi;
const store = createMemorySandboxStore();
/** Every token and secret the tests saw: none may appear in any error. */
const secretsSeen = new Set<string>([KEYS.secret]);
const errorsSeen: unknown[] = [];

beforeAll(async () => {
  const root = new Hono();
  root.route(
    '/sandbox/plaid',
    createPlaidSandbox({
      store,
      credentials: KEYS,
      host: standaloneSandboxHost(),
      // The initial pull ready at once: these tests are about the data (initial-pull.test.ts: the stages).
      initialPull: { recentMs: 0, completeMs: 0 },
      now: () => clock,
    }),
  );
  server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  basePath = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/plaid`;
  sdk = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': KEYS.clientId, 'PLAID-SECRET': KEYS.secret } },
    }),
  );
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const adapter = (overrides: { secret?: string; timeoutMs?: number; basePath?: string } = {}) =>
  createPlaidAdapter({
    basePath: overrides.basePath ?? basePath,
    clientId: KEYS.clientId,
    secret: overrides.secret ?? KEYS.secret,
    ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
  });

/** A POST to the fake: with the keys, as the SDK; or without, as a stranger or (`as`) a signed-in browser. */
async function raw(path: string, body: unknown, init: { keys?: boolean; text?: string; as?: string } = {}) {
  const response = await fetch(`${basePath}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.keys === false ? {} : { 'PLAID-CLIENT-ID': KEYS.clientId, 'PLAID-SECRET': KEYS.secret }),
      ...(init.as === undefined ? {} : browserOf(init.as)),
    },
    body: init.text ?? JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A sandbox item the way plaid-node's own tests make one: /sandbox/public_token/create, then exchange. */
async function sandboxItem(institutionId = 'ins_109508', password = 'pass_good') {
  const { data } = await sdk.sandboxPublicTokenCreate({
    institution_id: institutionId,
    initial_products: [Products.Transactions],
    options: { override_username: 'user_good', override_password: password },
  });
  secretsSeen.add(data.public_token);
  const item = await adapter().exchangePublicToken(data.public_token);
  secretsSeen.add(item.accessToken);
  return { ...item, seed: `${institutionId}|user_good` };
}

async function expectProviderError(promise: Promise<unknown>, kind: ProviderError['kind']) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  errorsSeen.push(error);
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).kind).toBe(kind);
  return error as ProviderError;
}

async function syncAll(accessToken: string, cursor: string | null, count = 100) {
  const pages: Awaited<ReturnType<ReturnType<typeof adapter>['syncTransactions']>>[] = [];
  let next = cursor;
  for (;;) {
    const page = await adapter().syncTransactions(accessToken, next, count);
    pages.push(page);
    next = page.nextCursor;
    if (!page.hasMore) break;
  }
  return {
    pages,
    cursor: next ?? '',
    added: pages.flatMap((page) => page.added),
    modified: pages.flatMap((page) => page.modified),
    removed: pages.flatMap((page) => page.removed),
  };
}

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

describe('linking', () => {
  it('link token, sandbox public token, exchange, then accounts whose balances add up to their history', async () => {
    const link = await adapter().createLinkToken({ clientUserId: 'user-1', clientName: 'Penny' });
    expect(link.linkToken).toMatch(/^link-sandbox-[0-9a-f-]{36}$/);
    expect(Date.parse(link.expiration) - clock.getTime()).toBe(4 * 3600_000);

    const item = await sandboxItem('ins_109508');
    expect(item.accessToken).toMatch(/^access-sandbox-[0-9a-f-]{36}$/);
    expect(item.itemId).toMatch(/^[0-9A-Za-z]{37}$/);

    const accounts = await adapter().getAccounts(item.accessToken);
    expect(accounts).toMatchObject({
      itemId: item.itemId,
      institutionId: 'ins_109508',
      institutionName: 'First Platypus Bank',
    });
    const kinds = accounts.accounts.map((account) => account.kind);
    expect(kinds).toEqual(expect.arrayContaining(['checking', 'savings', 'credit']));

    // Expected balances from the generator's raw data: opening balance plus every posted transaction.
    const expected = generateBankItem(item.seed, TODAY);
    for (const account of accounts.accounts.filter((entry) => entry.kind !== 'investment')) {
      const posted = expected.transactions.filter(
        (t) => t.account_id === account.providerAccountId && !t.pending,
      );
      const openingCents = cents(expected.openingBalances[account.providerAccountId] ?? Number.NaN);
      const postedCents = posted.reduce((sum, t) => sum + cents(t.amount), 0);
      // Plaid: money out is positive; a card's balance owed is positive. Penny: + = money in, owed < 0.
      const expectedCents =
        account.kind === 'credit' ? -(openingCents + postedCents) : openingCents - postedCents;
      expect(cents(account.current ?? 'NaN'), account.name).toBe(expectedCents);
      expect(account.current).toMatch(/^-?\d+(\.\d{1,2})?$/);
    }
    const card = accounts.accounts.find((account) => account.kind === 'credit');
    expect(Number(card?.current)).toBeLessThan(0);
    expect(Number(card?.limit)).toBeGreaterThan(0);

    // The raw wire shape, through the SDK, as Plaid documents it.
    const { data } = await sdk.accountsGet({ access_token: item.accessToken });
    expect(data.request_id).toEqual(expect.any(String));
    expect(data.item).toMatchObject({
      item_id: item.itemId,
      institution_id: 'ins_109508',
      error: null,
      webhook: null,
    });
    expect(data.accounts[0]).toMatchObject({
      account_id: expect.any(String),
      balances: {
        available: expect.any(Number),
        current: expect.any(Number),
        limit: null,
        iso_currency_code: 'USD',
      },
      mask: expect.stringMatching(/^\d{4}$/),
      type: 'depository',
      subtype: 'checking',
    });
  });

  it('the Link stand-in: institutions, then a public token with react-plaid-link onSuccess metadata', async () => {
    const institutions = (await fetch(`${basePath}/link/institutions`, {
      headers: browserOf('penny-user-a'),
    }).then((response) => response.json())) as {
      institutions: { institution_id: string; name: string }[];
    };
    expect(institutions.institutions).toContainEqual({ institution_id: 'ins_109511', name: 'Tartan Bank' });
    expect(institutions.institutions).toHaveLength(9);

    const { linkToken } = await adapter().createLinkToken({
      clientUserId: 'penny-user-a',
      clientName: 'Penny',
    });
    const linked = await raw(
      '/link/public_token',
      { link_token: linkToken, institution_id: 'ins_109511', username: 'user_good', password: 'pass_good' },
      { keys: false, as: 'penny-user-a' },
    );
    expect(linked.status).toBe(200);
    const metadata = linked.body.metadata as { accounts: Record<string, unknown>[] };
    expect(Object.keys(linked.body).sort()).toEqual(['metadata', 'public_token', 'request_id']);
    expect(Object.keys(metadata).sort()).toEqual(['accounts', 'institution', 'link_session_id']);
    expect(linked.body.metadata).toMatchObject({
      institution: { name: 'Tartan Bank', institution_id: 'ins_109511' },
      link_session_id: expect.any(String),
    });
    for (const account of metadata.accounts) {
      expect(Object.keys(account).sort()).toEqual([
        'class_type',
        'id',
        'mask',
        'name',
        'subtype',
        'type',
        'verification_status',
      ]);
    }
    secretsSeen.add(String(linked.body.public_token));

    const item = await adapter().exchangePublicToken(String(linked.body.public_token));
    secretsSeen.add(item.accessToken);
    const accounts = await adapter().getAccounts(item.accessToken);
    expect(accounts.accounts.map((account) => account.providerAccountId)).toEqual(
      metadata.accounts.map((account) => account.id),
    );
    // Seeded from the link token's user and the institution.
    const expected = generateBankItem('penny-user-a|ins_109511', TODAY);
    expect(accounts.accounts.map((account) => account.providerAccountId)).toEqual(
      expected.accounts.map((account) => account.account_id),
    );

    // Another Penny user at the same bank sees other data.
    const other = await adapter().createLinkToken({ clientUserId: 'penny-user-b', clientName: 'Penny' });
    const otherLinked = await raw(
      '/link/public_token',
      {
        link_token: other.linkToken,
        institution_id: 'ins_109511',
        username: 'user_good',
        password: 'pass_good',
      },
      { keys: false, as: 'penny-user-b' },
    );
    const otherIds = (otherLinked.body.metadata as { accounts: { id: string }[] }).accounts.map(
      (account) => account.id,
    );
    expect(otherIds.some((id) => metadata.accounts.some((account) => account.id === id))).toBe(false);

    // Wrong password: Plaid's error object, for the dialog to show.
    const refused = await raw(
      '/link/public_token',
      {
        link_token: linkToken,
        institution_id: 'ins_109511',
        username: 'user_good',
        password: 'error_INVALID_CREDENTIALS',
      },
      { keys: false, as: 'penny-user-a' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error_type: 'ITEM_ERROR',
      error_code: 'INVALID_CREDENTIALS',
      display_message: expect.stringContaining('credentials'),
    });
    const badToken = await raw(
      '/link/public_token',
      {
        link_token: 'link-sandbox-nope',
        institution_id: 'ins_109511',
        username: 'user_good',
        password: 'pass_good',
      },
      { keys: false, as: 'penny-user-a' },
    );
    expect(badToken).toMatchObject({ status: 400, body: { error_code: 'INVALID_LINK_TOKEN' } });
    const unknownBank = await sdk
      .sandboxPublicTokenCreate({ institution_id: 'ins_999', initial_products: [Products.Transactions] })
      .catch((error: { response: { status: number; data: unknown } }) => error.response);
    expect(unknownBank).toMatchObject({ status: 400, data: { error_code: 'INVALID_INSTITUTION' } });
  });

  it('public tokens are single use', async () => {
    const { data } = await sdk.sandboxPublicTokenCreate({
      institution_id: 'ins_109510',
      initial_products: [Products.Transactions],
    });
    secretsSeen.add(data.public_token);
    secretsSeen.add((await adapter().exchangePublicToken(data.public_token)).accessToken);
    await expectProviderError(adapter().exchangePublicToken(data.public_token), 'invalid-request');
  });
});

describe('link sessions', () => {
  const login = { institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' };
  const standIn = (linkToken: string, as?: string) =>
    raw(
      '/link/public_token',
      { link_token: linkToken, ...login },
      as === undefined ? { keys: false } : { keys: false, as },
    );
  const kept = async (namespace: string) => (await store.list(namespace)).length;

  it('/link/token/get lists each session’s public token, in Plaid’s shape', async () => {
    const { linkToken } = await adapter().createLinkToken({
      clientUserId: 'session-user',
      clientName: 'Penny',
    });
    expect(await adapter().linkSessionPublicTokens(linkToken)).toEqual([]);
    const first = await standIn(linkToken, 'session-user');
    const second = await standIn(linkToken, 'session-user');
    const tokens = [String(first.body.public_token), String(second.body.public_token)];
    for (const token of tokens) secretsSeen.add(token);
    expect(await adapter().linkSessionPublicTokens(linkToken)).toEqual(tokens);
    const { data } = await sdk.linkTokenGet({ link_token: linkToken });
    expect(Object.keys(data).sort()).toEqual([
      'created_at',
      'expiration',
      'link_sessions',
      'link_token',
      'metadata',
      'request_id',
    ]);
    expect(data.metadata).toMatchObject({ client_name: 'Penny', country_codes: ['US'], language: 'en' });
    const [session] = data.link_sessions ?? [];
    expect(session).toMatchObject({
      link_session_id: (first.body.metadata as { link_session_id: string }).link_session_id,
      on_success: { public_token: tokens[0], metadata: { institution: { institution_id: 'ins_109508' } } },
      results: {
        item_add_results: [{ public_token: tokens[0], institution: { name: 'First Platypus Bank' } }],
      },
    });
    await expectProviderError(adapter().linkSessionPublicTokens('link-sandbox-unknown'), 'invalid-request');
  });

  it('serves the stand-in only to a signed-in browser, on a link token of that user', async () => {
    const { linkToken } = await adapter().createLinkToken({ clientUserId: 'owner', clientName: 'Penny' });
    const before = await kept('plaid:public-token');
    expect(await standIn(linkToken)).toMatchObject({ status: 401, body: { error_code: 'INVALID_API_KEYS' } });
    expect(
      (await fetch(`${basePath}/link/institutions`)).status,
      'the institution list needs a signed-in browser too',
    ).toBe(401);
    expect(await standIn(linkToken, 'someone-else')).toMatchObject({
      status: 400,
      body: { error_code: 'INVALID_LINK_TOKEN' },
    });
    expect(await kept('plaid:public-token')).toBe(before);
    expect(await adapter().linkSessionPublicTokens(linkToken)).toEqual([]);
    expect((await standIn(linkToken, 'owner')).status).toBe(200);
  });

  it('keeps each Link user’s share bounded, and makes an item only when its public token is exchanged', async () => {
    const items = await kept('plaid:item');
    const { linkToken: oldest } = await adapter().createLinkToken({
      clientUserId: 'busy',
      clientName: 'Penny',
    });
    const { linkToken } = await adapter().createLinkToken({ clientUserId: 'busy', clientName: 'Penny' });
    const publicTokens: string[] = [];
    for (let i = 0; i < 7; i++)
      publicTokens.push(String((await standIn(linkToken, 'busy')).body.public_token));
    for (const token of publicTokens) secretsSeen.add(token);
    expect(await kept('plaid:item')).toBe(items);
    // Five sessions per link token: the two oldest are gone, their public tokens spent.
    expect(await adapter().linkSessionPublicTokens(linkToken)).toEqual(publicTokens.slice(2));
    await expectProviderError(adapter().exchangePublicToken(publicTokens[0] ?? ''), 'invalid-request');
    const item = await adapter().exchangePublicToken(publicTokens[6] ?? '');
    secretsSeen.add(item.accessToken);
    expect(await kept('plaid:item')).toBe(items + 1);
    // Ten link tokens per Link user: the oldest goes, with its sessions.
    for (let i = 0; i < 9; i++)
      await adapter().createLinkToken({ clientUserId: 'busy', clientName: 'Penny' });
    const linkTokens = (await store.list<{ clientUserId: string }>('plaid:link-token')).filter(
      (entry) => entry.value.clientUserId === 'busy',
    );
    expect(linkTokens).toHaveLength(10);
    await expectProviderError(adapter().linkSessionPublicTokens(oldest), 'invalid-request');
    expect(await standIn(oldest, 'busy')).toMatchObject({
      status: 400,
      body: { error_code: 'INVALID_LINK_TOKEN' },
    });
  });
});

describe('/transactions/sync', () => {
  it('pages through the whole history: together exactly the generator’s transactions, converted', async () => {
    const item = await sandboxItem('ins_109509');
    const { pages, added, modified, removed, cursor } = await syncAll(item.accessToken, null, 100);
    const expected = generateBankItem(item.seed, TODAY).transactions;

    expect(expected.length).toBeGreaterThanOrEqual(1500);
    expect(pages.length).toBe(Math.ceil(expected.length / 100));
    expect(pages.every((page) => page.added.length <= 100)).toBe(true);
    expect(modified).toEqual([]);
    expect(removed).toEqual([]);
    expect(new Set(added.map((t) => t.providerTransactionId)).size).toBe(added.length);
    expect(added.map((t) => t.providerTransactionId).sort()).toEqual(
      expected.map((t) => t.transaction_id).sort(),
    );

    const byId = new Map(added.map((t) => [t.providerTransactionId, t]));
    for (const plaid of expected) {
      const penny = byId.get(plaid.transaction_id) as ProviderTransaction;
      expect(penny).toEqual({
        providerTransactionId: plaid.transaction_id,
        providerAccountId: plaid.account_id,
        date: plaid.date,
        amount: expect.stringMatching(/^-?\d+(\.\d{1,2})?$/),
        currency: 'USD',
        name: plaid.name,
        merchant: plaid.merchant_name ?? null,
        categoryPrimary: plaid.personal_finance_category?.primary,
        categoryDetailed: plaid.personal_finance_category?.detailed,
        pending: plaid.pending,
      });
      expect(cents(penny.amount)).toBe(-cents(plaid.amount));
    }
    // Oldest first across pages.
    const dates = added.map((t) => t.date);
    expect(dates).toEqual([...dates].sort());

    // The cursor is opaque, and a garbled one is Plaid's 400 INVALID_FIELD.
    expect(cursor.length).toBeLessThanOrEqual(256);
    expect(() => JSON.parse(cursor)).toThrow();
    const garbled = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    const failure = await sdk
      .transactionsSync({ access_token: item.accessToken, cursor: garbled })
      .catch((error: { response: { status: number; data: unknown } }) => error.response);
    expect(failure).toMatchObject({
      status: 400,
      data: { error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' },
    });
    await expectProviderError(
      adapter().syncTransactions(item.accessToken, 'not-a-cursor'),
      'invalid-request',
    );

    // Nothing new from the final cursor.
    const again = await adapter().syncTransactions(item.accessToken, cursor);
    expect(again).toMatchObject({ added: [], modified: [], removed: [], hasMore: false });
  });

  it('after time passes: pending posts (removed + added), names are cleaned (modified), new ones arrive', async () => {
    const item = await sandboxItem('ins_109512');
    const first = await syncAll(item.accessToken, null, 500);
    const advanced = await raw('/sandbox/item/advance', { access_token: item.accessToken, days: 3 });
    expect(advanced).toMatchObject({ status: 200, body: { today: '2026-03-18' } });
    const next = await syncAll(item.accessToken, first.cursor, 100);

    // Expected, independently: diff the generator's two days.
    const before = generateBankItem(item.seed, TODAY);
    const after = generateBankItem(item.seed, '2026-03-18', { historyStart: before.historyStart });
    const beforeById = new Map(before.transactions.map((t) => [t.transaction_id, t]));
    const afterIds = new Set(after.transactions.map((t) => t.transaction_id));
    const expectedAdded = after.transactions.filter((t) => !beforeById.has(t.transaction_id));
    const expectedModified = after.transactions.filter((t) => {
      const old = beforeById.get(t.transaction_id);
      return old !== undefined && JSON.stringify(old) !== JSON.stringify(t);
    });
    const expectedRemoved = before.transactions.filter((t) => !afterIds.has(t.transaction_id));

    const ids = (list: { providerTransactionId: string }[]) =>
      list.map((t) => t.providerTransactionId).sort();
    expect(ids(next.added)).toEqual(expectedAdded.map((t) => t.transaction_id).sort());
    expect(ids(next.modified)).toEqual(expectedModified.map((t) => t.transaction_id).sort());
    expect(ids(next.removed)).toEqual(expectedRemoved.map((t) => t.transaction_id).sort());
    expect(next.added.length).toBeGreaterThan(0);
    expect(next.modified.length).toBeGreaterThan(0);
    expect(next.removed.length).toBeGreaterThan(0);
    // Every removed one was pending, and was replaced by a posted one pointing back at it.
    for (const gone of expectedRemoved) {
      expect(gone.pending).toBe(true);
      expect(
        after.transactions.some((t) => t.pending_transaction_id === gone.transaction_id && !t.pending),
      ).toBe(true);
    }
    // Cleaning a name: the modified transactions now carry the merchant.
    for (const changed of next.modified) expect(changed.merchant).not.toBeNull();
  });

  it('custom transactions (/sandbox/transactions/create) arrive on the next sync', async () => {
    const item = await sandboxItem('ins_127287');
    const first = await syncAll(item.accessToken, null, 500);
    await sdk.sandboxTransactionsCreate({
      access_token: item.accessToken,
      transactions: [
        {
          date_transacted: '2026-03-14',
          date_posted: '2026-03-15',
          amount: 42.5,
          description: 'Corner Hardware',
        },
        {
          date_transacted: '2026-03-15',
          date_posted: '2026-03-15',
          amount: -100,
          description: 'Venmo cashout',
        },
      ],
    });
    const next = await syncAll(item.accessToken, first.cursor);
    // Same posting date: their order is by transaction id, which is per item.
    expect(next.added.map((t) => [t.name, t.amount, t.pending]).sort()).toEqual([
      ['Corner Hardware', '-42.5', false],
      ['Venmo cashout', '100', false],
    ]);
    expect(next.added.every((t) => t.categoryPrimary && t.categoryDetailed)).toBe(true);
  });

  it('data changing mid-pagination is a cursor reset', async () => {
    const item = await sandboxItem('ins_130016');
    const page = await adapter().syncTransactions(item.accessToken, null, 50);
    expect(page.hasMore).toBe(true);
    await raw('/sandbox/item/advance', { access_token: item.accessToken, days: 1 });
    const error = await expectProviderError(
      adapter().syncTransactions(item.accessToken, page.nextCursor, 50),
      'cursor-reset',
    );
    expect(error.providerCode).toBe('TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION');
  });
});

describe('holdings', () => {
  it('returns the investment account’s holdings, and nothing for an item without one', async () => {
    // Find a user with and one without an investment account, from the generator's raw data.
    const users = Array.from({ length: 40 }, (_, index) => `holder-${index}`);
    const withInvestments = users.find(
      (user) => generateBankItem(`${user}|ins_109508`, TODAY).accountIds.investment,
    );
    const without = users.find(
      (user) => !generateBankItem(`${user}|ins_109508`, TODAY).accountIds.investment,
    );
    expect(withInvestments && without).toBeTruthy();
    const link = async (clientUserId: string) => {
      const { linkToken } = await adapter().createLinkToken({ clientUserId, clientName: 'Penny' });
      const linked = await raw(
        '/link/public_token',
        { link_token: linkToken, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' },
        { keys: false, as: clientUserId },
      );
      const item = await adapter().exchangePublicToken(String(linked.body.public_token));
      secretsSeen.add(item.accessToken);
      return item.accessToken;
    };

    const expected = generateBankItem(`${withInvestments}|ins_109508`, TODAY);
    const holdings = (await adapter().getHoldings(await link(String(withInvestments)))) ?? [];
    expect(holdings).toHaveLength(expected.holdings.length);
    for (const holding of holdings) {
      expect(holding.providerAccountId).toBe(expected.accountIds.investment);
      const raw = expected.holdings.find(
        (entry) => entry.security_id === holding.security.providerSecurityId,
      );
      expect(holding.quantity).toBe(String(raw?.quantity));
      expect(cents(holding.value ?? 'NaN')).toBe(cents(raw?.institution_value ?? Number.NaN));
    }
    expect(holdings.map((holding) => holding.security.type)).toContain('cash');
    const accounts = await adapter().getAccounts(await link(String(withInvestments)));
    const investment = accounts.accounts.find((account) => account.kind === 'investment');
    const total = expected.holdings.reduce((sum, holding) => sum + cents(holding.institution_value), 0);
    expect(cents(investment?.current ?? 'NaN')).toBe(total);

    expect(await adapter().getHoldings(await link(String(without)))).toEqual([]);
  });
});

describe('errors', () => {
  it('map to ProviderError kinds', async () => {
    const item = await sandboxItem('ins_109508');
    const scenario = (body: Record<string, unknown>) =>
      raw('/sandbox/item/set_scenario', { access_token: item.accessToken, ...body });

    await scenario({ scenario: 'rate_limited' });
    await expectProviderError(adapter().getAccounts(item.accessToken), 'rate-limited');
    await expectProviderError(adapter().syncTransactions(item.accessToken, null), 'rate-limited');
    await scenario({ scenario: 'upstream_down' });
    await expectProviderError(adapter().getAccounts(item.accessToken), 'unavailable');
    await scenario({ scenario: 'timeout', delay_ms: 400 });
    await expectProviderError(adapter({ timeoutMs: 100 }).getAccounts(item.accessToken), 'timeout');
    await scenario({ scenario: 'fail_after_pages', pages: 2 });
    const page1 = await adapter().syncTransactions(item.accessToken, null, 100);
    const page2 = await adapter().syncTransactions(item.accessToken, page1.nextCursor, 100);
    await expectProviderError(
      adapter().syncTransactions(item.accessToken, page2.nextCursor, 100),
      'unavailable',
    );
    await scenario({ scenario: null });
    expect((await adapter().syncTransactions(item.accessToken, page2.nextCursor, 100)).added).toHaveLength(
      100,
    );

    const wrongKeys = adapter({ secret: 'not-the-secret-3f9a' });
    secretsSeen.add('not-the-secret-3f9a');
    const keysError = await expectProviderError(
      wrongKeys.getAccounts(item.accessToken),
      'invalid-credentials',
    );
    expect(keysError.providerCode).toBe('INVALID_API_KEYS');

    await expectProviderError(
      adapter({ basePath: 'http://127.0.0.1:9/sandbox/plaid' }).getAccounts(item.accessToken),
      'unavailable',
    );

    // A wrong bank password, from the SDK's own AxiosError.
    const badLogin = await sdk
      .sandboxPublicTokenCreate({
        institution_id: 'ins_109508',
        initial_products: [Products.Transactions],
        options: { override_password: 'error_INVALID_CREDENTIALS' },
      })
      .catch((error: { response: { status: number; data: unknown } }) => error.response);
    expect(badLogin).toMatchObject({
      status: 400,
      data: { error_type: 'ITEM_ERROR', error_code: 'INVALID_CREDENTIALS' },
    });
  });

  it('login required: reset_login, then update mode through the Link stand-in restores the item', async () => {
    const item = await sandboxItem('ins_109508');
    const { data } = await sdk.sandboxItemResetLogin({ access_token: item.accessToken });
    expect(data.reset_login).toBe(true);
    const error = await expectProviderError(adapter().getAccounts(item.accessToken), 'login-required');
    expect(error.providerCode).toBe('ITEM_LOGIN_REQUIRED');
    await expectProviderError(adapter().syncTransactions(item.accessToken, null), 'login-required');

    const update = await adapter().createLinkToken({
      clientUserId: 'user-1',
      clientName: 'Penny',
      accessToken: item.accessToken,
    });
    expect(Date.parse(update.expiration) - clock.getTime()).toBe(30 * 60_000);
    const relinked = await raw(
      '/link/public_token',
      {
        link_token: update.linkToken,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
      },
      { keys: false, as: 'user-1' },
    );
    expect(relinked.status).toBe(200);
    secretsSeen.add(String(relinked.body.public_token));
    expect((await adapter().getAccounts(item.accessToken)).itemId).toBe(item.itemId);

    // The error password makes an item that needs a login from the start.
    const broken = await sandboxItem('ins_109511', 'error_ITEM_LOGIN_REQUIRED');
    await expectProviderError(adapter().getAccounts(broken.accessToken), 'login-required');
  });

  it('a removed item is gone', async () => {
    const item = await sandboxItem('ins_109510');
    await adapter().removeItem(item.accessToken);
    const error = await expectProviderError(adapter().getAccounts(item.accessToken), 'not-found');
    expect(error.providerCode).toBe('INVALID_ACCESS_TOKEN');
    await expectProviderError(adapter().removeItem(item.accessToken), 'not-found');
  });

  it('bad input is a Plaid 400, never a 500', async () => {
    const item = await sandboxItem('ins_109508');
    const cases: [string, unknown, string | undefined, string][] = [
      ['/transactions/sync', undefined, '{"access_token": ', 'INVALID_BODY'],
      ['/transactions/sync', undefined, '[1,2]', 'INVALID_BODY'],
      ['/transactions/sync', {}, undefined, 'MISSING_FIELDS'],
      ['/transactions/sync', { access_token: 42 }, undefined, 'INVALID_FIELD'],
      ['/transactions/sync', { access_token: item.accessToken, count: 'ten' }, undefined, 'INVALID_FIELD'],
      ['/transactions/sync', { access_token: item.accessToken, count: 100_000 }, undefined, 'INVALID_FIELD'],
      ['/transactions/sync', { access_token: item.accessToken, count: 0 }, undefined, 'INVALID_FIELD'],
      [
        '/transactions/sync',
        { access_token: item.accessToken, cursor: 'x'.repeat(5000) },
        undefined,
        'INVALID_FIELD',
      ],
      ['/accounts/get', { access_token: 'access-sandbox-\u0000' }, undefined, 'INVALID_FIELD'],
      ['/accounts/get', { access_token: 'access-sandbox-unknown' }, undefined, 'INVALID_ACCESS_TOKEN'],
      [
        '/link/token/create',
        {
          client_name: 'P',
          language: 'en',
          country_codes: ['US'],
          user: { client_user_id: 'a\u0000b' },
          products: ['transactions'],
        },
        undefined,
        'INVALID_FIELD',
      ],
      [
        '/link/token/create',
        { client_name: 'P', language: 'en', country_codes: ['US'] },
        undefined,
        'MISSING_FIELDS',
      ],
      [
        '/sandbox/item/set_scenario',
        { access_token: item.accessToken, scenario: 'meteor' },
        undefined,
        'INVALID_FIELD',
      ],
      ['/sandbox/item/advance', { access_token: item.accessToken, days: -3 }, undefined, 'INVALID_FIELD'],
      [
        '/sandbox/transactions/create',
        {
          access_token: item.accessToken,
          transactions: [
            { date_transacted: '2026-02-31', date_posted: '2026-03-01', amount: 1, description: 'x' },
          ],
        },
        undefined,
        'INVALID_FIELD',
      ],
    ];
    for (const [path, body, text, code] of cases) {
      const answer = await raw(path, body, text === undefined ? {} : { text });
      expect(answer.status, `${path} ${text ?? JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toMatchObject({
        error_code: code,
        error_message: expect.any(String),
        request_id: expect.any(String),
      });
      expect(answer.body).toHaveProperty('display_message');
    }
    // Without the installation's keys: 401 (docs/decisions/0012), Plaid's body.
    expect(await raw('/accounts/get', { access_token: item.accessToken }, { keys: false })).toMatchObject({
      status: 401,
      body: { error_type: 'INVALID_INPUT', error_code: 'INVALID_API_KEYS' },
    });
    // Keys in the body instead of the headers are accepted, as at Plaid.
    const inBody = await raw(
      '/accounts/get',
      { access_token: item.accessToken, client_id: KEYS.clientId, secret: KEYS.secret },
      { keys: false },
    );
    expect(inBody.status).toBe(200);
    expect(await raw('/no/such/endpoint', {})).toMatchObject({
      status: 404,
      body: { error_type: 'INVALID_REQUEST' },
    });
  });

  it('never carry a token or secret', () => {
    expect(errorsSeen.length).toBeGreaterThanOrEqual(15);
    for (const error of errorsSeen) {
      const exposed = [
        String(error),
        JSON.stringify(error),
        (error as Error).stack ?? '',
        JSON.stringify(Object.getOwnPropertyDescriptors(error)),
      ].join('\n');
      for (const secret of secretsSeen) expect(exposed).not.toContain(secret);
      expect(exposed).not.toMatch(/(access|public)-sandbox-/);
      expect(Object.keys(error as object).sort()).toEqual(['kind', 'name', 'platform', 'providerCode']);
    }
  });
});

describe('determinism', () => {
  it('same seed and day, same data over HTTP; different users, different data', async () => {
    const a = await sandboxItem('ins_43');
    const b = await sandboxItem('ins_43');
    const syncA = await syncAll(a.accessToken, null, 500);
    const syncB = await syncAll(b.accessToken, null, 500);
    expect(syncB.added).toEqual(syncA.added);
    const c = await sandboxItem('ins_117650');
    const syncC = await syncAll(c.accessToken, null, 500);
    const idsA = new Set(syncA.added.map((t) => t.providerTransactionId));
    expect(syncC.added.some((t) => idsA.has(t.providerTransactionId))).toBe(false);
    expect(syncC.added.map((t) => t.amount)).not.toEqual(syncA.added.map((t) => t.amount));
  });
});
