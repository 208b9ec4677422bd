import { describe, expect, it } from 'vitest';
import { emptySignUpValues, type SignUpValues, signUpFields } from './sign-up-form.ts';
import { validateStep } from './sign-up-rules.ts';

function values(overrides: Partial<SignUpValues>): SignUpValues {
  return {
    ...emptySignUpValues(),
    agreedToTerms: true,
    agreedToPrivacy: true,
    email: 'ada@example.com',
    username: 'ada_l',
    password: 'secret1',
    confirmPassword: 'secret1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '5551234',
    country: 'France',
    dateOfBirth: '1990-05-01',
    ...overrides,
  };
}

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('validateStep', () => {
  it('passes complete steps', () => {
    for (const step of [1, 2, 3, 4] as const) expect(validateStep(step, values({}))).toBeNull();
  });

  it.each([
    [4, { phone: '' }, 'Fill Phone, Country, DOB.'],
    [4, { country: ' ' }, 'Fill Phone, Country, DOB.'],
    [4, { dateOfBirth: '' }, 'Fill Phone, Country, DOB.'],
    [4, { phone: '555123' }, 'Please enter a valid phone number.'],
    [4, { phone: '1234567890123456' }, 'Please enter a valid phone number.'],
    [4, { dateOfBirth: isoDaysFromNow(3) }, 'Date of birth cannot be in the future.'],
    [3, { lastName: '  ' }, 'Fill First & Last Name.'],
    [3, { middleName: 'x'.repeat(101) }, 'Names must be at most 100 characters.'],
    [2, { username: 'a b' }, 'Username must be 3–30 characters: letters, digits, underscores or dots.'],
    [
      2,
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      'Password must be at most 128 characters.',
    ],
    [1, { agreedToPrivacy: false }, 'You must agree to the Privacy Policy to continue.'],
  ] as const)('step %i refuses %j with %j', (step, overrides, message) => {
    expect(validateStep(step, values(overrides))).toBe(message);
  });

  it('starts empty with the default country code +1', () => {
    expect(emptySignUpValues()).toMatchObject({ countryCode: '+1', phone: '', agreedToTerms: false });
  });
});

describe('signUpFields', () => {
  it('joins the country code to the digits and sends an empty middle name as null', () => {
    expect(signUpFields(values({ countryCode: '+44', phone: '7700900123', middleName: '  ' }))).toMatchObject(
      {
        phoneNumber: '+447700900123',
        middleName: null,
        name: 'Ada Lovelace',
      },
    );
  });
});
