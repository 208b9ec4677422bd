// @vitest-environment node
import type { DslTableBlock } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { buildTableModel, cellSwatch, cellValue, formatCell, humanizeKey } from './table-model.ts';

function table(fields: Omit<DslTableBlock, 'type'>): DslTableBlock {
  return { type: 'table', ...fields };
}

function kinds(block: DslTableBlock) {
  return Object.fromEntries(buildTableModel(block).columns.map((c) => [c.key, c.kind]));
}

describe('table columns', () => {
  it('take key/header objects or strings; headers default to the humanized key', () => {
    const { columns } = buildTableModel(
      table({ columns: ['Date', { key: 'unit_price' }, { key: 'x', header: 'Ex' }], rows: [] }),
    );
    expect(columns.map((c) => [c.key, c.header])).toEqual([
      ['Date', 'Date'],
      ['unit_price', 'Unit price'],
      ['x', 'Ex'],
    ]);
    expect(humanizeKey('transactionDate')).toBe('Transaction date');
  });

  it('come from the rows when not given: object keys in order, or numbered for array rows', () => {
    expect(buildTableModel(table({ rows: [{ a: 1 }, { b: 2, a: 3 }] })).columns.map((c) => c.header)).toEqual(
      ['A', 'B'],
    );
    expect(buildTableModel(table({ rows: [[1], [2, 3]] })).columns.map((c) => c.header)).toEqual([
      'Column 1',
      'Column 2',
    ]);
  });

  it('read object rows by key (any case) and array rows by position', () => {
    const { columns } = buildTableModel(table({ columns: ['Amount', 'b'], rows: [] }));
    expect(cellValue({ amount: 5 }, columns[0] as never)).toBe(5);
    expect(cellValue([7, 8], columns[1] as never)).toBe(8);
  });
});

describe('currency column detection', () => {
  it('by key or header containing price, fee, cost or amount', () => {
    expect(
      kinds(
        table({
          columns: ['unit_price', 'Fee', 'total_cost', 'Amount', { key: 'x', header: 'Wire fee' }, 'name'],
          rows: [{ unit_price: 1, Fee: 2, total_cost: 3, Amount: 4, x: 5, name: 'a' }],
        }),
      ),
    ).toEqual({
      unit_price: 'currency',
      Fee: 'currency',
      total_cost: 'currency',
      Amount: 'currency',
      x: 'currency',
      name: 'text',
    });
  });

  it('by values carrying or starting with currency symbols', () => {
    expect(
      kinds(table({ columns: ['paid'], rows: [{ paid: '$12.00' }, { paid: '-$3' }, { paid: 4 }] })),
    ).toEqual({ paid: 'currency' });
    expect(kinds(table({ columns: ['paid'], rows: [{ paid: '12.00 €' }] }))).toEqual({ paid: 'currency' });
    // Text that merely mentions a symbol is not money.
    expect(kinds(table({ columns: ['note'], rows: [{ note: '$5 off coupon' }, { note: 'n/a' }] }))).toEqual({
      note: 'text',
    });
  });

  it('uses the table’s currency_symbol, else the values’ symbol, else USD', () => {
    const eur = buildTableModel(table({ currency_symbol: 'EUR', columns: ['price'], rows: [{ price: 3 }] }));
    expect(formatCell(3, eur.columns[0] as never).text).toBe('€3.00');
    const gbp = buildTableModel(table({ columns: ['paid'], rows: [{ paid: '£3' }, { paid: 4 }] }));
    expect(formatCell(4, gbp.columns[0] as never).text).toBe('£4.00');
    const usd = buildTableModel(table({ columns: ['fee'], rows: [{ fee: 3 }] }));
    expect(formatCell(3, usd.columns[0] as never).text).toBe('$3.00');
  });
});

describe('cell formatting', () => {
  const { columns } = buildTableModel(
    table({
      columns: ['amount', 'date', 'qty', 'memo'],
      rows: [{ amount: 1, date: '2024-01-01', qty: 2, memo: 'x' }],
    }),
  );
  const [amount, date, qty, memo] = columns as [never, never, never, never];

  it('formats amounts with 2 decimals, 4 below 0.01, keeping a cell’s own symbol; right-aligned', () => {
    expect(formatCell(1234.5, amount)).toMatchObject({ text: '$1,234.50', numeric: true });
    expect(formatCell(0.0042, amount).text).toBe('$0.0042');
    expect(formatCell(-0.001, amount).text).toBe('-$0.0010');
    expect(formatCell('€1,200.5', amount).text).toBe('€1,200.50');
    expect(formatCell('12.3456', amount).text).toBe('$12.35');
    expect(formatCell('pending', amount)).toMatchObject({ text: 'pending', numeric: false });
  });

  it("formats dates, and bad dates read 'Unknown date'", () => {
    expect(formatCell('2024-01-31', date).text).toBe('Jan 31, 2024');
    expect(formatCell('garbage', date).text).toBe('Unknown date');
  });

  it('shows numbers, booleans, objects and empty cells readably', () => {
    expect(formatCell(12345, qty)).toMatchObject({ text: '12,345', numeric: true });
    expect(formatCell(true, memo).text).toBe('Yes');
    expect(formatCell({ a: 1 }, memo).text).toBe('{"a":1}');
    expect(formatCell(null, memo)).toMatchObject({ text: '—', empty: true });
    expect(formatCell('  ', memo)).toMatchObject({ empty: true });
  });

  it('truncates hash-like values to the first 8 and last 6, copying the whole value', () => {
    const hash = `0x${'a1b2c3d4'.repeat(8)}`;
    expect(formatCell(hash, memo)).toEqual({
      text: '0xa1b2c3…b2c3d4',
      copyText: hash,
      hash: true,
      numeric: false,
      empty: false,
      tone: 'neutral',
    });
    expect(formatCell('Whole Foods Market', memo)).toMatchObject({
      hash: false,
      copyText: 'Whole Foods Market',
    });
  });
});

describe('large tables', () => {
  it('detect column kinds from a bounded sample, so 10,000 rows cost no more than 200', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ n: i, label: `row ${i}` }));
    // A row past the sample that breaks the pattern does not change the detected kind.
    rows.push({ n: 'oops' as unknown as number, label: 'x' });
    const model = buildTableModel(table({ rows }));
    expect(model.rows).toHaveLength(10_001);
    expect(model.columns.map((c) => c.kind)).toEqual(['number', 'text']);
  });
});

describe('finance columns', () => {
  it("'Market value' and 'Balance' are money; a column with negative amounts is a signed flow", () => {
    const model = buildTableModel(
      table({
        columns: ['Merchant', 'Amount', 'Balance', 'market_value'],
        rows: [
          { Merchant: 'Payroll', Amount: 2500, Balance: 3100, market_value: 4746 },
          { Merchant: 'Whole Foods', Amount: -84.2, Balance: -15.8, market_value: 0.0042 },
        ],
      }),
    );
    const [, amount, balance, market] = model.columns as [never, never, never, never];
    expect(kinds(table({ columns: ['Balance', 'Market value'], rows: [[1, 2]] }))).toEqual({
      Balance: 'currency',
      'Market value': 'currency',
    });
    expect(formatCell(2500, amount)).toMatchObject({ text: '+$2,500.00', tone: 'in', numeric: true });
    expect(formatCell(-84.2, amount)).toMatchObject({ text: '-$84.20', tone: 'out' });
    // A balance is held, not moved: an overdrawn one is not 'money out', and none is coloured.
    expect(formatCell(3100, balance)).toMatchObject({ text: '$3,100.00', tone: 'neutral' });
    expect(formatCell(-15.8, balance)).toMatchObject({ text: '-$15.80', tone: 'neutral' });
    expect(formatCell(0.0042, market)).toMatchObject({ text: '$0.0042', tone: 'neutral' });
  });
});

describe('number columns', () => {
  it('group thousands, except in a column of years', () => {
    const model = buildTableModel(
      table({
        columns: ['page_views', 'year', 'born'],
        rows: [
          { page_views: 4746, year: 2023, born: 1990 },
          { page_views: 3514.15, year: 2024, born: 2001 },
        ],
      }),
    );
    const [value, year, born] = model.columns as [never, never, never];
    expect(formatCell(4746, value).text).toBe('4,746');
    expect(formatCell(3514.15, value).text).toBe('3,514.15');
    expect(formatCell(2024, year).text).toBe('2024');
    expect(formatCell(1990, born).text).toBe('1990');
  });
});

describe('category swatches', () => {
  it('show the colour a column names from its row, and nothing without one', () => {
    const model = buildTableModel(
      table({
        columns: [{ key: 'category', header: 'Category', color_key: 'color' }, 'amount'],
        rows: [
          { category: 'Food and drink', color: 'category-2', amount: 612.4 },
          { category: 'Uncategorized', color: null, amount: 12 },
          { category: 'Odd', color: 'url(javascript:alert(1))', amount: 1 },
        ],
      }),
    );
    const [category, amount] = model.columns as [never, never];
    const [food, none, odd] = model.rows as [never, never, never];
    expect(cellSwatch(food, category)).toBe('var(--penny-category-2)');
    expect(cellSwatch(none, category)).toBeNull();
    expect(cellSwatch(odd, category)).toBeNull();
    expect(cellSwatch(food, amount)).toBeNull();
    // The colour field is not a column of its own.
    expect(model.columns.map((column) => column.key)).toEqual(['category', 'amount']);
  });
});
