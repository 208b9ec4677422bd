// Issue #19, finding 4: text from a request (a question, an account name) is quoted in answers, and
// must never turn into the content markup of a card there: no bold, no colour, no forged figure.

import type { FuzzFailure } from './report.ts';

/**
 * Names and questions carrying content markup (docs/visualization-dsl.md). Their sentinels (FUZZBOLD,
 * FUZZSHOP, 7777777) appear in no markup the server writes itself.
 */
export const MARKUP_FORGERIES = [
  '**FUZZBOLD** /red FUZZSHOP /1 @number 7777777 @currency(USD) 7777777',
  '**FUZZBOLD**@currency(USD)7777777',
  '# FUZZBOLD\n- @number(7777777)\n@box /red FUZZSHOP',
] as const;

/** That markup unescaped (an escaped character has a backslash before it). */
const FORGED = [
  /(?<!\\)\*\*FUZZBOLD/,
  /(?<!\\)@(currency\(USD\)|number\(?)\s?7777777/,
  /(^|\s)\/red FUZZSHOP/m,
  /^#+ FUZZBOLD/m,
];

/** The answers whose cards the server writes: a turn's, and a thread's turns'. */
const CARD_ANSWERS = new Set([
  'POST /agent/chat',
  'GET /agent/dsl/:thread_id',
  'GET /db/visualization/get-dsl',
]);

/** Every content block's markup in a JSON answer, or in each event of a streamed one. */
function contentsOf(bodyText: string): string[] {
  const documents: unknown[] = [];
  const read = (text: string) => {
    try {
      documents.push(JSON.parse(text));
    } catch {
      // Not JSON: no card in it.
    }
  };
  if (bodyText.startsWith('data: ')) {
    for (const line of bodyText.split('\n')) if (line.startsWith('data: ')) read(line.slice(6));
  } else read(bodyText);
  const found: string[] = [];
  const stack = [...documents];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (record.type === 'content' && typeof record.content === 'string') found.push(record.content);
    stack.push(...Object.values(record));
  }
  return found;
}

/** A card of a successful chat answer that formats a request's text as markup. */
export function forgedMarkup(
  endpointKey: string,
  status: number,
  bodyText: string,
): Pick<FuzzFailure, 'kind' | 'cause' | 'detail'> | undefined {
  if (status !== 200 || !CARD_ANSWERS.has(endpointKey)) return undefined;
  for (const content of contentsOf(bodyText)) {
    const pattern = FORGED.find((forged) => forged.test(content));
    if (pattern)
      return { kind: 'forged-markup', cause: `content matches ${pattern}`, detail: content.slice(0, 300) };
  }
  return undefined;
}
