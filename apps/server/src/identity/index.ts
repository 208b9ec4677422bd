export {
  AUTH_RATE_LIMITS,
  type Auth,
  createAuth,
  isPastAbsoluteLifetime,
  RESET_TOKEN_SECONDS,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_INACTIVITY_SECONDS,
  SESSION_REFRESH_SECONDS,
  VERIFICATION_TOKEN_SECONDS,
} from './auth.ts';
export { AUTH_ENDPOINT_PATHS, type AuthGateway, createAuthGateway } from './auth-gateway.ts';
export { resolveClientIp, withClientIp } from './client-ip.ts';
export { COMPOSED_PROMPT_OPENING, composePreferencePrompt } from './preference-prompt.ts';
export { type Actor, createProfileService, type ProfileService } from './profile.ts';
export { isSafeRedirectTarget } from './redirect-target.ts';
export { createSignInBrake, SIGN_IN_BRAKE, type SignInBrake } from './sign-in-brake.ts';
export {
  createUserDataService,
  type LinkedAccountCleanup,
  type UserDataService,
  userDataTables,
} from './user-data.ts';
