import type { HomeSummaryResponse } from '@penny/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { linkSandboxBank, syncFinished } from './support/bank.ts';
import { signUpAndSignIn, skipPreferencesWizard, type TestUser } from './support/users.ts';

/**
 * The start screen once accounts are linked (docs/api.md, "Home summary"), and managing chats: a
 * suggested question starts a chat that is answered; deleting a chat asks first and can be undone
 * (decision 0018); on the phone the toast leaves the Send button uncovered. Desktop 1440×900 and phone
 * 390×844, axe at zero serious or critical, screenshots kept as test artefacts.
 */

type Signed = TestUser & { token: string };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The home summary as the server answers it, once the first sync has filled the ledger. */
async function syncedSummary(page: Page, user: Signed): Promise<NonNullable<HomeSummaryResponse['summary']>> {
  const query = new URLSearchParams({
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
  });
  await syncFinished(page, user);
  let summary: HomeSummaryResponse['summary'] = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/db/home-summary?${query}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        summary = ((await response.json()) as HomeSummaryResponse).summary;
        return (summary?.spending.last_month.transactions ?? 0) > 0 && (summary?.upcoming.count ?? 0) > 0;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  if (!summary) throw new Error('no home summary');
  return summary;
}

/** The figures the start screen shows, each equal to the server's answer. */
async function expectFigures(page: Page, summary: NonNullable<HomeSummaryResponse['summary']>) {
  const figures = page.getByRole('region', { name: 'Where you stand' });
  await expect(figures).toBeVisible({ timeout: 30_000 });
  await expect(figures.getByRole('heading', { name: 'Net worth' })).toBeVisible();
  await expect(figures.getByText(usd.format(Number(summary.net_worth.net)), { exact: true })).toBeVisible();
  await expect(
    figures.getByRole('img', { name: /^(Net worth|Bank and card balances) by month: / }),
  ).toBeVisible();
  await expect(figures.getByRole('heading', { name: 'Spending this month' })).toBeVisible();
  await expect(
    figures.getByText(usd.format(Number(summary.spending.this_month.total)), { exact: true }).first(),
  ).toBeVisible();
  await expect(figures.getByRole('heading', { name: 'Upcoming payments' })).toBeVisible();
  const first = summary.upcoming.payments[0];
  if (!first) throw new Error('no upcoming payment');
  await expect(figures.getByRole('listitem').filter({ hasText: first.merchant }).first()).toContainText(
    usd.format(Number(first.amount)),
  );
  // The required start screen (docs/product/identity.md, "Empty start screen") is still all there.
  await expect(page.getByRole('button', { name: 'Start a New Chat' })).toBeVisible();
}

function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function threadOptions(page: Page, link: Locator) {
  await link.hover();
  const named = (await link.getAttribute('title')) ?? '';
  await page.getByRole('button', { name: `Options for ${named}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  return page.getByRole('alertdialog', { name: 'Delete this chat?' });
}

test.describe('the start screen and managing chats', () => {
  test('desktop: the figures, a suggested question answered, delete asked first and undone', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const user = await signUpAndSignIn(page, { firstName: 'Ada', lastName: 'Lovelace' });
    await skipPreferencesWizard(page);

    // Nothing linked: the required start screen, no figures.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start a New Chat' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Where you stand' })).toHaveCount(0);

    await linkSandboxBank(page, user, new URL(baseURL ?? '').origin);
    const summary = await syncedSummary(page, user);
    await page.goto('/');
    await expectFigures(page, summary);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('home-desktop.png'), fullPage: true });

    // ---- A suggested question starts a chat with it, and it is answered.
    const suggestions = page.getByRole('region', { name: 'Ask Penny' });
    const question = summary.suggestions[0] ?? '';
    expect(question).toMatch(/^How much did I spend on .+ last month\?$/);
    await suggestions.getByRole('button', { name: question }).click();
    await expect(page).toHaveURL(/\/chat\/thread-/);
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(question)).toBeVisible();
    // The finished turn's steps (one line until opened).
    await expect(log.getByRole('button', { name: /Analysis complete/ }).first()).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('article').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('article').first()).toContainText(/\$[\d,]+\.\d\d/);
    const thread = new URL(page.url()).pathname;
    // Asked once: a reload shows the one turn and does not ask again.
    await page.reload();
    await expect(log.getByText(question)).toHaveCount(1, { timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath('suggested-question-answered.png') });

    // ---- Save the answer: the card says Saved, and the resource's title says what and when.
    const now = new Date();
    const lastMonth = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    await page.getByRole('button', { name: 'Save this visualization to resources' }).first().click();
    await expect(page.getByRole('button', { name: 'Saved' }).first()).toBeDisabled();
    await page.goto('/Resources');
    await expect(
      page
        .getByRole('navigation', { name: 'Saved resources' })
        .getByRole('link', { name: new RegExp(` · ${lastMonth}`) }),
    ).toBeVisible({ timeout: 30_000 });
    await page.goto(thread);

    // ---- Delete asks first; Cancel keeps it.
    const link = page.locator(`aside a[href="${thread}"]`);
    await expect(link).toBeVisible();
    await expect(link).toHaveAccessibleName(/ [A-Z][a-z]{2} \d{1,2}/);
    let dialog = await threadOptions(page, link);
    await expect(dialog).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('delete-confirm.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeVisible();

    // ---- Delete, then Undo: it comes back and survives a reload.
    dialog = await threadOptions(page, link);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Conversation removed.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(link).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(link).toBeVisible();
    await page.reload();
    await expect(page.locator(`aside a[href="${thread}"]`)).toBeVisible({ timeout: 30_000 });

    // ---- Delete for real: once the toast has gone, the server no longer has it.
    dialog = await threadOptions(page, page.locator(`aside a[href="${thread}"]`));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Conversation removed.')).toBeVisible();
    await expect(page.getByText('Conversation removed.')).toHaveCount(0, { timeout: 20_000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Where you stand' })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(`aside a[href="${thread}"]`)).toHaveCount(0);
  });

  test('phone: the figures, and the new-chat toast leaves Send uncovered', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await signUpAndSignIn(page, { firstName: 'Grace', lastName: 'Hopper' });
    await skipPreferencesWizard(page);
    await linkSandboxBank(page, user, new URL(baseURL ?? '').origin);
    const summary = await syncedSummary(page, user);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Grace!' })).toBeVisible();
    await expectFigures(page, summary);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('home-phone.png'), fullPage: true });

    await page.getByRole('button', { name: 'Start a New Chat' }).click();
    await expect(page).toHaveURL(/\/chat\/thread-/);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Started a new conversation' });
    await expect(toast).toBeVisible();
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeVisible();
    const composer = page.getByPlaceholder(
      'Type here... The more details you provide, the better I can help!',
    );
    const toastBox = await toast.boundingBox();
    const sendBox = await send.boundingBox();
    const composerBox = await composer.boundingBox();
    if (!toastBox || !sendBox || !composerBox) throw new Error('no layout boxes');
    expect(boxesOverlap(toastBox, sendBox)).toBe(false);
    expect(boxesOverlap(toastBox, composerBox)).toBe(false);
    // And Send can be pressed while the toast shows.
    await composer.fill('What is my net worth?');
    await send.click({ trial: true });
    await page.screenshot({ path: testInfo.outputPath('new-chat-toast-phone.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
