import { chatMessages, type GetThreadsResponse, type ThreadSummary } from '@penny/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type ChatUser, deleteThread, fetchThreads, HttpError, threadKeys } from '../../api/index.ts';
import { useSession } from '../../session/index.ts';
import { toast } from '../../ui/index.ts';
import { addDraftThread, useChatRuntime } from './chat-runtime.ts';
import { makeThreadId } from './ids.ts';
import { isResumedDelete } from './pending-deletes.ts';
import { type ChatIdentity, chatIdentity, forgetThread, startEmptyThread } from './turns.ts';

/** The signed-in user as the chat names them; null while signed out. */
export function useChatIdentity(): ChatIdentity | null {
  const { user } = useSession();
  return useMemo(() => (user ? chatIdentity(user) : null), [user]);
}

/**
 * What a navigation to /chat/{id} may carry: a fork's copied visualization (flagged isNew on arrival), or
 * a question to ask at once (a chat starter).
 */
export type ChatLocationState = { forked?: unknown[]; ask?: string } | null;

const NO_USER: ChatUser = { username: '', firstName: '', lastName: '' };

/**
 * The user's threads (GET /db/get-all-user-threads), newest activity first, page by page (Load More);
 * the threads started here and not yet on the server come first, and titles learnt from turns win.
 */
export function useThreadList(user: ChatUser | null) {
  const query = useInfiniteQuery({
    queryKey: threadKeys.list(user ?? NO_USER),
    queryFn: ({ pageParam, signal }) => fetchThreads(user ?? NO_USER, { cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    enabled: user !== null,
    // The list says 'Failed to fetch threads: {status}' at once; the user can retry.
    retry: false,
  });
  const drafts = useChatRuntime((state) => state.drafts);
  const titles = useChatRuntime((state) => state.titles);
  const pages = query.data?.pages;
  const threads = useMemo(() => {
    const server = pages?.flatMap((page) => page.threads) ?? [];
    const known = new Set(server.map((thread) => thread.id));
    const all = [...drafts.filter((draft) => !known.has(draft.id)), ...server];
    const byId = new Map<string, ThreadSummary>();
    for (const thread of all) if (!byId.has(thread.id)) byId.set(thread.id, thread);
    return [...byId.values()].map((thread) => {
      const title = titles[thread.id];
      return title && title !== thread.title ? { ...thread, title } : thread;
    });
  }, [pages, drafts, titles]);
  return { ...query, threads };
}

/** The title of one thread as the sidebar shows it, else 'Untitled Chat'. */
export function useThreadTitle(user: ChatUser | null, threadId: string | undefined): string {
  const { threads } = useThreadList(user);
  const local = useChatRuntime((state) => (threadId ? state.titles[threadId] : undefined));
  if (!threadId) return chatMessages.untitled;
  return local || threads.find((thread) => thread.id === threadId)?.title || chatMessages.untitled;
}

/**
 * New Chat (docs/product/chat.md, "New chat"): a thread id from the time and a random suffix, the title
 * 'Untitled Chat', start_empty, /chat/{id}, and the info toast 'Started a new conversation'. With a
 * question, the new chat asks it at once.
 */
export function useStartNewChat(): (question?: string) => string {
  const navigate = useNavigate();
  return useCallback(
    (question?: string) => {
      const id = makeThreadId();
      const now = new Date().toISOString();
      addDraftThread({ id, title: chatMessages.untitled, timestamp: now, lastActivity: now });
      startEmptyThread(id);
      // A chat starter (the start screen's suggested questions): the chat page sends it on arrival.
      void navigate(
        `/chat/${id}`,
        question ? { state: { ask: question } satisfies ChatLocationState } : undefined,
      );
      toast.info(chatMessages.startedNewChat, { id: 'new-chat' });
      return id;
    },
    [navigate],
  );
}

/** Removes a thread from every page of the cached list. */
function withoutThread(
  data: InfiniteData<GetThreadsResponse, string | null> | undefined,
  threadId: string,
): InfiniteData<GetThreadsResponse, string | null> | undefined {
  return (
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        threads: page.threads.filter((thread: ThreadSummary) => thread.id !== threadId),
      })),
    }
  );
}

/**
 * Delete (POST /db/delete-thread), once its Undo window has passed: the server's error or 'Failed to
 * delete chat.' on failure. A thread started here and never sent to the server is only forgotten.
 */
export function useDeleteThread(user: ChatUser | null) {
  const queryClient = useQueryClient();
  const drafts = useChatRuntime((state) => state.drafts);
  return useMutation({
    mutationFn: async (threadId: string): Promise<{ success: boolean; error?: string | undefined }> => {
      if (!user) return { success: false };
      try {
        return await deleteThread(user, threadId);
      } catch (error) {
        // Never reached the server's list, or deleted there already by an earlier page whose answer was lost.
        if (
          error instanceof HttpError &&
          error.status === 404 &&
          (drafts.some((draft) => draft.id === threadId) || isResumedDelete(threadId))
        ) {
          return { success: true };
        }
        throw error;
      }
    },
    onSuccess: (result, threadId) => {
      if (!result.success) {
        toast.error(result.error || chatMessages.deleteThreadFailed);
        return;
      }
      queryClient.setQueriesData<InfiniteData<GetThreadsResponse, string | null>>(
        { queryKey: threadKeys.all },
        (data) => withoutThread(data, threadId),
      );
      // 'Conversation removed.' was said when the user confirmed, with its Undo (thread-list.tsx).
      forgetThread(threadId);
    },
    onError: () => {
      toast.error(chatMessages.deleteThreadFailed);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: threadKeys.all });
    },
  });
}
