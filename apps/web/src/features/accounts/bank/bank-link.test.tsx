import { noticeMessages, quotaMessages } from '@penny/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPublicConfig } from '../../../api/index.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { makeAccount, makeCredential, stubAccountsServer } from '../testing/fake-accounts-server.ts';

/** Opens /Accounts, then Connect Account → Financial Institutions. */
async function startBankLink() {
  renderApp('/Accounts');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Connect Account' }, { timeout: 15_000 }));
  const popup = await screen.findByRole('dialog', { name: 'Link Accounts' });
  for (const option of ['Web3', 'Financial Institutions', 'Brokerage and Investments']) {
    expect(within(popup).getByRole('button', { name: new RegExp(`^${option}`) })).toBeInTheDocument();
  }
  await user.click(within(popup).getByRole('button', { name: /^Financial Institutions/ }));
  return user;
}

describe('Bank link (sandbox widget)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetPublicConfig();
  });

  it('links a bank: institution, sign-in (a wrong password is shown in the widget), exchange by form', async () => {
    const server = stubAccountsServer();
    const user = await startBankLink();

    const widget = await screen.findByRole('dialog', { name: 'Select your bank' });
    expect(server.calls('/connect/api/create_link_token')).toHaveLength(1);
    await user.click(await within(widget).findByRole('button', { name: 'First Platypus Bank' }));

    const signIn = await screen.findByRole('dialog', { name: 'Sign in to First Platypus Bank' });
    await user.type(within(signIn).getByLabelText('Username'), 'user_good');
    await user.type(within(signIn).getByLabelText('Password'), 'wrong');
    await user.click(within(signIn).getByRole('button', { name: 'Submit' }));
    expect(await within(signIn).findByRole('alert')).toHaveTextContent(
      'The provided credentials were not correct. Please try again.',
    );

    await user.clear(within(signIn).getByLabelText('Password'));
    await user.type(within(signIn).getByLabelText('Password'), 'pass_good');
    await user.click(within(signIn).getByRole('button', { name: 'Submit' }));
    const accounts = await screen.findByRole('dialog', { name: 'Accounts to share' });
    expect(within(accounts).getByText('Plaid Checking')).toBeInTheDocument();
    const reads = server.calls('/db/get-credentials').length;
    await user.click(within(accounts).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The link token went to the sandbox widget; the public token came back as a form, without a bearer.
    const link = server.calls('/sandbox/plaid/link/public_token').at(-1);
    expect(link?.body).toMatchObject({ link_token: 'link-sandbox-test', institution_id: 'ins_109508' });
    const exchange = server.calls('/connect/api/set_access_token')[0];
    expect(exchange?.authorization).toBeNull();
    expect(exchange?.sealed).toBe(false);
    expect(exchange?.contentType).toBe('application/x-www-form-urlencoded');
    expect(exchange?.body).toEqual({
      public_token: 'public-sandbox-1',
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      product_name: 'First Platypus Bank',
    });
    // A new bank: the required empty form (docs/product/chat.md, "Account-connection service"), no account to
    // re-link.
    expect(server.calls('/connect/api/create_link_token')[0]?.authorization).toBeNull();
    expect(server.calls('/connect/api/create_link_token')[0]?.body ?? {}).toEqual({});
    // The page reads its accounts again.
    await waitFor(() => expect(server.calls('/db/get-credentials').length).toBeGreaterThan(reads));
  });

  it("says 'Failed to initialize Plaid Link: Server error: {status}' when no link token comes", async () => {
    const server = stubAccountsServer();
    server.fail('/connect/api/create_link_token', { status: 500 });
    await startBankLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to initialize Plaid Link: Server error: 500',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('says why when the user already has as many banks as they may link (docs/api.md, "Quotas")', async () => {
    const server = stubAccountsServer();
    const refusal = quotaMessages.connections('plaid');
    server.fail('/connect/api/create_link_token', {
      status: 409,
      json: { success: false, error: refusal, code: 'quota:connections' },
    });
    await startBankLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to initialize Plaid Link: ${refusal}`);
  });

  it.each([
    [{ status: 400 } as const, 'Failed to exchange token'],
    ['network' as const, 'Failed to link account'],
  ])('an exchange failing with %j reads %s', async (failure, message) => {
    const server = stubAccountsServer();
    server.fail('/connect/api/set_access_token', failure);
    const user = await startBankLink();
    await user.click(await screen.findByRole('button', { name: 'First Platypus Bank' }));
    await user.type(screen.getByLabelText('Username'), 'user_good');
    await user.type(screen.getByLabelText('Password'), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("leaving the widget with an error reads 'Link process was interrupted'", async () => {
    const server = stubAccountsServer();
    server.fail('/sandbox/plaid/link/institutions', { status: 500 });
    await startBankLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Link process was interrupted');
  });

  it('leaving the widget without an error goes back to the three options, with no error', async () => {
    stubAccountsServer();
    const user = await startBankLink();
    const widget = await screen.findByRole('dialog', { name: 'Select your bank' });
    await user.click(within(widget).getByRole('button', { name: 'Exit bank link' }));
    const popup = await screen.findByRole('dialog', { name: 'Link Accounts' });
    expect(within(popup).getByRole('button', { name: /^Web3/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Re-link a bank whose login expired', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetPublicConfig();
  });

  const expired = makeCredential({
    account_name: 'First_Platypus_Bank_plaid',
    account_type: 'plaid',
    item_id: 'item-sandbox-expired',
    institution_name: 'First Platypus Bank',
    status: 'login_required',
    status_detail: 'The institution needs you to sign in again.',
    accounts: [makeAccount({ id: 'chk', name: 'Plaid Checking', current: '1200.50' })],
  });
  const healthy = makeCredential({
    account_name: 'Tartan_Bank_plaid',
    account_type: 'plaid',
    item_id: 'item-sandbox-good',
    institution_name: 'Tartan Bank',
  });

  it('signs in to the same bank again with an update-mode token, then shows it synced', async () => {
    const server = stubAccountsServer({ credentials: [expired, healthy] });
    renderApp('/Accounts');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'First Platypus Bank' }, { timeout: 15_000 });
    expect(within(card).getByText(/^Needs re-link\./)).toBeInTheDocument();
    // Only the expired connection offers a re-link.
    const tartan = screen.getByRole('article', { name: 'Tartan Bank' });
    expect(within(tartan).queryByRole('button', { name: /^Re-link/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Re-link First Platypus Bank' }));
    // Straight to the bank's sign-in: no institution picker, nothing to go back to.
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to First Platypus Bank' });
    expect(screen.queryByRole('dialog', { name: 'Select your bank' })).not.toBeInTheDocument();
    expect(within(signIn).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    const tokenCall = server.calls('/connect/api/create_link_token')[0];
    expect(tokenCall?.contentType).toBe('application/x-www-form-urlencoded');
    expect(tokenCall?.authorization).toBeNull();
    expect(tokenCall?.body).toEqual({ account_name: 'First_Platypus_Bank_plaid' });

    await user.type(within(signIn).getByLabelText('Username'), 'user_good');
    await user.type(within(signIn).getByLabelText('Password'), 'pass_good');
    await user.click(within(signIn).getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(server.calls('/sandbox/plaid/link/public_token').at(-1)?.body).toMatchObject({
      link_token: 'link-sandbox-update',
      institution_id: 'ins_109508',
    });
    expect(server.calls('/connect/api/set_access_token')).toHaveLength(1);
    // The page reads the connection again: the same card, synced, with nothing left to re-link.
    const again = screen.getByRole('article', { name: 'First Platypus Bank' });
    expect(await within(again).findByText(/^Last synced/)).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: /^Re-link/ })).not.toBeInTheDocument();
    // Tartan Bank lists no accounts yet: one account is connected.
    expect(screen.getByText('1 account connected')).toBeInTheDocument();
  });

  it("shows the bank's notices until a re-link settles them: a login about to expire, new accounts", async () => {
    const noticed = makeCredential({
      ...expired,
      status: 'active',
      status_detail: null,
      login_expires_at: '2026-12-14T09:30:00.000Z',
      new_accounts_available: true,
    });
    const server = stubAccountsServer({ credentials: [noticed] });
    renderApp('/Accounts');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'First Platypus Bank' }, { timeout: 15_000 });
    expect(card).toHaveTextContent(noticeMessages.loginExpires('Dec 14, 2026'));
    expect(card).toHaveTextContent('The login expires on Dec 14, 2026 — reconnect.');
    expect(card).toHaveTextContent('New accounts are available — add them.');
    expect(within(card).getByText(/^Last synced/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Add them: First Platypus Bank' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to First Platypus Bank' });
    expect(server.calls('/connect/api/create_link_token')[0]?.body).toEqual({
      account_name: 'First_Platypus_Bank_plaid',
    });
    await user.type(within(signIn).getByLabelText('Username'), 'user_good');
    await user.type(within(signIn).getByLabelText('Password'), 'pass_good');
    await user.click(within(signIn).getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = screen.getByRole('article', { name: 'First Platypus Bank' });
    await waitFor(() => expect(again).not.toHaveTextContent('New accounts are available'));
    expect(again).not.toHaveTextContent('The login expires');
    expect(within(again).queryByRole('button', { name: /^Reconnect/ })).not.toBeInTheDocument();
  });

  it('closing the widget leaves the connection as it was', async () => {
    const server = stubAccountsServer({ credentials: [expired] });
    renderApp('/Accounts');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Re-link First Platypus Bank' }, { timeout: 15_000 }),
    );
    const signIn = await screen.findByRole('dialog', { name: 'Sign in to First Platypus Bank' });
    await user.click(within(signIn).getByRole('button', { name: 'Exit bank link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('/connect/api/set_access_token')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Re-link First Platypus Bank' })).toBeInTheDocument();
  });
});
