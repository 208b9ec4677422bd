import { type DslTableBlock, type DslTableRow, toDslNumber } from '@penny/contracts';
import { chartColor } from '../charts/chart-model.ts';
import { type Currency, currencyInText, formatPlainNumber, resolveCurrency } from '../format/currency.ts';
import {
  DEFAULT_CURRENCY,
  detectMoneyColumn,
  formatSignedMoney,
  isFlowName,
  type MoneyTone,
  moneyTone,
} from '../format/money.ts';
import { formatDateValue, isHashLike, truncateHash } from '../format/values.ts';

/**
 * What a table block shows, computed once per block: its columns (with their kind) and rows. Cells
 * are formatted on demand, so a render costs O(visible page), whatever the row count.
 */

export type ColumnKind = 'currency' | 'number' | 'date' | 'text';

export type TableColumn = {
  /** Object rows: the property read. Array rows: unused (the index is). */
  key: string;
  index: number;
  header: string;
  kind: ColumnKind;
  /** Currency columns: the currency for bare numbers (cells carrying their own symbol keep it). */
  currency: Currency | null;
  /** Number columns: thousands separators, except in a column of years. */
  grouping: boolean;
  /** Currency columns holding negative amounts (flows): signs and money in/out colours are shown. */
  signed: boolean;
  /** The row field whose colour word (a category's) shows as a swatch before the cell's text. */
  colorKey: string | null;
};

export type TableModel = {
  columns: TableColumn[];
  rows: DslTableRow[];
};

export type FormattedCell = {
  /** What the cell shows. */
  text: string;
  /** What a copy puts on the clipboard (the full value for a truncated hash). */
  copyText: string;
  /** Set for a hash-like value: `text` is its truncated form. */
  hash: boolean;
  /** Right-aligned with tabular numerals. */
  numeric: boolean;
  /** Nothing to show. */
  empty: boolean;
  /** Money in or out (a flow), or neither. */
  tone: MoneyTone;
};

const DATE_NAME = /date|time|timestamp|created|updated|(^|_)at$|when/i;
/** Rows sampled to detect column kinds: enough to be right, bounded so 10,000 rows cost no more. */
const SAMPLE_ROWS = 200;

function isRecordRow(row: DslTableRow): row is Record<string, unknown> {
  return !Array.isArray(row);
}

/** "transaction_date" -> "Transaction date", "unitPrice" -> "Unit price". */
export function humanizeKey(key: string): string {
  const spaced = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim();
  if (spaced.length === 0) return key;
  const lower = spaced.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

type BaseColumn = Omit<TableColumn, 'kind' | 'currency' | 'grouping' | 'signed' | 'colorKey'> & {
  colorKey?: string | null;
};

function baseColumns(block: DslTableBlock, rows: DslTableRow[]): BaseColumn[] {
  const declared = block.columns ?? [];
  if (declared.length > 0) {
    return declared.map((column, index) =>
      typeof column === 'string'
        ? { key: column, index, header: column }
        : {
            key: column.key,
            index,
            header: column.header?.trim() ? column.header : humanizeKey(column.key),
            colorKey: column.color_key?.trim() || null,
          },
    );
  }
  // No columns given: the keys of the first rows in order of appearance, or numbered columns.
  const sample = rows.slice(0, SAMPLE_ROWS);
  if (sample.some(isRecordRow)) {
    const keys = new Set<string>();
    for (const row of sample) if (isRecordRow(row)) for (const key of Object.keys(row)) keys.add(key);
    return [...keys].map((key, index) => ({ key, index, header: humanizeKey(key) }));
  }
  const width = sample.reduce((max, row) => Math.max(max, Array.isArray(row) ? row.length : 0), 0);
  return Array.from({ length: width }, (_, index) => ({
    key: String(index),
    index,
    header: `Column ${index + 1}`,
  }));
}

/** The raw value of a cell: by key for object rows (case-insensitive fallback), by index for arrays. */
export function cellValue(row: DslTableRow, column: Pick<TableColumn, 'key' | 'index'>): unknown {
  if (!isRecordRow(row)) return row[column.index];
  if (Object.hasOwn(row, column.key)) return row[column.key];
  const wanted = column.key.toLowerCase();
  for (const key of Object.keys(row)) if (key.toLowerCase() === wanted) return row[key];
  return undefined;
}

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function isNumericValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && toDslNumber(value) !== null && !/%\s*$/.test(value);
}

function isYear(value: unknown): boolean {
  const number = typeof value === 'number' ? value : toDslNumber(value);
  return number !== null && Number.isInteger(number) && number >= 1900 && number <= 2100;
}

function detectKind(
  column: BaseColumn,
  rows: DslTableRow[],
  tableCurrency: Currency | null,
): Pick<TableColumn, 'kind' | 'currency' | 'grouping' | 'signed'> {
  const named = `${column.key} ${column.header}`;
  const sample: unknown[] = [];
  for (let i = 0; i < rows.length && i < SAMPLE_ROWS; i++) {
    const row = rows[i];
    if (row === undefined) continue;
    const value = cellValue(row, column);
    if (!isEmptyValue(value)) sample.push(value);
  }
  // docs/product/chat.md, "Tables": price, fee, cost or amount in the key or header; also the finance words
  // ('Balance', 'Market value') and values carrying a currency symbol.
  const currency = detectMoneyColumn(named, sample, tableCurrency);
  if (currency) {
    // A flow (its name is not a balance or price) holding negative amounts shows signs and colours.
    const signed = isFlowName(named) && sample.some((value) => (toDslNumber(value) ?? 0) < 0);
    return { kind: 'currency', currency, grouping: true, signed };
  }
  if (DATE_NAME.test(named)) return { kind: 'date', currency: null, grouping: false, signed: false };
  if (sample.length > 0 && sample.every(isNumericValue)) {
    const years = /year/i.test(named) || sample.every(isYear);
    return { kind: 'number', currency: null, grouping: !years, signed: false };
  }
  return { kind: 'text', currency: null, grouping: false, signed: false };
}

/** The table's columns and rows, with every column's kind detected once. */
export function buildTableModel(block: DslTableBlock): TableModel {
  const rows = block.rows ?? [];
  const tableCurrency = resolveCurrency(block.currency_symbol) ?? resolveCurrency(block.unit);
  const columns = baseColumns(block, rows).map((column) => ({
    ...column,
    colorKey: column.colorKey ?? null,
    ...detectKind(column, rows, tableCurrency),
  }));
  return { columns, rows };
}

/**
 * The swatch colour of a cell, when its column names a colour field and the row's value there is a colour
 * the charts accept (a category's `category-N`, a semantic word, a CSS colour); null otherwise.
 */
export function cellSwatch(row: DslTableRow, column: TableColumn): string | null {
  if (!column.colorKey) return null;
  const color = chartColor(cellValue(row, { key: column.colorKey, index: -1 }), '');
  return color || null;
}

const EMPTY: FormattedCell = {
  text: '—',
  copyText: '',
  hash: false,
  numeric: false,
  empty: true,
  tone: 'neutral',
};

function textCell(text: string, numeric = false): FormattedCell {
  if (isHashLike(text))
    return {
      text: truncateHash(text),
      copyText: text,
      hash: true,
      numeric: false,
      empty: false,
      tone: 'neutral',
    };
  return { text, copyText: text, hash: false, numeric, empty: false, tone: 'neutral' };
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatPlainNumber(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'bigint') return value.toString();
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/**
 * One cell, formatted by its column's kind (amounts with 2 decimals, 4 below 0.01: docs/product/chat.md,
 * "Tables").
 */
export function formatCell(value: unknown, column: TableColumn): FormattedCell {
  if (isEmptyValue(value)) return EMPTY;
  switch (column.kind) {
    case 'currency': {
      const amount = toDslNumber(value);
      if (amount === null) return textCell(stringify(value));
      const own = typeof value === 'string' ? currencyInText(value) : null;
      const text = formatSignedMoney(amount, own ?? column.currency ?? DEFAULT_CURRENCY, column.signed);
      const tone = moneyTone(amount, column.signed);
      return { text, copyText: text, hash: false, numeric: true, empty: false, tone };
    }
    case 'date': {
      const text = formatDateValue(value);
      return { text, copyText: text, hash: false, numeric: false, empty: false, tone: 'neutral' };
    }
    case 'number': {
      const amount = typeof value === 'number' ? value : toDslNumber(value);
      return amount === null
        ? textCell(stringify(value))
        : textCell(formatPlainNumber(amount, 8, column.grouping), true);
    }
    case 'text':
      return typeof value === 'number'
        ? textCell(formatPlainNumber(value), true)
        : textCell(stringify(value));
  }
}
