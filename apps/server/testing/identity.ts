import { publicConfigSchema } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

/** Requests as the web app sends them (bearer, sealed bodies), and auth calls, for the identity tests. */
export async function identityClient(t: TestApp) {
  const config = publicConfigSchema.parse(await (await t.app.request('/config')).json());
  const origin = t.config.publicUrl;

  return {
    anonToken: config.anonToken,
    /** An encrypted JSON POST to /db or /agent. */
    sealedPost(path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
      return t.app.request(path, {
        method: 'POST',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          'content-type': 'application/json',
          'x-encrypted': '1',
          ...headers,
        },
        body: JSON.stringify(sealBody({ serverPublicKey: config.boxPublicKey, method: 'POST', path, body })),
      });
    },
    get(path: string, token?: string, headers: Record<string, string> = {}) {
      return t.app.request(path, {
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    },
    /** A JSON POST to Better Auth under /api/auth. */
    auth(path: string, body: unknown, headers: Record<string, string> = {}) {
      return t.app.request(`/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, ...headers },
        body: JSON.stringify(body),
      });
    },
    /** Mail addressed to `to`, newest first, once every queued message has landed. */
    async mailTo(to: string) {
      await t.authGateway.settled();
      await t.mailer.settled();
      return ((await t.devOutbox?.list()) ?? []).filter((m) => m.to === to.toLowerCase());
    },
  };
}

export type IdentityClient = Awaited<ReturnType<typeof identityClient>>;

/**
 * The setup every identity suite shares: before the suite, a fresh test app (`options` as for
 * createTestApp) and its identity client, handed to `bind`; after it, the app closed.
 *
 * ```ts
 * let t: TestApp;
 * let api: IdentityClient;
 * useIdentityApp({ database: kind }, (suite) => ({ t, api } = suite));
 * ```
 */
export function useIdentityApp(
  options: Parameters<typeof createTestApp>[0],
  bind: (suite: { t: TestApp; api: IdentityClient }) => void,
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
    bind({ t, api: await identityClient(t) });
  });
  afterAll(async () => {
    await t?.close();
  });
}

let counter = 0;

/** A complete, valid sign-up body (the 4 steps of the form) with unique email and username. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  counter++;
  const suffix = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    email: `new${suffix}@example.com`,
    password: 'correct horse battery',
    name: 'Grace Hopper',
    username: `grace_${suffix}`,
    firstName: 'Grace',
    middleName: '',
    lastName: 'Hopper',
    phoneNumber: '+15551234567',
    country: 'United States',
    dateOfBirth: '1906-12-09',
    agreedToTerms: true,
    agreedToPrivacy: true,
    ...overrides,
  };
}
