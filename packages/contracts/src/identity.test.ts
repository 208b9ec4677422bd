import { describe, expect, it } from 'vitest';
import { deleteUserRequestSchema, signUpFieldsSchema, signUpRequestSchema } from './identity.ts';
import { identityMessages } from './messages.ts';

const m = identityMessages.signUp;
const valid = {
  username: 'grace.h_1',
  firstName: 'Grace',
  middleName: '',
  lastName: 'Hopper',
  phoneNumber: '+15551234567',
  country: 'United States',
  dateOfBirth: '1906-12-09',
  agreedToTerms: true,
  agreedToPrivacy: true,
};
const firstMessage = (input: unknown) => signUpFieldsSchema.safeParse(input).error?.issues[0]?.message;

describe('sign-up fields', () => {
  it('accepts the four steps and stores a blank middle name as null', () => {
    expect(signUpFieldsSchema.parse(valid)).toEqual({ ...valid, middleName: null });
    expect(signUpFieldsSchema.parse({ ...valid, middleName: undefined }).middleName).toBeNull();
  });

  it('words each refusal as required (docs/product/identity.md, "Validation rules")', () => {
    expect(firstMessage({ ...valid, agreedToTerms: false })).toBe(m.termsRequired);
    expect(firstMessage({ ...valid, agreedToPrivacy: undefined })).toBe(m.privacyRequired);
    expect(firstMessage({ ...valid, username: '' })).toBe(m.credentialsRequired);
    expect(firstMessage({ ...valid, lastName: '' })).toBe(m.namesRequired);
    expect(firstMessage({ ...valid, country: '' })).toBe(m.contactRequired);
    expect(firstMessage({ ...valid, phoneNumber: '+1555123' })).toBe(m.invalidPhone);
    expect(
      signUpRequestSchema.safeParse({ ...valid, name: 'G', email: 'x', password: 'abcdef' }).error?.issues[0]
        ?.message,
    ).toBe(m.invalidEmail);
    expect(
      signUpRequestSchema.safeParse({ ...valid, name: 'G', email: 'g@example.com', password: 'abc' }).error
        ?.issues[0]?.message,
    ).toBe(m.passwordTooShort);
  });

  it('takes phone numbers as a country code joined to at least 7 digits', () => {
    expect(firstMessage({ ...valid, phoneNumber: '+11234567' })).toBeUndefined();
    expect(firstMessage({ ...valid, phoneNumber: '+1 555 123 4567' })).toBe(m.invalidPhone);
    expect(firstMessage({ ...valid, phoneNumber: '+0123456789' })).toBe(m.invalidPhone);
    expect(firstMessage({ ...valid, phoneNumber: `+1${'5'.repeat(15)}` })).toBe(m.invalidPhone);
  });

  it('refuses a birth date after today and dates that do not exist', () => {
    const tomorrowEverywhere = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    expect(firstMessage({ ...valid, dateOfBirth: tomorrowEverywhere })).toBe(m.dateOfBirthInFuture);
    expect(firstMessage({ ...valid, dateOfBirth: today })).toBeUndefined();
    expect(firstMessage({ ...valid, dateOfBirth: '2001-02-29' })).toBe(m.invalidDateOfBirth);
  });

  it('takes usernames of 3 to 30 letters, digits, underscores and dots', () => {
    for (const ok of ['abc', 'a.b_c', 'A'.repeat(30)])
      expect(firstMessage({ ...valid, username: ok })).toBeUndefined();
    for (const bad of ['ab', 'a'.repeat(31), 'has space', 'dash-ed', 'émile']) {
      expect(firstMessage({ ...valid, username: bad })).toBe(m.usernameFormat);
    }
  });
});

describe('delete requests', () => {
  it('need a username', () => {
    expect(deleteUserRequestSchema.safeParse({ firstName: 'Ada' }).success).toBe(false);
    expect(deleteUserRequestSchema.parse({ username: 'ada', firstName: 'Ada', lastName: 'L' })).toEqual({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'L',
    });
  });
});
