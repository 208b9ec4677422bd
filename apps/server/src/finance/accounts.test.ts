import { apiErrorBodySchema, getCredentialsResponseSchema } from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVault } from '../connections/vault.ts';
import { tables } from '../db/index.ts';

type SignedUp = Awaited<ReturnType<TestApp['signUpVerifiedUser']>>;
type RawTransaction = { transaction_id: string; account_id: string; amount: number; pending: boolean };
type RawPage = {
  added: RawTransaction[];
  modified: RawTransaction[];
  removed: { transaction_id: string }[];
  next_cursor: string;
  has_more: boolean;
};

/** Cents of a Plaid JSON amount, in Penny's sign (+ = money in): plain arithmetic, not the adapter's. */
const pennyCents = (amount: number) => -Math.round(amount * 100);

describe.each(testDatabaseKinds())('linked accounts on %s', (database) => {
  let t: TestApp;
  let ada: SignedUp;
  let bob: SignedUp;
  let adaApi: AccountsClient;
  let bobApi: AccountsClient;
  /** Every response body this suite saw, for the "no token in any response" check. */
  const seen: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    adaApi = await accountsClient(t, ada);
    bobApi = await accountsClient(t, bob);
  });
  afterAll(async () => {
    await t?.close();
  });

  function remember<T>(answer: { status: number; body: T }): { status: number; body: T } {
    seen.push(JSON.stringify(answer.body));
    return answer;
  }

  /** Plaid's API called directly over HTTP, outside Penny (what the vendor holds). */
  async function plaidRaw<T = Record<string, unknown>>(path: string, body: Record<string, unknown>) {
    const response = await fetch(`${t.origin}/sandbox/plaid${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: t.sandboxKeys?.plaid.clientId,
        secret: t.sandboxKeys?.plaid.secret,
        ...body,
      }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** Every page of /transactions/sync from the start, folded: the vendor's current transactions. */
  async function vendorTransactions(accessToken: string) {
    const current = new Map<string, RawTransaction>();
    const pages: RawPage[] = [];
    let cursor = '';
    for (;;) {
      const { status, body } = await plaidRaw<RawPage>('/transactions/sync', {
        access_token: accessToken,
        cursor,
        count: 500,
      });
      expect(status).toBe(200);
      pages.push(body);
      for (const item of [...body.added, ...body.modified]) current.set(item.transaction_id, item);
      for (const item of body.removed) current.delete(item.transaction_id);
      cursor = body.next_cursor;
      if (!body.has_more) break;
    }
    return { current, pages };
  }

  async function connectionRow(userId: string, name: string) {
    const [row] = await t.database.db
      .select()
      .from(tables.connection)
      .where(sql`${tables.connection.userId} = ${userId} and ${tables.connection.name} = ${name}`);
    if (!row) throw new Error(`no connection ${name}`);
    return row;
  }

  function accessTokenOf(row: { userId: string; id: string; sealedSecret: string | null }) {
    if (!row.sealedSecret) throw new Error('no sealed token');
    return createVault(t.secrets.vaultKey).open(row.sealedSecret, {
      userId: row.userId,
      connectionId: row.id,
    });
  }

  /** The ledger's transactions of a connection: count, distinct provider ids, cents per provider account. */
  async function ledgerOf(connectionId: string) {
    const rows = await t.rows<{
      provider_account_id: string;
      provider_transaction_id: string;
      cents: string;
    }>(sql`
      select a.provider_account_id, t.provider_transaction_id, (t.amount * 100)::bigint::text as cents
      from ledger_transaction t join ledger_account a on a.id = t.account_id
      where t.connection_id = ${connectionId}`);
    const perAccount = new Map<string, number>();
    for (const row of rows)
      perAccount.set(
        row.provider_account_id,
        (perAccount.get(row.provider_account_id) ?? 0) + Number(row.cents),
      );
    return {
      count: rows.length,
      distinct: new Set(rows.map((row) => row.provider_transaction_id)).size,
      perAccount,
      ids: new Set(rows.map((row) => row.provider_transaction_id)),
    };
  }

  function vendorPerAccount(current: Map<string, RawTransaction>) {
    const perAccount = new Map<string, number>();
    for (const item of current.values())
      perAccount.set(item.account_id, (perAccount.get(item.account_id) ?? 0) + pennyCents(item.amount));
    return perAccount;
  }

  async function linkBank(client: AccountsClient, institution = 'ins_109508') {
    const token = remember(
      await client.connect<{ link_token: string }>('/create_link_token', {}, { form: true }),
    );
    expect(token.status).toBe(200);
    const link = await client.sandbox<{ public_token: string }>('/plaid/link/public_token', {
      link_token: token.body.link_token,
      institution_id: institution,
      username: 'user_good',
      password: 'pass_good',
    });
    expect(link.status).toBe(200);
    const exchanged = remember(
      await client.connect<{ success: boolean; account_name: string; item_id: string }>(
        '/set_access_token',
        { public_token: link.body.public_token },
        { form: true },
      ),
    );
    expect(exchanged.status).toBe(200);
    return exchanged.body;
  }

  describe('a bank through Plaid', () => {
    let accountName: string;
    let userId: string;

    beforeAll(async () => {
      userId = ada.user.id;
      ({ account_name: accountName } = await linkBank(adaApi));
    });

    it('shows the connection as syncing at once, then its accounts with balances', async () => {
      const during = remember(await adaApi.get('/db/get-credentials'));
      const parsed = getCredentialsResponseSchema.parse(during.body);
      expect(parsed.accounts[accountName]?.account_type).toBe('plaid');
      await t.services.sync.settled();
      const after = getCredentialsResponseSchema.parse(
        remember(await adaApi.get('/db/get-credentials')).body,
      );
      const entry = after.accounts[accountName];
      expect(entry?.status).toBe('active');
      expect(entry?.last_synced_at).not.toBeNull();
      expect(entry?.institution_name).toBe('First Platypus Bank');
      expect(entry?.accounts.length).toBeGreaterThanOrEqual(3);
      expect(entry?.accounts.every((account) => account.current !== null)).toBe(true);
      // A credit card's balance is money owed: negative in Penny's sign.
      const card = entry?.accounts.find((account) => account.kind === 'credit');
      expect(Number(card?.current)).toBeLessThanOrEqual(0);
    });

    it('holds exactly the vendor’s transactions, with the sign turned to + = money in', async () => {
      const row = await connectionRow(userId, accountName);
      const { current } = await vendorTransactions(accessTokenOf(row));
      expect(current.size).toBeGreaterThan(1000);
      const ledger = await ledgerOf(row.id);
      expect(ledger.count).toBe(current.size);
      expect(ledger.distinct).toBe(current.size);
      expect(ledger.perAccount).toEqual(vendorPerAccount(current));
    });

    it('syncs once at a time: two engines at once, one runs, no duplicates; a replayed history changes nothing', async () => {
      const row = await connectionRow(userId, accountName);
      const before = await ledgerOf(row.id);
      const outcomes = await Promise.all([
        t.services.sync.syncConnection(userId, row.id),
        t.services.sync.syncConnection(userId, row.id),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['already-running', 'synced']);
      // The whole history again from the first cursor: unique keys make every page a no-op.
      await t.database.db
        .update(tables.connection)
        .set({ syncCursor: null })
        .where(eq(tables.connection.id, row.id));
      expect((await t.services.sync.syncConnection(userId, row.id)).status).toBe('synced');
      const after = await ledgerOf(row.id);
      expect(after.count).toBe(before.count);
      expect(after.distinct).toBe(before.count);
    });

    it('follows additions, modifications and removals (a week passes: pending transactions post)', async () => {
      const row = await connectionRow(userId, accountName);
      const token = accessTokenOf(row);
      const advanced = await plaidRaw('/sandbox/item/advance', { access_token: token, days: 7 });
      expect(advanced.status).toBe(200);
      // What changed at the vendor since Penny's stored cursor, read straight from the vendor.
      const changes = { added: new Set<string>(), modified: new Set<string>(), removed: new Set<string>() };
      let cursor = row.syncCursor ?? '';
      for (;;) {
        const { body } = await plaidRaw<RawPage>('/transactions/sync', {
          access_token: token,
          cursor,
          count: 500,
        });
        for (const item of body.added) changes.added.add(item.transaction_id);
        for (const item of body.modified) changes.modified.add(item.transaction_id);
        for (const item of body.removed) changes.removed.add(item.transaction_id);
        cursor = body.next_cursor;
        if (!body.has_more) break;
      }
      // A week always brings new transactions (salary, groceries) and posts every pending one.
      expect(changes.added.size).toBeGreaterThan(0);
      const { current } = await vendorTransactions(token);
      const before = await ledgerOf(row.id);
      expect((await t.services.sync.syncConnection(userId, row.id)).status).toBe('synced');
      const after = await ledgerOf(row.id);
      expect(after.count).toBe(current.size);
      expect(after.ids).toEqual(new Set(current.keys()));
      expect(after.perAccount).toEqual(vendorPerAccount(current));
      for (const id of changes.added) expect(after.ids.has(id)).toBe(true);
      for (const id of changes.removed) {
        expect(before.ids.has(id)).toBe(true);
        expect(after.ids.has(id)).toBe(false);
      }
    });

    it('leaves the cursor and the data consistent when the vendor fails mid-sync', async () => {
      const row = await connectionRow(userId, accountName);
      const token = accessTokenOf(row);
      const { current, pages } = await vendorTransactions(token);
      expect(pages.length).toBeGreaterThan(2);
      // Start over from nothing, and let the vendor fail after the first page.
      await t.database.db
        .delete(tables.ledgerTransaction)
        .where(eq(tables.ledgerTransaction.connectionId, row.id));
      await t.database.db
        .update(tables.connection)
        .set({ syncCursor: null })
        .where(eq(tables.connection.id, row.id));
      expect(
        (
          await plaidRaw('/sandbox/item/set_scenario', {
            access_token: token,
            scenario: 'fail_after_pages',
            pages: 1,
          })
        ).status,
      ).toBe(200);
      const failed = await t.services.sync.syncConnection(userId, row.id);
      expect(failed.status).toBe('failed');
      const stored = await connectionRow(userId, accountName);
      expect(stored.status).toBe('error');
      expect(stored.syncCursor).toBe(pages[0]?.next_cursor);
      const partial = await ledgerOf(row.id);
      expect(partial.count).toBe(pages[0]?.added.length);
      // The vendor recovers: the next sync resumes from the stored cursor and ends complete.
      expect(
        (await plaidRaw('/sandbox/item/set_scenario', { access_token: token, scenario: null })).status,
      ).toBe(200);
      expect((await t.services.sync.syncConnection(userId, row.id)).status).toBe('synced');
      const complete = await ledgerOf(row.id);
      expect(complete.count).toBe(current.size);
      expect(complete.perAccount).toEqual(vendorPerAccount(current));
      expect((await connectionRow(userId, accountName)).status).toBe('active');
    });

    it('pages the transactions view newest first, filtered by account, range and search', async () => {
      const credentials = getCredentialsResponseSchema.parse((await adaApi.get('/db/get-credentials')).body);
      const checking = credentials.accounts[accountName]?.accounts.find(
        (account) => account.kind === 'checking',
      );
      if (!checking) throw new Error('no checking account');
      const query = {
        account_name: accountName,
        account_id: checking.id,
        start_date: '2000-01-01',
        end_date: '2100-01-01',
        limit: 200,
      };
      const seenIds = new Set<string>();
      let cursor: string | undefined;
      let previous = '9999-12-31';
      for (;;) {
        const page = remember(
          await adaApi.post<{
            transactions: { id: string; date: string; account_id: string }[];
            next_cursor: string | null;
          }>('/agent/plaid/get-transactions', { ...query, ...(cursor ? { cursor } : {}) }),
        );
        expect(page.status).toBe(200);
        for (const item of page.body.transactions) {
          expect(item.account_id).toBe(checking.id);
          expect(item.date <= previous).toBe(true);
          previous = item.date;
          seenIds.add(item.id);
        }
        if (!page.body.next_cursor) break;
        cursor = page.body.next_cursor;
      }
      expect(seenIds.size).toBe(checking.transaction_count);
      const search = await adaApi.post<{ transactions: { name: string; merchant: string | null }[] }>(
        '/agent/plaid/get-transactions',
        {
          account_name: accountName,
          start_date: '2000-01-01',
          end_date: '2100-01-01',
          search: 'netflix',
        },
      );
      expect(search.status).toBe(200);
      expect(search.body.transactions.length).toBeGreaterThan(0);
      for (const item of search.body.transactions)
        expect(`${item.name} ${item.merchant}`.toLowerCase()).toContain('netflix');
    });

    it('answers a transactions cursor naming an impossible day with a 400, never a 500', async () => {
      for (const day of ['2024-02-30', '2023-02-29', '2024-04-31', '0000-01-01']) {
        const answer = await adaApi.post('/agent/plaid/get-transactions', {
          account_name: accountName,
          start_date: '2000-01-01',
          end_date: '2100-12-31',
          cursor: Buffer.from(`${day}|1`).toString('base64url'),
        });
        expect(answer.status).toBe(400);
        expect(apiErrorBodySchema.parse(answer.body).code).toBe('request:invalid');
      }
    });

    it('marks a connection whose login expired, for the page to offer a re-link', async () => {
      const row = await connectionRow(userId, accountName);
      expect((await plaidRaw('/sandbox/item/reset_login', { access_token: accessTokenOf(row) })).status).toBe(
        200,
      );
      expect((await adaApi.post('/db/refresh-accounts', { account_name: accountName })).status).toBe(200);
      await t.services.sync.settled();
      const entry = getCredentialsResponseSchema.parse((await adaApi.get('/db/get-credentials')).body)
        .accounts[accountName];
      expect(entry?.status).toBe('login_required');
    });

    it('re-links an expired login in update mode: the same connection and item, its data kept', async () => {
      const row = await connectionRow(userId, accountName);
      const before = await ledgerOf(row.id);
      const connectionsBefore = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from connection where user_id = ${userId}`,
      );
      expect((await plaidRaw('/sandbox/item/reset_login', { access_token: accessTokenOf(row) })).status).toBe(
        200,
      );
      expect((await adaApi.post('/db/refresh-accounts', { account_name: accountName })).status).toBe(200);
      await t.services.sync.settled();
      const expired = getCredentialsResponseSchema.parse((await adaApi.get('/db/get-credentials')).body)
        .accounts[accountName];
      expect(expired?.status).toBe('login_required');

      // Another user cannot ask for a token of ada's item, nor can ada for a name she does not have.
      for (const refused of [
        await bobApi.connect('/create_link_token', { account_name: accountName }, { form: true }),
        await adaApi.connect('/create_link_token', { account_name: 'Nowhere_plaid' }, { form: true }),
      ]) {
        expect(refused.status).toBe(404);
        expect(apiErrorBodySchema.parse(refused.body).code).toBe('accounts:not-found');
      }
      // Naming another user with ada's cookie is refused before anything is looked up.
      const impostor = await adaApi.connect(
        '/create_link_token',
        { username: bob.user.username, account_name: accountName },
        { form: true },
      );
      expect(apiErrorBodySchema.parse(impostor.body).code).toBe('auth:other-user');

      const token = remember(
        await adaApi.connect<{ link_token: string }>(
          '/create_link_token',
          { account_name: accountName },
          { form: true },
        ),
      );
      expect(token.status).toBe(200);
      const link = await adaApi.sandbox<{ public_token: string }>('/plaid/link/public_token', {
        link_token: token.body.link_token,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
      });
      expect(link.status).toBe(200);
      const exchanged = remember(
        await adaApi.connect<{ account_name: string; item_id: string }>(
          '/set_access_token',
          { public_token: link.body.public_token },
          { form: true },
        ),
      );
      expect(exchanged.status).toBe(200);
      expect(exchanged.body.account_name).toBe(accountName);
      expect(exchanged.body.item_id).toBe(row.itemId);
      await t.services.sync.settled();

      const relinked = getCredentialsResponseSchema.parse((await adaApi.get('/db/get-credentials')).body)
        .accounts[accountName];
      expect(relinked?.status).toBe('active');
      expect(relinked?.item_id).toBe(row.itemId);
      const connectionsAfter = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from connection where user_id = ${userId}`,
      );
      expect(connectionsAfter[0]?.n).toBe(connectionsBefore[0]?.n);
      // The vendor's item works again, and the ledger holds it once: nothing lost, nothing doubled.
      const { current } = await vendorTransactions(accessTokenOf(await connectionRow(userId, accountName)));
      const after = await ledgerOf(row.id);
      expect(after.count).toBeGreaterThanOrEqual(before.count);
      expect(after.count).toBe(current.size);
      expect(after.distinct).toBe(after.count);
      expect(after.perAccount).toEqual(vendorPerAccount(current));
    });

    it('keeps another user out: bob cannot read, sync or disconnect ada’s connection', async () => {
      const before = await ledgerOf((await connectionRow(userId, accountName)).id);
      const attempts = [
        await bobApi.post('/agent/plaid/get-transactions', {
          account_name: accountName,
          start_date: '2000-01-01',
          end_date: '2100-01-01',
        }),
        await bobApi.post('/db/refresh-accounts', { account_name: accountName }),
        await bobApi.post('/db/disconnect-account', { account_name: accountName, account_type: 'plaid' }),
        await bobApi.connect('/plaid/disconnect', {
          item_id: (await connectionRow(userId, accountName)).itemId ?? '',
        }),
      ];
      for (const attempt of attempts) {
        expect(attempt.status).toBe(404);
        expect(apiErrorBodySchema.parse(attempt.body).code).toBe('accounts:not-found');
      }
      const bobs = getCredentialsResponseSchema.parse((await bobApi.get('/db/get-credentials')).body);
      expect(Object.keys(bobs.accounts)).toEqual([]);
      expect((await ledgerOf((await connectionRow(userId, accountName)).id)).count).toBe(before.count);
    });

    it('never lets the access token out: not in Penny’s tables, its logs or any answer', async () => {
      const token = accessTokenOf(await connectionRow(userId, accountName));
      const names = await t.rows<{ table_name: string }>(sql`
        select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sandbox_record'`);
      expect(names.length).toBeGreaterThan(10);
      for (const { table_name } of names) {
        const dump = await t.rows<{ row: unknown }>(
          sql`select row_to_json(x) as row from ${sql.identifier(table_name)} x`,
        );
        expect(JSON.stringify(dump)).not.toContain(token);
      }
      expect(t.logText()).not.toContain(token);
      expect(seen.join('\n')).not.toContain(token);
      expect(seen.join('\n')).not.toMatch(/access-sandbox-/);
    });

    it('disconnects at the vendor first, then removes the connection and all its data', async () => {
      const { account_name: second } = await linkBank(adaApi, 'ins_109509');
      await t.services.sync.settled();
      const row = await connectionRow(userId, second);
      const token = accessTokenOf(row);
      expect((await ledgerOf(row.id)).count).toBeGreaterThan(0);
      const answer = await adaApi.post('/db/disconnect-account', {
        account_name: second,
        account_type: 'plaid',
      });
      expect(answer.status).toBe(200);
      const left = await t.rows<{ n: number }>(sql`
        select (select count(*) from ledger_transaction where connection_id = ${row.id})::int
             + (select count(*) from ledger_account where connection_id = ${row.id})::int
             + (select count(*) from connection where id = ${row.id})::int as n`);
      expect(left[0]?.n).toBe(0);
      const vendor = await plaidRaw('/accounts/get', { access_token: token });
      expect(vendor.status).toBe(400);
    });
  });

  describe('a brokerage through SnapTrade', () => {
    it('registers the user once, connects through the portal, and stores the brokerage accounts', async () => {
      const check = await adaApi.connect<{ hasSnapTradeCredentials: boolean }>('/snaptrade/check_user');
      expect(check.body.hasSnapTradeCredentials).toBe(false);
      const generated = await adaApi.connect<{ userExists: boolean }>('/snaptrade/generate_user');
      expect(generated.body.userExists).toBe(false);
      expect(
        (await adaApi.connect<{ userExists: boolean }>('/snaptrade/generate_user')).body.userExists,
      ).toBe(true);
      const login = remember(await adaApi.connect<{ redirectURI: string }>('/snaptrade/get_login_uri'));
      expect(login.status).toBe(200);
      const portal = new URL(login.body.redirectURI);
      expect(portal.pathname).toBe('/sandbox/snaptrade/portal');
      const submitted = await adaApi.portal(login.body.redirectURI, {
        broker: 'SANDBOX',
        username: 'user_good',
        password: 'pass_good',
        action: 'connect',
      });
      expect(submitted.status).toBe(303);
      const back = new URL(submitted.headers.get('location') ?? '');
      expect(back.pathname).toBe('/connect/snaptrade/callback');
      expect(back.searchParams.get('status')).toBe('SUCCESS');
      const stored = remember(
        await adaApi.connect<{ accounts: { account_type: string; current: string | null; name: string }[] }>(
          '/snaptrade/store_connection',
          { connection_id: back.searchParams.get('connection_id') ?? '' },
        ),
      );
      expect(stored.status).toBe(200);
      expect(stored.body.accounts.length).toBe(2);
      expect(
        stored.body.accounts.every(
          (account) => account.account_type === 'snaptrade' && account.current !== null,
        ),
      ).toBe(true);
      const balances = await adaApi.post<{ balances: { assets: unknown[] }[] }>(
        '/agent/snaptrade/get-account-balances',
        {},
      );
      expect(balances.status).toBe(200);
      expect(balances.body.balances.some((balance) => balance.assets.length > 0)).toBe(true);
      const secrets = await t.rows<{ sealed_secret: string }>(sql`select sealed_secret from provider_user`);
      expect(secrets.length).toBe(1);
      expect(seen.join('\n')).not.toContain(secrets[0]?.sealed_secret ?? '(none)');
    });
  });

  describe('wallets', () => {
    it('stores a wallet by address and syncs its balance and transfers', async () => {
      const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
      const stored = await adaApi.post('/db/store-credentials', {
        account_name: 'Main_wallet_web3',
        credentials: {
          chain: 'eth',
          account_id: address.toLowerCase(),
          item_id: ada.user.username,
          tag: 'cold',
        },
      });
      expect(stored.status).toBe(200);
      await t.services.sync.settled();
      const entry = getCredentialsResponseSchema.parse((await adaApi.get('/db/get-credentials')).body)
        .accounts.Main_wallet_web3;
      expect(entry?.account_id).toBe(address);
      expect(entry?.chain).toBe('eth');
      expect(entry?.tag).toBe('cold');
      expect(entry?.status).toBe('active');
      const balances = await adaApi.post<{
        balances: { current_usd: string | null; assets: { symbol: string }[] }[];
      }>('/agent/web3/get-balances', { account_name: 'Main_wallet_web3' });
      expect(balances.status).toBe(200);
      expect(balances.body.balances[0]?.assets.map((asset) => asset.symbol)).toContain('ETH');
      expect(Number(balances.body.balances[0]?.current_usd)).toBeGreaterThan(0);
    });

    it('refuses a private key and an invalid address, storing nothing', async () => {
      const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
      const withKey = await adaApi.post('/db/store-credentials', {
        account_name: 'Hot_web3',
        credentials: {
          chain: 'eth',
          account_id: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          access_token: key,
        },
      });
      expect(withKey.status).toBe(400);
      expect(apiErrorBodySchema.parse(withKey.body).code).toBe('accounts:private-key-refused');
      const invalid = await adaApi.post('/db/store-credentials', {
        account_name: 'Bad_web3',
        credentials: { chain: 'btc', account_id: 'bc1qnotanaddress' },
      });
      expect(invalid.status).toBe(400);
      expect(apiErrorBodySchema.parse(invalid.body).error).toBe('This is not a valid Bitcoin address.');
      const names = Object.keys(
        getCredentialsResponseSchema.parse((await adaApi.get('/db/get-credentials')).body).accounts,
      );
      expect(names).not.toContain('Hot_web3');
      expect(names).not.toContain('Bad_web3');
      expect(t.logText()).not.toContain(key.slice(2));
    });

    it('answers an unknown platform with the required sentence (docs/product/chat.md, "Platforms and disconnect")', async () => {
      const answer = await adaApi.post('/agent/coinbase/get-transactions', {
        account_name: 'Main_wallet_web3',
        start_date: '2024-01-01',
        end_date: '2024-12-31',
      });
      expect(answer.status).toBe(400);
      expect(apiErrorBodySchema.parse(answer.body).error).toBe('Unsupported platform: coinbase');
    });
  });

  describe('Delete Data', () => {
    it('removes the user’s items and SnapTrade user at the vendors, then every linked row', async () => {
      const carol = await t.signUpVerifiedUser();
      const carolApi = await accountsClient(t, carol);
      const { account_name } = await linkBank(carolApi, 'ins_109511');
      await carolApi.connect('/snaptrade/generate_user');
      await t.services.sync.settled();
      const token = accessTokenOf(await connectionRow(carol.user.id, account_name));
      const erased = await carolApi.post('/db/delete-user-data', {});
      expect(erased.status).toBe(200);
      expect((await plaidRaw('/accounts/get', { access_token: token })).status).toBe(400);
      const left = await t.rows<{ n: number }>(sql`
        select (select count(*) from connection where user_id = ${carol.user.id})::int
             + (select count(*) from provider_user where user_id = ${carol.user.id})::int
             + (select count(*) from ledger_transaction where user_id = ${carol.user.id})::int as n`);
      expect(left[0]?.n).toBe(0);
    });
  });
});
