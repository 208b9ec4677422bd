import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { hashSecret, type SandboxUserRecord, SCENARIO_NAMES, USER_NAMESPACE, userKey } from '../state.ts';
import { TRADING_NAMESPACE } from '../trading.ts';
import { errorResponse, issuesText, type Operation, type SnapTradeApi } from './context.ts';

/** Partner calls (signed with the partner's keys, no user): register, delete and list users; the scenarios. */

const DEFAULT_TIMEOUT_DELAY_MS = 15_000;
const MAX_DELAY_MS = 120_000;

const registerBody = z.object({ userId: z.string().trim().min(1).max(255) });
const scenarioBody = z.object({
  userId: z.string().min(1).max(255),
  scenario: z.enum(SCENARIO_NAMES).nullable(),
  delay_ms: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
});

export function partnerOperations({ store, now }: SnapTradeApi): Operation[] {
  return [
    {
      method: 'POST',
      path: '/snapTrade/registerUser',
      scope: 'partner',
      handle: async ({ c, body, clientId }) => {
        const parsed = registerBody.safeParse(body);
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const { userId } = parsed.data;
        const userSecret = randomUUID();
        let created = false;
        await store.update<SandboxUserRecord>(USER_NAMESPACE, userKey(clientId, userId), (current) => {
          if (current) return current;
          created = true;
          return {
            clientId,
            userId,
            secretHash: hashSecret(userSecret),
            createdAt: now().toISOString(),
            connectionsMade: 0,
            authorizations: [],
            scenario: null,
          };
        });
        if (!created) {
          return errorResponse(c, 'user-exists', `User with the following userId already exist: '${userId}'`);
        }
        return c.json({ userId, userSecret });
      },
    },
    {
      method: 'DELETE',
      path: '/snapTrade/deleteUser',
      scope: 'partner',
      handle: async ({ c, query, clientId }) => {
        const userId = query.get('userId');
        if (!userId) return errorResponse(c, 'invalid-input', 'userId: required');
        let existed = false;
        await store.update<SandboxUserRecord>(USER_NAMESPACE, userKey(clientId, userId), (current) => {
          existed = current !== undefined;
          return undefined;
        });
        if (!existed) return errorResponse(c, 'not-found');
        await store.delete(TRADING_NAMESPACE, userKey(clientId, userId));
        return c.json({
          status: 'deleted',
          detail: `SnapTrade user ${userId} and all of their connections have been deleted.`,
          userId,
        });
      },
    },
    {
      method: 'GET',
      path: '/snapTrade/listUsers',
      scope: 'partner',
      handle: async ({ c, clientId }) => {
        const users = await store.list<SandboxUserRecord>(USER_NAMESPACE);
        return c.json(
          users.filter(({ value }) => value.clientId === clientId).map(({ value }) => value.userId),
        );
      },
    },
    {
      method: 'POST',
      path: '/sandbox/scenario',
      scope: 'partner',
      handle: async ({ c, body, clientId }) => {
        const parsed = scenarioBody.safeParse(body);
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const { userId, scenario, delay_ms } = parsed.data;
        const delayMs = delay_ms ?? DEFAULT_TIMEOUT_DELAY_MS;
        const updated = await store.update<SandboxUserRecord>(
          USER_NAMESPACE,
          userKey(clientId, userId),
          (user) => (user ? { ...user, scenario: scenario ? { name: scenario, delayMs } : null } : undefined),
        );
        if (!updated) return errorResponse(c, 'not-found');
        return c.json({ userId, scenario, delay_ms: scenario === 'timeout' ? delayMs : null });
      },
    },
  ];
}
