import { identityMessages } from '@penny/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ComponentType,
  type FormEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { type AuthClient, useAuthClient } from '../../session/index.ts';
import { Button, LoadingScreen, ProgressSteps } from '../../ui/index.ts';
import { authErrorMessage } from './auth-errors.ts';
import { AuthLink, FormMessage, verifiedCallbackURL } from './auth-links.tsx';
import {
  emptySignUpValues,
  SIGN_UP_STEPS,
  type SignUpField,
  type SignUpStep,
  type SignUpValues,
  signUpFields,
} from './sign-up-form.ts';
import {
  AgreementStep,
  CredentialsStep,
  NamesStep,
  STEP_TITLES,
  type StepProps,
  USERNAME_UNVERIFIED_NOTE,
} from './sign-up-steps.tsx';

const m = identityMessages.signUp;

/** Better Auth's username plugin code when the unique index refuses the name at sign-up. */
const USERNAME_TAKEN_CODES = new Set([
  'USERNAME_IS_ALREADY_TAKEN',
  'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER',
]);

const NO_FIELDS: ReadonlySet<SignUpField> = new Set();

type UsernameCheck = 'available' | 'taken' | 'unknown';

/** Asks the rate-limited server endpoint; 'unknown' when it cannot answer (sign-up goes on). */
async function checkUsername(
  loadAuthClient: () => Promise<AuthClient>,
  username: string,
): Promise<UsernameCheck> {
  try {
    const { data, error } = await (await loadAuthClient()).isUsernameAvailable({ username: username.trim() });
    if (error || !data) return 'unknown';
    return data.available ? 'available' : 'taken';
  } catch {
    return 'unknown';
  }
}

// Loaded when needed, not with the page: the data setup after sign-up (sealed requests) and the last
// step's calling codes (libphonenumber's metadata). Both start loading as soon as the page shows.
const loadAlmostThere = () => import('./almost-there.tsx');
const loadContactStep = () => import('./contact-step.tsx');
// The step rules hold the zod schemas: fetched as the page shows, kept once loaded, so a press of
// Next checks synchronously as before.
let stepRules: typeof import('./sign-up-rules.ts') | undefined;
const loadStepRules = async () => {
  stepRules ??= await import('./sign-up-rules.ts');
  return stepRules;
};
const AlmostThere = lazy(() => loadAlmostThere().then((m) => ({ default: m.AlmostThere })));
const ContactStep = lazy(() => loadContactStep().then((m) => ({ default: m.ContactStep })));

const stepComponents: Record<SignUpStep, ComponentType<StepProps>> = {
  1: AgreementStep,
  2: CredentialsStep,
  3: NamesStep,
  4: ContactStep,
};

/**
 * Sign-up mode of the authentication screen: 4 steps, each validated before the next
 * (docs/product/identity.md, "Sign-up mode"). Leaving for /signin unmounts it, which resets every field, the
 * step, the checkboxes and the code.
 */
export function SignUpPage() {
  const loadAuthClient = useAuthClient();
  const [step, setStep] = useState<SignUpStep>(1);
  const [values, setValues] = useState<SignUpValues>(emptySignUpValues);
  const [error, setErrorState] = useState<{ message: string; fields: ReadonlySet<SignUpField> } | null>(null);
  // Bumped on every report, so the same error pressed twice still moves focus to its field.
  const [reported, setReported] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const [usernameNote, setUsernameNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'creating' | null>(null);
  const [createdFor, setCreatedFor] = useState<SignUpValues | null>(null);
  const errorId = useId();
  // Start loading the country list and the later screens now, so step 4 and the end have them.
  const queryClient = useQueryClient();
  useEffect(() => {
    void loadStepRules();
    loadContactStep().then(
      (contact) => queryClient.prefetchQuery(contact.countryNamesQueryOptions()),
      () => {
        // Step 4 loads it again when shown.
      },
    );
    void loadAlmostThere();
  }, [queryClient]);

  // The first field at fault takes the focus (the message is linked to it by aria-describedby).
  useEffect(() => {
    if (reported === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reported]);

  function setError(message: string | null, fields: readonly SignUpField[] = []) {
    setErrorState(message === null ? null : { message, fields: new Set(fields) });
    if (message !== null) setReported((n) => n + 1);
  }

  if (createdFor) {
    return (
      <Suspense
        fallback={<LoadingScreen label={m.creatingAccount} fullScreen={false} className="bg-transparent" />}
      >
        <AlmostThere values={createdFor} />
      </Suspense>
    );
  }

  const set: StepProps['set'] = (key, value) => setValues((current) => ({ ...current, [key]: value }));

  function goBack() {
    setError(null);
    setStep((current) => (current > 1 ? ((current - 1) as SignUpStep) : current));
  }

  async function createAccount() {
    setBusy('creating');
    try {
      const { error: authError } = await (await loadAuthClient()).signUp.email({
        ...signUpFields(values),
        callbackURL: verifiedCallbackURL(),
      });
      if (authError) {
        if (authError.code && USERNAME_TAKEN_CODES.has(authError.code)) {
          setStep(2);
          setError(m.usernameTaken, ['username']);
          return;
        }
        setError(authErrorMessage(authError, 'Sign up failed'));
        return;
      }
      setCreatedFor(values);
    } catch {
      setError('Sign up failed');
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { findStepProblem } = stepRules ?? (await loadStepRules());
    const problem = findStepProblem(step, values);
    setError(problem?.message ?? null, problem?.fields);
    if (problem) return;

    if (step === 2) {
      setBusy('checking');
      const result = await checkUsername(loadAuthClient, values.username);
      setBusy(null);
      if (result === 'taken') {
        setError(m.usernameTaken, ['username']);
        return;
      }
      setUsernameNote(result === 'unknown' ? USERNAME_UNVERIFIED_NOTE : null);
    }
    if (step < SIGN_UP_STEPS) {
      setStep((step + 1) as SignUpStep);
      return;
    }
    await createAccount();
  }

  const StepBody = stepComponents[step];
  const nextDisabled = step === 1 && !(values.agreedToTerms && values.agreedToPrivacy);

  return (
    <section aria-labelledby="sign-up-title" className="flex flex-col gap-6">
      <title>Create an account · Penny</title>
      <div className="flex flex-col gap-3">
        <h1 id="sign-up-title" className="text-xl font-semibold text-text">
          Create an account
        </h1>
        <ProgressSteps current={step} total={SIGN_UP_STEPS} label="Sign-up progress" />
        <h2 className="text-sm font-medium text-text-muted">
          Step {step} of {SIGN_UP_STEPS}: {STEP_TITLES[step]}
        </h2>
      </div>

      <form ref={form} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <StepBody values={values} set={set} invalidFields={error?.fields ?? NO_FIELDS} errorId={errorId} />

        <div id={errorId} className="flex flex-col gap-2">
          {error ? <FormMessage tone="error">{error.message}</FormMessage> : null}
          {usernameNote && step > 2 ? <FormMessage tone="note">{usernameNote}</FormMessage> : null}
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3">
          {step === 1 ? (
            <AuthLink to="/signin">Back to sign in</AuthLink>
          ) : (
            <Button variant="secondary" onClick={goBack} disabled={busy !== null}>
              Previous
            </Button>
          )}
          {step < SIGN_UP_STEPS ? (
            <Button
              // Step 1: reads as disabled until both boxes are ticked (docs/product/identity.md,
              // "Sign-up mode"), yet a press still says why.
              type="submit"
              aria-disabled={nextDisabled || undefined}
              loading={busy === 'checking'}
              busyLabel="Checking..."
            >
              Next
            </Button>
          ) : (
            <Button type="submit" loading={busy === 'creating'} busyLabel={m.creatingAccount}>
              Create Account
            </Button>
          )}
        </div>
      </form>

      {step > 1 ? (
        <p className="text-center text-sm text-text-muted">
          Already have an account? <AuthLink to="/signin">Sign in</AuthLink>
        </p>
      ) : null}
    </section>
  );
}
