import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import {
  createMemorySandboxStore,
  SANDBOX_PATHS,
  type SandboxKeys,
  type SandboxStore,
} from '../src/sandbox/index.ts';
import {
  createSnapTradeSandbox,
  type SnapTradeSandboxDeps,
  snapTradeSignature,
} from '../src/sandbox/snaptrade/index.ts';
import { browserOf, randomSandboxKeys, standaloneSandboxHost } from './sandbox.ts';

/**
 * Test helpers for the SnapTrade sandbox: the fake served on its own over real HTTP under its
 * production mount path, with random keys and the standalone host (the portal's browser is named by a
 * cookie: testing/sandbox.ts).
 */

export type ServedSandbox = {
  /** What the SDK gets as basePath (…/sandbox/snaptrade). */
  basePath: string;
  store: SandboxStore;
  /** The partner keys this fake accepts (random unless given). */
  keys: SandboxKeys['snaptrade'];
  close(): Promise<void>;
};

export async function serveSnapTradeSandbox(
  deps: Partial<SnapTradeSandboxDeps> = {},
): Promise<ServedSandbox> {
  const store = deps.store ?? createMemorySandboxStore();
  const keys = deps.credentials ?? randomSandboxKeys().snaptrade;
  const outer = new Hono();
  const host = deps.host ?? standaloneSandboxHost();
  outer.route(SANDBOX_PATHS.snaptrade, createSnapTradeSandbox({ ...deps, store, credentials: keys, host }));
  const server = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    basePath: `http://127.0.0.1:${port}${SANDBOX_PATHS.snaptrade}`,
    store,
    keys,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A partner-signed JSON call, as the SDK would make it (for Penny's own /sandbox/scenario control). */
export async function signedPost(
  basePath: string,
  keys: SandboxKeys['snaptrade'],
  path: string,
  body: unknown,
) {
  const query = `clientId=${keys.clientId}&timestamp=${Math.round(Date.now() / 1000)}`;
  const signature = snapTradeSignature(keys.consumerKey, { content: body, path, query });
  return fetch(`${basePath}${path}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Signature: signature },
    body: JSON.stringify(body),
  });
}

export async function setScenario(
  basePath: string,
  keys: SandboxKeys['snaptrade'],
  userId: string,
  scenario: 'upstream_down' | 'internal_error' | 'timeout' | 'connection_disabled' | null,
  delayMs?: number,
) {
  const response = await signedPost(basePath, keys, '/sandbox/scenario', {
    userId,
    scenario,
    ...(delayMs === undefined ? {} : { delay_ms: delayMs }),
  });
  if (!response.ok) throw new Error(`scenario not set: ${response.status}`);
}

/**
 * Opens the portal page from a redirectURI in the browser of the SnapTrade user `userId` and submits
 * its form; returns the answer (redirects not followed).
 */
export async function submitPortal(
  redirectUri: string,
  userId: string,
  fields: { action: 'connect' | 'cancel' | 'fail'; broker?: string; username?: string; password?: string },
) {
  const page = await fetch(redirectUri, { headers: browserOf(userId) });
  const html = await page.text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no portal form (HTTP ${page.status})`);
  const action = new URL('portal', redirectUri).toString();
  const form = new URLSearchParams({ token, ...fields });
  return fetch(action, { method: 'POST', body: form, redirect: 'manual', headers: browserOf(userId) });
}

/** Logs in on the portal with the sandbox login and returns the connection id from the redirect. */
export async function connectSandboxBrokerage(
  redirectUri: string,
  userId: string,
  broker = 'SANDBOX',
): Promise<string> {
  const answer = await submitPortal(redirectUri, userId, {
    action: 'connect',
    broker,
    username: 'user_good',
    password: 'pass_good',
  });
  const location = answer.headers.get('location');
  const connectionId = location ? new URL(location).searchParams.get('connection_id') : null;
  if (answer.status !== 303 || !connectionId)
    throw new Error(`portal did not connect (HTTP ${answer.status})`);
  return connectionId;
}
