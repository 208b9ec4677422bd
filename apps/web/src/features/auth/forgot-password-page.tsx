import { emailSchema, IDENTITY_LIMITS, identityMessages } from '@penny/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { passwordResetRedirectURL, useAuthClient } from '../../session/index.ts';
import { Button } from '../../ui/index.ts';
import { AuthScreen, InputField, MailSentScreen } from './auth-form.tsx';
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
  const loadAuthClient = useAuthClient();
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
      const { error: authError } = await (await loadAuthClient()).requestPasswordReset({
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
      <MailSentScreen id="check-email-title" heading="Check your email">
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
      </MailSentScreen>
    );
  }

  return (
    <AuthScreen
      id="forgot-password-title"
      heading="Forgot password"
      intro="Enter your email and we will send you a link to reset your password."
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <InputField
          label="Email"
          error={error}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onValueChange={setEmail}
        />
        <Button type="submit" size="lg" className="w-full" loading={busy} busyLabel="Sending...">
          Send reset link
        </Button>
      </form>
      <div className="text-sm">
        <AuthLink to="/signin">Back to Sign In</AuthLink>
      </div>
    </AuthScreen>
  );
}
