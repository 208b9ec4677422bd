import type { EndpointDefinition, EndpointInput, EndpointResponse } from '@penny/contracts';
import { apiMessages } from '@penny/contracts';
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { AppContext, AppEnv } from './context.ts';
import { ApiFailure, describeZodError } from './errors.ts';
import { readBody, readQuery } from './validate.ts';

export type EndpointHandler<E extends EndpointDefinition> = (
  input: EndpointInput<E>,
  c: AppContext,
  params: E['params'] extends Record<string, z.ZodType>
    ? { [K in keyof E['params']]: z.output<E['params'][K]> }
    : Record<string, never>,
) => Promise<EndpointResponse<E>>;

export type EndpointMountOptions = {
  /** Check every answer against the endpoint's response schema (on in tests: drift fails loudly). */
  checkResponses: boolean;
};

/**
 * Mounts one endpoint from its contract: parses the query or body (and path parameters) with the
 * endpoint's schemas, calls the handler, and answers its result as JSON, never cached. The handler
 * only calls a service; every failure it throws is rendered by the app's error handler.
 */
export function mountEndpoint<E extends EndpointDefinition>(
  router: Hono<AppEnv>,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointMountOptions,
): void {
  router.on(endpoint.method, endpoint.path, async (c) => {
    const params: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(endpoint.params ?? {})) {
      const parsed = schema.safeParse(c.req.param(name));
      // A malformed id names nothing, exactly like an unknown one.
      if (!parsed.success) throw new ApiFailure('request:not-found', apiMessages.notFound);
      params[name] = parsed.data;
    }
    const query = endpoint.query ? readQuery(c, endpoint.query) : {};
    const body = endpoint.body ? await readBody(c, endpoint.body) : {};
    const input = { ...(query as object), ...(body as object) } as EndpointInput<E>;
    const answer = await handler(input, c, params as Parameters<EndpointHandler<E>>[2]);
    if (options.checkResponses) {
      const checked = endpoint.response.safeParse(answer);
      if (!checked.success) {
        throw new Error(
          `${endpoint.method} ${endpoint.path} answered off its contract: ${describeZodError(checked.error)}`,
        );
      }
    }
    c.header('cache-control', 'no-store');
    return c.json(answer as object);
  });
}
