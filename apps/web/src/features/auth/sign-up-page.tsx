import { AuthLink } from './auth-links.tsx';

/** Placeholder: the 4-step sign-up arrives with the Identity issue. */
export function SignUpPage() {
  return (
    <section aria-labelledby="sign-up-title" className="flex flex-col gap-6">
      <title>Create an account · Penny</title>
      <h1 id="sign-up-title" className="text-xl font-semibold text-text">
        Create an account
      </h1>
      <div className="text-sm">
        <AuthLink to="/signin">Back to sign in</AuthLink>
      </div>
    </section>
  );
}
