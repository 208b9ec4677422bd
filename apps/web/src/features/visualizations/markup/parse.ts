import { isMarkupIconName, type MarkupIconName } from './icon-names.ts';

/**
 * The content-block markup (grammar: docs/visualization-dsl.md) parsed to a small AST. Pure: no React,
 * no HTML. Every input parses; what is not markup stays text. Linear in the input's length.
 */

export type MarkupColor = 'green' | 'red' | 'blue';
export type MarkupSize = 1 | 2 | 3;

export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; children: InlineNode[] }
  | { kind: 'italic'; children: InlineNode[] }
  /** `@currency(CODE) amount`; `code` is upper-cased, not checked (the renderer falls back to "CODE 12.00"). */
  | { kind: 'currency'; code: string; amount: number; raw: string }
  /** `@number 1234.5` / `@number 12%`; `decimals` as written. */
  | { kind: 'number'; value: number; decimals: number; percent: boolean; raw: string }
  | { kind: 'icon'; name: MarkupIconName }
  /** Text after a colour and/or size marker, up to the end of its line or the next marker. */
  | { kind: 'styled'; color: MarkupColor | null; size: MarkupSize | null; children: InlineNode[] }
  | { kind: 'break' };

export type ListItemNode = {
  /** Numbered items: the number as written ("1.2."); null for bullets. */
  label: string | null;
  children: InlineNode[];
  /** Deeper levels under this item. */
  lists: ListNode[];
};
export type ListNode = { kind: 'list'; ordered: boolean; items: ListItemNode[] };

export type BlockNode =
  | { kind: 'heading'; level: 1 | 2 | 3; children: InlineNode[] }
  | { kind: 'paragraph'; children: InlineNode[] }
  | { kind: 'rule' }
  | ListNode
  | { kind: 'box'; children: BlockNode[] };

// --- Inline ------------------------------------------------------------------------------------

const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\.\d+`;
const CURRENCY_RE = new RegExp(String.raw`@currency\(\s*([A-Za-z]{3})\s*\)\s*(${NUMBER})`, 'y');
const NUMBER_RE = new RegExp(String.raw`@number(?:\(\s*(${NUMBER})(%?)\s*\)|\s+(${NUMBER})(%?))`, 'y');
const ICON_RE = /@icon:([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)/y;
/**
 * A backslash makes the next markup character literal: `\*`, `\_`, `\@`, `\/`, `\#`, `\-`, `\\`, and
 * `\.`, `\)`, `\•` (a numbered item's label, a bullet), so any text can be written as plain text
 * (`escapeMarkup` in the contracts).
 */
const ESCAPABLE = new Set(['*', '_', '@', '/', '#', '-', '\\', '.', ')', '•']);
const MAX_INLINE_DEPTH = 6;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

function isSpace(char: string | undefined): boolean {
  return char === undefined || /\s/.test(char);
}

function decimalsOf(raw: string): number {
  const dot = raw.indexOf('.');
  return dot === -1 ? 0 : Math.min(raw.length - dot - 1, 8);
}

function toNumber(raw: string): number {
  return Number.parseFloat(raw.replace(/,/g, ''));
}

/** True when the character at `at` follows an odd run of backslashes: it is escaped, not markup. */
function isEscaped(text: string, at: number): boolean {
  let run = 0;
  for (let k = at - 1; k >= 0 && text[k] === '\\'; k--) run++;
  return run % 2 === 1;
}

/**
 * The next `delimiter` at or after `from` that is not escaped, or -1: `**a\***` closes at the last two
 * stars. (A backslash run before each candidate is read once, so the search stays linear.)
 */
function indexOfUnescaped(text: string, delimiter: string, from: number): number {
  let at = text.indexOf(delimiter, from);
  while (at !== -1 && isEscaped(text, at)) at = text.indexOf(delimiter, at + 1);
  return at;
}

function stickyMatch(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** Bold, italic, `@currency`, `@number`, `@icon` and escapes inside one segment of a line. */
export function parseInline(text: string, depth = 0): InlineNode[] {
  if (depth >= MAX_INLINE_DEPTH) return text ? [{ kind: 'text', text }] : [];
  const out: InlineNode[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  // Once a closing delimiter is missing, none appears later either: stop looking (keeps this linear).
  let boldCloses = true;
  let boldItalicCloses = true;
  let starCloses = true;
  let underscoreCloses = true;
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    const next = text[i + 1];

    if (char === '\\' && next !== undefined && ESCAPABLE.has(next)) {
      buffer += next;
      i += 2;
      continue;
    }

    if (char === '@') {
      const currency = stickyMatch(CURRENCY_RE, text, i);
      if (currency) {
        flush();
        const raw = currency[2] as string;
        out.push({
          kind: 'currency',
          code: (currency[1] as string).toUpperCase(),
          amount: toNumber(raw),
          raw,
        });
        i += currency[0].length;
        continue;
      }
      const number = stickyMatch(NUMBER_RE, text, i);
      if (number) {
        flush();
        const raw = (number[1] ?? number[3]) as string;
        const percent = (number[2] ?? number[4]) === '%';
        out.push({ kind: 'number', value: toNumber(raw), decimals: decimalsOf(raw), percent, raw });
        i += number[0].length;
        continue;
      }
      const icon = stickyMatch(ICON_RE, text, i);
      const name = icon?.[1]?.toLowerCase();
      if (icon && name && isMarkupIconName(name)) {
        flush();
        out.push({ kind: 'icon', name });
        i += icon[0].length;
        continue;
      }
    }

    if (char === '*' && next === '*' && text[i + 2] === '*' && boldItalicCloses && !isSpace(text[i + 3])) {
      const close = indexOfUnescaped(text, '***', i + 3);
      if (close === -1) boldItalicCloses = false;
      else if (!isSpace(text[close - 1])) {
        flush();
        out.push({
          kind: 'bold',
          children: [{ kind: 'italic', children: parseInline(text.slice(i + 3, close), depth + 2) }],
        });
        i = close + 3;
        continue;
      }
    }

    if (char === '*' && next === '*' && boldCloses && !isSpace(text[i + 2])) {
      const close = indexOfUnescaped(text, '**', i + 2);
      if (close === -1) boldCloses = false;
      else if (close > i + 2 && !isSpace(text[close - 1])) {
        flush();
        out.push({ kind: 'bold', children: parseInline(text.slice(i + 2, close), depth + 1) });
        i = close + 2;
        continue;
      }
    }

    if (char === '*' && next !== '*' && starCloses && !isSpace(next) && !isWordChar(text[i - 1])) {
      const close = indexOfUnescaped(text, '*', i + 1);
      if (close === -1) starCloses = false;
      else if (!isSpace(text[close - 1]) && text[close + 1] !== '*') {
        flush();
        out.push({ kind: 'italic', children: parseInline(text.slice(i + 1, close), depth + 1) });
        i = close + 1;
        continue;
      }
    }

    if (char === '_' && underscoreCloses && !isWordChar(text[i - 1]) && !isSpace(next) && next !== '_') {
      const close = indexOfUnescaped(text, '_', i + 1);
      if (close === -1) underscoreCloses = false;
      else if (!isSpace(text[close - 1]) && !isWordChar(text[close + 1])) {
        flush();
        out.push({ kind: 'italic', children: parseInline(text.slice(i + 1, close), depth + 1) });
        i = close + 1;
        continue;
      }
    }

    buffer += char;
    i++;
  }
  flush();
  return out;
}

// --- Markers -----------------------------------------------------------------------------------

/** `/green`, `/red`, `/blue`, `/1`, `/2`, `/3` at the start of a line or after a space, before a space. */
const MARKER_RE = /(^|\s)\/(green|red|blue|1|2|3)(?=\s|$)/g;

type Style = { color: MarkupColor | null; size: MarkupSize | null };

/**
 * One line of text: colour and size markers split it into segments, each styled by the markers before
 * it on the same line (a colour marker replaces the colour, a size marker the size).
 */
export function parseLine(line: string): InlineNode[] {
  const out: InlineNode[] = [];
  let style: Style = { color: null, size: null };
  let from = 0;
  const emit = (text: string) => {
    if (!text) return;
    const children = parseInline(text);
    if (style.color === null && style.size === null) out.push(...children);
    else if (children.length > 0)
      out.push({ kind: 'styled', color: style.color, size: style.size, children });
  };
  MARKER_RE.lastIndex = 0;
  for (let match = MARKER_RE.exec(line); match; match = MARKER_RE.exec(line)) {
    const lead = match[1] as string;
    emit(line.slice(from, match.index + lead.length));
    const marker = match[2] as string;
    style =
      marker === 'green' || marker === 'red' || marker === 'blue'
        ? { ...style, color: marker }
        : { ...style, size: Number(marker) as MarkupSize };
    from = match.index + match[0].length;
    // The one space after a marker separates it from the text; it is not part of the text.
    if (line[from] === ' ' || line[from] === '\t') from++;
  }
  emit(line.slice(from));
  return out;
}

// --- Blocks ------------------------------------------------------------------------------------

const HEADING_RE = /^(#{1,3})\s+(.*)$/;
const RULE_RE = /^-{3,}$/;
const BULLET_RE = /^(-{1,3}|[*•])\s+(.*)$/;
const NUMBERED_RE = /^(\d{1,3}(?:\.\d{1,3}){0,2})([.)])\s+(.*)$/;
const BOX_RE = /^@box(?:\s+(.*))?$/i;
const BOX_END_RE = /^@end$/i;

type FlatItem = { ordered: boolean; level: number; label: string | null; text: string };

function listItemOf(line: string): FlatItem | null {
  const bullet = BULLET_RE.exec(line);
  if (bullet) {
    const marker = bullet[1] as string;
    return {
      ordered: false,
      level: marker.startsWith('-') ? marker.length : 1,
      label: null,
      text: bullet[2] as string,
    };
  }
  const numbered = NUMBERED_RE.exec(line);
  if (numbered) {
    const number = numbered[1] as string;
    return {
      ordered: true,
      level: number.split('.').length,
      label: `${number}${numbered[2] as string}`,
      text: numbered[3] as string,
    };
  }
  return null;
}

/** Nests flat items by level: a deeper item goes under the item before it (levels never skip). */
function buildLists(flat: FlatItem[]): ListNode[] {
  const roots: ListNode[] = [];
  const stack: ListNode[] = [];
  for (const item of flat) {
    const level = Math.min(Math.max(item.level, 1), stack.length + 1);
    while (stack.length > level) stack.pop();
    const node: ListItemNode = { label: item.label, children: parseLine(item.text), lists: [] };
    const current = stack[level - 1];
    if (current && current.ordered === item.ordered) {
      current.items.push(node);
      continue;
    }
    if (current) stack.pop();
    const list: ListNode = { kind: 'list', ordered: item.ordered, items: [node] };
    const parent = stack[level - 2];
    const parentItem = parent?.items[parent.items.length - 1];
    if (parentItem) parentItem.lists.push(list);
    else roots.push(list);
    stack.push(list);
  }
  return roots;
}

function parseLines(lines: string[], allowBoxes: boolean): BlockNode[] {
  const blocks: BlockNode[] = [];
  let paragraph: string[] = [];
  let items: FlatItem[] = [];
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const children: InlineNode[] = [];
    paragraph.forEach((line, index) => {
      if (index > 0) children.push({ kind: 'break' });
      children.push(...parseLine(line));
    });
    blocks.push({ kind: 'paragraph', children });
    paragraph = [];
  };
  const flushList = () => {
    if (items.length === 0) return;
    blocks.push(...buildLists(items));
    items = [];
  };
  const flush = () => {
    flushParagraph();
    flushList();
  };

  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') {
      flush();
      continue;
    }
    const box = allowBoxes ? BOX_RE.exec(line) : null;
    if (box) {
      flush();
      const rest = box[1]?.trim();
      if (rest) {
        blocks.push({ kind: 'box', children: parseLines([rest], false) });
        continue;
      }
      // `@box` alone: the box holds the lines up to `@end` (or to the end of the text).
      const inner: string[] = [];
      for (i++; i < lines.length && !BOX_END_RE.test((lines[i] as string).trim()); i++)
        inner.push(lines[i] as string);
      blocks.push({ kind: 'box', children: parseLines(inner, false) });
      continue;
    }
    const heading = HEADING_RE.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] as string).length as 1 | 2 | 3;
      blocks.push({ kind: 'heading', level, children: parseLine(heading[2] as string) });
      continue;
    }
    if (RULE_RE.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
      continue;
    }
    const item = listItemOf(line);
    if (item) {
      flushParagraph();
      items.push(item);
      continue;
    }
    flushList();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Parses a content block's text. Never throws. */
export function parseMarkup(content: string): BlockNode[] {
  return parseLines(content.replace(/\r\n?/g, '\n').split('\n'), true);
}
