import type { Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { keep, themes, viewports } from './support/screens.ts';
import { signUpAndSignIn, skipPreferencesWizard } from './support/users.ts';

/**
 * Every screen at desktop (1440×900) and phone (390×844) width in both themes, kept as test artifacts
 * (test-results/, attached to the report) for people to look at, and axe at zero serious or critical
 * violations on each. Plain screenshots rather than pixel baselines: fonts and relative dates would make
 * baselines flaky, and what matters here is that a person can see every screen.
 */

type Screen = {
  name: string;
  path: string;
  signedIn: boolean;
  /** What shows once the screen is ready. */
  ready: (page: Page) => Promise<void>;
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, includeHidden: false }).first()).toBeVisible();
};

const screens: Screen[] = [
  { name: 'sign-in', path: '/signin', signedIn: false, ready: heading('Sign In') },
  { name: 'sign-up', path: '/signup', signedIn: false, ready: heading('Create an account') },
  { name: 'forgot-password', path: '/forgot-password', signedIn: false, ready: heading(/password/i) },
  {
    name: 'reset-invalid',
    path: '/reset-password?token=made-up',
    signedIn: false,
    ready: heading('Reset password'),
  },
  { name: 'gallery', path: '/gallery', signedIn: false, ready: heading(/gallery/i) },
  {
    name: 'wizard',
    path: '/',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('dialog', { name: 'Personalize Penny' })).toBeVisible();
    },
  },
  { name: 'start', path: '/', signedIn: true, ready: heading(/^Hello, /) },
  { name: 'resources-empty', path: '/Resources', signedIn: true, ready: heading('Resources') },
  { name: 'resource-not-found', path: '/Resources/res_missing', signedIn: true, ready: heading('Resources') },
  { name: 'accounts', path: '/Accounts', signedIn: true, ready: heading(/accounts/i) },
  {
    name: 'settings',
    path: '/Settings',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    },
  },
];

for (const [viewportName, viewport] of Object.entries(viewports)) {
  for (const [themeName, darkFlag] of Object.entries(themes)) {
    test(`every screen at ${viewportName} width, ${themeName} theme: screenshots and axe`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((flag) => window.localStorage.setItem('penny.darkMode', flag), darkFlag);
      const violations: string[] = [];

      for (const screen of screens.filter((s) => !s.signedIn)) {
        await page.goto(screen.path);
        await screen.ready(page);
        await keep(page, testInfo, `${viewportName}-${themeName}-${screen.name}`);
        for (const v of await seriousAxeViolations(page)) violations.push(`${screen.name}: ${v}`);
      }

      await signUpAndSignIn(page);
      for (const screen of screens.filter((s) => s.signedIn)) {
        await page.goto(screen.path);
        await screen.ready(page);
        await keep(page, testInfo, `${viewportName}-${themeName}-${screen.name}`);
        for (const v of await seriousAxeViolations(page)) violations.push(`${screen.name}: ${v}`);
        if (screen.name === 'wizard') {
          // The longest step: the occupation list, its summary beside or below, the pinned action bar.
          const wizard = page.getByRole('dialog', { name: 'Personalize Penny' });
          await wizard.getByRole('button', { name: 'Get started' }).click();
          await wizard.getByRole('button', { name: 'Teacher' }).click();
          await expect(wizard.getByRole('button', { name: 'Next' })).toBeInViewport();
          await keep(page, testInfo, `${viewportName}-${themeName}-wizard-occupation`);
          for (const v of await seriousAxeViolations(page)) violations.push(`wizard-occupation: ${v}`);
          // The first-run wizard opens again on every other screen: skip it there whenever it shows.
          await skipPreferencesWizard(page);
        }
      }

      // The signed-in screens follow the stored theme; the auth screens are always light.
      await expect(page.locator('html')).toHaveClass(themeName === 'dark' ? /dark/ : /^(?!.*dark)/);
      expect(violations).toEqual([]);
    });
  }
}
