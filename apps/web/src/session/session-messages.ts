// The zod-free entry: these screens load before any form needs a schema.
import { identityMessages } from '@penny/contracts/messages';

/** The required session toasts (docs/product/identity.md, "Error catalogue"). */
export const SESSION_TOASTS = {
  sessionExpired: identityMessages.toasts.sessionExpired,
  sessionError: identityMessages.toasts.sessionError,
  signOutError: identityMessages.toasts.signOutError,
  signOutFailed: identityMessages.session.signOutFailed,
} as const;
