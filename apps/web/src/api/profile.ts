import {
  type DatabaseSetupRequest,
  type DatabaseSetupResponse,
  type DeleteUserRequest,
  type DeleteUserResponse,
  databaseSetupResponseSchema,
  deleteUserResponseSchema,
  type GeneratePreferencePromptRequest,
  type GetProfileResponse,
  generatePreferencePromptResponseSchema,
  getProfileResponseSchema,
  identityMessages,
  type SaveUserPreferencesRequest,
  type SaveUserPreferencesResponse,
  saveUserPreferencesResponseSchema,
} from '@penny/contracts';
import { getServiceRequester } from './services.ts';

/**
 * The identity calls of the database and data services (spec 1, section 7). Every reply is checked
 * against its contract; a reply that does not match throws like a failed call.
 */

export type ProfileIdentity = { username: string; firstName: string; lastName: string };

/** GET /db/get-profile; `fresh` asks for the variant that drops any cached profile first. */
export async function fetchProfile(
  identity: ProfileIdentity,
  { fresh = false } = {},
): Promise<GetProfileResponse> {
  const requester = await getServiceRequester();
  const body = await requester.request('db', '/get-profile', {
    query: { ...identity, ...(fresh ? { fresh: 'true' } : {}) },
  });
  return getProfileResponseSchema.parse(body);
}

/** POST /db/save-user-preferences */
export async function saveUserPreferences(
  request: SaveUserPreferencesRequest,
): Promise<SaveUserPreferencesResponse> {
  const requester = await getServiceRequester();
  const body = await requester.request('db', '/save-user-preferences', { body: request });
  const result = saveUserPreferencesResponseSchema.parse(body);
  if (!result.success) throw new Error(result.error ?? 'Failed to save preferences.');
  return result;
}

/** POST /db/generate-preference-prompt; an empty answer is an error (spec: 'No prompt returned'). */
export async function generatePreferencePrompt(request: GeneratePreferencePromptRequest): Promise<string> {
  const requester = await getServiceRequester();
  const body = await requester.request('db', '/generate-preference-prompt', { body: request });
  const result = generatePreferencePromptResponseSchema.parse(body);
  const prompt = result.prompt.trim();
  if (!result.success || prompt === '') throw new Error(identityMessages.preferences.noPromptReturned);
  return prompt;
}

/** POST /db/database-setup, right after sign-up (anonymous: the account has no session yet). */
export async function setupDatabase(request: DatabaseSetupRequest): Promise<DatabaseSetupResponse> {
  const requester = await getServiceRequester();
  const body = await requester.request('db', '/database-setup', { body: request });
  return databaseSetupResponseSchema.parse(body);
}

/** POST /db/delete-user-data: conversations, resources, linked accounts; the profile stays. */
export async function deleteUserData(request: DeleteUserRequest): Promise<DeleteUserResponse> {
  const requester = await getServiceRequester();
  const body = await requester.request('db', '/delete-user-data', { body: request });
  return deleteUserResponseSchema.parse(body);
}

/** POST /db/delete-user-account: everything, including the authentication account. */
export async function deleteUserAccount(request: DeleteUserRequest): Promise<DeleteUserResponse> {
  const requester = await getServiceRequester();
  const body = await requester.request('db', '/delete-user-account', { body: request });
  return deleteUserResponseSchema.parse(body);
}
