import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { canvasHasColor, canvasHasDrawn } from './support/canvas.ts';

/** Every fixture section of /gallery (apps/web/src/features/gallery/fixtures.ts). */
const FIXTURES = [
  'pie',
  'bar-vertical',
  'bar-horizontal',
  'bar-stacked',
  'line-right-axis',
  'line-many-series',
  'table-small',
  'table-wide',
  'table-paginated',
  'table-currency',
  'table-hash',
  'table-empty',
  'table-10000',
  'content',
  'container',
  'card-info',
  'unknown',
  'hostile',
] as const;

const CHARTS = [
  'pie',
  'bar-vertical',
  'bar-horizontal',
  'bar-stacked',
  'line-right-axis',
  'line-many-series',
];

async function openGallery(page: Page) {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Visualization gallery' })).toBeVisible();
}

async function attachScreenshot(section: Locator, name: string, testInfo: TestInfo) {
  const path = testInfo.outputPath(`gallery-${name}.png`);
  await section.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(`gallery-${name}`, { path, contentType: 'image/png' });
}

/** How long the page's main thread takes to answer (a frame), in ms. */
async function frameLatency(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        requestAnimationFrame(() => resolve(performance.now() - started));
      }),
  );
}

test.describe('visualization gallery', () => {
  test('renders every block type, with a screenshot of each', async ({ page, consoleErrors }, testInfo) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    // Charts draw without animation (as for users who ask for less motion): screenshots are stable.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openGallery(page);

    for (const name of CHARTS) {
      const section = page.getByTestId(`gallery-${name}`);
      await section.scrollIntoViewIfNeeded();
      const canvas = section.locator('canvas');
      await expect(canvas).toBeVisible();
      await expect.poll(() => canvasHasDrawn(canvas)).toBe(true);
      // The text alternative: a caption with the key numbers, and the data as a table on demand.
      await expect(section.locator('figcaption')).not.toBeEmpty();
      await section.getByText('Show data table').click();
      await expect(section.getByRole('table')).toBeVisible();
    }
    const pie = page.getByTestId('gallery-pie');
    await expect(pie.locator('[data-chart="pie"]')).toHaveCSS('height', '350px');
    await expect(pie.getByRole('img')).toHaveAttribute(
      'aria-label',
      /Spending by category.*Housing.*\$1,450\.00 \(47%\)/,
    );
    await expect(page.getByTestId('gallery-bar-vertical').locator('[data-chart="bar"]')).toHaveCSS(
      'height',
      '350px',
    );

    // Tables: rows, money, dates, the empty text.
    const small = page.getByTestId('gallery-table-small');
    await expect(small.locator('tbody tr')).toHaveCount(3);
    await expect(small.getByRole('cell', { name: '$52,870.40' })).toBeVisible();
    const currency = page.getByTestId('gallery-table-currency');
    // Four decimals below 0.01: fee 0.00042 and unit price 0.004.
    await expect(currency.getByRole('cell', { name: '$0.0004', exact: true })).toBeVisible();
    await expect(currency.getByRole('cell', { name: '$0.0040', exact: true })).toBeVisible();
    await expect(currency.getByRole('cell', { name: '€1,200.50' })).toBeVisible();
    await expect(
      page.getByTestId('gallery-table-wide').getByRole('cell', { name: 'Unknown date' }),
    ).toBeVisible();
    await expect(page.getByTestId('gallery-table-empty').getByText('No data available')).toBeVisible();

    // Markup: headings, emphasis, lists with dotted numbers, boxes, colours, sizes, icons, money.
    const content = page.getByTestId('gallery-content');
    await expect(content.getByRole('heading', { name: 'Monthly overview' })).toBeVisible();
    await expect(content.getByRole('heading', { name: 'Where your money went' })).toBeVisible();
    await expect(content.locator('strong').first()).toHaveText('$3,245.10');
    await expect(content.locator('em').first()).toHaveText('12% less');
    await expect(content.locator('[data-markup="list-label"]')).toHaveText(['1.', '1.1.', '1.1.1.', '2.']);
    await expect(content.locator('ul ul ul li')).toHaveText('Organic produce: $120.00');
    await expect(content.locator('[data-markup="box"]')).toHaveCount(2);
    await expect(content.locator('hr')).toHaveCount(1);
    await expect(content.locator('.text-positive').first()).toContainText('+$5,200.00');
    await expect(content.locator('.text-negative').first()).toContainText('-€1,450.00');
    await expect(content.getByText('£0.0042')).toBeVisible();
    await expect(content.locator('[data-markup="number"]').first()).toHaveText('128,450.75');
    const icons = await content
      .locator('svg[data-markup="icon"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-icon')));
    expect(new Set(icons).size).toBe(14);

    // Containers, card and info, unknown types.
    const container = page.getByTestId('gallery-container');
    await expect(container.getByRole('heading', { name: 'Spending summary' })).toBeVisible();
    await expect(container.getByText('Card blocks render nothing')).toHaveCount(0);
    await expect(page.getByTestId('gallery-card-info').getByText('never shown')).toHaveCount(0);
    const unknown = page.getByTestId('gallery-unknown');
    await expect(unknown.getByText('Unknown Visualization Type')).toBeVisible();
    await expect(unknown.locator('pre')).toContainText('"type": "sankey"');

    // Hostile strings are text: nothing ran, no element was injected.
    const hostile = page.getByTestId('gallery-hostile');
    await expect(hostile.getByRole('heading', { level: 3 }).first()).toContainText(
      '<script>alert("xss")</script>',
    );
    await expect(hostile.locator('script, img, a, [onerror], [onload]')).toHaveCount(0);
    expect(dialogs).toEqual([]);

    for (const name of FIXTURES) {
      const section = page.getByTestId(`gallery-${name}`);
      await section.scrollIntoViewIfNeeded();
      await attachScreenshot(section, name, testInfo);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('tables paginate 15 rows a page', async ({ page }) => {
    await openGallery(page);
    const table = page.getByTestId('gallery-table-paginated');
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(15);
    await expect(table.getByText('Page 1 of 4')).toBeVisible();
    await expect(table.getByText('Rows 1–15 of 48')).toBeVisible();
    const firstRow = await rows.first().textContent();
    await table.getByRole('button', { name: 'Next page' }).click();
    await expect(table.getByText('Page 2 of 4')).toBeVisible();
    await expect(rows.first()).not.toHaveText(firstRow ?? '');
    await table.getByRole('button', { name: 'Last page' }).click();
    await expect(table.getByText('Rows 46–48 of 48')).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(table.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await table.getByRole('button', { name: 'First page' }).click();
    await expect(rows.first()).toHaveText(firstRow ?? '');

    // Six or more columns scroll sideways with 150 px columns; five or fewer share the width.
    const wide = page.getByTestId('gallery-table-wide');
    const widths = await wide
      .locator('thead th')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(150);
    const region = wide.getByRole('region');
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const narrow = await page
      .getByTestId('gallery-table-small')
      .locator('thead th')
      .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().width)));
    expect(Math.max(...narrow) - Math.min(...narrow)).toBeLessThanOrEqual(1);
  });

  test('hashes copy on click and cells on double-click, with feedback for 1.5 s', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL as string });
    await openGallery(page);
    const table = page.getByTestId('gallery-table-hash');
    const hash = table.locator('button[data-hash]').first();
    const full = (await hash.getAttribute('data-hash')) as string;
    expect(full).toMatch(/^0x[0-9a-f]{64}$/);
    await expect(hash).toHaveText(`${full.slice(0, 8)}…${full.slice(-6)}`);
    await hash.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(full);
    const badge = table.getByText('Copied', { exact: true });
    await expect(badge).toBeVisible();
    await expect(badge).toBeHidden({ timeout: 3000 });

    // A short value is shown whole; double-click copies it.
    const cell = table.getByRole('cell', { name: 'short-id-123' });
    await cell.dblclick();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('short-id-123');
    await expect(cell).toHaveAttribute('data-copied', 'true');
    await expect(cell).not.toHaveAttribute('data-copied', 'true', { timeout: 3000 });
  });

  test('the 10,000-row table and the 50-series chart keep the page responsive', async ({ page }) => {
    await openGallery(page);
    const big = page.getByTestId('gallery-table-10000');
    await big.scrollIntoViewIfNeeded();
    await expect(big.locator('tbody tr')).toHaveCount(15);
    await expect(big.getByText('Page 1 of 667')).toBeVisible();
    await big.getByRole('button', { name: 'Last page' }).click();
    await expect(big.getByText('Rows 9,991–10,000 of 10,000')).toBeVisible();
    await expect(big.locator('tbody tr')).toHaveCount(10);

    const chart = page.getByTestId('gallery-line-many-series');
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => canvasHasDrawn(chart.locator('canvas'))).toBe(true);
    await expect(chart.locator('figcaption')).toContainText('50 series');
    // Not a benchmark (bench/render.bench.ts is): a frozen page would not answer within seconds.
    expect(await frameLatency(page)).toBeLessThan(2000);
    await chart.locator('canvas').hover();
    expect(await frameLatency(page)).toBeLessThan(2000);
  });

  test('has no serious accessibility violations, and charts follow the theme', async ({ page }) => {
    await openGallery(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Income is drawn in the theme's money-in green: the dark value, then the light one after switching.
    const cashFlow = page.getByTestId('gallery-bar-stacked').locator('canvas');
    await cashFlow.scrollIntoViewIfNeeded();
    await expect.poll(() => canvasHasColor(cashFlow, '#4ade80')).toBe(true);
    await page.getByRole('button', { name: 'Light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect.poll(() => canvasHasColor(cashFlow, '#047857')).toBe(true);
    expect(await canvasHasColor(cashFlow, '#4ade80')).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
