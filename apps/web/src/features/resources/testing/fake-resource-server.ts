import {
  type PublicConfig,
  type ResourceSummary,
  resourceTitle,
  type StoredResource,
} from '@penny/contracts';
import nacl from 'tweetnacl';
import naclUtil from 'tweetnacl-util';
import { vi } from 'vitest';
import { type FakeUser, stubNetwork, testConfig } from '../../../test/fake-network.ts';

/**
 * The network boundary for resource tests: the auth and config stand-ins of test/fake-network.ts plus
 * the database service's resource paths, answering like the real server. Sealed bodies are opened with
 * a key pair made here (its public half is the config's `boxPublicKey`), so tests see exactly what the
 * app sent.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  sealed: boolean;
  body: unknown;
};

/** A failure to answer on a path instead of the normal reply. */
export type Failure = { status: number; statusText: string } | { json: unknown } | 'pending';

export type FakeResourceServerOptions = {
  session?: FakeUser | null;
  resources?: StoredResource[];
};

export type FakeResourceServer = {
  resources: StoredResource[];
  requests: RecordedRequest[];
  /** Make the next calls to `path` (e.g. '/db/delete-resource') fail this way, until cleared. */
  fail(path: string, failure: Failure | null): void;
  config: PublicConfig;
};

export const TEST_SESSION_TOKEN = 'session-token-123';

function json(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

export function makeResource(
  id: string,
  title: string,
  savedAt: string,
  dslObjects: unknown[] = [
    {
      id: `query-${id}`,
      type: 'container',
      title,
      content_blocks: [{ type: 'content', content: `Details of ${title}` }],
    },
  ],
): StoredResource {
  return {
    id,
    title,
    timestamp: savedAt,
    created_at: savedAt,
    thread_id: 't1',
    query_id: `query-${id}`,
    dsl_objects: dslObjects,
  };
}

export function stubResourceServer({
  session = { username: 'ada', firstName: 'Ada', lastName: 'Lovelace' },
  resources = [],
}: FakeResourceServerOptions = {}): FakeResourceServer {
  const keys = nacl.box.keyPair();
  const config: PublicConfig = { ...testConfig, boxPublicKey: naclUtil.encodeBase64(keys.publicKey) };
  const base = stubNetwork({ session, authToken: TEST_SESSION_TOKEN, config });
  const failures = new Map<string, Failure>();
  const server: FakeResourceServer = {
    resources: [...resources],
    requests: [],
    fail: (path, failure) => {
      if (failure) failures.set(path, failure);
      else failures.delete(path);
    },
    config,
  };

  function open(text: string): unknown {
    const envelope = JSON.parse(text) as { ephem_pub: string; nonce: string; ciphertext: string };
    const opened = nacl.box.open(
      naclUtil.decodeBase64(envelope.ciphertext),
      naclUtil.decodeBase64(envelope.nonce),
      naclUtil.decodeBase64(envelope.ephem_pub),
      keys.secretKey,
    );
    if (!opened) throw new Error('the request body could not be opened with the test key');
    return (JSON.parse(new TextDecoder().decode(opened)) as { body: unknown }).body;
  }

  const summary = ({ dsl_objects: _objects, ...rest }: StoredResource): ResourceSummary => rest;

  async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, window.location.origin);
    if (!url.pathname.startsWith('/db/')) return base(input, init);

    const headers = new Headers(init?.headers);
    const sealed = headers.get('x-encrypted') === '1';
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: headers.get('authorization'),
      sealed,
      body: rawBody === undefined ? undefined : sealed ? open(rawBody) : JSON.parse(rawBody),
    };
    server.requests.push(request);

    const failure = failures.get(url.pathname) ?? failures.get(url.pathname.replace(/\/[^/]+$/, '/*'));
    if (failure === 'pending') return new Promise<Response>(() => {});
    if (failure && 'status' in failure) return new Response('{}', failure);
    if (failure) return json(failure.json);

    const body = (request.body ?? {}) as Record<string, unknown>;
    if (url.pathname === '/db/get-user-resources') {
      return json({ success: true, resources: server.resources.map(summary), next_cursor: null });
    }
    if (url.pathname.startsWith('/db/get-resource/')) {
      const id = decodeURIComponent(url.pathname.slice('/db/get-resource/'.length));
      const found = server.resources.find((r) => r.id === id);
      return found
        ? json({ success: true, resource: found })
        : json({ success: false, error: 'Resource not found' }, 404, 'Not Found');
    }
    if (url.pathname === '/db/delete-resource') {
      const index = server.resources.findIndex((r) => r.id === body.resource_id);
      if (index < 0) return json({ success: false, error: 'Resource not found' }, 404, 'Not Found');
      server.resources.splice(index, 1);
      return json({ success: true });
    }
    if (url.pathname === '/db/store-resource') {
      const id =
        typeof body.resource_id === 'string' ? body.resource_id : `res_${server.resources.length + 1}`;
      if (!server.resources.some((r) => r.id === id)) {
        const objects = Array.isArray(body.dsl_objects) ? body.dsl_objects : [];
        const title = resourceTitle(objects);
        server.resources.unshift(makeResource(id, title, new Date().toISOString(), objects));
      }
      return json({ success: true, resource_id: id });
    }
    return json({ success: false, error: 'Not found.' }, 404, 'Not Found');
  }

  vi.stubGlobal('fetch', vi.fn(handle));
  return server;
}
