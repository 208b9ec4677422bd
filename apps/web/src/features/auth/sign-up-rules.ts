// The step rules, zod schemas included: loaded after the first screen shows (sign-up-page.tsx), so
// the page's first download carries neither the contracts' schemas nor zod.
import {
  dateOfBirthSchema,
  emailSchema,
  IDENTITY_LIMITS,
  LIMITS,
  phoneNumberSchema,
  usernameSchema,
} from '@penny/contracts';
import { identityMessages } from '@penny/contracts/messages';
import { fullPhoneNumber, type SignUpField, type SignUpStep, type SignUpValues } from './sign-up-form.ts';

const m = identityMessages.signUp;

/**
 * A step's first problem: the required words (docs/product/identity.md, "Validation rules") and the fields at
 * fault (the ones to mark and focus).
 */
export type StepProblem = { message: string; fields: readonly SignUpField[] };

function problem(message: string, ...fields: SignUpField[]): StepProblem {
  return { message, fields };
}

/** The listed fields that are blank, in form order. */
function blank(values: SignUpValues, fields: readonly SignUpField[]): SignUpField[] {
  return fields.filter((field) => {
    const value = values[field];
    return typeof value === 'string' ? value.trim() === '' : value === false;
  });
}

/**
 * The first problem with a step, in the required words (docs/product/identity.md, "Validation rules"), with
 * the fields it is about, or null when the step may advance. Username availability is checked separately (it
 * needs the server).
 */
export function findStepProblem(step: SignUpStep, values: SignUpValues): StepProblem | null {
  switch (step) {
    case 1:
      if (!values.agreedToTerms) return problem(m.termsRequired, 'agreedToTerms');
      if (!values.agreedToPrivacy) return problem(m.privacyRequired, 'agreedToPrivacy');
      return null;
    case 2: {
      const email = values.email.trim();
      const missing = blank(values, ['email', 'username', 'password']);
      if (missing.length > 0) return problem(m.credentialsRequired, ...missing);
      if (!emailSchema.safeParse(email).success) return problem(m.invalidEmail, 'email');
      if (values.password.length < IDENTITY_LIMITS.passwordMin)
        return problem(m.passwordTooShort, 'password');
      if (values.password.length > IDENTITY_LIMITS.passwordMax) return problem(m.passwordTooLong, 'password');
      if (values.password !== values.confirmPassword) {
        return problem(m.passwordsDoNotMatch, 'confirmPassword');
      }
      const username = usernameSchema.safeParse(values.username);
      if (!username.success) {
        return problem(username.error.issues[0]?.message ?? m.usernameFormat, 'username');
      }
      return null;
    }
    case 3: {
      const missing = blank(values, ['firstName', 'lastName']);
      if (missing.length > 0) return problem(m.namesRequired, ...missing);
      const tooLong = (['firstName', 'middleName', 'lastName'] as const).filter(
        (field) => values[field].trim().length > LIMITS.name.max,
      );
      if (tooLong.length > 0) return problem(m.nameTooLong, ...tooLong);
      return null;
    }
    case 4: {
      const missing = blank(values, ['phone', 'country', 'dateOfBirth']);
      if (missing.length > 0) return problem(m.contactRequired, ...missing);
      if (values.phone.length < IDENTITY_LIMITS.phoneMinDigits) return problem(m.invalidPhone, 'phone');
      if (!phoneNumberSchema.safeParse(fullPhoneNumber(values)).success)
        return problem(m.invalidPhone, 'phone');
      const dob = dateOfBirthSchema.safeParse(values.dateOfBirth);
      if (!dob.success) {
        return problem(dob.error.issues[0]?.message ?? m.invalidDateOfBirth, 'dateOfBirth');
      }
      return null;
    }
  }
}

/** The first problem's message only (see findStepProblem). */
export function validateStep(step: SignUpStep, values: SignUpValues): string | null {
  return findStepProblem(step, values)?.message ?? null;
}
