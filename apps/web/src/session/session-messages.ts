// The zod-free entry: these screens load before any form needs a schema.
import { identityMessages } from '@penny/contracts/messages';

/** The spec's session toasts (spec 1, section 8). */
export const SESSION_TOASTS = {
  sessionExpired: identityMessages.toasts.sessionExpired,
  sessionError: identityMessages.toasts.sessionError,
  signOutError: identityMessages.toasts.signOutError,
  signOutFailed: identityMessages.session.signOutFailed,
} as const;
