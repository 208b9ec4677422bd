import { emailSchema, IDENTITY_LIMITS, identityMessages } from '@penny/contracts';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { passwordResetRedirectURL, useAuthClient } from '../../session/index.ts';
import { Button, Field, Input } from '../../ui/index.ts';
import { AuthLink } from './auth-links.tsx';

const m = identityMessages.forgotPassword;

/**
 * "The reset-email flow tells the user a window will close after 10 seconds and schedules that
 * close." Browsers only let a script close a tab it opened (or one with no history); when the close is
 * refused, the note says so instead.
 */
function useWindowCloseCountdown(active: boolean): 'scheduled' | 'refused' {
  const [state, setState] = useState<'scheduled' | 'refused'>('scheduled');
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      window.close();
      // Still here: the browser refused.
      window.setTimeout(() => setState('refused'), 100);
    }, IDENTITY_LIMITS.resetWindowCloseMs);
    return () => window.clearTimeout(timer);
  }, [active]);
  return state;
}

export function ForgotPasswordPage() {
  const authClient = useAuthClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const closeState = useWindowCloseCountdown(sentTo !== null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(m.emailRequired);
      return;
    }
    if (!emailSchema.safeParse(value).success) {
      setError(m.invalidEmail);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { error: authError } = await authClient.requestPasswordReset({
        email: value,
        redirectTo: passwordResetRedirectURL(),
      });
      if (authError) setError(m.sendFailed);
      else setSentTo(value);
    } catch {
      setError(m.sendFailed);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <section aria-labelledby="check-email-title" className="flex flex-col items-center gap-5 text-center">
        <title>Check your email · Penny</title>
        <span className="flex size-12 items-center justify-center rounded-full bg-surface text-accent">
          <MailCheck aria-hidden="true" className="size-6" strokeWidth={1.75} />
        </span>
        <h1 id="check-email-title" className="text-xl font-semibold text-text">
          Check your email
        </h1>
        <p className="text-sm text-text">
          If an account exists for <strong className="font-semibold">{sentTo}</strong>, we sent it a link to
          reset your password.
        </p>
        <p role="status" className="text-sm text-text-muted">
          {closeState === 'scheduled'
            ? 'This window will close in 10 seconds.'
            : 'You can close this window now.'}
        </p>
        <AuthLink to="/signin">Back to Sign In</AuthLink>
      </section>
    );
  }

  return (
    <section aria-labelledby="forgot-password-title" className="flex flex-col gap-6">
      <title>Forgot password · Penny</title>
      <div className="flex flex-col gap-1">
        <h1 id="forgot-password-title" className="text-xl font-semibold text-text">
          Forgot password
        </h1>
        <p className="text-sm text-text-muted">
          Enter your email and we will send you a link to reset your password.
        </p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <Field label="Email" error={error}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={busy} busyLabel="Sending...">
          Send reset link
        </Button>
      </form>
      <div className="text-sm">
        <AuthLink to="/signin">Back to Sign In</AuthLink>
      </div>
    </section>
  );
}
