export {
  AUTH_TOKEN_HEADER,
  type AuthClient,
  type AuthClientOptions,
  createPennyAuthClient,
  defaultAuthBaseURL,
  getAuthClient,
} from './auth-client.ts';
export {
  SessionProvider,
  type SessionProviderProps,
  type SessionState,
  type SessionStatus,
  type SessionUser,
  useSession,
} from './session-provider.tsx';
export { getSessionToken, setSessionToken } from './token.ts';
