import { createTestApp, type TestApp } from '@penny/server/testing';
import { afterEach, describe, expect, it } from 'vitest';

describe('request log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const requestLines = (app: TestApp) =>
    app.logs.filter((line) => typeof line.requestId === 'string' && 'status' in line);

  it('writes one line per request with its id, status and path, one-time tokens hidden', async () => {
    t = await createTestApp();
    const reset = await t.app.request('/api/auth/reset-password/SECRET-RESET-TOKEN?callbackURL=%2F');
    const query = await t.app.request('/config?token=SECRET-QUERY-TOKEN&x=1');
    const lines = requestLines(t);
    expect(lines.map((line) => line.requestId)).toEqual([
      reset.headers.get('x-request-id'),
      query.headers.get('x-request-id'),
    ]);
    expect(lines[0]?.path).toBe('/api/auth/reset-password/[redacted]?callbackURL=%2F');
    expect(lines[1]?.path).toBe('/config?token=[redacted]&x=1');
    expect(lines[1]?.status).toBe(200);
    expect(t.logText()).not.toContain('SECRET-');
  });

  it('writes nothing for answers below the configured level, and still tags the response', async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
    const ok = await t.app.request('/config');
    const missing = await t.app.request('/db/nothing-here', { headers: { authorization: 'Bearer x' } });
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(requestLines(t).map((line) => line.status)).toEqual([missing.status]);
  });
});
