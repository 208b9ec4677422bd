import { dbEndpoints, type HomeSummaryResponse } from '@penny/contracts';
import { type AccountUserInfo, accountKeys } from './accounts.ts';
import { callEndpoint } from './endpoint-client.ts';

/**
 * Under the accounts' keys: linking, refreshing or disconnecting an account invalidates `accountKeys.all`,
 * and the home's figures with it.
 */
export const homeKeys = {
  summary: (user: AccountUserInfo) =>
    [...accountKeys.all, user.username, user.firstName, user.lastName, 'home-summary'] as const,
};

/** GET /db/home-summary: the start screen's figures for the session user (docs/api.md, "Home summary"). */
export function fetchHomeSummary(user: AccountUserInfo, signal?: AbortSignal): Promise<HomeSummaryResponse> {
  return callEndpoint(dbEndpoints.homeSummary, { ...user }, signal ? { signal } : {});
}
