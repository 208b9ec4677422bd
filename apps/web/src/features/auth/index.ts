// Route modules, loaded on demand so each screen is its own chunk (the shape React.lazy takes).
export const loadSignInPage = () => import('./sign-in-page.tsx').then((m) => ({ default: m.SignInPage }));
export const loadSignUpPage = () => import('./sign-up-page.tsx').then((m) => ({ default: m.SignUpPage }));
export const loadForgotPasswordPage = () =>
  import('./forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage }));
export const loadResetPasswordPage = () =>
  import('./reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage }));
