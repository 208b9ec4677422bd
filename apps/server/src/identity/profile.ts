import {
  type GetProfileResponseBody,
  normalizePreferences,
  type PreferencesDocument,
  type ProfileUserInfo,
} from '@penny/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';

type Profile = GetProfileResponseBody['profile'];

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The profile as the spec reads it back: User_Info from the account (falling back to what
 * database-setup recorded), User_Preferences through the tolerant reader, and the top-level copies.
 */
export async function readProfile(db: Database, userId: string): Promise<Profile | undefined> {
  const [row] = await db
    .select({
      email: tables.user.email,
      firstName: tables.user.firstName,
      lastName: tables.user.lastName,
      phoneNumber: tables.user.phoneNumber,
      country: tables.user.country,
      dateOfBirth: tables.user.dateOfBirth,
      userInfo: tables.profile.userInfo,
      preferences: tables.profile.preferences,
    })
    .from(tables.user)
    .leftJoin(tables.profile, eq(tables.profile.userId, tables.user.id))
    .where(eq(tables.user.id, userId))
    .limit(1);
  if (!row) return undefined;
  const recorded = row.userInfo ?? {};
  const info: ProfileUserInfo = {
    firstName: text(row.firstName) ?? text(recorded.firstName),
    lastName: text(row.lastName) ?? text(recorded.lastName),
    phoneNumber: text(row.phoneNumber) ?? text(recorded.phoneNumber),
    dateOfBirth: text(row.dateOfBirth) ?? text(recorded.dateOfBirth),
    country: text(row.country) ?? text(recorded.country),
    email: row.email,
  };
  return { ...info, User_Info: info, User_Preferences: normalizePreferences(row.preferences) };
}

/** Replaces the stored preferences document (already validated by the contract). */
export async function savePreferences(db: Database, userId: string, preferences: PreferencesDocument) {
  await db
    .insert(tables.profile)
    .values({ userId, preferences })
    .onConflictDoUpdate({ target: tables.profile.userId, set: { preferences } });
}
