// Route modules, loaded on demand so each screen is its own chunk.
export const loadSignInPage = () => import('./sign-in-page.tsx').then((m) => ({ Component: m.SignInPage }));
export const loadSignUpPage = () => import('./sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage }));
export const loadForgotPasswordPage = () =>
  import('./forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage }));
export const loadResetPasswordPage = () =>
  import('./reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage }));
