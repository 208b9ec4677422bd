import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { linkSandboxBank, syncFinished } from './support/bank.ts';
import { signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * The conversation a person reads, at desktop (1440×900) and phone (390×844) width in both themes,
 * against the real server and the offline analyst over a linked sandbox bank: after each of ten
 * questions the newest answer's first line is in view; a reopened thread opens at its end; a
 * three-step answer's steps take one line until opened and say what each step read; axe finds nothing
 * serious. Screenshots of the chat, the start screen with its figures and the Accounts page are kept as
 * test artefacts in all four pairings of width and theme.
 */

const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

const themes = { light: 'false', dark: 'true' } as const;

const INPUT = 'Type here... The more details you provide, the better I can help!';

/** Short and long answers, lists, a refusal and a question asked back. */
const QUESTIONS = [
  'How much did I spend on groceries last month?',
  'What recurring payments do I have?',
  'What is my net worth?',
  'What are my largest transactions last month?',
  'Give me a breakdown of my spending by category for last month.',
  'Book me a flight to Paris',
  'What are my top 5 merchants this year?',
  'How much did I spend at the other place?',
  'What are my crypto balances?',
  'and the month before?',
];

async function keep(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/** The element's first line, measured against the message list's visible box. */
async function firstLineShows(list: Locator, line: Locator): Promise<boolean> {
  const [box, first] = await Promise.all([list.boundingBox(), line.boundingBox()]);
  if (!box || !first) return false;
  const lineHeight = await line.evaluate((element) => {
    const height = Number.parseFloat(getComputedStyle(element).lineHeight);
    return Number.isFinite(height) ? height : 20;
  });
  return first.y >= box.y - 1 && first.y + Math.min(lineHeight, first.height) <= box.y + box.height + 1;
}

/** How far the message list is from its bottom, in px. */
const distanceFromEnd = (list: Locator) =>
  list.evaluate((box) => Math.round(box.scrollHeight - box.scrollTop - box.clientHeight));

/** Chooses the theme as the app stores it (Light or Dark under Appearance) and opens the start screen. */
async function useTheme(page: Page, themeName: keyof typeof themes) {
  await page.goto('/');
  await page.evaluate((flag) => window.localStorage.setItem('penny.darkMode', flag), themes[themeName]);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(themeName === 'dark' ? /dark/ : /^(?!.*dark)/);
}

/**
 * The screens a user with linked accounts sees besides the chat: the start screen with its figures and
 * the Accounts page with its cards, each screenshotted and read by axe.
 */
async function linkedScreens(page: Page, testInfo: TestInfo, prefix: string) {
  await page.goto('/');
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

// Ten questions at each width in one theme (desktop light, phone dark); the other theme at the same
// width (desktop dark, phone light) follows in the same run with a few questions: ten in every pairing
// would double the suite's time for no new case.
const RUNS = [
  ['desktop', 'light'],
  ['phone', 'dark'],
] as const satisfies ReadonlyArray<readonly [keyof typeof viewports, keyof typeof themes]>;

for (const [viewportName, themeName] of RUNS) {
  const viewport = viewports[viewportName];
  test(`the chat at ${viewportName} width, ${themeName} theme then the other: answers in view, steps that say what they read`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const user = await signUpAndSignIn(page);
    await skipPreferencesWizard(page);
    await linkSandboxBank(page, user, new URL(baseURL ?? '').origin);
    await syncFinished(page, user);
    const prefix = `${viewportName}-${themeName}`;
    await useTheme(page, themeName);
    await page.getByRole('button', { name: 'Start a New Chat' }).click();
    await expect(page).toHaveURL(/\/chat\/thread-/);
    const thread = page.url();
    const list = page.getByRole('region', { name: 'Conversation' });
    const log = page.getByRole('log', { name: 'Messages' });
    const input = page.getByPlaceholder(INPUT);

    for (const [index, question] of QUESTIONS.entries()) {
      await input.fill(question);
      await input.press('Enter');
      // The turn's last item is its answer: the actions item after this question.
      const answer = log.locator('[data-chat-item="actions"]').nth(index);
      await expect(answer).toBeAttached({ timeout: 60_000 });
      const firstLine = answer.locator('[data-answer-start] > :not(.sr-only)').first();
      await expect(firstLine).toBeVisible();
      await expect
        .poll(() => firstLineShows(list, firstLine), {
          message: `the first line of the answer to '${question}'`,
        })
        .toBe(true);
      if (index === 1) await keep(page, testInfo, `${prefix}-long-answer`);
    }
    await keep(page, testInfo, `${prefix}-after-ten-questions`);

    // A three-step answer (net worth: reading, the tool, writing) is one line until opened.
    const worth = log.locator('[data-chat-item="actions"]').nth(2);
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

    // The groceries answer says what its step read; the refusal and the question asked back are
    // neither done nor complete.
    const groceries = log.locator('[data-chat-item="actions"]').nth(0);
    await expect(groceries.getByRole('button', { name: /Analysis complete/ })).toContainText(
      /Groceries · [A-Z][a-z]+ \d{4} · \d+ transactions?/,
    );
    await expect(log.locator('[data-chat-item="actions"]').nth(5).getByRole('button').first()).toContainText(
      'Declined',
    );
    await expect(log.locator('[data-chat-item="actions"]').nth(7).getByRole('button').first()).toContainText(
      'Asked back',
    );
    await expect(log.locator('[data-chat-item="actions"]').nth(8).getByRole('button').first()).toContainText(
      'Nothing found',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Reopened, the thread opens at its end.
    await page.goto('/Resources');
    await page.goto(thread);
    await expect(log.getByText(QUESTIONS[0] ?? '')).toBeAttached({ timeout: 30_000 });
    await expect
      .poll(() => distanceFromEnd(list), { message: 'the reopened thread is at its end' })
      .toBeLessThanOrEqual(2);
    const lastAnswer = log.locator('[data-chat-item="actions"]').last();
    await expect(lastAnswer.locator('[data-answer-start]')).toBeInViewport();
    await keep(page, testInfo, `${prefix}-reopened`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The same width in the other theme, leaner (same user, a few questions).
    await otherPairing(page, testInfo, viewportName, themeName === 'light' ? 'dark' : 'light');
  });
}

/** The colour of a category's swatch (its computed CSS colour) in the first row that names it. */
async function swatchOf(rows: Locator, category: RegExp): Promise<string> {
  const swatch = rows.filter({ hasText: category }).first().locator('[data-swatch]').first();
  await expect(swatch).toBeAttached();
  return swatch.evaluate((element) => getComputedStyle(element).backgroundColor);
}

/** The questions of the other two pairings: a long answer, a three-step one and a table of categories. */
const FEW = [
  'What recurring payments do I have?',
  'What is my net worth?',
  'Give me a breakdown of my spending by category for last month.',
] as const;

/**
 * One width in one theme, leaner than the ten-question run: the start screen and the Accounts page,
 * then a new chat of a few questions, each answer's first line in view, net worth's three steps on one
 * line, axe, and the thread reopened at its end. At the desktop, where the panel shows the card beside
 * the chat, the Accounts page gives Food and drink the colour the answer's table gives it.
 */
async function otherPairing(
  page: Page,
  testInfo: TestInfo,
  viewportName: keyof typeof viewports,
  themeName: keyof typeof themes,
) {
  const list = page.getByRole('region', { name: 'Conversation' });
  const log = page.getByRole('log', { name: 'Messages' });
  await page.setViewportSize(viewports[viewportName]);
  await useTheme(page, themeName);
  const prefix = `${viewportName}-${themeName}`;
  await linkedScreens(page, testInfo, prefix);

  await page.goto('/');
  await page.getByRole('button', { name: 'Start a New Chat' }).click();
  await expect(page).toHaveURL(/\/chat\/thread-/);
  const thread = page.url();
  // The table of categories is asked at the desktop only, where the panel shows its card beside the chat.
  for (const [index, question] of FEW.slice(0, viewportName === 'desktop' ? 3 : 2).entries()) {
    await page.getByPlaceholder(INPUT).fill(question);
    await page.getByPlaceholder(INPUT).press('Enter');
    const answer = log.locator('[data-chat-item="actions"]').nth(index);
    await expect(answer).toBeAttached({ timeout: 60_000 });
    const firstLine = answer.locator('[data-answer-start] > :not(.sr-only)').first();
    await expect(firstLine).toBeVisible();
    await expect
      .poll(() => firstLineShows(list, firstLine), {
        message: `the first line of the answer to '${question}'`,
      })
      .toBe(true);
    await keep(page, testInfo, `${prefix}-answer-${index + 1}`);
  }

  // Net worth's three steps are one line until opened, and say what they read.
  const worth = log.locator('[data-chat-item="actions"]').nth(1);
  const steps = worth.getByRole('button', { name: /Analysis complete/ });
  await worth.scrollIntoViewIfNeeded();
  await expect(steps).toContainText('3 steps');
  await expect(steps).toContainText(/Net worth · \d+ accounts/);
  expect((await steps.boundingBox())?.height ?? 0).toBeLessThan(44);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // At the desktop, where the panel shows the card: the Accounts page gives a category the colour the
  // answer's table gives it.
  let food: string | null = null;
  if (viewportName === 'desktop') {
    const cell = page.getByRole('cell', { name: 'Food and drink', exact: true });
    const card = page.locator('article[data-visualization-card]').filter({ has: cell }).first();
    await expect(card.getByRole('cell', { name: 'Food and drink', exact: true })).toBeVisible();
    food = await swatchOf(card.locator('tbody tr'), /^Food and drink/);
  }

  // Reopened, the thread opens at its end (after the Accounts page).
  await page.goto('/Accounts');
  if (food !== null) {
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
  await page.goto(thread);
  await expect(log.getByText(FEW[0])).toBeAttached({ timeout: 30_000 });
  await expect
    .poll(() => distanceFromEnd(list), { message: 'the reopened thread is at its end' })
    .toBeLessThanOrEqual(2);
  await expect(
    log.locator('[data-chat-item="actions"]').last().locator('[data-answer-start]'),
  ).toBeInViewport();
  await keep(page, testInfo, `${prefix}-reopened`);
}
