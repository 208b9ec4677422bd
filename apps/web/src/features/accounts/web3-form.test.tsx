import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { stubAccountsServer } from './testing/fake-accounts-server.ts';

// Hardhat's first account: a published test key and its address (viem's privateKeyToAccount docs).
const ETH_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ETH_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BTC_ADDRESS = 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw';

async function openWeb3Form() {
  renderApp('/Accounts');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Connect Account' }, { timeout: 15_000 }));
  await user.click(await screen.findByRole('button', { name: /^Web3/ }));
  const form = await screen.findByRole('dialog', { name: 'Link Web3 Accounts' });
  await within(form).findByRole('group', { name: 'Wallet #1' }, { timeout: 15_000 });
  return { user, form };
}

function wallet(form: HTMLElement, number: number) {
  return within(form).getByRole('group', { name: `Wallet #${number}` });
}

describe('Link Web3 Accounts', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetPublicConfig();
  });

  it('shows the required messages (docs/product/chat.md, "Web3 wallet form"), prefixed \'Error in Wallet #n: \'', async () => {
    const server = stubAccountsServer();
    const { user, form } = await openWeb3Form();
    await user.click(within(form).getByRole('button', { name: 'Add another wallet' }));
    await user.click(within(form).getByRole('button', { name: 'Add another wallet' }));
    await user.click(within(form).getByRole('button', { name: 'Add another wallet' }));

    // #1: nothing. #2: an empty address, no chain. #3: an empty private key. #4: an address of the wrong chain.
    await user.click(within(wallet(form, 2)).getByRole('button', { name: 'Add address' }));
    await user.type(within(wallet(form, 2)).getByLabelText('Identifier'), 'Two');
    await user.click(within(wallet(form, 3)).getByRole('button', { name: 'Use a private key instead' }));
    await user.type(within(wallet(form, 3)).getByLabelText('Identifier'), 'Three');
    await user.selectOptions(within(wallet(form, 3)).getByLabelText('Chain'), 'Ethereum');
    await user.type(within(wallet(form, 4)).getByLabelText('Identifier'), 'Four');
    await user.click(within(wallet(form, 4)).getByRole('button', { name: 'Add address' }));
    await user.selectOptions(within(wallet(form, 4)).getByLabelText('Chain'), 'Solana');
    await user.type(within(wallet(form, 4)).getByLabelText('Address'), ETH_ADDRESS);

    await user.click(within(form).getByRole('button', { name: 'Save wallets' }));
    const alert = await within(form).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Error in Wallet #1: Identifier is required.',
      'Error in Wallet #1: You must provide either an Address or a Private Key.',
      'Error in Wallet #2: Address is required.',
      'Error in Wallet #2: Chain is required when Address is provided.',
      'Error in Wallet #3: Private Key is required.',
      'Error in Wallet #4: This is not a valid Solana address.',
    ]);
    expect(server.calls('/db/store-credentials')).toHaveLength(0);
  });

  it('disables the chain until an address is added; removing the address clears the chain', async () => {
    stubAccountsServer();
    const { user, form } = await openWeb3Form();
    const first = wallet(form, 1);
    expect(within(first).getByLabelText('Chain')).toBeDisabled();
    await user.click(within(first).getByRole('button', { name: 'Add address' }));
    const chain = within(first).getByLabelText('Chain');
    expect(chain).toBeEnabled();
    await user.selectOptions(chain, 'Bitcoin');
    expect(chain).toHaveValue('btc');
    await user.click(within(first).getByRole('button', { name: 'Remove address' }));
    expect(within(first).queryByLabelText('Address')).not.toBeInTheDocument();
    expect(within(first).getByLabelText('Chain')).toBeDisabled();
    expect(within(first).getByLabelText('Chain')).toHaveValue('');
  });

  it('adds and removes wallets; the last one cannot be removed', async () => {
    stubAccountsServer();
    const { user, form } = await openWeb3Form();
    expect(within(form).queryByRole('button', { name: /^Remove Wallet/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add another wallet' }));
    expect(within(form).getAllByRole('group', { name: /^Wallet #/ })).toHaveLength(2);
    await user.click(within(form).getByRole('button', { name: 'Remove Wallet #2' }));
    expect(within(form).getAllByRole('group', { name: /^Wallet #/ })).toHaveLength(1);
    expect(within(form).queryByRole('button', { name: /^Remove Wallet/ })).not.toBeInTheDocument();
  });

  it('masks the private key, derives the address in the browser and never sends the key', async () => {
    const server = stubAccountsServer();
    const { user, form } = await openWeb3Form();

    const first = wallet(form, 1);
    await user.type(within(first).getByLabelText('Identifier'), 'Hot  wallet');
    // Where the key is offered, it says where the key goes.
    const useKey = within(first).getByRole('button', { name: 'Use a private key instead' });
    expect(useKey).toHaveAccessibleDescription(
      'A private key stays in this browser: Penny works out the address from it and sends only the address.',
    );
    expect(within(first).getByText(/^A private key stays in this browser/)).toBeVisible();
    await user.click(useKey);
    expect(within(first).getByLabelText('Private Key')).toHaveAttribute('type', 'password');
    await user.selectOptions(within(first).getByLabelText('Chain'), 'Ethereum');
    await user.type(within(first).getByLabelText('Private Key'), ETH_KEY);
    await user.type(within(first).getByLabelText(/Tag/), 'trading');

    await user.click(within(form).getByRole('button', { name: 'Add another wallet' }));
    const second = wallet(form, 2);
    await user.type(within(second).getByLabelText('Identifier'), 'Cold');
    await user.click(within(second).getByRole('button', { name: 'Add address' }));
    await user.selectOptions(within(second).getByLabelText('Chain'), 'Bitcoin');
    await user.type(within(second).getByLabelText('Address'), BTC_ADDRESS);

    await user.click(within(form).getByRole('button', { name: 'Save wallets' }));
    expect(await within(form).findByText('Account Info Saved')).toBeInTheDocument();

    const stores = server.calls('/db/store-credentials');
    expect(stores).toHaveLength(2);
    const bodies = stores.map(
      (call) => call.body as { account_name: string; credentials: Record<string, unknown> },
    );
    const hot = bodies.find((body) => body.account_name === 'Hot_wallet_web3');
    expect(hot?.credentials).toMatchObject({
      chain: 'eth',
      account_id: ETH_ADDRESS,
      item_id: 'ada',
      tag: 'trading',
    });
    expect(hot?.credentials).not.toHaveProperty('access_token');
    expect(new Date(String(hot?.credentials.last_updated)).toString()).not.toBe('Invalid Date');
    const cold = bodies.find((body) => body.account_name === 'Cold_web3');
    expect(cold?.credentials).toMatchObject({ chain: 'btc', account_id: BTC_ADDRESS, item_id: 'ada' });

    // The key is in no request, opened or as sent (with or without its 0x).
    for (const request of server.requests) {
      for (const text of [
        JSON.stringify(request.body ?? null),
        request.rawBody ?? '',
        JSON.stringify(request.query),
      ]) {
        expect(text).not.toContain(ETH_KEY.slice(2));
      }
    }
    // Both sealed: the database service never gets wallet data in the clear.
    expect(stores.every((call) => call.sealed)).toBe(true);

    // Closes 2 s after 'Account Info Saved', and the page reads its accounts again.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(await screen.findByRole('article', { name: 'Hot wallet' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Cold' })).toBeInTheDocument();
  });

  it("shows the server's error, or 'Failed to save {account name}'", async () => {
    const server = stubAccountsServer();
    server.fail('/db/store-credentials', (request) =>
      (request.body as { account_name: string }).account_name === 'One_web3'
        ? {
            status: 400,
            json: {
              success: false,
              error: 'This is not a valid Ethereum address.',
              code: 'accounts:invalid-address',
            },
          }
        : 'network',
    );
    const { user, form } = await openWeb3Form();
    for (const [number, name] of [
      [1, 'One'],
      [2, 'Two'],
    ] as const) {
      if (number === 2) await user.click(within(form).getByRole('button', { name: 'Add another wallet' }));
      const fields = wallet(form, number);
      await user.type(within(fields).getByLabelText('Identifier'), name);
      await user.click(within(fields).getByRole('button', { name: 'Add address' }));
      await user.selectOptions(within(fields).getByLabelText('Chain'), 'Ethereum');
      await user.type(within(fields).getByLabelText('Address'), ETH_ADDRESS);
    }
    await user.click(within(form).getByRole('button', { name: 'Save wallets' }));
    const alert = await within(form).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['This is not a valid Ethereum address.', 'Failed to save Two_web3']);
    // Both were sent at once, one call per wallet.
    expect(server.calls('/db/store-credentials')).toHaveLength(2);
    expect(screen.queryByText('Account Info Saved')).not.toBeInTheDocument();
  });
});
