import { describe, expect, it } from 'vitest';
import {
  DSL_CURRENCY_CODES,
  dslObjectSchema,
  dslObjectsSchema,
  parseDslObjects,
  toDslNumber,
  VISUALIZATION_RENDERING,
  visualizationMessages,
} from './dsl.ts';

const container = {
  type: 'container',
  id: 'query-1717171717-abc_0',
  isNew: true,
  title: 'Spending',
  content_blocks: [
    { type: 'content', title: 'Summary', subtitle: 'June', content: '**Hi**' },
    { type: 'pie', labels: ['A', 2024], values: [1, 2], colors: ['#fff', 'red'], currency_symbol: 'USD' },
    {
      type: 'bar',
      labels: ['Jan'],
      datasets: [{ label: 'In', data: [1], color: 'green', y_axis: 'right' }],
      orientation: 'horizontal',
      stacked: true,
      unit: '%',
    },
    { type: 'line', data: { labels: ['Jan'], datasets: [{ label: 'Net', data: [null, 2] }] } },
    {
      type: 'table',
      columns: ['date', { key: 'amount', header: 'Amount' }],
      rows: [{ date: '2024-01-01', amount: 5 }, ['2024-01-02', 6]],
      description: 'Rows as objects or arrays',
    },
    { type: 'card', title: 'Hidden' },
    { type: 'info', content: { anything: true } },
  ],
};

describe('the DSL schema', () => {
  it('accepts a container with every block type and every field the requirements list (docs/product/chat.md, "Visualization block")', () => {
    const parsed = dslObjectSchema.parse(container);
    expect(parsed).toEqual(container);
  });

  it('keeps unknown block types and extra fields untouched', () => {
    const objects = [
      { type: 'sankey', nodes: [1, 2], anything: { nested: true } },
      { type: 'pie', values: [1], agent_note: 'kept' },
    ];
    expect(dslObjectsSchema.parse(objects)).toEqual(objects);
  });

  it('rejects a known block whose fields have the wrong types', () => {
    expect(dslObjectSchema.safeParse({ type: 'pie', values: ['a lot'] }).success).toBe(false);
    expect(dslObjectSchema.safeParse({ type: 'bar', orientation: 'diagonal' }).success).toBe(false);
    expect(dslObjectSchema.safeParse({ type: 'container', content_blocks: 'none' }).success).toBe(false);
    expect(dslObjectSchema.safeParse({ type: 'table', columns: [{ header: 'no key' }] }).success).toBe(false);
    expect(dslObjectSchema.safeParse({ title: 'no type' }).success).toBe(false);
  });

  it('quotes the required strings and constants (docs/product/chat.md, "Visualization rendering")', () => {
    expect(visualizationMessages).toEqual({
      unknownType: 'Unknown Visualization Type',
      emptyTable: 'No data available',
      badDate: 'Unknown date',
    });
    expect(DSL_CURRENCY_CODES).toEqual([
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'AUD',
      'CAD',
      'CHF',
      'CNY',
      'HKD',
      'INR',
    ]);
    expect(VISUALIZATION_RENDERING).toMatchObject({
      pieSizePx: 350,
      chartHeightPx: 350,
      paletteSize: 8,
      lineTension: 0.3,
      tablePageSize: 15,
      scrollingTableMinColumns: 6,
      scrollingTableMinColumnWidthPx: 150,
      copyFeedbackMs: 1500,
      hashHead: 8,
      hashTail: 6,
    });
  });
});

describe('parseDslObjects', () => {
  it('reads a list, one object, a response carrying dsl_objects, and a JSON string', () => {
    expect(parseDslObjects([container])).toEqual([container]);
    expect(parseDslObjects(container)).toEqual([container]);
    expect(parseDslObjects({ success: true, dsl_objects: [container] })).toEqual([container]);
    expect(parseDslObjects(JSON.stringify([container]))).toEqual([container]);
  });

  it('never throws and drops what is not an object', () => {
    for (const value of [
      null,
      undefined,
      42,
      'not json',
      '[1',
      true,
      [null, 1, 'x', []],
      { dsl_objects: 'no' },
    ]) {
      expect(() => parseDslObjects(value)).not.toThrow();
    }
    expect(parseDslObjects([null, 1, 'x', [], { type: 'content', content: 'kept' }])).toEqual([
      { type: 'content', content: 'kept' },
    ]);
  });

  it('keeps a known block whose fields are partly unusable, dropping only those fields', () => {
    const [pie] = parseDslObjects([
      { type: 'pie', title: 7, labels: ['A', null], values: ['$1,200.50', 'n/a', 3], colors: 'red' },
    ]);
    expect(pie).toEqual({ type: 'pie', labels: ['A', ''], values: [1200.5, null, 3] });
    const [bar] = parseDslObjects([
      {
        type: 'bar',
        orientation: 'sideways',
        stacked: 'yes',
        datasets: [{ label: 'Ok', data: [1, '2'] }, 'junk'],
      },
    ]);
    expect(bar).toEqual({ type: 'bar', datasets: [{ label: 'Ok', data: [1, 2] }] });
    const [table] = parseDslObjects([
      { type: 'table', columns: ['a', { header: 'no key' }, 3], rows: [{ a: 1 }, 'x', [2]] },
    ]);
    expect(table).toEqual({ type: 'table', columns: ['a'], rows: [{ a: 1 }, [2]] });
  });

  it('keeps unknown and typeless objects for the raw dump, and reads typeless block lists as containers', () => {
    expect(parseDslObjects([{ type: 'sankey', x: 1 }])).toEqual([{ type: 'sankey', x: 1 }]);
    expect(parseDslObjects([{ weird: true }])).toEqual([{ weird: true, type: 'unknown' }]);
    expect(parseDslObjects([{ title: 'T', content_blocks: [{ type: 'content', content: 'x' }] }])).toEqual([
      { type: 'container', title: 'T', content_blocks: [{ type: 'content', content: 'x' }] },
    ]);
  });

  it('gives a container without usable blocks an empty list, and stops at hostile nesting depth', () => {
    expect(parseDslObjects({ type: 'container', content_blocks: 'x' })).toEqual([
      { type: 'container', content_blocks: [] },
    ]);
    let deep: Record<string, unknown> = { type: 'content', content: 'bottom' };
    for (let i = 0; i < 100; i++) deep = { type: 'container', content_blocks: [deep] };
    const [parsed] = parseDslObjects(deep);
    let depth = 0;
    let node = parsed as { content_blocks?: unknown[] };
    while (node.content_blocks?.length) {
      node = node.content_blocks[0] as { content_blocks?: unknown[] };
      depth++;
    }
    expect(depth).toBeLessThanOrEqual(8);
  });
});

describe('toDslNumber', () => {
  it.each([
    [12, 12],
    ['1,234.50', 1234.5],
    ['$1,234.50', 1234.5],
    ['-$5', -5],
    ['€ 3', 3],
    ['12.5%', 12.5],
    ['.5', 0.5],
    ['1e3', 1000],
    ['12.00 €', 12],
    ['12 USD', 12],
    ['HK$10', 10],
    ['($5.00)', -5],
  ])('%j -> %j', (input, expected) => {
    expect(toDslNumber(input)).toBe(expected);
  });

  it.each([
    ['abc'],
    [''],
    ['1.2.3'],
    ['row 0'],
    ['n/a'],
    ['Q1'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [{}],
  ])('%j -> null', (input) => {
    expect(toDslNumber(input)).toBeNull();
  });
});
