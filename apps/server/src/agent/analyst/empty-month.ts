import { type Period, wholeMonth } from './periods.ts';
import type { Reading, ToolCall } from './reading.ts';
import type { SeenToolResult } from './write.ts';

/**
 * A question that names no period is read over this month so far (understand.ts). Early in a month that
 * often holds nothing of what was asked ('how much is my internet bill' on the 7th, before the bill
 * came; 'whats my salary' before the first payday), and '$0.00 across 0 transactions' would be a
 * confident answer to a question nobody asked. When every tool read no transaction over that month,
 * the same calls run once more over the last whole month, and the answer says so first
 * (docs/agent.md, "How a question is read").
 */
export type EmptyMonthRetry = { calls: ToolCall[]; from: Period; to: Period };

/** The calls again over the last whole month, when the defaulted month so far read nothing at all. */
export function retryOverLastMonth(
  reading: Reading,
  calls: readonly ToolCall[],
  results: readonly SeenToolResult[],
  today: string,
): EmptyMonthRetry | undefined {
  const from = reading.period;
  if (!reading.periodDefaulted || !from || reading.periods) return undefined;
  if (from.end !== today || from.start !== `${today.slice(0, 7)}-01`) return undefined;
  const readNothing =
    results.length > 0 && results.every((r) => !r.error && r.provenance?.transactionCount === 0);
  if (!readNothing) return undefined;
  const [year = 0, month = 1] = today.split('-').map(Number);
  const to = wholeMonth(year, month - 2, today);
  const moved = calls.map((call) => ({ ...call, input: movedPeriod(call.input, from, to) }) as ToolCall);
  // Calls that name no period (a balance as of today) would only say the same again.
  if (moved.every((call, i) => JSON.stringify(call.input) === JSON.stringify(calls[i]?.input)))
    return undefined;
  return { calls: moved, from, to };
}

/** The first sentence of the answer over the month before. */
export function emptyMonthNote(retry: EmptyMonthRetry): string {
  const month = retry.from.label.replace(/ so far$/, '');
  const day = Number(retry.from.end.slice(8, 10));
  return `Nothing of that yet in ${month} (through the ${ordinal(day)}), so this is ${retry.to.label}, the last whole month.`;
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

/** The input with every range equal to `from` (start and end, or a `periods` entry) moved to `to`. */
function movedPeriod<T>(input: T, from: Period, to: Period): T {
  if (Array.isArray(input)) return input.map((item) => movedPeriod(item, from, to)) as T;
  if (!input || typeof input !== 'object') return input;
  const record = input as Record<string, unknown>;
  const moved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) moved[key] = movedPeriod(value, from, to);
  if (record.start === from.start && record.end === from.end) {
    moved.start = to.start;
    moved.end = to.end;
    if ('label' in record) moved.label = to.label;
  }
  return moved as T;
}
