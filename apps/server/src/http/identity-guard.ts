import type { UserIdentity } from '@penny/contracts';
import { apiMessages } from '@penny/contracts';
import type { AppContext, SessionUser } from './context.ts';
import { ApiFailure } from './errors.ts';

/** The signed-in user, or a 401 for anonymous callers. */
export function requireUser(c: AppContext): SessionUser {
  const principal = c.get('principal');
  if (principal?.kind !== 'user') throw new ApiFailure('auth:required', apiMessages.authRequired);
  return principal.user;
}

/**
 * The required payloads name the user (docs/product/chat.md, "Roles and permissions"); that name is only ever
 * compared with the session, never used to look anything up. A mismatch is refused and logged.
 */
export function assertSameUser(c: AppContext, claimed: Pick<UserIdentity, 'username'>): SessionUser {
  const user = requireUser(c);
  const claimedName = claimed.username.trim().toLowerCase();
  const knownNames = [user.username, user.email, user.id].filter(Boolean).map((v) => String(v).toLowerCase());
  if (!knownNames.includes(claimedName)) {
    throw new ApiFailure('auth:other-user', 'This request names a different user than the one signed in.');
  }
  return user;
}
