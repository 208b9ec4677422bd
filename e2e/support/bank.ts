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
