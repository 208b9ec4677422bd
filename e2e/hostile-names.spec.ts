import { sealBody } from '@penny/contracts/envelope-seal';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signUpAndSignIn, skipPreferencesWizard, type TestUser } from './support/users.ts';

/**
 * Issue #19, finding 4, in Chromium: a transaction named with the content markup
 * (`**BOLD** ... @currency(USD) 1000000`) and a wallet named with it show as plain text in the chat,
 * in the answer's card and in the saved resource: no bold, no colour, no forged money figure
 * (docs/decisions/0012-plain-text-in-the-content-markup.md).
 */

const MERCHANT = '**BOLD** /red REDSHOP /1 @number 999999 @currency(USD) 1000000';
/** The wallet's identifier as the user types it (no spaces); its account reads with spaces. */
const WALLET = '**Rich**_/green_Vault_@currency(USD)_5000000_web3';
const WALLET_NAME = '**Rich** /green Vault @currency(USD) 5000000';
/** What the names would forge if their markup were read. */
const FORGED_FIGURES = ['$1,000,000.00', '$5,000,000.00', '999,999'];

/** The sandbox's fixed Plaid keys (apps/server/src/sandbox/credentials.ts; they guard generated data only). */
const SANDBOX_KEYS = { 'plaid-client-id': 'penny-sandbox-client-id', 'plaid-secret': 'penny-sandbox-secret' };

type Signed = TestUser & { token: string };

async function sealedPost(request: APIRequestContext, user: Signed, path: string, body: unknown) {
  const config = (await (await request.get('/config')).json()) as { boxPublicKey: string };
  const response = await request.post(path, {
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'x-encrypted': '1',
    },
    data: JSON.stringify(sealBody({ serverPublicKey: config.boxPublicKey, method: 'POST', path, body })),
  });
  expect(response.status(), `${path} answered ${response.status()}`).toBe(200);
}

async function sandboxPlaid<T>(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const response = await request.post(`/sandbox/plaid${path}`, { headers: SANDBOX_KEYS, data });
  expect(response.status(), `the sandbox ${path} answered ${response.status()}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * A sandbox bank item given the hostile transaction through Plaid's sandbox controls, then linked as
 * the web app links one (Link in update mode for that item, the exchange).
 */
async function linkBankWithHostileTransaction(page: Page, user: Signed, origin: string) {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 10);
  const made = await sandboxPlaid<{ public_token: string }>(page.request, '/sandbox/public_token/create', {
    institution_id: 'ins_109508',
    initial_products: ['transactions'],
  });
  const { access_token } = await sandboxPlaid<{ access_token: string }>(
    page.request,
    '/item/public_token/exchange',
    { public_token: made.public_token },
  );
  await sandboxPlaid(page.request, '/sandbox/transactions/create', {
    access_token,
    transactions: [{ date_transacted: day, date_posted: day, amount: 9876.54, description: MERCHANT }],
  });
  const { link_token } = await sandboxPlaid<{ link_token: string }>(page.request, '/link/token/create', {
    client_name: 'Penny',
    language: 'en',
    country_codes: ['US'],
    user: { client_user_id: user.username },
    access_token,
  });
  const link = await page.request.post('/sandbox/plaid/link/public_token', {
    data: { link_token, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' },
  });
  const { public_token } = (await link.json()) as { public_token: string };
  const exchanged = await page.request.post('/connect/api/set_access_token', {
    headers: { origin },
    form: { username: user.username, firstName: user.firstName, lastName: user.lastName, public_token },
  });
  expect(exchanged.status()).toBe(200);
}

/** The names show as written, and nothing in `scope` is bold, coloured or a figure made from them. */
async function expectPlainNames(scope: Locator, names: string[]) {
  for (const name of names) await expect(scope.getByText(name, { exact: false }).first()).toBeVisible();
  const text = (await scope.textContent()) ?? '';
  for (const figure of FORGED_FIGURES) expect(text).not.toContain(figure);
  await expect(scope.locator('strong', { hasText: /BOLD|Rich/ })).toHaveCount(0);
  await expect(scope.locator('[data-markup]', { hasText: /1,000,000|5,000,000|999,999/ })).toHaveCount(0);
}

test('hostile merchant and wallet names show as plain text in answers and resources', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const user = await signUpAndSignIn(page, { firstName: 'Ada', lastName: 'Lovelace' });
  await skipPreferencesWizard(page);
  await linkBankWithHostileTransaction(page, user, new URL(baseURL ?? '').origin);
  await sealedPost(page.request, user, '/db/store-credentials', {
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    account_name: WALLET,
    credentials: {
      chain: 'eth',
      account_id: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      item_id: user.username,
    },
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'Start a New Chat' }).click();
  await expect(page).toHaveURL(/\/chat\/thread-/);
  const input = page.getByPlaceholder('Type here... The more details you provide, the better I can help!');
  const log = page.getByRole('log', { name: 'Messages' });

  // ---- The merchant answer: the chat's prose and the result card.
  await input.fill('Where did I spend the most last month?');
  await input.press('Enter');
  const merchantCard = page.getByRole('article').filter({ hasText: 'REDSHOP' }).first();
  await expect(merchantCard).toBeVisible({ timeout: 60_000 });
  await expectPlainNames(log, [MERCHANT]);
  await expectPlainNames(merchantCard, [MERCHANT]);
  await page.screenshot({ path: test.info().outputPath('hostile-merchant-answer.png'), fullPage: true });

  // ---- Saved as a resource: the same card, as text.
  await merchantCard.getByRole('button', { name: 'Save this visualization to resources' }).click();
  await expect(page.getByText('Resource saved')).toBeVisible();

  // ---- The accounts answer names the wallet.
  await input.fill('List my accounts');
  await input.press('Enter');
  const accountsCard = page.getByRole('article').filter({ hasText: 'Vault' }).first();
  await expect(accountsCard).toBeVisible({ timeout: 60_000 });
  await expectPlainNames(accountsCard, [WALLET_NAME]);
  await expectPlainNames(log, [WALLET_NAME]);

  await page.goto('/Resources');
  const viewer = page.getByRole('region', { name: 'Selected resource' });
  await expect(viewer.getByText('REDSHOP', { exact: false }).first()).toBeVisible();
  await expectPlainNames(viewer, [MERCHANT]);
  await page.screenshot({ path: test.info().outputPath('hostile-merchant-resource.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});
