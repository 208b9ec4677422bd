import { z } from 'zod';
import { LIMITS } from './api.ts';
import { keysetCursorSchema } from './cursor.ts';
import { countWords } from './preferences.ts';
import { RESOURCE_LIMITS } from './resources.ts';
import { safeString } from './text.ts';

/**
 * The chat (docs/product/chat.md, "Chat box", "Progress tracker", "AI Thought Process panel", "Sidebar", the
 * agent service's POST /chat and GET /dsl in "Agent service", and the database service's thread calls): the
 * turn, the agent action and its status normalisation, threads, and the events a streamed turn sends.
 */

export const CHAT_LIMITS = {
  /** docs/product/chat.md, "Messages": the word limit of one message. */
  maxWords: 2000,
  /** docs/product/chat.md, "Chat": the input's character maximum (default). */
  maxChars: 20_000,
  /** docs/product/chat.md, "Chat": progress steps advance every 2 s until real actions arrive. */
  progressStepMs: 2000,
  /** docs/product/chat.md, "Chat": auto-scroll only when within 150 px of the bottom. */
  autoScrollPx: 150,
  /** docs/product/chat.md, "Cache": the client's thread cache holds 50 threads. */
  threadCacheSize: 50,
  /** Threads per page of GET /db/get-all-user-threads (Load More fetches the next). */
  defaultThreadPageSize: 20,
  maxThreadPageSize: 100,
  /**
   * Not in the requirements (docs/product/chat.md): a thread keeps at most this many turns (a 500-turn thread
   * must stay smooth).
   */
  maxTurnsPerThread: 2000,
  /** Not in the requirements (docs/product/chat.md, "Agent service"): the model id a client may name. */
  maxModelLength: 64,
  /** Not in the requirements (docs/product/chat.md): a thread title is kept whole up to this length. */
  titleMax: 200,
} as const;

/** The model id the client sends when Deep Thinking is on (docs/product/chat.md, "Agent service"). */
export const DEEP_THINKING_MODEL = 'grok-4';

/**
 * The required chat strings (docs/product/chat.md, "Screens and routes" and "Error catalogue"), quoted
 * exactly; where none is given, ours are marked.
 */
export const chatMessages = {
  placeholder: 'Type here... The more details you provide, the better I can help!',
  send: 'Send message',
  deepThinking: 'Deep Thinking',
  deepThinkingHint: 'Slower but more accurate responses',
  messageTooLongTitle: 'Message Too Long',
  messageTooLong: (words: number) =>
    `Please limit your message to ${CHAT_LIMITS.maxWords} words (currently ${words})`,
  /**
   * Ours: docs/product/chat.md, "Messages", caps the input at 20,000 characters without a sentence for the
   * server's refusal.
   */
  messageTooManyChars: (chars: number) =>
    `Please limit your message to ${CHAT_LIMITS.maxChars} characters (currently ${chars})`,
  /** Ours: the server's refusal of a blank message (the client never sends one). */
  messageBlank: 'Please type a message.',
  sendFailedTitle: 'Error',
  sendFailed: 'Failed to send message. Please try again.',
  errorItem: (message: string) => `Error: ${message}`,
  loadConversationFailed: (message: string) => `Error loading conversation: ${message}`,
  dslLoadFailed: 'Could not load visualizations',
  // Progress tracker.
  progressSteps: [
    'Securing connection',
    'Analyzing request',
    'Checking accounts',
    'Retrieving data',
    'Processing information',
    'Generating response',
  ],
  ready: 'Ready',
  analysisComplete: 'Analysis complete',
  /** Heads a confirm's outcome in the chat (each change listed under it). */
  confirmedHeading: 'As you confirmed:',
  /** A proposal's items failed, or undone later, under that heading. */
  notDone: (description: string) => `Not done: ${description}`,
  undone: (description: string) => `Undone: ${description}`,
  /** A proposal cancelled (or every item unticked), or one left until it expired: nothing changed. */
  proposalCancelled: 'Cancelled: nothing was changed.',
  proposalExpired: 'This proposal expired before it was confirmed: nothing was changed.',
  // AI Thought Process panel.
  thoughtProcess: 'AI Thought Process',
  whatIDid: 'What I did:',
  fallbackSymbol: '🧠',
  // Sidebar and threads.
  newChat: 'New Chat',
  untitled: 'Untitled Chat',
  startedNewChat: 'Started a new conversation',
  noConversations: 'No conversations yet',
  loadMore: 'Load More',
  deleteThread: 'Delete',
  threadsFailed: (status: number | string) => `Failed to fetch threads: ${status}`,
  deleteThreadFailed: 'Failed to delete chat.',
  threadDeletedTitle: 'Deleted',
  threadDeleted: 'Conversation removed.',
  threadNotFound: 'Conversation not found',
  storageErrorTitle: 'Storage Error',
  storageError: 'Could not save sidebar preference.',
  // Forks.
  forkFailed: 'Failed to create a new chat.',
  forkNoThreadId: 'Could not retrieve the new chat thread ID.',
  forkNeedsSignIn: 'You must be logged in to do this.',
  forkNoQuery: 'Could not find the original query for this visualization.',
  forkDone: 'New chat created with visualization!',
  /** Ours: a query id sent twice while its first turn still runs. */
  turnInProgress: 'This question is still being answered.',
  /** Ours: the per-user chat rate limit. */
  tooManyTurns: 'You are sending messages too quickly. Please wait a moment.',
} as const;

/**
 * The reason a message may not be sent, in the required words (docs/product/chat.md, "Messages"), or null
 * when it may.
 */
export function messageProblem(text: string): string | null {
  if (text.trim() === '') return chatMessages.messageBlank;
  const words = countWords(text);
  if (words > CHAT_LIMITS.maxWords) return chatMessages.messageTooLong(words);
  if (text.length > CHAT_LIMITS.maxChars) return chatMessages.messageTooManyChars(text.length);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Agent actions

/** docs/product/chat.md, "Action status": action statuses as normalised for display. */
export const ACTION_STATUS_KINDS = ['passed', 'error', 'started', 'created', 'clarification'] as const;
export type ActionStatusKind = (typeof ACTION_STATUS_KINDS)[number];

/** docs/product/chat.md, "Action status": every raw status it names and what it normalises to. */
export const ACTION_STATUS_ALIASES = {
  completed: 'passed',
  passed: 'passed',
  success: 'passed',
  error: 'error',
  failed: 'error',
  blocked: 'error',
  failure: 'error',
  started: 'started',
  processing: 'started',
  running: 'started',
  in_progress: 'started',
  created: 'created',
  initialized: 'created',
  clarification_needed: 'clarification',
} as const satisfies Record<string, ActionStatusKind>;
export type RawActionStatus = keyof typeof ACTION_STATUS_ALIASES;

/** Normalises a status (docs/product/chat.md, "Action status"); other values are kept as given. */
export function normalizeActionStatus(status: string): ActionStatusKind | string {
  const key = status.trim().toLowerCase();
  return Object.hasOwn(ACTION_STATUS_ALIASES, key) ? ACTION_STATUS_ALIASES[key as RawActionStatus] : status;
}

/**
 * docs/product/chat.md, "AI Thought Process panel": red for error or blocked, amber for clarification, green
 * otherwise.
 */
export const ACTION_STATUS_TONE = {
  passed: 'green',
  error: 'red',
  started: 'green',
  created: 'green',
  clarification: 'amber',
} as const satisfies Record<ActionStatusKind, 'red' | 'amber' | 'green'>;

/**
 * A finished step that ran and read nothing (no transactions in the period, no wallets linked): not a
 * normalised status, so it is kept as given (docs/product/chat.md, "Action status") and is never
 * shown as done.
 */
export const NOTHING_FOUND_STATUS = 'nothing_found';

export function actionTone(status: string): 'red' | 'amber' | 'green' {
  const kind = normalizeActionStatus(status);
  return (ACTION_STATUS_TONE as Record<string, 'red' | 'amber' | 'green'>)[kind] ?? 'green';
}

/** One step the agent took (docs/product/chat.md, "Agent action"). */
export const agentActionSchema = z.object({
  /** Stable within the turn: a streamed action is sent when it starts and again when it ends. */
  id: z.string().max(128).optional(),
  status: z.string().max(40),
  description: z.string().max(2000),
  symbol: z.string().max(16).optional(),
  /** Seconds, as measured by the server (the client shows one decimal). */
  processing_time: z.number().nonnegative().optional(),
  /** The tool the step ran, when it ran one. */
  tool: z.string().max(64).optional(),
  /**
   * What the step did, in one line, from the tool's actual result: 'Spending by category · October 2026 ·
   * 42 transactions'. Optional: turns saved before it existed have none.
   */
  summary: z.string().max(200).optional(),
});
export type AgentAction = z.infer<typeof agentActionSchema>;

// ---------------------------------------------------------------------------------------------------
// Turns

/** What a finished turn is: answered, asking back, refusing something outside its scope, or failed. */
export const TURN_STATUSES = ['completed', 'clarification_needed', 'out_of_scope', 'error'] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

/** Thread ids and query ids (client-made: time plus a random suffix). */
export const chatIdSchema = safeString()
  .trim()
  .min(1)
  .max(RESOURCE_LIMITS.maxIdLength)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may contain only letters, digits and _ . : -');

const userNameField = safeString().trim().min(1);
const chatUserInfoFields = {
  username: userNameField.max(LIMITS.email.max),
  firstName: safeString().trim().max(LIMITS.name.max).optional(),
  lastName: safeString().trim().max(LIMITS.name.max).optional(),
};
/**
 * The user info on chat calls (docs/product/chat.md, "User info"): compared with the session, never a lookup
 * key.
 */
export const chatUserInfoSchema = z.object({
  ...chatUserInfoFields,
  userId: safeString().max(RESOURCE_LIMITS.maxIdLength).optional(),
  dateOfBirth: safeString().max(32).optional(),
  country: safeString().max(LIMITS.name.max).optional(),
});
export type ChatUserInfo = z.infer<typeof chatUserInfoSchema>;

/**
 * The message a user sends: not blank, at most 2,000 words and 20,000 characters (docs/product/chat.md,
 * "Messages").
 */
export const chatMessageTextSchema = safeString().superRefine((text, ctx) => {
  const problem = messageProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** POST /agent/chat (docs/product/chat.md, "Chat request"). */
export const chatRequestSchema = z.object({
  message: chatMessageTextSchema,
  /** The thread to continue or create; the server makes one when absent. */
  thread_id: chatIdSchema.optional(),
  query_id: chatIdSchema,
  user_info: chatUserInfoSchema,
  /** 'grok-4' when Deep Thinking is on; any other value is the default model. */
  model: safeString().trim().max(CHAT_LIMITS.maxModelLength).optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** The answer to POST /agent/chat (docs/product/chat.md, "Server response fields read"). */
export const chatResponseSchema = z.object({
  success: z.boolean(),
  query_id: z.string(),
  thread_id: z.string(),
  status: z.enum(TURN_STATUSES),
  agent_actions: z.array(agentActionSchema),
  /** One visualization container for the turn (empty when the turn produced none). */
  dsl_objects: z.array(z.record(z.string(), z.unknown())),
  /** The answer's prose, as the model wrote it. */
  answer: z.string(),
  /** The thread's title after this turn. */
  title: z.string(),
  /** The model that answered. */
  model: z.string(),
  error: z.string().optional(),
  /** The proposal the turn made, for the Confirm popup (docs/api.md, "Confirmed actions"). */
  proposal_id: z.string().optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/**
 * What a streamed turn sends (`Accept: text/event-stream`), one JSON object per SSE `data:` line:
 * each action when it starts and again when it ends (same `id`), the answer's text as it is
 * written, the visualization container, then the final result (the JSON answer) or an error.
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), query_id: z.string(), thread_id: z.string(), model: z.string() }),
  z.object({ type: z.literal('action'), action: agentActionSchema }),
  z.object({ type: z.literal('text'), delta: z.string() }),
  z.object({ type: z.literal('dsl'), dsl_objects: z.array(z.record(z.string(), z.unknown())) }),
  z.object({ type: z.literal('result'), result: chatResponseSchema }),
  z.object({ type: z.literal('error'), error: z.string(), code: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** GET /agent/dsl/{thread_id}: the thread's visualization containers, oldest first. */
export const agentDslResponseSchema = z.object({
  success: z.boolean(),
  dsl_objects: z.array(z.unknown()),
  error: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------------
// Threads and history (database service)

export const threadSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO time the thread was created. */
  timestamp: z.string(),
  /** ISO time of its latest turn. */
  lastActivity: z.string(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/** GET /db/get-all-user-threads?username&firstName&lastName[&limit][&cursor]: newest activity first. */
export const getThreadsQuerySchema = z.object({
  ...chatUserInfoFields,
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.maxThreadPageSize).optional(),
  cursor: keysetCursorSchema.optional(),
});
export const getThreadsResponseSchema = z.object({
  success: z.boolean(),
  threads: z.array(threadSummarySchema),
  next_cursor: z.string().nullable().optional(),
  error: z.string().optional(),
});
export type GetThreadsResponse = z.infer<typeof getThreadsResponseSchema>;

/** GET /db/chatbox/get-messages and GET /db/visualization/get-dsl. */
export const threadQuerySchema = z.object({ ...chatUserInfoFields, thread_id: chatIdSchema });

/**
 * What became of a proposal a turn made (docs/api.md, "Confirmed actions"), read from the proposal's own
 * row and its changes every time the thread is read: open until it is confirmed, cancelled or expired.
 * Defined here rather than beside the proposals (actions.ts imports this module's agent actions).
 */
export const THREAD_PROPOSAL_STATUSES = ['open', 'confirmed', 'cancelled', 'expired'] as const;
/** An item of it: waiting (open), done, failed, not selected, or done and then undone. */
export const THREAD_PROPOSAL_ITEM_STATUSES = [
  'pending',
  'executed',
  'failed',
  'not_selected',
  'undone',
] as const;
export const threadProposalSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(THREAD_PROPOSAL_STATUSES),
  expires_at: z.string(),
  items: z.array(
    z.object({
      item_id: z.string(),
      description: z.string(),
      status: z.enum(THREAD_PROPOSAL_ITEM_STATUSES),
      /** An executed change that can still be undone (POST /agent/actions/undo); else null. */
      change_id: z.string().nullable(),
    }),
  ),
  /** The decision as the chat shows it: one action per selected item, one per undo; one for a cancel or an expiry. */
  agent_actions: z.array(agentActionSchema),
});
export type ThreadProposal = z.infer<typeof threadProposalSchema>;

/** One turn as the thread's history holds it (docs/product/chat.md, "Thread message from server"). */
export const threadMessageSchema = z.object({
  query_id: z.string(),
  user_message: z.string(),
  agent_actions: z.array(agentActionSchema),
  /** ISO time the question was asked. */
  timestamp: z.string(),
  status: z.enum(TURN_STATUSES),
  answer: z.string(),
  model: z.string().nullable(),
  /** The proposal the turn made, as it stands now (absent when it made none). */
  proposal: threadProposalSchema.optional(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const getMessagesResponseSchema = z.object({
  success: z.boolean(),
  messages: z.array(threadMessageSchema),
  title: z.string().optional(),
  error: z.string().optional(),
});
export type GetMessagesResponse = z.infer<typeof getMessagesResponseSchema>;

export const getDslResponseSchema = z.object({
  success: z.boolean(),
  dsls: z.array(z.object({ query_id: z.string(), dsl_objects: z.array(z.unknown()) })),
  error: z.string().optional(),
});
export type GetDslResponse = z.infer<typeof getDslResponseSchema>;

/** POST /db/delete-thread */
export const deleteThreadRequestSchema = z.object({ ...chatUserInfoFields, thread_id: chatIdSchema });
export const deleteThreadResponseSchema = z.object({ success: z.boolean(), error: z.string().optional() });

/** POST /db/sync-thread-history: the number of turns the server holds for the thread. */
export const syncThreadHistoryRequestSchema = z.object({
  thread_id: chatIdSchema,
  user_info: chatUserInfoSchema,
});
export const syncThreadHistoryResponseSchema = z.object({
  success: z.boolean(),
  synced_count: z.number().int().nonnegative(),
  error: z.string().optional(),
});

/** POST /db/fork-chat: a new thread holding a copy of the source turn's result. */
export const forkChatRequestSchema = z.object({
  ...chatUserInfoFields,
  source_thread_id: chatIdSchema,
  source_query_id: chatIdSchema,
});
export const forkChatResponseSchema = z.object({
  success: z.boolean(),
  new_thread_id: z.string().optional(),
  error: z.string().optional(),
});
export type ForkChatResponse = z.infer<typeof forkChatResponseSchema>;
