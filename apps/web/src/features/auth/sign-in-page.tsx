// The zod-free entry: these screens load before any form needs a schema.
import { identityMessages } from '@penny/contracts/messages';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthClient } from '../../session/index.ts';
import { Button } from '../../ui/index.ts';
import { authErrorMessage } from './auth-errors.ts';
import { AuthScreen, InputField } from './auth-form.tsx';
import { AuthLink, FormMessage, verifiedCallbackURL } from './auth-links.tsx';

const m = identityMessages.signIn;

type Problem = { kind: 'error'; message: string } | { kind: 'unverified'; email: string } | null;

type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

/** Better Auth's code for a correct password on an account whose email is not confirmed yet. */
const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** Notes for arriving from a confirmation link (`callbackURL` of the verification email). */
function arrivalNote(params: URLSearchParams): { tone: 'success' | 'error'; text: string } | null {
  const error = params.get('error');
  if (error) {
    return {
      tone: 'error',
      text: 'This confirmation link is invalid or has expired. Sign in to receive a new one.',
    };
  }
  if (params.get('verified') === '1') {
    return { tone: 'success', text: 'Your email is confirmed. Sign in to continue.' };
  }
  return null;
}

/**
 * Sign-in mode of the authentication screen (docs/product/identity.md, "Sign-in mode"). Success shows through
 * the session: once Better Auth reports a user, the guest-only route sends the user on.
 */
export function SignInPage() {
  const [params] = useSearchParams();
  const loadAuthClient = useAuthClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [resend, setResend] = useState<ResendState>('idle');
  const note = problem ? null : arrivalNote(params);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResend('idle');
    const cleanEmail = email.trim();
    if (!cleanEmail || !password) {
      setProblem({ kind: 'error', message: m.credentialsRequired });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { error } = await (await loadAuthClient()).signIn.email({
        email: cleanEmail,
        password,
        callbackURL: verifiedCallbackURL(),
      });
      if (error) {
        setProblem(
          error.code === EMAIL_NOT_VERIFIED
            ? { kind: 'unverified', email: cleanEmail }
            : { kind: 'error', message: authErrorMessage(error, m.failed) },
        );
      }
    } catch {
      setProblem({ kind: 'error', message: m.failed });
    } finally {
      setBusy(false);
    }
  }

  async function resendConfirmation(to: string) {
    setResend('sending');
    try {
      const { error } = await (await loadAuthClient()).sendVerificationEmail({
        email: to,
        callbackURL: verifiedCallbackURL(),
      });
      setResend(error ? 'failed' : 'sent');
    } catch {
      setResend('failed');
    }
  }

  return (
    <AuthScreen id="sign-in-title" heading="Sign In" intro="Welcome back to Penny.">
      {note ? <FormMessage tone={note.tone}>{note.text}</FormMessage> : null}
      {problem?.kind === 'error' ? <FormMessage tone="error">{problem.message}</FormMessage> : null}
      {problem?.kind === 'unverified' ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-warning/50 bg-surface px-3 py-2 text-sm"
        >
          <p className="text-text">{m.emailNotVerified}</p>
          {resend === 'sent' ? (
            <p className="text-text-muted">Confirmation email sent to {problem.email}. Check your inbox.</p>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                loading={resend === 'sending'}
                busyLabel="Sending..."
                onClick={() => void resendConfirmation(problem.email)}
              >
                Resend confirmation email
              </Button>
              {resend === 'failed' ? (
                <span className="text-negative">Could not send the email. Please try again later.</span>
              ) : null}
            </div>
          )}
        </div>
      ) : null}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          // The screen is a single form: start where the user types first.
          autoFocus
          value={email}
          onValueChange={setEmail}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <Button type="submit" size="lg" loading={busy} busyLabel={m.processing} className="w-full">
          Sign In
        </Button>
      </form>

      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <AuthLink to="/forgot-password">Forgot Password</AuthLink>
        <AuthLink to="/signup">Create an account</AuthLink>
      </div>
    </AuthScreen>
  );
}
