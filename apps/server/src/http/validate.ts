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
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiFailure(400, describeZodError(parsed.error));
  return parsed.data;
}

/** Parses the query string with a contract schema. */
export function readQuery<S extends z.ZodType>(c: AppContext, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw new ApiFailure(400, describeZodError(parsed.error));
  return parsed.data;
}
