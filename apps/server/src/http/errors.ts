import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { AppContext } from './context.ts';

/** A failure the caller caused or may see: rendered as `{ success: false, error }` with its status. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  readonly status: ContentfulStatusCode;
  constructor(status: ContentfulStatusCode, message: string) {
    super(message);
    this.status = status;
  }
}

export function fail(c: AppContext, status: ContentfulStatusCode, error: string) {
  return c.json({ success: false as const, error }, status);
}

/** One readable sentence naming each bad field, e.g. "Invalid request: firstName: Required". */
export function describeZodError(error: ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `${where}${issue.message}`;
  });
  return `Invalid request: ${parts.join('; ')}`;
}
