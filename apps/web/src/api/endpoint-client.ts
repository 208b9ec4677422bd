import { type EndpointDefinition, type EndpointRequest, endpointPath } from '@penny/contracts';
import type { z } from 'zod';
import type { QueryValue } from './request.ts';
import { getServiceRequester } from './services.ts';

export type CallOptions = {
  /** Path parameters, e.g. `{ id }` for `/get-resource/:id`. */
  params?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * 'form' sends a POST's fields URL-encoded (the account-connection service's set_access_token and
   * create_link_token take forms: docs/product/chat.md, "Account-connection service"). Default 'json'.
   */
  encoding?: 'json' | 'form';
};

/**
 * Sends a request typed by an endpoint's contract definition through the request wrapper (bearer or
 * anonymous token, sealed body) and returns the reply unparsed, for callers required to tolerate
 * malformed replies (docs/product/chat.md, "Server answers"). A client that drifts from the contract fails to
 * compile.
 */
export async function requestEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  request: EndpointRequest<E>,
  options: CallOptions = {},
): Promise<unknown> {
  const requester = await getServiceRequester();
  const path = endpointPath(endpoint, options.params);
  const signal = options.signal ? { signal: options.signal } : {};
  if (endpoint.method === 'GET') {
    return requester.request(endpoint.service, path, {
      query: request as Record<string, QueryValue>,
      ...signal,
    });
  }
  if (options.encoding === 'form') {
    return requester.request(endpoint.service, path, { form: formFields(request), ...signal });
  }
  return requester.request(endpoint.service, path, { body: request, ...signal });
}

/** A request's fields as form fields; absent ones are left out. */
function formFields(request: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (request && typeof request === 'object') {
    for (const [key, value] of Object.entries(request)) {
      if (value !== undefined && value !== null) fields[key] = String(value);
    }
  }
  return fields;
}

/**
 * Calls an endpoint and parses the reply with its response schema: a server that drifts from the
 * contract fails here, a client that drifts fails to compile.
 */
export async function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  request: EndpointRequest<E>,
  options: CallOptions = {},
): Promise<z.output<E['response']>> {
  return endpoint.response.parse(await requestEndpoint(endpoint, request, options)) as z.output<
    E['response']
  >;
}
