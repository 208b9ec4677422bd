import { createResourceService } from '../chat/index.ts';
import type { Database } from '../db/index.ts';
import { createProfileService, createUserDataService, type LinkedAccountCleanup } from '../identity/index.ts';
import type { Logger } from '../logger.ts';

export { ServiceError } from './errors.ts';

/**
 * Every domain service, built once by compose.ts: one named, typed handler per operation, each taking
 * the acting user explicitly. The HTTP routes call these handlers and nothing else; the agent's tools
 * will call the same ones.
 */
export function createDomainServices(deps: {
  db: Database;
  logger: Logger;
  /** Provider-side clean-up run by Delete Data / Delete Account (the Accounts work adds one per platform). */
  linkedAccountCleanups?: readonly LinkedAccountCleanup[];
  /** Called after sessions were ended (the session cache). */
  onSessionsChanged?: () => Promise<void>;
}) {
  return {
    profile: createProfileService(deps.db),
    userData: createUserDataService(deps),
    resources: createResourceService(deps.db),
  };
}

export type DomainServices = ReturnType<typeof createDomainServices>;
