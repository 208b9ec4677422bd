import type { Context } from 'hono';
import type { z } from 'zod';
import type { SandboxHost } from '../../host.ts';
import type { SandboxStore } from '../../store.ts';
import type { GeneratedAccount } from '../brokerage-data/index.ts';
import { type SnapTradeErrorName, snapTradeError } from '../errors.ts';
import type { SandboxUserRecord } from '../state.ts';
import type { SnapTradeWebhooks } from '../webhooks.ts';

export type SnapTradeKeys = { clientId: string; consumerKey: string };

/** What every operation shares: the vendor-side store, the clock, the partner's keys, the dataset cache. */
export type SnapTradeApi = {
  store: SandboxStore;
  now: () => Date;
  credentials: SnapTradeKeys;
  host: SandboxHost;
  /** Where the browser reaches this fake; undefined: from the request. */
  publicBaseUrl: string | undefined;
  /** Generated accounts by user, authorization, opening day and today (see `accountsOf`). */
  datasets: Map<string, GeneratedAccount[]>;
  /** Where and how the fake's webhooks go. */
  webhooks: SnapTradeWebhooks;
};

/** Which forced scenarios reach an operation: every user call, or only account data. */
export type ScenarioReach = 'all' | 'account-data';

export type OperationInput = {
  c: Context;
  query: URLSearchParams;
  body: unknown;
  /** The authenticated user (user-scoped operations only). */
  user: SandboxUserRecord;
  clientId: string;
  publicBaseUrl: string;
};

export type Operation = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
} & (
  | { scope: 'partner'; handle: (input: Omit<OperationInput, 'user'>) => Promise<Response> }
  | { scope: 'user'; reach: ScenarioReach; handle: (input: OperationInput) => Promise<Response> }
);

export const errorResponse = (c: Context, name: SnapTradeErrorName, detail?: string) => {
  const error = snapTradeError(name, detail);
  return c.json(error.body, error.status);
};

/** zod issues as one line for SnapTrade's `detail` (never echoes the values). */
export const issuesText = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');

/** When the sandbox brokerage last "synced": 06:00 UTC today. */
export function syncedAt(now: () => Date): string {
  const moment = now();
  return new Date(
    Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate(), 6),
  ).toISOString();
}
