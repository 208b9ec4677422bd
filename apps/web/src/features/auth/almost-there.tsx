import { identityMessages } from '@penny/contracts/messages';
import { useEffect, useState } from 'react';
import { HttpError, setupDatabase } from '../../api/index.ts';
import { MailSentScreen } from './auth-form.tsx';
import { AuthLink } from './auth-links.tsx';
import { fullPhoneNumber, type SignUpValues } from './sign-up-form.ts';

const m = identityMessages.signUp;

/** The status line of POST /db/database-setup (docs/product/identity.md, "Data service"). */
async function runDatabaseSetup(values: SignUpValues): Promise<string> {
  try {
    const middleName = values.middleName.trim();
    const result = await setupDatabase({
      username: values.username.trim(),
      firstName: values.firstName.trim(),
      middleName: middleName ? middleName : null,
      lastName: values.lastName.trim(),
      phoneNumber: fullPhoneNumber(values),
      country: values.country.trim(),
      dateOfBirth: values.dateOfBirth,
    });
    if (!result.success) return `${m.setupErrorPrefix}${result.error ?? result.message ?? ''}`;
    return result.message ?? '';
  } catch (error) {
    if (error instanceof HttpError) return `${m.setupHttpErrorPrefix}${error.status}`;
    return `${m.setupErrorPrefix}${error instanceof Error ? error.message : String(error)}`;
  }
}

// One setup call per sign-up, even when React runs the effect twice (StrictMode in development).
const setups = new WeakMap<SignUpValues, Promise<string>>();

function setupOnce(values: SignUpValues): Promise<string> {
  let pending = setups.get(values);
  if (!pending) {
    pending = runDatabaseSetup(values);
    setups.set(values, pending);
  }
  return pending;
}

/** After sign-up: the confirmation-sent screen, and the data-container setup with its status. */
export function AlmostThere({ values }: { values: SignUpValues }) {
  const [status, setStatus] = useState<string>(m.settingUpContainer);

  useEffect(() => {
    let live = true;
    void setupOnce(values).then((text) => {
      if (live && text) setStatus(text);
    });
    return () => {
      live = false;
    };
  }, [values]);

  return (
    <MailSentScreen id="almost-there-title" heading={m.almostThere}>
      <p className="text-sm text-text">
        We sent a confirmation link to <strong className="font-semibold">{values.email.trim()}</strong>. Open
        it to activate your account, then sign in.
      </p>
      <p role="status" className="text-sm text-text-muted">
        {status}
      </p>
      <AuthLink to="/signin">Back to Sign In</AuthLink>
    </MailSentScreen>
  );
}
