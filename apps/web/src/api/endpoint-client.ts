import { type EndpointDefinition, type EndpointRequest, endpointPath } from '@penny/contracts';
import type { z } from 'zod';
import type { QueryValue } from './request.ts';
import { getServiceRequester } from './services.ts';

export type CallOptions = {
  /** Path parameters, e.g. `{ id }` for `/get-resource/:id`. */
  params?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Sends a request typed by an endpoint's contract definition through the request wrapper (bearer or
 * anonymous token, sealed body) and returns the reply unparsed, for callers whose spec tolerates
 * malformed replies. A client that drifts from the contract fails to compile.
 */
export async function requestEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  request: EndpointRequest<E>,
  options: CallOptions = {},
): Promise<unknown> {
  const requester = await getServiceRequester();
  const path = endpointPath(endpoint, options.params);
  const signal = options.signal ? { signal: options.signal } : {};
  return endpoint.method === 'GET'
    ? requester.request(endpoint.service, path, { query: request as Record<string, QueryValue>, ...signal })
    : requester.request(endpoint.service, path, { body: request, ...signal });
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
