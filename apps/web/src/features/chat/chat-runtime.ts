import type { AgentAction, ThreadSummary } from '@penny/contracts';
import { create } from 'zustand';

/**
 * The chat's state that is never persisted (unlike docs/product/chat.md, "Local persisted state"): turns in
 * progress, loading and error states, the processed query ids, the local thread titles and the threads
 * started here that the server does not know yet.
 */

/** A turn in progress: what the progress item shows. */
export type TurnProgress = {
  queryId: string;
  /** Date.now() when the message was sent. */
  startedAt: number;
  /** The actions streamed so far, in the order they started (an action sent again replaces itself). */
  actions: AgentAction[];
  /** Date.now() when each action (by id) was first seen, to time it when the server does not. */
  actionStartedAt: Record<string, number>;
  /** Date.now() when each action (by id) was seen ending. */
  actionEndedAt: Record<string, number>;
  /** The answer's text so far. */
  text: string;
  /** The container the stream sent, until the result confirms it. */
  dsl: Record<string, unknown>[] | null;
};

export type ThreadRuntime = {
  progress: TurnProgress | null;
  /** The visualization panel waits for a turn's result. */
  vizLoading: boolean;
  /** The last turn's failure, for the visualization panel (null: none). */
  vizError: string | null;
  /** Query ids whose containers were added (or loaded): never added twice. */
  processedQueryIds: ReadonlySet<string>;
  /** load_thread is reading the thread. */
  loading: boolean;
  /** Why the thread could not be loaded ('Error loading conversation: ...'). */
  loadError: string | null;
  /** The proposal the last turn made, while its Confirm popup is open (docs/api.md, "Confirmed actions"). */
  proposalId: string | null;
};

export type ChatRuntimeState = {
  threads: Record<string, ThreadRuntime>;
  /**
   * Titles learnt from turns (thread-title-update: docs/product/chat.md, "Visualization events"), shown over
   * the server list's.
   */
  titles: Record<string, string>;
  /** Threads started with New Chat, shown in the sidebar until the server lists them. */
  drafts: ThreadSummary[];
};

export const emptyThreadRuntime: ThreadRuntime = {
  progress: null,
  vizLoading: false,
  vizError: null,
  processedQueryIds: new Set(),
  loading: false,
  loadError: null,
  proposalId: null,
};

export const useChatRuntime = create<ChatRuntimeState>()(() => ({ threads: {}, titles: {}, drafts: [] }));

/** Changes one thread's runtime state. */
export function updateThreadRuntime(
  threadId: string,
  change: (current: ThreadRuntime) => Partial<ThreadRuntime>,
): void {
  useChatRuntime.setState((state) => {
    const current = state.threads[threadId] ?? emptyThreadRuntime;
    return { threads: { ...state.threads, [threadId]: { ...current, ...change(current) } } };
  });
}

export function threadRuntime(threadId: string): ThreadRuntime {
  return useChatRuntime.getState().threads[threadId] ?? emptyThreadRuntime;
}

/** The thread's runtime state, for components. */
export function useThreadRuntime(threadId: string | undefined): ThreadRuntime {
  return useChatRuntime((state) => (threadId ? state.threads[threadId] : undefined) ?? emptyThreadRuntime);
}

export function setThreadTitle(threadId: string, title: string): void {
  useChatRuntime.setState((state) =>
    state.titles[threadId] === title ? state : { titles: { ...state.titles, [threadId]: title } },
  );
}

export function addDraftThread(thread: ThreadSummary): void {
  useChatRuntime.setState((state) =>
    state.drafts.some((draft) => draft.id === thread.id) ? state : { drafts: [thread, ...state.drafts] },
  );
}

export function forgetThreadRuntime(threadId: string): void {
  useChatRuntime.setState((state) => {
    const { [threadId]: _thread, ...threads } = state.threads;
    const { [threadId]: _title, ...titles } = state.titles;
    return { threads, titles, drafts: state.drafts.filter((draft) => draft.id !== threadId) };
  });
}

export function resetChatRuntime(): void {
  useChatRuntime.setState({ threads: {}, titles: {}, drafts: [] });
}
