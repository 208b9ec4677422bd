// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MARKUP_ICON_NAMES } from './icon-names.ts';
import { type BlockNode, type InlineNode, parseInline, parseLine, parseMarkup } from './parse.ts';

const text = (value: string): InlineNode => ({ kind: 'text', text: value });
const paragraph = (...children: InlineNode[]): BlockNode => ({ kind: 'paragraph', children });

describe('inline markup', () => {
  it('@currency(CODE) amount, with grouping, signs and any case', () => {
    expect(parseInline('Paid @currency(USD) 1,234.5 today')).toEqual([
      text('Paid '),
      { kind: 'currency', code: 'USD', amount: 1234.5, raw: '1,234.5' },
      text(' today'),
    ]);
    expect(parseInline('@currency(eur)-0.004')).toEqual([
      { kind: 'currency', code: 'EUR', amount: -0.004, raw: '-0.004' },
    ]);
  });

  it('@currency without an amount stays text', () => {
    expect(parseInline('@currency(USD) soon')).toEqual([text('@currency(USD) soon')]);
  });

  it('@number wraps the number after it (spaces or parentheses), keeping its decimals and a percent sign', () => {
    expect(parseInline('@number 12500 users')).toEqual([
      { kind: 'number', value: 12500, decimals: 0, percent: false, raw: '12500' },
      text(' users'),
    ]);
    expect(parseInline('@number(23.50%)')).toEqual([
      { kind: 'number', value: 23.5, decimals: 2, percent: true, raw: '23.50' },
    ]);
    expect(parseInline('@number none')).toEqual([text('@number none')]);
  });

  it('@icon:name for the 14 names; other names stay text', () => {
    expect(MARKUP_ICON_NAMES).toHaveLength(14);
    for (const name of MARKUP_ICON_NAMES) {
      expect(parseInline(`@icon:${name}!`)).toEqual([{ kind: 'icon', name }, text('!')]);
    }
    expect(parseInline('@icon:Wallet')).toEqual([{ kind: 'icon', name: 'wallet' }]);
    expect(parseInline('@icon:rocket')).toEqual([text('@icon:rocket')]);
  });

  it('bold, italic (* and _), and bold italic', () => {
    expect(parseInline('**big** *small* _quiet_ ***both***')).toEqual([
      { kind: 'bold', children: [text('big')] },
      text(' '),
      { kind: 'italic', children: [text('small')] },
      text(' '),
      { kind: 'italic', children: [text('quiet')] },
      text(' '),
      { kind: 'bold', children: [{ kind: 'italic', children: [text('both')] }] },
    ]);
  });

  it('markup nests inside bold and italic', () => {
    expect(parseInline('**Total: @currency(GBP) 5 _net_**')).toEqual([
      {
        kind: 'bold',
        children: [
          text('Total: '),
          { kind: 'currency', code: 'GBP', amount: 5, raw: '5' },
          text(' '),
          { kind: 'italic', children: [text('net')] },
        ],
      },
    ]);
  });

  it('leaves unclosed and word-internal delimiters as text', () => {
    expect(parseInline('a ** b')).toEqual([text('a ** b')]);
    expect(parseInline('**open')).toEqual([text('**open')]);
    expect(parseInline('snake_case_name and 2*3*4')).toEqual([text('snake_case_name and 2*3*4')]);
    expect(parseInline('* not italic *')).toEqual([text('* not italic *')]);
  });

  it('a backslash makes the next markup character literal', () => {
    expect(parseInline('\\*a\\* \\@currency(USD) 5 \\_b\\_ \\\\')).toEqual([
      text('*a* @currency(USD) 5 _b_ \\'),
    ]);
    // A numbered label and a bullet character too, so any line can be written as plain text.
    expect(parseMarkup('1\\. not a list\n2\\) nor this\n\\• nor this')).toEqual([
      paragraph(
        text('1. not a list'),
        { kind: 'break' },
        text('2) nor this'),
        { kind: 'break' },
        text('• nor this'),
      ),
    ]);
  });

  it('an escaped delimiter never closes bold or italic', () => {
    expect(parseInline('**a\\*** *b\\** _c\\__')).toEqual([
      { kind: 'bold', children: [text('a*')] },
      text(' '),
      { kind: 'italic', children: [text('b*')] },
      text(' '),
      { kind: 'italic', children: [text('c_')] },
    ]);
    // An escaped backslash does not escape the delimiter after it.
    expect(parseInline('**a\\\\**')).toEqual([{ kind: 'bold', children: [text('a\\')] }]);
  });
});

describe('colour and size markers', () => {
  it('style the rest of the line, until the next marker of the same kind', () => {
    expect(parseLine('In /green +5 /red -3')).toEqual([
      text('In '),
      { kind: 'styled', color: 'green', size: null, children: [text('+5 ')] },
      { kind: 'styled', color: 'red', size: null, children: [text('-3')] },
    ]);
  });

  it('colour and size combine; blue is the neutral highlight', () => {
    expect(parseLine('/1 /blue Net worth')).toEqual([
      { kind: 'styled', color: 'blue', size: 1, children: [text('Net worth')] },
    ]);
    expect(parseLine('/2 a /3 b')).toEqual([
      { kind: 'styled', color: null, size: 2, children: [text('a ')] },
      { kind: 'styled', color: null, size: 3, children: [text('b')] },
    ]);
  });

  it('need a space (or the line edge) on both sides', () => {
    expect(parseLine('and/or 1/2 /greenery /4')).toEqual([text('and/or 1/2 /greenery /4')]);
    expect(parseLine('\\/green stays')).toEqual([text('/green stays')]);
  });

  it('wrap inline markup', () => {
    expect(parseLine('/red **-@currency(USD) 20**')).toEqual([
      {
        kind: 'styled',
        color: 'red',
        size: null,
        children: [
          { kind: 'bold', children: [text('-'), { kind: 'currency', code: 'USD', amount: 20, raw: '20' }] },
        ],
      },
    ]);
  });
});

describe('block markup', () => {
  it('headings #, ## and ###; #### and #tag are text', () => {
    expect(parseMarkup('# One\n## Two\n### Three\n#### Four\n#tag')).toEqual([
      { kind: 'heading', level: 1, children: [text('One')] },
      { kind: 'heading', level: 2, children: [text('Two')] },
      { kind: 'heading', level: 3, children: [text('Three')] },
      paragraph(text('#### Four'), { kind: 'break' }, text('#tag')),
    ]);
  });

  it('--- (or longer) alone on a line is a rule', () => {
    expect(parseMarkup('a\n---\nb\n------')).toEqual([
      paragraph(text('a')),
      { kind: 'rule' },
      paragraph(text('b')),
      { kind: 'rule' },
    ]);
  });

  it('lines of a paragraph keep their breaks; blank lines separate paragraphs', () => {
    expect(parseMarkup('one\r\ntwo\n\n  three  ')).toEqual([
      paragraph(text('one'), { kind: 'break' }, text('two')),
      paragraph(text('three')),
    ]);
  });

  it('bullets with 1 to 3 dashes nest by dash count', () => {
    expect(parseMarkup('- a\n-- b\n--- c\n- d\n* e')).toEqual([
      {
        kind: 'list',
        ordered: false,
        items: [
          {
            label: null,
            children: [text('a')],
            lists: [
              {
                kind: 'list',
                ordered: false,
                items: [
                  {
                    label: null,
                    children: [text('b')],
                    lists: [
                      {
                        kind: 'list',
                        ordered: false,
                        items: [{ label: null, children: [text('c')], lists: [] }],
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { label: null, children: [text('d')], lists: [] },
          { label: null, children: [text('e')], lists: [] },
        ],
      },
    ]);
  });

  it('numbered lists nest by dotted level and keep the numbers as written', () => {
    const [list] = parseMarkup('1. a\n1.1. b\n1.1.1. c\n1.2) d\n2. e');
    expect(list).toEqual({
      kind: 'list',
      ordered: true,
      items: [
        {
          label: '1.',
          children: [text('a')],
          lists: [
            {
              kind: 'list',
              ordered: true,
              items: [
                {
                  label: '1.1.',
                  children: [text('b')],
                  lists: [
                    {
                      kind: 'list',
                      ordered: true,
                      items: [{ label: '1.1.1.', children: [text('c')], lists: [] }],
                    },
                  ],
                },
                { label: '1.2)', children: [text('d')], lists: [] },
              ],
            },
          ],
        },
        { label: '2.', children: [text('e')], lists: [] },
      ],
    });
  });

  it('a level never skips: a deeper item without a parent level nests one level down', () => {
    const [list] = parseMarkup('--- deep first\n- top');
    expect(list).toMatchObject({
      kind: 'list',
      items: [{ children: [text('deep first')] }, { children: [text('top')] }],
    });
  });

  it('bullets and numbers at one level make separate lists; a sentence starting with a number is text', () => {
    expect(parseMarkup('- a\n1. b').map((b) => b.kind)).toEqual(['list', 'list']);
    expect(parseMarkup('2024 was good\n3.5 percent growth')).toEqual([
      paragraph(text('2024 was good'), { kind: 'break' }, text('3.5 percent growth')),
    ]);
  });

  it('@box text makes a one-line box; @box alone boxes the lines up to @end', () => {
    expect(parseMarkup('@box **Total** @number 5\n@box\n## Next\n- step\n@end\nafter')).toEqual([
      {
        kind: 'box',
        children: [
          paragraph({ kind: 'bold', children: [text('Total')] }, text(' '), {
            kind: 'number',
            value: 5,
            decimals: 0,
            percent: false,
            raw: '5',
          }),
        ],
      },
      {
        kind: 'box',
        children: [
          { kind: 'heading', level: 2, children: [text('Next')] },
          { kind: 'list', ordered: false, items: [{ label: null, children: [text('step')], lists: [] }] },
        ],
      },
      paragraph(text('after')),
    ]);
  });

  it('an unclosed @box runs to the end; @end outside a box is text; boxes do not nest', () => {
    expect(parseMarkup('@box\na\n@box\nb')).toEqual([
      {
        kind: 'box',
        children: [paragraph(text('a'), { kind: 'break' }, text('@box'), { kind: 'break' }, text('b'))],
      },
    ]);
    expect(parseMarkup('@end')).toEqual([paragraph(text('@end'))]);
  });

  it('markers style list items and headings', () => {
    expect(parseMarkup('# /green Up')).toEqual([
      {
        kind: 'heading',
        level: 1,
        children: [{ kind: 'styled', color: 'green', size: null, children: [text('Up')] }],
      },
    ]);
  });

  it('parses pathological input in linear time (a quadratic parser would overrun the test timeout)', () => {
    const hostile = `${'**'.repeat(100_000)}${'*_'.repeat(100_000)}${'@currency('.repeat(20_000)}\n${'- '.repeat(20_000)}`;
    const blocks = parseMarkup(hostile);
    expect(blocks[0]?.kind).toBe('paragraph');
  });
});
