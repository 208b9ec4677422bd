import { expect, type Page } from '@playwright/test';
import type { TestUser } from './users.ts';

/**
 * Links the sandbox bank as the web app's Link stand-in does: a link token, the sandbox login, the
 * exchange. The browser context's session cookie names the user; `origin` is the app's own.
 */
export async function linkSandboxBank(page: Page, user: TestUser, origin: string): Promise<void> {
  const names = { username: user.username, firstName: user.firstName, lastName: user.lastName };
  const token = await page.request.post('/connect/api/create_link_token', {
    headers: { origin },
    form: names,
  });
  expect(token.status()).toBe(200);
  const { link_token } = (await token.json()) as { link_token: string };
  // The Link stand-in serves the signed-in user (the context's cookie) from our own pages (Origin).
  const link = await page.request.post('/sandbox/plaid/link/public_token', {
    headers: { origin },
    data: { link_token, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' },
  });
  const { public_token } = (await link.json()) as { public_token: string };
  const exchanged = await page.request.post('/connect/api/set_access_token', {
    headers: { origin },
    form: { ...names, public_token },
  });
  expect(exchanged.status()).toBe(200);
}

/**
 * Waits until every connection of the user has finished its sync and holds its whole history: the first
 * sync runs in the background and writes the ledger a page at a time, and a bank's history arrives in
 * parts after linking (the provider announces each by webhook), so figures read before can be partial.
 */
export async function syncFinished(page: Page, user: TestUser & { token: string }): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/db/get-credentials?username=${user.username}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        if (!response.ok()) return false;
        const { accounts } = (await response.json()) as {
          accounts: Record<string, { status: string; history: string; last_synced_at: string | null }>;
        };
        const connections = Object.values(accounts);
        return (
          connections.length > 0 &&
          connections.every(
            (c) => c.status === 'active' && c.history === 'complete' && c.last_synced_at !== null,
          )
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/**
 * Links the sandbox bank through the Link dialogs as a person does, from the open 'Link' popup: the
 * institution, its sign-in, the accounts to share.
 */
export async function linkBankThroughDialogs(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: /^Link / })
    .getByRole('button', { name: /^Financial Institutions/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Select your bank' })
    .getByRole('button', { name: 'First Platypus Bank' })
    .click();
  const signIn = page.getByRole('dialog', { name: 'Sign in to First Platypus Bank' });
  await signIn.getByLabel('Username').fill('user_good');
  await signIn.getByLabel('Password').fill('pass_good');
  await signIn.getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Accounts to share' })
    .getByRole('button', { name: 'Continue' })
    .click();
}
