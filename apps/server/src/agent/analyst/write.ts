import type { ToneKey } from '@penny/contracts';
import { periodText } from '../tools/format.ts';
import type { Reading } from './understand.ts';

/** What the model sees of a tool's result: the facts and figures, and where they came from. */
export type SeenToolResult = {
  tool: string;
  facts: string[];
  provenance?: { accounts?: string[]; period?: { start: string; end: string }; transactionCount?: number };
  error?: string;
  /** The tool read nothing: a bank's history is still arriving (its one fact says so). */
  historyArriving?: boolean;
};

/**
 * The answer's shape from the user's preferences (docs/product/identity.md, "Response Detail" and
 * "Conversation Tone").
 */
export type AnswerStyle = {
  /** 1–10: how many figures. */
  numbers: number;
  /** 1–10: how much explanation. */
  context: number;
  tone: ToneKey | undefined;
};

const OPENINGS: Record<ToneKey | 'none', (deep: boolean) => string> = {
  // A plain answer leads with its figure; only Deep Thinking says it looked further.
  tone_conversational: (deep) => (deep ? "I took a closer look. Here's what I found." : ''),
  tone_formal: (deep) => (deep ? 'Detailed analysis:' : ''),
  tone_creative: (deep) =>
    deep ? 'Let me paint the fuller picture of your money.' : 'Here is the picture your money paints.',
  tone_funny: (deep) => (deep ? 'I put on my reading glasses for this one.' : 'Drumroll, please.'),
  none: (deep) => (deep ? 'A closer look:' : ''),
};

/** How many facts a Numbers level keeps: 1–3 the headline only, 4–7 up to four, 8–10 all. */
function factBudget(numbers: number): number {
  if (numbers <= 3) return 1;
  if (numbers <= 7) return 4;
  return Number.POSITIVE_INFINITY;
}

/**
 * Two tools over the same period may open with the same total ('Groceries ...: $1,008.02 across 9
 * transactions' and 'Spending on Groceries ...: $1,008.02 across 9 transactions at 3 merchants'): the
 * second says nothing new.
 */
function withoutRepeats(facts: string[]): string[] {
  const seen = new Set<string>();
  return facts.filter((fact) => {
    const total = fact.match(/(\$[\d,]+\.\d{2}) across ([\d,]+) transactions?/);
    if (!total) return true;
    const key = `${total[1]}|${total[2]}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Answers that are lists: the items asked for are the answer, whatever the Numbers level. */
function listLength(reading: Reading | undefined): number | undefined {
  if (!reading) return undefined;
  // Their own tools' lists, whatever shape the words gave the question ('did I overspend anywhere').
  if (reading.intent === 'summary' || reading.intent === 'cut_back' || reading.intent === 'afford') return 14;
  if (reading.intent === 'budgets') return 14;
  if (reading.shape?.series) return 16;
  if (reading.shape && reading.shape.groupBy !== 'none') return (reading.shape.top ?? 5) + 3;
  if (reading.shape || reading.periods) return (reading.shape?.top ?? 5) + 2;
  if (reading.intent === 'largest') return (reading.limit ?? 5) + 1;
  if (reading.intent === 'recurring') return 12;
  if (reading.intent === 'balances' && reading.limit) return reading.limit + 4;
  if (reading.intent === 'holdings' && reading.groupBy === 'asset_class') return 8;
  if (reading.intent === 'spending' && !reading.category) return 6;
  if (reading.intent === 'merchants' && !reading.merchant) return (reading.limit ?? 5) + 1;
  return undefined;
}

/**
 * The facts the answer states: those naming what the question is about first (an account, a wallet,
 * a ticker), then the rest in the tools' order, as many as the budget allows.
 */
export function pickFacts(facts: string[], reading: Reading | undefined, budget: number): string[] {
  const limit = Math.max(budget, listLength(reading) ?? 0);
  const focus = reading?.focus ?? [];
  const names = (fact: string) =>
    focus.some((term) =>
      new RegExp(`(^|[^A-Za-z])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`).test(fact),
    );
  // A fact about the focus itself ('Everyday Checking (checking): $4,259.92') before one that only
  // lists it among others ('Accounts from the most to the least: …').
  const leads = (fact: string) => focus.some((term) => fact.replace(/^- /, '').startsWith(term));
  // A search's headline ('Found 11 transactions …: $… out') answers 'how many' and 'how much': it stays
  // ahead of the rows that only name the focus ('Nov 23: Payment to Cash Rewards Visa …').
  const headline = facts.find((fact) => /^Found [\d,]+ transactions?\b/.test(fact));
  const focused =
    focus.length > 0
      ? [
          ...facts.filter((fact) => names(fact) && leads(fact)),
          ...(headline ? [headline] : []),
          ...facts.filter((fact) => names(fact) && !leads(fact) && fact !== headline),
        ]
      : [];
  const rest = facts.filter((fact) => !focused.includes(fact));
  return [...focused, ...rest].slice(0, focused.length > 0 ? Math.max(limit, focused.length) : limit);
}

function provenanceSentence(results: SeenToolResult[]): string | undefined {
  const accounts = new Set<string>();
  // Tools over overlapping periods read the same transactions: the most any of them read counts. Tools
  // over periods apart (each month of a list, the usual months before) read others: their counts add up.
  const read: Array<{ start: string; end: string; count: number }> = [];
  for (const r of results) {
    for (const a of r.provenance?.accounts ?? []) accounts.add(a);
    const p = r.provenance?.period;
    read.push({ start: p?.start ?? '', end: p?.end ?? '', count: r.provenance?.transactionCount ?? 0 });
  }
  read.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  let transactions = 0;
  let cluster = { end: '', count: 0 };
  for (const p of read) {
    if (p.start !== '' && p.start > cluster.end) {
      transactions += cluster.count;
      cluster = { end: p.end, count: p.count };
    } else
      cluster = { end: p.end > cluster.end ? p.end : cluster.end, count: Math.max(cluster.count, p.count) };
  }
  transactions += cluster.count;
  const dated = read.filter((p) => p.start !== '');
  const period = dated[0]
    ? { start: dated[0].start, end: dated.reduce((e, p) => (p.end > e ? p.end : e), '') }
    : undefined;
  if (accounts.size === 0 && transactions === 0) return undefined;
  const parts: string[] = [];
  if (transactions > 0)
    parts.push(`${transactions.toLocaleString('en-US')} transaction${transactions === 1 ? '' : 's'}`);
  if (accounts.size > 0) {
    const list = [...accounts];
    parts.push(
      `${list.length === 1 ? 'your' : `${list.length} accounts:`} ${list.slice(0, 6).join(', ')}${list.length > 6 ? '…' : ''}`,
    );
  }
  const when = period ? `, ${periodText(period)}` : '';
  return `Based on ${parts.join(' from ')}${when}.`;
}

const METHOD: Partial<Record<Reading['intent'], string>> = {
  spending:
    'Spending counts posted purchases net of refunds; transfers between your accounts, card payments and income are left out.',
  merchants: 'Merchants are totalled from posted purchases net of refunds.',
  cash_flow:
    'Income is money in categorised as income; spending is posted purchases net of refunds, without transfers.',
  income: 'Income is money in categorised as income (wages, interest, dividends and the like).',
  net_worth: 'Net worth is everything you own across linked accounts minus what you owe.',
  recurring: 'A payment counts as recurring when it repeats at a regular interval with similar amounts.',
  holdings: 'Values use the latest prices your brokerage reported; gains compare value with cost basis.',
};

/**
 * A count said back in the question's own noun ('# of amazon orders' → '15 orders'), quoted from the
 * tool's first fact, never counted here.
 */
function countSaidBack(reading: Reading | undefined, fact: string | undefined): string | undefined {
  // A count by group ('top merchants by # of visits') is its list, not one number.
  // A count by month ('trips per month') is its series: its first fact's average is the answer.
  const counted =
    reading?.shape?.statistic === 'count' && reading.shape.groupBy === 'none' && !reading.shape.series;
  const noun = counted ? reading?.shape?.countNoun : reading?.counted;
  if (!noun || !fact || noun === 'transactions') return undefined;
  const found = fact.match(/(?:: |^Found )([\d,]+) (transactions?|purchases?|payments?)\b/);
  if (!found?.[1]) return undefined;
  const one = found[1] === '1';
  return `${found[1]} ${one ? noun.replace(/s$/, '') : noun}.`;
}

/**
 * Writes the answer from the tools' facts: the figures are quoted as the tools computed them, never
 * recomputed here. The style decides how many figures and how much explanation; the tone the voice.
 */
export function writeAnswer(
  reading: Reading | undefined,
  results: SeenToolResult[],
  style: AnswerStyle,
  deep: boolean,
): string {
  // No figures over part of a history: what every tool said about it is the whole answer.
  const arriving = results.find((r) => r.historyArriving)?.facts[0];
  if (arriving) return arriving;
  const lines: string[] = [];
  const opening = OPENINGS[style.tone ?? 'none'](deep);
  if (opening) lines.push(opening);
  const failed = results.filter((r) => r.error);
  const facts = withoutRepeats(results.flatMap((r) => r.facts));
  const kept = pickFacts(facts, reading, deep ? Number.POSITIVE_INFINITY : factBudget(style.numbers));
  const said = countSaidBack(reading, kept[0]);
  if (said) lines.push(said);
  if (kept.length === 0 && failed.length === 0)
    lines.push("I couldn't find anything in your linked accounts for that.");
  if (kept.length === 1) lines.push(kept[0] ?? '');
  else for (const fact of kept) lines.push(`- ${fact}`);
  for (const r of failed)
    lines.push(`I couldn't complete one step (${r.tool.replace(/_/g, ' ')}): ${r.error}`);
  const read = reading?.corrections?.map(([typed, as]) => `"${typed}" as "${as}"`);
  if (read && read.length > 0) lines.push(`I read ${read.join(', ')}.`);
  if (style.context >= 4 || deep) {
    const provenance = provenanceSentence(results);
    if (provenance) lines.push(provenance);
  }
  if ((style.context >= 8 || deep) && reading && METHOD[reading.intent])
    lines.push(METHOD[reading.intent] ?? '');
  return lines.filter(Boolean).join('\n\n');
}
