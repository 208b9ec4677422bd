import { createBrowserRouter, type RouteObject } from 'react-router';
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
import { BootScreen, GuestOnly, RequireAuth, RouteErrorScreen, SessionGate, ToStart } from './guards.tsx';
import { AuthLayout } from './layout/auth-layout.tsx';

/** The signed-in frame (sidebar, profile, preferences wizard): its own chunk, not on the sign-in route. */
const loadAppShell = () => import('./layout/app-shell.tsx').then((m) => ({ Component: m.AppShell }));

import { forwardRecoveryLink } from './recovery.ts';

/**
 * The route table of spec 1 §2. Public: /signin, /signup, /forgot-password, /reset-password.
 * Everything else needs a session. Each screen is loaded on demand (its own chunk).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: SessionGate,
    HydrateFallback: BootScreen,
    ErrorBoundary: RouteErrorScreen,
    children: [
      // Public, no session needed: renders only fixtures (visualization renderer gallery).
      { path: 'gallery', lazy: loadGalleryPage },
      // The brokerage portal's return page, in the link popup: reports to the Accounts page and closes.
      { path: 'connect/snaptrade/callback', lazy: loadSnaptradeCallbackPage },
      {
        Component: AuthLayout,
        children: [
          {
            Component: GuestOnly,
            children: [
              { path: 'signin', lazy: loadSignInPage },
              { path: 'signup', lazy: loadSignUpPage },
            ],
          },
          { path: 'forgot-password', lazy: loadForgotPasswordPage },
          { path: 'reset-password', lazy: loadResetPasswordPage },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: loadAppShell,
            children: [
              { index: true, lazy: loadStartPage },
              { path: 'chat/:threadId', lazy: loadChatPage },
              { path: 'Resources', lazy: loadResourcesPage },
              { path: 'Resources/:resourceId', lazy: loadResourcesPage },
              { path: 'Accounts', lazy: loadAccountsPage },
              { path: 'Settings', lazy: loadSettingsPage },
              { path: '*', Component: ToStart },
            ],
          },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router over the browser history. A password-recovery link in the address is forwarded to
 * /reset-password first (its token moves from the hash to `?token=`).
 */
export function createAppRouter({ window: win = window }: { window?: Window } = {}): AppRouter {
  forwardRecoveryLink(win);
  return createBrowserRouter(routes, { window: win });
}
