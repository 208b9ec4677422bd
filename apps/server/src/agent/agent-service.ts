import {
  type AgentAction,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamEvent,
  chatMessages,
} from '@penny/contracts';
import type { ModelMessage } from 'ai';
import type { ChatService } from '../chat/index.ts';
import type { AgentConfig } from '../config.ts';
import type { AccountsService, Vocabulary } from '../finance/index.ts';
import type { ProfileService } from '../identity/index.ts';
import type { Logger } from '../logger.ts';
import { ServiceError } from '../services/errors.ts';
import type { RateLimiter } from '../shared-state/rate-limiter.ts';
import { isoDay } from './analyst/periods.ts';
import { composeContainer } from './answer-container.ts';
import { answerPreferences } from './answer-preferences.ts';
import { type AnswerPreferences, buildInstructions } from './instructions.ts';
import { runAgentTurn, type TurnOutcome } from './loop/index.ts';
import { createModelPicker, type TurnModel } from './models.ts';
import { createStampedLruCache, type StampedLruCache } from './stamped-lru-cache.ts';
import { waitForSync } from './sync-wait.ts';
import { capitalize } from './tools/format.ts';
import { financeTools } from './tools/index.ts';
import type { ToolServices } from './tools/types.ts';

/**
 * The domain services a turn uses (the same handlers the routes call): what the tools read, plus the
 * turn's persistence, the user's preferences and the ledger's sync state.
 */
export type AgentServices = ToolServices & {
  chat: Pick<ChatService, 'beginTurn' | 'history' | 'finishTurn' | 'threadDsl'>;
  profile: Pick<ProfileService, 'read'>;
  accounts: Pick<AccountsService, 'ledgerState'>;
};

export type AgentServiceDeps = {
  services: AgentServices;
  config: AgentConfig;
  logger: Logger;
  rateLimiter: RateLimiter | undefined;
  /** Today's date for the analysis (tests pin it). */
  today?: () => string;
};

export type AgentUser = { id: string; email: string; username?: string | null; firstName?: string | null };

/** Users whose ledger summary is kept in memory (each a few KB). */
const VOCABULARY_CACHE_USERS = 2000;

/** What every turn runs with, built once per service. */
type TurnDeps = AgentServiceDeps & {
  pickModel: (requested: string | undefined) => TurnModel;
  today: () => string;
  /**
   * The user's accounts, categories and merchants: a summary of the whole ledger, read again only
   * when the ledger may have changed (a link, a disconnect, a sync: its stamp), so a turn does not
   * scan every transaction the user has.
   */
  vocabularies: StampedLruCache<Vocabulary>;
};

/** A turn once it is recorded as running. */
type BegunTurn = {
  user: AgentUser;
  request: ChatRequest;
  threadId: string;
  picked: TurnModel;
  started: number;
  onEvent: (event: ChatStreamEvent) => void;
};

/**
 * POST /agent/chat as a service: records the turn as running, runs the agent loop over the thread's
 * earlier turns, and saves what it produced (answer, actions, container, model, timings) whatever
 * happens, so a turn whose client went away is still there when it comes back.
 */
export function createAgentService(deps: AgentServiceDeps) {
  const turnDeps: TurnDeps = {
    ...deps,
    pickModel: createModelPicker(deps.config),
    today: deps.today ?? (() => isoDay(new Date())),
    vocabularies: createStampedLruCache({
      capacity: VOCABULARY_CACHE_USERS,
      load: (userId) => deps.services.analytics.vocabulary(userId),
    }),
  };
  return {
    chat: (user: AgentUser, request: ChatRequest, onEvent: (event: ChatStreamEvent) => void = () => {}) =>
      chatTurn(turnDeps, user, request, onEvent),
    /** GET /agent/dsl/{thread_id}: the thread's containers, oldest first. */
    dsl: (userId: string, threadId: string) => deps.services.chat.threadDsl(userId, threadId),
  };
}

export type AgentService = ReturnType<typeof createAgentService>;

async function chatTurn(
  deps: TurnDeps,
  user: AgentUser,
  request: ChatRequest,
  onEvent: (event: ChatStreamEvent) => void,
): Promise<ChatResponse> {
  await countTurn(deps, user.id);
  const picked = deps.pickModel(request.model);
  const begun = await deps.services.chat.beginTurn(user.id, {
    threadId: request.thread_id,
    queryId: request.query_id,
    message: request.message,
    model: picked.id,
  });
  if (begun.existing) return begun.existing;
  const threadId = begun.threadId;
  onEvent({ type: 'start', query_id: request.query_id, thread_id: threadId, model: picked.id });
  const turn: BegunTurn = { user, request, threadId, picked, started: performance.now(), onEvent };
  const { steps, arriving, stamp } = await waitForSync(deps.services.accounts, user.id, onEvent);
  const { outcome, preferences } = await answerTurn(deps, turn, stamp, arriving);
  outcome.actions.unshift(...steps);
  return saveTurn(deps, turn, outcome, preferences);
}

/** Counts the turn against the user's per-minute limit (none when no rate limiter is set). */
async function countTurn(deps: TurnDeps, userId: string): Promise<void> {
  if (!deps.rateLimiter) return;
  const verdict = await deps.rateLimiter.consume(`chat:${userId}`, {
    windowMs: 60_000,
    max: deps.config.maxTurnsPerMinute,
  });
  if (!verdict.allowed) throw new ServiceError('request:too-many', chatMessages.tooManyTurns);
}

/**
 * Reads the turn's context (the thread so far, the ledger summary, the preferences) and runs the
 * agent loop. A failure in Penny's own code becomes an error outcome, so the turn is still saved.
 */
async function answerTurn(
  deps: TurnDeps,
  turn: BegunTurn,
  stamp: string,
  historyArriving: string[],
): Promise<{ outcome: TurnOutcome; preferences: AnswerPreferences }> {
  const { user, request, picked } = turn;
  let preferences: AnswerPreferences = answerPreferences(undefined);
  try {
    const [history, vocabulary, stored] = await Promise.all([
      deps.services.chat.history(user.id, turn.threadId),
      deps.vocabularies.get(user.id, stamp),
      deps.services.profile.read({ id: user.id, email: user.email }),
    ]);
    preferences = answerPreferences(stored?.User_Preferences);
    const day = deps.today();
    const messages: ModelMessage[] = [];
    for (const earlier of history) {
      messages.push({ role: 'user', content: earlier.userMessage });
      if (earlier.answer) messages.push({ role: 'assistant', content: earlier.answer });
    }
    messages.push({ role: 'user', content: request.message });
    const outcome = await runAgentTurn({
      model: picked.model,
      instructions: buildInstructions({
        today: day,
        deep: picked.deep,
        preferences,
        historyArriving,
        ...vocabulary,
      }),
      messages,
      tools: financeTools,
      toolContext: {
        userId: user.id,
        services: deps.services,
        today: day,
        turn: { threadId: turn.threadId, queryId: request.query_id },
        historyArriving,
      },
      maxSteps: deps.config.maxSteps,
      timeoutMs: deps.config.timeoutMs,
      onEvent: (event) =>
        turn.onEvent(
          event.type === 'action'
            ? { type: 'action', action: event.action }
            : { type: 'text', delta: event.delta },
        ),
    });
    return { outcome, preferences };
  } catch (error) {
    deps.logger.error({ err: error, queryId: request.query_id }, 'agent turn failed');
    return { outcome: failedOutcome(turn.started), preferences };
  }
}

function failedOutcome(started: number): TurnOutcome {
  const action: AgentAction = {
    id: 'failure',
    status: 'error',
    description: 'Something went wrong while answering.',
    symbol: '⚠️',
  };
  return {
    status: 'error',
    answer: 'Something went wrong while answering. Please try again.',
    actions: [action],
    results: [],
    error: 'Something went wrong while answering.',
    timings: { totalMs: Math.round(performance.now() - started), toolsMs: 0 },
  };
}

/** The proposal a tool of the turn stored (the last one), as the answer names it. */
function proposalOf(outcome: TurnOutcome): { proposal_id?: string } {
  for (const run of [...outcome.results].reverse()) {
    const data = run.result.data;
    if (
      typeof data === 'object' &&
      data !== null &&
      'proposal_id' in data &&
      typeof data.proposal_id === 'string'
    )
      return { proposal_id: data.proposal_id };
  }
  return {};
}

/** Builds the turn's container, saves the turn with it, and answers (the last streamed event). */
async function saveTurn(
  deps: TurnDeps,
  turn: BegunTurn,
  outcome: TurnOutcome,
  preferences: AnswerPreferences,
): Promise<ChatResponse> {
  const { user, request, picked } = turn;
  const dslObjects = composeContainer({
    queryId: request.query_id,
    status: outcome.status,
    results: outcome.results.map((r) => r.result),
    ...(outcome.results[0] ? { fallbackTitle: capitalize(outcome.results[0].tool.replace(/_/g, ' ')) } : {}),
    preferences,
    deep: picked.deep,
    today: deps.today(),
  });
  if (dslObjects.length > 0) turn.onEvent({ type: 'dsl', dsl_objects: dslObjects });
  const { title } = await deps.services.chat.finishTurn(user.id, request.query_id, {
    status: outcome.status,
    answer: outcome.answer,
    agentActions: outcome.actions,
    dslObjects,
    model: picked.id,
    timings: { ...outcome.timings, totalMs: Math.round(performance.now() - turn.started) },
  });
  const response: ChatResponse = {
    success: outcome.status !== 'error',
    query_id: request.query_id,
    thread_id: turn.threadId,
    status: outcome.status,
    agent_actions: outcome.actions,
    dsl_objects: dslObjects,
    answer: outcome.answer,
    title,
    model: picked.id,
    ...(outcome.error ? { error: outcome.error } : {}),
    ...proposalOf(outcome),
  };
  turn.onEvent({ type: 'result', result: response });
  return response;
}
