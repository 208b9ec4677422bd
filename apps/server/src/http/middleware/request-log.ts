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
    // A handler that answers with its own Response (the auth gateway, static files) drops the headers
    // prepared on the context: put the id back.
    if (!c.res.headers.has('x-request-id')) c.res.headers.set('x-request-id', requestId);
    const status = c.res.status;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    // Nothing to build for a line the level will not print (LOG_LEVEL=warn or silent).
    if (!logger.isLevelEnabled(level)) return;
    const url = c.req.url;
    const query = url.indexOf('?');
    logger[level]({
      requestId,
      method: c.req.method,
      path: redactPath(c.req.path + (query === -1 ? '' : url.slice(query))),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
