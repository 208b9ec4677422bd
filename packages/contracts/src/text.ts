import { z } from 'zod';

/**
 * The text rule every string from outside passes. PostgreSQL can hold neither a NUL character (text
 * and jsonb refuse U+0000) nor an unpaired UTF-16 surrogate (jsonb refuses `\ud800`), so such input is
 * refused at the door with a 400 instead of failing inside a query with a 500.
 */
export const TEXT_RULE_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** Limits on any JSON document a client sends, checked before anything serialises or stores it. */
export const JSON_LIMITS = {
  /** Arrays and objects nested deeper than this are refused (the DSL needs a handful of levels). */
  maxDepth: 48,
  /** Object keys longer than this are refused. */
  maxKeyLength: 256,
} as const;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds no NUL character and no unpaired surrogate. */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** `z.string()` with the text rule: every string field of a request contract starts here. */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, TEXT_RULE_MESSAGE);
}

/** What is wrong with a JSON value, named by its path ('a.b.0'), or undefined when it passes. */
export type JsonProblem = { path: string; message: string };

/**
 * Walks any JSON value (iteratively, so hostile nesting cannot exhaust the stack) and reports the
 * first string or key that breaks the text rule, the first key over the length limit, or nesting
 * deeper than `maxDepth`. Used on whole request bodies and query strings before any schema runs,
 * so fields a schema keeps as `unknown` (DSL content, preference documents) obey the rule too.
 */
export function findJsonProblem(
  value: unknown,
  limits: Partial<typeof JSON_LIMITS> = {},
): JsonProblem | undefined {
  const maxDepth = limits.maxDepth ?? JSON_LIMITS.maxDepth;
  const maxKeyLength = limits.maxKeyLength ?? JSON_LIMITS.maxKeyLength;
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 0, path: '' }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const { value: current, depth, path } = item;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return { path, message: TEXT_RULE_MESSAGE };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return { path, message: `must not nest deeper than ${maxDepth} levels` };
    if (Array.isArray(current)) {
      current.forEach((child, index) => {
        stack.push({ value: child, depth: depth + 1, path: join(path, index) });
      });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      if (key.length > maxKeyLength)
        return { path: join(path, key.slice(0, 32)), message: 'key is too long' };
      if (!isSafeText(key)) return { path, message: `keys ${TEXT_RULE_MESSAGE}` };
      stack.push({ value: child, depth: depth + 1, path: join(path, key) });
    }
  }
  return undefined;
}

/**
 * Nesting depth of a JSON text, measured on the text itself (brackets outside strings), so a body can
 * be refused before `JSON.parse` builds it or `JSON.stringify` recurses through it.
 */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) depth--;
  }
  return deepest;
}
