import { identityMessages } from '@penny/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePublicConfig } from '../../api/config.ts';
import { Checkbox, Combobox, DatePicker, Field, Input } from '../../ui/index.ts';
import { countryNamesQueryOptions } from './countries.ts';
import { digitsOnly, phoneCodeOptions } from './phone-codes.ts';
import type { SignUpValues } from './sign-up-form.ts';

export type StepProps = {
  values: SignUpValues;
  set: <K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) => void;
  /** The step's error, so fields can point at it. */
  invalid: boolean;
  errorId: string;
};

function describedBy(props: StepProps): { 'aria-describedby'?: string } {
  return props.invalid ? { 'aria-describedby': props.errorId } : {};
}

const legalLinkClassName = 'rounded-sm font-medium text-accent underline-offset-4 hover:underline';

/** Step 1: agreement. The links navigate the browser to the public pages (spec). */
export function AgreementStep(props: StepProps) {
  const { values, set } = props;
  const { data: config } = usePublicConfig();
  const termsUrl = config?.legal.termsUrl ?? '/legal/terms';
  const privacyUrl = config?.legal.privacyUrl ?? '/legal/privacy';
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-sm text-text-muted">
        Please read and accept our terms and privacy policy to create your account.
      </legend>
      <Checkbox
        checked={values.agreedToTerms}
        onCheckedChange={(checked) => set('agreedToTerms', checked === true)}
        label="I agree to the Terms and Conditions"
        after={
          <a href={termsUrl} className={legalLinkClassName}>
            Read the Terms and Conditions
          </a>
        }
        {...describedBy(props)}
      />
      <Checkbox
        checked={values.agreedToPrivacy}
        onCheckedChange={(checked) => set('agreedToPrivacy', checked === true)}
        label="I agree to the Privacy Policy"
        after={
          <a href={privacyUrl} className={legalLinkClassName}>
            Read the Privacy Policy
          </a>
        }
        {...describedBy(props)}
      />
    </fieldset>
  );
}

/** Step 2: email, username, password, confirmation. */
export function CredentialsStep(props: StepProps) {
  const { values, set, invalid } = props;
  const aria = { ...describedBy(props), 'aria-invalid': invalid || undefined } as const;
  return (
    <div className="flex flex-col gap-4">
      <Field label="Email">
        {(control) => (
          <Input
            {...control}
            {...aria}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
          />
        )}
      </Field>
      <Field label="Username" hint="3–30 letters, digits, underscores or dots.">
        {(control) => (
          <Input
            {...control}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={[control['aria-describedby'], aria['aria-describedby']]
              .filter(Boolean)
              .join(' ')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={(event) => set('username', event.target.value)}
          />
        )}
      </Field>
      <Field label="Password">
        {(control) => (
          <Input
            {...control}
            {...aria}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
          />
        )}
      </Field>
      <Field label="Confirm password">
        {(control) => (
          <Input
            {...control}
            {...aria}
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(event) => set('confirmPassword', event.target.value)}
          />
        )}
      </Field>
    </div>
  );
}

/** Step 3: first, optional middle, last name. */
export function NamesStep(props: StepProps) {
  const { values, set, invalid } = props;
  const aria = { ...describedBy(props), 'aria-invalid': invalid || undefined } as const;
  return (
    <div className="flex flex-col gap-4">
      <Field label="First name">
        {(control) => (
          <Input
            {...control}
            {...aria}
            autoComplete="given-name"
            value={values.firstName}
            onChange={(event) => set('firstName', event.target.value)}
          />
        )}
      </Field>
      <Field label="Middle name" optional>
        {(control) => (
          <Input
            {...control}
            autoComplete="additional-name"
            value={values.middleName}
            onChange={(event) => set('middleName', event.target.value)}
          />
        )}
      </Field>
      <Field label="Last name">
        {(control) => (
          <Input
            {...control}
            {...aria}
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => set('lastName', event.target.value)}
          />
        )}
      </Field>
    </div>
  );
}

/** Step 4: phone (code + digits), country, date of birth. */
export function ContactStep(props: StepProps) {
  const { values, set, invalid } = props;
  const aria = { ...describedBy(props), 'aria-invalid': invalid || undefined } as const;
  const codes = useMemo(() => phoneCodeOptions(), []);
  const countries = useQuery(countryNamesQueryOptions());
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((name) => ({ value: name, label: name })),
    [countries.data],
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-3">
        <Field label="Country code">
          {(control) => (
            <Combobox
              {...control}
              listLabel="Country codes"
              options={codes}
              value={values.countryCode}
              onValueChange={(code) => set('countryCode', code)}
            />
          )}
        </Field>
        <Field label="Phone number">
          {(control) => (
            <Input
              {...control}
              {...aria}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={values.phone}
              onChange={(event) => set('phone', digitsOnly(event.target.value))}
            />
          )}
        </Field>
      </div>
      <Field label="Country">
        {(control) => (
          <Combobox
            {...control}
            {...aria}
            listLabel="Countries"
            options={countryOptions}
            value={values.country}
            onValueChange={(name) => set('country', name)}
            placeholder={countries.isPending ? 'Loading countries...' : 'Search countries'}
            disabled={countries.isPending}
          />
        )}
      </Field>
      <Field label="Date of birth">
        {(control) => (
          <DatePicker
            {...control}
            {...aria}
            autoComplete="bday"
            noFutureDates
            min="1900-01-01"
            value={values.dateOfBirth}
            onValueChange={(date) => set('dateOfBirth', date)}
          />
        )}
      </Field>
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
