import { AuthLink } from './auth-links.tsx';

/** Placeholder: the reset-link request arrives with the Identity issue. */
export function ForgotPasswordPage() {
  return (
    <section aria-labelledby="forgot-password-title" className="flex flex-col gap-6">
      <title>Forgot password · Penny</title>
      <h1 id="forgot-password-title" className="text-xl font-semibold text-text">
        Forgot password
      </h1>
      <div className="text-sm">
        <AuthLink to="/signin">Back to Sign In</AuthLink>
      </div>
    </section>
  );
}
