import { type DslKnownBlock, plainTextToMarkup, type TurnStatus } from '@penny/contracts';
import type { AnswerPreferences } from './instructions.ts';
import { count } from './tools/format.ts';
import type { ToolBlock, ToolResult } from './tools/types.ts';

/**
 * The turn's visualization container (decision 0021): the chat holds the answer's words, the panel its
 * figures. The card is titled by what was read and subtitled by when, says what it counted, leads with
 * the headline figure (the first tool's figures block, large), then the tools' charts and tables, as
 * many as the user's Visuals and Numbers settings ask for. Visuals 1–2 keeps no chart, 3–6 one, 7–10
 * all; Numbers decides the tables and further figure blocks (1–3 none, 4–7 one table, 8–10 all).
 */

function chartBudget(visuals: number): number {
  if (visuals <= 2) return 0;
  if (visuals <= 6) return 1;
  return Number.POSITIVE_INFINITY;
}

function tableBudget(numbers: number): number {
  if (numbers <= 3) return 0;
  if (numbers <= 7) return 1;
  return Number.POSITIVE_INFINITY;
}

export function pickBlocks(
  blocks: ToolBlock[],
  preferences: Pick<AnswerPreferences, 'numbers' | 'visuals'>,
  deep: boolean,
): DslKnownBlock[] {
  let charts = deep ? Math.max(chartBudget(preferences.visuals), 2) : chartBudget(preferences.visuals);
  let tables = deep ? Math.max(tableBudget(preferences.numbers), 1) : tableBudget(preferences.numbers);
  let figures = preferences.numbers >= 8 || deep ? Number.POSITIVE_INFINITY : 0;
  const kept: DslKnownBlock[] = [];
  for (const { role, block } of blocks) {
    if (role === 'chart' && charts > 0) {
      kept.push(block);
      charts -= 1;
    } else if (role === 'table' && tables > 0) {
      kept.push(block);
      tables -= 1;
    } else if (role === 'figures' && figures > 0) {
      kept.push(block);
      figures -= 1;
    }
  }
  return kept;
}

const shortDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDayNoYearFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const monthEndOf = (day: string) => {
  const date = utcDay(`${day.slice(0, 7)}-01`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
};

/**
 * When a result's figures are from, for its card and a saved resource's title (decision 0018): the period
 * the first tool read ('October 2026', '2026', 'Oct 1 – Nov 27, 2026', 'Nov 26, 2026'), or, for a figure as
 * of now (holdings, net worth), today ('Nov 26, 2026').
 */
export function whenOfResults(results: readonly ToolResult[], today: string): string {
  const period = results.find((result) => result.provenance.period)?.provenance.period;
  if (!period) return shortDayFormat.format(utcDay(today));
  const { start, end } = period;
  if (start === end) return shortDayFormat.format(utcDay(start));
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  if (sameYear && start.endsWith('-01-01') && end.endsWith('-12-31')) return start.slice(0, 4);
  if (start.endsWith('-01') && start.slice(0, 7) === end.slice(0, 7) && end === monthEndOf(start)) {
    return monthFormat.format(utcDay(start));
  }
  const from = (sameYear ? shortDayNoYearFormat : shortDayFormat).format(utcDay(start));
  return `${from} – ${shortDayFormat.format(utcDay(end))}`;
}

/**
 * What the card's figures were counted from, in one line of plain text (the card's description, never
 * markup): the transactions and accounts the first tool read ('From 42 transactions in 3 accounts',
 * 'From 3 accounts'); nothing for a calculator, which reads only the question's own figures.
 */
export function countedFrom(results: readonly ToolResult[]): string | undefined {
  const first = results[0]?.provenance;
  if (!first) return undefined;
  const accounts = first.accounts.length;
  const parts = [
    ...(first.transactionCount > 0 ? [count(first.transactionCount, 'transaction')] : []),
    ...(accounts > 0 ? [count(accounts, 'account')] : []),
  ];
  return parts.length > 0 ? `From ${parts.join(' in ')}` : undefined;
}

/**
 * The card's lead: the headline figure, large (the first figures block, its title left to the card when
 * it only repeats it), or, when every tool found nothing, the first tool's own sentence saying what was
 * missing ('No accounts are linked yet, so there is no net worth to show.'), escaped like any text.
 */
function leadOf(blocks: readonly ToolBlock[], results: readonly ToolResult[], title: string) {
  const headline = blocks.find((b) => b.role === 'figures');
  if (headline) {
    const { title: own, ...rest } = headline.block;
    return { headline, block: (own && own !== title ? headline.block : rest) as DslKnownBlock };
  }
  const missing = results.find((r) => r.blocks.length === 0 && r.facts[0])?.facts[0];
  return missing
    ? { block: { type: 'content', content: plainTextToMarkup(missing) } as DslKnownBlock }
    : null;
}

export function composeContainer(input: {
  queryId: string;
  status: TurnStatus;
  results: ToolResult[];
  /** The title when no block carries one (e.g. 'Net worth'). */
  fallbackTitle?: string;
  preferences: AnswerPreferences;
  deep: boolean;
  /** Today (ISO day): the "when" of a figure as of now. */
  today: string;
}): Array<Record<string, unknown>> {
  if (input.status !== 'completed' || input.results.length === 0) return [];
  const blocks = input.results.flatMap((r) => r.blocks);
  const title =
    blocks.find((b) => typeof b.block.title === 'string' && b.block.title)?.block.title ??
    input.fallbackTitle ??
    'Query Results';
  const lead = leadOf(blocks, input.results, title);
  const picked = pickBlocks(
    blocks.filter((b) => b !== lead?.headline),
    input.preferences,
    input.deep,
  );
  // Nothing to draw and nothing to say: the chat's words are the whole answer.
  if (!lead && picked.length === 0) return [];
  const counted = countedFrom(input.results);
  return [
    {
      type: 'container',
      // The result id carries the query id, so 'Start a new chat from this' finds its turn
      // (docs/product/chat.md, "Saving and forking").
      id: `result-${input.queryId}`,
      title,
      subtitle: whenOfResults(input.results, input.today),
      ...(counted ? { description: counted } : {}),
      content_blocks: [...(lead ? [lead.block] : []), ...picked],
    },
  ];
}
