import { expect, seriousAxeViolations, test } from './fixtures.ts';
import { signUpAndSignIn } from './support/users.ts';

test.describe('foundation', () => {
  test('the server is healthy and serves its public config', async ({ request }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
    const config = await request.get('/config');
    expect(config.ok()).toBe(true);
    const body = (await config.json()) as { anonToken: string; boxPublicKey: string };
    expect(body.anonToken).toMatch(/^anon_/);
    expect(body.boxPublicKey.length).toBeGreaterThan(40);
  });

  test('a visitor on a guarded path lands on the sign-in screen', async ({ page, consoleErrors }) => {
    await page.goto('/Accounts');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The inline theme script is allowed by its CSP hash: no policy violation, no script error.
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  test('a cold sign-in screen asks for its code and the session check up front', async ({
    page,
    consoleErrors,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    // Added by index.html's own script (allowed by its CSP hash), before the entry has run.
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloads.some((href) => /\/assets\/sign-in-page-[\w-]+\.js$/.test(href))).toBe(true);
    // Two session checks in all: the preloaded one (which answers the app's first fetch, not a third
    // request) and the auth client's own once its code has loaded.
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => path === '/api/auth/get-session')).toHaveLength(2);
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  test('the SPA is served with security headers and cached assets', async ({ request }) => {
    const index = await request.get('/chat/some-thread');
    expect(index.status()).toBe(200);
    const headers = index.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-cache');
    const html = await index.text();
    const asset = html.match(/\/assets\/[^"']+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const script = await request.get(asset as string);
    expect(script.status()).toBe(200);
    expect(script.headers()['cache-control']).toContain('immutable');
  });

  test('the theme is dark by default (the sign-in screen alone shows light)', async ({ page }) => {
    // Before any script runs, the page is dark: nothing is stored, so the inline theme script keeps dark.
    const html = await (await page.request.get('/Accounts')).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => window.localStorage.getItem('penny.darkMode'))).toBeNull();
    // Signed in, the app is dark again.
    const user = await signUpAndSignIn(page, { firstName: 'Grace', lastName: 'Hopper' });
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: `Hello, ${user.firstName}!`, includeHidden: true }),
    ).toBeAttached();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('the sign-up legal links open real pages', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Read the Terms and Conditions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Read the Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('a recovery link in the address hash is forwarded to /reset-password', async ({ page }) => {
    await page.goto('/#type=recovery&token=abc123');
    // The reset page takes the token over, asks the server about it, and takes it out of the address
    // bar; a made-up token gets the invalid-link message instead of the form (issue 9).
    await expect(
      page.getByText('This link is invalid or expired. Please request a new password reset email.'),
    ).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(/\/reset-password$/);
    expect(new URL(page.url()).hash).toBe('');
  });
});
