import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { type Logger, redactPath } from '../../logger.ts';
import type { AppEnv } from '../context.ts';

/** One line per request: id, method, path with one-time tokens hidden, status, milliseconds. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    await next();
    const url = new URL(c.req.url);
    const status = c.res.status;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    logger[level]({
      requestId,
      method: c.req.method,
      path: redactPath(url.pathname + url.search),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
