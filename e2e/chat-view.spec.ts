import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { linkSandboxBank, syncFinished } from './support/bank.ts';
import {
  answerAt,
  askAndSeeAnswer,
  conversation,
  PAIRINGS,
  QUESTION,
  reopenedAtEnd,
  stepSummaryLegible,
  TEN_QUESTIONS,
  useTheme,
} from './support/chat-view.ts';
import { keep, viewports } from './support/screens.ts';
import { signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * The conversation a person reads, at desktop (1440×900) and phone (390×844) width in both themes,
 * against the real server and the offline analyst over a linked sandbox bank: after each of ten
 * questions the newest answer's first line is in view; a reopened thread opens at its end; a
 * three-step answer's steps take one line until opened and say what each step read, and a step line
 * keeps what it read legible; axe finds nothing serious. Screenshots of the chat, the start screen with
 * its figures and the Accounts page are kept as test artefacts in all four pairings of width and theme.
 */

/**
 * The screens a user with linked accounts sees besides the chat: the start screen with its figures and
 * the Accounts page with its cards, each screenshotted and read by axe.
 */
async function linkedScreens(page: Page, testInfo: TestInfo, prefix: string) {
  const figures = page.getByRole('region', { name: 'Where you stand' });
  await expect(figures).toBeVisible({ timeout: 30_000 });
  await expect(
    figures.getByRole('img', { name: /^(Net worth|Bank and card balances) by month: / }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start a New Chat' })).toBeVisible();
  await keep(page, testInfo, `${prefix}-home`);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.goto('/Accounts');
  await expect(page.getByRole('button', { name: /^Transactions of / }).first()).toBeVisible({
    timeout: 30_000,
  });
  await keep(page, testInfo, `${prefix}-accounts`);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/**
 * What the steps lines say: net worth's three steps take one line until opened and say what each read;
 * groceries says what its step read; the refusal and the question asked back are neither done nor
 * complete; the crypto answer found nothing and says so with what it read still legible, as every
 * answer's line keeps what its step read legible.
 */
async function stepsSayWhatTheyRead(page: Page, testInfo: TestInfo, prefix: string) {
  const worth = answerAt(page, QUESTION.netWorth);
  const steps = worth.getByRole('button', { name: /Analysis complete/ });
  await worth.scrollIntoViewIfNeeded();
  await expect(steps).toContainText('3 steps');
  await expect(steps).toContainText(/Net worth · \d+ accounts/);
  const lineHeight = (await steps.boundingBox())?.height ?? 0;
  expect(lineHeight).toBeGreaterThan(0);
  expect(lineHeight).toBeLessThan(44);
  await expect(worth.getByRole('button', { name: /AI Thought Process/ })).toHaveCount(0);
  await steps.click();
  const panels = worth.getByRole('button', { name: /AI Thought Process/ });
  await expect(panels).toHaveCount(3);
  await expect(panels.nth(1)).toContainText(/Net worth · \d+ accounts/);
  await expect(panels.nth(1)).toContainText('Done');
  await keep(page, testInfo, `${prefix}-steps-opened`);
  await steps.click();
  await expect(panels).toHaveCount(0);

  await expect(
    answerAt(page, QUESTION.groceries).getByRole('button', { name: /Analysis complete/ }),
  ).toContainText(/Groceries · [A-Z][a-z]+ \d{4} · \d+ transactions?/);
  await expect(answerAt(page, QUESTION.refusal).getByRole('button').first()).toContainText('Declined');
  await expect(answerAt(page, QUESTION.askedBack).getByRole('button').first()).toContainText('Asked back');

  const crypto = answerAt(page, QUESTION.crypto);
  await expect(crypto.getByRole('button').first()).toContainText('Nothing found');
  await crypto.scrollIntoViewIfNeeded();
  expect(await stepSummaryLegible(crypto)).toEqual({
    text: expect.stringMatching(/^Crypto balances/),
    legible: true,
  });
  await keep(page, testInfo, `${prefix}-nothing-found`);
  for (const [index, question] of TEN_QUESTIONS.entries()) {
    const { text, legible } = await stepSummaryLegible(answerAt(page, index));
    expect(legible, `the step line of '${question}' keeps '${text}' legible`).toBe(true);
  }
}

/** The colour of a category's swatch (its computed CSS colour) in the first row that names it. */
async function swatchOf(rows: Locator, category: RegExp): Promise<string> {
  const swatch = rows.filter({ hasText: category }).first().locator('[data-swatch]').first();
  await expect(swatch).toBeAttached();
  return swatch.evaluate((element) => getComputedStyle(element).backgroundColor);
}

/**
 * At the desktop, where the panel shows the answer's card beside the chat: the Accounts page's
 * transactions give Food and drink the colour the answer's table of categories gives it.
 */
async function categoryColourMatchesAccounts(page: Page, testInfo: TestInfo, prefix: string) {
  const cell = page.getByRole('cell', { name: 'Food and drink', exact: true });
  const card = page.locator('article[data-visualization-card]').filter({ has: cell }).first();
  await expect(card.getByRole('cell', { name: 'Food and drink', exact: true })).toBeVisible();
  const food = await swatchOf(card.locator('tbody tr'), /^Food and drink/);

  await page.goto('/Accounts');
  const transactions = page.getByRole('dialog', { name: / transactions$/ });
  const buttons = page.getByRole('button', { name: /^Transactions of / });
  const rows = transactions.getByRole('region', { name: 'Transactions' }).getByRole('listitem');
  await expect(buttons.first()).toBeVisible({ timeout: 30_000 });
  await buttons.first().click();
  await transactions.getByLabel('Search transactions').fill('food');
  await expect(transactions.getByRole('region', { name: 'Transactions' })).not.toHaveAttribute(
    'aria-busy',
    'true',
    { timeout: 30_000 },
  );
  await expect(rows.filter({ hasText: /Food and drink/ }).first()).toBeVisible();
  expect(await swatchOf(rows, /Food and drink/)).toBe(food);
  await keep(page, testInfo, `${prefix}-transactions`);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
}

for (const [viewportName, themeName] of PAIRINGS) {
  test(`the chat at ${viewportName} width, ${themeName} theme: ten answers in view, steps that say what they read`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewports[viewportName]);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // One user with the sandbox bank linked, its history in, for the whole pairing.
    const user = await signUpAndSignIn(page);
    await skipPreferencesWizard(page);
    await linkSandboxBank(page, user, new URL(baseURL ?? '').origin);
    await syncFinished(page, user);
    const prefix = `${viewportName}-${themeName}`;
    await useTheme(page, themeName);
    await linkedScreens(page, testInfo, prefix);

    await page.goto('/');
    await page.getByRole('button', { name: 'Start a New Chat' }).click();
    await expect(page).toHaveURL(/\/chat\/thread-/);
    const thread = page.url();
    for (const [index, question] of TEN_QUESTIONS.entries()) {
      await askAndSeeAnswer(page, question, index);
      if (index === 1) await keep(page, testInfo, `${prefix}-long-answer`);
    }
    await keep(page, testInfo, `${prefix}-after-ten-questions`);
    await expect(conversation(page).log.locator('[data-chat-item="actions"]')).toHaveCount(
      TEN_QUESTIONS.length,
    );

    // Net worth leads with its figure, large, and the figure does not end in a colon.
    await expect(answerAt(page, QUESTION.netWorth).locator('[data-lead-figure]')).toHaveText(
      /^\s*\$[\d,]+\.\d{2}\s*$/,
    );
    await stepsSayWhatTheyRead(page, testInfo, prefix);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Reopened after another page, the thread opens at its end.
    if (viewportName === 'desktop') await categoryColourMatchesAccounts(page, testInfo, prefix);
    else await page.goto('/Resources');
    await reopenedAtEnd(page, thread, TEN_QUESTIONS[0]);
    await keep(page, testInfo, `${prefix}-reopened`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
