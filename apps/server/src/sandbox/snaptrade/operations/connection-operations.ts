import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SandboxStore } from '../../store.ts';
import { isBrokerSlug } from '../brokerages.ts';
import {
  MAX_PORTAL_TOKENS_PER_USER,
  PORTAL_NAMESPACE,
  type PortalSessionRecord,
  type SandboxUserRecord,
  USER_NAMESPACE,
  userKey,
} from '../state.ts';
import { announce } from '../webhooks.ts';
import { authorizationJson } from '../wire-format.ts';
import { accountsOf } from './account-datasets.ts';
import { errorResponse, issuesText, type Operation, type SnapTradeApi } from './context.ts';

/** A user's connections: the portal login link, the authorizations, and removing a connection. */

const PORTAL_TOKEN_MINUTES = 5;

const loginBody = z.object({
  broker: z.string().max(100).optional(),
  immediateRedirect: z.boolean().optional(),
  customRedirect: z
    .string()
    .max(2000)
    .url()
    .refine((url) => /^https?:$/.test(new URL(url).protocol), 'expected an http(s) URL')
    .optional(),
  reconnect: z.string().max(100).optional(),
  connectionType: z.enum(['read', 'trade', 'trade-if-available']).optional(),
  connectionPortalVersion: z.string().max(10).optional(),
  showCloseButton: z.boolean().optional(),
  darkMode: z.boolean().optional(),
  locale: z.string().max(20).optional(),
});

export function connectionOperations(api: SnapTradeApi): Operation[] {
  const { store, now } = api;
  return [
    {
      method: 'POST',
      path: '/snapTrade/login',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, body, user, clientId, publicBaseUrl }) => {
        const parsed = loginBody.safeParse(body ?? {});
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const { broker, customRedirect, reconnect, connectionType } = parsed.data;
        if (broker !== undefined && !isBrokerSlug(broker)) {
          return errorResponse(c, 'invalid-input', `broker: no brokerage with the slug '${broker}'`);
        }
        if (
          reconnect !== undefined &&
          !user.authorizations.some((authorization) => authorization.id === reconnect)
        ) {
          return errorResponse(c, 'not-found');
        }
        const token = randomBytes(24).toString('base64url');
        const sessionId = randomUUID();
        const session: PortalSessionRecord = {
          clientId,
          userId: user.userId,
          sessionId,
          customRedirect: customRedirect ?? null,
          broker: broker ?? null,
          reconnect: reconnect ?? null,
          // Every sandbox brokerage trades, so 'trade-if-available' is a trade connection here.
          connectionType:
            connectionType === 'trade' || connectionType === 'trade-if-available' ? 'trade' : 'read',
          expiresAt: new Date(now().getTime() + PORTAL_TOKEN_MINUTES * 60_000).toISOString(),
        };
        await store.put(PORTAL_NAMESPACE, token, session);
        await keepPortalTokens(store, now, user, { token, expiresAt: session.expiresAt });
        return c.json({ redirectURI: `${publicBaseUrl}/portal?token=${token}`, sessionId });
      },
    },
    {
      method: 'GET',
      path: '/authorizations',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) =>
        c.json(user.authorizations.map((authorization) => authorizationJson(authorization))),
    },
    {
      method: 'GET',
      path: '/authorizations/:authorizationId',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) => {
        const authorization = user.authorizations.find(({ id }) => id === c.req.param('authorizationId'));
        return authorization ? c.json(authorizationJson(authorization)) : errorResponse(c, 'not-found');
      },
    },
    {
      // SnapTrade's refreshBrokerageAuthorization: holdings are fetched again, and each account's
      // ACCOUNT_HOLDINGS_UPDATED webhook says when (here at once: the data is generated).
      method: 'POST',
      path: '/authorizations/:authorizationId/refresh',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) => {
        const authorization = user.authorizations.find(({ id }) => id === c.req.param('authorizationId'));
        if (!authorization) return errorResponse(c, 'not-found');
        announce(
          api.webhooks,
          user.userId,
          accountsOf(api, user, authorization).map((account) => ({
            eventType: 'ACCOUNT_HOLDINGS_UPDATED' as const,
            brokerageAuthorizationId: authorization.id,
            broker: authorization.broker,
            accountId: account.id,
          })),
        );
        return c.json({
          detail: `Connection ${authorization.id} has been scheduled for a holdings refresh.`,
        });
      },
    },
    {
      method: 'DELETE',
      path: '/authorizations/:authorizationId',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) => {
        const removed = await removeAuthorization(store, user, c.req.param('authorizationId'));
        return removed ? c.body(null, 204) : errorResponse(c, 'not-found');
      },
    },
    {
      method: 'DELETE',
      path: '/connection/:connectionId',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) => {
        const connectionId = c.req.param('connectionId');
        const removed = await removeAuthorization(store, user, connectionId);
        if (!removed) return errorResponse(c, 'not-found');
        // SnapTrade deletes asynchronously; the sandbox has already done it when it answers.
        return c.json({
          detail: `Connection ${connectionId} has been queued for deletion.`,
          connection_id: connectionId,
        });
      },
    },
  ];
}

/** Adds a portal link to the user's few; expired and surplus ones (the oldest) are deleted. */
async function keepPortalTokens(
  store: SandboxStore,
  now: () => Date,
  user: SandboxUserRecord,
  added: { token: string; expiresAt: string },
): Promise<void> {
  let dropped: string[] = [];
  await store.update<SandboxUserRecord>(USER_NAMESPACE, userKey(user.clientId, user.userId), (current) => {
    if (!current) return undefined;
    const all = [...(current.portalTokens ?? []), added];
    const kept = all
      .filter((entry) => Date.parse(entry.expiresAt) > now().getTime())
      .slice(-MAX_PORTAL_TOKENS_PER_USER);
    dropped = all.filter((entry) => !kept.includes(entry)).map((entry) => entry.token);
    return { ...current, portalTokens: kept };
  });
  for (const token of dropped) await store.delete(PORTAL_NAMESPACE, token);
}

async function removeAuthorization(
  store: SandboxStore,
  user: SandboxUserRecord,
  authorizationId: string | undefined,
): Promise<boolean> {
  if (!user.authorizations.some(({ id }) => id === authorizationId)) return false;
  await store.update<SandboxUserRecord>(USER_NAMESPACE, userKey(user.clientId, user.userId), (current) =>
    current
      ? { ...current, authorizations: current.authorizations.filter(({ id }) => id !== authorizationId) }
      : undefined,
  );
  return true;
}
