import type { SessionUser } from './session-provider.tsx';

/** docs/product/identity.md, "Derived user info": what the app sends as the user's identity fields. */
export type DerivedUserInfo = {
  username: string;
  firstName: string;
  lastName: string;
  userId: string;
  dateOfBirth?: string;
  country?: string;
};

function filled(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * username falls back to the email, then the id; firstName defaults to 'User', lastName to 'Account';
 * dateOfBirth and country come from the profile's User_Info when known.
 */
export function deriveUserInfo(
  user: SessionUser,
  profileInfo?: { dateOfBirth?: string | null; country?: string | null } | null,
): DerivedUserInfo {
  const info: DerivedUserInfo = {
    username: filled(user.username) ?? filled(user.email) ?? user.id,
    firstName: filled(user.firstName) ?? 'User',
    lastName: filled(user.lastName) ?? 'Account',
    userId: user.id,
  };
  const dateOfBirth = filled(profileInfo?.dateOfBirth);
  const country = filled(profileInfo?.country);
  if (dateOfBirth) info.dateOfBirth = dateOfBirth;
  if (country) info.country = country;
  return info;
}
