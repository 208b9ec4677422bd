import type { RateLimiter, RateRule } from '../shared-state/index.ts';

/**
 * The brake on password guessing, counted before the password is checked (atomically, so 60 guesses
 * sent at once count as 60). Keyed on the account together with the client address: an attacker who
 * guesses wrong slows down only their own address, and the owner signing in from elsewhere is not
 * locked out. A much higher per-account ceiling across all addresses stops a spread-out attack.
 * Keyed by the normalised email whether or not an account exists, so answers never tell which exist.
 */
export const SIGN_IN_BRAKE = {
  /** Attempts one address may make on one account per window; a success clears them. */
  perAccountAndAddress: { windowMs: 15 * 60_000, max: 5 },
  /** Attempts on one account from all addresses together per window. */
  perAccount: { windowMs: 15 * 60_000, max: 100 },
} as const satisfies Record<string, RateRule>;

export type SignInBrake = {
  /** Counts an attempt; answers how long to wait (0: go ahead and check the password). */
  attempt(email: string, clientIp: string | undefined): Promise<number>;
  /** A correct password clears this address's count for the account. */
  succeeded(email: string, clientIp: string | undefined): Promise<void>;
};

export function createSignInBrake(limiter: RateLimiter): SignInBrake {
  const account = (email: string) => email.trim().toLowerCase();
  const pairKey = (email: string, ip: string | undefined) => `signin:${account(email)}|${ip ?? 'unknown'}`;
  return {
    async attempt(email, clientIp) {
      const [pair, overall] = await Promise.all([
        limiter.consume(pairKey(email, clientIp), SIGN_IN_BRAKE.perAccountAndAddress),
        limiter.consume(`signin:${account(email)}`, SIGN_IN_BRAKE.perAccount),
      ]);
      return Math.max(pair.retryAfterMs, overall.retryAfterMs);
    },
    async succeeded(email, clientIp) {
      await limiter.reset(pairKey(email, clientIp));
    },
  };
}
