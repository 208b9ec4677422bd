import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPublicConfig } from '../../../api/index.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubAccountsServer } from '../testing/fake-accounts-server.ts';

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
    expect(server.calls('/connect/api/create_link_token')[0]?.authorization).toBeNull();
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
