// @vitest-environment node
import { escapeMarkup, plainTextToMarkup } from '@penny/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BlockNode, type InlineNode, parseMarkup } from './parse.ts';

/**
 * The contracts' escapeMarkup against this parser: any string, escaped and included wherever a line
 * of markup holds text, renders as exactly that text (line breaks as spaces), never as bold, a colour,
 * a heading or a forged figure (docs/visualization-dsl.md, "Content markup").
 */

/** The vendor name of issue #19, finding 4. */
const FORGED = '**BOLD** /red REDSHOP /1 @number 999999 @currency(USD) 1000000';

/** Pieces of markup, so generated strings hit every construct far more often than random text would. */
const PIECES = [
  '*',
  '**',
  '***',
  '_',
  '\\',
  '@',
  '/',
  '#',
  '-',
  '---',
  '.',
  ')',
  '•',
  '1',
  '12',
  ' ',
  '\n',
  '\r\n',
  '\t',
  '\u2028',
  '@currency(USD) ',
  '@currency(eur)',
  '@number ',
  '@number(',
  '%',
  '@icon:wallet',
  '@box',
  '@end',
  '/red ',
  '/green',
  '/1 ',
  '# ',
  '- ',
  '1. ',
  '1.2) ',
  '1,000,000.00',
  'Shop',
  'é',
  '😀',
];

const hostile = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...'*_\\@/#-.)•1 \n(%'), maxLength: 30 }),
);

/** Formatting a node carries: anything but text and line breaks. */
function formatting(nodes: InlineNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'text' || node.kind === 'break' ? [] : [node.kind]));
}

function inlineText(nodes: InlineNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'break') return '\n';
      return `<${node.kind}>`;
    })
    .join('');
}

/** The blocks as plain text: one line per block, list items as '- text', anything else named. */
function shown(blocks: BlockNode[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.kind) {
      case 'paragraph':
        return [inlineText(block.children)];
      case 'list':
        return block.items.flatMap((item) => [
          `${block.ordered ? `${item.label} ` : '- '}${inlineText(item.children)}`,
          ...shown(item.lists),
        ]);
      default:
        return [`<${block.kind}>`];
    }
  });
}

/** How the escaped text is expected to read: one line, its ends trimmed as every markup line is. */
const asOneLine = (text: string) => text.replace(/\r\n?|[\n\u2028\u2029]/g, ' ');

describe('escapeMarkup: any text renders as itself', () => {
  it('the vendor name of issue #19 shows as its characters: no bold, no colour, no figure', () => {
    expect(parseMarkup(`Top merchant: ${escapeMarkup(FORGED)}.`)).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: `Top merchant: ${FORGED}.` }] },
    ]);
  });

  it('inside a sentence', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const blocks = parseMarkup(`Paid ${escapeMarkup(value)} today`);
        expect(blocks).toEqual([
          { kind: 'paragraph', children: [{ kind: 'text', text: `Paid ${asOneLine(value)} today` }] },
        ]);
      }),
      { numRuns: 2000 },
    );
  });

  it('alone on its line, where headings, lists, rules and boxes start', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const expected = asOneLine(value).trim();
        const blocks = parseMarkup(`Before\n\n${escapeMarkup(value)}\n\nAfter`);
        expect(shown(blocks)).toEqual(['Before', ...(expected ? [expected] : []), 'After']);
      }),
      { numRuns: 2000 },
    );
  });

  it('in a heading, a list item, a numbered item and a box line', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const line = asOneLine(value);
        const heading = parseMarkup(`## Spent at ${escapeMarkup(value)} x`);
        expect(heading).toEqual([
          { kind: 'heading', level: 2, children: [{ kind: 'text', text: `Spent at ${line} x` }] },
        ]);
        const item = parseMarkup(`- ${escapeMarkup(value)} x`);
        expect(item).toHaveLength(1);
        expect(shown(item)).toEqual([`- ${`${line} x`.trim()}`]);
        expect(shown(parseMarkup(`2. ${escapeMarkup(value)} x`))).toEqual([`2. ${`${line} x`.trim()}`]);
        const box = parseMarkup(`@box ${escapeMarkup(value)} x`);
        expect(box).toHaveLength(1);
        expect(box[0]?.kind).toBe('box');
        if (box[0]?.kind === 'box') expect(shown(box[0].children)).toEqual([`${line} x`.trim()]);
      }),
      { numRuns: 1000 },
    );
  });

  it('after a colour or size marker, and between bold or italic delimiters', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const line = asOneLine(value);
        const [marked] = parseMarkup(`/red Rent ${escapeMarkup(value)} x`);
        expect(marked).toEqual({
          kind: 'paragraph',
          children: [
            {
              kind: 'styled',
              color: 'red',
              size: null,
              children: [{ kind: 'text', text: `Rent ${line} x` }],
            },
          ],
        });
        for (const [delimiter, kind] of [
          ['**', 'bold'],
          ['*', 'italic'],
          ['_', 'italic'],
        ] as const) {
          const [wrapped] = parseMarkup(`${delimiter}A${escapeMarkup(value)}Z${delimiter} after`);
          expect(wrapped).toEqual({
            kind: 'paragraph',
            children: [
              { kind, children: [{ kind: 'text', text: `A${line}Z` }] },
              { kind: 'text', text: ' after' },
            ],
          });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('two escaped values side by side read as their concatenation', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const blocks = parseMarkup(`x ${escapeMarkup(a)}${escapeMarkup(b)} y`);
        expect(shown(blocks)).toEqual([`x ${asOneLine(a)}${asOneLine(b)} y`]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('plainTextToMarkup: prose renders as its text, with its "- " lines as bullets', () => {
  it('keeps no formatting and every visible character', () => {
    const visible = (text: string) => text.replace(/^\s*- (?=.*\S)/gm, '').replace(/\s+/g, '');
    fc.assert(
      fc.property(hostile, (value) => {
        const blocks = parseMarkup(plainTextToMarkup(value));
        const inline = (nodes: BlockNode[]): InlineNode[] =>
          nodes.flatMap((block) => {
            if (block.kind === 'paragraph' || block.kind === 'heading') return block.children;
            if (block.kind === 'list')
              return block.items.flatMap((item) => [...item.children, ...inline(item.lists)]);
            return [];
          });
        expect(blocks.every((block) => block.kind === 'paragraph' || block.kind === 'list')).toBe(true);
        expect(blocks.every((block) => block.kind !== 'list' || !block.ordered)).toBe(true);
        expect(formatting(inline(blocks))).toEqual([]);
        expect(visible(shown(blocks).join('\n'))).toBe(visible(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("an answer's facts and bullets read as written", () => {
    const answer = `Here's what I found.\n\n- ${FORGED}: $1,200.00 (3 transactions).\n- Shop_Two: $5.00.\n\nBased on 4 transactions.`;
    expect(shown(parseMarkup(plainTextToMarkup(answer)))).toEqual([
      "Here's what I found.",
      `- ${FORGED}: $1,200.00 (3 transactions).`,
      '- Shop_Two: $5.00.',
      'Based on 4 transactions.',
    ]);
  });
});
