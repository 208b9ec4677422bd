// Endpoints: every one the app serves under /db, /agent, /connect/api, /connect/webhooks, /api/auth and the sandbox vendors
// (/sandbox/plaid, /sandbox/snaptrade), read from the app.

import { endpoints as contractEndpoints, type EndpointDefinition } from '@penny/contracts';
import type { TestApp } from '../app.ts';
import { propertyOf } from './records.ts';

export type FuzzMethod = 'GET' | 'POST';
export type FuzzService = 'db' | 'agent' | 'connect' | 'auth' | 'sandbox';
export type Endpoint = { method: FuzzMethod; path: string; service: FuzzService };

/** 'POST /db/store-resource', the key used in counts and shape maps. */
export const endpointKey = (endpoint: Pick<Endpoint, 'method' | 'path'>) =>
  `${endpoint.method} ${endpoint.path}`;

/**
 * The /api/auth endpoints the web app and API users call (the ones the auth gateway lets through): each
 * gets request shapes built from the contracts. Better Auth's other endpoints are fuzzed with generic
 * bodies, to show they stay unreachable.
 */
export const WEB_AUTH_ENDPOINTS = [
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'GET /api/auth/get-session',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'GET /api/auth/reset-password/:token',
  'GET /api/auth/verify-email',
  'POST /api/auth/send-verification-email',
  'POST /api/auth/is-username-available',
  'POST /api/auth/update-user',
  'GET /api/auth/list-sessions',
  'POST /api/auth/revoke-session',
  'POST /api/auth/change-password',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
] as const;

/** The sandbox's stand-in pages a browser calls (the rest of /sandbox answers the vendors' API clients). */
export const isStandIn = (endpoint: Pick<Endpoint, 'path'>) =>
  /^\/sandbox\/(plaid\/link\/(institutions|public_token)|snaptrade\/portal)$/.test(endpoint.path);

/**
 * Every endpoint, read from the app itself: the /db routes Hono mounted and every endpoint Better Auth
 * knows under /api/auth (whether or not the gateway in front lets it through). A route added later is
 * fuzzed without touching this file.
 */
export function discoverEndpoints(t: TestApp): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const add = (endpoint: Endpoint) => found.set(endpointKey(endpoint), endpoint);
  const services = [
    ['/db/', 'db'],
    ['/agent/', 'agent'],
    ['/connect/api/', 'connect'],
    // The vendors' webhooks: no session, a signature the fuzzer never holds; every request is refused.
    ['/connect/webhooks/', 'connect'],
    ['/sandbox/plaid/', 'sandbox'],
    ['/sandbox/snaptrade/', 'sandbox'],
  ] as const;
  for (const route of t.app.routes) {
    const service = services.find(([prefix]) => route.path.startsWith(prefix))?.[1];
    if (!service || route.path.includes('*')) continue;
    // SnapTrade's /api/v1 paths are the root paths' own handlers, served twice for older SDKs.
    if (route.path.startsWith('/sandbox/snaptrade/api/v1/')) continue;
    if (route.method === 'GET' || route.method === 'POST') {
      add({ method: route.method, path: route.path, service });
    }
  }
  const authEndpoints: unknown[] = Object.values(t.auth.api);
  for (const endpoint of authEndpoints) {
    const path = propertyOf(endpoint, 'path');
    if (typeof path !== 'string' || !path.startsWith('/')) continue;
    const method = propertyOf(propertyOf(endpoint, 'options'), 'method') ?? 'GET';
    const methods: readonly unknown[] = Array.isArray(method) ? method : [method];
    for (const method of methods) {
      if (method === 'GET' || method === 'POST') add({ method, path: `/api/auth${path}`, service: 'auth' });
    }
  }
  return [...found.values()].sort((a, b) => endpointKey(a).localeCompare(endpointKey(b)));
}

/** Each contract endpoint of our own services by key ('POST /agent/:platform/get-transactions'). */
export const CONTRACTS: ReadonlyMap<string, EndpointDefinition> = new Map(
  Object.values(contractEndpoints).flatMap((group) =>
    Object.values(group).map((definition: EndpointDefinition): [string, EndpointDefinition] => [
      endpointKey({ method: definition.method, path: `/${definition.service}${definition.path}` }),
      definition,
    ]),
  ),
);
