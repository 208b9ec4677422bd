import { sealBody } from '@penny/contracts/envelope-seal';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { syncFinished } from './support/bank.ts';
import { signUpAndSignIn, skipPreferencesWizard, type TestUser } from './support/users.ts';

/**
 * Issue #19, finding 4, in Chromium: a transaction named with the content markup
 * (`**BOLD** ... @currency(USD) 1000000`) and a wallet named with it show as plain text in the chat,
 * in the answer's card (its headline figure and table; the chat's words are not repeated there, decision
 * 0021) and in the saved resource: no bold, no colour, no forged money figure
 * (docs/decisions/0012-plain-text-in-the-content-markup.md).
 */

const MERCHANT = '**BOLD** /red REDSHOP /1 @number 999999 @currency(USD) 1000000';
/** The wallet's identifier as the user types it (no spaces); its account reads with spaces. */
const WALLET = '**Rich**_/green_Vault_@currency(USD)_5000000_web3';
const WALLET_NAME = '**Rich** /green Vault @currency(USD) 5000000';
/** What the names would forge if their markup were read. */
const FORGED_FIGURES = ['$1,000,000.00', '$5,000,000.00', '999,999'];

/**
 * This installation's Plaid keys: global-setup.ts starts the server with PLAID_CLIENT_ID and
 * PLAID_SECRET of its own making, which the sandbox's fake Plaid then accepts (and nobody else holds).
 */
function plaidKeys() {
  const clientId = process.env.PENNY_E2E_PLAID_CLIENT_ID;
  const secret = process.env.PENNY_E2E_PLAID_SECRET;
  if (!clientId || !secret) throw new Error('global-setup.ts gave the server no Plaid keys');
  return { 'plaid-client-id': clientId, 'plaid-secret': secret };
}

type Signed = TestUser & { token: string };

async function sealedPost<T = Record<string, unknown>>(
  request: APIRequestContext,
  user: Signed,
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const config = (await (await request.get('/config')).json()) as { boxPublicKey: string };
  const fields = { username: user.username, firstName: user.firstName, lastName: user.lastName, ...body };
  const response = await request.post(path, {
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'x-encrypted': '1',
    },
    data: JSON.stringify(
      sealBody({ serverPublicKey: config.boxPublicKey, method: 'POST', path, body: fields }),
    ),
  });
  expect(response.status(), `${path} answered ${response.status()}`).toBe(200);
  return (await response.json()) as T;
}

/** A POST to /connect/api as the signed-in browser sends it: the session cookie, our Origin, a form. */
async function connectPost<T>(page: Page, user: Signed, origin: string, path: string, form = {}) {
  const response = await page.request.post(`/connect/api${path}`, {
    headers: { origin },
    form: { username: user.username, firstName: user.firstName, lastName: user.lastName, ...form },
  });
  expect(response.status(), `${path} answered ${response.status()}`).toBe(200);
  return (await response.json()) as T;
}

/** The user's own Link session at the sandbox's Link stand-in, on a link token Penny made for them. */
async function linkSession(page: Page, origin: string, linkToken: string) {
  const link = await page.request.post('/sandbox/plaid/link/public_token', {
    headers: { origin },
    data: {
      link_token: linkToken,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    },
  });
  expect(link.status(), `the Link stand-in answered ${link.status()}`).toBe(200);
  return ((await link.json()) as { public_token: string }).public_token;
}

/**
 * A sandbox bank linked as the web app links one (Penny's link token, the user's Link session, the
 * exchange), then given the hostile transaction as the installation gives one: Link in update mode
 * for the same bank (again Penny's link token, the user's own session) yields a public token for the
 * item, which the installation's keys exchange for the item's access token; Plaid's sandbox control
 * /sandbox/transactions/create adds the transaction, and a refresh syncs it into Penny.
 */
async function linkBankWithHostileTransaction(page: Page, user: Signed, origin: string) {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString().slice(0, 10);
  const first = await connectPost<{ link_token: string }>(page, user, origin, '/create_link_token');
  const linked = await connectPost<{ account_name: string }>(page, user, origin, '/set_access_token', {
    public_token: await linkSession(page, origin, first.link_token),
  });

  const update = await connectPost<{ link_token: string }>(page, user, origin, '/create_link_token', {
    account_name: linked.account_name,
  });
  const publicToken = await linkSession(page, origin, update.link_token);
  const exchanged = await page.request.post('/sandbox/plaid/item/public_token/exchange', {
    headers: plaidKeys(),
    data: { public_token: publicToken },
  });
  expect(exchanged.status(), `the exchange answered ${exchanged.status()}`).toBe(200);
  const { access_token } = (await exchanged.json()) as { access_token: string };
  const planted = await page.request.post('/sandbox/plaid/sandbox/transactions/create', {
    headers: plaidKeys(),
    data: {
      access_token,
      transactions: [{ date_transacted: day, date_posted: day, amount: 9876.54, description: MERCHANT }],
    },
  });
  expect(planted.status(), `/sandbox/transactions/create answered ${planted.status()}`).toBe(200);

  // Synced again until the transaction is in Penny (the first sync may still be running).
  await expect
    .poll(
      async () => {
        await sealedPost(page.request, user, '/db/refresh-accounts', { account_name: linked.account_name });
        const found = await sealedPost<{ transactions: Array<{ name: string }> }>(
          page.request,
          user,
          '/agent/plaid/get-transactions',
          { account_name: linked.account_name, start_date: day, end_date: day, search: 'REDSHOP' },
        );
        return found.transactions.map((transaction) => transaction.name);
      },
      { timeout: 60_000, intervals: [500, 1_000, 2_000] },
    )
    .toContain(MERCHANT);
  // The bank's whole history has arrived too (the chat answers from it, not "still arriving").
  await syncFinished(page, user);
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
  // The card leads with the merchant and its amount, large; the sentence around them is the chat's only.
  await expect(merchantCard.locator('[data-markup="styled"]').first()).toContainText(`${MERCHANT} $9,876.54`);
  await expect(log).toContainText('The merchant with the largest spending');
  await expect(merchantCard).not.toContainText('The merchant with the largest spending');
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
