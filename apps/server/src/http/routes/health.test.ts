import { createTestApp } from '@penny/server/testing';
import { describe, expect, it } from 'vitest';

describe('GET /healthz', () => {
  it('answers 503 naming Redis when REDIS_URL is set and Redis does not answer', async () => {
    // A port nothing listens on: Redis is down for this instance.
    const t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const response = await t.app.request('/healthz');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'unavailable',
        database: 'ok',
        redis: 'unavailable',
        queue: 'ok',
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 draining once the instance drains, while it still answers', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.request('/healthz')).status).toBe(200);
      await t.drain();
      const response = await t.app.request('/healthz');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'draining', database: 'ok', queue: 'ok' });
    } finally {
      await t.close();
    }
  });
});
