import {
  type AgentAction,
  agentActionSchema,
  CHAT_LIMITS,
  TURN_STATUSES,
  type TurnStatus,
} from '@penny/contracts';
import { z } from 'zod';
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';
import { PERSISTENT_STATE_KEY } from '../../session/index.ts';

/**
 * The chat's client state kept in the browser (docs/product/chat.md, "Local persisted state", key
 * persistentState_v1): per thread, the chat history, the visualizations and whether it was loaded.
 * Loading and error states, turns in progress and processed query ids are not kept (chat-runtime.ts).
 * At most 50 threads are kept; adding one more evicts the oldest inserted (docs/product/chat.md, "Cache").
 */

/** docs/product/chat.md, "Chat message item". 'progress' items live in the runtime store, never here. */
export type ChatItemType = 'user' | 'actions' | 'progress' | 'error';

export type ChatItem = {
  id: string;
  type: ChatItemType;
  message: string;
  agent_actions?: AgentAction[];
  isProcessing?: boolean;
  /** ISO time. */
  timestamp: string;
  /** The turn the item belongs to. */
  query_id?: string;
  /** Actions item: the answer's prose. */
  answer?: string;
  /** Actions item: how the turn ended. */
  status?: TurnStatus;
};

/** A visualization container (or bare block) as the panel shows it. */
export type ThreadVisualization = Record<string, unknown>;

export type PersistedChatState = {
  /** The signed-in user the state belongs to; another user's state is dropped, never shown. */
  ownerId: string | null;
  chatHistories: Record<string, ChatItem[]>;
  visualizations: Record<string, ThreadVisualization[]>;
  /** Threads whose history came from the server (or started empty) and may be shown from here. */
  loadedThreadIds: string[];
  /** Thread ids, oldest inserted first: the eviction order. */
  threadOrder: string[];
};

export type ChatStore = PersistedChatState & {
  /** Makes the store belong to `userId`, dropping anything another user left. */
  claim(userId: string): void;
  /** The thread's history and visualizations as loaded from the server; marks it loaded. */
  setThread(threadId: string, data: { items: ChatItem[]; visualizations: ThreadVisualization[] }): void;
  /** start_empty: the thread has nothing yet and counts as loaded. */
  startEmpty(threadId: string): void;
  appendItems(threadId: string, items: ChatItem[]): void;
  setVisualizations(threadId: string, visualizations: ThreadVisualization[]): void;
  addVisualizations(threadId: string, visualizations: ThreadVisualization[]): void;
  /** Forgets that the thread was loaded (its next visit reads it again); its data stays for display. */
  markStale(threadId: string): void;
  removeThread(threadId: string): void;
};

const emptyState = (): PersistedChatState => ({
  ownerId: null,
  chatHistories: {},
  visualizations: {},
  loadedThreadIds: [],
  threadOrder: [],
});

/** The state with `threadId` inserted (if new) and the oldest threads evicted beyond the limit. */
function withThread(state: PersistedChatState, threadId: string): PersistedChatState {
  if (state.threadOrder.includes(threadId)) return state;
  const order = [...state.threadOrder, threadId];
  const evicted = order.slice(0, Math.max(0, order.length - CHAT_LIMITS.threadCacheSize));
  if (evicted.length === 0) return { ...state, threadOrder: order };
  return withoutThreads({ ...state, threadOrder: order }, evicted);
}

function withoutThreads(state: PersistedChatState, threadIds: readonly string[]): PersistedChatState {
  const gone = new Set(threadIds);
  const keep = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => !gone.has(id)));
  return {
    ...state,
    chatHistories: keep(state.chatHistories),
    visualizations: keep(state.visualizations),
    loadedThreadIds: state.loadedThreadIds.filter((id) => !gone.has(id)),
    threadOrder: state.threadOrder.filter((id) => !gone.has(id)),
  };
}

/** Keeps the newest turns of a thread (the server keeps at most CHAT_LIMITS.maxTurnsPerThread). */
function bounded(items: ChatItem[]): ChatItem[] {
  const max = CHAT_LIMITS.maxTurnsPerThread * 3;
  return items.length > max ? items.slice(items.length - max) : items;
}

// ---- What is read back from storage is checked: a damaged or foreign value is dropped.

const chatItemSchema = z.object({
  id: z.string(),
  type: z.enum(['user', 'actions', 'error']),
  message: z.string(),
  agent_actions: z.array(agentActionSchema).optional(),
  isProcessing: z.boolean().optional(),
  timestamp: z.string(),
  query_id: z.string().optional(),
  answer: z.string().optional(),
  status: z.enum(TURN_STATUSES).optional(),
});
const persistedSchema = z.object({
  ownerId: z.string().nullable(),
  chatHistories: z.record(z.string(), z.array(chatItemSchema)),
  visualizations: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  loadedThreadIds: z.array(z.string()),
  threadOrder: z.array(z.string()),
});

function persisted(state: PersistedChatState): PersistedChatState {
  return {
    ownerId: state.ownerId,
    // Progress items are a loading state: never kept.
    chatHistories: Object.fromEntries(
      Object.entries(state.chatHistories).map(([id, items]) => [
        id,
        items.filter((item) => item.type !== 'progress'),
      ]),
    ),
    visualizations: state.visualizations,
    loadedThreadIds: state.loadedThreadIds,
    threadOrder: state.threadOrder,
  };
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

/**
 * localStorage, JSON. When the browser's quota is full the oldest threads are dropped until the rest
 * fits; when storage is blocked nothing is kept (the chat still works from memory).
 */
const storage: PersistStorage<PersistedChatState> = {
  getItem(name) {
    try {
      const text = window.localStorage.getItem(name);
      if (!text) return null;
      const value = JSON.parse(text) as StorageValue<unknown>;
      const parsed = persistedSchema.safeParse(value.state);
      return parsed.success ? { state: parsed.data, version: value.version ?? 0 } : null;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    let state = value.state;
    for (;;) {
      try {
        window.localStorage.setItem(name, JSON.stringify({ ...value, state }));
        return;
      } catch (error) {
        if (!isQuotaError(error) || state.threadOrder.length === 0) return;
        // Keep the newest threads: drop the oldest half of the rest, at least one.
        const drop = state.threadOrder.slice(0, Math.max(1, Math.floor(state.threadOrder.length / 2)));
        state = withoutThreads(state, drop);
      }
    }
  },
  removeItem(name) {
    try {
      window.localStorage.removeItem(name);
    } catch {
      // Storage blocked: nothing was kept there either.
    }
  },
};

export const useChatStore = create<ChatStore>()(
  persist<ChatStore, [], [], PersistedChatState>(
    (set) => ({
      ...emptyState(),
      claim: (userId) =>
        set((state) => {
          if (state.ownerId === userId) return state;
          // Made before anyone claimed it (a New Chat before the chat page opened): the same user's.
          if (state.ownerId === null) return { ownerId: userId };
          return { ...emptyState(), ownerId: userId };
        }),
      setThread: (threadId, { items, visualizations }) =>
        set((state) => {
          const next = withThread(state, threadId);
          return {
            ...next,
            chatHistories: { ...next.chatHistories, [threadId]: bounded(items) },
            visualizations: { ...next.visualizations, [threadId]: visualizations },
            loadedThreadIds: next.loadedThreadIds.includes(threadId)
              ? next.loadedThreadIds
              : [...next.loadedThreadIds, threadId],
          };
        }),
      startEmpty: (threadId) =>
        set((state) => {
          const next = withThread(state, threadId);
          return {
            ...next,
            chatHistories: { ...next.chatHistories, [threadId]: [] },
            visualizations: { ...next.visualizations, [threadId]: [] },
            loadedThreadIds: next.loadedThreadIds.includes(threadId)
              ? next.loadedThreadIds
              : [...next.loadedThreadIds, threadId],
          };
        }),
      appendItems: (threadId, items) =>
        set((state) => {
          const next = withThread(state, threadId);
          return {
            ...next,
            chatHistories: {
              ...next.chatHistories,
              [threadId]: bounded([...(next.chatHistories[threadId] ?? []), ...items]),
            },
          };
        }),
      setVisualizations: (threadId, visualizations) =>
        set((state) => {
          const next = withThread(state, threadId);
          return { ...next, visualizations: { ...next.visualizations, [threadId]: visualizations } };
        }),
      addVisualizations: (threadId, visualizations) =>
        set((state) => {
          const next = withThread(state, threadId);
          return {
            ...next,
            visualizations: {
              ...next.visualizations,
              [threadId]: [...(next.visualizations[threadId] ?? []), ...visualizations],
            },
          };
        }),
      markStale: (threadId) =>
        set((state) =>
          state.loadedThreadIds.includes(threadId)
            ? { loadedThreadIds: state.loadedThreadIds.filter((id) => id !== threadId) }
            : state,
        ),
      removeThread: (threadId) => set((state) => withoutThreads(state, [threadId])),
    }),
    {
      name: PERSISTENT_STATE_KEY,
      version: 1,
      storage,
      partialize: persisted,
    },
  ),
);

/** Sign-out: forget everything, in memory and in storage. */
export function clearChatStore(): void {
  useChatStore.setState(emptyState());
  useChatStore.persist.clearStorage();
}
