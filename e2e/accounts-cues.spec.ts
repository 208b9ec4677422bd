import type { Locator, Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { linkBankThroughDialogs } from './support/bank.ts';
import { keep, viewports } from './support/screens.ts';
import { createVerifiedUser, signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * What a new user reads on the Accounts page and around it (issue #20): the header counts the accounts it
 * lists, in words; accounts by their masked numbers, never a provider's id; the first call to action is
 * a first link; the frame does not scroll away from the sidebar; and a device that prefers light keeps
 * a System theme light through sign-in. In Chromium at a desktop and a phone size, with axe and
 * screenshots.
 */

const SOL_ADDRESS = 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9';
const BTC_ADDRESS = 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw';
const ETH_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function linkPopup(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Link / });
}

async function linkSandboxBank(page: Page) {
  await linkBankThroughDialogs(page);
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 30_000 });
}

async function linkWallets(page: Page) {
  await page.getByRole('button', { name: 'Add More' }).click();
  await linkPopup(page).getByRole('button', { name: /^Web3/ }).click();
  const form = page.getByRole('dialog', { name: 'Link Web3 Accounts' });
  const wallet = (number: number) => form.getByRole('group', { name: `Wallet #${number}` });
  // Where a private key is offered, the form says it stays in the browser.
  await expect(wallet(1).getByText(/^A private key stays in this browser/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const [number, name, chain, address] of [
    [1, 'Phantom', 'sol', SOL_ADDRESS],
    [2, 'Cold storage', 'btc', BTC_ADDRESS],
    [3, 'Hot wallet', 'eth', ETH_ADDRESS],
  ] as const) {
    if (number > 1) await form.getByRole('button', { name: 'Add another wallet' }).click();
    await wallet(number).getByLabel('Identifier').fill(name);
    await wallet(number).getByRole('button', { name: 'Add address' }).click();
    await wallet(number).getByLabel('Chain').selectOption(chain);
    await wallet(number).getByLabel('Address', { exact: true }).fill(address);
  }
  await form.getByRole('button', { name: 'Save wallets' }).click();
  await expect(form).toBeHidden({ timeout: 15_000 });
}

/** The ids a provider gave the user's connections and accounts, as the server answers them. */
async function providerIds(page: Page, user: { username: string; token: string }): Promise<string[]> {
  const response = await page.request.get(`/db/get-credentials?username=${user.username}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.ok()).toBe(true);
  const { accounts } = (await response.json()) as {
    accounts: Record<
      string,
      { account_type: string; item_id: string | null; account_id: string | null; accounts: { id: string }[] }
    >;
  };
  const ids: string[] = [];
  for (const connection of Object.values(accounts)) {
    // A wallet's account_id is its address, which its card shows on purpose.
    if (connection.account_type !== 'web3') ids.push(connection.item_id ?? '', connection.account_id ?? '');
    for (const account of connection.accounts) ids.push(account.id);
  }
  return ids.filter((id) => id.length >= 6);
}

/** Scrolls the page the way a person does, well past its end: the wheel over the content. */
async function scrollToTheEnd(page: Page) {
  const main = page.locator('main#main');
  const box = await main.boundingBox();
  if (!box) throw new Error('no main area');
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 1200);
      return main.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
    })
    .toBeLessThanOrEqual(1);
  // Past the end: a frame that could scroll would move now.
  for (let turn = 0; turn < 3; turn++) await page.mouse.wheel(0, 1200);
}

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test(`Accounts at ${viewportName} size: counts in words, masked numbers, the first link, no gap under the sidebar`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const user = await signUpAndSignIn(page, { firstName: 'Grace', lastName: 'Hopper' });
    await skipPreferencesWizard(page);
    await page.goto('/Accounts');

    // Nothing linked: the first call to action is a first link, not 'Add More'.
    await expect(page.getByText('Get started by connecting an account')).toBeVisible();
    await expect(page.getByText('0 accounts connected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add More' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keep(page, testInfo, `${viewportName}-accounts-empty`);

    await page.getByRole('button', { name: 'Connect Account' }).click();
    await linkSandboxBank(page);
    const bankCard = page.getByRole('article', { name: 'First Platypus Bank' });
    await expect(bankCard.getByText(/^Last synced/)).toBeVisible({ timeout: 60_000 });
    await linkWallets(page);
    const wallets = page.getByRole('region', { name: /^Web3 Wallets/ }).getByRole('article');
    await expect(wallets).toHaveCount(3);
    for (const card of await wallets.all()) {
      await expect(card.getByText(/^Last synced/)).toBeVisible({ timeout: 60_000 });
    }

    // The header counts the accounts listed beside it (one 'Transactions' per account), in words.
    const listed = await page.getByRole('button', { name: /^Transactions of / }).count();
    expect(listed).toBeGreaterThan(3);
    await expect(page.getByText(`${listed} accounts connected`, { exact: true })).toBeVisible();
    await expect(page.getByText(/\(s\)/)).toHaveCount(0);

    // Accounts by their masked numbers; no id of the provider anywhere on the page.
    const numbers = bankCard.locator('dt', { hasText: 'Account ID' }).locator('xpath=following-sibling::dd');
    expect(await numbers.count()).toBeGreaterThan(0);
    for (const number of await numbers.allInnerTexts()) expect(number).toMatch(/^•••• \d{2,4}$/);
    const pageText = await page.locator('main#main').innerText();
    const ids = await providerIds(page, user);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(pageText).not.toContain(id);
    // A wallet keeps its address: that is how its owner knows it.
    await expect(page.getByRole('article', { name: 'Hot wallet' }).getByText('Address')).toBeVisible();

    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await keep(page, testInfo, `${viewportName}-accounts-linked`);

    // Scrolled to the end and past it: the content scrolls, the frame does not, so the sidebar (or the
    // phone's top bar) still spans the viewport and nothing bare shows below it.
    const overflow = await page
      .locator('main#main')
      .evaluate((main) => main.scrollHeight - main.clientHeight);
    expect(overflow).toBeGreaterThan(0);
    await scrollToTheEnd(page);
    const frame = await page.evaluate(() => ({
      scrollY: window.scrollY,
      documentHeight: document.documentElement.scrollHeight,
      viewportHeight: window.innerHeight,
    }));
    expect(frame).toEqual({ scrollY: 0, documentHeight: viewport.height, viewportHeight: viewport.height });
    const mainBox = await page.locator('main#main').boundingBox();
    expect(mainBox && mainBox.y + mainBox.height).toBe(viewport.height);
    if (viewportName === 'desktop') {
      expect(await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox()).toMatchObject({
        y: 0,
        height: viewport.height,
      });
    } else {
      const topBar = page
        .locator('header')
        .filter({ has: page.getByRole('button', { name: 'Open navigation' }) });
      expect((await topBar.boundingBox())?.y).toBe(0);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      await expect(drawer).toBeVisible();
      expect(await drawer.boundingBox()).toMatchObject({ y: 0, height: viewport.height });
      await keep(page, testInfo, `${viewportName}-accounts-scrolled-drawer`);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
    await keep(page, testInfo, `${viewportName}-accounts-scrolled`);
  });
}

test('System theme: a device that prefers light stays light through sign-in, and a change is followed live', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewports.desktop);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  const user = await createVerifiedUser(page.request, { firstName: 'Grace', lastName: 'Hopper' });
  await skipPreferencesWizard(page);
  const html = page.locator('html');

  const signInThroughTheForm = async () => {
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(html).not.toHaveClass(/dark/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: `Hello, ${user.firstName}!` })).toBeVisible();
  };

  await page.goto('/signin');
  await signInThroughTheForm();
  // Nothing chosen yet: dark, the required default (docs/product/identity.md, "Theme").
  await expect(html).toHaveClass(/dark/);

  await page.goto('/Settings');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Account Settings' }).click();
  const appearance = settings.getByRole('radiogroup', { name: 'Appearance' });
  await appearance.getByRole('radio', { name: 'System' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await expect(settings.getByText('Follows your device: light or dark as it changes.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await keep(page, testInfo, 'settings-system-light');

  // Followed live while the app is open.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/dark/);

  // Signed out and in again: light on the sign-in screen and still light after it.
  await settings.getByRole('button', { name: 'Sign Out' }).click();
  await signInThroughTheForm();
  await expect(html).not.toHaveClass(/dark/);
  await expect(html).toHaveCSS('color-scheme', 'light');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await keep(page, testInfo, 'start-after-sign-in-system-light');

  // A cold load is light from the first paint: index.html's own script reads the choice, before (here:
  // without) the app's code.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(html).not.toHaveClass(/dark/);
  await expect(html).toHaveCSS('color-scheme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(html).toHaveClass(/dark/);
  await page.unroute(/\/assets\/.*\.js$/);
});
