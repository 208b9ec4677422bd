export { App, type AppProps } from './app.tsx';
export { type SignInRedirectState, VERIFYING_AUTHENTICATION } from './guards.tsx';
export { AppProviders, type AppProvidersProps } from './providers.tsx';
export { forwardRecoveryLink, parseRecoveryHash, RESET_PASSWORD_PATH, recoveryTarget } from './recovery.ts';
export { AppRoutes, preloadRoute, routes } from './routes.tsx';
