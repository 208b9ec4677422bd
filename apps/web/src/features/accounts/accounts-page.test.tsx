import { categoryColor, historyMessages } from '@penny/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { chartColor } from '../visualizations/charts/chart-model.ts';
import {
  makeAccount,
  makeCredential,
  makeTransaction,
  stubAccountsServer,
  TEST_SESSION_TOKEN,
} from './testing/fake-accounts-server.ts';

async function openAccounts() {
  const rendered = renderApp('/Accounts');
  await screen.findByRole('heading', { level: 1, name: 'Accounts' }, { timeout: 15_000 });
  return rendered;
}

const bank = makeCredential({
  account_name: 'First_Platypus_Bank_plaid',
  account_type: 'plaid',
  item_id: 'item-sandbox-7f3a9b2c4d5e6f708192a3b4c5d6e7f8a',
  institution_name: 'First Platypus Bank',
  accounts: [
    makeAccount({ id: 'chk', name: 'Plaid Checking', mask: '0000', kind: 'checking', current: '1200.50' }),
    makeAccount({ id: 'cc', name: 'Plaid Credit Card', mask: '3333', kind: 'credit', current: '-410.25' }),
  ],
});
const brokerage = makeCredential({
  account_name: 'Sandbox_Brokerage_snaptrade',
  account_type: 'snaptrade',
  item_id: 'auth-1',
  institution_name: 'SnapTrade Sandbox Brokerage',
  accounts: [makeAccount({ id: 'ira', name: 'Roth IRA', kind: 'investment', current: '25000.00' })],
});
const wallet = makeCredential({
  account_name: 'Cold_storage_web3',
  account_type: 'web3',
  account_id: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chain: 'eth',
  tag: 'long term',
  accounts: [
    makeAccount({
      id: 'w1',
      name: 'Ethereum',
      kind: 'crypto',
      currency: 'ETH',
      current: '1.5',
      current_usd: '4500.00',
    }),
  ],
});

describe('Accounts page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetPublicConfig();
  });

  it('shows skeletons while the accounts load', async () => {
    const server = stubAccountsServer();
    server.fail('/db/get-credentials', 'pending');
    await openAccounts();
    expect(await screen.findByText('Loading accounts...')).toBeInTheDocument();
  });

  it("shows the empty state: 'Get started by connecting an account' with its features", async () => {
    stubAccountsServer();
    await openAccounts();
    expect(await screen.findByText('Get started by connecting an account')).toBeInTheDocument();
    for (const feature of ['Analytics', 'Real-time Updates', 'Secure Connection']) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Connect Account' })).toBeInTheDocument();
    expect(screen.getByText('0 accounts connected')).toBeInTheDocument();
    // The first link is Connect Account: no 'Add More' while nothing is linked.
    expect(screen.queryByRole('button', { name: 'Add More' })).not.toBeInTheDocument();
  });

  it('treats a 404 as an empty list', async () => {
    const server = stubAccountsServer({ credentials: [bank] });
    server.fail('/db/get-credentials', { status: 404 });
    await openAccounts();
    expect(await screen.findByText('Get started by connecting an account')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load accounts')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load accounts' with Retry and Dismiss", async () => {
    const server = stubAccountsServer({ credentials: [bank] });
    server.fail('/db/get-credentials', { status: 500 });
    await openAccounts();
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: 'Failed to load accounts' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Failed to fetch credentials');

    const user = userEvent.setup();
    server.fail('/db/get-credentials', null);
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'First Platypus Bank' })).toBeInTheDocument();
    expect(screen.getByText('2 accounts connected')).toBeInTheDocument();
  });

  it('Dismiss hides the error panel', async () => {
    const server = stubAccountsServer();
    server.fail('/db/get-credentials', { status: 500 });
    await openAccounts();
    const panel = await screen.findByRole('alert');
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to load accounts')).not.toBeInTheDocument();
  });

  it('lists connections by section with counts, ids, tags, types, balances and the summary', async () => {
    const server = stubAccountsServer({ credentials: [bank, brokerage, wallet] });
    await openAccounts();
    // Three connections, four accounts listed: the header counts what it lists.
    expect(await screen.findByText('4 accounts connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add More' })).toBeInTheDocument();

    // The call names the user and carries the session's bearer token.
    const call = server.calls('/db/get-credentials')[0];
    expect(call?.authorization).toBe(`Bearer ${TEST_SESSION_TOKEN}`);
    expect(call?.query).toMatchObject({ username: 'ada', firstName: 'Ada', lastName: 'Lovelace' });

    const sections = {
      'Financial Institutions': 'First Platypus Bank',
      'Brokerage Accounts': 'SnapTrade Sandbox Brokerage',
      'Web3 Wallets': 'Cold storage',
    };
    for (const [title, card] of Object.entries(sections)) {
      const section = screen.getByRole('region', { name: new RegExp(`^${title}\\s*:\\s*1$`) });
      expect(within(section).getByRole('article', { name: card })).toBeInTheDocument();
    }

    const bankCard = screen.getByRole('article', { name: 'First Platypus Bank' });
    // Each account by the number its owner knows (its mask), labelled Account ID; the provider's own ids
    // (Plaid's item id, SnapTrade's authorization id) appear nowhere.
    const rowOf = (name: string) => within(bankCard).getByText(name).closest('li') as HTMLElement;
    expect(rowOf('Plaid Checking')).toHaveTextContent('Account ID•••• 0000');
    expect(rowOf('Plaid Credit Card')).toHaveTextContent('Account ID•••• 3333');
    expect(bankCard).not.toHaveTextContent((bank.item_id ?? '').slice(0, 8));
    expect(within(bankCard).queryByRole('button', { name: /^Copy/ })).not.toBeInTheDocument();
    const brokerageCard = screen.getByRole('article', { name: 'SnapTrade Sandbox Brokerage' });
    expect(brokerageCard).not.toHaveTextContent('auth-1');
    // Roth IRA came without a mask: no number rather than an id in its place.
    expect(within(brokerageCard).queryByText('Account ID')).not.toBeInTheDocument();
    expect(within(bankCard).getByText('Checking')).toBeInTheDocument();
    expect(within(bankCard).getByText('Credit')).toBeInTheDocument();
    expect(within(bankCard).getByText('$1,200.50')).toBeInTheDocument();
    expect(within(bankCard).getByText('-$410.25')).toBeInTheDocument();
    expect(within(bankCard).getByText('Last synced 5 minutes ago')).toBeInTheDocument();

    const walletCard = screen.getByRole('article', { name: 'Cold storage' });
    // A wallet is known by its address: shortened to its first 8 and last 6 characters, whole to copy.
    expect(within(walletCard).getByText('Address')).toBeInTheDocument();
    const address = wallet.account_id ?? '';
    expect(within(walletCard).getByText(`${address.slice(0, 8)}…${address.slice(-6)}`)).toBeInTheDocument();
    expect(within(walletCard).getByRole('button', { name: `Copy address ${address}` })).toBeInTheDocument();
    expect(within(walletCard).getByText('Tag:')).toBeInTheDocument();
    expect(within(walletCard).getByText('long term')).toBeInTheDocument();
    expect(within(walletCard).getByText('1.5 ETH')).toBeInTheDocument();
    expect(within(walletCard).getByText('$4,500.00')).toBeInTheDocument();
    expect(within(walletCard).getByText('Ethereum', { selector: 'span.rounded-full' })).toBeInTheDocument();

    // Summary: totals computed here from the raw balances.
    const summary = screen.getByRole('region', { name: 'Account Summary' });
    const netWorth = 1200.5 - 410.25 + 25000 + 4500;
    expect(within(summary).getByRole('row', { name: /Net worth/ })).toHaveTextContent(
      `$${netWorth.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(within(summary).getByRole('row', { name: /Credit/ })).toHaveTextContent('1-$410.25');
    expect(within(summary).getByRole('row', { name: /Investment/ })).toHaveTextContent('1$25,000.00');
  });

  it('shows a running first sync, and polls until it has finished', async () => {
    const syncing = makeCredential({ ...bank, status: 'syncing', last_synced_at: null, accounts: [] });
    const server = stubAccountsServer({ credentials: [syncing] });
    await openAccounts();
    const card = await screen.findByRole('article', { name: 'First Platypus Bank' });
    expect(within(card).getByRole('status')).toHaveTextContent('Syncing…');
    const before = server.calls('/db/get-credentials').length;

    server.credentials.set(bank.account_name, { ...bank, last_synced_at: new Date().toISOString() });
    await waitFor(() => expect(within(card).getByText('Last synced just now')).toBeInTheDocument(), {
      timeout: 4000,
    });
    expect(server.calls('/db/get-credentials').length).toBe(before + 1);
  });

  it("shows a bank's first pull: fetching, its first month in, then the whole history", async () => {
    const pending = makeCredential({ ...bank, history: 'pending' });
    const server = stubAccountsServer({ credentials: [pending] });
    await openAccounts();
    const card = await screen.findByRole('article', { name: 'First Platypus Bank' });
    expect(within(card).getByRole('status')).toHaveTextContent(historyMessages.pending);

    // The provider announces each part by webhook and a sync stores it: the page keeps reading.
    server.credentials.set(bank.account_name, { ...bank, history: 'recent' });
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent(historyMessages.recent), {
      timeout: 4000,
    });
    server.credentials.set(bank.account_name, {
      ...bank,
      history: 'complete',
      last_synced_at: new Date().toISOString(),
    });
    await waitFor(() => expect(within(card).getByText('Last synced just now')).toBeInTheDocument(), {
      timeout: 4000,
    });
    expect(within(card).queryByRole('status')).toBeNull();
  });

  it('says a connection needs re-linking when its login is required', async () => {
    stubAccountsServer({
      credentials: [makeCredential({ ...bank, status: 'login_required', status_detail: null })],
    });
    await openAccounts();
    const card = await screen.findByRole('article', { name: 'First Platypus Bank' });
    expect(card).toHaveTextContent('Needs re-link. This connection needs to be linked again.');
  });

  it('refreshes: starts a sync, then reads the accounts again', async () => {
    const server = stubAccountsServer({ credentials: [bank] });
    await openAccounts();
    await screen.findByRole('article', { name: 'First Platypus Bank' });
    const reads = server.calls('/db/get-credentials').length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh accounts' }));
    await waitFor(() => expect(server.calls('/db/get-credentials').length).toBe(reads + 1));
    const refresh = server.calls('/db/refresh-accounts')[0];
    expect(refresh?.sealed).toBe(true);
    expect(refresh?.body).toEqual({ username: 'ada', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it("toasts 'Failed to refresh accounts' when the refresh fails", async () => {
    const server = stubAccountsServer({ credentials: [bank] });
    server.fail('/db/refresh-accounts', { status: 500 });
    await openAccounts();
    await screen.findByRole('article', { name: 'First Platypus Bank' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh accounts' }));
    expect(await screen.findByText('Failed to refresh accounts')).toBeInTheDocument();
  });

  it('disconnects after a confirmation, and the card goes', async () => {
    const server = stubAccountsServer({ credentials: [bank, wallet] });
    await openAccounts();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect First Platypus Bank' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disconnect First Platypus Bank?' });
    expect(server.calls('/db/disconnect-account')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'First Platypus Bank' })).not.toBeInTheDocument(),
    );
    expect(server.calls('/db/disconnect-account')[0]?.body).toEqual({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      account_name: 'First_Platypus_Bank_plaid',
      account_type: 'plaid',
    });
    expect(await screen.findByText('1 account connected')).toBeInTheDocument();
  });

  it("shows 'Failed to disconnect account: ...' with the server's reason", async () => {
    const server = stubAccountsServer({ credentials: [bank] });
    server.fail('/db/disconnect-account', {
      status: 503,
      json: { success: false, error: 'The bank is not reachable.', code: 'accounts:provider-unavailable' },
    });
    await openAccounts();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect First Platypus Bank' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
    );
    expect(
      await screen.findByText('Failed to disconnect account: The bank is not reachable.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'First Platypus Bank' })).toBeInTheDocument();
  });
});

describe('Transactions view', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetPublicConfig();
  });

  const today = new Date();
  const daysAgo = (days: number) => {
    const date = new Date(today.getTime() - days * 86_400_000);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  };

  it('shows signed amounts, humanized categories and pending, searches, and pages with next_cursor', async () => {
    const rows = Array.from({ length: 250 }, (_, index) =>
      makeTransaction({
        id: `t${index}`,
        account_id: 'chk',
        date: daysAgo(Math.floor(index / 5)),
        amount: index === 0 ? '2500.00' : `-${(10 + index).toFixed(2)}`,
        name: index === 0 ? 'Payroll' : `Coffee shop ${index}`,
        category: index === 0 ? 'INCOME' : 'FOOD_AND_DRINK',
        pending: index === 1,
      }),
    );
    const server = stubAccountsServer({ credentials: [bank], transactions: { chk: rows } });
    await openAccounts();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Transactions of Plaid Checking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plaid Checking transactions' });
    const list = await within(dialog).findByRole('region', { name: 'Transactions' });

    const payroll = within(list).getByText('Payroll').closest('li');
    expect(payroll).toHaveTextContent('+$2,500.00');
    expect(payroll).toHaveTextContent('Income');
    const pending = within(list).getByText('Coffee shop 1').closest('li');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('Food and drink');
    expect(pending).toHaveTextContent('−$11.00');

    const first = server.calls('/agent/plaid/get-transactions')[0];
    expect(first?.sealed).toBe(true);
    expect(first?.body).toMatchObject({
      account_name: 'First_Platypus_Bank_plaid',
      account_id: 'chk',
      start_date: daysAgo(90),
      end_date: daysAgo(0),
      limit: 100,
    });

    // Only the rows in view are in the document, not all 100 loaded.
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(40);

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(
        server
          .calls('/agent/plaid/get-transactions')
          .some((call) => (call.body as { cursor?: string }).cursor === '100'),
      ).toBe(true),
    );

    await user.type(within(dialog).getByLabelText('Search transactions'), 'payroll');
    await waitFor(() => expect(within(dialog).getByText('1 transaction')).toBeInTheDocument());
    const searches = server
      .calls('/agent/plaid/get-transactions')
      .filter((call) => (call.body as { search?: string }).search !== undefined);
    // Debounced: one request for the whole word, not one per key.
    expect(searches.map((call) => (call.body as { search: string }).search)).toEqual(['payroll']);
  });

  it('says the list is busy until a search answers, and a row found by its category shows that category', async () => {
    const rows = [
      makeTransaction({
        id: 't1',
        account_id: 'chk',
        date: daysAgo(1),
        amount: '-200.00',
        name: 'Online Transfer to Savings ...1111',
        category: 'TRANSFER_OUT',
        category_detailed: 'TRANSFER_OUT_ACCOUNT_TRANSFER',
      }),
      makeTransaction({
        id: 't2',
        account_id: 'chk',
        date: daysAgo(2),
        amount: '-35.10',
        name: 'AMAZON MKTPL*2K4',
        merchant: 'Amazon',
        category: 'GENERAL_MERCHANDISE',
        category_detailed: 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
      }),
      makeTransaction({
        id: 't3',
        account_id: 'chk',
        date: daysAgo(3),
        amount: '-4.50',
        name: 'Blue Bottle Coffee',
        category: 'FOOD_AND_DRINK',
        category_detailed: 'FOOD_AND_DRINK_COFFEE',
      }),
    ];
    stubAccountsServer({ credentials: [bank], transactions: { chk: rows } });
    await openAccounts();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Transactions of Plaid Checking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plaid Checking transactions' });
    const list = await within(dialog).findByRole('region', { name: 'Transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(list).not.toHaveAttribute('aria-busy');

    await user.type(within(dialog).getByLabelText('Search transactions'), 'online');
    // The three rows still shown are the unfiltered answer's: busy until the search's own arrives.
    expect(list).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'));
    const found = within(list).getAllByRole('listitem');
    expect(found.map((row) => row.textContent?.toLowerCase().includes('online'))).toEqual([true, true]);
    expect(found[1]).toHaveTextContent('General merchandise online marketplaces');
  });

  it("shows each category's colour beside its name, the colour the charts give it", async () => {
    const row = (id: string, name: string, category: string | null, category_detailed: string | null) =>
      makeTransaction({
        id,
        account_id: 'chk',
        date: daysAgo(1),
        amount: '-10.00',
        name,
        category,
        category_detailed,
      });
    const rows = [
      row('t1', 'Blue Bottle Coffee', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'),
      row('t2', 'Monthly rent', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'),
      row('t3', 'Corner Grocer', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'),
      row('t4', 'Mystery charge', null, null),
    ];
    stubAccountsServer({ credentials: [bank], transactions: { chk: rows } });
    await openAccounts();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Transactions of Plaid Checking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plaid Checking transactions' });
    const list = await within(dialog).findByRole('region', { name: 'Transactions' });
    const listItem = (name: string) => within(list).getByText(name).closest('li');
    const swatchOf = (name: string) => listItem(name)?.querySelector('[data-swatch]') ?? null;

    // The text still names the category; the swatch beside it is decoration.
    expect(listItem('Blue Bottle Coffee')).toHaveTextContent('Food and drink coffee');
    const food = swatchOf('Blue Bottle Coffee');
    expect(food).toHaveAttribute('aria-hidden', 'true');
    // What a chart of spending by category draws for Food and drink.
    expect(food).toHaveAttribute('data-swatch', chartColor(categoryColor('FOOD_AND_DRINK'), ''));
    expect(swatchOf('Corner Grocer')).toHaveAttribute('data-swatch', food?.getAttribute('data-swatch'));

    const rent = swatchOf('Monthly rent');
    expect(rent).toHaveAttribute('data-swatch', chartColor(categoryColor('RENT_AND_UTILITIES'), ''));
    expect(rent?.getAttribute('data-swatch')).not.toBe(food?.getAttribute('data-swatch'));

    expect(listItem('Mystery charge')).toHaveTextContent('Uncategorized');
    expect(swatchOf('Mystery charge')).toBeNull();
  });
});
