import { chatIdSchema, chatMessages } from '@penny/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { forkChat, HttpError, quotaRefusal, threadKeys } from '../../api/index.ts';
import { deriveUserInfo, useSession } from '../../session/index.ts';
import { toast } from '../../ui/index.ts';

/** What a fork starts from: the saved or shown visualization and where it came from. */
export type ForkSource = {
  threadId?: string | null | undefined;
  queryId?: string | null | undefined;
  dslObjects: readonly unknown[];
};

/**
 * The original query id a result id carries ('query-' plus a timestamp plus random text, maybe with a
 * suffix such as ':1'), or the id itself when it is another valid id; null when there is none.
 */
export function originalQueryId(id: string | null | undefined): string | null {
  if (!id) return null;
  const embedded = id.match(/query-[A-Za-z0-9_-]+/)?.[0];
  if (embedded) return embedded;
  return chatIdSchema.safeParse(id).success ? id : null;
}

/**
 * Starts a new chat from a visualization ("Start a new chat from this": docs/product/chat.md, "Forking"):
 * POST /db/fork-chat with the source thread and query, then the new thread opens with the copied
 * visualization flagged isNew. Messages: 'Could not find the original query for this visualization.',
 * 'You must be logged in to do this.', 'Failed to create a new chat.',
 * 'Could not retrieve the new chat thread ID.' and 'New chat created with visualization!'.
 */
export function useForkVisualization(): (source: ForkSource) => void {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const running = useRef(false);
  return useCallback(
    (source: ForkSource) => {
      if (running.current) return;
      const queryId = originalQueryId(source.queryId);
      if (!queryId) {
        toast.error(chatMessages.forkNoQuery);
        return;
      }
      if (!user) {
        toast.error(chatMessages.forkNeedsSignIn);
        return;
      }
      const threadId = source.threadId ?? '';
      if (!chatIdSchema.safeParse(threadId).success) {
        toast.error(chatMessages.forkFailed);
        return;
      }
      const { username, firstName, lastName } = deriveUserInfo(user);
      running.current = true;
      void forkChat({ username, firstName, lastName }, { threadId, queryId })
        .then((result) => {
          if (!result.success) {
            toast.error(result.error || chatMessages.forkFailed);
            return;
          }
          if (!result.new_thread_id) {
            toast.error(chatMessages.forkNoThreadId);
            return;
          }
          void queryClient.invalidateQueries({ queryKey: threadKeys.all });
          toast.success(chatMessages.forkDone);
          void navigate(`/chat/${encodeURIComponent(result.new_thread_id)}`, {
            state: { forked: [...source.dslObjects] },
          });
        })
        .catch((error: unknown) => {
          const signedOut =
            error instanceof HttpError &&
            (error.status === 401 || error.serverError?.code === 'auth:required');
          toast.error(
            quotaRefusal(error) ?? (signedOut ? chatMessages.forkNeedsSignIn : chatMessages.forkFailed),
          );
        })
        .finally(() => {
          running.current = false;
        });
    },
    [user, navigate, queryClient],
  );
}
