import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { linkSandboxBank, syncFinished } from './support/bank.ts';
import { signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * The conversation a person reads, at desktop (1440×900) and phone (390×844) width in both themes,
 * against the real server and the offline analyst over a linked sandbox bank: after each of ten
 * questions the newest answer's first line is in view; a reopened thread opens at its end; a
 * three-step answer's steps take one line until opened and say what each step read; axe finds nothing
 * serious. Screenshots of the chat are kept as test artefacts.
 */

const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

const themes = { light: 'false', dark: 'true' } as const;

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

// Each width and each theme once (desktop light, phone dark): each run links a bank and asks ten
// questions, so every pairing would double the suite's time for no new case.
const RUNS = [
  ['desktop', 'light'],
  ['phone', 'dark'],
] as const satisfies ReadonlyArray<readonly [keyof typeof viewports, keyof typeof themes]>;

for (const [viewportName, themeName] of RUNS) {
  const viewport = viewports[viewportName];
  const darkFlag = themes[themeName];
  test(`the chat at ${viewportName} width, ${themeName} theme: answers in view, steps that say what they read`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript((flag) => window.localStorage.setItem('penny.darkMode', flag), darkFlag);
    const user = await signUpAndSignIn(page);
    await skipPreferencesWizard(page);
    await linkSandboxBank(page, user, new URL(baseURL ?? '').origin);
    await syncFinished(page, user);

    await page.goto('/');
    await page.getByRole('button', { name: 'Start a New Chat' }).click();
    await expect(page).toHaveURL(/\/chat\/thread-/);
    const thread = page.url();
    const list = page.getByRole('region', { name: 'Conversation' });
    const log = page.getByRole('log', { name: 'Messages' });
    const input = page.getByPlaceholder('Type here... The more details you provide, the better I can help!');
    const prefix = `${viewportName}-${themeName}`;

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
  });
}
