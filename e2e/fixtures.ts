import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Tests run against the server global-setup started; its URL arrives through the environment. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.PENNY_E2E_URL;
    if (!url) throw new Error('PENNY_E2E_URL is not set: global-setup did not start the server');
    await use(url);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/**
 * Serious and critical accessibility violations on the current page (docs/product/design.md, "Accessibility":
 * there must be none).
 */
export async function seriousAxeViolations(page: Page) {
  // A toast leaves on its own a few seconds after it shows, fading out: one that starts leaving while axe
  // reads the page is measured mid-fade. Let passing toasts go first; one that stays is measured at rest.
  await page
    .waitForFunction(() => document.querySelector('[data-sonner-toast]') === null, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  // Contrast is a property of the page at rest: a step still fading open measures its colour mid-way.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.length}) at ${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('; ')}`,
    );
}
