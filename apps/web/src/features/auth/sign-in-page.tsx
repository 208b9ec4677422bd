import { AuthLink } from './auth-links.tsx';

/** Placeholder: the sign-in form arrives with the Identity issue. */
export function SignInPage() {
  return (
    <section aria-labelledby="sign-in-title" className="flex flex-col gap-6">
      <title>Sign In · Penny</title>
      <h1 id="sign-in-title" className="text-xl font-semibold text-text">
        Sign In
      </h1>
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <AuthLink to="/forgot-password">Forgot Password</AuthLink>
        <AuthLink to="/signup">Create an account</AuthLink>
      </div>
    </section>
  );
}
