import type { Locator, Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { linkSandboxBank, syncFinished } from './support/bank.ts';
import { linkSandboxBrokerage } from './support/brokerage.ts';
import { signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * Confirmed actions end to end (docs/api.md, "Confirmed actions"), in Chromium against the real server
 * with the offline analyst and the sandbox bank and brokerage (linked with trading): two orders proposed
 * together with one unticked place only the other; a $500 buy is proposed with the brokerage's impact,
 * confirmed, shown executed in the chat and held afterwards; every Uber ride re-categorised moves the
 * next spending answer; a budget is set and reported. Axe on every popup; screenshots kept.
 */

const INPUT = 'Type here... The more details you provide, the better I can help!';

type TurnResult = { answer: string; status: string; agent_actions: Array<{ tool?: string; status: string }> };

/**
 * Asks in the chat box and waits for the turn's end (its streamed result); answers the result, and
 * the answer as the chat shows it.
 */
async function ask(page: Page, question: string): Promise<{ result: TurnResult; shown: Locator }> {
  const streamed = page.waitForResponse((response) => new URL(response.url()).pathname === '/agent/chat');
  const input = page.getByPlaceholder(INPUT);
  await input.fill(question);
  await input.press('Enter');
  const events = (await (await streamed).text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; result?: TurnResult });
  const result = events.find((event) => event.type === 'result')?.result;
  if (!result) throw new Error(`no result for "${question}"`);
  const shown = page.locator('[data-answer-start]').last();
  await expect(shown).toContainText((result.answer.split('\n')[0] ?? '').replace(/^- /, '').slice(0, 40));
  return { result, shown };
}

/** The popup's proposed items: one checkbox each, named by its change. */
const proposed = (popup: Locator) =>
  popup.getByRole('list', { name: 'Proposed changes' }).getByRole('listitem');

/** '$1,234.56' as cents. */
const cents = (amount: string) => Math.round(Number(amount.replaceAll(',', '')) * 100);

/** The total and count that open a spending answer on taxis and ride shares. */
function taxiTotal(answer: string): { cents: number; count: number } {
  const match = /Taxis and ride shares from [^:]+: \$([\d,]+\.\d{2}) across (\d+) transactions?/.exec(answer);
  if (!match?.[1] || !match[2]) throw new Error(`no total in "${answer}"`);
  return { cents: cents(match[1]), count: Number(match[2]) };
}

/** '12.345 shares' in the popup's 'Holding …' text, in thousandths of a share. */
function heldMilli(text: string): number {
  const match = /Holding ([\d.]+) shares?/.exec(text);
  if (!match?.[1]) throw new Error(`no holding in "${text}"`);
  return Math.round(Number(match[1]) * 1000);
}

test('confirmed actions: two orders with one unticked, a $500 buy, re-categorising, a budget', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL ?? '').origin;
  const user = await signUpAndSignIn(page);
  await skipPreferencesWizard(page);
  await linkSandboxBank(page, user, origin);
  await linkSandboxBrokerage(page, user, origin);
  await syncFinished(page, user);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

  await page.goto('/');
  await page.getByRole('button', { name: 'Start a New Chat' }).click();
  await expect(page).toHaveURL(/\/chat\/thread-/);

  // ---- Two orders in one popup; the second unticked: only the sale is placed.
  await ask(page, 'sell 2 shares of VTI and buy 1 share of BND in my Individual Brokerage');
  let popup = page.getByRole('dialog', { name: 'Confirm Your Orders' });
  await expect(popup).toBeVisible();
  const [sale, bond] = [proposed(popup).nth(0), proposed(popup).nth(1)];
  await expect(proposed(popup)).toHaveCount(2);
  await expect(sale.getByRole('checkbox')).toBeChecked();
  await expect(bond.getByRole('checkbox')).toBeChecked();
  await expect(sale).toContainText('Sell 2 shares of VTI');
  await expect(bond).toContainText('Buy 1 share of BND');
  const heldAtFirst = heldMilli(await sale.innerText());
  await bond.getByRole('checkbox').uncheck();
  await shot('two-orders-one-unticked');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  const outcomes = popup.getByRole('list', { name: 'Outcome' }).getByRole('listitem');
  await expect(outcomes.nth(0)).toContainText('Done');
  await expect(outcomes.nth(1)).toContainText('Not selected');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  // The confirm's outcome in the chat: the sale as a finished action, nothing for the bond fund.
  const confirmed = page.locator('[data-answer-start]').last();
  await expect(confirmed).toContainText('As you confirmed:');
  await expect(confirmed).toContainText(/Sell 2 shares of VTI at market/);
  await expect(confirmed).not.toContainText('BND');

  // ---- $500 of VTI: pre-selected, with the brokerage's impact; confirmed; executed in the chat.
  await ask(page, 'buy $500 of VTI in my Individual Brokerage');
  popup = page.getByRole('dialog', { name: 'Confirm Your Orders' });
  await expect(popup).toBeVisible();
  await expect(proposed(popup)).toHaveCount(1);
  const buy = proposed(popup).first();
  await expect(buy.getByRole('checkbox')).toBeChecked();
  await expect(buy).toContainText('Buy $500.00 of VTI');
  await expect(buy).toContainText(/Estimated cost \$[\d,]+\.\d{2} for [\d.]+ shares at \$[\d,]+\.\d{2}/);
  await expect(buy).toContainText(/Commission \$[\d,]+\.\d{2} · Cash left \$[\d,]+\.\d{2}/);
  const buyText = await buy.innerText();
  expect(heldMilli(buyText)).toBe(heldAtFirst - 2_000);
  const boughtMilli = Math.round(Number(/for ([\d.]+) shares at/.exec(buyText)?.[1]) * 1000);
  expect(boughtMilli).toBeGreaterThan(0);
  await shot('order-popup');
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await expect(popup.getByRole('list', { name: 'Outcome' }).getByRole('listitem')).toContainText('Done');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('[data-answer-start]').last()).toContainText(/Buy \$500\.00 of VTI at market/);
  await shot('order-executed');

  // ---- A reload reads the thread from the server: both confirms' outcomes are there, no popup opens.
  await page.reload();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('As you confirmed:')).toHaveCount(2);
  await expect(page.locator('[data-answer-start]').last()).toContainText(/Buy \$500\.00 of VTI at market/);
  await expect(log).toContainText(/Sell 2 shares of VTI at market/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot('order-executed-after-reload');

  // ---- The new position, read back as a user asks for it.
  await ask(page, 'show my holdings');
  const positions = page.getByRole('table').filter({ hasText: 'Quantity' }).first();
  const vtiRow = positions
    .getByRole('row')
    .filter({ hasText: 'VTI' })
    .filter({ hasText: 'Individual Brokerage' })
    // The sandbox bank may hold an account of the same name: the brokerage's is the one traded in.
    .filter({ hasNotText: 'First Platypus' });
  const quantity = (heldAtFirst - 2_000 + boughtMilli) / 1000;
  await expect(vtiRow).toContainText(String(quantity));
  await shot('holdings');

  // ---- A limit buy far below the price stays open; it is listed, then cancelled through the popup.
  await ask(page, 'buy 1 share of VTI in my Individual Brokerage with a limit of $1');
  popup = page.getByRole('dialog', { name: 'Confirm Your Orders' });
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await expect(popup.getByRole('list', { name: 'Outcome' }).getByRole('listitem')).toContainText('Done');
  await popup.getByRole('button', { name: 'Close' }).click();
  await ask(page, 'show my open orders');
  const openOrders = page.getByRole('table').filter({ hasText: 'Limit' }).last();
  await expect(openOrders.getByRole('row').filter({ hasText: 'VTI' })).toContainText('$1.00');
  await ask(page, 'cancel my vti order');
  popup = page.getByRole('dialog', { name: 'Confirm Your Orders' });
  await expect(proposed(popup)).toHaveCount(1);
  await expect(proposed(popup).first()).toContainText('Buy 1 share of VTI · Limit order at $1.00');
  await expect(proposed(popup).first()).toContainText('Open, 1 share waiting');
  await shot('cancel-order-popup');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await expect(popup.getByRole('list', { name: 'Outcome' }).getByRole('listitem')).toContainText('Done');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('[data-answer-start]').last()).toContainText('Cancel: Buy 1 share of VTI');
  expect((await ask(page, 'show my open orders')).result.answer).toContain(
    'You have no open orders at your brokerage.',
  );

  // ---- Every Uber ride re-categorised: listed, confirmed, and the next spending answer moves them.
  // A new chat: the questions before are no context for these.
  await page.getByRole('button', { name: 'New Chat', exact: true }).click();
  const RIDES = 'How much did I spend on taxis this year?';
  const ridesBefore = (await ask(page, RIDES)).result.answer;
  await ask(page, 'categorise all Uber as Transportation');
  popup = page.getByRole('dialog', { name: 'Confirm', exact: true });
  await expect(popup).toBeVisible();
  const rides = proposed(popup);
  await expect(rides.first()).toContainText('Uber');
  const rideTexts = await rides.allInnerTexts();
  await shot('recategorise-popup');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.getByRole('button', { name: 'Close' }).click();
  const ridesAfter = (await ask(page, RIDES)).result.answer;
  await shot('recategorised');
  // Plain arithmetic over the popup's list: this year's Uber rides leave taxis and ride shares.
  const year = String(new Date().getFullYear());
  const moved = rideTexts
    .map((text) => new RegExp(`^Uber, \\w+ \\d+, ${year}, -\\$([\\d,]+\\.\\d{2})`).exec(text)?.[1])
    .filter((amount): amount is string => amount !== undefined)
    .map(cents);
  expect(moved.length).toBeGreaterThan(0);
  const before = taxiTotal(ridesBefore);
  const after = taxiTotal(ridesAfter);
  expect(ridesBefore).toContain('Uber: ');
  expect(ridesAfter).not.toContain('Uber');
  expect([before.cents - after.cents, before.count - after.count]).toEqual([
    moved.reduce((sum, value) => sum + value, 0),
    moved.length,
  ]);

  // ---- A budget set, then reported.
  await ask(page, 'set a $400 dining budget');
  popup = page.getByRole('dialog', { name: 'Confirm', exact: true });
  await expect(proposed(popup)).toHaveCount(1);
  await expect(proposed(popup).first()).toContainText('Monthly budget: Food and drink');
  await expect(proposed(popup).first()).toContainText(/No budget\s*to\s*\$400\.00 a month/);
  await expect(proposed(popup).first().getByRole('checkbox')).toBeChecked();
  await shot('budget-popup');
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.getByRole('button', { name: 'Close' }).click();
  const { result, shown } = await ask(page, 'how am I doing on my budgets?');
  expect(result.answer).toMatch(/Food and drink: \$[\d,]+\.\d{2} spent of \$400\.00 \([\d.]+% used\)/);
  await expect(shown).toContainText('spent of $400.00');
  await shot('budgets');
});
