import {
  type DatabaseSetupRequest,
  type GetProfileResponseBody,
  type generatePreferencePromptRequestSchema,
  normalizePreferences,
  type PreferencesDocument,
  type ProfileUserInfo,
} from '@penny/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import { composePreferencePrompt } from './preference-prompt.ts';

type Profile = GetProfileResponseBody['profile'];

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The acting user, as the session knows them. */
export type Actor = {
  id: string;
  email: string;
  username?: string | null | undefined;
  firstName?: string | null | undefined;
};

/**
 * The user's profile and preferences (docs/product/identity.md, "Database service" and "Data service"). Every
 * operation takes the acting user explicitly; routes and the agent's tools call these same handlers.
 */
export function createProfileService(db: Database) {
  return {
    read: (actor: Actor) => readProfile(db, actor.id),
    /** database-setup: records the names and contact details the user gave at sign-up. */
    async setup(actor: Actor, input: DatabaseSetupRequest): Promise<void> {
      const userInfo = {
        username: actor.username ?? input.username,
        firstName: input.firstName,
        middleName: input.middleName ?? null,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber ?? null,
        country: input.country ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        email: actor.email,
      };
      await db
        .insert(tables.profile)
        .values({ userId: actor.id, userInfo })
        .onConflictDoUpdate({ target: tables.profile.userId, set: { userInfo } });
    },
    savePreferences: (actor: Actor, preferences: PreferencesDocument) =>
      savePreferences(db, actor.id, preferences),
    /** The deterministic prompt composer over the user's info and preferences (no storage). */
    composePrompt(actor: Actor, input: z.output<typeof generatePreferencePromptRequestSchema>): string {
      return composePreferencePrompt({
        userInfo: { ...input.user_info, firstName: input.user_info.firstName ?? actor.firstName ?? null },
        preferences: input.preferences,
        existingPrompt: input.existing_prompt ?? null,
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

/**
 * The profile as it is read back (docs/product/identity.md, "User profile as read back"): User_Info from the
 * account (falling back to what database-setup recorded), User_Preferences through the tolerant reader, and
 * the top-level copies.
 */
async function readProfile(db: Database, userId: string): Promise<Profile | undefined> {
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
async function savePreferences(db: Database, userId: string, preferences: PreferencesDocument) {
  await db
    .insert(tables.profile)
    .values({ userId, preferences })
    .onConflictDoUpdate({ target: tables.profile.userId, set: { preferences } });
}
