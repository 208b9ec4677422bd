import {
  type AgentAction,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamEvent,
  type ConfirmProposalResponse,
  chatMessages,
  normalizeActionStatus,
  type ThreadMessage,
  type ThreadProposal,
} from '@penny/contracts';
import {
  type ChatUser,
  fetchAgentDsl,
  fetchThreadDsl,
  fetchThreadMessages,
  HttpError,
  streamChat,
  syncThreadHistory,
} from '../../api/index.ts';
import { deriveUserInfo, onSignOutCleanup, type SessionUser } from '../../session/index.ts';
import { toast } from '../../ui/index.ts';
import {
  forgetThreadRuntime,
  resetChatRuntime,
  setThreadTitle,
  type TurnProgress,
  threadRuntime,
  updateThreadRuntime,
} from './chat-runtime.ts';
import { type ChatItem, clearChatStore, type ThreadVisualization, useChatStore } from './chat-store.ts';
import { makeQueryId } from './ids.ts';

/**
 * The chat's flows (docs/product/chat.md, "States and transitions"): sending a message (new_query_submitted,
 * response_full, error), load_thread and start_empty. They run outside the page's components, so a turn still
 * lands in its thread when the user moves to another screen meanwhile.
 */

/** docs/product/chat.md, "Conversation errors": the send-failure toast stays 5 s. */
export const SEND_FAILED_TOAST_MS = 5000;
/** docs/product/chat.md, "Visualization errors": 'Could not load visualizations' stays 3 s. */
export const DSL_FAILED_TOAST_MS = 3000;

/**
 * Who is chatting: the database calls' user and the agent's user_info (docs/product/chat.md, "User info").
 */
export type ChatIdentity = { userId: string; user: ChatUser; info: ChatRequest['user_info'] };

/** The session user as the database service's calls name them (username, first and last name). */
export function chatUserOf(sessionUser: SessionUser): ChatUser {
  return chatIdentity(sessionUser).user;
}

export function chatIdentity(sessionUser: SessionUser): ChatIdentity {
  const derived = deriveUserInfo(sessionUser, {
    dateOfBirth: sessionUser.dateOfBirth,
    country: sessionUser.country,
  });
  return {
    userId: sessionUser.id,
    user: { username: derived.username, firstName: derived.firstName, lastName: derived.lastName },
    info: derived,
  };
}

// ---------------------------------------------------------------------------------------------------
// Turns in progress

const controllers = new Map<string, AbortController>();

/** Stops the thread's turn in progress (its result is not waited for). */
export function abortTurn(threadId: string): void {
  controllers.get(threadId)?.abort();
  controllers.delete(threadId);
}

/** docs/product/chat.md, "Session": on sign-out every turn stops and the chat's state is forgotten. */
function forgetEverything(): void {
  for (const controller of controllers.values()) controller.abort();
  controllers.clear();
  clearChatStore();
  resetChatRuntime();
}
onSignOutCleanup(forgetEverything);

/** A deleted thread: its turn stops and its state goes. */
export function forgetThread(threadId: string): void {
  abortTurn(threadId);
  useChatStore.getState().removeThread(threadId);
  forgetThreadRuntime(threadId);
}

/** Whether the action has ended (it was sent a second time with another status). */
function hasEnded(action: AgentAction): boolean {
  const kind = normalizeActionStatus(action.status);
  return kind !== 'started' && kind !== 'created';
}

/** The progress after one streamed event. */
export function progressAfter(progress: TurnProgress, event: ChatStreamEvent, now: number): TurnProgress {
  switch (event.type) {
    case 'action': {
      const { action } = event;
      const index = action.id ? progress.actions.findIndex((known) => known.id === action.id) : -1;
      const actions =
        index >= 0
          ? progress.actions.map((known, at) => (at === index ? action : known))
          : [...progress.actions, action];
      if (!action.id) return { ...progress, actions };
      return {
        ...progress,
        actions,
        actionStartedAt: { [action.id]: now, ...progress.actionStartedAt },
        actionEndedAt: hasEnded(action)
          ? { ...progress.actionEndedAt, [action.id]: now }
          : progress.actionEndedAt,
      };
    }
    case 'text':
      return { ...progress, text: progress.text + event.delta };
    case 'dsl':
      return { ...progress, dsl: event.dsl_objects };
    case 'start':
    case 'result':
    case 'error':
      return progress;
  }
}

/**
 * docs/product/chat.md, "Agent action": processing_time is added client-side when the server did not time the
 * action.
 */
export function timedActions(actions: readonly AgentAction[], progress: TurnProgress | null): AgentAction[] {
  return actions.map((action) => {
    if (action.processing_time !== undefined || !action.id || !progress) return action;
    const started = progress.actionStartedAt[action.id];
    const ended = progress.actionEndedAt[action.id];
    if (started === undefined || ended === undefined) return action;
    return { ...action, processing_time: Math.max(0, ended - started) / 1000 };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A turn's containers as the panel keeps them: each id carries the query id (a fork from the card
 * needs it: docs/product/chat.md, "Saving and forking"); a second container of the same turn gets
 * `{query_id}:{n}`.
 */
export function visualizationsOfTurn(queryId: string, objects: readonly unknown[]): ThreadVisualization[] {
  return objects.filter(isRecord).map((object, index) => {
    const id = typeof object.id === 'string' || typeof object.id === 'number' ? String(object.id) : '';
    if (id.includes(queryId)) return object;
    return { ...object, id: index === 0 ? queryId : `${queryId}:${index}` };
  });
}

/**
 * docs/product/chat.md, "Visualization events": a container titled 'Query Results' or 'more details...' does
 * not name the thread.
 */
export function titleOfContainer(objects: readonly ThreadVisualization[]): string | null {
  for (const object of objects) {
    const title = typeof object.title === 'string' ? object.title.trim() : '';
    if (title && title !== 'Query Results' && !/^more details/i.test(title)) return title;
  }
  return null;
}

/**
 * response_full: the turn's containers join the panel unless its query id was processed already;
 * a container that names the thread updates the title (thread-title-update).
 */
function addTurnVisualizations(threadId: string, queryId: string, objects: readonly unknown[]): void {
  if (threadRuntime(threadId).processedQueryIds.has(queryId)) return;
  updateThreadRuntime(threadId, (current) => ({
    processedQueryIds: new Set([...current.processedQueryIds, queryId]),
  }));
  const visualizations = visualizationsOfTurn(queryId, objects);
  if (visualizations.length === 0) return;
  useChatStore.getState().addVisualizations(threadId, visualizations);
}

/** The failure's words: the server's sentence when it sent one, else the error's message. */
export function failureMessage(error: unknown): string {
  if (error instanceof HttpError) return error.serverError?.error || error.message;
  if (error instanceof Error && error.message) return error.message;
  return chatMessages.sendFailed;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

export type SendTurnInput = {
  threadId: string;
  message: string;
  identity: ChatIdentity;
  /** 'grok-4' when Deep Thinking is on. */
  model?: string | undefined;
  /** After the turn, whatever its outcome (e.g. refresh the thread list). */
  onSettled?: () => void;
};

/**
 * Sends a message (docs/product/chat.md, "Sending a message"): the user message is appended, a progress item
 * shows and the panel starts loading (new_query_submitted). On success the progress becomes the
 * actions item and the container joins the panel (response_full); on failure an error item
 * 'Error: {message}' and the toast 'Error' / 'Failed to send message. Please try again.' (5 s).
 * Returns false without sending while the thread's previous turn runs.
 */
export function sendTurn({ threadId, message, identity, model, onSettled }: SendTurnInput): boolean {
  if (threadRuntime(threadId).progress || controllers.has(threadId)) return false;
  const queryId = makeQueryId();
  const startedAt = Date.now();
  const store = useChatStore.getState();
  store.appendItems(threadId, [
    {
      id: `user-${queryId}`,
      type: 'user',
      message,
      timestamp: new Date(startedAt).toISOString(),
      query_id: queryId,
    },
  ]);
  // A thread never loaded from the server (a new one) counts as loaded from now on.
  if (!store.loadedThreadIds.includes(threadId)) {
    useChatStore.setState((state) => ({ loadedThreadIds: [...state.loadedThreadIds, threadId] }));
  }
  updateThreadRuntime(threadId, () => ({
    progress: {
      queryId,
      startedAt,
      actions: [],
      actionStartedAt: {},
      actionEndedAt: {},
      text: '',
      dsl: null,
    },
    vizLoading: true,
    vizError: null,
    loadError: null,
  }));

  const controller = new AbortController();
  controllers.set(threadId, controller);
  const request: ChatRequest = {
    message,
    thread_id: threadId,
    query_id: queryId,
    user_info: identity.info,
    ...(model ? { model } : {}),
  };
  void streamChat(request, {
    signal: controller.signal,
    onEvent: (event) => {
      if (controller.signal.aborted) return;
      const now = Date.now();
      updateThreadRuntime(threadId, (current) =>
        current.progress?.queryId === queryId
          ? { progress: progressAfter(current.progress, event, now) }
          : {},
      );
    },
  })
    .then((result) => {
      if (!controller.signal.aborted) completeTurn(threadId, queryId, result);
    })
    .catch((error: unknown) => {
      if (isAbort(error, controller.signal)) return;
      failTurn(threadId, queryId, failureMessage(error));
    })
    .finally(() => {
      if (controllers.get(threadId) === controller) controllers.delete(threadId);
      onSettled?.();
    });
  return true;
}

function completeTurn(threadId: string, queryId: string, result: ChatResponse): void {
  const progress = threadRuntime(threadId).progress;
  const actions = timedActions(result.agent_actions, progress?.queryId === queryId ? progress : null);
  const answer = result.answer.trim() ? result.answer : '';
  // The progress item becomes the actions item, or goes when there is nothing to show.
  if (actions.length > 0 || answer) {
    useChatStore.getState().appendItems(threadId, [
      {
        id: `actions-${queryId}`,
        type: 'actions',
        message: chatMessages.analysisComplete,
        agent_actions: actions,
        isProcessing: false,
        timestamp: new Date().toISOString(),
        query_id: queryId,
        answer,
        status: result.status,
      },
    ]);
  }
  const streamed = progress?.queryId === queryId ? progress.dsl : null;
  const objects = result.dsl_objects.length > 0 ? result.dsl_objects : (streamed ?? []);
  addTurnVisualizations(threadId, queryId, objects);
  updateThreadRuntime(threadId, () => ({
    progress: null,
    vizLoading: false,
    vizError: null,
    // A turn that proposed ends asking: its Confirm popup opens.
    ...(result.proposal_id ? { proposalId: result.proposal_id } : {}),
  }));
  // What becomes of the proposal is the server's to tell: the next visit reads the thread again.
  if (result.proposal_id) useChatStore.getState().markStale(threadId);

  const title = result.title.trim();
  if (title && title !== chatMessages.untitled) setThreadTitle(threadId, title);
  else {
    const named = titleOfContainer(visualizationsOfTurn(queryId, objects));
    if (named) setThreadTitle(threadId, named);
  }

  // docs/product/chat.md, "Visualization events": without dsl_objects in the answer, the objects are fetched
  // by query id.
  if (objects.length === 0 && result.status === 'completed') {
    void fetchAgentDsl(threadId)
      .then((all) => {
        const mine = all.filter(
          (object) => isRecord(object) && typeof object.id === 'string' && object.id.includes(queryId),
        );
        if (mine.length > 0) {
          // Not processed yet: the answer had none.
          updateThreadRuntime(threadId, (current) => {
            const ids = new Set(current.processedQueryIds);
            ids.delete(queryId);
            return { processedQueryIds: ids };
          });
          addTurnVisualizations(threadId, queryId, mine);
        }
      })
      .catch(() => {
        // Nothing more to show; the turn itself succeeded.
      });
  }
}

/**
 * A confirmed proposal's outcome in the thread: one finished agent action per executed item, after the
 * turn that proposed it. The server holds it too (the thread's messages carry each turn's proposal as
 * it stands): the thread is marked to be read again on its next visit, so a reload shows the server's.
 */
export function recordConfirmation(threadId: string, response: ConfirmProposalResponse): void {
  useChatStore.getState().markStale(threadId);
  if (response.agent_actions.length === 0) return;
  useChatStore.getState().appendItems(threadId, [
    {
      id: `confirm-${response.proposal_id}`,
      type: 'actions',
      message: chatMessages.analysisComplete,
      agent_actions: response.agent_actions,
      answer: confirmationAnswer(response),
      isProcessing: false,
      timestamp: new Date().toISOString(),
      status: 'completed',
    },
  ]);
}

/** The confirm's outcome in words under its actions: what was done, and what could not be. */
export function confirmationAnswer(response: ConfirmProposalResponse): string {
  const said = response.outcomes.flatMap((outcome) =>
    outcome.status === 'executed'
      ? [`- ${outcome.description}`]
      : outcome.status === 'failed'
        ? [`- ${chatMessages.notDone(outcome.description)}`]
        : [],
  );
  return [chatMessages.confirmedHeading, ...said].join('\n\n');
}

function failTurn(threadId: string, queryId: string, message: string): void {
  useChatStore.getState().appendItems(threadId, [
    {
      id: `error-${queryId}`,
      type: 'error',
      message: chatMessages.errorItem(message),
      timestamp: new Date().toISOString(),
      query_id: queryId,
    },
  ]);
  updateThreadRuntime(threadId, () => ({ progress: null, vizLoading: false, vizError: message }));
  toast.error(chatMessages.sendFailedTitle, {
    description: chatMessages.sendFailed,
    duration: SEND_FAILED_TOAST_MS,
  });
}

// ---------------------------------------------------------------------------------------------------
// Loading a thread

/** The server's turns as chat items: the question, then the actions and answer, or the failure. */
export function itemsOfMessages(messages: readonly ThreadMessage[]): ChatItem[] {
  return messages.flatMap((turn): ChatItem[] => {
    const question: ChatItem = {
      id: `user-${turn.query_id}`,
      type: 'user',
      message: turn.user_message,
      timestamp: turn.timestamp,
      query_id: turn.query_id,
    };
    if (turn.status === 'error') {
      return [
        question,
        {
          id: `error-${turn.query_id}`,
          type: 'error',
          message: chatMessages.errorItem(turn.answer.trim() || chatMessages.sendFailed),
          timestamp: turn.timestamp,
          query_id: turn.query_id,
        },
      ];
    }
    const decided = turn.proposal ? proposalItem(turn.proposal, turn.timestamp) : null;
    const after = decided ? [decided] : [];
    if (turn.agent_actions.length === 0 && !turn.answer.trim()) return [question, ...after];
    return [
      question,
      {
        id: `actions-${turn.query_id}`,
        type: 'actions',
        message: chatMessages.analysisComplete,
        agent_actions: turn.agent_actions,
        isProcessing: false,
        timestamp: turn.timestamp,
        query_id: turn.query_id,
        answer: turn.answer,
        status: turn.status,
      },
      ...after,
    ];
  });
}

/**
 * What became of a turn's proposal, after the turn, as the confirm showed it (`recordConfirmation`,
 * the same item id): what was done, failed or later undone; or that it was cancelled or expired.
 * An open proposal has none (its popup opens instead: `openProposalOf`).
 */
export function proposalItem(proposal: ThreadProposal, timestamp: string): ChatItem | null {
  if (proposal.status === 'open') return null;
  const said = proposal.items.flatMap((item) =>
    item.status === 'executed'
      ? [`- ${item.description}`]
      : item.status === 'failed'
        ? [`- ${chatMessages.notDone(item.description)}`]
        : item.status === 'undone'
          ? [`- ${chatMessages.undone(item.description)}`]
          : [],
  );
  const answer =
    proposal.status === 'confirmed'
      ? [chatMessages.confirmedHeading, ...said].join('\n\n')
      : proposal.status === 'cancelled'
        ? chatMessages.proposalCancelled
        : chatMessages.proposalExpired;
  return {
    id: `confirm-${proposal.id}`,
    type: 'actions',
    message: chatMessages.analysisComplete,
    agent_actions: proposal.agent_actions,
    answer,
    isProcessing: false,
    timestamp,
    status: 'completed',
  };
}

/** The proposal still waiting for the user: the newest turn's, while it is open. */
export function openProposalOf(messages: readonly ThreadMessage[]): string | null {
  const proposal = messages.at(-1)?.proposal;
  return proposal?.status === 'open' ? proposal.id : null;
}

export type LoadThreadInput = {
  threadId: string;
  identity: ChatIdentity;
  /** A fork's copied visualization: flagged isNew in the new thread (shown if the server has none). */
  forked?: readonly unknown[] | undefined;
};

const loading = new Map<string, Promise<void>>();

/**
 * load_thread (docs/product/chat.md, "Thread start modes"): the thread's messages and containers from the
 * server, or from the cache when it was loaded already; then its history is synced in the background
 * (failures are silent). When the sync reports another number of turns than the cache holds, the thread is
 * read again.
 */
export function loadThread(input: LoadThreadInput): Promise<void> {
  const { threadId } = input;
  const running = loading.get(threadId);
  if (running) return running;
  const work = (async () => {
    const cached = useChatStore.getState().loadedThreadIds.includes(threadId);
    if (!cached || input.forked) await readThread(input);
    void syncInBackground(input);
  })().finally(() => loading.delete(threadId));
  loading.set(threadId, work);
  return work;
}

async function readThread({ threadId, identity, forked }: LoadThreadInput): Promise<void> {
  updateThreadRuntime(threadId, () => ({ loading: true, loadError: null }));
  const [messages, dsls] = await Promise.allSettled([
    fetchThreadMessages(identity.user, threadId),
    fetchThreadDsl(identity.user, threadId),
  ]);
  // A turn started meanwhile (or a deleted thread) keeps what it has.
  if (threadRuntime(threadId).progress) {
    updateThreadRuntime(threadId, () => ({ loading: false }));
    return;
  }
  const store = useChatStore.getState();
  // One warning per thread: a re-read (after the background sync) replaces it instead of stacking a second.
  if (dsls.status === 'rejected')
    toast.warning(chatMessages.dslLoadFailed, {
      id: `dsl-failed:${threadId}`,
      duration: DSL_FAILED_TOAST_MS,
    });
  if (messages.status === 'rejected') {
    updateThreadRuntime(threadId, () => ({
      loading: false,
      loadError: chatMessages.loadConversationFailed(failureMessage(messages.reason)),
    }));
    return;
  }

  let visualizations: ThreadVisualization[] = store.visualizations[threadId] ?? [];
  const processed = new Set<string>();
  if (dsls.status === 'fulfilled') {
    visualizations = dsls.value.dsls.flatMap((entry) => {
      processed.add(entry.query_id);
      return visualizationsOfTurn(entry.query_id, entry.dsl_objects);
    });
  }
  if (forked) {
    // The new thread holds the copy: flagged isNew (docs/product/chat.md, "Forking").
    const copied = visualizations.length > 0 ? visualizations : forked.filter(isRecord);
    visualizations = copied.map((object) => ({ ...object, isNew: true }));
  }

  const items = itemsOfMessages(messages.value.messages);
  if (messages.value.success) store.setThread(threadId, { items, visualizations });
  else {
    // docs/product/chat.md, "Server answers": a list without success is not used; the thread is read again
    // next time.
    store.setVisualizations(threadId, visualizations);
    store.markStale(threadId);
  }
  const title = messages.value.title?.trim();
  if (title) setThreadTitle(threadId, title);
  // The newest turn's proposal, still open: its popup opens again (a decided one never does).
  const open = messages.value.success ? openProposalOf(messages.value.messages) : null;
  updateThreadRuntime(threadId, (current) => ({
    loading: false,
    processedQueryIds: new Set([...current.processedQueryIds, ...processed]),
    ...(open ? { proposalId: open } : {}),
  }));
}

async function syncInBackground(input: LoadThreadInput): Promise<void> {
  try {
    const result = await syncThreadHistory(input.threadId, input.identity.info);
    if (!result.success || threadRuntime(input.threadId).progress) return;
    const held = (useChatStore.getState().chatHistories[input.threadId] ?? []).filter(
      (item) => item.type === 'user',
    ).length;
    if (result.synced_count !== held && !loading.has(input.threadId)) await readThread(input);
  } catch {
    // docs/product/chat.md, "Conversation errors": sync failures are silently ignored.
  }
}

/** start_empty: a new thread with nothing in it yet. */
export function startEmptyThread(threadId: string): void {
  useChatStore.getState().startEmpty(threadId);
  updateThreadRuntime(threadId, () => ({ loadError: null, vizError: null }));
}
