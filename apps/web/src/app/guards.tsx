import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/index.ts';
import { isAuthPath, LoadingScreen, useLightThemeWhileMounted } from '../ui/index.ts';
import { parseRecoveryHash, recoveryTarget } from './recovery.ts';

/**
 * docs/product/identity.md, "Route table":
 * "While the session is being checked a loading screen reads 'Verifying authentication...'."
 */
export const VERIFYING_AUTHENTICATION = 'Verifying authentication...';

export function VerifyingScreen() {
  return <LoadingScreen label={VERIFYING_AUTHENTICATION} />;
}

/** A recovery link opened in a tab where Penny already runs changes only the hash. */
function useRecoveryHashListener(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onHashChange = () => {
      const link = parseRecoveryHash(window.location.hash);
      if (link) void navigate(recoveryTarget(link), { replace: true });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [navigate]);
}

/**
 * Screens shown before an auth screen mounts (the session check, the route's code loading) take its
 * light theme already, as index.html did before the first paint: no dark-to-light flip.
 */
function useAuthScreenTheme(): void {
  const { pathname } = useLocation();
  useLightThemeWhileMounted(isAuthPath(pathname));
}

/** Root of every route: nothing renders before the session is known. */
export function SessionGate() {
  const { status } = useSession();
  // Deferred: once the answer is in, 'Verifying authentication...' stays until the screen it leads to
  // can show (its code may still be arriving), rather than a loading screen that React's Suspense
  // throttle would then hold for up to 300 ms after the code is here.
  const shown = useDeferredValue(status);
  useRecoveryHashListener();
  useAuthScreenTheme();
  if (shown === 'checking') return <VerifyingScreen />;
  return <Outlet />;
}

/** Shown while a screen's code loads for the first time. */
export function BootScreen() {
  const { status } = useSession();
  useAuthScreenTheme();
  return <LoadingScreen label={status === 'checking' ? VERIFYING_AUTHENTICATION : 'Loading...'} />;
}

export type SignInRedirectState = { from?: string };

/** Signed-in routes. Anyone else goes to /signin (the path they wanted travels in location state). */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <VerifyingScreen />;
  if (status !== 'signed-in') {
    const state: SignInRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/signin" replace state={state} />;
  }
  return <Outlet />;
}

/** /signin and /signup: a signed-in user goes to the start screen. */
export function GuestOnly() {
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Any other path, once signed in. */
export function ToStart() {
  return <Navigate to="/" replace />;
}
