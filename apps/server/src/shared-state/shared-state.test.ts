import { randomUUID } from 'node:crypto';
import { envelopeErrors, publicConfigSchema } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import { createTestApp } from '@penny/server/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createSharedState, type SharedState } from './index.ts';

/** Memory always; Redis too when TEST_REDIS_URL points at a server (CI sets it). */
const kinds = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(kinds)('shared state on %s', (kind) => {
  const opened: SharedState[] = [];
  function open() {
    const state = createSharedState({ redisUrl: kind === 'redis' ? process.env.TEST_REDIS_URL : undefined });
    opened.push(state);
    return state;
  }
  afterAll(async () => {
    await Promise.all(opened.map((state) => state.close()));
  });

  it('accepts a sealed request id once', async () => {
    const state = open();
    expect(state.kind).toBe(kind);
    const id = randomUUID();
    expect(await state.replayStore.claim(id, 60_000, 'client')).toBe(true);
    expect(await state.replayStore.claim(id, 60_000, 'client')).toBe(false);
  });

  it('lets exactly one of many concurrent claims of one id win', async () => {
    const state = open();
    const id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => state.replayStore.claim(id, 60_000, 'client')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('forgets an id once its window has passed', async () => {
    const state = open();
    const id = randomUUID();
    expect(await state.replayStore.claim(id, 50, 'client')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await state.replayStore.claim(id, 50, 'client')).toBe(true);
  });

  if (kind === 'redis') {
    it('shares replayed ids between instances', async () => {
      const first = open();
      const second = open();
      const id = randomUUID();
      expect(await first.replayStore.claim(id, 60_000, 'client')).toBe(true);
      expect(await second.replayStore.claim(id, 60_000, 'client')).toBe(false);
    });

    it('counts rate limits across instances and frees them after the window', async () => {
      const first = open().rateLimiter;
      const second = open().rateLimiter;
      const key = `test:${randomUUID()}`;
      const rule = { windowMs: 1_000, max: 3 };
      expect((await first.consume(key, rule)).allowed).toBe(true);
      expect((await second.consume(key, rule)).allowed).toBe(true);
      expect((await first.consume(key, rule)).allowed).toBe(true);
      const refused = await second.consume(key, rule);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await first.consume(key, rule)).allowed).toBe(true);
    });

    it('runs the app with REDIS_URL: a sealed request is accepted once and its replay refused', async () => {
      const t = await createTestApp({ env: { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } });
      try {
        const { boxPublicKey, anonToken } = publicConfigSchema.parse(
          await (await t.app.request('/config')).json(),
        );
        const path = '/db/database-setup';
        const sealed = JSON.stringify(
          sealBody({
            serverPublicKey: boxPublicKey,
            method: 'POST',
            path,
            body: { username: 'ada_l', firstName: 'Ada', lastName: 'L' },
          }),
        );
        const send = () =>
          t.app.request(path, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${anonToken}`,
              'content-type': 'application/json',
              'x-encrypted': '1',
            },
            body: sealed,
          });
        expect((await send()).status).toBe(200);
        const replay = await send();
        expect(replay.status).toBe(400);
        expect(await replay.json()).toEqual({
          success: false,
          error: envelopeErrors.replayed,
          code: 'envelope:replayed',
        });
      } finally {
        await t.close();
      }
    });
  }

  it('counts 60 concurrent hits as 60: exactly the allowed number pass', async () => {
    const state = open();
    const key = `burst:${randomUUID()}`;
    const verdicts = await Promise.all(
      Array.from({ length: 60 }, () => state.rateLimiter.consume(key, { windowMs: 60_000, max: 5 })),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    await state.rateLimiter.reset(key);
    expect((await state.rateLimiter.consume(key, { windowMs: 60_000, max: 5 })).allowed).toBe(true);
  });

  it('peeks at a counter without counting a hit, and forgets it with its window', async () => {
    const state = open();
    const key = `peek:${randomUUID()}`;
    expect(await state.rateLimiter.peek(key)).toEqual({ count: 0, retryAfterMs: 0 });
    for (let i = 0; i < 3; i++) await state.rateLimiter.consume(key, { windowMs: 1_500, max: 5 });
    const seen = await state.rateLimiter.peek(key);
    expect(seen.count).toBe(3);
    expect(seen.retryAfterMs).toBeGreaterThan(0);
    expect((await state.rateLimiter.peek(key)).count).toBe(3);
    // Until the window ends: wait for the counter to be gone, not for a fixed time.
    await expect
      .poll(async () => (await state.rateLimiter.peek(key)).count, { timeout: 10_000, interval: 100 })
      .toBe(0);
  });

  it('refuses a client past its share of replay ids while others still get through', async () => {
    const state = open();
    const mallory = `mallory:${randomUUID()}`;
    const claims = await Promise.allSettled(
      Array.from({ length: 5_001 }, () => state.replayStore.claim(randomUUID(), 60_000, mallory)),
    );
    expect(claims.filter((claim) => claim.status === 'rejected')).toHaveLength(1);
    expect(await state.replayStore.claim(randomUUID(), 60_000, `ada:${randomUUID()}`)).toBe(true);
  });
});
