import {
  type ConfirmProposalResponse,
  chatIdSchema,
  chatMessages,
  DEEP_THINKING_MODEL,
} from '@penny/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquarePlus, MessagesSquare, Sparkles } from 'lucide-react';
import {
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { accountKeys, threadKeys } from '../../api/index.ts';
import { Button, EmptyState, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/index.ts';
import { ConfirmPopup } from '../actions/index.ts';
import { VisualizationPanel } from '../results-panel/index.ts';
import { ChatBox } from './chat-box.tsx';
import { addDraftThread, threadRuntime, updateThreadRuntime, useThreadRuntime } from './chat-runtime.ts';
import { type ChatItem, type ThreadVisualization, useChatStore } from './chat-store.ts';
import { MessageList } from './message-list.tsx';
import { SplitHandle, useChatSplit } from './split-handle.tsx';
import { type ChatLocationState, useChatIdentity, useStartNewChat, useThreadTitle } from './threads.ts';
import { loadThread, recordConfirmation, sendTurn } from './turns.ts';

const NO_ITEMS: readonly ChatItem[] = [];
const NO_VISUALIZATIONS: readonly ThreadVisualization[] = [];

/** docs/product/design.md, "Layout": chat and visualizations side by side from 1024 px up, two tabs below. */
const DESKTOP_QUERY = '(min-width: 1024px)';

function subscribeDesktop(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True from 1024 px up (and where the width cannot be asked). */
function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribeDesktop,
    () => typeof window.matchMedia !== 'function' || window.matchMedia(DESKTOP_QUERY).matches,
    () => true,
  );
}

/** Questions to start from, put in the box (not sent) when picked. */
const SUGGESTIONS = [
  'How much did I spend on dining out last month?',
  'What is my net worth across all my accounts?',
  'Show my biggest expenses this year by category.',
] as const;

/**
 * /chat/{threadId} (docs/product/chat.md, "Route table"): the chat column (messages, progress, thought
 * panels, the chat box) and the visualization panel beside it, or as two tabs below 1024 px.
 */
export function ChatPage() {
  const { threadId } = useParams();
  const valid = threadId !== undefined && chatIdSchema.safeParse(threadId).success;
  if (!threadId || !valid) return <UnknownThread />;
  return <ChatThread threadId={threadId} />;
}

function UnknownThread() {
  const startNewChat = useStartNewChat();
  return (
    <div className="flex h-full items-center justify-center p-6">
      <title>{`${chatMessages.threadNotFound} · Penny`}</title>
      <h1 className="sr-only">{chatMessages.threadNotFound}</h1>
      <EmptyState
        icon={MessagesSquare}
        title={chatMessages.threadNotFound}
        action={
          <Button onClick={() => startNewChat()}>
            <MessageSquarePlus aria-hidden="true" />
            {chatMessages.newChat}
          </Button>
        }
      />
    </div>
  );
}

function ChatThread({ threadId }: { threadId: string }) {
  const identity = useChatIdentity();
  const userId = identity?.userId ?? null;
  const location = useLocation();
  const forked = (location.state as ChatLocationState)?.forked;
  const queryClient = useQueryClient();

  // load_thread, once the store belongs to this user (another user's cache is never shown).
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads per thread and user; `forked` rides along.
  useEffect(() => {
    if (!identity) return;
    useChatStore.getState().claim(identity.userId);
    void loadThread({ threadId, identity, forked });
  }, [threadId, userId]);

  // Selecting another thread clears the previous thread's cached data (docs/product/chat.md, "New chat"): it
  // is read again on its next visit (shown meanwhile as it was), unless a turn of it is still running.
  const previous = useRef(threadId);
  useEffect(() => {
    const before = previous.current;
    previous.current = threadId;
    if (before === threadId || threadRuntime(before).progress) return;
    useChatStore.getState().markStale(before);
    updateThreadRuntime(before, () => ({ vizError: null, loadError: null }));
  }, [threadId]);

  const owned = useChatStore((state) => userId !== null && state.ownerId === userId);
  const items = useChatStore((state) => state.chatHistories[threadId]) ?? NO_ITEMS;
  const visualizations = useChatStore((state) => state.visualizations[threadId]) ?? NO_VISUALIZATIONS;
  const runtime = useThreadRuntime(threadId);
  const shownItems = owned ? items : NO_ITEMS;
  const shownVisualizations = owned ? visualizations : NO_VISUALIZATIONS;
  // Newest first: a new result takes the place of the loading card at the top.
  const results = useMemo(() => [...shownVisualizations].reverse(), [shownVisualizations]);
  const title = useThreadTitle(identity?.user ?? null, threadId);

  const [draft, setDraft] = useState<{ text: string; key: number } | null>(null);

  const onSend = useCallback(
    (message: string, { deepThinking }: { deepThinking: boolean }) => {
      if (!identity) return false;
      const started = sendTurn({
        threadId,
        message,
        identity,
        model: deepThinking ? DEEP_THINKING_MODEL : undefined,
        onSettled: () => {
          void queryClient.invalidateQueries({ queryKey: threadKeys.all });
        },
      });
      if (started) {
        // Listed at once (as 'Untitled Chat' until the turn names it) if the server did not know it.
        const now = new Date().toISOString();
        addDraftThread({ id: threadId, title: chatMessages.untitled, timestamp: now, lastActivity: now });
      }
      return started;
    },
    [identity, threadId, queryClient],
  );

  // A chat starter: asked once on arrival, and taken out of the history entry so a reload does not ask again.
  const ask = (location.state as ChatLocationState)?.ask;
  const navigate = useNavigate();
  useEffect(() => {
    if (!ask || !identity) return;
    void navigate(location.pathname, { replace: true, state: null });
    onSend(ask, { deepThinking: false });
  }, [ask, identity, onSend, navigate, location.pathname]);

  const closeProposal = useCallback(
    () => updateThreadRuntime(threadId, () => ({ proposalId: null })),
    [threadId],
  );
  const onConfirmed = useCallback(
    (response: ConfirmProposalResponse) => {
      recordConfirmation(threadId, response);
      // Categories changed: the accounts' transactions, the home figures and the thread list read again.
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({ queryKey: threadKeys.all });
    },
    [threadId, queryClient],
  );

  // An undone change: the figures it moved read again, and the thread (which tells of the undo) too.
  const onUndone = useCallback(() => {
    useChatStore.getState().markStale(threadId);
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  }, [threadId, queryClient]);

  const loadingThread = runtime.loading && shownItems.length === 0;
  const placeholder = loadingThread ? (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">Loading conversation</span>
      <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
      <Skeleton className="h-24 w-full rounded-xl" />
    </div>
  ) : (
    <EmptyState
      icon={Sparkles}
      title="What would you like to know about your money?"
      hint="Ask in your own words. Penny reads your linked accounts and answers with charts and tables."
      action={
        <ul className="flex flex-col items-stretch gap-2">
          {SUGGESTIONS.map((suggestion) => (
            <li key={suggestion}>
              <Button
                variant="secondary"
                size="sm"
                className="h-auto w-full py-2 whitespace-normal"
                onClick={() => setDraft((last) => ({ text: suggestion, key: (last?.key ?? 0) + 1 }))}
              >
                {suggestion}
              </Button>
            </li>
          ))}
        </ul>
      }
    />
  );

  const chat = (
    <>
      <MessageList
        threadId={threadId}
        items={shownItems}
        progress={runtime.progress}
        loadError={runtime.loadError}
        placeholder={placeholder}
      />
      <ChatBox
        key={threadId}
        onSend={onSend}
        sending={runtime.progress !== null}
        disabled={loadingThread || !identity}
        draft={draft}
      />
    </>
  );
  const panel = (
    <VisualizationPanel
      threadId={threadId}
      results={results}
      loading={runtime.vizLoading}
      error={runtime.vizError}
      className="min-h-0 flex-1"
    />
  );
  return (
    <>
      <title>{`${title} · Penny`}</title>
      <ChatLayout
        title={title}
        chat={chat}
        panel={panel}
        resultCount={shownVisualizations.length}
        threadId={threadId}
      />
      {runtime.proposalId && identity && owned ? (
        <ConfirmPopup
          key={runtime.proposalId}
          proposalId={runtime.proposalId}
          user={identity.user}
          onClose={closeProposal}
          onConfirmed={onConfirmed}
          onUndone={onUndone}
        />
      ) : null}
    </>
  );
}

type ChatLayoutProps = {
  title: string;
  chat: ReactNode;
  panel: ReactNode;
  /** Results in the thread: a new one while the chat tab shows puts a badge on Visualizations. */
  resultCount: number;
  threadId: string;
};

function ChatLayout({ title, chat, panel, resultCount, threadId }: ChatLayoutProps) {
  const desktop = useIsDesktop();
  const [split, setSplit] = useChatSplit();
  const splitBox = useRef<HTMLDivElement>(null);
  const chatColumnId = useId();
  const [tab, setTab] = useState<'chat' | 'visualizations'>('chat');
  const [unseen, setUnseen] = useState(0);
  const seenCount = useRef(resultCount);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a thread starts with nothing unseen.
  useEffect(() => {
    seenCount.current = resultCount;
    setUnseen(0);
  }, [threadId]);
  useEffect(() => {
    const added = resultCount - seenCount.current;
    seenCount.current = resultCount;
    if (added > 0 && !desktop && tab !== 'visualizations') setUnseen((count) => count + added);
  }, [resultCount, tab, desktop]);

  const heading = (
    <h1 className="min-w-0 truncate text-base font-semibold text-text" title={title}>
      {title}
    </h1>
  );

  if (desktop) {
    return (
      <div ref={splitBox} className="flex h-full min-h-0">
        <section
          id={chatColumnId}
          aria-label="Chat"
          style={{ width: `${split}%` }}
          className="flex min-h-0 min-w-80 shrink-0 flex-col"
        >
          <header className="flex h-14 shrink-0 items-center border-b border-border px-4">{heading}</header>
          {chat}
        </section>
        <SplitHandle value={split} onChange={setSplit} containerRef={splitBox} controls={chatColumnId} />
        {panel}
      </div>
    );
  }
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        setTab(value === 'visualizations' ? 'visualizations' : 'chat');
        if (value === 'visualizations') setUnseen(0);
      }}
      className="flex h-full min-h-0 flex-col"
    >
      <header className="flex shrink-0 flex-col gap-2 border-b border-border px-4 py-2">
        {heading}
        <TabsList aria-label="Chat views">
          <TabsTrigger value="chat">Chat</TabsTrigger>
          <TabsTrigger value="visualizations">
            Visualizations
            {unseen > 0 ? (
              <>
                <span className="sr-only">{`, ${unseen} new`}</span>
                <span
                  aria-hidden="true"
                  className="rounded-full bg-accent px-1.5 text-xs leading-5 font-semibold text-on-accent"
                >
                  {unseen}
                </span>
              </>
            ) : null}
          </TabsTrigger>
        </TabsList>
      </header>
      {/* Both stay mounted (the typed message and the scroll position survive a tab switch). */}
      <TabsContent
        value="chat"
        forceMount
        hidden={tab !== 'chat'}
        className="min-h-0 flex-1 flex-col gap-0 pt-0 data-[state=inactive]:hidden"
      >
        {chat}
      </TabsContent>
      <TabsContent
        value="visualizations"
        forceMount
        hidden={tab !== 'visualizations'}
        className="min-h-0 flex-1 flex-col gap-0 pt-0 data-[state=inactive]:hidden"
      >
        {panel}
      </TabsContent>
    </Tabs>
  );
}
