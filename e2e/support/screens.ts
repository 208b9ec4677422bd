import type { Page, TestInfo } from '@playwright/test';

/** The two widths every screen is seen at: a desktop and a phone. */
export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** The value the app keeps under 'penny.darkMode' for each theme (Light or Dark under Appearance). */
export const themes = { light: 'false', dark: 'true' } as const;

export type ViewportName = keyof typeof viewports;
export type ThemeName = keyof typeof themes;

/** A screenshot of the viewport, kept as a test artefact (test-results/, attached to the report). */
export async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}
