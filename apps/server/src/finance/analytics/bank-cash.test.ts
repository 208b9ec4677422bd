import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  micros,
  microsText,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Cash in checking and savings (bank-cash.ts) on the real app and database, for users who linked a
 * sandbox bank and a wallet. Every figure is checked against plain arithmetic over the user's raw
 * ledger_account rows (read here with SQL, added up in integer millionths), never against
 * finance/analytics.
 */

type RawAccount = { id: string; name: string; kind: string; platform: string; usd: bigint | null };

const total = (values: bigint[]) => values.reduce((sum, value) => sum + value, 0n);

describe.each(testDatabaseKinds())('cash in checking and savings on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;

  /** Each account of a user with its kind, platform and USD balance (null: no USD value). */
  async function rawAccounts(userId: string): Promise<RawAccount[]> {
    const found = await t.rows<Omit<RawAccount, 'usd'> & { usd: string | null }>(sql`
      select a.id, a.name, a.kind, c.platform,
        coalesce(a.current_balance_usd::text, case when a.currency = 'USD' then a.current_balance::text end) as usd
      from ledger_account a join connection c on c.id = a.connection_id where a.user_id = ${userId}`);
    return found.map((row) => ({ ...row, usd: row.usd === null ? null : micros(row.usd) }));
  }

  /** Σ the USD balances of the accounts of one kind. */
  const ofKind = (accounts: RawAccount[], kind: string) =>
    total(accounts.filter((account) => account.kind === kind).map((account) => account.usd ?? 0n));

  async function linkWallet(client: AccountsClient, user: SignedUpUser) {
    const stored = await client.post('/db/store-credentials', {
      account_name: 'Main_wallet_web3',
      credentials: {
        chain: 'eth',
        account_id: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        item_id: user.user.username,
      },
    });
    expect(stored.status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    const adaApi = await accountsClient(t, ada);
    const bobApi = await accountsClient(t, bob);
    expect((await adaApi.linkBank('ins_109508')).status).toBe(200);
    await linkWallet(adaApi, ada);
    expect((await bobApi.linkBank('ins_109509')).status).toBe(200);
    await t.services.sync.settled();
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it("is the user's own checking and savings USD balances added up, each kind beside it", async () => {
    // Two users of two banks: each figure is read from that user's rows alone.
    for (const user of [ada, bob]) {
      const accounts = await rawAccounts(user.user.id);
      const checking = ofKind(accounts, 'checking');
      const savings = ofKind(accounts, 'savings');
      // The sandbox banks hold both kinds, beside cards and investments that are not cash in the bank.
      expect(accounts.some((account) => account.kind === 'checking')).toBe(true);
      expect(accounts.some((account) => account.kind === 'savings')).toBe(true);
      expect(accounts.some((account) => account.kind !== 'checking' && account.kind !== 'savings')).toBe(
        true,
      );
      expect(await t.services.analytics.bankCash(user.user.id)).toEqual({
        total: microsText(checking + savings),
        byKind: [
          { kind: 'checking', total: microsText(checking) },
          { kind: 'savings', total: microsText(savings) },
        ],
      });
    }
  });

  it("counts a platform's accounts alone when one is named, and nothing for a user without accounts", async () => {
    const accounts = await rawAccounts(ada.user.id);
    const bank = accounts.filter((account) => account.kind === 'checking' || account.kind === 'savings');
    expect(bank.every((account) => account.platform === 'plaid')).toBe(true);
    const all = await t.services.analytics.bankCash(ada.user.id);
    expect(await t.services.analytics.bankCash(ada.user.id, { platform: 'plaid' })).toEqual(all);
    // The wallet holds no checking or savings.
    expect(accounts.some((account) => account.platform === 'web3')).toBe(true);
    expect(await t.services.analytics.bankCash(ada.user.id, { platform: 'web3' })).toEqual({
      total: '0.00',
      byKind: [],
    });
    const carol = await t.signUpVerifiedUser();
    expect(await t.services.analytics.bankCash(carol.user.id)).toEqual({ total: '0.00', byKind: [] });
  });

  it('cash on hand (emergency_fund, affordability) is the same figure, with the accounts it counts', async () => {
    const accounts = await rawAccounts(ada.user.id);
    const bank = accounts.filter((account) => account.kind === 'checking' || account.kind === 'savings');
    const cash = await t.services.analytics.liquidCash(ada.user.id);
    expect(cash.total).toBe((await t.services.analytics.bankCash(ada.user.id)).total);
    expect(cash.total).toBe(microsText(total(bank.map((account) => account.usd ?? 0n))));
    expect(cash.accounts.map((account) => [account.id, account.kind, account.balance]).sort()).toEqual(
      bank.map((account) => [account.id, account.kind, microsText(account.usd ?? 0n)]).sort(),
    );
  });
});
