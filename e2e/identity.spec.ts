import type { Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { outboxIds, waitForMail } from './support/outbox.ts';

/**
 * The Identity issue's "Done when" path, in real Chromium against the real server: sign-up through all
 * four steps (each step's validation message seen), confirmation through the outbox link, sign-in, the
 * wizard opening by itself, saving preferences, the settings popup, the theme surviving a reload, forgot
 * and reset password, sign-out, delete data, delete account (after which sign-in fails and the same
 * email registers again).
 */

/** The server's public URL (global-setup starts it there): emailed links point at it. */
function appOrigin(): string {
  const url = process.env.PENNY_E2E_URL;
  if (!url) throw new Error('PENNY_E2E_URL is not set');
  return url;
}

const stamp = Date.now().toString(36);
const person = {
  email: `ada_${stamp}@example.com`,
  username: `ada_${stamp}`,
  password: 'analytical-engine-1843',
  newPassword: 'difference-engine-1822',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function signIn(page: Page, password: string) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('identity: sign-up to account deletion', async ({ page, request }) => {
  test.setTimeout(240_000);
  const app = appOrigin();

  await test.step('sign-up step 1: agreement', async () => {
    await page.goto(`${app}/signup`);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    // The authentication screen is light while shown.
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expectNoSeriousAxeViolations(page);
    // Next reads as disabled until both boxes are ticked, yet pressing it says why.
    await expect(page.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: 'Next' }).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'You must agree to the Terms and Conditions to continue.',
    );
    await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
    await page.getByRole('button', { name: 'Next' }).press('Enter');
    await expect(page.getByRole('alert')).toHaveText('You must agree to the Privacy Policy to continue.');
    await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('sign-up step 2: account', async () => {
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Fill Email, Username, Password.');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
    await page.getByLabel('Confirm password').fill(person.password);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('sign-up step 3: names', async () => {
    await expect(page.getByLabel('First name')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Fill First & Last Name.');
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('sign-up step 4: contact, then Almost there!', async () => {
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('+1 (US/CA)');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Fill Phone, Country, DOB.');
    await page.getByLabel('Phone number').pressSequentially('555-123');
    await expect(page.getByLabel('Phone number')).toHaveValue('555123');
    // Offline, the bundled country list is what shows.
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await expect(country).toBeEnabled();
    await country.fill('united sta');
    await page.getByRole('option', { name: 'United States', exact: true }).click();
    await expect(country).toHaveValue('United States');
    await page.getByLabel('Date of birth').fill('1990-05-01');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid phone number.');
    await page.getByLabel('Phone number').fill('5551234567');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Almost there!' })).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    // 'Setting up data container...', then the server's message (no 'Setup error: ', no 'Error <status>').
    const setup = page.getByRole('status');
    await expect(setup).not.toHaveText('Setting up data container...');
    await expect(setup).not.toHaveText(/error/i);
    await expectNoSeriousAxeViolations(page);
  });

  await test.step('sign-in before confirming explains what to do', async () => {
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter Email & Password.');
    await signIn(page, person.password);
    await expect(page.getByRole('alert')).toContainText('Please confirm your email address first.');
    await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
  });

  await test.step('confirm the email through the outbox link', async () => {
    const mail = await waitForMail(request, { to: person.email, linkContains: 'verify-email' });
    await page.goto(mail.link);
    await expect(page).toHaveURL(/\/signin\?verified=1$/);
    await expect(page.getByRole('status')).toHaveText('Your email is confirmed. Sign in to continue.');
  });

  await test.step('sign in; the preferences wizard opens by itself', async () => {
    await signIn(page, person.password);
    await expect(page.getByRole('heading', { name: 'Hello, Ada!', includeHidden: true })).toBeAttached();
    const wizard = page.getByRole('dialog', { name: 'Personalize Penny' });
    await expect(wizard).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Skip for now' })).toBeVisible();
    // Signed in: the user's theme (dark by default) is back.
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousAxeViolations(page);
  });

  await test.step('fill in and save the preferences', async () => {
    const wizard = page.getByRole('dialog', { name: 'Personalize Penny' });
    await wizard.getByRole('button', { name: 'Get started' }).click();
    await wizard.getByRole('group', { name: 'Occupations' }).getByRole('button', { name: 'Teacher' }).click();
    await wizard.getByLabel('Add another occupation').fill('  Beekeeper ');
    await wizard.getByRole('button', { name: 'Add' }).click();
    await expect(wizard.getByRole('complementary', { name: 'Your selections' })).toContainText('Beekeeper');
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
    await wizard.getByRole('checkbox', { name: 'Rate Investing' }).check();
    await wizard
      .getByRole('radiogroup', { name: 'Investing risk' })
      .getByRole('radio', { name: '2, Medium Risk' })
      .click();
    await expectNoSeriousAxeViolations(page);
    await wizard.getByRole('button', { name: 'Next' }).click();

    for (const item of ['Numbers', 'Visuals', 'AI Context']) {
      await wizard.getByRole('radiogroup', { name: item }).getByRole('radio', { name: /^7/ }).click();
    }
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard
      .getByRole('radiogroup', { name: 'Conversational' })
      .getByRole('radio', { name: /^3/ })
      .click();
    await wizard.getByRole('button', { name: 'AI Prompt Generation' }).click();

    const prompt = wizard.getByLabel('Custom prompt');
    await wizard.getByRole('button', { name: 'Auto-generate' }).click();
    await expect(prompt).not.toHaveValue('', { timeout: 15_000 });
    await expectNoSeriousAxeViolations(page);
    await wizard.getByRole('button', { name: 'Save & Close' }).click();
    // The page reloads; with preferences stored, the wizard stays closed.
    await expect(page.getByRole('heading', { name: 'Hello, Ada!' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog', { name: 'Personalize Penny' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  });

  await test.step('the settings popup shows the profile; the theme survives a reload', async () => {
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings).toBeVisible();
    await expect(settings.getByText('Ada Lovelace')).toBeVisible();
    await expect(settings.getByText('+1 555 123 4567')).toBeVisible();
    await expect(settings.getByText('United States')).toBeVisible();
    await expect(settings.getByText(person.email)).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await settings.getByRole('button', { name: 'Manage Preferences' }).click();
    const wizard = page.getByRole('dialog', { name: 'Personalize Penny' });
    await expect(wizard.getByRole('complementary', { name: 'Your selections' })).toContainText('Beekeeper');
    await page.keyboard.press('Escape');
    await expect(wizard).toHaveCount(0);

    await settings.getByRole('tab', { name: 'Account Settings' }).click();
    await expectNoSeriousAxeViolations(page);
    await settings
      .getByRole('radiogroup', { name: 'Appearance' })
      .getByRole('radio', { name: 'Light' })
      .click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expectNoSeriousAxeViolations(page);
    const again = page.getByRole('dialog', { name: 'Settings' });
    await again.getByRole('tab', { name: 'Account Settings' }).click();
    await again.getByRole('radiogroup', { name: 'Appearance' }).getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  await test.step('sign out', async () => {
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.goto(`${app}/Accounts`);
    await expect(page).toHaveURL(/\/signin$/);
  });

  await test.step('forgot password', async () => {
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await page.getByLabel('Email').fill('ada@');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('This window will close in 10 seconds.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  await test.step('reset password through the emailed link', async () => {
    const mail = await waitForMail(request, { to: person.email, linkContains: 'reset-password' });
    await page.goto(mail.link);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    // The token has left the address bar.
    await expect(page).toHaveURL(/\/reset-password$/);
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('New password', { exact: true }).fill(person.newPassword);
    await page.getByLabel('Confirm new password').fill('not-the-same');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
    await page.getByLabel('Confirm new password').fill(person.newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Your password has been reset. Taking you to sign in...')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  });

  await test.step('the old password no longer works; the new one does', async () => {
    await signIn(page, person.password);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await signIn(page, person.newPassword);
    await expect(page.getByRole('heading', { name: 'Hello, Ada!' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Personalize Penny' })).toHaveCount(0);
  });

  await test.step('delete data', async () => {
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Account Settings' }).click();
    await settings.getByRole('button', { name: 'Delete Data' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete all your data?' });
    await expect(confirm).toContainText('Your profile and preferences remain.');
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete Data' }).click();
    await expect(page.getByText('All your data and linked accounts have been deleted.')).toBeVisible();
  });

  await test.step('delete account: two confirmations, then signed out', async () => {
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Delete Account' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const final = page.getByRole('alertdialog', { name: 'This cannot be undone' });
    await expect(final).toBeVisible();
    await final.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByText('Your account has been permanently deleted.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });

  await test.step('sign-in fails for the deleted account', async () => {
    await signIn(page, person.newPassword);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  });

  await test.step('the same email registers again', async () => {
    const before = await outboxIds(request);
    const signUp = await request.post('/api/auth/sign-up/email', {
      data: {
        email: person.email,
        password: person.password,
        name: 'Ada Lovelace',
        username: person.username,
        firstName: person.firstName,
        lastName: person.lastName,
        phoneNumber: '+15551234567',
        country: 'United States',
        dateOfBirth: '1990-05-01',
        agreedToTerms: true,
        agreedToPrivacy: true,
      },
    });
    expect(signUp.ok()).toBe(true);
    const mail = await waitForMail(request, {
      to: person.email,
      linkContains: 'verify-email',
      notIn: before,
    });
    await page.goto(mail.link);
    await signIn(page, person.password);
    await expect(page.getByRole('heading', { name: 'Hello, Ada!', includeHidden: true })).toBeAttached();
    // A brand-new account: no preferences yet, so the wizard opens again.
    await expect(page.getByRole('dialog', { name: 'Personalize Penny' })).toBeVisible();
  });
});
