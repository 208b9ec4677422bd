// Requests the fuzz makes for its own setup (not fuzzed): sent as the web app sends them, answers read.

import { sealBody } from '@penny/contracts/envelope-seal';
import type { TestApp } from '../app.ts';
import { sessionCookie } from './build-request.ts';
import { isIndexable } from './records.ts';

export type Names = { token: string; username: string; firstName: string; lastName: string };

export type Answered = { status: number; body: Record<string, unknown> };

export async function answered(response: Response): Promise<Answered> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { text: text.slice(0, 300) };
  }
  const record = isIndexable(body) ? body : { body };
  return { status: response.status, body: record };
}

export const namesOf = (user: Names) => ({
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
});

/** A /db or /agent POST as the web app sends it: sealed, with the bearer token, the user's names added. */
export async function sealedPost(
  t: TestApp,
  boxPublicKey: string,
  user: Names,
  path: string,
  fields: Record<string, unknown>,
): Promise<Answered> {
  const body = { ...namesOf(user), ...fields };
  const response = await t.app.request(path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'x-encrypted': '1',
    },
    body: JSON.stringify(sealBody({ serverPublicKey: boxPublicKey, method: 'POST', path, body })),
  });
  return answered(response);
}

/** A /connect/api POST as the web app sends it: a form, the session cookie and our Origin. */
export async function connectPost(
  t: TestApp,
  user: Names,
  path: string,
  fields: Record<string, string> = {},
): Promise<Answered> {
  const response = await t.app.request(`/connect/api${path}`, {
    method: 'POST',
    headers: {
      cookie: sessionCookie(user.token),
      origin: t.config.publicUrl,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ ...namesOf(user), ...fields }).toString(),
  });
  return answered(response);
}

export function expectOk(what: string, answer: Answered): Record<string, unknown> {
  if (answer.status !== 200) {
    throw new Error(
      `fuzz setup: ${what} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
  }
  return answer.body;
}
