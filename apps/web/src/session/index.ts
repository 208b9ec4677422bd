export {
  AUTH_TOKEN_HEADER,
  type AuthClient,
  type AuthClientOptions,
  createPennyAuthClient,
  defaultAuthBaseURL,
  getAuthClient,
  passwordResetRedirectURL,
} from './auth-client.ts';
export {
  clearClientState,
  clearUserData,
  onSignOutCleanup,
  PERSISTENT_STATE_KEY,
  type QueryClientHolder,
  QueryClientHolderContext,
} from './client-state.ts';
export {
  DEEP_LINK_TRIED_KEY,
  type MobileAppLinks,
  mobileAppLinksFrom,
  mobilePlatform,
  shouldTryDeepLink,
  tryDeepLink,
} from './deep-link.ts';
export {
  IGNORED_REFRESH_ERROR,
  type RefreshOutcome,
  SESSION_INACTIVITY_MS,
  SESSION_REFRESH_MS,
  type SessionKeeperOptions,
  startSessionKeeper,
} from './session-keeper.ts';
export {
  SessionProvider,
  type SessionProviderProps,
  type SessionState,
  type SessionStatus,
  type SessionUser,
  useAuthClient,
  useSession,
} from './session-provider.tsx';
export { getSessionToken, setSessionToken } from './token.ts';
export { type DerivedUserInfo, deriveUserInfo } from './user-info.ts';
