/**
 * Password-recovery links (docs/product/identity.md, "Route table":
 * "recognised by a recovery marker in the address hash and forwarded to /reset-password"). Liberal on
 * purpose: `#type=recovery&token=...`, `#access_token=...&type=recovery`, `#recovery`, `#recovery=TOKEN`,
 * `#/recovery?token=...`.
 */

export const RESET_PASSWORD_PATH = '/reset-password';

const TOKEN_KEYS = ['token', 'access_token', 'token_hash', 'recovery_token', 'code'] as const;

export type RecoveryLink = {
  /** The recovery token, when the link carried one. */
  token: string | null;
};

export function parseRecoveryHash(hash: string): RecoveryLink | null {
  const raw = hash.replace(/^#/, '').replace(/^\/+/, '').trim();
  if (!raw) return null;

  // `#recovery?token=x` / `#/reset?type=recovery&token=x`: read parameters from after any '?' too.
  const params = new URLSearchParams(raw.replaceAll('?', '&'));
  const type = params.get('type')?.toLowerCase();
  const firstKey = raw.split(/[&?=]/, 1)[0]?.toLowerCase();
  const marked = type === 'recovery' || firstKey === 'recovery' || params.has('recovery');
  if (!marked) return null;

  for (const key of TOKEN_KEYS) {
    const value = params.get(key)?.trim();
    if (value) return { token: value };
  }
  const inline = params.get('recovery')?.trim();
  return { token: inline ? inline : null };
}

/** Where a recovery link goes: `/reset-password?token=...` (no hash). */
export function recoveryTarget(link: RecoveryLink): string {
  if (!link.token) return RESET_PASSWORD_PATH;
  return `${RESET_PASSWORD_PATH}?${new URLSearchParams({ token: link.token }).toString()}`;
}

/**
 * If the current address is a recovery link, rewrites it in place (history.replaceState, so the token
 * leaves the hash and no extra history entry is made) and returns the new path; else returns null.
 * Run before the router reads the location.
 */
export function forwardRecoveryLink(win: Window = window): string | null {
  const link = parseRecoveryHash(win.location.hash);
  if (!link) return null;
  const target = recoveryTarget(link);
  win.history.replaceState(win.history.state, '', target);
  return target;
}
