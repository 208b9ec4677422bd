import { plainTextToMarkup } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { composeContainer, countedFrom, whenOfResults } from './answer-container.ts';
import type { ToolResult } from './tools/types.ts';

const result = (period?: { start: string; end: string }): ToolResult => ({
  data: {},
  facts: [],
  blocks: [],
  provenance: { accounts: [], transactionCount: 0, ...(period ? { period } : {}) },
});

describe('when a result is from (its card subtitle and saved title)', () => {
  const today = '2026-11-26';

  it('names a calendar month, a year, a day, or the range', () => {
    expect(whenOfResults([result({ start: '2026-10-01', end: '2026-10-31' })], today)).toBe('October 2026');
    expect(whenOfResults([result({ start: '2025-01-01', end: '2025-12-31' })], today)).toBe('2025');
    expect(whenOfResults([result({ start: '2026-03-03', end: '2026-03-03' })], today)).toBe('Mar 3, 2026');
    expect(whenOfResults([result({ start: '2026-10-01', end: '2026-11-26' })], today)).toBe(
      'Oct 1 – Nov 26, 2026',
    );
    expect(whenOfResults([result({ start: '2025-12-01', end: '2026-01-31' })], today)).toBe(
      'Dec 1, 2025 – Jan 31, 2026',
    );
  });

  it('is today for a figure as of now (holdings, net worth), and reads the first result with a period', () => {
    expect(whenOfResults([result()], today)).toBe('Nov 26, 2026');
    expect(whenOfResults([result(), result({ start: '2026-10-01', end: '2026-10-31' })], today)).toBe(
      'October 2026',
    );
  });
});

describe('the result card (decision 0021: the chat holds the words, the panel the figures)', () => {
  const today = '2026-11-26';
  const preferences = { numbers: 5, visuals: 5, context: 5, tone: undefined, prompt: undefined };
  const october = { start: '2026-10-01', end: '2026-10-31' };
  const groceries: ToolResult = {
    data: {},
    facts: ['Groceries in October 2026: $412.35 across 9 transactions.'],
    blocks: [
      {
        role: 'figures',
        block: {
          type: 'content',
          title: 'Groceries',
          content: '/1 Groceries @currency(USD) 412.35\n9 transactions',
        },
      },
      {
        role: 'chart',
        block: { type: 'line', title: 'Groceries by month', labels: ['a', 'b'], values: [1, 2] },
      },
      {
        role: 'table',
        block: { type: 'table', title: 'Groceries', columns: ['merchant'], rows: [['Shop']] },
      },
      { role: 'figures', block: { type: 'content', title: 'Compared', content: 'Up 4%' } },
    ],
    provenance: { accounts: ['Checking', 'Card'], period: october, transactionCount: 9 },
  };
  const card = (results: ToolResult[], prefs = preferences) =>
    composeContainer({ queryId: 'q1', status: 'completed', results, preferences: prefs, deep: false, today });

  it("never holds the answer's prose: title, when, what was counted, the headline figure, then the charts and tables", () => {
    const [container] = card([groceries]);
    expect(container).toEqual({
      type: 'container',
      id: 'result-q1',
      title: 'Groceries',
      subtitle: 'October 2026',
      description: 'From 9 transactions in 2 accounts',
      content_blocks: [
        // The headline's own title would only repeat the card's.
        { type: 'content', content: '/1 Groceries @currency(USD) 412.35\n9 transactions' },
        groceries.blocks[1]?.block,
        groceries.blocks[2]?.block,
      ],
    });
  });

  it('keeps the headline figure whatever the Numbers and Visuals settings, and more figures at Numbers 8+', () => {
    const [bare] = card([groceries], { ...preferences, numbers: 1, visuals: 1 });
    expect(bare?.content_blocks).toEqual([
      { type: 'content', content: '/1 Groceries @currency(USD) 412.35\n9 transactions' },
    ]);
    const [full] = card([groceries], { ...preferences, numbers: 10, visuals: 10 });
    expect(full?.content_blocks).toHaveLength(4);
    expect(full?.content_blocks).toContainEqual(groceries.blocks[3]?.block);
  });

  it("says what was missing when every tool found nothing, escaped like any text; no card for a calculator's nothing", () => {
    const none: ToolResult = {
      data: {},
      facts: ['No holdings were found in **Rich** @currency(USD) 5: no positions are linked.'],
      blocks: [],
      provenance: { accounts: [], transactionCount: 0 },
    };
    const [container] = card([none], preferences);
    expect(container).toMatchObject({ subtitle: 'Nov 26, 2026', content_blocks: [{ type: 'content' }] });
    expect(container).not.toHaveProperty('description');
    const [lead] = (container?.content_blocks ?? []) as Array<{ content: string }>;
    expect(lead?.content).toBe(plainTextToMarkup(none.facts[0] ?? ''));
    expect(lead?.content).toContain('\\*\\*Rich\\*\\* \\@currency(USD) 5');
    expect(card([{ ...none, facts: [] }])).toEqual([]);
  });

  it('is no card for a turn that did not complete', () => {
    const asked = composeContainer({
      queryId: 'q2',
      status: 'clarification_needed',
      results: [groceries],
      preferences,
      deep: false,
      today,
    });
    expect(asked).toEqual([]);
  });
});

describe('what the card counted', () => {
  it('names the first tool’s transactions and accounts, or nothing for a calculator', () => {
    const base = { data: {}, facts: [], blocks: [] };
    expect(countedFrom([{ ...base, provenance: { accounts: ['A'], transactionCount: 1 } }])).toBe(
      'From 1 transaction in 1 account',
    );
    expect(countedFrom([{ ...base, provenance: { accounts: ['A', 'B', 'C'], transactionCount: 0 } }])).toBe(
      'From 3 accounts',
    );
    expect(countedFrom([{ ...base, provenance: { accounts: [], transactionCount: 0 } }])).toBeUndefined();
  });
});
