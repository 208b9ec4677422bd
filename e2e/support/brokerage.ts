import { expect, type Page } from '@playwright/test';
import type { TestUser } from './users.ts';

/**
 * Links the sandbox brokerage as the Accounts page does, without its popup: Penny's SnapTrade user, the
 * portal's login URI (which asks for trading where the brokerage allows it), the portal's form submitted
 * as the browser submits it, then the connection stored. The browser context's session cookie names the
 * user; `origin` is the app's own.
 */
export async function linkSandboxBrokerage(page: Page, user: TestUser, origin: string): Promise<void> {
  const names = { username: user.username, firstName: user.firstName, lastName: user.lastName };
  const post = (path: string, data: Record<string, string> = {}) =>
    page.request.post(`/connect/api${path}`, { headers: { origin }, data: { ...names, ...data } });
  expect((await post('/snaptrade/generate_user')).status()).toBe(200);
  const login = await post('/snaptrade/get_login_uri');
  expect(login.status()).toBe(200);
  const { redirectURI } = (await login.json()) as { redirectURI: string };
  const portal = new URL(redirectURI);
  const submitted = await page.request.post(portal.pathname, {
    headers: { origin },
    form: {
      token: portal.searchParams.get('token') ?? '',
      broker: 'SANDBOX',
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    },
    maxRedirects: 0,
  });
  const location = submitted.headers().location ?? '';
  const connectionId = location ? new URL(location, origin).searchParams.get('connection_id') : null;
  expect(connectionId, `the portal answered ${submitted.status()}`).toBeTruthy();
  const stored = await post('/snaptrade/store_connection', { connection_id: connectionId ?? '' });
  expect(stored.status()).toBe(200);
}
