import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { historyMessages } from '@penny/contracts';
import { CONTROL_TOOLS, type InstructionContext, readInstructionContext } from '../instructions.ts';
import { emptyMonthNote, retryOverLastMonth } from './empty-month.ts';
import { orderStep } from './order-requests.ts';
import { coveredPlan } from './reading-coverage.ts';
import { type Plan, type Reading, understand } from './understand.ts';
import { createMatcher, type Matcher } from './vocabulary.ts';
import { type SeenToolResult, writeAnswer } from './write.ts';

/**
 * Penny's offline analyst: a `LanguageModel` of our own, so the agent loop (AI SDK `streamText`
 * with tools) runs the same code path with or without an LLM. It reads the question with rules
 * (intents, chrono-node dates, fuzzy matches against the user's own categories, merchants and
 * accounts), calls the finance tools, then writes the answer from their facts. It never computes a
 * figure itself. Deterministic: the same conversation always gives the same answer.
 */

const USAGE: LanguageModelV4Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

type Step =
  | { kind: 'calls'; calls: Array<{ id: string; name: string; input: unknown }> }
  | { kind: 'text'; text: string };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      part && typeof part === 'object' && (part as { type?: string }).type === 'text'
        ? (part as { text: string }).text
        : '',
    )
    .join('');
}

function seenResult(toolName: string, output: unknown): SeenToolResult {
  const o = output as { type?: string; value?: unknown } | undefined;
  if (o?.type === 'json' && o.value && typeof o.value === 'object') {
    const value = o.value as {
      facts?: unknown;
      provenance?: SeenToolResult['provenance'];
      data?: { history_arriving?: unknown };
    };
    return {
      tool: toolName,
      facts: Array.isArray(value.facts) ? value.facts.filter((f): f is string => typeof f === 'string') : [],
      ...(value.provenance ? { provenance: value.provenance } : {}),
      ...(value.data?.history_arriving === true ? { historyArriving: true } : {}),
    };
  }
  if (o?.type === 'error-text' || o?.type === 'error-json') {
    // The AI SDK words a thrown error as `String(error)`: the class name is no part of the sentence.
    const text = typeof o.value === 'string' ? o.value.replace(/^[A-Z]\w*Error: /, '') : 'the tool failed';
    return { tool: toolName, facts: [], error: text };
  }
  return { tool: toolName, facts: [] };
}

/** Replays the earlier questions of the thread, so a follow-up starts from the last reading. */
function previousReading(
  prompt: LanguageModelV4Prompt,
  lastUser: number,
  context: InstructionContext,
  matcher: Matcher,
): Reading | undefined {
  let reading: Reading | undefined;
  // What the latest answer with a list listed in order, for 'the first one' (and then 'the second').
  let listed: string[] = [];
  const withList = (r: Reading | undefined) => (r && listed.length > 0 ? { ...r, listed } : r);
  for (let i = 0; i < lastUser; i++) {
    const message = prompt[i];
    if (message?.role === 'assistant') {
      const names = listedNames(textOf(message.content));
      if (names.length > 0) listed = names;
      continue;
    }
    if (message?.role !== 'user') continue;
    const plan = understand(textOf(message.content), context, matcher, withList(reading), false);
    if (plan.kind === 'tools') reading = plan.reading;
    else if (plan.kind === 'clarify' && plan.reading) reading = plan.reading;
  }
  return withList(reading);
}

/** The names of an answer's numbered lines ('1. Whole Foods Market: $753.38 (…)'), in order. */
function listedNames(text: string): string[] {
  // 'The month with the largest spending in 2026 so far: March 2026, $4,925.17 (…)': one named.
  const winner = text.match(
    /^\s*(?:[-•*]\s*)?The (?:month|week|quarter|merchant|category|account) with the (?:largest|smallest) [^:\n]{0,120}: ([^,$:\n]{2,60}), \$/m,
  )?.[1];
  if (winner) return [winner.trim()];
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const item = line.match(/^\s*(?:[-•*]\s*)?(\d{1,2})\.\s+([^$:\n][^:\n]{0,80}):\s/);
    if (item?.[2] && Number(item[1]) === names.length + 1) names.push(item[2].trim());
  }
  return names;
}

export function decideStep(prompt: LanguageModelV4Prompt): Step {
  const system = prompt
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
  const context = readInstructionContext(system);
  const lastUser = prompt.findLastIndex((m) => m.role === 'user');
  const question = lastUser >= 0 ? textOf(prompt[lastUser]?.content) : '';
  if (!context)
    return { kind: 'text', text: 'I could not read my instructions, so I cannot answer this yet.' };
  const after = prompt.slice(lastUser + 1);
  const stepIndex = after.filter((m) => m.role === 'assistant').length;
  // Each round of tool calls' results, in order.
  const rounds: SeenToolResult[][] = [];
  for (const message of after) {
    if (message.role === 'assistant') rounds.push([]);
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') rounds.at(-1)?.push(seenResult(part.toolName, part.output));
    }
  }
  const results = rounds.flat();
  const ordered = orderStep(prompt, lastUser, question, context, stepIndex, results);
  if (ordered) return ordered;
  const matcher = createMatcher(context);
  const previous = previousReading(prompt, lastUser, context, matcher);
  const plan: Plan = coveredPlan(question, understand(question, context, matcher, previous, context.deep), {
    matcher,
    reread: (q) => understand(q, context, matcher, previous, context.deep),
  });
  const style = {
    numbers: context.preferences.numbers,
    context: context.preferences.context,
    tone: context.preferences.tone,
  };
  if (stepIndex > 0) {
    const retry =
      plan.kind === 'tools'
        ? retryOverLastMonth(plan.reading, plan.calls, rounds[0] ?? [], context.today)
        : undefined;
    if (retry && stepIndex === 1)
      return {
        kind: 'calls',
        calls: retry.calls.map((call, i) => ({ id: `call-1-${i}`, name: call.tool, input: call.input })),
      };
    if (retry && plan.kind === 'tools') {
      const moved = { ...plan.reading, period: retry.to };
      const answer = writeAnswer(moved, rounds[1] ?? [], style, context.deep);
      return { kind: 'text', text: `${emptyMonthNote(retry)}\n\n${answer}` };
    }
    return {
      kind: 'text',
      text: writeAnswer(plan.kind === 'tools' ? plan.reading : undefined, results, style, context.deep),
    };
  }
  // A bank's history still arriving: no figures over part of it, and nothing to ask back about yet.
  const arriving = context.historyArriving ?? [];
  if (arriving.length > 0 && plan.kind !== 'decline')
    return { kind: 'text', text: historyMessages.arriving(arriving) };
  switch (plan.kind) {
    case 'decline':
      return {
        kind: 'calls',
        calls: [{ id: 'call-0-0', name: CONTROL_TOOLS.decline, input: { reason: plan.reason } }],
      };
    case 'clarify':
      return {
        kind: 'calls',
        calls: [{ id: 'call-0-0', name: CONTROL_TOOLS.ask, input: { question: plan.question } }],
      };
    case 'tools':
      return {
        kind: 'calls',
        calls: plan.calls.map((call, i) => ({ id: `call-0-${i}`, name: call.tool, input: call.input })),
      };
  }
}

const STOP: LanguageModelV4FinishReason = { unified: 'stop', raw: 'stop' };
const TOOL_CALLS: LanguageModelV4FinishReason = { unified: 'tool-calls', raw: 'tool_calls' };

/** Splits the answer into word groups, so it streams like an LLM's. */
function chunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

export function createAnalystModel(modelId: string): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'penny',
    modelId,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV4CallOptions) {
      const step = decideStep(options.prompt);
      const content: LanguageModelV4Content[] =
        step.kind === 'text'
          ? [{ type: 'text', text: step.text }]
          : step.calls.map((c) => ({
              type: 'tool-call',
              toolCallId: c.id,
              toolName: c.name,
              input: JSON.stringify(c.input),
            }));
      return { content, finishReason: step.kind === 'text' ? STOP : TOOL_CALLS, usage: USAGE, warnings: [] };
    },
    async doStream(options: LanguageModelV4CallOptions) {
      const step = decideStep(options.prompt);
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (step.kind === 'text') {
        parts.push({ type: 'text-start', id: 'text-0' });
        for (const delta of chunks(step.text)) parts.push({ type: 'text-delta', id: 'text-0', delta });
        parts.push({ type: 'text-end', id: 'text-0' });
      } else {
        for (const c of step.calls) {
          parts.push({
            type: 'tool-call',
            toolCallId: c.id,
            toolName: c.name,
            input: JSON.stringify(c.input),
          });
        }
      }
      parts.push({ type: 'finish', usage: USAGE, finishReason: step.kind === 'text' ? STOP : TOOL_CALLS });
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      });
      return { stream };
    },
  };
}
