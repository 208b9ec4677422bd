import { expect, type Locator, type Page } from '@playwright/test';
import { type ThemeName, themes, type ViewportName } from './screens.ts';

/**
 * What the browser tests of the conversation share: the two widths and two themes people read it in,
 * ten varied questions, and the checks a reader makes: the newest answer's first line in view, the
 * thread at its end when reopened, a step's line saying what it read.
 */

/** Every width with every theme. */
export const PAIRINGS = [
  ['desktop', 'light'],
  ['desktop', 'dark'],
  ['phone', 'light'],
  ['phone', 'dark'],
] as const satisfies ReadonlyArray<readonly [ViewportName, ThemeName]>;

export const CHAT_INPUT = 'Type here... The more details you provide, the better I can help!';

/**
 * Ten questions a person asks in one chat, each a different kind of answer; `QUESTION` names the ones
 * the tests look at again by their place in the thread.
 */
export const TEN_QUESTIONS = [
  // Spending in one category: one tool step that says what it read.
  'How much did I spend on groceries last month?',
  // A long answer with a table of payments.
  'What recurring payments do I have?',
  // Three steps (reading, the tool, writing) and a series over time.
  'What is my net worth?',
  // A chart and a table of categories.
  'Give me a breakdown of my spending by category for last month.',
  // A follow-up that leans on the question before.
  'and the month before?',
  // A refusal.
  'Book me a flight to Paris',
  // A comparison of two months.
  'How does my spending this month compare to last month?',
  // A question asked back.
  'How much did I spend at the other place?',
  // A ranking in bars.
  'What are my top 5 merchants this year?',
  // Nothing to read: no wallet is linked.
  'What are my crypto balances?',
] as const;

/** The place in TEN_QUESTIONS of the answers looked at again. */
export const QUESTION = {
  groceries: 0,
  netWorth: 2,
  categories: 3,
  refusal: 5,
  askedBack: 7,
  crypto: 9,
} as const satisfies Record<string, number>;

/** Chooses the theme as the app stores it and opens the start screen in it. */
export async function useTheme(page: Page, themeName: ThemeName): Promise<void> {
  await page.goto('/');
  await page.evaluate((flag) => window.localStorage.setItem('penny.darkMode', flag), themes[themeName]);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(themeName === 'dark' ? /dark/ : /^(?!.*dark)/);
}

/** The scrolling message list and the log of messages inside it. */
export function conversation(page: Page): { list: Locator; log: Locator } {
  return {
    list: page.getByRole('region', { name: 'Conversation' }),
    log: page.getByRole('log', { name: 'Messages' }),
  };
}

/** The answer (its turn's last item, the actions item) to the question at `index` of the thread. */
export function answerAt(page: Page, index: number): Locator {
  return conversation(page).log.locator('[data-chat-item="actions"]').nth(index);
}

/** The element's first line, measured against the message list's visible box. */
export async function firstLineShows(list: Locator, line: Locator): Promise<boolean> {
  const [box, first] = await Promise.all([list.boundingBox(), line.boundingBox()]);
  if (!box || !first) return false;
  const lineHeight = await line.evaluate((element) => {
    const height = Number.parseFloat(getComputedStyle(element).lineHeight);
    return Number.isFinite(height) ? height : 20;
  });
  return first.y >= box.y - 1 && first.y + Math.min(lineHeight, first.height) <= box.y + box.height + 1;
}

/**
 * Sends `question` as the thread's question number `index` (from 0) and waits until its answer has come
 * and its first line is in view.
 */
export async function askAndSeeAnswer(page: Page, question: string, index: number): Promise<Locator> {
  const input = page.getByPlaceholder(CHAT_INPUT);
  await input.fill(question);
  await input.press('Enter');
  const answer = answerAt(page, index);
  await expect(answer).toBeAttached({ timeout: 60_000 });
  const firstLine = answer.locator('[data-answer-start] > :not(.sr-only)').first();
  await expect(firstLine).toBeVisible();
  await expect
    .poll(() => firstLineShows(conversation(page).list, firstLine), {
      message: `the first line of the answer to '${question}'`,
    })
    .toBe(true);
  return answer;
}

/** How far the message list is from its bottom, in px. */
export const distanceFromEnd = (list: Locator): Promise<number> =>
  list.evaluate((box) => Math.round(box.scrollHeight - box.scrollTop - box.clientHeight));

/** Opens `thread` again after another page and sees it at its end, its last answer in view. */
export async function reopenedAtEnd(page: Page, thread: string, firstQuestion: string): Promise<void> {
  const { list, log } = conversation(page);
  await page.goto(thread);
  await expect(log.getByText(firstQuestion)).toBeAttached({ timeout: 30_000 });
  await expect
    .poll(() => distanceFromEnd(list), { message: 'the reopened thread is at its end' })
    .toBeLessThanOrEqual(2);
  await expect(
    log.locator('[data-chat-item="actions"]').last().locator('[data-answer-start]'),
  ).toBeInViewport();
}

/**
 * The collapsed steps line of an answer keeps what its step read legible: the summary's first part
 * ('Crypto balances' of 'Crypto balances · 2 accounts') shows whole, or, when it is longer than a line,
 * the summary has a line of its own. Answers what the summary reads and whether it is legible.
 */
export async function stepSummaryLegible(answer: Locator): Promise<{ text: string; legible: boolean }> {
  const summary = answer.locator('[data-step-summary]').first();
  await expect(summary).toBeVisible();
  return summary.evaluate((element) => {
    const text = element.textContent ?? '';
    const head = (text.split(' · ')[0] ?? '').trimEnd();
    const node = element.firstChild;
    const box = element.getBoundingClientRect();
    const line = element.closest('button')?.getBoundingClientRect();
    if (!node || head === '' || !line) return { text, legible: false };
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, head.length);
    const headBox = range.getBoundingClientRect();
    // A cut summary ends in an ellipsis, which covers about one character before the box's edge.
    const room = element.scrollWidth > element.clientWidth ? box.right - 12 : box.right + 0.5;
    // Starting a line of its own, it has all the room there is: only a first part longer than the
    // line is cut.
    const ownLine = Math.abs(box.left - line.left) < 2;
    return { text, legible: headBox.width > 0 && (headBox.right <= room || ownLine) };
  });
}
