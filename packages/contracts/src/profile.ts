import { z } from 'zod';
import { userIdentitySchema } from './api.ts';
import { normalizePreferences, type PreferencesDocument } from './preferences.ts';

/** GET /db/get-profile?username&firstName&lastName[&fresh=true] */
export const getProfileQuerySchema = z.object({
  username: userIdentitySchema.shape.username,
  firstName: userIdentitySchema.shape.firstName,
  lastName: userIdentitySchema.shape.lastName,
  /**
   * The "fresh" variant: the answer is never cached anyway, the flag is accepted as the web app sends it
   * (docs/product/identity.md, "Database service").
   */
  fresh: z.enum(['true', 'false', '1', '0']).optional(),
});
export type GetProfileQuery = z.infer<typeof getProfileQuerySchema>;

const infoValue = z.string().nullable();

/** docs/product/identity.md, "User profile as read back": User_Info. Missing values are null. */
export const profileUserInfoSchema = z.object({
  firstName: infoValue,
  lastName: infoValue,
  phoneNumber: infoValue,
  dateOfBirth: infoValue,
  country: infoValue,
  email: infoValue,
});
export type ProfileUserInfo = z.infer<typeof profileUserInfoSchema>;

/**
 * The profile as read back: User_Info and User_Preferences, plus the top-level copies of the same
 * fields accepted as fallbacks (docs/product/identity.md, "User profile as read back"). User_Preferences goes
 * through the tolerant reader, so a parsed response always holds the canonical document.
 */
export const userProfileSchema = profileUserInfoSchema.partial().extend({
  User_Info: profileUserInfoSchema.partial().optional(),
  User_Preferences: z.unknown().transform(normalizePreferences),
});
export type UserProfile = z.output<typeof userProfileSchema>;

export const getProfileResponseSchema = z.object({
  success: z.boolean(),
  profile: userProfileSchema,
});
export type GetProfileResponse = z.output<typeof getProfileResponseSchema>;
/** What the server sends (User_Preferences already canonical). */
export type GetProfileResponseBody = {
  success: true;
  profile: ProfileUserInfo & { User_Info: ProfileUserInfo; User_Preferences: PreferencesDocument };
};

/**
 * User_Info with the top-level fallbacks applied ("Top-level copies ... are accepted as fallbacks":
 * docs/product/identity.md, "User profile as read back").
 */
export function profileUserInfo(profile: UserProfile): ProfileUserInfo {
  const info = profile.User_Info ?? {};
  return {
    firstName: info.firstName ?? profile.firstName ?? null,
    lastName: info.lastName ?? profile.lastName ?? null,
    phoneNumber: info.phoneNumber ?? profile.phoneNumber ?? null,
    dateOfBirth: info.dateOfBirth ?? profile.dateOfBirth ?? null,
    country: info.country ?? profile.country ?? null,
    email: info.email ?? profile.email ?? null,
  };
}
