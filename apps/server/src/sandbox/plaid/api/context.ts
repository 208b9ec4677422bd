import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { SandboxStore } from '../../store.ts';
import { failures, type PlaidFailure } from '../errors.ts';

export type PlaidApiKeys = { clientId: string; secret: string };

/** What every group of routes shares: the router they register on, the vendor-side store, the clock. */
export type PlaidApi = {
  app: Hono;
  store: SandboxStore;
  now: () => Date;
  credentials: PlaidApiKeys;
};

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
    if (options.keys) checkKeys(api.credentials, c, body);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw validationFailure(parsed.error, body);
    const result = await handler(parsed.data, c);
    return c.json({ ...result, request_id: requestId() });
  });
}

function checkKeys(credentials: PlaidApiKeys, c: Context, body: Record<string, unknown>) {
  const clientId = c.req.header('plaid-client-id') ?? stringOrUndefined(body.client_id);
  const secret = c.req.header('plaid-secret') ?? stringOrUndefined(body.secret);
  const missing = [clientId ? null : 'client_id', secret ? null : 'secret'].filter((field) => field !== null);
  if (missing.length > 0) throw failures.missingFields(missing);
  if (clientId !== credentials.clientId || secret !== credentials.secret) throw failures.invalidApiKeys();
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw failures.invalidBody();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw failures.invalidBody();
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
