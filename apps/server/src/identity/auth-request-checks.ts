import {
  emptyRequestSchema,
  findJsonProblem,
  isSafeText,
  JSON_LIMITS,
  jsonTextDepth,
} from '@penny/contracts';
import type { z } from 'zod';
import type { AuthEndpointPath } from './auth-endpoints.ts';
import { isSafeRedirectTarget } from './redirect-target.ts';

/**
 * The checks the gateway makes before Better Auth sees a request: the text rule and a depth bound on
 * every body and query value, the endpoint's contract schema, same-origin redirect targets. Refusals
 * have Better Auth's own error shape `{ code, message }`.
 */

/** Query and body fields that name a URL Better Auth will redirect to or put in a mail. */
const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;
const MAX_QUERY_VALUE = 2048;
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{1,512}$/;

export type CheckedBody = { text: string; value: Record<string, unknown> };

export function authError(status: number, code: string, message: string, headers?: Record<string, string>) {
  return Response.json({ code, message }, { status, ...(headers ? { headers } : {}) });
}

export const invalid = (message: string) => authError(400, 'VALIDATION_ERROR', message);

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  // Sign-up's messages are the form's own sentences; elsewhere name the field.
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return issue.message.endsWith('.') ? issue.message : `Invalid request: ${where}${issue.message}`;
}

/** The query string's values: each passes the text rule; redirect targets must stay on our origin. */
export function checkQuery(
  url: URL,
  path: AuthEndpointPath,
  origins: readonly string[],
): Response | undefined {
  for (const [key, value] of url.searchParams) {
    if (!isSafeText(key) || !isSafeText(value) || value.length > MAX_QUERY_VALUE)
      return invalid(`Invalid request: ${key.slice(0, 40)}: is not valid text`);
    if ((REDIRECT_FIELDS as readonly string[]).includes(key) && !isSafeRedirectTarget(value, origins))
      return invalid(`Invalid request: ${key}: must be a page of this site`);
    if (key === 'token' && !TOKEN_PATTERN.test(value)) return invalid('Invalid request: token: is not valid');
  }
  if (path === '/reset-password/:token') {
    const token = url.pathname.split('/').at(-1) ?? '';
    if (!TOKEN_PATTERN.test(token)) return invalid('Invalid request: token: is not valid');
  }
  return undefined;
}

/** The JSON body, checked against the endpoint's schema; a Response when it is refused. */
export async function readBody(
  request: Request,
  schema: z.ZodType,
  origins: readonly string[],
): Promise<CheckedBody | Response> {
  const text = await request.text();
  if (text.trim() === '' && schema === emptyRequestSchema) return { text: '{}', value: {} };
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    return authError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.');
  if (jsonTextDepth(text) > JSON_LIMITS.maxDepth) return invalid('Request body is nested too deeply.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return invalid('Request body must be valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return invalid('Request body must be a JSON object.');
  const problem = findJsonProblem(value);
  if (problem) return invalid(`Invalid request: ${problem.path || 'body'}: ${problem.message}`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) return invalid(describeIssue(parsed.error));
  for (const field of REDIRECT_FIELDS) {
    const target = (value as Record<string, unknown>)[field];
    if (typeof target === 'string' && !isSafeRedirectTarget(target, origins))
      return invalid(`Invalid request: ${field}: must be a page of this site`);
  }
  return { text, value: value as Record<string, unknown> };
}
