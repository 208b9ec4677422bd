import {
  type AgentAction,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamEvent,
  chatMessages,
  type PreferencesDocument,
  parseScale,
  type ToneKey,
} from '@penny/contracts';
import type { ModelMessage } from 'ai';
import type { ChatService } from '../chat/index.ts';
import type { AgentConfig } from '../config.ts';
import type { AccountsService } from '../finance/index.ts';
import type { ProfileService } from '../identity/index.ts';
import type { Logger } from '../logger.ts';
import { ServiceError } from '../services/errors.ts';
import type { RateLimiter } from '../shared-state/rate-limiter.ts';
import { isoDay } from './analyst/periods.ts';
import { composeContainer } from './answer-container.ts';
import { type AnswerPreferences, buildInstructions } from './instructions.ts';
import { runAgentTurn } from './loop/index.ts';
import { createModelPicker } from './models.ts';
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

/** Users whose ledger summary is kept in memory (each a few KB). */
const VOCABULARY_CACHE_USERS = 2000;

/** The longest a turn waits for the user's accounts to finish syncing before answering. */
const SYNC_WAIT_MS = 20_000;

/** Neutral answer settings when the user set none (the wizard's middle). */
const DEFAULT_LEVEL = 5;

/** The answer settings from the user's saved preferences (spec 1 "Response Detail", "Conversation Tone"). */
export function answerPreferences(preferences: PreferencesDocument | undefined): AnswerPreferences {
  const detail = preferences?.['Response Detail'] ?? {};
  const tones = Object.entries(preferences?.['Conversation Tone'] ?? {}) as Array<
    [ToneKey, string | undefined]
  >;
  const tone = tones
    .map(([key, value]) => [key, parseScale(value, 3)] as const)
    .filter((entry): entry is readonly [ToneKey, number] => entry[1] !== undefined)
    .sort((a, b) => b[1] - a[1])[0]?.[0];
  return {
    numbers: parseScale(detail['Detail Numbers'], 10) ?? DEFAULT_LEVEL,
    visuals: parseScale(detail['Detail Visual'], 10) ?? DEFAULT_LEVEL,
    context: parseScale(detail['Detail Context'], 10) ?? DEFAULT_LEVEL,
    tone,
    prompt: preferences?.User_Preference_Prompt?.trim() || undefined,
  };
}

export type AgentUser = { id: string; email: string; username?: string | null; firstName?: string | null };

/**
 * POST /agent/chat as a service: records the turn as running, runs the agent loop over the thread's
 * earlier turns, and saves what it produced (answer, actions, container, model, timings) whatever
 * happens, so a turn whose client went away is still there when it comes back.
 */
export function createAgentService(deps: {
  services: AgentServices;
  config: AgentConfig;
  logger: Logger;
  rateLimiter: RateLimiter | undefined;
  /** Today's date for the analysis (tests pin it). */
  today?: () => string;
}) {
  const pickModel = createModelPicker(deps.config);
  const today = deps.today ?? (() => isoDay(new Date()));
  const { chat, analytics, profile, accounts } = deps.services;

  /**
   * Accounts linked a moment ago are still syncing: answering now would report empty figures. Waits
   * (a visible step) until the user's syncs finish, at most SYNC_WAIT_MS. Answers the ledger's stamp
   * as well, read by the same query, for the summary cache.
   */
  async function waitForSync(
    userId: string,
    onEvent: (event: ChatStreamEvent) => void,
  ): Promise<{ waited: AgentAction | undefined; stamp: string }> {
    let state = await accounts.ledgerState(userId);
    if (state.syncing === 0) return { waited: undefined, stamp: state.stamp };
    const t0 = performance.now();
    const action: AgentAction = {
      id: 'sync-wait',
      status: 'started',
      description: 'Waiting for your accounts to finish syncing',
      symbol: '🔄',
    };
    onEvent({ type: 'action', action });
    while (performance.now() - t0 < SYNC_WAIT_MS && state.syncing > 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await accounts.ledgerState(userId);
    }
    const done: AgentAction = {
      ...action,
      status: 'completed',
      description:
        state.syncing > 0
          ? 'Some accounts are still syncing; figures may be incomplete'
          : 'Your accounts finished syncing',
      processing_time: Math.round(performance.now() - t0) / 1000,
    };
    onEvent({ type: 'action', action: done });
    return { waited: done, stamp: state.stamp };
  }

  /**
   * The user's accounts, categories and merchants: a summary of the whole ledger, read again only
   * when the ledger may have changed (a link, a disconnect, a sync), so a turn does not scan every
   * transaction the user has.
   */
  const vocabularies = new Map<
    string,
    { stamp: string; value: Awaited<ReturnType<typeof analytics.vocabulary>> }
  >();
  async function vocabularyOf(userId: string, stamp: string) {
    const cached = vocabularies.get(userId);
    if (cached?.stamp === stamp) {
      // Least recently used last: re-inserting keeps the map's order by use.
      vocabularies.delete(userId);
      vocabularies.set(userId, cached);
      return cached.value;
    }
    const value = await analytics.vocabulary(userId);
    vocabularies.delete(userId);
    vocabularies.set(userId, { stamp, value });
    if (vocabularies.size > VOCABULARY_CACHE_USERS) {
      const oldest = vocabularies.keys().next().value;
      if (oldest !== undefined) vocabularies.delete(oldest);
    }
    return value;
  }

  async function chatTurn(
    user: AgentUser,
    request: ChatRequest,
    onEvent: (event: ChatStreamEvent) => void = () => {},
  ): Promise<ChatResponse> {
    if (deps.rateLimiter) {
      const verdict = await deps.rateLimiter.consume(`chat:${user.id}`, {
        windowMs: 60_000,
        max: deps.config.maxTurnsPerMinute,
      });
      if (!verdict.allowed) throw new ServiceError('request:too-many', chatMessages.tooManyTurns);
    }
    const picked = pickModel(request.model);
    const begun = await chat.beginTurn(user.id, {
      threadId: request.thread_id,
      queryId: request.query_id,
      message: request.message,
      model: picked.id,
    });
    if (begun.existing) return begun.existing;
    const threadId = begun.threadId;
    onEvent({ type: 'start', query_id: request.query_id, thread_id: threadId, model: picked.id });
    const started = performance.now();
    const { waited, stamp } = await waitForSync(user.id, onEvent);
    let outcome: Awaited<ReturnType<typeof runAgentTurn>>;
    let preferences: AnswerPreferences = answerPreferences(undefined);
    try {
      const [history, vocabulary, stored] = await Promise.all([
        chat.history(user.id, threadId),
        vocabularyOf(user.id, stamp),
        profile.read({ id: user.id, email: user.email }),
      ]);
      preferences = answerPreferences(stored?.User_Preferences);
      const day = today();
      const messages: ModelMessage[] = [];
      for (const turn of history) {
        messages.push({ role: 'user', content: turn.userMessage });
        if (turn.answer) messages.push({ role: 'assistant', content: turn.answer });
      }
      messages.push({ role: 'user', content: request.message });
      outcome = await runAgentTurn({
        model: picked.model,
        instructions: buildInstructions({ today: day, deep: picked.deep, preferences, ...vocabulary }),
        messages,
        tools: financeTools,
        toolContext: { userId: user.id, services: deps.services, today: day },
        maxSteps: deps.config.maxSteps,
        timeoutMs: deps.config.timeoutMs,
        onEvent: (event) =>
          onEvent(
            event.type === 'action'
              ? { type: 'action', action: event.action }
              : { type: 'text', delta: event.delta },
          ),
      });
    } catch (error) {
      deps.logger.error({ err: error, queryId: request.query_id }, 'agent turn failed');
      const action: AgentAction = {
        id: 'failure',
        status: 'error',
        description: 'Something went wrong while answering.',
        symbol: '⚠️',
      };
      outcome = {
        status: 'error',
        answer: 'Something went wrong while answering. Please try again.',
        actions: [action],
        results: [],
        error: 'Something went wrong while answering.',
        timings: { totalMs: Math.round(performance.now() - started), toolsMs: 0 },
      };
    }
    if (waited) outcome.actions.unshift(waited);
    const dslObjects = composeContainer({
      queryId: request.query_id,
      status: outcome.status,
      answer: outcome.answer,
      results: outcome.results.map((r) => r.result),
      ...(outcome.results[0]
        ? { fallbackTitle: capitalize(outcome.results[0].tool.replace(/_/g, ' ')) }
        : {}),
      preferences,
      deep: picked.deep,
    });
    if (dslObjects.length > 0) onEvent({ type: 'dsl', dsl_objects: dslObjects });
    const { title } = await chat.finishTurn(user.id, request.query_id, {
      status: outcome.status,
      answer: outcome.answer,
      agentActions: outcome.actions,
      dslObjects,
      model: picked.id,
      timings: { ...outcome.timings, totalMs: Math.round(performance.now() - started) },
    });
    const response: ChatResponse = {
      success: outcome.status !== 'error',
      query_id: request.query_id,
      thread_id: threadId,
      status: outcome.status,
      agent_actions: outcome.actions,
      dsl_objects: dslObjects,
      answer: outcome.answer,
      title,
      model: picked.id,
      ...(outcome.error ? { error: outcome.error } : {}),
    };
    onEvent({ type: 'result', result: response });
    return response;
  }

  return {
    chat: chatTurn,
    /** GET /agent/dsl/{thread_id}: the thread's containers, oldest first. */
    dsl: (userId: string, threadId: string) => chat.threadDsl(userId, threadId),
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
