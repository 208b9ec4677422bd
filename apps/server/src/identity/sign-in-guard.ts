/**
 * Per-account brake on password guessing, on top of Better Auth's per-IP limits (which an attacker
 * with many addresses walks around). Keyed by the normalized email whether or not an account
 * exists, so the answer never tells which addresses are registered. No hard lockout (ASVS 6.1.1):
 * after a few free failures, each further failure doubles the wait, up to a cap.
 */
export const SIGN_IN_GUARD = {
  /** Failures allowed before any wait. */
  freeFailures: 5,
  /** First wait; doubles with each further failure. */
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  /** A quiet spell this long forgets earlier failures. */
  forgetAfterMs: 60 * 60_000,
  maxTrackedAccounts: 100_000,
} as const;

type Entry = { failures: number; lastFailureAt: number; blockedUntil: number };

export type SignInGuard = {
  /** Milliseconds the account must wait before the next attempt (0: go ahead). */
  waitFor(account: string): number;
  recordFailure(account: string): void;
  recordSuccess(account: string): void;
};

export function createSignInGuard(options: { now?: () => number } = {}): SignInGuard {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const key = (account: string) => account.trim().toLowerCase();

  function current(account: string): Entry | undefined {
    const entry = entries.get(key(account));
    if (entry && now() - entry.lastFailureAt > SIGN_IN_GUARD.forgetAfterMs) {
      entries.delete(key(account));
      return undefined;
    }
    return entry;
  }

  return {
    waitFor(account) {
      const entry = current(account);
      return entry ? Math.max(0, entry.blockedUntil - now()) : 0;
    },
    recordFailure(account) {
      const at = now();
      const entry = current(account) ?? { failures: 0, lastFailureAt: at, blockedUntil: 0 };
      entry.failures += 1;
      entry.lastFailureAt = at;
      const over = entry.failures - SIGN_IN_GUARD.freeFailures;
      if (over >= 0) {
        const delay = Math.min(SIGN_IN_GUARD.baseDelayMs * 2 ** over, SIGN_IN_GUARD.maxDelayMs);
        entry.blockedUntil = at + delay;
      }
      entries.delete(key(account));
      entries.set(key(account), entry);
      if (entries.size > SIGN_IN_GUARD.maxTrackedAccounts) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    recordSuccess(account) {
      entries.delete(key(account));
    },
  };
}
