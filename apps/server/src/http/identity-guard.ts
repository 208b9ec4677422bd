import { apiMessages } from '@penny/contracts';
import type { AppContext, SessionUser } from './context.ts';
import { ApiFailure } from './errors.ts';

/** The signed-in user, or a 401 for anonymous callers. */
export function requireUser(c: AppContext): SessionUser {
  const principal = c.get('principal');
  if (principal?.kind !== 'user') throw new ApiFailure('auth:required', apiMessages.authRequired);
  return principal.user;
}

/** What a payload may say about its user: the names of docs/product/chat.md, "User info", and the ids. */
export type ClaimedUser = {
  username?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  userId?: string | null | undefined;
  email?: string | null | undefined;
};

/**
 * The names a client derives for a user without one (docs/product/chat.md, "User info": 'User' /
 * 'Account', and 'Guest' / 'User' in resource views); accepted only when the session has no such name.
 */
const NAME_FALLBACKS: Record<'firstName' | 'lastName', readonly string[]> = {
  firstName: ['user', 'guest'],
  lastName: ['account', 'user'],
};

const folded = (value: unknown): string => String(value).normalize('NFC').trim().toLowerCase();
const given = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The first field of `claimed` that names someone else than `user`, or undefined when all match. */
export function mismatchedField(user: SessionUser, claimed: ClaimedUser): keyof ClaimedUser | undefined {
  if (given(claimed.username)) {
    const known = [user.username, user.email, user.id].filter(Boolean).map(folded);
    if (!known.includes(folded(claimed.username))) return 'username';
  }
  for (const field of ['firstName', 'lastName'] as const) {
    const value = claimed[field];
    if (!given(value)) continue;
    const own = user[field];
    const accepted = given(own) ? [folded(own)] : NAME_FALLBACKS[field];
    if (!accepted.includes(folded(value))) return field;
  }
  if (given(claimed.userId) && claimed.userId.trim() !== user.id) return 'userId';
  if (given(claimed.email) && folded(claimed.email) !== folded(user.email)) return 'email';
  return undefined;
}

/**
 * The required payloads name the user (docs/product/chat.md, "Roles and permissions"): username, first
 * and last name, and in `user_info` also the id and email. Each one given is compared with the session
 * user (ignoring case and surrounding spaces; the id exactly), never used to look anything up. A
 * mismatch is refused (403) and logged. Blank fields name no one and are not compared.
 */
export function assertSameUser(c: AppContext, claimed: ClaimedUser): SessionUser {
  const user = requireUser(c);
  if (mismatchedField(user, claimed)) {
    throw new ApiFailure('auth:other-user', 'This request names a different user than the one signed in.');
  }
  return user;
}
