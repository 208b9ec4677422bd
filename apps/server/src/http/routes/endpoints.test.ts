import {
  API_ERROR_CODES,
  agentEndpoints,
  apiErrorBodySchema,
  COMMON_ERRORS,
  connectEndpoints,
  dbEndpoints,
  type EndpointDefinition,
  endpointPath,
  webhookEndpoints,
} from '@penny/contracts';
import { type IdentityClient, type SignedUpUser, type TestApp, useIdentityApp } from '@penny/server/testing';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Walks every endpoint definition of the database, agent and account-connection services: each is
 * mounted at its path, refuses a caller without credentials, and answers a bad request with one of
 * the errors it documents, in the shared error shape. Response shapes are checked by the app itself in
 * tests (checkResponses).
 */
describe('every endpoint in the contracts', () => {
  let t: TestApp;
  let api: IdentityClient;
  let ada: SignedUpUser;
  useIdentityApp({}, (suite) => {
    ({ t, api } = suite);
  });
  beforeAll(async () => {
    ada = await t.signUpVerifiedUser();
  });

  const sealedEntries = [...Object.entries(dbEndpoints), ...Object.entries(agentEndpoints)] as Array<
    [string, EndpointDefinition]
  >;
  const connectEntries = Object.entries(connectEndpoints) as Array<[string, EndpointDefinition]>;
  const webhookEntries = Object.entries(webhookEndpoints) as Array<[string, EndpointDefinition]>;
  const pathOf = (endpoint: EndpointDefinition) =>
    `/${endpoint.service}${endpointPath(endpoint, { id: 'res_missing', platform: 'plaid', thread_id: 'thread-missing' })}`;
  const send = (endpoint: EndpointDefinition, token: string | undefined, payload: unknown) =>
    endpoint.method === 'GET'
      ? api.get(pathOf(endpoint), token)
      : api.sealedPost(pathOf(endpoint), payload, token);
  const connect = (endpoint: EndpointDefinition, headers: Record<string, string>, body: string) =>
    t.app.request(pathOf(endpoint), {
      method: endpoint.method,
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it.each([...sealedEntries, ...connectEntries, ...webhookEntries])(
    '%s documents only known error codes',
    (_name, endpoint) => {
      for (const code of endpoint.errors) expect(API_ERROR_CODES).toContain(code);
    },
  );

  it.each(sealedEntries)(
    '%s is mounted and refuses a caller without credentials',
    async (_name, endpoint) => {
      const response = await send(endpoint, undefined, {});
      expect(response.status).toBe(401);
      expect(apiErrorBodySchema.parse(await response.json()).code).toBe('auth:required');
    },
  );

  it.each(sealedEntries.filter(([, endpoint]) => endpoint.query || endpoint.body))(
    '%s answers a bad request with a documented error',
    async (_name, endpoint) => {
      // An empty query or body: every endpoint that takes one needs at least the user's name.
      const response = await send(endpoint, ada.token, {});
      const body = apiErrorBodySchema.parse(await response.json());
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect([...COMMON_ERRORS, ...endpoint.errors]).toContain(body.code);
    },
  );

  it('GET /agent/dsl answers a malformed thread id as an unknown one', async () => {
    const response = await t.app.request('/agent/dsl/bad%20id%00', {
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(response.status).toBe(404);
    expect(apiErrorBodySchema.parse(await response.json()).code).toBe('request:not-found');
  });

  it.each(connectEntries)(
    '%s is mounted and refuses a caller without a session cookie',
    async (_name, endpoint) => {
      const response = await connect(endpoint, { origin: t.config.publicUrl }, '{}');
      expect(response.status).toBe(401);
      expect(apiErrorBodySchema.parse(await response.json()).code).toBe('auth:required');
    },
  );

  it.each(connectEntries)(
    '%s refuses a request from another origin, even with the cookie',
    async (_name, endpoint) => {
      for (const origin of ['https://evil.example', undefined]) {
        const response = await connect(endpoint, { cookie: ada.cookie, ...(origin ? { origin } : {}) }, '{}');
        expect(response.status).toBe(403);
        const body = apiErrorBodySchema.parse(await response.json());
        expect(body.code).toBe('auth:origin-refused');
        expect(endpoint.errors).toContain(body.code);
      }
    },
  );

  it.each(connectEntries.filter(([, endpoint]) => endpoint.body))(
    '%s answers a bad request with a documented error',
    async (_name, endpoint) => {
      const response = await connect(
        endpoint,
        { cookie: ada.cookie, origin: t.config.publicUrl },
        JSON.stringify({ username: 5 }),
      );
      const body = apiErrorBodySchema.parse(await response.json());
      expect(response.status).toBe(400);
      expect([...COMMON_ERRORS, ...endpoint.errors]).toContain(body.code);
    },
  );

  it.each(webhookEntries)(
    '%s is mounted and refuses an unsigned call, with a session or without, in the shared error shape',
    async (_name, endpoint) => {
      const callers: Record<string, string>[] = [{}, { cookie: ada.cookie, origin: t.config.publicUrl }];
      for (const headers of callers) {
        const response = await connect(endpoint, headers, '{"webhook_type":"TRANSACTIONS"}');
        expect(response.status).toBe(401);
        const body = apiErrorBodySchema.parse(await response.json());
        expect(body.code).toBe('webhook:unverified');
        expect(endpoint.errors).toContain(body.code);
      }
      const tooLarge = await connect(endpoint, {}, JSON.stringify({ padding: 'x'.repeat(20_000) }));
      expect(tooLarge.status).toBe(413);
      expect(endpoint.errors).toContain(apiErrorBodySchema.parse(await tooLarge.json()).code);
    },
  );

  it('answers a path no endpoint defines with the shared 404', async () => {
    for (const path of ['/db/not-an-endpoint', '/agent/not-an-endpoint']) {
      const response = await api.get(path, ada.token);
      expect(response.status).toBe(404);
      expect(apiErrorBodySchema.parse(await response.json()).code).toBe('request:not-found');
    }
  });
});
