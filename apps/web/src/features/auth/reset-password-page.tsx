import { IDENTITY_LIMITS, identityMessages } from '@penny/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { setSessionToken, useAuthClient } from '../../session/index.ts';
import { Button, buttonClassName, LoadingScreen } from '../../ui/index.ts';
import { authErrorMessage } from './auth-errors.ts';
import { AuthScreen, InputField } from './auth-form.tsx';
import { AuthLink, FormMessage } from './auth-links.tsx';

const m = identityMessages.resetPassword;

/** Better Auth sends `?error=INVALID_TOKEN` for a used, unknown or expired link. */
const INVALID_TOKEN_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'invalid_token']);

export type ResetLinkState =
  | { kind: 'verifying' }
  | { kind: 'ready'; token: string }
  | { kind: 'invalid'; message: string };

/**
 * What the address says about the reset link (verifying, ready, invalid or expired: docs/product/identity.md,
 * "Reset password page").
 */
export function readResetLink(search: string): ResetLinkState {
  try {
    const params = new URLSearchParams(search);
    const error = params.get('error');
    if (error) {
      return { kind: 'invalid', message: INVALID_TOKEN_ERRORS.has(error) ? m.invalidLink : m.verifyFailed };
    }
    const token = params.get('token')?.trim();
    if (!token) return { kind: 'invalid', message: m.invalidLink };
    return { kind: 'ready', token };
  } catch {
    return { kind: 'invalid', message: m.verifyFailed };
  }
}

/**
 * Asks the server whether a reset token is still good, without using it: Better Auth's link endpoint
 * redirects to our page with `?token=` for a live token and `?error=INVALID_TOKEN` otherwise.
 */
export async function verifyResetToken(token: string): Promise<ResetLinkState> {
  const callbackURL = `${window.location.origin}/reset-password`;
  const url = `/api/auth/reset-password/${encodeURIComponent(token)}?${new URLSearchParams({ callbackURL })}`;
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
    const landed = new URL(response.url || url, window.location.origin).searchParams;
    if (landed.has('error')) return readResetLink(`?error=${landed.get('error') ?? ''}`);
    if (landed.get('token') === token) return { kind: 'ready', token };
    return { kind: 'invalid', message: m.verifyFailed };
  } catch {
    return { kind: 'invalid', message: m.verifyFailed };
  }
}

export function validateNewPassword(password: string, confirm: string): string | null {
  if (!password || !confirm) return m.bothRequired;
  if (password !== confirm) return m.passwordsDoNotMatch;
  if (password.length < IDENTITY_LIMITS.passwordMin) return m.passwordTooShort;
  return null;
}

export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const loadAuthClient = useAuthClient();
  // Read once: the token then leaves the address bar (history, screenshots, shoulder surfers).
  const [link, setLink] = useState<ResetLinkState>({ kind: 'verifying' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  // The address as the page opened: stripping the token below changes location.search, which must not
  // be read again as 'no token'.
  const [openedWith] = useState(() => location.search);
  const { pathname } = location;

  useEffect(() => {
    const fromAddress = readResetLink(openedWith);
    if (openedWith) void navigate({ pathname, search: '' }, { replace: true });
    if (fromAddress.kind !== 'ready') {
      setLink(fromAddress);
      return;
    }
    // Verify before showing the form: a used, expired or made-up token gets the message, not fields.
    let current = true;
    void verifyResetToken(fromAddress.token).then((verified) => {
      if (current) setLink(verified);
    });
    return () => {
      current = false;
    };
  }, [openedWith, pathname, navigate]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => void navigate('/signin', { replace: true }),
      IDENTITY_LIMITS.resetRedirectDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (link.kind !== 'ready') return;
    const problem = validateNewPassword(password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { error: authError } = await (await loadAuthClient()).resetPassword({
        newPassword: password,
        token: link.token,
      });
      if (authError) {
        if (authError.code && INVALID_TOKEN_ERRORS.has(authError.code)) {
          setLink({ kind: 'invalid', message: m.invalidLink });
        } else {
          setError(authError.status === 429 ? authErrorMessage(authError, m.failed) : m.failed);
        }
        return;
      }
      // Success signs the user out (docs/product/identity.md, "Reset password page"); the server also revoked
      // every session of this account.
      try {
        await (await loadAuthClient()).signOut();
      } catch {
        // No session in this browser: nothing to end.
      }
      setSessionToken(null);
      setDone(true);
    } catch {
      setError(m.failed);
    } finally {
      setBusy(false);
    }
  }

  if (link.kind === 'verifying') {
    return <LoadingScreen label="Verifying reset link..." fullScreen={false} className="bg-transparent" />;
  }

  if (link.kind === 'invalid') {
    return (
      <AuthScreen
        id="reset-password-title"
        heading="Reset password"
        intro="This reset link cannot be used any more."
      >
        <FormMessage tone="error">{link.message}</FormMessage>
        <Link to="/forgot-password" className={buttonClassName({ size: 'lg', className: 'w-full' })}>
          Request a new link
        </Link>
        <p className="text-center text-sm">
          <AuthLink to="/signin">Back to Sign In</AuthLink>
        </p>
      </AuthScreen>
    );
  }

  const locked = done;
  return (
    <AuthScreen
      id="reset-password-title"
      heading="Reset password"
      intro="Choose a new password for your account."
    >
      {done ? (
        <FormMessage tone="success">Your password has been reset. Taking you to sign in...</FormMessage>
      ) : null}

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          disabled={locked}
          value={password}
          onValueChange={setPassword}
        />
        <InputField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          disabled={locked}
          value={confirm}
          onValueChange={setConfirm}
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={locked}
          loading={busy}
          busyLabel="Updating..."
        >
          Update password
        </Button>
      </form>

      <p className="text-center text-sm">
        <AuthLink to="/signin">Back to Sign In</AuthLink>
      </p>
    </AuthScreen>
  );
}
