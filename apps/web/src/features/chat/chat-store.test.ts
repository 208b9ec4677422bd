import { CHAT_LIMITS } from '@penny/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearClientState, PERSISTENT_STATE_KEY } from '../../session/index.ts';
import { updateThreadRuntime, useChatRuntime } from './chat-runtime.ts';
import { type ChatItem, clearChatStore, useChatStore } from './chat-store.ts';
// Registers the chat's sign-out cleanup, as the app does when the chat loads.
import './turns.ts';

const userItem = (id: string, message = 'How much did I spend?'): ChatItem => ({
  id: `user-${id}`,
  type: 'user',
  message,
  timestamp: '2026-01-01T10:00:00.000Z',
  query_id: id,
});

function stored(): { state: Record<string, unknown>; version: number } | null {
  const text = window.localStorage.getItem(PERSISTENT_STATE_KEY);
  return text ? JSON.parse(text) : null;
}

describe('chat store (persistentState_v1)', () => {
  beforeEach(() => {
    clearChatStore();
    useChatRuntime.setState({ threads: {}, titles: {}, drafts: [] });
  });

  it('keeps chat histories, visualizations and loaded-thread ids per thread, and nothing else', () => {
    const store = useChatStore.getState();
    store.claim('user-1');
    store.setThread('thread-a', {
      items: [
        userItem('query-1'),
        {
          id: 'actions-query-1',
          type: 'actions',
          message: 'Analysis complete',
          agent_actions: [{ id: 'a1', status: 'completed', description: 'Read transactions' }],
          isProcessing: false,
          timestamp: '2026-01-01T10:00:05.000Z',
          query_id: 'query-1',
          answer: 'You spent $420.',
          status: 'completed',
        },
      ],
      visualizations: [{ id: 'query-1', type: 'container', title: 'Spending', content_blocks: [] }],
    });
    // Runtime state (a turn in progress, processed query ids, loading, errors) is not kept.
    updateThreadRuntime('thread-a', () => ({
      vizLoading: true,
      vizError: 'Boom',
      loading: true,
      processedQueryIds: new Set(['query-1']),
    }));

    const value = stored();
    expect(value?.version).toBe(1);
    expect(Object.keys(value?.state ?? {}).sort()).toEqual(
      ['chatHistories', 'loadedThreadIds', 'ownerId', 'threadOrder', 'visualizations'].sort(),
    );
    expect(value?.state).toMatchObject({
      ownerId: 'user-1',
      chatHistories: { 'thread-a': [{ type: 'user' }, { type: 'actions', answer: 'You spent $420.' }] },
      visualizations: { 'thread-a': [{ id: 'query-1', title: 'Spending' }] },
      loadedThreadIds: ['thread-a'],
    });
    const text = window.localStorage.getItem(PERSISTENT_STATE_KEY) ?? '';
    expect(text).not.toContain('processedQueryIds');
    expect(text).not.toContain('vizLoading');
    expect(text).not.toContain('Boom');
  });

  it('never keeps a progress item', () => {
    useChatStore.getState().appendItems('thread-a', [
      userItem('query-1'),
      {
        id: 'progress-query-1',
        type: 'progress',
        message: 'Analyzing request',
        timestamp: 'x',
        isProcessing: true,
      },
    ]);
    expect(useChatStore.getState().chatHistories['thread-a']).toHaveLength(2);
    expect((stored()?.state.chatHistories as Record<string, ChatItem[]> | undefined)?.['thread-a']).toEqual([
      userItem('query-1'),
    ]);
  });

  it(`holds ${CHAT_LIMITS.threadCacheSize} threads; one more evicts the oldest inserted`, () => {
    const store = useChatStore.getState();
    for (let n = 0; n < CHAT_LIMITS.threadCacheSize + 2; n++) {
      store.setThread(`thread-${n}`, { items: [userItem(`query-${n}`)], visualizations: [] });
    }
    const state = useChatStore.getState();
    expect(state.threadOrder).toHaveLength(CHAT_LIMITS.threadCacheSize);
    expect(state.threadOrder[0]).toBe('thread-2');
    expect(state.chatHistories['thread-0']).toBeUndefined();
    expect(state.chatHistories['thread-1']).toBeUndefined();
    expect(state.loadedThreadIds).not.toContain('thread-0');
    expect(state.chatHistories[`thread-${CHAT_LIMITS.threadCacheSize + 1}`]).toHaveLength(1);
    // Touching a thread already held does not reorder or evict.
    store.appendItems('thread-2', [userItem('query-x')]);
    expect(useChatStore.getState().threadOrder[0]).toBe('thread-2');
  });

  it("drops another user's state when a user claims the store", () => {
    const store = useChatStore.getState();
    store.claim('user-1');
    store.setThread('thread-a', { items: [userItem('query-1')], visualizations: [] });
    store.claim('user-1');
    expect(useChatStore.getState().chatHistories['thread-a']).toHaveLength(1);
    store.claim('user-2');
    expect(useChatStore.getState()).toMatchObject({
      ownerId: 'user-2',
      chatHistories: {},
      loadedThreadIds: [],
    });
  });

  it('is cleared on sign-out, in memory and in storage', () => {
    const store = useChatStore.getState();
    store.claim('user-1');
    store.setThread('thread-a', { items: [userItem('query-1')], visualizations: [] });
    updateThreadRuntime('thread-a', () => ({ vizError: 'x' }));
    expect(window.localStorage.getItem(PERSISTENT_STATE_KEY)).not.toBeNull();
    clearClientState(undefined);
    expect(window.localStorage.getItem(PERSISTENT_STATE_KEY)).toBeNull();
    expect(useChatStore.getState()).toMatchObject({ ownerId: null, chatHistories: {}, loadedThreadIds: [] });
    expect(useChatRuntime.getState().threads).toEqual({});
  });

  it('drops the oldest threads when the browser storage is full, keeping the newest', () => {
    const store = useChatStore.getState();
    store.setThread('thread-old', { items: [userItem('query-1', 'x'.repeat(5000))], visualizations: [] });
    store.setThread('thread-mid', { items: [userItem('query-2')], visualizations: [] });
    // From now on, anything over 4,000 characters does not fit.
    const realSetItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (value.length > 4000) throw new DOMException('full', 'QuotaExceededError');
      realSetItem.call(this, key, value);
    });
    store.setThread('thread-new', { items: [userItem('query-3')], visualizations: [] });
    const kept = stored()?.state as { threadOrder: string[] };
    expect(kept.threadOrder).not.toContain('thread-old');
    expect(kept.threadOrder).toContain('thread-new');
    // Memory keeps everything; only storage gave way.
    expect(useChatStore.getState().threadOrder).toEqual(['thread-old', 'thread-mid', 'thread-new']);
  });

  it('ignores a damaged stored value', async () => {
    window.localStorage.setItem(
      PERSISTENT_STATE_KEY,
      JSON.stringify({ state: { chatHistories: 5 }, version: 1 }),
    );
    await useChatStore.persist.rehydrate();
    expect(useChatStore.getState().chatHistories).toEqual({});
  });
});
