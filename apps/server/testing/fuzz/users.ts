// The fuzz users: made with saved resources (and linked accounts), and kept usable after a request
// legitimately deletes their resources, ends their session, changes their password or deletes them.

import { createHmac } from 'node:crypto';
import type { ProposalItem } from '@penny/contracts';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../app.ts';
import type { FuzzCase } from './cases.ts';
import type { BuildContext, BuiltRequest, FuzzUser, LinkPlan } from './context.ts';
import { freshLinkSession, linkAccounts, removedParts } from './linking.ts';
import { isIndexable, propertyOf } from './records.ts';
import type { FuzzReport } from './report.ts';
import { type Names, sealedPost } from './setup-requests.ts';

/** Endpoints after whose success some of the caller's linked accounts may be gone. */
const ACCOUNT_REMOVING = /\/(disconnect-account|plaid\/disconnect|snaptrade\/disconnect|delete-user-data)$/;

/**
 * Endpoints after whose success the caller's spare public token may be spent (set_access_token) or its
 * link token, or its portal token, no longer among the user's newest (each call makes another).
 */
const LINK_SESSION_SPENDING =
  /\/connect\/api\/(create_link_token|set_access_token|snaptrade\/get_login_uri)$/;

/** Endpoints after whose success the caller's session or password may be gone. */
const SESSION_ENDING =
  /\/(sign-out|revoke-session|revoke-sessions|revoke-other-sessions|change-password|delete-user|delete-user-account|reset-password|change-email|update-user)\b/;

/**
 * Two saved resources for the user, stored and listed through the API as the web app does: the id of
 * one (for get-resource and delete-resource) and a real cursor to the second page of the list.
 */
async function seedResources(t: TestApp, boxPublicKey: string, user: Names) {
  const names = { username: user.username, firstName: user.firstName, lastName: user.lastName };
  const storeSeed = async (title: string): Promise<string> => {
    const stored = await sealedPost(t, boxPublicKey, user, '/db/store-resource', {
      thread_id: 'fuzz-thread',
      query_id: 'fuzz-query',
      dsl_objects: [{ type: 'container', title, content_blocks: [{ type: 'content', content: 'x' }] }],
    });
    const id = stored.body.resource_id;
    if (typeof id !== 'string') throw new Error(`fuzz setup: store-resource answered ${stored.status}`);
    return id;
  };
  const resourceId = await storeSeed('Fuzz seed one');
  await storeSeed('Fuzz seed two');
  const listed = await t.app.request(
    `/db/get-user-resources?${new URLSearchParams({ ...names, limit: '1' })}`,
    {
      headers: { authorization: `Bearer ${user.token}` },
    },
  );
  const cursor = propertyOf(await listed.json(), 'next_cursor');
  if (typeof cursor !== 'string' || !cursor) {
    throw new Error(`fuzz setup: get-user-resources answered ${listed.status} without a cursor`);
  }
  return { resourceId, cursor };
}

/** A rule the fuzz users' proposals name: it matches nothing the sandbox bank holds. */
const FUZZ_RULE: ProposalItem = {
  id: 'rule',
  kind: 'category_rule',
  description: 'From now on, file transactions from the merchant "fuzz merchant" under Entertainment',
  rule: { match: 'merchant', text: 'fuzz merchant' },
  before: null,
  after: { category: 'ENTERTAINMENT', category_detailed: null },
};

/**
 * Two proposals for the user, as the agent stores them: one left open (confirm and cancel reach it),
 * one confirmed through the API as the web app confirms, for the change undo reaches. Both belong to a
 * finished turn of 'thread-fuzz-a', a thread both fuzz users chat in, so get-messages shows them (its
 * `proposal`) and the cross-user invariants see another user's proposal never named there.
 */
async function seedProposals(t: TestApp, boxPublicKey: string, user: Names & { id: string }) {
  const turn = { threadId: 'thread-fuzz-a', queryId: 'fuzz-query' };
  await t.services.chat.beginTurn(user.id, { ...turn, message: 'set a rule', model: 'penny-analyst' });
  await t.services.chat.finishTurn(user.id, turn.queryId, {
    status: 'clarification_needed',
    answer: 'Proposed a rule.',
    agentActions: [],
    dslObjects: [],
    model: 'penny-analyst',
    timings: {},
  });
  const proposal = () =>
    t.services.actions.propose(user.id, { ...turn, title: 'Confirm', items: [FUZZ_RULE] });
  const open = await proposal();
  const executed = await proposal();
  const confirmed = await sealedPost(t, boxPublicKey, user, '/agent/actions/confirm', {
    proposal_id: executed.id,
    item_ids: ['rule'],
    idempotency_key: `fuzz-seed-${executed.id}`,
  });
  const outcomes = propertyOf(confirmed.body, 'outcomes');
  const changeId = Array.isArray(outcomes) ? propertyOf(outcomes[0], 'change_id') : undefined;
  if (typeof changeId !== 'string') throw new Error(`fuzz setup: confirm answered ${confirmed.status}`);
  return { proposalId: open.id, changeId };
}

/** A signed-up user with two saved resources, and with `plan` the accounts it names linked. */
export async function newFuzzUser(t: TestApp, boxPublicKey: string, plan?: LinkPlan): Promise<FuzzUser> {
  const { token, user } = await t.signUpVerifiedUser();
  const seeded = await seedResources(t, boxPublicKey, { token, ...user });
  const proposals = await seedProposals(t, boxPublicKey, { token, ...user });
  // The bearer token is the session token and its signature, joined by a dot.
  const [sessionToken = ''] = decodeURIComponent(token).split('.');
  const fuzzUser: FuzzUser = {
    id: user.id,
    token,
    sessionToken,
    email: user.email,
    password: user.password,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    ...seeded,
    ...proposals,
  };
  if (plan) fuzzUser.linked = await linkAccounts(t, boxPublicKey, fuzzUser, plan);
  return fuzzUser;
}

/**
 * A new session for a user whose session a request ended (sign-out, revoke), made the way Better Auth
 * makes one after a sign-in, and signed as its cookie is: the fuzz keeps a caller without paying a
 * password hash each time (sign-in itself is among the fuzzed endpoints).
 */
async function restoreSession(t: TestApp, user: FuzzUser): Promise<FuzzUser> {
  const context = await t.auth.$context;
  const session = await context.internalAdapter.createSession(user.id);
  const signature = createHmac('sha256', t.secrets.authSecret).update(session.token).digest('base64');
  return { ...user, token: encodeURIComponent(`${session.token}.${signature}`), sessionToken: session.token };
}

/** The caller's user as its session sees it now, or null when the session no longer works. */
async function sessionUser(t: TestApp, user: FuzzUser): Promise<Record<string, unknown> | null> {
  const response = await t.app.request('/api/auth/get-session', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  if (!response.ok) return null;
  const found = propertyOf(await response.json().catch(() => null), 'user');
  return isIndexable(found) && found.id === user.id ? found : null;
}

async function userExists(t: TestApp, user: FuzzUser): Promise<boolean> {
  return (await t.rows(sql`select 1 from "user" where id = ${user.id}`)).length > 0;
}

/**
 * After a request that succeeded, keeps the caller usable for the requests that follow: new saved
 * resources when its own were deleted; its current names after update-user; its new password after
 * change-password; a new session when the request ended its own; a new user when it deleted the
 * account. True when that wrote rows (the change log's mark must then move past them).
 */
export async function keepCallerUsable(
  t: TestApp,
  ctx: BuildContext,
  c: FuzzCase,
  request: BuiltRequest,
  boxPublicKey: string,
  report: FuzzReport,
): Promise<boolean> {
  let relinked = false;
  if (ctx.plan && ctx.user.linked && ACCOUNT_REMOVING.test(c.endpoint)) {
    const removed = await removedParts(t, ctx.user);
    if (removed.size > 0) {
      ctx.user.linked = await linkAccounts(t, boxPublicKey, ctx.user, ctx.plan, ctx.user.linked, removed);
      report.relinks++;
      relinked = true;
    }
  }
  if (ctx.plan && ctx.user.linked && LINK_SESSION_SPENDING.test(c.endpoint)) {
    // A spare token was spent, or pushed out by newer ones: fresh ones.
    ctx.user.linked = await freshLinkSession(t, ctx.user, ctx.plan, ctx.user.linked, c.endpoint);
    relinked = true;
  }
  if (/\/(agent\/actions\/(confirm|cancel)|db\/delete-user-data)$/.test(c.endpoint)) {
    // The open proposal was answered (or erased with the data): a fresh one for the requests that follow.
    const [open] = await t.rows(
      sql`select 1 from action_proposal where id = ${ctx.user.proposalId} and status = 'open'`,
    );
    if (!open) {
      ctx.user = { ...ctx.user, ...(await seedProposals(t, boxPublicKey, ctx.user)) };
      relinked = true;
    }
  }
  if (/\/db\/delete-(resource|user-data)$/.test(c.endpoint)) {
    const { username, firstName, lastName } = ctx.user;
    const kept = await t.app.request(
      `/db/get-resource/${encodeURIComponent(ctx.user.resourceId)}?${new URLSearchParams({ username, firstName, lastName })}`,
      { headers: { authorization: `Bearer ${ctx.user.token}` } },
    );
    if (kept.status !== 404) return relinked;
    ctx.user = { ...ctx.user, ...(await seedResources(t, boxPublicKey, ctx.user)) };
    return true;
  }
  if (!(c.caller === 'user' || c.caller === 'user-cookie' || c.caller === 'cookie')) return relinked;
  if (!SESSION_ENDING.test(c.endpoint)) return relinked;
  if (/\/change-password$/.test(c.endpoint) && typeof request.value === 'object' && request.value) {
    const next = propertyOf(request.value, 'newPassword');
    if (typeof next === 'string') ctx.user = { ...ctx.user, password: next };
  }
  const current = await sessionUser(t, ctx.user);
  if (current) {
    const text = (key: string, fallback: string) => {
      const value = current[key];
      return typeof value === 'string' ? value : fallback;
    };
    ctx.user = {
      ...ctx.user,
      username: text('username', ctx.user.username),
      firstName: text('firstName', ctx.user.firstName),
      lastName: text('lastName', ctx.user.lastName),
    };
    return relinked;
  }
  if (await userExists(t, ctx.user)) {
    ctx.user = await restoreSession(t, ctx.user);
    report.sessionsRestored++;
  } else {
    ctx.user = await newFuzzUser(t, boxPublicKey, ctx.plan);
    report.usersCreated++;
  }
  return true;
}
