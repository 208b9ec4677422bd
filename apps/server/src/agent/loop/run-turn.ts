import { hasToolCall, isStepCount, type LanguageModel, type ModelMessage, streamText } from 'ai';
import { CONTROL_TOOLS } from '../instructions.ts';
import type { ToolContext } from '../tools/types.ts';
import { type ActionLog, createActionLog } from './action-log.ts';
import { describeModelError } from './model-error.ts';
import {
  closeSteps,
  handleStreamPart,
  READING,
  type StepContext,
  startProgress,
  type TurnProgress,
} from './stream-steps.ts';
import { createTurnTools } from './tool-set.ts';
import type { FinanceToolRegistry, TurnEvent, TurnOutcome } from './types.ts';

/**
 * One agent loop for every model: the AI SDK's `streamText` with the finance tools and a step
 * limit. Each step the model takes becomes an agent action (started, then passed or failed, with its
 * time), streamed as it happens; the tools' full results (figures, blocks, provenance) are kept for
 * the answer's visualization, while the model itself sees only their facts and figures, framed as data.
 */

export type TurnOptions = {
  model: LanguageModel;
  instructions: string;
  messages: ModelMessage[];
  tools: FinanceToolRegistry;
  toolContext: ToolContext;
  maxSteps: number;
  timeoutMs: number;
  onEvent: (event: TurnEvent) => void;
};

export async function runAgentTurn(options: TurnOptions): Promise<TurnOutcome> {
  const started = performance.now();
  const actions = createActionLog((action) => options.onEvent({ type: 'action', action }));
  const turnTools = createTurnTools(options.tools, options.toolContext);
  const progress = startProgress();
  actions.begin(READING, { description: 'Reading your question', symbol: '🔎' });
  let error: string | undefined;
  try {
    await streamModel(options, {
      progress,
      actions,
      tools: options.tools,
      turnTools,
      onEvent: options.onEvent,
      timeout: AbortSignal.timeout(options.timeoutMs),
    });
    error = stepLimitError(progress, options.maxSteps);
  } catch (caught) {
    error = describeModelError(caught);
  }
  if (error) progress.status = 'error';
  return finishTurn(progress, actions, error, {
    totalMs: Math.round(performance.now() - started),
    toolsMs: Math.round(turnTools.toolsMs()),
  });
}

/** Runs the model to the end of its stream (or its step limit, or a control tool). */
async function streamModel(options: TurnOptions, step: StepContext): Promise<void> {
  // streamText reports a failed model call through onError, not as a stream part.
  let streamError: unknown;
  const result = streamText({
    model: options.model,
    instructions: options.instructions,
    messages: options.messages,
    tools: step.turnTools.set,
    stopWhen: [
      isStepCount(options.maxSteps),
      hasToolCall(CONTROL_TOOLS.ask),
      hasToolCall(CONTROL_TOOLS.decline),
    ],
    abortSignal: step.timeout,
    maxRetries: 1,
    onError: ({ error: failure }) => {
      streamError ??= failure;
    },
  });
  for await (const part of result.stream) handleStreamPart(part, step);
  if (streamError !== undefined) throw streamError;
}

/** A turn whose last step still wanted tools when the step limit stopped it did not finish. */
function stepLimitError(progress: TurnProgress, maxSteps: number): string | undefined {
  const stopped = progress.lastFinish === 'tool-calls' && progress.steps >= maxSteps;
  return progress.status === 'completed' && stopped
    ? `I could not finish within ${maxSteps} steps.`
    : undefined;
}

/** Closes the open actions, adds the failure (if any) as the last one, and settles the answer. */
function finishTurn(
  progress: TurnProgress,
  actions: ActionLog,
  error: string | undefined,
  timings: TurnOutcome['timings'],
): TurnOutcome {
  closeSteps(progress, actions);
  if (error) {
    const id = 'failure';
    actions.begin(id, { description: error, symbol: '⚠️' });
    actions.end(id, 'error');
  }
  let answer = progress.answer;
  if (progress.controlAnswer !== undefined && answer.trim() === '') answer = progress.controlAnswer;
  if (progress.status === 'error' && answer.trim() === '') answer = error ?? 'Something went wrong.';
  return {
    status: progress.status,
    answer: answer.trim(),
    actions: actions.list(),
    results: progress.results,
    ...(error ? { error } : {}),
    timings,
  };
}
