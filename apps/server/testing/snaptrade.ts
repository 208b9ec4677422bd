import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import {
  createMemorySandboxStore,
  SANDBOX_CREDENTIALS,
  SANDBOX_PATHS,
  type SandboxStore,
} from '../src/sandbox/index.ts';
import {
  createSnapTradeSandbox,
  type SnapTradeSandboxDeps,
  snapTradeSignature,
} from '../src/sandbox/snaptrade/index.ts';

/** Test helpers for the SnapTrade sandbox: the fake served over real HTTP under its production mount path. */

export type ServedSandbox = {
  /** What the SDK gets as basePath (…/sandbox/snaptrade). */
  basePath: string;
  store: SandboxStore;
  close(): Promise<void>;
};

export async function serveSnapTradeSandbox(
  deps: Partial<SnapTradeSandboxDeps> = {},
): Promise<ServedSandbox> {
  const store = deps.store ?? createMemorySandboxStore();
  const outer = new Hono();
  outer.route(SANDBOX_PATHS.snaptrade, createSnapTradeSandbox({ ...deps, store }));
  const server = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    basePath: `http://127.0.0.1:${port}${SANDBOX_PATHS.snaptrade}`,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A partner-signed JSON call, as the SDK would make it (for Penny's own /sandbox/scenario control). */
export async function signedPost(basePath: string, path: string, body: unknown, consumerKey?: string) {
  const { clientId, consumerKey: sandboxKey } = SANDBOX_CREDENTIALS.snaptrade;
  const query = `clientId=${clientId}&timestamp=${Math.round(Date.now() / 1000)}`;
  const signature = snapTradeSignature(consumerKey ?? sandboxKey, { content: body, path, query });
  return fetch(`${basePath}${path}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Signature: signature },
    body: JSON.stringify(body),
  });
}

export async function setScenario(
  basePath: string,
  userId: string,
  scenario: 'upstream_down' | 'internal_error' | 'timeout' | 'connection_disabled' | null,
  delayMs?: number,
) {
  const response = await signedPost(basePath, '/sandbox/scenario', {
    userId,
    scenario,
    ...(delayMs === undefined ? {} : { delay_ms: delayMs }),
  });
  if (!response.ok) throw new Error(`scenario not set: ${response.status}`);
}

/** Opens the portal page from a redirectURI and submits its form; returns the answer (redirects not followed). */
export async function submitPortal(
  redirectUri: string,
  fields: { action: 'connect' | 'cancel' | 'fail'; broker?: string; username?: string; password?: string },
) {
  const page = await fetch(redirectUri);
  const html = await page.text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no portal form (HTTP ${page.status})`);
  const action = new URL('portal', redirectUri).toString();
  const form = new URLSearchParams({ token, ...fields });
  return fetch(action, { method: 'POST', body: form, redirect: 'manual' });
}

/** Logs in on the portal with the sandbox login and returns the connection id from the redirect. */
export async function connectSandboxBrokerage(redirectUri: string, broker = 'SANDBOX'): Promise<string> {
  const answer = await submitPortal(redirectUri, {
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
