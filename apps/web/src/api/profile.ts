import {
  type DatabaseSetupRequest,
  type DatabaseSetupResponse,
  type DeleteUserRequest,
  type DeleteUserResponse,
  dbEndpoints,
  type GeneratePreferencePromptRequest,
  type GetProfileResponse,
  identityMessages,
  type SaveUserPreferencesRequest,
  type SaveUserPreferencesResponse,
} from '@penny/contracts';
import { callEndpoint } from './endpoint-client.ts';

/**
 * The identity calls of the database and data services (docs/product/identity.md, "The calls it makes").
 * Every reply is checked against its contract; a reply that does not match throws like a failed call.
 */

export type ProfileIdentity = { username: string; firstName: string; lastName: string };

/** GET /db/get-profile; `fresh` asks for the variant that drops any cached profile first. */
export async function fetchProfile(
  identity: ProfileIdentity,
  { fresh = false } = {},
): Promise<GetProfileResponse> {
  return callEndpoint(dbEndpoints.getProfile, { ...identity, ...(fresh ? { fresh: 'true' } : {}) });
}

/** POST /db/save-user-preferences */
export async function saveUserPreferences(
  request: SaveUserPreferencesRequest,
): Promise<SaveUserPreferencesResponse> {
  const result = await callEndpoint(dbEndpoints.saveUserPreferences, request);
  if (!result.success) throw new Error(result.error ?? 'Failed to save preferences.');
  return result;
}

/**
 * POST /db/generate-preference-prompt; an empty answer is an error ('No prompt returned':
 * docs/product/identity.md, "Error catalogue").
 */
export async function generatePreferencePrompt(request: GeneratePreferencePromptRequest): Promise<string> {
  const result = await callEndpoint(dbEndpoints.generatePreferencePrompt, request);
  const prompt = result.prompt.trim();
  if (!result.success || prompt === '') throw new Error(identityMessages.preferences.noPromptReturned);
  return prompt;
}

/** POST /db/database-setup, right after sign-up (anonymous: the account has no session yet). */
export async function setupDatabase(request: DatabaseSetupRequest): Promise<DatabaseSetupResponse> {
  return callEndpoint(dbEndpoints.databaseSetup, request);
}

/** POST /db/delete-user-data: conversations, resources, linked accounts; the profile stays. */
export async function deleteUserData(request: DeleteUserRequest): Promise<DeleteUserResponse> {
  return callEndpoint(dbEndpoints.deleteUserData, request);
}

/** POST /db/delete-user-account: everything, including the authentication account. */
export async function deleteUserAccount(request: DeleteUserRequest): Promise<DeleteUserResponse> {
  return callEndpoint(dbEndpoints.deleteUserAccount, request);
}
