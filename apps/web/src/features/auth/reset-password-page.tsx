import { AuthLink } from './auth-links.tsx';

/**
 * Placeholder: the new-password form arrives with the Identity issue. A recovery link lands here with
 * its token in the `token` query parameter (see app/recovery.ts).
 */
export function ResetPasswordPage() {
  return (
    <section aria-labelledby="reset-password-title" className="flex flex-col gap-6">
      <title>Reset password · Penny</title>
      <h1 id="reset-password-title" className="text-xl font-semibold text-text">
        Reset password
      </h1>
      <div className="text-sm">
        <AuthLink to="/signin">Back to Sign In</AuthLink>
      </div>
    </section>
  );
}
