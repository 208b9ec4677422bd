import { findJsonProblem } from '@penny/contracts';
import type { z } from 'zod';
import type { AppContext } from './context.ts';
import { ApiFailure, describeZodError } from './errors.ts';

/** Parses the JSON body (already decrypted by the envelope middleware) with a contract schema. */
export async function readBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.infer<S>> {
  let raw: unknown = c.get('body');
  if (raw === undefined) {
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiFailure(400, 'Request body must be valid JSON.');
    }
  }
  refuseUnsafeJson(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiFailure(400, describeZodError(parsed.error));
  return parsed.data;
}

/**
 * The text rule and the depth bound over the whole value, before any schema: fields a schema keeps as
 * `unknown` (DSL content and keys) must not carry NUL or lone surrogates into the database either.
 */
function refuseUnsafeJson(value: unknown): void {
  const problem = findJsonProblem(value);
  if (problem)
    throw new ApiFailure(
      400,
      `Invalid request: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`,
    );
}

/** Parses the query string with a contract schema. */
export function readQuery<S extends z.ZodType>(c: AppContext, schema: S): z.infer<S> {
  const query = c.req.query();
  refuseUnsafeJson(query);
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new ApiFailure(400, describeZodError(parsed.error));
  return parsed.data;
}
