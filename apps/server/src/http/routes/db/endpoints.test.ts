import {
  API_ERROR_CODES,
  apiErrorBodySchema,
  COMMON_ERRORS,
  dbEndpoints,
  type EndpointDefinition,
  endpointPath,
} from '@penny/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type IdentityClient, useIdentityApp } from '../../../identity/test-kit.ts';
import type { SignedUpUser, TestApp } from '../../../testing/index.ts';

/**
 * Walks every endpoint definition of the database service: each is mounted at its path, refuses a
 * caller without credentials, and answers a bad request with one of the errors it documents, in the
 * shared error shape. Response shapes are checked by the app itself in tests (checkResponses).
 */
describe('every /db endpoint in the contracts', () => {
  let t: TestApp;
  let api: IdentityClient;
  let ada: SignedUpUser;
  useIdentityApp({}, (suite) => {
    ({ t, api } = suite);
  });
  beforeAll(async () => {
    ada = await t.signUpVerifiedUser();
  });

  const entries = Object.entries(dbEndpoints) as Array<[string, EndpointDefinition]>;
  const pathOf = (endpoint: EndpointDefinition) => `/db${endpointPath(endpoint, { id: 'res_missing' })}`;
  const send = (endpoint: EndpointDefinition, token: string | undefined, payload: unknown) =>
    endpoint.method === 'GET'
      ? api.get(pathOf(endpoint), token)
      : api.sealedPost(pathOf(endpoint), payload, token);

  it.each(entries)('%s documents only known error codes', (_name, endpoint) => {
    for (const code of endpoint.errors) expect(API_ERROR_CODES).toContain(code);
  });

  it.each(entries)('%s is mounted and refuses a caller without credentials', async (_name, endpoint) => {
    const response = await send(endpoint, undefined, {});
    expect(response.status).toBe(401);
    expect(apiErrorBodySchema.parse(await response.json()).code).toBe('auth:required');
  });

  it.each(entries)('%s answers a bad request with a documented error', async (_name, endpoint) => {
    // An empty query or body: every endpoint needs at least the user's name.
    const response = await send(endpoint, ada.token, {});
    const body = apiErrorBodySchema.parse(await response.json());
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect([...COMMON_ERRORS, ...endpoint.errors]).toContain(body.code);
  });

  it('answers a path no endpoint defines with the shared 404', async () => {
    const response = await api.get('/db/not-an-endpoint', ada.token);
    expect(response.status).toBe(404);
    expect(apiErrorBodySchema.parse(await response.json()).code).toBe('request:not-found');
  });
});
