import { z } from 'zod';
import { LIMITS, userIdentitySchema } from './api.ts';
import { identityMessages } from './messages.ts';
import { safeString } from './text.ts';

/** POST /db/database-setup, sent right after sign-up (docs/product/identity.md, "Data service"). */
export const databaseSetupRequestSchema = z.object({
  username: safeString().trim().min(LIMITS.username.min).max(LIMITS.username.max),
  firstName: safeString().trim().min(1).max(LIMITS.name.max),
  middleName: safeString().trim().max(LIMITS.name.max).nullable().optional(),
  lastName: safeString().trim().min(1).max(LIMITS.name.max),
  phoneNumber: safeString().trim().max(32).optional(),
  country: safeString().trim().max(100).optional(),
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
// Sign-up (docs/product/identity.md, "Sign-up user data" and "Validation rules"). Shared by the web form and
// Better Auth's additionalFields validators on the server, so both refuse the same input with the same words.

/** docs/product/identity.md, "Business constants and limits". */
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

export const usernameSchema = safeString({ error: m.credentialsRequired })
  .trim()
  .min(1, m.credentialsRequired)
  .regex(new RegExp(`^[A-Za-z0-9_.]{${LIMITS.username.min},${LIMITS.username.max}}$`), m.usernameFormat);

export const emailSchema = safeString({ error: m.credentialsRequired })
  .trim()
  .min(1, m.credentialsRequired)
  .max(LIMITS.email.max, m.invalidEmail)
  .pipe(z.email(m.invalidEmail));

export const passwordSchema = safeString({ error: m.credentialsRequired })
  .min(1, m.credentialsRequired)
  .min(IDENTITY_LIMITS.passwordMin, m.passwordTooShort)
  .max(IDENTITY_LIMITS.passwordMax, m.passwordTooLong);

const requiredName = safeString({ error: m.namesRequired })
  .trim()
  .min(1, m.namesRequired)
  .max(LIMITS.name.max, m.nameTooLong);

/** "null if empty" (docs/product/identity.md, "Sign-up user data"): a blank middle name is stored as null. */
export const middleNameSchema = safeString()
  .trim()
  .max(LIMITS.name.max, m.nameTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

/** Country code joined to the digits, e.g. '+15551234567': '+', 1–3 code digits, at least 7 more. */
export const phoneNumberSchema = safeString({ error: m.contactRequired })
  .trim()
  .min(1, m.contactRequired)
  .regex(/^\+[1-9]\d{7,14}$/, m.invalidPhone);

export const countrySchema = safeString({ error: m.contactRequired })
  .trim()
  .min(1, m.contactRequired)
  .max(IDENTITY_LIMITS.countryMax, m.contactRequired);

/** The latest calendar date anywhere on Earth right now (UTC+14), so no time zone sees "tomorrow". */
function latestDateOnEarth(): string {
  return new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const dateOfBirthSchema = safeString({ error: m.contactRequired })
  .trim()
  .min(1, m.contactRequired)
  .pipe(z.iso.date(m.invalidDateOfBirth))
  .refine((value) => value >= '1900-01-01', m.invalidDateOfBirth)
  .refine((value) => value <= latestDateOnEarth(), m.dateOfBirthInFuture);

export const agreedToTermsSchema = z.literal(true, { error: m.termsRequired });
export const agreedToPrivacySchema = z.literal(true, { error: m.privacyRequired });

/**
 * The extra user fields sent with Better Auth's sign-up ("sent as authentication metadata":
 * docs/product/identity.md, "Sign-up user data").
 */
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
  callbackURL: safeString().max(2048).optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** `POST /api/auth/is-username-available` (Better Auth username plugin), rate limited. */
export const usernameAvailabilityRequestSchema = z.object({ username: usernameSchema });
export const usernameAvailabilityResponseSchema = z.object({ available: z.boolean() });
export type UsernameAvailabilityResponse = z.infer<typeof usernameAvailabilityResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Data lifecycle (docs/product/identity.md, "Data service").

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

// ---------------------------------------------------------------------------------------------------
// The Better Auth endpoints Penny exposes under /api/auth, each with the body it accepts. Anything not
// listed answers 404; every body passes the text rule and its schema before Better Auth sees it.

/** A redirect or callback URL a client may hand to the auth service (checked for same origin too). */
const redirectTargetSchema = safeString().trim().min(1).max(2048);

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: safeString({ error: m.credentialsRequired })
    .min(1, m.credentialsRequired)
    .max(IDENTITY_LIMITS.passwordMax),
  callbackURL: redirectTargetSchema.optional(),
  rememberMe: z.boolean().optional(),
});

export const requestPasswordResetSchema = z.object({
  email: emailSchema,
  redirectTo: redirectTargetSchema.optional(),
});

export const resetPasswordRequestSchema = z.object({
  newPassword: passwordSchema,
  token: safeString().trim().min(1).max(256),
});

export const sendVerificationEmailSchema = z.object({
  email: emailSchema,
  callbackURL: redirectTargetSchema.optional(),
});

/** An avatar: an https URL, or null to remove it. */
export const imageUrlSchema = safeString()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an https URL');

/**
 * `POST /api/auth/update-user`: the profile fields a user may change. Strict: the username, email and
 * every server-owned field are not writable here; `displayUsername` may only change the username's case.
 */
export const updateUserRequestSchema = z.strictObject({
  name: safeString()
    .trim()
    .min(1)
    .max(2 * LIMITS.name.max + 1)
    .optional(),
  image: imageUrlSchema.nullable().optional(),
  displayUsername: safeString().trim().min(LIMITS.username.min).max(LIMITS.username.max).optional(),
  firstName: signUpFieldsSchema.shape.firstName.optional(),
  middleName: safeString().trim().max(LIMITS.name.max, m.nameTooLong).nullable().optional(),
  lastName: signUpFieldsSchema.shape.lastName.optional(),
  phoneNumber: phoneNumberSchema.optional(),
  country: countrySchema.optional(),
  dateOfBirth: dateOfBirthSchema.optional(),
});

export const changePasswordRequestSchema = z.object({
  currentPassword: safeString().min(1).max(IDENTITY_LIMITS.passwordMax),
  newPassword: passwordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

export const revokeSessionRequestSchema = z.object({ token: safeString().trim().min(1).max(512) });

/** A body-less call: an empty body or an empty JSON object. */
export const emptyRequestSchema = z.strictObject({});
