import type { ToolInput, ToolName, TurnStatus } from '@penny/contracts';
import type { FinishReason, TextStreamPart, ToolSet } from 'ai';
import { z } from 'zod';
import { CONTROL_TOOLS } from '../instructions.ts';
import type { FinanceTool } from '../tools/types.ts';
import type { ActionLog } from './action-log.ts';
import { summarizeToolStep } from './step-summary.ts';
import type { TurnTools } from './tool-set.ts';
import type { FinanceToolRegistry, ToolRun, TurnEvent } from './types.ts';

/**
 * The model's stream, one part at a time: each tool call begins an agent action and its result or
 * error ends it, the answer's text is streamed as it arrives, and finished steps are counted.
 */

/** The action ids of the two steps every turn has besides its tools. */
export const READING = 'reading';
const WRITING = 'writing';

/** What the stream has produced so far. */
export type TurnProgress = {
  status: TurnStatus;
  answer: string;
  /** The question asked back, or the reason for declining: the answer when the model wrote none. */
  controlAnswer: string | undefined;
  results: ToolRun[];
  writing: boolean;
  /** Calls the SDK found invalid, by id: why, briefly. */
  invalidCalls: Map<string, string>;
  steps: number;
  lastFinish: FinishReason | undefined;
};

export function startProgress(): TurnProgress {
  return {
    status: 'completed',
    answer: '',
    controlAnswer: undefined,
    results: [],
    writing: false,
    invalidCalls: new Map(),
    steps: 0,
    lastFinish: undefined,
  };
}

export type StepContext = {
  progress: TurnProgress;
  actions: ActionLog;
  tools: FinanceToolRegistry;
  turnTools: TurnTools;
  onEvent: (event: TurnEvent) => void;
  /** The turn's time limit: an abort part caused by it is a timeout. */
  timeout: AbortSignal;
};

/**
 * A tool call as the stream reports it. The AI SDK validated `input` against the tool's schema; a
 * call it marks `invalid` still arrives, with what the model sent, before its tool-error (which the
 * SDK also hands the model as the call's result, so it can correct itself).
 */
type ToolCall = {
  toolCallId: string;
  toolName: string;
  input: unknown;
  invalid?: boolean | undefined;
  error?: unknown;
};

type ToolFailure = { toolCallId: string; toolName: string; error: unknown };

export function handleStreamPart(part: TextStreamPart<ToolSet>, step: StepContext): void {
  switch (part.type) {
    case 'tool-call':
      onToolCall(part, step);
      break;
    case 'tool-result':
      onToolResult(part.toolName, part.toolCallId, step);
      break;
    case 'tool-error':
      onToolError(part, step);
      break;
    case 'text-delta':
      onText(part.text, step);
      break;
    case 'finish-step':
      step.progress.steps += 1;
      step.progress.lastFinish = part.finishReason;
      break;
    case 'error':
      throw part.error;
    case 'abort':
      throw step.timeout.aborted
        ? new DOMException('The model took too long', 'TimeoutError')
        : new Error('aborted');
    default:
      break;
  }
}

function finishReading(actions: ActionLog): void {
  if (actions.get(READING)?.status === 'started') {
    actions.end(READING, 'completed', { description: 'Read your question' });
  }
}

function isControlTool(toolName: string): boolean {
  return toolName === CONTROL_TOOLS.ask || toolName === CONTROL_TOOLS.decline;
}

function isFinanceToolName(tools: FinanceToolRegistry, toolName: string): toolName is ToolName {
  return Object.hasOwn(tools, toolName);
}

function financeToolNamed(tools: FinanceToolRegistry, toolName: string): FinanceTool | undefined {
  return isFinanceToolName(tools, toolName) ? tools[toolName] : undefined;
}

type ControlField = 'question' | 'reason';

/** A control tool's text field as the model sent it ('' when missing). */
function inputText(input: unknown, field: ControlField): string {
  return String((input as Partial<Record<ControlField, unknown>>)[field] ?? '');
}

function onToolCall(call: ToolCall, { progress, actions, tools }: StepContext): void {
  finishReading(actions);
  if (call.toolName === CONTROL_TOOLS.ask) {
    const question = inputText(call.input, 'question');
    progress.controlAnswer = question;
    progress.status = 'clarification_needed';
    actions.begin(call.toolCallId, {
      description: 'Asking which you mean',
      symbol: '❓',
      tool: call.toolName,
    });
    actions.end(call.toolCallId, 'clarification_needed', {
      description: `Asked: ${question}`,
      summary: 'Asked you which you mean',
    });
  } else if (call.toolName === CONTROL_TOOLS.decline) {
    progress.controlAnswer = inputText(call.input, 'reason');
    progress.status = 'out_of_scope';
    actions.begin(call.toolCallId, {
      description: 'Checking the question is about your money',
      symbol: '🚫',
      tool: call.toolName,
    });
    actions.end(call.toolCallId, 'blocked', {
      description: 'Outside what I can answer from your accounts',
      summary: 'Not a question about your money',
    });
  } else {
    const finance = financeToolNamed(tools, call.toolName);
    if (call.invalid) progress.invalidCalls.set(call.toolCallId, invalidInputReason(call.error));
    actions.begin(call.toolCallId, {
      description: describeCall(finance, call),
      symbol: finance?.symbol ?? '🛠️',
      tool: call.toolName,
    });
  }
}

/**
 * A finance call's description. Only a valid input is described from its fields: an invalid one
 * (a period missing, say) would make a tool's describe read fields that are not there, and a step's
 * wording must never fail the turn.
 */
function describeCall(finance: FinanceTool | undefined, call: ToolCall): string {
  if (!finance) return `Running ${call.toolName}`;
  if (call.invalid) return `Running ${call.toolName}`;
  try {
    return finance.describe(call.input as ToolInput<ToolName>);
  } catch {
    return `Running ${call.toolName}`;
  }
}

/** Why the SDK refused a call's input, briefly: the fields the schema rejected (from the error's causes). */
function invalidInputReason(error: unknown): string {
  const fields = new Set<string>();
  let cause: unknown = error;
  for (let depth = 0; depth < 5 && cause instanceof Error; depth += 1) {
    if (cause instanceof z.ZodError) {
      for (const issue of cause.issues) fields.add(issue.path.join('.') || 'input');
      break;
    }
    cause = cause.cause;
  }
  const named = [...fields].slice(0, 5);
  return named.length > 0 ? `check ${named.join(', ')}` : 'its fields did not match the tool';
}

function onToolResult(
  toolName: string,
  toolCallId: string,
  { progress, actions, turnTools }: StepContext,
): void {
  if (isControlTool(toolName)) return;
  const run = turnTools.runOf(toolCallId);
  if (!run) {
    actions.end(toolCallId, 'completed');
    return;
  }
  const { status, ...details } = summarizeToolStep(run.tool, run.result);
  actions.end(toolCallId, status, details);
  progress.results.push(run);
  // A proposal waits for the user's confirm: the turn ends asking (docs/decisions/0022).
  if (madeProposal(run.result.data) && progress.status === 'completed')
    progress.status = 'clarification_needed';
}

function madeProposal(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && 'proposal_id' in data && typeof data.proposal_id === 'string'
  );
}

function onToolError(failure: ToolFailure, { progress, actions }: StepContext): void {
  const invalid = progress.invalidCalls.get(failure.toolCallId);
  if (invalid !== undefined) {
    // The model asked with input the tool's schema refuses: nothing ran, and the SDK told the model why.
    actions.end(failure.toolCallId, 'error', {
      description: `${failure.toolName}: the model's request was not valid (${invalid}), so nothing was run`,
      summary: 'Nothing was run: the request was not valid',
    });
    return;
  }
  const message = failure.error instanceof Error ? failure.error.message : 'the step failed';
  const previous = actions.get(failure.toolCallId);
  actions.end(failure.toolCallId, 'error', {
    description: `${previous?.description ?? failure.toolName}: ${message}`,
  });
}

function onText(text: string, { progress, actions, onEvent }: StepContext): void {
  finishReading(actions);
  if (!progress.writing) {
    progress.writing = true;
    actions.begin(WRITING, { description: 'Writing the answer', symbol: '✍️' });
  }
  progress.answer += text;
  onEvent({ type: 'text', delta: text });
}

/** Ends the reading and writing steps with the turn's outcome, and any action still running as stopped. */
export function closeSteps(progress: TurnProgress, actions: ActionLog): void {
  const outcome = progress.status === 'error' ? 'error' : 'completed';
  if (actions.get(READING)?.status === 'started') actions.end(READING, outcome);
  if (progress.writing) {
    actions.end(WRITING, outcome, outcome === 'completed' ? { description: 'Wrote the answer' } : {});
  }
  actions.stopRunning();
}
