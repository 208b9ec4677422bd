import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Test users made over HTTP, the way a person signs up, without going through the sign-up screens:
 *
 *   const user = await createVerifiedUser(page.request, { firstName: 'Ada' });
 *   await signIn(page, user);          // the browser context now holds the session cookie
 *   await page.goto('/Resources');
 *
 * or both at once: `const user = await signUpAndSignIn(page)`.
 *
 * createVerifiedUser: POST /api/auth/sign-up/email (with SIGN_UP_DEFAULTS for the fields a person
 * fills in on later steps) -> read the verification link from GET /dev/outbox
 * (embedded mode, newest first) -> open it. signIn: POST /api/auth/sign-in/email from the page's
 * request context, which shares the browser context's cookie jar.
 */

export type TestUser = {
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
};

export type NewUserOptions = Partial<TestUser> & {
  /** Sign-up fields to add or override (phoneNumber, country, dateOfBirth, agreedToTerms...). */
  extra?: Record<string, unknown>;
};

/**
 * The other fields sign-up requires (contact details and both agreements: docs/product/identity.md,
 * "Sign-up mode").
 */
export const SIGN_UP_DEFAULTS = {
  phoneNumber: '+15551234567',
  country: 'United States',
  dateOfBirth: '1990-01-01',
  agreedToTerms: true,
  agreedToPrivacy: true,
} as const;

let counter = 0;

/**
 * A fresh, unique identity: `e2e_<time>w<worker>n<n>` as the username (unique across parallel
 * workers), `<username>@example.com` as the email.
 */
export function newTestUser(overrides: Partial<TestUser> = {}): TestUser {
  counter++;
  const suffix = `${Date.now().toString(36)}w${process.env.TEST_PARALLEL_INDEX ?? 0}n${counter}`;
  const username = overrides.username ?? `e2e_${suffix}`;
  return {
    email: `${username}@example.com`,
    password: 'correct horse battery staple',
    username,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

type OutboxMessage = { to: string; link?: string | null };

/** The newest mail to `email` whose link contains `linkPart`, waiting up to `timeoutMs` for it. */
export async function findMailLink(
  request: APIRequestContext,
  email: string,
  linkPart: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get('/dev/outbox');
    if (!response.ok()) throw new Error(`GET /dev/outbox answered ${response.status()}`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const link = messages.find(
      (m) => m.to.toLowerCase() === email.toLowerCase() && m.link?.includes(linkPart),
    )?.link;
    if (link) return link;
    if (Date.now() > deadline)
      throw new Error(`no mail to ${email} with a ${linkPart} link in the dev outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs a user up and confirms the email through the outbox link. Does not sign in. */
export async function createVerifiedUser(
  request: APIRequestContext,
  options: NewUserOptions = {},
): Promise<TestUser> {
  const { extra, ...overrides } = options;
  const user = newTestUser(overrides);
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: {
      email: user.email,
      password: user.password,
      name: `${user.firstName} ${user.lastName}`,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      ...SIGN_UP_DEFAULTS,
      ...extra,
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const link = await findMailLink(request, user.email, 'verify-email');
  // Opened on the server under test (the link's host is the configured public URL), without following
  // the redirect into the app: only the confirmation matters here.
  const { pathname, search } = new URL(link);
  const verify = await request.get(pathname + search, { maxRedirects: 0 });
  if (verify.status() >= 400) throw new Error(`email verification failed: ${verify.status()}`);
  return user;
}

/**
 * Signs the page's browser context in: the session cookie lands in the context's cookie jar, so pages
 * opened afterwards are signed in. Answers the bearer token for direct API calls.
 */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  return response.headers()['set-auth-token'] ?? '';
}

/** A new verified user, signed in in the page's browser context. */
export async function signUpAndSignIn(
  page: Page,
  options: NewUserOptions = {},
): Promise<TestUser & { token: string }> {
  const user = await createVerifiedUser(page.request, options);
  const token = await signIn(page, user);
  return { ...user, token };
}

/**
 * A new user has no preferences, so the preferences wizard opens by itself over whatever page is
 * shown (docs/product/identity.md, "Preferences wizard"). Tests about other screens call this once per page:
 * whenever the wizard's 'Skip for now' button shows up, Playwright presses it before the next action or
 * assertion.
 */
export async function skipPreferencesWizard(page: Page): Promise<void> {
  const skip = page.getByRole('button', { name: 'Skip for now' });
  await page.addLocatorHandler(skip, async () => {
    await skip.click();
  });
}
