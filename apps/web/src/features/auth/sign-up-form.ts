import type { IDENTITY_LIMITS } from '@penny/contracts';
import { DEFAULT_COUNTRY_CODE } from './phone-codes.ts';

export type SignUpStep = 1 | 2 | 3 | 4;
/**
 * The contract's step count, written out so the first screen does not load the contracts' schemas (and
 * zod) to show it; the type keeps it equal to IDENTITY_LIMITS.signUpSteps.
 */
export const SIGN_UP_STEPS: (typeof IDENTITY_LIMITS)['signUpSteps'] = 4;

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

/**
 * Everything empty, the country code '+1' (toggling resets all of this: docs/product/identity.md, "Sign-up").
 */
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

/**
 * The country code joined to the digits, e.g. '+15551234567' (docs/product/identity.md, "Sign-up user data").
 */
export function fullPhoneNumber(values: Pick<SignUpValues, 'countryCode' | 'phone'>): string {
  return `${values.countryCode}${values.phone}`;
}

export type SignUpField = keyof SignUpValues;

/** The extra user fields of Better Auth's sign-up (docs/product/identity.md, "Sign-up user data"). */
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
