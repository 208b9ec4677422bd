import { randomInt } from 'node:crypto';
import { apiErrorBodySchema } from '@penny/contracts';
import { type IdentityClient, type SignedUpUser, type TestApp, useIdentityApp } from '@penny/server/testing';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../shared-state/index.ts';
import type { AppEnv } from '../context.ts';
import { API_RATE_LIMITS, principalGuard } from './api-guard.ts';

/**
 * Hardening issue, finding 7: one address's budget was everyone's. A user's own limit is theirs alone;
 * the per-address limit is a backstop counting only what users' own budgets let through, so one user's
 * flood leaves another user behind the same address (a NAT) untouched. Shared state in memory, and on
 * Redis where TEST_REDIS_URL points at one.
 */
const kinds = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(kinds)('API limits per user, shared state in %s', (kind) => {
  let t: TestApp;
  let api: IdentityClient;
  let flooder: SignedUpUser;
  let neighbour: SignedUpUser;
  useIdentityApp(
    {
      env: {
        API_RATE_LIMIT: 'true',
        SESSION_CACHE: 'true',
        CLIENT_IP_HEADER: 'x-forwarded-for',
        ...(kind === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } : {}),
      },
    },
    (suite) => {
      ({ t, api } = suite);
    },
  );
  beforeAll(async () => {
    flooder = await t.signUpVerifiedUser();
    neighbour = await t.signUpVerifiedUser();
  });
  // A fresh address per run: Redis keeps its counters for a minute between runs.
  const freshAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const threads = (user: SignedUpUser, address: string) =>
    api.get(
      `/db/get-all-user-threads?${new URLSearchParams({
        username: user.user.username,
        firstName: user.user.firstName,
        lastName: user.user.lastName,
      })}`,
      user.token,
      { 'x-forwarded-for': address },
    );
  async function statuses(
    count: number,
    send: () => Response | Promise<Response>,
  ): Promise<Map<number, number>> {
    const seen = new Map<number, number>();
    for (let sent = 0; sent < count; sent += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, count - sent) }, send));
      for (const response of batch) {
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        await response.body?.cancel();
      }
    }
    return seen;
  }

  it('leaves a user alone while another user behind the same address floods', async () => {
    const nat = freshAddress();
    // More than the old per-address limit (1,200 a minute), all from one user.
    const flood = await statuses(1_250, () => threads(flooder, nat));
    expect(Object.fromEntries(flood)).toEqual({ 200: API_RATE_LIMITS.perUser.max, 429: 650 });

    for (let i = 0; i < 20; i++) {
      const response = await threads(neighbour, nat);
      expect({ i, status: response.status }).toEqual({ i, status: 200 });
    }
    const turn = await api.sealedPost(
      '/agent/chat',
      {
        message: 'What is my net worth?',
        query_id: `query-nat-${Date.now()}`,
        user_info: {
          username: neighbour.user.username,
          firstName: neighbour.user.firstName,
          lastName: neighbour.user.lastName,
        },
      },
      neighbour.token,
      { 'x-forwarded-for': nat },
    );
    expect(turn.status).toBe(200);
    // The flooder is still held to their own budget.
    const refused = await threads(flooder, nat);
    expect(refused.status).toBe(429);
    expect(apiErrorBodySchema.parse(await refused.json()).code).toBe('request:too-many');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a flood of credentials that name no session, from that address only, and never a valid session’s requests', async () => {
    const attacker = freshAddress();
    const budget = API_RATE_LIMITS.failedLookupsPerAddress.max;
    const forged = await statuses(budget + 20, () =>
      api.get('/db/get-all-user-threads?username=x', 'forged.credential', { 'x-forwarded-for': attacker }),
    );
    expect(Object.fromEntries(forged)).toEqual({ 401: budget, 429: 20 });
    expect((await threads(neighbour, freshAddress())).status).toBe(200);
  });
});

describe('the per-address backstop', () => {
  /** principalGuard alone, behind a stand-in session: the user from a header, one address for all. */
  function guarded() {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('clientIp', '192.0.2.1');
      const id = c.req.header('x-user') ?? '';
      c.set('principal', {
        kind: 'user',
        user: { id } as never,
        sessionId: id,
        sessionCreatedAt: new Date(),
      });
      await next();
    });
    app.use(principalGuard(createMemoryRateLimiter()));
    app.get('/', (c) => c.text('ok'));
    return app;
  }

  it('holds an address to what several users may send at their full rate, whoever sends it', async () => {
    const app = guarded();
    const { perUser, perAddress } = API_RATE_LIMITS;
    const fullRateUsers = perAddress.max / perUser.max;
    expect(fullRateUsers).toBeGreaterThanOrEqual(5);
    let passed = 0;
    for (let user = 0; user < fullRateUsers; user++) {
      for (let i = 0; i < perUser.max + 10; i++) {
        if ((await app.request('/', { headers: { 'x-user': `u${user}` } })).status === 200) passed++;
      }
    }
    // Each user's refused requests did not count: the address's budget is exactly used up.
    expect(passed).toBe(perAddress.max);
    expect((await app.request('/', { headers: { 'x-user': 'one-more' } })).status).toBe(429);
  });
});
