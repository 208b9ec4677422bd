import { z } from 'zod';

/**
 * The visualization DSL (docs/product/chat.md, "Visualization container", "Visualization block",
 * "Visualization rendering"): the documents the agent answers with, that the web app renders and a resource
 * stores.
 *
 * Two ways in:
 * - `dslObjectSchema` / `dslObjectsSchema` validate: known block types must have well-typed fields,
 *   unknown block types pass untouched, and extra fields are kept on every object.
 * - `parseDslObjects(value)` never throws: it reads whatever arrived (a list, one object, a response
 *   carrying `dsl_objects`, a JSON string) and keeps every object it can, dropping only the fields whose
 *   values are unusable. Renderers use this one.
 */

/**
 * The block types the requirements name (docs/product/chat.md, "Block types"). Any other `type` is kept and
 * rendered as a raw dump.
 */
export const DSL_BLOCK_TYPES = [
  'container',
  'content',
  'pie',
  'bar',
  'line',
  'table',
  'card',
  'info',
] as const;
export type DslBlockType = (typeof DSL_BLOCK_TYPES)[number];

/**
 * docs/product/chat.md, "Currency symbols": currency symbols for these ten codes, in chart ticks and tooltips
 * and in tables.
 */
export const DSL_CURRENCY_CODES = [
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
] as const;
export type DslCurrencyCode = (typeof DSL_CURRENCY_CODES)[number];

/** The required rendering constants (docs/product/chat.md, "Visualization rendering"). */
export const VISUALIZATION_RENDERING = {
  pieSizePx: 350,
  /** A pie shows a few parts of a whole: more parts fold the smallest into one "Other" slice. */
  maxPieSlices: 6,
  chartHeightPx: 350,
  paletteSize: 8,
  lineTension: 0.3,
  tablePageSize: 15,
  /** Tables with at least this many columns scroll horizontally. */
  scrollingTableMinColumns: 6,
  scrollingTableMinColumnWidthPx: 150,
  /** How long 'Copied' feedback stays after a copy. */
  copyFeedbackMs: 1500,
  /** A hash-like value shows its first and last characters. */
  hashHead: 8,
  hashTail: 6,
} as const;

/**
 * Category colours (docs/decisions/0017-charts-that-fit-their-data.md): a block's `colors` or a dataset's
 * `color` may name one as `category-1` ... `category-17`. Each is a theme token (styles.css,
 * --penny-category-N), so a category keeps one colour in every chart, table and theme; the server maps each
 * category to its slot.
 */
export const DSL_CATEGORY_COLOR_COUNT = 17;
export type DslCategoryColor = `category-${number}`;

/** The colour word of a category slot (1-based, wrapping), e.g. `category-3`. */
export function dslCategoryColor(slot: number): DslCategoryColor {
  const wrapped =
    (((Math.trunc(slot) - 1) % DSL_CATEGORY_COLOR_COUNT) + DSL_CATEGORY_COLOR_COUNT) %
    DSL_CATEGORY_COLOR_COUNT;
  return `category-${wrapped + 1}`;
}

/** The slot a colour word names, or null when it is not a category colour. */
export function dslCategorySlot(color: string): number | null {
  const match = /^category-(\d{1,2})$/.exec(color.trim().toLowerCase());
  const slot = match ? Number(match[1]) : 0;
  return slot >= 1 && slot <= DSL_CATEGORY_COLOR_COUNT ? slot : null;
}

/** The required strings for the renderer (docs/product/chat.md, "Rendering errors"), quoted exactly. */
export const visualizationMessages = {
  unknownType: 'Unknown Visualization Type',
  emptyTable: 'No data available',
  badDate: 'Unknown date',
} as const;

// --- Types -------------------------------------------------------------------------------------

/** Chart labels: the agent sometimes sends years or ids as numbers. */
export type DslLabel = string | number;
/** A chart value; null leaves a gap (line charts). */
export type DslValue = number | null;

export type DslDataset = {
  label?: string;
  data: DslValue[];
  /** Any CSS colour; 'green', 'red' and 'blue' mean money in, money out and neutral. */
  color?: string;
  y_axis?: 'left' | 'right';
};

export type DslChartData = { labels?: DslLabel[]; datasets?: DslDataset[] };

type DslBlockBase = {
  id?: string | number;
  title?: string;
  subtitle?: string;
  description?: string;
};

export type DslContentBlock = DslBlockBase & { type: 'content'; content?: string };

type DslChartFields = {
  labels?: DslLabel[];
  /** One series (pie slices, or a single-series bar/line chart). */
  values?: DslValue[];
  colors?: string[];
  /** Chart.js-style data: `data.datasets` (and optionally `data.labels`). */
  data?: DslChartData;
  /** A unit for the values, e.g. '%' or 'shares' (a currency code here formats as money). */
  unit?: string;
  /** A currency code (USD...) or symbol ($, €, ...) for the values. */
  currency_symbol?: string;
};

export type DslPieBlock = DslBlockBase & DslChartFields & { type: 'pie' };

export type DslBarBlock = DslBlockBase &
  DslChartFields & {
    type: 'bar';
    datasets?: DslDataset[];
    orientation?: 'horizontal' | 'vertical';
    stacked?: boolean;
  };

export type DslLineBlock = DslBlockBase &
  DslChartFields & {
    type: 'line';
    datasets?: DslDataset[];
    orientation?: 'horizontal' | 'vertical';
    stacked?: boolean;
  };

export type DslTableColumn =
  | string
  | {
      key: string;
      header?: string;
      /** The row field holding a colour for this column's cells (a category's `category-N`): a swatch. */
      color_key?: string;
    };
export type DslTableRow = Record<string, unknown> | unknown[];

export type DslTableBlock = DslBlockBase & {
  type: 'table';
  columns?: DslTableColumn[];
  rows?: DslTableRow[];
  unit?: string;
  currency_symbol?: string;
};

/**
 * docs/product/chat.md, "Block types": types card and info render nothing. Their fields are kept as they
 * came.
 */
export type DslCardBlock = DslBlockBase & { type: 'card'; content?: unknown };
export type DslInfoBlock = DslBlockBase & { type: 'info'; content?: unknown };

/** A block of a type the renderer does not know: kept whole, rendered as 'Unknown Visualization Type'. */
export type DslUnknownBlock = { type: string; [key: string]: unknown };

export type DslContainer = {
  type: 'container';
  id?: string | number;
  /** Set on a visualization copied into a new chat (a fork). */
  isNew?: boolean;
  title?: string;
  subtitle?: string;
  content_blocks: DslBlock[];
};

export type DslKnownBlock =
  | DslContainer
  | DslContentBlock
  | DslPieBlock
  | DslBarBlock
  | DslLineBlock
  | DslTableBlock
  | DslCardBlock
  | DslInfoBlock;

export type DslBlock = DslKnownBlock | DslUnknownBlock;
/** A top-level object of `dsl_objects`: normally a container, sometimes a bare block. */
export type DslObject = DslBlock;

export function isKnownBlockType(type: unknown): type is DslBlockType {
  return typeof type === 'string' && (DSL_BLOCK_TYPES as readonly string[]).includes(type);
}

/** Narrows a block to the known type it names (unknown-type blocks share the `type: string` shape). */
export function isDslBlockOfType<T extends DslBlockType>(
  block: DslBlock,
  type: T,
): block is Extract<DslKnownBlock, { type: T }> {
  return block.type === type;
}

// --- Schemas -----------------------------------------------------------------------------------

/** A currency symbol ($, €, HK$, CN¥) or an upper-case code (USD) before or after an amount. */
const LEADING_CURRENCY = /^([+-]?)(?:[A-Z]{0,3}[^\p{L}\p{N}.+\-%]|[A-Z]{3})/u;
const TRAILING_CURRENCY = /(?:[^\p{L}\p{N}.+\-%]|[A-Z]{3})$/u;

/**
 * "$1,234.50", "12.00 €", "USD 12", "(5.00)", "12.5%", "-3" -> number; anything else ("row 0", "n/a")
 * -> null. Only the tolerant parser coerces.
 */
export function toDslNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.length > 64) return null;
  let text = value.replace(/[\s,]/g, '');
  // Accounting style: (5.00) is -5.00.
  const parenthesized = /^\((.*)\)$/.exec(text);
  if (parenthesized) text = parenthesized[1] ?? '';
  text = text.replace(LEADING_CURRENCY, '$1').replace(TRAILING_CURRENCY, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?%?$/i.test(text)) return null;
  const parsed = Number.parseFloat(text);
  if (!Number.isFinite(parsed)) return null;
  return parenthesized ? -Math.abs(parsed) : parsed;
}

type Mode = 'strict' | 'lenient';

function makeSchemas(mode: Mode) {
  const lenient = mode === 'lenient';
  /** An optional field; the tolerant parser drops a bad value instead of failing the block. */
  const opt = <T extends z.ZodType>(schema: T) =>
    lenient ? schema.optional().catch(undefined) : schema.optional();

  const text = z.string();
  const label: z.ZodType<DslLabel> = lenient
    ? z.union([z.string(), z.number()]).catch('')
    : z.union([z.string(), z.number()]);
  const value: z.ZodType<DslValue> = lenient ? z.unknown().transform(toDslNumber) : z.number().nullable();
  const colour: z.ZodType<string> = lenient ? z.string().catch('') : z.string();

  const dataset: z.ZodType<DslDataset> = z.looseObject({
    label: opt(text),
    data: lenient ? z.array(value).catch([]) : z.array(value),
    color: opt(text),
    y_axis: opt(z.enum(['left', 'right'])),
  });
  // A bad dataset is dropped from the list rather than losing the chart.
  const datasets = lenient
    ? z.array(z.unknown()).transform((items) =>
        items.flatMap((item) => {
          const parsed = dataset.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        }),
      )
    : z.array(dataset);

  const base = {
    id: opt(z.union([z.string(), z.number()])),
    title: opt(text),
    subtitle: opt(text),
    description: opt(text),
  };
  const chartFields = {
    labels: opt(z.array(label)),
    values: opt(z.array(value)),
    colors: opt(z.array(colour)),
    data: opt(z.looseObject({ labels: opt(z.array(label)), datasets: opt(datasets) })),
    unit: opt(text),
    currency_symbol: opt(text),
  };
  const cartesianFields = {
    ...chartFields,
    datasets: opt(datasets),
    orientation: opt(z.enum(['horizontal', 'vertical'])),
    stacked: opt(z.boolean()),
  };

  const column: z.ZodType<DslTableColumn> = z.union([
    z.string(),
    z.looseObject({ key: z.string(), header: opt(text), color_key: opt(text) }),
  ]);
  const row: z.ZodType<DslTableRow> = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);
  const keepValid = <T>(schema: z.ZodType<T>) =>
    z.array(z.unknown()).transform((items) =>
      items.flatMap((item) => {
        const parsed = schema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    );

  const content: z.ZodType<DslContentBlock> = z.looseObject({
    type: z.literal('content'),
    ...base,
    content: opt(text),
  });
  const pie: z.ZodType<DslPieBlock> = z.looseObject({ type: z.literal('pie'), ...base, ...chartFields });
  const bar: z.ZodType<DslBarBlock> = z.looseObject({ type: z.literal('bar'), ...base, ...cartesianFields });
  const line: z.ZodType<DslLineBlock> = z.looseObject({
    type: z.literal('line'),
    ...base,
    ...cartesianFields,
  });
  const table: z.ZodType<DslTableBlock> = z.looseObject({
    type: z.literal('table'),
    ...base,
    columns: opt(lenient ? keepValid(column) : z.array(column)),
    // Rows are only checked for shape (object or array), not copied: a 10,000-row table stays cheap.
    rows: opt(
      lenient
        ? z
            .array(z.unknown())
            .transform((items) =>
              items.filter((item): item is DslTableRow => typeof item === 'object' && item !== null),
            )
        : z.array(row),
    ),
    unit: opt(text),
    currency_symbol: opt(text),
  });
  const card: z.ZodType<DslCardBlock> = z.looseObject({ type: z.literal('card'), ...base });
  const info: z.ZodType<DslInfoBlock> = z.looseObject({ type: z.literal('info'), ...base });
  const unknownBlock: z.ZodType<DslUnknownBlock> = z
    .looseObject({ type: z.string() })
    .refine((block) => !isKnownBlockType(block.type), { message: 'is not a known block type' });

  const container: z.ZodType<DslContainer> = z.looseObject({
    type: z.literal('container'),
    id: opt(z.union([z.string(), z.number()])),
    isNew: opt(z.boolean()),
    title: opt(text),
    subtitle: opt(text),
    get content_blocks() {
      return lenient ? z.array(z.unknown()).catch([]).transform(parseBlocksLenient) : z.array(block);
    },
  });

  const block: z.ZodType<DslBlock> = z.union([
    container,
    content,
    pie,
    bar,
    line,
    table,
    card,
    info,
    unknownBlock,
  ]);
  return { block, container };
}

const strict = makeSchemas('strict');
const lenient = makeSchemas('lenient');

/** One DSL object (container or block); see the file comment for what passes. */
export const dslObjectSchema: z.ZodType<DslObject> = strict.block;
export const dslContainerSchema: z.ZodType<DslContainer> = strict.container;
export const dslObjectsSchema = z.array(dslObjectSchema);

/** How deep containers may nest before the tolerant parser stops (hostile documents only). */
const MAX_DEPTH = 8;
let depth = 0;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseBlockLenient(value: unknown): DslBlock | null {
  if (!isRecord(value)) return null;
  let candidate: Record<string, unknown> = value;
  if (typeof value.type !== 'string') {
    // A typeless object holding blocks is a container; anything else is an unknown block.
    candidate = Array.isArray(value.content_blocks)
      ? { ...value, type: 'container' }
      : { ...value, type: 'unknown' };
  }
  if (candidate.type === 'container' && depth >= MAX_DEPTH) {
    return { ...candidate, type: 'container', content_blocks: [] } as DslContainer;
  }
  depth++;
  try {
    const parsed = lenient.block.safeParse(candidate);
    // The lenient schemas only fail on a broken discriminator; keep the object for the raw dump.
    return parsed.success ? parsed.data : ({ ...candidate, type: String(candidate.type) } as DslUnknownBlock);
  } finally {
    depth--;
  }
}

function parseBlocksLenient(values: unknown[]): DslBlock[] {
  return values.flatMap((value) => {
    const block = parseBlockLenient(value);
    return block ? [block] : [];
  });
}

/**
 * Reads DSL objects from anything: an array of objects, one object, an object carrying `dsl_objects`
 * or `content_blocks`, or a JSON string of those. Never throws; non-objects are dropped, unknown
 * types are kept, and a known block keeps every field whose value is usable.
 */
export function parseDslObjects(value: unknown): DslObject[] {
  let input = value;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      return [];
    }
  }
  if (Array.isArray(input)) return parseBlocksLenient(input);
  if (!isRecord(input)) return [];
  if (typeof input.type !== 'string' && Array.isArray(input.dsl_objects)) {
    return parseBlocksLenient(input.dsl_objects);
  }
  const block = parseBlockLenient(input);
  return block ? [block] : [];
}
