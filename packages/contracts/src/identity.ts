import { z } from 'zod';
import { LIMITS, userIdentitySchema } from './api.ts';
import { identityMessages } from './messages.ts';

/** POST /db/database-setup, sent right after sign-up (spec 1, "Data service"). */
export const databaseSetupRequestSchema = z.object({
  username: z.string().trim().min(LIMITS.username.min).max(LIMITS.username.max),
  firstName: z.string().trim().min(1).max(LIMITS.name.max),
  middleName: z.string().trim().max(LIMITS.name.max).nullable().optional(),
  lastName: z.string().trim().min(1).max(LIMITS.name.max),
  phoneNumber: z.string().trim().max(32).optional(),
  country: z.string().trim().max(100).optional(),
  dateOfBirth: z.iso.date().optional(),
});
export type DatabaseSetupRequest = z.infer<typeof databaseSetupRequestSchema>;

export const databaseSetupResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type DatabaseSetupResponse = z.infer<typeof databaseSetupResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Sign-up (spec 1, "Sign-up user data" and section 5). Shared by the web form and Better Auth's
// additionalFields validators on the server, so both refuse the same input with the same words.

/** Spec 1, section 9. */
export const IDENTITY_LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  phoneMinDigits: 7,
  /** E.164: country code plus subscriber number, at most 15 digits. */
  phoneMaxDigits: 15,
  signUpSteps: 4,
  defaultCountryCode: '+1',
  countryMax: 100,
  sessionInactivityMs: 1_800_000,
  sessionRefreshMs: 300_000,
  sessionAbsoluteMs: 12 * 60 * 60 * 1000,
  resetRedirectDelayMs: 1200,
  resetWindowCloseMs: 10_000,
  deepLinkFallbackMs: 1200,
} as const;

const m = identityMessages.signUp;

export const usernameSchema = z
  .string({ error: m.credentialsRequired })
  .trim()
  .min(1, m.credentialsRequired)
  .regex(/^[A-Za-z0-9_.]{3,30}$/, m.usernameFormat);

export const emailSchema = z
  .string({ error: m.credentialsRequired })
  .trim()
  .min(1, m.credentialsRequired)
  .max(LIMITS.email.max, m.invalidEmail)
  .pipe(z.email(m.invalidEmail));

export const passwordSchema = z
  .string({ error: m.credentialsRequired })
  .min(1, m.credentialsRequired)
  .min(IDENTITY_LIMITS.passwordMin, m.passwordTooShort)
  .max(IDENTITY_LIMITS.passwordMax, m.passwordTooLong);

const requiredName = z
  .string({ error: m.namesRequired })
  .trim()
  .min(1, m.namesRequired)
  .max(LIMITS.name.max, m.nameTooLong);

/** "null if empty" (spec): a blank middle name is stored as null. */
export const middleNameSchema = z
  .string()
  .trim()
  .max(LIMITS.name.max, m.nameTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

/** Country code joined to the digits, e.g. '+15551234567': '+', 1–3 code digits, at least 7 more. */
export const phoneNumberSchema = z
  .string({ error: m.contactRequired })
  .trim()
  .min(1, m.contactRequired)
  .regex(/^\+[1-9]\d{7,14}$/, m.invalidPhone);

export const countrySchema = z
  .string({ error: m.contactRequired })
  .trim()
  .min(1, m.contactRequired)
  .max(IDENTITY_LIMITS.countryMax, m.contactRequired);

/** The latest calendar date anywhere on Earth right now (UTC+14), so no time zone sees "tomorrow". */
function latestDateOnEarth(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const dateOfBirthSchema = z
  .string({ error: m.contactRequired })
  .trim()
  .min(1, m.contactRequired)
  .pipe(z.iso.date(m.invalidDateOfBirth))
  .refine((value) => value >= '1900-01-01', m.invalidDateOfBirth)
  .refine((value) => value <= latestDateOnEarth(), m.dateOfBirthInFuture);

export const agreedToTermsSchema = z.literal(true, { error: m.termsRequired });
export const agreedToPrivacySchema = z.literal(true, { error: m.privacyRequired });

/** The extra user fields sent with Better Auth's sign-up (spec: "sent as authentication metadata"). */
export const signUpFieldsSchema = z.object({
  username: usernameSchema,
  firstName: requiredName,
  middleName: middleNameSchema,
  lastName: requiredName,
  phoneNumber: phoneNumberSchema,
  country: countrySchema,
  dateOfBirth: dateOfBirthSchema,
  agreedToTerms: agreedToTermsSchema,
  agreedToPrivacy: agreedToPrivacySchema,
});
export type SignUpFields = z.infer<typeof signUpFieldsSchema>;

/**
 * The whole body of `POST /api/auth/sign-up/email`. `name` is Better Auth's display name (we send
 * "First Last"); `callbackURL` is where the confirmation link lands after verifying.
 */
export const signUpRequestSchema = signUpFieldsSchema.extend({
  email: emailSchema,
  password: passwordSchema,
  name: z
    .string()
    .trim()
    .min(1)
    .max(2 * LIMITS.name.max + 1),
  callbackURL: z.string().max(2048).optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** `POST /api/auth/is-username-available` (Better Auth username plugin), rate limited. */
export const usernameAvailabilityRequestSchema = z.object({ username: usernameSchema });
export const usernameAvailabilityResponseSchema = z.object({ available: z.boolean() });
export type UsernameAvailabilityResponse = z.infer<typeof usernameAvailabilityResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Data lifecycle (spec 1, "Data service").

/** POST /db/delete-user-data and POST /db/delete-user-account. */
export const deleteUserRequestSchema = z.object({
  username: userIdentitySchema.shape.username,
  firstName: userIdentitySchema.shape.firstName,
  lastName: userIdentitySchema.shape.lastName,
});
export type DeleteUserRequest = z.infer<typeof deleteUserRequestSchema>;

export const deleteUserResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;
