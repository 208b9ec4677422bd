import { identityMessages } from '@penny/contracts';
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { setupDatabase } from '../../api/profile.ts';
import { HttpError } from '../../api/request.ts';
import { AuthLink } from './auth-links.tsx';
import { fullPhoneNumber, type SignUpValues } from './sign-up-form.ts';

const m = identityMessages.signUp;

/** The status line of POST /db/database-setup (spec 1, "Data service"). */
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
    <section aria-labelledby="almost-there-title" className="flex flex-col items-center gap-5 text-center">
      <title>Almost there! · Penny</title>
      <span className="flex size-12 items-center justify-center rounded-full bg-surface text-accent">
        <MailCheck aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </span>
      <h1 id="almost-there-title" className="text-xl font-semibold text-text">
        {m.almostThere}
      </h1>
      <p className="text-sm text-text">
        We sent a confirmation link to <strong className="font-semibold">{values.email.trim()}</strong>. Open
        it to activate your account, then sign in.
      </p>
      <p role="status" className="text-sm text-text-muted">
        {status}
      </p>
      <AuthLink to="/signin">Back to Sign In</AuthLink>
    </section>
  );
}
