import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * Saves the gallery's chat-answer card ('Monthly spending': its reading, headline figure, a pie chart and a table; fixture
 * GALLERY_PANEL_ANSWER in apps/web/src/features/gallery/fixtures.ts) through the visualization panel's
 * save icon, as a signed-in user does, and answers the stored resource's id.
 */
async function saveFromGallery(page: Page): Promise<string> {
  await page.goto('/gallery');
  const panel = page.getByTestId('gallery-panel');
  const card = panel.getByRole('article', { name: 'Monthly spending' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('cell', { name: 'Landlord' })).toBeVisible();
  const stored = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/db/store-resource',
  );
  await card.getByRole('button', { name: 'Save this visualization to resources' }).click();
  const response = await stored;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { success: boolean; resource_id: string };
  expect(body.success).toBe(true);
  await expect(page.getByText('Saved!')).toBeVisible();
  await expect(page.getByText('Resource saved')).toBeVisible();
  return body.resource_id;
}

/**
 * Serious and critical axe violations once the page has settled: requests done, and the preferences
 * wizard (which opens by itself for a new user once the profile has loaded) skipped.
 */
async function settledAxeViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Skip for now' })).toBeHidden();
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

test.describe('saved resources', () => {
  test('a saved resource is listed, opens by its address, and can be deleted', async ({
    page,
    consoleErrors,
  }) => {
    await signUpAndSignIn(page, { firstName: 'Grace', lastName: 'Hopper' });
    await skipPreferencesWizard(page);
    const id = await saveFromGallery(page);

    await page.goto('/Resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Resources' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Saved resources' });
    const item = list.getByRole('link', { name: /Monthly spending/ });
    await expect(item).toBeVisible();
    await expect(item).toContainText('less than a minute ago');

    // The first resource is selected once the list has loaded.
    await expect(page).toHaveURL(new RegExp(`/Resources/${id}$`));
    await expect(item).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Monthly spending' })).toBeVisible();
    expect(await settledAxeViolations(page)).toEqual([]);

    // Opened by its address in a fresh page load: the visualization renders without the chat: what it
    // read, when and from what (decision 0021), the headline figure, chart and table.
    await page.goto(`/Resources/${id}`);
    const viewer = page.getByRole('region', { name: 'Selected resource' });
    await expect(viewer.getByRole('heading', { level: 2, name: 'Monthly spending' })).toBeVisible();
    await expect(viewer.getByText('December 2024', { exact: true })).toBeVisible();
    await expect(viewer.getByText('From 38 transactions in 2 accounts')).toBeVisible();
    await expect(viewer.getByText('$1,800.00')).toBeVisible();
    await expect(viewer.locator('canvas').first()).toBeVisible();
    await expect(viewer.getByRole('cell', { name: 'Landlord' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Start a new chat from this resource' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('resource-viewer.png'), fullPage: true });

    await list.getByRole('button', { name: 'Delete Monthly spending' }).click();
    await expect(page.getByText('Resource removed.')).toBeVisible();
    await expect(page.getByText('No saved resources yet')).toBeVisible();
    await expect(page.getByText('Save visualizations from your chats to see them here')).toBeVisible();
    await expect(page.getByText('Select a resource to view its contents.')).toBeVisible();
    await expect(page).toHaveURL(/\/Resources$/);
    expect(await settledAxeViolations(page)).toEqual([]);

    // Gone on the server too: its address now reads 'Resource not found'.
    await page.goto(`/Resources/${id}`);
    await expect(viewer.getByRole('alert')).toContainText('Resource not found');
    // ...and a way out: Back to the list.
    await expect(viewer.getByRole('link', { name: 'Back' })).toBeVisible();
    expect(consoleErrors.filter((e) => !/\b404\b/.test(e))).toEqual([]);
  });

  test('the chat page shows the visualization panel, empty until a question is asked', async ({ page }) => {
    await signUpAndSignIn(page);
    await skipPreferencesWizard(page);
    await page.goto('/chat/thread-e2e');
    const panel = page.getByRole('region', { name: 'Visualizations' });
    await expect(
      panel.getByText('Ask a question to see AI-generated insights and visualizations.'),
    ).toBeVisible();
    expect(await settledAxeViolations(page)).toEqual([]);
  });
});
