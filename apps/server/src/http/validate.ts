import { type ApiErrorCode, findJsonProblem, resourceMessages } from '@penny/contracts';
import type { z } from 'zod';
import type { AppContext } from './context.ts';
import { ApiFailure, describeZodError } from './errors.ts';

/**
 * Sentences the requirements give for a refused payload (docs/product/identity.md and docs/product/chat.md,
 * "Validation rules"): when a schema issue carries one, the answer is that sentence alone, with its own code.
 */
const SPEC_SENTENCES: Readonly<Record<string, ApiErrorCode>> = {
  [resourceMessages.missingUserInfo]: 'resource:missing-user-info',
};

function refusal(error: z.ZodError): ApiFailure {
  const sentence = error.issues.find((issue) => issue.message in SPEC_SENTENCES)?.message;
  if (sentence) return new ApiFailure(SPEC_SENTENCES[sentence] ?? 'request:invalid', sentence);
  return new ApiFailure('request:invalid', describeZodError(error));
}

/** Parses the JSON body (already decrypted by the envelope middleware) with a contract schema. */
export async function readBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.infer<S>> {
  let raw: unknown = c.get('body');
  if (raw === undefined) {
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiFailure('request:not-json', 'Request body must be valid JSON.');
    }
  }
  refuseUnsafeJson(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw refusal(parsed.error);
  return parsed.data;
}

/**
 * The text rule and the depth bound over the whole value, before any schema: fields a schema keeps as
 * `unknown` (DSL content and keys) must not carry NUL or lone surrogates into the database either.
 */
function refuseUnsafeJson(value: unknown): void {
  const problem = findJsonProblem(value);
  if (problem) {
    const where = problem.path ? `${problem.path}: ` : '';
    throw new ApiFailure('request:invalid', `Invalid request: ${where}${problem.message}`);
  }
}

/** Parses the query string with a contract schema. */
export function readQuery<S extends z.ZodType>(c: AppContext, schema: S): z.infer<S> {
  const query = c.req.query();
  refuseUnsafeJson(query);
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw refusal(parsed.error);
  return parsed.data;
}
