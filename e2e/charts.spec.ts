import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { linkSandboxBank, syncFinished } from './support/bank.ts';
import { canvasHasColor, canvasHasDrawn } from './support/canvas.ts';
import { signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * Charts that fit their data, in Chromium against the real server with the offline analyst over a
 * linked sandbox bank (docs/decisions/0017-charts-that-fit-their-data.md): no pie has more than six
 * slices, a category keeps one colour across answers, month labels read "Dec 2025", and axe finds
 * nothing serious. Each answer is screenshotted as a test artefact.
 */

const INPUT = 'Type here... The more details you provide, the better I can help!';

/** The questions, each answered by a different reading (tool or grouping) of the same ledger. */
const QUESTIONS = {
  breakdown: 'Give me a breakdown of my spending by category for last month.',
  topCategories: 'What were my top spending categories over the last 3 months?',
  share: 'What share of my spending went to each category last month?',
  food: 'How much did I spend on food last month, by category?',
  subscriptions: 'Show my subscriptions',
  netWorth: 'What is my net worth?',
} as const;

async function cardIds(page: Page): Promise<string[]> {
  return page
    .locator('article[data-visualization-card]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-visualization-card') ?? ''));
}

/** Asks in the open chat and answers the new result card once its charts have drawn. */
async function ask(page: Page, question: string): Promise<Locator> {
  const before = new Set(await cardIds(page));
  const input = page.getByPlaceholder(INPUT);
  await input.fill(question);
  await input.press('Enter');
  await expect
    .poll(async () => (await cardIds(page)).filter((id) => !before.has(id)).length, { timeout: 60_000 })
    .toBe(1);
  const id = (await cardIds(page)).find((each) => !before.has(each)) ?? '';
  const card = page.locator(`article[data-visualization-card="${id}"]`);
  for (const canvas of await card.locator('canvas').all()) {
    await canvas.scrollIntoViewIfNeeded();
    await expect.poll(() => canvasHasDrawn(canvas)).toBe(true);
  }
  return card;
}

/** The colour of a category's swatch in the card's table (the computed CSS colour). */
async function swatchColor(card: Locator, category: string): Promise<string> {
  const row = card
    .locator('tbody tr')
    .filter({ has: card.page().getByRole('cell', { name: category, exact: true }) });
  const swatch = row.locator('[data-swatch]').first();
  await expect(swatch).toBeAttached();
  return swatch.evaluate((element) => getComputedStyle(element).backgroundColor);
}

/** Every pie's caption states its number of slices: "Pie chart of 4 parts, ...". */
async function pieSlices(card: Locator): Promise<number[]> {
  const captions = await card.locator('figure[data-block-type="pie"] figcaption').allTextContents();
  return captions.map((caption) => Number(/Pie chart of (\d+) part/.exec(caption)?.[1] ?? Number.NaN));
}

async function screenshot(card: Locator, name: string, testInfo: TestInfo) {
  const path = testInfo.outputPath(`charts-${name}.png`);
  await card.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(`charts-${name}`, { path, contentType: 'image/png' });
}

test('answers draw charts that fit their data, one colour per category, dates people read', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Charts draw without animation (as for users who ask for less motion): pixels and screenshots are stable.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const user = await signUpAndSignIn(page, { firstName: 'Grace', lastName: 'Hopper' });
  await skipPreferencesWizard(page);
  await linkSandboxBank(page, user, new URL(baseURL ?? '').origin);
  await syncFinished(page, user);
  await page.goto('/');
  await page.getByRole('button', { name: 'Start a New Chat' }).click();
  await expect(page).toHaveURL(/\/chat\/thread-/);

  const cards: Partial<Record<keyof typeof QUESTIONS, Locator>> = {};
  const slices: number[] = [];
  for (const [name, question] of Object.entries(QUESTIONS) as Array<[keyof typeof QUESTIONS, string]>) {
    const card = await ask(page, question);
    cards[name] = card;
    slices.push(...(await pieSlices(card)));
    await screenshot(card, name, testInfo);
  }

  // No pie of more than six slices, across every answer; and there were pies to look at.
  expect(slices.length).toBeGreaterThan(0);
  for (const count of slices) expect(count).toBeLessThanOrEqual(6);

  // Food and drink: one colour in three different answers, in the table's swatch and drawn in the chart.
  const answersWithFood = [cards.breakdown, cards.topCategories, cards.share] as Locator[];
  const foodColors = await Promise.all(answersWithFood.map((card) => swatchColor(card, 'Food and drink')));
  expect(new Set(foodColors).size).toBe(1);
  const [food] = foodColors as [string];
  for (const card of answersWithFood) {
    expect(await canvasHasColor(card.locator('canvas').first(), food)).toBe(true);
  }
  // Rent and utilities has its own colour, not Food and drink's.
  expect(await swatchColor(cards.breakdown as Locator, 'Rent and utilities')).not.toBe(food);

  // Restaurants, a part of food, is drawn in its own colour in the food answer's pie.
  const restaurants = await swatchColor(cards.food as Locator, 'Restaurants');
  expect(await canvasHasColor((cards.food as Locator).locator('canvas').first(), restaurants)).toBe(true);

  // Ordinary spending is not drawn in the red of bad news.
  const negative = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--penny-negative)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  for (const card of answersWithFood) {
    expect(await canvasHasColor(card.locator('canvas').first(), negative)).toBe(false);
  }

  // Months read as people read them.
  const netWorth = cards.netWorth as Locator;
  await expect(netWorth.locator('figure[data-block-type="line"] figcaption')).toContainText(
    /\(([A-Z][a-z]{2} \d{4}) to ([A-Z][a-z]{2} \d{4})\)/,
  );
  await expect(netWorth.locator('figure[data-block-type="line"] figcaption')).not.toContainText(
    /\d{4}-\d{2}/,
  );

  // The subscriptions table fits its columns at 1440 px: the monthly cost and next date are in view.
  const subscriptions = cards.subscriptions as Locator;
  await subscriptions.scrollIntoViewIfNeeded();
  await expect(subscriptions.getByRole('columnheader', { name: 'Monthly cost' })).toBeInViewport();
  await expect(subscriptions.getByRole('columnheader', { name: 'Next date' })).toBeInViewport();

  expect(await seriousAxeViolations(page)).toEqual([]);
});
