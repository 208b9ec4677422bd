import { sealBody } from '@penny/contracts/envelope-seal';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { linkSandboxBank, syncFinished } from './support/bank.ts';
import { signUpAndSignIn, skipPreferencesWizard, type TestUser } from './support/users.ts';

/**
 * The chat end to end, in Chromium against the real server with the offline analyst: a user with a
 * linked sandbox bank asks the headline question, watches real steps, reads the right figure and a
 * chart, follows up, reloads, reopens the thread from the sidebar, saves the result, forks it, deletes
 * a thread, and asks with Deep Thinking.
 */

const HEADLINE = 'How much did I spend on groceries last month?';

type Signed = TestUser & { token: string };

async function sealedPost<T>(
  request: APIRequestContext,
  user: Signed,
  path: string,
  body: unknown,
): Promise<T> {
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
  return (await response.json()) as T;
}

/** Last month's grocery spending, summed plainly from the agent service's raw transaction reads. */
async function groceriesLastMonth(page: Page, user: Signed): Promise<string> {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  const names = { username: user.username, firstName: user.firstName, lastName: user.lastName };
  const { accounts } = await sealedPost<{ accounts: Array<{ account_name: string; id: string }> }>(
    page.request,
    user,
    '/agent/plaid/get-accounts',
    names,
  );
  let cents = 0;
  for (const account of accounts) {
    let cursor: string | null | undefined;
    do {
      const page_ = await sealedPost<{
        transactions: Array<{ amount: string; category_detailed: string | null; pending: boolean }>;
        next_cursor: string | null;
      }>(page.request, user, '/agent/plaid/get-transactions', {
        ...names,
        account_name: account.account_name,
        account_id: account.id,
        start_date: start,
        end_date: end,
        limit: 500,
        ...(cursor ? { cursor } : {}),
      });
      for (const t of page_.transactions) {
        if (t.pending || t.category_detailed !== 'FOOD_AND_DRINK_GROCERIES') continue;
        cents -= Math.round(Number(t.amount) * 100);
      }
      cursor = page_.next_cursor;
    } while (cursor);
  }
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

test('the chat: ask, watch the steps, follow up, reload, reopen, save, fork, delete, deep thinking', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const user = await signUpAndSignIn(page, { firstName: 'Ada', lastName: 'Lovelace' });
  await skipPreferencesWizard(page);
  await linkSandboxBank(page, user, new URL(baseURL ?? '').origin);
  await syncFinished(page, user);

  // ---- A new chat from the start screen.
  await page.goto('/');
  await page.getByRole('button', { name: 'Start a New Chat' }).click();
  await expect(page).toHaveURL(/\/chat\/thread-/);
  await expect(page.getByText('Started a new conversation')).toBeVisible();
  const firstThread = page.url();
  const input = page.getByPlaceholder('Type here... The more details you provide, the better I can help!');
  const streamed = page.waitForResponse((response) => new URL(response.url()).pathname === '/agent/chat');
  await input.fill(HEADLINE);
  await input.press('Enter');

  // Real steps: the turn streams each action as it starts and ends, before its result; the page
  // shows an AI Thought Process panel per action.
  const events = (await (await streamed).text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map(
      (line) =>
        JSON.parse(line.slice(6)) as {
          type: string;
          action?: { status: string; tool?: string };
          result?: { answer: string };
        },
    );
  const toolEvents = events.filter((e) => e.type === 'action' && e.action?.tool === 'spending_by_category');
  expect(toolEvents.map((e) => e.action?.status)).toEqual(['started', 'completed']);
  expect(events.findIndex((e) => e.type === 'action')).toBeLessThan(
    events.findIndex((e) => e.type === 'result'),
  );
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(HEADLINE)).toBeVisible();
  // The finished steps are one line until opened; opened, a panel per action.
  const steps = log.getByRole('button', { name: /Analysis complete/ });
  await expect(steps.first()).toBeVisible({ timeout: 60_000 });
  await steps.first().click();
  const panels = log.getByRole('button', { name: /AI Thought Process/ });
  expect(await panels.count()).toBeGreaterThanOrEqual(2);
  await panels.nth(1).click();
  await expect(log.getByText('What I did:').filter({ visible: true }).first()).toBeVisible();
  await expect(
    log
      .getByText(/Totalling spending on groceries/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();

  // The right number, in the answer and in the result card, with a chart. The card holds the figures
  // and says what it read, when and from what; the words are the chat's only (decision 0021).
  const expected = await groceriesLastMonth(page, user);
  await expect(log.getByText(expected).first()).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: expected }).first();
  await expect(card).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  const lastMonth = new Date();
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const monthName = lastMonth.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(card.locator('header')).toContainText(monthName);
  await expect(card.locator('header')).toContainText(/From [\d,]+ transactions? in \d+ accounts?/);
  const answer = events.find((e) => e.type === 'result')?.result?.answer ?? '';
  // The answer's lines as the chat shows them (a list item without its dash).
  const sentences = answer
    .split('\n')
    .map((line) => line.trim().replace(/^-+\s+/, ''))
    .filter((line) => line.length > 20);
  expect(sentences.length).toBeGreaterThan(0);
  await expect(log).toContainText((sentences[0] ?? '').split(' ').slice(0, 3).join(' '));
  for (const sentence of sentences) await expect(card).not.toContainText(sentence.slice(0, 30));
  expect(await seriousAxeViolations(page)).toEqual([]);

  // ---- A follow-up in the same thread: a second answer, for the month before.
  const before = await steps.count();
  await input.fill('and the month before?');
  await input.press('Enter');
  await expect(log.getByText('and the month before?')).toBeVisible();
  await expect.poll(() => steps.count(), { timeout: 60_000 }).toBeGreaterThan(before);

  // ---- Reload: the thread comes back.
  await page.reload();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(HEADLINE)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('and the month before?')).toBeVisible();

  // ---- Reopen it from the sidebar.
  await page.goto('/Resources');
  await page
    .locator(`a[href="${new URL(firstThread).pathname}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(firstThread);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(HEADLINE)).toBeVisible();

  // ---- Save the result as a resource.
  await page.getByRole('button', { name: 'Save this visualization to resources' }).first().click();
  await expect(page.getByText('Resource saved')).toBeVisible();

  // ---- Fork it into a new chat.
  await page.getByRole('button', { name: 'Start a new chat from this' }).first().click();
  await expect(page.getByText('New chat created with visualization!')).toBeVisible();
  await expect(page).not.toHaveURL(firstThread);
  await expect(page).toHaveURL(/\/chat\//);
  const forked = page.url();

  // ---- Delete the forked thread from the sidebar.
  const forkedLink = page.locator(`a[href="${new URL(forked).pathname}"]`).first();
  await forkedLink.hover();
  const title = (await forkedLink.getAttribute('title')) ?? '';
  await page
    .getByRole('button', { name: `Options for ${title}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  // Asked first (decision 0018).
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Conversation removed.')).toBeVisible();
  await expect(page.locator(`a[href="${new URL(forked).pathname}"]`)).toHaveCount(0);

  // ---- Deep Thinking: the request asks for the deep model and the server answers with it.
  await page.goto(firstThread);
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitemcheckbox', { name: /Deep Thinking/ }).click();
  await expect(page.getByRole('button', { name: 'Turn off Deep Thinking' })).toBeVisible();
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/agent/chat');
  await input.fill('What did I spend last month?');
  await input.press('Enter');
  const response = await answered;
  expect(await response.text()).toContain('"model":"penny-analyst-deep"');
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText('What did I spend last month?'),
  ).toBeVisible();
});
