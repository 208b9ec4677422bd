import type { Locator, Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { createVerifiedUser, signUpAndSignIn } from './support/users.ts';

/**
 * Issue 9's "Done when", in real Chromium against the real server: a keyboard-only pass through sign-in
 * and the whole preferences wizard with the focus never leaving the dialog; only the wrong sign-up
 * field marked; a phone-width table in whole words; an invalid reset link without a form; the auth
 * screen light from its first paint.
 */

/** True when the focused element sits inside the open dialog. */
async function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return !!active && active !== document.body && !!active.closest('[role="dialog"]');
  });
}

/**
 * Presses Tab until `target` has the focus, checking after every press that the focus is still in
 * the dialog (it must never reach the page behind it).
 */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page), 'focus left the wizard dialog').toBe(true);
  }
  throw new Error(`Tab never reached ${target}`);
}

test.describe('issue 9: interface polish', () => {
  test('keyboard only: sign in, then the whole wizard, the focus never leaving the dialog', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const user = await createVerifiedUser(page.request);
    await page.goto('/signin');
    // The sign-in screen starts in Email.
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');

    const wizard = page.getByRole('dialog', { name: 'Personalize Penny' });
    await expect(wizard).toBeVisible();
    await expect.poll(() => focusInDialog(page)).toBe(true);

    await tabTo(page, wizard.getByRole('button', { name: 'Get started' }));
    await page.keyboard.press('Enter');
    // The new step's heading takes the focus (not the page body).
    await expect(wizard.getByRole('heading', { name: 'Your Background', level: 3 })).toBeFocused();

    // The occupation list starts short enough that Next stays in sight.
    const next = wizard.getByRole('button', { name: 'Next' });
    await expect(next).toBeInViewport();
    await tabTo(page, wizard.getByRole('button', { name: 'Teacher' }));
    await page.keyboard.press('Space');
    await expect(wizard.getByRole('button', { name: 'Teacher' })).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(wizard.getByRole('heading', { name: 'Financial Experience', level: 3 })).toBeFocused();

    // Next is disabled until an area is rated: the focus must still stay in the dialog.
    await expect(next).toBeDisabled();
    await tabTo(page, wizard.getByRole('checkbox', { name: 'Rate Investing' }));
    await page.keyboard.press('Space');
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(wizard.getByRole('heading', { name: 'Response Detail', level: 3 })).toBeFocused();

    // Every detail scale needs a value: Tab into each radio group and press Space on its first radio.
    for (const group of await wizard.getByRole('radiogroup').all()) {
      await tabTo(page, group.getByRole('radio').first());
      await page.keyboard.press('Space');
    }
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(wizard.getByRole('heading', { name: 'Conversation Tone', level: 3 })).toBeFocused();

    const toPrompt = wizard.getByRole('button', { name: 'AI Prompt Generation' });
    await tabTo(page, toPrompt);
    await page.keyboard.press('Enter');
    await expect(wizard.getByRole('heading', { name: 'AI Prompt Generation', level: 3 })).toBeFocused();
    // The action bar stays pinned in view.
    await expect(wizard.getByRole('button', { name: 'Save & Close' })).toBeInViewport();

    // Tab through everything twice over: never behind the dialog (no skip link, no sidebar).
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await tabTo(page, wizard.getByRole('button', { name: 'Save & Close' }));
    await page.keyboard.press('Enter');
    // Saved: the page reloads and the wizard does not come back.
    await expect(page.getByRole('heading', { name: `Hello, ${user.firstName}!` })).toBeVisible();
    await expect(wizard).toBeHidden();
  });

  test('the wizard hands the focus back to what opened it', async ({ page }) => {
    await signUpAndSignIn(page);
    await page.goto('/Settings');
    const skip = page.getByRole('button', { name: 'Skip for now' });
    await skip.click();
    const manage = page.getByRole('button', { name: 'Manage Preferences' });
    await manage.focus();
    await page.keyboard.press('Enter');
    const wizard = page.getByRole('dialog', { name: 'Personalize Penny' });
    await expect(wizard).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(wizard).toBeHidden();
    await expect(manage).toBeFocused();
  });

  test('an Escape pressed as the wizard opens over Settings closes the wizard, not Settings', async ({
    page,
  }) => {
    await signUpAndSignIn(page);
    await page.goto('/Settings');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    const wizard = page.getByRole('dialog', { name: 'Personalize Penny' });
    await expect(wizard).toBeHidden();
    // Escape at the moment the wizard has joined Radix's layer stack but the layers have not re-rendered
    // (Radix announces the joining with this event): where a key press on a busy machine lands.
    const pressed = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const press = () => {
            const title = [...document.querySelectorAll('[role="dialog"] h2')].find(
              (heading) => heading.textContent === 'Personalize Penny',
            );
            if (!title) return;
            document.removeEventListener('dismissableLayer.update', press);
            const target = document.activeElement ?? document.body;
            target.dispatchEvent(
              new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
            );
            resolve(true);
          };
          document.addEventListener('dismissableLayer.update', press);
        }),
    );
    const manage = page.getByRole('button', { name: 'Manage Preferences' });
    await manage.click();
    expect(await pressed).toBe(true);
    await expect(wizard).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expect(manage).toBeFocused();
  });

  test('sign-up marks only the field at fault, describes it by the message, and focuses it', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    const fields = ['Email', 'Username', 'Password', 'Confirm password'] as const;
    const fill = async (values: Record<(typeof fields)[number], string>) => {
      for (const label of fields) await page.getByLabel(label, { exact: true }).fill(values[label]);
      await page.getByRole('button', { name: 'Next' }).click();
    };
    const expectOnlyMarked = async (faulty: string, message: string) => {
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(message);
      const messageId = await alert.evaluate((el) => el.parentElement?.id ?? '');
      for (const label of fields) {
        const field = page.getByLabel(label, { exact: true });
        if (label === faulty) {
          await expect(field).toHaveAttribute('aria-invalid', 'true');
          await expect(field).toHaveAttribute('aria-describedby', new RegExp(`(^| )${messageId}( |$)`));
          await expect(field).toBeFocused();
        } else {
          await expect(field).not.toHaveAttribute('aria-invalid', 'true');
        }
      }
    };

    const good = {
      Email: 'ada@example.com',
      Username: 'ada_l',
      Password: 'secret12',
      'Confirm password': 'secret12',
    };
    await fill({ ...good, 'Confirm password': 'secret13' });
    await expectOnlyMarked('Confirm password', 'Passwords do not match.');
    await fill({ ...good, Email: 'ada@' });
    await expectOnlyMarked('Email', 'Invalid email.');
    await fill({ ...good, Password: 'short', 'Confirm password': 'short' });
    await expectOnlyMarked('Password', 'Password ≥ 6 chars.');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('a table at phone width shows whole words, and says when it scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/gallery');
    const tables = page.locator('[data-block-type="table"] table');
    await expect(tables.first()).toBeVisible();
    const broken = await tables.evaluateAll((elements) =>
      elements.flatMap((table) => {
        const words: string[] = [];
        const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          // Words are runs of letters and digits: a line may break at a space, hyphen or slash, never
          // inside one ('Merc/hant').
          for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(
              [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
            );
            if (lines.size > 1) words.push(match[0]);
          }
        }
        return words;
      }),
    );
    expect(broken).toEqual([]);
    // A table wider than the phone is a named, focusable region with an edge fade on the side to scroll.
    const wide = page.getByTestId('gallery-table-wide').getByRole('region');
    await expect(wide).toHaveAttribute('tabindex', '0');
    await expect(wide).toHaveAttribute('data-overflowing', 'true');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('an invalid or made-up reset link shows the message and a new-link action, never the form', async ({
    page,
  }) => {
    for (const address of ['/reset-password?token=made-up-token', '/reset-password?error=INVALID_TOKEN']) {
      await page.goto(address);
      await expect(
        page.getByText('This link is invalid or expired. Please request a new password reset email.'),
      ).toBeVisible();
      await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Update password' })).toHaveCount(0);
      const action = page.getByRole('link', { name: 'Request a new link' });
      await expect(action).toBeVisible();
    }
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('the auth screen is light from its first paint: no dark-to-light flash', async ({
    page,
  }, testInfo) => {
    // Hold the session check, so the first screen ('Verifying authentication...') stays up to be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/get-session*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/signin', { waitUntil: 'commit' });
    await expect(page.getByText('Verifying authentication...')).toBeVisible();
    const first = await page.screenshot({ path: testInfo.outputPath('signin-first-paint.png') });
    await testInfo.attach('signin-first-paint', { body: first, contentType: 'image/png' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    // Light: every channel of the page background is bright.
    const channels = (background.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    expect(Math.min(...channels)).toBeGreaterThan(200);
    release();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});
