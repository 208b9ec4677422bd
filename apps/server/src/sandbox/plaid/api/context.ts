import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { SANDBOX_RATE_RULES, type SandboxHost } from '../../host.ts';
import type { SandboxStore } from '../../store.ts';
import { failures, type PlaidFailure } from '../errors.ts';

export type PlaidApiKeys = { clientId: string; secret: string };

/** What every group of routes shares: the router they register on, the vendor-side store, the clock. */
export type PlaidApi = {
  app: Hono;
  store: SandboxStore;
  now: () => Date;
  credentials: PlaidApiKeys;
  host: SandboxHost;
  /** How long after an event its webhook leaves. */
  webhookDelayMs: number;
  /** How long after an item is made its initial pull brings the last 30 days, then the whole history. */
  initialPull: InitialPullTimings;
};

/** Milliseconds after the public token's exchange (configuration: docs/accounts.md, "The sandbox"). */
export type InitialPullTimings = { recentMs: number; completeMs: number };

/** A Plaid POST endpoint: JSON body, API keys (unless the browser calls it), then the schema. */
export function post<S extends z.ZodType>(
  api: PlaidApi,
  path: string,
  schema: S,
  handler: (input: z.infer<S>, c: Context) => Promise<object>,
  options: { keys: boolean } = { keys: true },
): void {
  api.app.post(path, async (c) => {
    const body = await readJson(c);
    // The keys first: a caller without them learns nothing, not even what is wrong with its body.
    if (options.keys) await admitKeyed(api, c, body ?? {});
    if (!body) throw failures.invalidBody();
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw validationFailure(parsed.error, body);
    const result = await handler(parsed.data, c);
    return c.json({ ...result, request_id: requestId() });
  });
}

/**
 * The installation's keys, from the headers or the body as Plaid takes them. Missing or wrong: 401,
 * counted against the caller's address (429 once over its budget); right: the client's own budget.
 */
async function admitKeyed(api: PlaidApi, c: Context, body: Record<string, unknown>) {
  const { credentials, host } = api;
  const clientId = c.req.header('plaid-client-id') ?? stringOrUndefined(body.client_id) ?? '';
  const secret = c.req.header('plaid-secret') ?? stringOrUndefined(body.secret) ?? '';
  // Both compared, in constant time, whatever the first one says.
  const idMatches = sameText(clientId, credentials.clientId);
  const secretMatches = sameText(secret, credentials.secret);
  if (!idMatches || !secretMatches) {
    const bucket = `plaid:refused:${host.address(c)}`;
    if (!(await host.allow(bucket, SANDBOX_RATE_RULES.refusedPerAddress))) {
      throw failures.callerRateLimited();
    }
    throw failures.invalidApiKeys();
  }
  if (!(await host.allow(`plaid:client:${clientId}`, SANDBOX_RATE_RULES.perClient))) {
    throw failures.callerRateLimited();
  }
}

/**
 * The Penny user of the browser calling a stand-in page. The host refuses anonymous callers before the
 * fake sees them; without one here, the fake refuses too (401, as a vendor would a missing session).
 */
export function browserUser(api: PlaidApi, c: Context): string {
  const user = api.host.browserUser(c);
  if (!user) throw failures.invalidApiKeys();
  return user.plaidUserId;
}

function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The JSON object body; undefined when it is not one. */
async function readJson(c: Context): Promise<Record<string, unknown> | undefined> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value));
}

/** Plaid names the missing fields, or the first bad one. */
function validationFailure(error: z.ZodError, body: Record<string, unknown>): PlaidFailure {
  const missing = error.issues
    .filter((issue) => valueAt(body, issue.path) === undefined)
    .map((issue) => issue.path.join('.'));
  if (missing.length > 0) return failures.missingFields([...new Set(missing)]);
  const [first] = error.issues;
  const field = first?.path.join('.') || 'body';
  return failures.invalidField(`${field}: ${first?.message ?? 'is not valid'}`);
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function requestId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 15);
}
