import {
  dateOfBirthSchema,
  emailSchema,
  IDENTITY_LIMITS,
  identityMessages,
  LIMITS,
  phoneNumberSchema,
  usernameSchema,
} from '@penny/contracts';
import { DEFAULT_COUNTRY_CODE } from './phone-codes.ts';

const m = identityMessages.signUp;

export type SignUpStep = 1 | 2 | 3 | 4;
export const SIGN_UP_STEPS = IDENTITY_LIMITS.signUpSteps;

export type SignUpValues = {
  agreedToTerms: boolean;
  agreedToPrivacy: boolean;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  middleName: string;
  lastName: string;
  countryCode: string;
  /** Digits only. */
  phone: string;
  country: string;
  /** `YYYY-MM-DD` or ''. */
  dateOfBirth: string;
};

/** Everything empty, the country code '+1' (spec: toggling resets all of this). */
export function emptySignUpValues(): SignUpValues {
  return {
    agreedToTerms: false,
    agreedToPrivacy: false,
    email: '',
    username: '',
    password: '',
    confirmPassword: '',
    firstName: '',
    middleName: '',
    lastName: '',
    countryCode: DEFAULT_COUNTRY_CODE,
    phone: '',
    country: '',
    dateOfBirth: '',
  };
}

/** The country code joined to the digits, e.g. '+15551234567' (spec: "Sign-up user data"). */
export function fullPhoneNumber(values: Pick<SignUpValues, 'countryCode' | 'phone'>): string {
  return `${values.countryCode}${values.phone}`;
}

/**
 * The first problem with a step, as the spec words it (section 5), or null when the step may advance.
 * Username availability is checked separately (it needs the server).
 */
export function validateStep(step: SignUpStep, values: SignUpValues): string | null {
  switch (step) {
    case 1:
      if (!values.agreedToTerms) return m.termsRequired;
      if (!values.agreedToPrivacy) return m.privacyRequired;
      return null;
    case 2: {
      const email = values.email.trim();
      if (!email || !values.username.trim() || !values.password) return m.credentialsRequired;
      if (!emailSchema.safeParse(email).success) return m.invalidEmail;
      if (values.password.length < IDENTITY_LIMITS.passwordMin) return m.passwordTooShort;
      if (values.password.length > IDENTITY_LIMITS.passwordMax) return m.passwordTooLong;
      if (values.password !== values.confirmPassword) return m.passwordsDoNotMatch;
      const username = usernameSchema.safeParse(values.username);
      if (!username.success) return username.error.issues[0]?.message ?? m.usernameFormat;
      return null;
    }
    case 3:
      if (!values.firstName.trim() || !values.lastName.trim()) return m.namesRequired;
      if (
        values.firstName.trim().length > LIMITS.name.max ||
        values.middleName.trim().length > LIMITS.name.max ||
        values.lastName.trim().length > LIMITS.name.max
      ) {
        return m.nameTooLong;
      }
      return null;
    case 4: {
      if (!values.phone || !values.country.trim() || !values.dateOfBirth) return m.contactRequired;
      if (values.phone.length < IDENTITY_LIMITS.phoneMinDigits) return m.invalidPhone;
      if (!phoneNumberSchema.safeParse(fullPhoneNumber(values)).success) return m.invalidPhone;
      const dob = dateOfBirthSchema.safeParse(values.dateOfBirth);
      if (!dob.success) return dob.error.issues[0]?.message ?? m.invalidDateOfBirth;
      return null;
    }
  }
}

/** The extra user fields of Better Auth's sign-up (spec 1, "Sign-up user data"). */
export function signUpFields(values: SignUpValues) {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const middleName = values.middleName.trim();
  return {
    email: values.email.trim(),
    password: values.password,
    name: `${firstName} ${lastName}`,
    username: values.username.trim(),
    firstName,
    middleName: middleName ? middleName : null,
    lastName,
    phoneNumber: fullPhoneNumber(values),
    country: values.country.trim(),
    dateOfBirth: values.dateOfBirth,
    agreedToTerms: values.agreedToTerms,
    agreedToPrivacy: values.agreedToPrivacy,
  };
}
