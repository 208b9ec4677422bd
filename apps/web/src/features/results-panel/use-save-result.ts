import { type DslObject, hasResourceUserInfo, RESOURCE_TOAST_MS, resourceMessages } from '@penny/contracts';
import { useCallback, useState } from 'react';
import { quotaRefusal } from '../../api/index.ts';
import { deriveUserInfo, useSession } from '../../session/index.ts';
import { toast } from '../../ui/index.ts';
import { useStoreResource } from '../resources/index.ts';
import { queryIdOfResult, resourceIdForResult, safeThreadId } from './result-id.ts';

/** A result card's visualization: one container (or bare block) of the DSL. */
export type ResultObject = DslObject;

function messageOf(error: unknown): string {
  const refusal = quotaRefusal(error);
  if (refusal) return refusal;
  return error instanceof Error && error.message ? error.message : resourceMessages.storeFailed;
}

/**
 * Saves a result card as a resource with the required toasts (docs/product/chat.md, "Saving a resource"):
 * 'Saved!' / 'Resource saved' (2 s); 'Save Failed' with the message (3 s), 'Failed to store resource' when
 * the reply lacks success; a warning 'Cannot store resource without user info.' when the user is not known.
 * `isSaved` tells a result saved from this panel.
 */
export function useSaveResult(threadId: string | null | undefined) {
  const { user } = useSession();
  const { mutateAsync: storeResource } = useStoreResource();
  const [savingIds, setSavingIds] = useState<ReadonlySet<string>>(() => new Set());
  // Saved here: the card says Saved and a second save of the same result is not offered.
  const [savedIds, setSavedIds] = useState<ReadonlySet<string>>(() => new Set());

  const save = useCallback(
    async (result: ResultObject): Promise<boolean> => {
      const info = user ? deriveUserInfo(user) : null;
      if (!info || !hasResourceUserInfo(info)) {
        toast.warning(resourceMessages.missingUserInfo);
        return false;
      }
      const resourceId = resourceIdForResult(threadId, result);
      setSavingIds((ids) => new Set(ids).add(resourceId));
      const now = new Date().toISOString();
      try {
        const reply = await storeResource({
          username: info.username,
          firstName: info.firstName,
          lastName: info.lastName,
          resource_id: resourceId,
          thread_id: safeThreadId(threadId),
          query_id: queryIdOfResult((result as { id?: unknown }).id),
          dsl_objects: [result],
          timestamp: now,
          created_at: now,
        });
        if (!reply.success) {
          toast.error(resourceMessages.saveFailedTitle, {
            description: reply.error || resourceMessages.storeFailed,
            duration: RESOURCE_TOAST_MS.saveFailed,
          });
          return false;
        }
        setSavedIds((ids) => new Set(ids).add(resourceId));
        toast.success(resourceMessages.savedTitle, {
          description: resourceMessages.savedDescription,
          duration: RESOURCE_TOAST_MS.saved,
        });
        return true;
      } catch (error) {
        toast.error(resourceMessages.saveFailedTitle, {
          description: messageOf(error),
          duration: RESOURCE_TOAST_MS.saveFailed,
        });
        return false;
      } finally {
        setSavingIds((ids) => {
          const next = new Set(ids);
          next.delete(resourceId);
          return next;
        });
      }
    },
    [user, threadId, storeResource],
  );

  const isSaving = useCallback(
    (result: ResultObject) => savingIds.has(resourceIdForResult(threadId, result)),
    [savingIds, threadId],
  );
  const isSaved = useCallback(
    (result: ResultObject) => savedIds.has(resourceIdForResult(threadId, result)),
    [savedIds, threadId],
  );
  return { save, isSaving, isSaved };
}
