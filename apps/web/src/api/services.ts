import type { PublicConfig } from '@penny/contracts';
import { getSessionToken } from '../session/token.ts';
import { loadPublicConfig } from './config.ts';
import { createRequester, type Requester } from './request.ts';

let built: { config: PublicConfig; requester: Requester } | undefined;

/** A requester for a public config: the services' base URLs, the anonymous token, the box key. */
export function requesterFor(config: PublicConfig): Requester {
  return createRequester({
    baseUrls: config.services,
    // Read on every call: the token changes with sign-in and sign-out.
    getToken: getSessionToken,
    anonToken: config.anonToken,
    boxPublicKey: config.boxPublicKey,
    encrypt: config.requireEncryptedBodies,
  });
}

/**
 * The request wrapper for the database, agent and account-connection services, built from the public
 * config (loaded once per page) and the in-memory session token.
 */
export async function getServiceRequester(): Promise<Requester> {
  const config = await loadPublicConfig();
  if (built?.config !== config) built = { config, requester: requesterFor(config) };
  return built.requester;
}
