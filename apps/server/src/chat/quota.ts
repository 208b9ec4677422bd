import { quotaMessages, USER_QUOTAS } from '@penny/contracts';
import type { Usage } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';

/** The quotas a chat write can pass (USER_QUOTAS; docs/api.md, "Quotas"). */
export type ChatQuota = 'resources' | 'threads' | 'storage';

/**
 * Refuses a write that took the user past one of `quotas`. Called inside the write's transaction, after
 * the insert, with the usage row locked (db/usage.ts): the throw rolls the write back, and the count is
 * exact however many requests arrive at once.
 */
export function refuseOverQuota(usage: Usage, quotas: readonly ChatQuota[]): void {
  if (quotas.includes('resources') && usage.resources > USER_QUOTAS.resources)
    throw new ServiceError('quota:resources', quotaMessages.resources);
  if (quotas.includes('threads') && usage.threads > USER_QUOTAS.threads)
    throw new ServiceError('quota:threads', quotaMessages.threads);
  if (quotas.includes('storage') && usage.storedBytes > USER_QUOTAS.storageBytes)
    throw new ServiceError('quota:storage', quotaMessages.storage);
}
