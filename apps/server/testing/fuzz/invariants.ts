// The invariants every answer is held to: no 5xx; a 4xx carries a JSON error (our services: a
// documented code and its status); a redirect stays on our origin; a refused request changes no row.

import { API_ERROR_CODES, type ApiErrorCode, apiErrorBodySchema, COMMON_ERRORS } from '@penny/contracts';
import { ERROR_STATUS } from '../../src/http/errors.ts';
import type { TestApp } from '../app.ts';
import { MAIL_ON_REFUSAL } from './changes.ts';
import { CONTRACTS, type Endpoint, endpointKey } from './endpoints.ts';
import { forgedMarkup } from './markup-invariant.ts';
import { isIndexable } from './records.ts';
import type { FuzzFailure } from './report.ts';

const jsonError = (service: Endpoint['service'], parsed: unknown): boolean => {
  if (!isIndexable(parsed)) return false;
  // Our own routes answer { success: false, error }; Better Auth answers { code?, message }; the sandbox
  // vendors answer in their own shapes: Plaid { error_code, error_message }, SnapTrade { detail, code }.
  if (typeof parsed.error === 'string') return true;
  if (service === 'auth') return typeof parsed.message === 'string';
  if (service === 'sandbox')
    return typeof parsed.error_code === 'string' || typeof parsed.detail === 'string';
  return false;
};

/** The brokerage portal stand-in is a page: its refusals are pages too. */
const isPortalPage = (endpoint: Endpoint, headers: Headers) =>
  endpoint.path === '/sandbox/snaptrade/portal' &&
  (headers.get('content-type') ?? '').startsWith('text/html');

/** The first line of what an error log line says went wrong, and where in our code. */
function causeOf(line: string): string | undefined {
  let entry: {
    err?: { type?: string; message?: string; stack?: string };
    component?: string;
    cause?: string;
    msg?: string;
  };
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (entry.err) {
    const stack = entry.err.stack ?? '';
    const underlying = /caused by: (.*)/.exec(stack)?.[1] ?? entry.err.message?.split('\n')[0] ?? '';
    const where = /\/(apps\/[^\s)]+\.ts:\d+)/.exec(stack)?.[1];
    return `${entry.err.type ?? 'Error'}: ${underlying.slice(0, 200)}${where ? ` (at ${where})` : ''}`;
  }
  if (entry.component === 'auth') return `Better Auth: ${entry.cause ?? entry.msg}`;
  return undefined;
}

/**
 * What the app logged while answering: the error causes and the lines at warn level and above between
 * the previous request's log line and this one's (requests run one at a time).
 */
function logsOf(t: TestApp, requestId: string | null): { cause: string; lines: string } {
  const lines = t.logText().split('\n').filter(Boolean);
  let end = lines.length - 1;
  if (requestId) {
    const index = lines.findLastIndex((line) => line.includes(requestId));
    if (index >= 0) end = index;
  }
  const picked: string[] = [];
  const causes: string[] = [];
  for (let i = end; i >= 0 && picked.length < 12; i--) {
    const line = lines[i] ?? '';
    if (i < end && /"status":\d{3}/.test(line) && !(requestId && line.includes(requestId))) break;
    if (!/"level":(40|50|60)/.test(line)) continue;
    picked.unshift(line.length > 600 ? `${line.slice(0, 600)}…` : line);
    const cause = causeOf(line);
    if (cause) causes.unshift(cause);
  }
  return { cause: causes.join('; ') || '(nothing logged)', lines: picked.join('\n') };
}

type Answer = {
  endpoint: Endpoint;
  status: number;
  bodyText: string;
  headers: Headers;
  /** The rows the request changed, read only when the invariant needs them. */
  changes: () => Promise<Array<{ table: string; op: string; rows: number }>>;
};

/**
 * Every invariant an answer breaks: no 5xx, JSON 4xx errors, no request text formatted as markup in a
 * card, no off-site redirect, no change on refusal.
 */
export async function brokenInvariants(
  t: TestApp,
  origin: string,
  answer: Answer,
): Promise<Array<Pick<FuzzFailure, 'kind' | 'cause' | 'detail'>>> {
  const { endpoint, status, bodyText, headers } = answer;
  const broken: Array<Pick<FuzzFailure, 'kind' | 'cause' | 'detail'>> = [];
  if (status >= 500) {
    const logged = logsOf(t, headers.get('x-request-id'));
    broken.push({
      kind: '5xx',
      cause: logged.cause,
      detail: `answer ${bodyText.slice(0, 200)}\n${logged.lines}`,
    });
  }
  if (status >= 400 && status < 500) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      parsed = undefined;
    }
    if (!jsonError(endpoint.service, parsed) && !isPortalPage(endpoint, headers)) {
      broken.push({
        kind: '4xx-without-error',
        cause: `answer ${JSON.stringify(bodyText.slice(0, 80))}`,
        detail: `answer ${JSON.stringify(bodyText.slice(0, 200))} (${headers.get('content-type') ?? 'no content type'})`,
      });
    }
  }
  // Our services' contracts document their errors; Better Auth and the sandbox vendors have their own.
  if (status >= 400 && endpoint.service !== 'auth' && endpoint.service !== 'sandbox') {
    const problem = undocumented(endpoint, status, bodyText);
    if (problem) {
      broken.push({
        kind: 'undocumented-error',
        cause: problem,
        detail: `answer ${JSON.stringify(bodyText.slice(0, 200))}`,
      });
    }
  }
  const forged = forgedMarkup(endpointKey(endpoint), status, bodyText);
  if (forged) broken.push(forged);
  const location = headers.get('location');
  if (location) {
    const target = new URL(location, origin);
    if (target.origin !== new URL(origin).origin) {
      broken.push({
        kind: 'off-origin-redirect',
        cause: `to ${target.origin}`,
        detail: `Location: ${location}`,
      });
    }
  }
  // Refused: a 4xx, or a redirect that carries an error (Better Auth's answer to a bad link).
  const refused =
    (status >= 400 && status < 500) || (status >= 300 && status < 400 && /[?&]error=/.test(location ?? ''));
  if (refused) {
    const key = `${endpointKey(endpoint)} ${status}`;
    const changed = (await answer.changes()).filter(
      (change) => !(change.table === 'outbox' && MAIL_ON_REFUSAL.has(key)),
    );
    if (changed.length > 0) {
      broken.push({
        kind: 'row-changed',
        cause: changed.map((change) => `${change.table} ${change.op}`).join(', '),
        detail: `changed: ${changed.map((change) => `${change.table} ${change.op} ×${change.rows}`).join(', ')}; answer ${bodyText.slice(0, 160)}`,
      });
    }
  }
  return broken;
}

const documentedCache = new Map<string, ReadonlySet<ApiErrorCode>>();

/**
 * The error codes an endpoint of our services may answer: those every endpoint may (COMMON_ERRORS),
 * its contract's own, a body that is not JSON or too large, the envelope's refusals where bodies are
 * sealed, and not-found where a path parameter names nothing.
 */
function documentedErrors(endpoint: Endpoint): ReadonlySet<ApiErrorCode> {
  const key = endpointKey(endpoint);
  const known = documentedCache.get(key);
  if (known) return known;
  const codes = new Set<ApiErrorCode>([
    ...COMMON_ERRORS,
    ...(CONTRACTS.get(key)?.errors ?? []),
    'request:not-json',
    'request:too-large',
  ]);
  if (endpoint.service !== 'connect') {
    for (const code of API_ERROR_CODES) if (code.startsWith('envelope:')) codes.add(code);
  }
  if (endpoint.path.includes(':')) codes.add('request:not-found');
  documentedCache.set(key, codes);
  return codes;
}

/** What is wrong with an error answer of our services, or undefined: its body, code, or status. */
function undocumented(endpoint: Endpoint, status: number, bodyText: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return 'not JSON';
  }
  const body = apiErrorBodySchema.safeParse(parsed);
  if (!body.success) return `not an error body: ${JSON.stringify(parsed).slice(0, 80)}`;
  const { code } = body.data;
  if (!documentedErrors(endpoint).has(code)) return `code ${code} not documented`;
  if (ERROR_STATUS[code] !== status) return `status ${status} for ${code}`;
  return undefined;
}
