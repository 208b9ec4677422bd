import { identityMessages } from '@penny/contracts/messages';
import { useEffect, useState } from 'react';
import type { PublicConfig } from '../../api/index.ts';
import { Checkbox, type FieldControlProps } from '../../ui/index.ts';
import { InputField, type InputFieldProps } from './auth-form.tsx';
import type { SignUpField, SignUpValues } from './sign-up-form.ts';

export type StepProps = {
  values: SignUpValues;
  set: <K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) => void;
  /** The fields the step's error is about: only these are marked invalid and point at it. */
  invalidFields: ReadonlySet<SignUpField>;
  errorId: string;
};

type StringKey = {
  [K in keyof SignUpValues]: SignUpValues[K] extends string ? K : never;
}[keyof SignUpValues];
type BooleanKey = {
  [K in keyof SignUpValues]: SignUpValues[K] extends boolean ? K : never;
}[keyof SignUpValues];

/** The Field's wiring plus the step's: a field the step's error is about is invalid and described by it. */
export function stepControl(
  props: StepProps,
  control: FieldControlProps,
  field: SignUpField,
): FieldControlProps {
  const invalid = props.invalidFields.has(field);
  const describedBy = [control['aria-describedby'], invalid ? props.errorId : undefined].filter(Boolean);
  return {
    id: control.id,
    'aria-describedby': describedBy.join(' ') || undefined,
    'aria-invalid': invalid || undefined,
  };
}

type TextFieldProps = Omit<InputFieldProps, 'value' | 'onValueChange' | 'wire'> & {
  state: StepProps;
  field: StringKey;
  optional?: boolean;
  normalize?: (value: string) => string;
};

/** A labelled text input bound to one of the sign-up values. */
export function TextField({ state, field, optional, normalize, ...input }: TextFieldProps) {
  return (
    <InputField
      {...input}
      optional={optional}
      wire={(control) => stepControl(state, control, field)}
      value={state.values[field]}
      onValueChange={(value) => state.set(field, normalize ? normalize(value) : value)}
    />
  );
}

const legalLinkClassName = 'rounded-sm font-medium text-accent underline-offset-4 hover:underline';

/** An agreement checkbox with a link to the page it agrees to. */
function AgreementCheckbox(props: {
  state: StepProps;
  field: BooleanKey;
  label: string;
  href: string;
  link: string;
}) {
  const { state, field, label, href, link } = props;
  return (
    <Checkbox
      checked={state.values[field]}
      onCheckedChange={(checked) => state.set(field, checked === true)}
      label={label}
      after={
        <a href={href} className={legalLinkClassName}>
          {link}
        </a>
      }
      {...(state.invalidFields.has(field) ? { 'aria-describedby': state.errorId, 'aria-invalid': true } : {})}
    />
  );
}

export const stepClassName = 'flex flex-col gap-4';

/**
 * The legal pages' addresses from the public config (loaded once per page, api/config.ts), read without a
 * query observer so the first step's download stays small; null until it is there.
 */
function useLegalLinks(): PublicConfig['legal'] | null {
  const [legal, setLegal] = useState<PublicConfig['legal'] | null>(null);
  useEffect(() => {
    let live = true;
    // Imported here, not at the top: the module shares a chunk with TanStack Query's observer.
    import('../../api/config.ts')
      .then((api) => api.loadPublicConfig())
      .then(
        (config) => {
          if (live) setLegal(config.legal);
        },
        () => {
          // No config: the bundled pages stay linked.
        },
      );
    return () => {
      live = false;
    };
  }, []);
  return legal;
}

/**
 * Step 1: agreement. The links navigate the browser to the public pages (docs/product/identity.md,
 * "Sign-up mode").
 */
export function AgreementStep(props: StepProps) {
  const legal = useLegalLinks();
  return (
    <fieldset className={stepClassName}>
      <legend className="mb-3 text-sm text-text-muted">
        Please read and accept our terms and privacy policy to create your account.
      </legend>
      <AgreementCheckbox
        state={props}
        field="agreedToTerms"
        label="I agree to the Terms and Conditions"
        href={legal?.termsUrl ?? '/legal/terms.html'}
        link="Read the Terms and Conditions"
      />
      <AgreementCheckbox
        state={props}
        field="agreedToPrivacy"
        label="I agree to the Privacy Policy"
        href={legal?.privacyUrl ?? '/legal/privacy.html'}
        link="Read the Privacy Policy"
      />
    </fieldset>
  );
}

/** Step 2: email, username, password, confirmation. */
export function CredentialsStep(props: StepProps) {
  return (
    <div className={stepClassName}>
      <TextField
        state={props}
        field="email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <TextField
        state={props}
        field="username"
        label="Username"
        hint="3–30 letters, digits, underscores or dots."
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        state={props}
        field="password"
        label="Password"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        state={props}
        field="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
    </div>
  );
}

/** Step 3: first, optional middle, last name. */
export function NamesStep(props: StepProps) {
  return (
    <div className={stepClassName}>
      <TextField state={props} field="firstName" label="First name" autoComplete="given-name" />
      <TextField
        state={props}
        field="middleName"
        label="Middle name"
        optional
        autoComplete="additional-name"
      />
      <TextField state={props} field="lastName" label="Last name" autoComplete="family-name" />
    </div>
  );
}

export const STEP_TITLES = {
  1: 'Agreement',
  2: 'Your account',
  3: 'Your name',
  4: 'Contact details',
} as const;

export const { usernameUnverified: USERNAME_UNVERIFIED_NOTE } = identityMessages.signUp;
