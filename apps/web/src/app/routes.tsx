import { type ReactElement, Suspense, useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { loadAccountsPage, loadSnaptradeCallbackPage } from '../features/accounts/index.ts';
import {
  loadForgotPasswordPage,
  loadResetPasswordPage,
  loadSignInPage,
  loadSignUpPage,
} from '../features/auth/index.ts';
import { loadChatPage } from '../features/chat/index.ts';
import { loadGalleryPage } from '../features/gallery/index.ts';
import { loadResourcesPage } from '../features/resources/index.ts';
import { loadSettingsPage } from '../features/settings/index.ts';
import { loadStartPage } from '../features/start/index.ts';
import { useSession } from '../session/index.ts';
import { BootScreen, GuestOnly, RequireAuth, SessionGate, ToStart } from './guards.tsx';
import { AuthLayout } from './layout/auth-layout.tsx';
import { type LazyComponent, lazyComponent } from './lazy-component.ts';
import { QueryScope } from './query-scope.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** The signed-in frame (sidebar, profile, preferences wizard): its own chunk, not on the sign-in route. */
const loadAppShell = () => import('./layout/app-shell.tsx').then((m) => ({ default: m.AppShell }));
const AppShell = lazyComponent(loadAppShell);

/**
 * A route whose screen is its own chunk; `preload` starts that download ahead of the first render.
 * `guarded`: what is below needs a session, so it is not preloaded before the session is known to be there.
 */
type AppRoute = RouteObject & { preload?: () => void; guarded?: true; children?: AppRoute[] };

/**
 * A screen's route (`path: null` is the index route), rendered inside the query cache's scope unless
 * it reads no server state (`noQueries`: the sign-in and password screens and the popup's return page,
 * which then download none of the cache's code). Wrapping by default means a new screen cannot miss it.
 */
function page(path: string | null, Page: LazyComponent, { noQueries = false } = {}): AppRoute {
  const screen = noQueries
    ? { element: <Page />, preload: Page.preload }
    : { element: withQueries(<Page />), preload: () => preloadAll(QueryScope, Page) };
  return path === null ? { index: true, ...screen } : { path, ...screen };
}

/** A screen of the signed-in frame, which is inside the query cache's scope already. */
function shellPage(path: string | null, Page: LazyComponent): AppRoute {
  return page(path, Page, { noQueries: true });
}

function withQueries(element: ReactElement): ReactElement {
  return <QueryScope>{element}</QueryScope>;
}

function preloadAll(...components: Pick<LazyComponent, 'preload'>[]): void {
  for (const component of components) component.preload();
}

const ResourcesPage = lazyComponent(loadResourcesPage);

/**
 * The route table of docs/product/identity.md, "Route table". Public: /signin, /signup, /forgot-password,
 * /reset-password. Everything else needs a session. Each screen is loaded on demand (its own chunk).
 */
export const routes: AppRoute[] = [
  {
    element: <SessionGate />,
    children: [
      // Public, no session needed: renders only fixtures (visualization renderer gallery).
      page('gallery', lazyComponent(loadGalleryPage)),
      // The brokerage portal's return page, in the link popup: reports to the Accounts page and closes.
      page('connect/snaptrade/callback', lazyComponent(loadSnaptradeCallbackPage), { noQueries: true }),
      {
        element: <AuthLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              page('signin', lazyComponent(loadSignInPage), { noQueries: true }),
              page('signup', lazyComponent(loadSignUpPage)),
            ],
          },
          page('forgot-password', lazyComponent(loadForgotPasswordPage), { noQueries: true }),
          page('reset-password', lazyComponent(loadResetPasswordPage), { noQueries: true }),
        ],
      },
      {
        element: <RequireAuth />,
        guarded: true,
        children: [
          {
            // Every signed-in screen reads server state.
            element: withQueries(<AppShell />),
            preload: () => preloadAll(QueryScope, AppShell),
            children: [
              shellPage(null, lazyComponent(loadStartPage)),
              shellPage('chat/:threadId', lazyComponent(loadChatPage)),
              // One component for both, so opening a resource keeps the page mounted.
              shellPage('Resources', ResourcesPage),
              shellPage('Resources/:resourceId', ResourcesPage),
              shellPage('Accounts', lazyComponent(loadAccountsPage)),
              shellPage('Settings', lazyComponent(loadSettingsPage)),
              { path: '*', element: <ToStart /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts downloading the screens `pathname` shows, so they load while the session is checked rather
 * than after (nothing under the session gate renders before that answer). Screens that need a session
 * only once it is known to be there: a visitor whose session has expired, opening a bookmarked
 * /Accounts, would otherwise download the signed-in frame before the sign-in screen they are sent to
 * (measured: 2.9 s against 1.1 s for /signin on Slow 4G).
 */
export function preloadRoute(pathname: string, { signedIn }: { signedIn: boolean }): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (route.guarded && !signedIn) return;
    route.preload?.();
  }
}

function needsSession(pathname: string): boolean {
  return (matchRoutes(routes, pathname) ?? []).some(({ route }) => route.guarded);
}

/** Once the session is known: the screens it leads to first, then the query cache's code. */
function preloadForSession(pathname: string, status: 'signed-in' | 'signed-out'): void {
  if (status === 'signed-in') {
    preloadRoute(pathname, { signedIn: true });
  } else if (needsSession(pathname)) {
    // Sent to sign-in: that screen alone, so nothing competes with it.
    preloadRoute('/signin', { signedIn: false });
  } else {
    // Signing in or opening sign-up then does not wait for the query cache.
    QueryScope.preload();
  }
}

/** The screens, inside one error boundary and one loading fallback for a screen's first download. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'checking') preloadForSession(pathname, status);
  }, [status, pathname]);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<BootScreen />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
