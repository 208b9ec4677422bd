// The names a request gives for its user: any one that is not the signed-in user's must be refused.

import type { Caller, FuzzCase } from './cases.ts';
import type { BuiltRequest, FuzzUser } from './context.ts';
import type { Endpoint } from './endpoints.ts';
import { fieldsDelivered } from './linked-invariants.ts';
import { isIndexable } from './records.ts';

/** Callers whose requests act as the fuzz user. */
const SIGNED_IN: ReadonlySet<Caller> = new Set(['user', 'user-cookie', 'cookie']);

const fold = (value: string) => value.normalize('NFC').trim().toLowerCase();
const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The fields of the request as the server reads them: the query's first values, or the body. */
function fieldsOf(request: BuiltRequest): Record<string, unknown> {
  if (request.method === 'GET') {
    return Object.fromEntries(new URL(request.path, 'http://fuzz.invalid').searchParams);
  }
  return isIndexable(request.value) ? request.value : {};
}

/**
 * Which name in the request's payload (top level or `user_info`) names someone else than `user`, as
 * docs/api.md says the server compares them; undefined when none does or the request does not act as
 * the user (anonymous, forged, or its fields never reached a handler).
 */
export function otherNameIn(
  c: FuzzCase,
  endpoint: Endpoint,
  request: BuiltRequest,
  user: FuzzUser,
): string | undefined {
  // Better Auth's and the sandbox vendors' fields are not Penny's names of the user: a `username` at
  // the Link stand-in or the brokerage portal is the bank's or brokerage's sandbox login (user_good).
  if (endpoint.service === 'auth' || endpoint.service === 'sandbox') return undefined;
  if (!SIGNED_IN.has(c.caller) || !fieldsDelivered(c, endpoint)) return undefined;
  const fields = fieldsOf(request);
  for (const claimed of [fields, isIndexable(fields.user_info) ? fields.user_info : {}]) {
    const { username, firstName, lastName, userId, email } = claimed;
    if (given(username) && ![user.username, user.email, user.id].map(fold).includes(fold(username)))
      return 'username';
    if (given(firstName) && fold(firstName) !== fold(user.firstName)) return 'firstName';
    if (given(lastName) && fold(lastName) !== fold(user.lastName)) return 'lastName';
    if (given(userId) && userId.trim() !== user.id) return 'userId';
    if (given(email) && fold(email) !== fold(user.email)) return 'email';
  }
  return undefined;
}
