export {
  AUTH_RATE_LIMITS,
  type Auth,
  createAuth,
  RESET_TOKEN_SECONDS,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_INACTIVITY_SECONDS,
  SESSION_REFRESH_SECONDS,
  VERIFICATION_TOKEN_SECONDS,
} from './auth.ts';
export { resolveClientIp, withClientIp } from './client-ip.ts';
export { COMPOSED_PROMPT_OPENING, composePreferencePrompt } from './preference-prompt.ts';
export { readProfile, savePreferences } from './profile.ts';
export { createSignInGuard, SIGN_IN_GUARD, type SignInGuard } from './sign-in-guard.ts';
export {
  createUserDataService,
  type LinkedAccountCleanup,
  type UserDataService,
  userDataTables,
} from './user-data.ts';
