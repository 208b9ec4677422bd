import { randomBytes, randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import type { SandboxStore } from '../store.ts';
import { type GeneratedAccount, generateBrokerageData } from './brokerage-data.ts';
import { isBrokerSlug, SANDBOX_BROKERAGES } from './brokerages.ts';
import { type SnapTradeErrorName, snapTradeError } from './errors.ts';
import { registerPortalRoutes } from './portal.ts';
import { signatureMatches, signedContent } from './signature.ts';
import {
  findUser,
  hashSecret,
  PORTAL_NAMESPACE,
  type PortalSessionRecord,
  type SandboxAuthorizationRecord,
  type SandboxUserRecord,
  SCENARIO_NAMES,
  secretMatches,
  USER_NAMESPACE,
  userKey,
} from './state.ts';
import {
  accountJson,
  accountPositionJson,
  activityJson,
  authorizationJson,
  balancesJson,
  legacyPositionJson,
} from './wire-format.ts';

export type SnapTradeSandboxDeps = {
  store: SandboxStore;
  now?: () => Date;
  credentials?: { clientId: string; consumerKey: string };
  /** Where the browser reaches this fake (e.g. http://localhost:3000/sandbox/snaptrade); default: from the request. */
  publicBaseUrl?: string;
};

const TIMESTAMP_WINDOW_SECONDS = 300;
const PORTAL_TOKEN_MINUTES = 5;
const DEFAULT_TIMEOUT_DELAY_MS = 15_000;
const MAX_DELAY_MS = 120_000;
const MAX_BODY_BYTES = 64 * 1024;

/** Which forced scenarios reach an operation: every user call, or only account data. */
type ScenarioReach = 'all' | 'account-data';

type OperationInput = {
  c: Context;
  query: URLSearchParams;
  body: unknown;
  /** The authenticated user (user-scoped operations only). */
  user: SandboxUserRecord;
  clientId: string;
  publicBaseUrl: string;
};

type Operation = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
} & (
  | { scope: 'partner'; handle: (input: Omit<OperationInput, 'user'>) => Promise<Response> }
  | { scope: 'user'; reach: ScenarioReach; handle: (input: OperationInput) => Promise<Response> }
);

const errorResponse = (c: Context, name: SnapTradeErrorName, detail?: string) => {
  const error = snapTradeError(name, detail);
  return c.json(error.body, error.status);
};

/** zod issues as one line for SnapTrade's `detail` (never echoes the values). */
const issuesText = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const registerBody = z.object({ userId: z.string().trim().min(1).max(255) });
const loginBody = z.object({
  broker: z.string().max(100).optional(),
  immediateRedirect: z.boolean().optional(),
  customRedirect: z
    .string()
    .max(2000)
    .url()
    .refine((url) => /^https?:$/.test(new URL(url).protocol), 'expected an http(s) URL')
    .optional(),
  reconnect: z.string().max(100).optional(),
  connectionType: z.enum(['read', 'trade', 'trade-if-available']).optional(),
  connectionPortalVersion: z.string().max(10).optional(),
  showCloseButton: z.boolean().optional(),
  darkMode: z.boolean().optional(),
  locale: z.string().max(20).optional(),
});
const scenarioBody = z.object({
  userId: z.string().min(1).max(255),
  scenario: z.enum(SCENARIO_NAMES).nullable(),
  delay_ms: z.number().int().min(0).max(MAX_DELAY_MS).optional(),
});
const activitiesQuery = z.object({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  offset: integerText(0, Number.MAX_SAFE_INTEGER).optional(),
  limit: integerText(1, 1000).optional(),
  type: z.string().max(500).optional(),
});

export function createSnapTradeSandbox(deps: SnapTradeSandboxDeps): Hono {
  const now = deps.now ?? (() => new Date());
  const credentials = deps.credentials ?? SANDBOX_CREDENTIALS.snaptrade;
  const store = deps.store;
  const app = new Hono();
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => errorResponse(c, 'invalid-input', 'The request body is too large.'),
    }),
  );

  // Generating two years of history takes a few milliseconds; a page walk asks for it many times.
  const datasets = new Map<string, GeneratedAccount[]>();
  const accountsOf = (user: SandboxUserRecord, authorization: SandboxAuthorizationRecord) => {
    const today = now().toISOString().slice(0, 10);
    const key = `${user.userId}|${authorization.id}|${authorization.openedOn}|${today}`;
    let accounts = datasets.get(key);
    if (!accounts) {
      accounts = generateBrokerageData({
        userId: user.userId,
        authorizationId: authorization.id,
        openedOn: authorization.openedOn,
        today,
      }).accounts;
      if (datasets.size >= 64) datasets.delete(datasets.keys().next().value ?? '');
      datasets.set(key, accounts);
    }
    return accounts;
  };
  const findAccount = (user: SandboxUserRecord, accountId: string | undefined) => {
    for (const authorization of user.authorizations) {
      const account = accountsOf(user, authorization).find((candidate) => candidate.id === accountId);
      if (account) return { account, authorization };
    }
    return undefined;
  };
  const syncedAt = () => {
    const moment = now();
    return new Date(
      Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate(), 6),
    ).toISOString();
  };

  const operations: Operation[] = [
    {
      method: 'POST',
      path: '/snapTrade/registerUser',
      scope: 'partner',
      handle: async ({ c, body, clientId }) => {
        const parsed = registerBody.safeParse(body);
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const { userId } = parsed.data;
        const userSecret = randomUUID();
        let created = false;
        await store.update<SandboxUserRecord>(USER_NAMESPACE, userKey(clientId, userId), (current) => {
          if (current) return current;
          created = true;
          return {
            clientId,
            userId,
            secretHash: hashSecret(userSecret),
            createdAt: now().toISOString(),
            connectionsMade: 0,
            authorizations: [],
            scenario: null,
          };
        });
        if (!created) {
          return errorResponse(c, 'user-exists', `User with the following userId already exist: '${userId}'`);
        }
        return c.json({ userId, userSecret });
      },
    },
    {
      method: 'DELETE',
      path: '/snapTrade/deleteUser',
      scope: 'partner',
      handle: async ({ c, query, clientId }) => {
        const userId = query.get('userId');
        if (!userId) return errorResponse(c, 'invalid-input', 'userId: required');
        let existed = false;
        await store.update<SandboxUserRecord>(USER_NAMESPACE, userKey(clientId, userId), (current) => {
          existed = current !== undefined;
          return undefined;
        });
        if (!existed) return errorResponse(c, 'not-found');
        return c.json({
          status: 'deleted',
          detail: `SnapTrade user ${userId} and all of their connections have been deleted.`,
          userId,
        });
      },
    },
    {
      method: 'GET',
      path: '/snapTrade/listUsers',
      scope: 'partner',
      handle: async ({ c, clientId }) => {
        const users = await store.list<SandboxUserRecord>(USER_NAMESPACE);
        return c.json(
          users.filter(({ value }) => value.clientId === clientId).map(({ value }) => value.userId),
        );
      },
    },
    {
      method: 'POST',
      path: '/sandbox/scenario',
      scope: 'partner',
      handle: async ({ c, body, clientId }) => {
        const parsed = scenarioBody.safeParse(body);
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const { userId, scenario, delay_ms } = parsed.data;
        const delayMs = delay_ms ?? DEFAULT_TIMEOUT_DELAY_MS;
        const updated = await store.update<SandboxUserRecord>(
          USER_NAMESPACE,
          userKey(clientId, userId),
          (user) => (user ? { ...user, scenario: scenario ? { name: scenario, delayMs } : null } : undefined),
        );
        if (!updated) return errorResponse(c, 'not-found');
        return c.json({ userId, scenario, delay_ms: scenario === 'timeout' ? delayMs : null });
      },
    },
    {
      method: 'POST',
      path: '/snapTrade/login',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, body, user, clientId, publicBaseUrl }) => {
        const parsed = loginBody.safeParse(body ?? {});
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const { broker, customRedirect, reconnect, connectionType } = parsed.data;
        if (broker !== undefined && !isBrokerSlug(broker)) {
          return errorResponse(c, 'invalid-input', `broker: no brokerage with the slug '${broker}'`);
        }
        if (
          reconnect !== undefined &&
          !user.authorizations.some((authorization) => authorization.id === reconnect)
        ) {
          return errorResponse(c, 'not-found');
        }
        const token = randomBytes(24).toString('base64url');
        const sessionId = randomUUID();
        const session: PortalSessionRecord = {
          clientId,
          userId: user.userId,
          sessionId,
          customRedirect: customRedirect ?? null,
          broker: broker ?? null,
          reconnect: reconnect ?? null,
          connectionType: connectionType === 'trade' ? 'trade' : 'read',
          expiresAt: new Date(now().getTime() + PORTAL_TOKEN_MINUTES * 60_000).toISOString(),
        };
        await store.put(PORTAL_NAMESPACE, token, session);
        return c.json({ redirectURI: `${publicBaseUrl}/portal?token=${token}`, sessionId });
      },
    },
    {
      method: 'GET',
      path: '/authorizations',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) =>
        c.json(user.authorizations.map((authorization) => authorizationJson(authorization))),
    },
    {
      method: 'GET',
      path: '/authorizations/:authorizationId',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) => {
        const authorization = user.authorizations.find(({ id }) => id === c.req.param('authorizationId'));
        return authorization ? c.json(authorizationJson(authorization)) : errorResponse(c, 'not-found');
      },
    },
    {
      method: 'DELETE',
      path: '/authorizations/:authorizationId',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) => {
        const removed = await removeAuthorization(store, user, c.req.param('authorizationId'));
        return removed ? c.body(null, 204) : errorResponse(c, 'not-found');
      },
    },
    {
      method: 'DELETE',
      path: '/connection/:connectionId',
      scope: 'user',
      reach: 'all',
      handle: async ({ c, user }) => {
        const connectionId = c.req.param('connectionId');
        const removed = await removeAuthorization(store, user, connectionId);
        if (!removed) return errorResponse(c, 'not-found');
        // SnapTrade deletes asynchronously; the sandbox has already done it when it answers.
        return c.json({
          detail: `Connection ${connectionId} has been queued for deletion.`,
          connection_id: connectionId,
        });
      },
    },
    {
      method: 'GET',
      path: '/accounts',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user }) =>
        c.json(
          user.authorizations.flatMap((authorization) =>
            accountsOf(user, authorization).map((account) => accountJson(account, authorization, syncedAt())),
          ),
        ),
    },
    {
      method: 'GET',
      path: '/accounts/:accountId',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user }) => {
        const found = findAccount(user, c.req.param('accountId'));
        return found
          ? c.json(accountJson(found.account, found.authorization, syncedAt()))
          : errorResponse(c, 'not-found');
      },
    },
    {
      method: 'GET',
      path: '/accounts/:accountId/balances',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user }) => {
        const found = findAccount(user, c.req.param('accountId'));
        return found ? c.json(balancesJson(found.account)) : errorResponse(c, 'not-found');
      },
    },
    {
      method: 'GET',
      path: '/accounts/:accountId/positions',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user }) => {
        const found = findAccount(user, c.req.param('accountId'));
        return found
          ? c.json(found.account.positions.map(legacyPositionJson))
          : errorResponse(c, 'not-found');
      },
    },
    {
      method: 'GET',
      path: '/accounts/:accountId/positions/all',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user }) => {
        const found = findAccount(user, c.req.param('accountId'));
        if (!found) return errorResponse(c, 'not-found');
        return c.json({
          results: found.account.positions.map(accountPositionJson),
          data_freshness: { as_of: syncedAt() },
        });
      },
    },
    {
      method: 'GET',
      path: '/accounts/:accountId/holdings',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user }) => {
        const found = findAccount(user, c.req.param('accountId'));
        if (!found) return errorResponse(c, 'not-found');
        const { account, authorization } = found;
        return c.json({
          account: accountJson(account, authorization, syncedAt()),
          balances: balancesJson(account),
          positions: account.positions.map(legacyPositionJson),
          option_positions: [],
          orders: [],
          total_value: { value: Number(account.totalValue), currency: 'USD' },
        });
      },
    },
    {
      method: 'GET',
      path: '/accounts/:accountId/activities',
      scope: 'user',
      reach: 'account-data',
      handle: async ({ c, user, query }) => {
        const parsed = activitiesQuery.safeParse(Object.fromEntries(query));
        if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
        const found = findAccount(user, c.req.param('accountId'));
        if (!found) return errorResponse(c, 'not-found');
        const { startDate, endDate, offset = 0, limit = 1000, type } = parsed.data;
        const types = type ? new Set(type.split(',').map((entry) => entry.trim().toUpperCase())) : null;
        const matching = found.account.activities
          .filter(
            (activity) =>
              (!startDate || activity.tradeDate >= startDate) &&
              (!endDate || activity.tradeDate <= endDate) &&
              (!types || types.has(activity.type)),
          )
          .reverse();
        const institution = SANDBOX_BROKERAGES[found.authorization.broker].name;
        return c.json({
          data: matching.slice(offset, offset + limit).map((activity) => activityJson(activity, institution)),
          pagination: { offset, limit, total: matching.length },
        });
      },
    },
  ];

  for (const operation of operations) {
    const segments = operation.path.split('/').filter(Boolean).length;
    app.on(operation.method, [operation.path, `/api/v1${operation.path}`], async (c) => {
      const url = new URL(c.req.url);
      const query = url.searchParams;
      const rawQuery = url.search.slice(1);
      const fullPath = url.pathname;
      // The path relative to this app, whatever prefix it is mounted under (and with /api/v1 removed).
      const relativePath = `/${fullPath.split('/').filter(Boolean).slice(-segments).join('/')}`;
      const mountPath = fullPath.slice(0, fullPath.length - relativePath.length).replace(/\/api\/v1$/, '');
      const publicBaseUrl = (deps.publicBaseUrl ?? `${url.origin}${mountPath}`).replace(/\/+$/, '');

      const content = signedContent(operation.method === 'GET' ? '' : await c.req.text());
      if (content === undefined)
        return errorResponse(c, 'invalid-input', 'The request body is not valid JSON.');
      const clientId = query.get('clientId');
      if (clientId !== credentials.clientId) return errorResponse(c, 'unknown-client');
      const timestamp = Number(query.get('timestamp'));
      if (
        !Number.isInteger(timestamp) ||
        Math.abs(now().getTime() / 1000 - timestamp) > TIMESTAMP_WINDOW_SECONDS
      ) {
        return errorResponse(c, 'stale-timestamp');
      }
      // SDK 11+ signs the path relative to its base; SDK 10 and older sign "/api/v1" + that path.
      const candidates = [...new Set([fullPath, `/api/v1${relativePath}`, relativePath])];
      if (
        !signatureMatches(credentials.consumerKey, c.req.header('Signature'), content, candidates, rawQuery)
      ) {
        return errorResponse(c, 'bad-signature');
      }
      const common = { c, query, body: content, clientId, publicBaseUrl };
      if (operation.scope === 'partner') return operation.handle(common);

      const userId = query.get('userId');
      const userSecret = query.get('userSecret');
      const user = userId ? await findUser(store, clientId, userId) : undefined;
      if (!user || !userSecret || !secretMatches(user, userSecret)) return errorResponse(c, 'bad-user');
      const scenario = user.scenario;
      if (scenario?.name === 'timeout') await pause(scenario.delayMs, c.req.raw.signal);
      if (scenario?.name === 'upstream_down') return errorResponse(c, 'brokerage-unavailable');
      if (scenario?.name === 'internal_error') return errorResponse(c, 'internal');
      if (scenario?.name === 'connection_disabled' && operation.reach === 'account-data') {
        return errorResponse(c, 'connection-disabled');
      }
      const shown =
        scenario?.name === 'connection_disabled'
          ? {
              ...user,
              authorizations: user.authorizations.map((authorization) => ({
                ...authorization,
                disabledAt: authorization.disabledAt ?? syncedAt(),
              })),
            }
          : user;
      return operation.handle({ ...common, user: shown });
    });
  }

  registerPortalRoutes(app, { store, now });

  // A catch-all route rather than notFound(): a mounted sub-app's notFound handler is not used by Hono.
  app.all('*', (c) => errorResponse(c, 'not-found'));
  app.notFound((c) => errorResponse(c, 'not-found'));
  app.onError((_error, c) => errorResponse(c, 'internal'));
  return app;
}

async function removeAuthorization(
  store: SandboxStore,
  user: SandboxUserRecord,
  authorizationId: string | undefined,
): Promise<boolean> {
  if (!user.authorizations.some(({ id }) => id === authorizationId)) return false;
  await store.update<SandboxUserRecord>(USER_NAMESPACE, userKey(user.clientId, user.userId), (current) =>
    current
      ? { ...current, authorizations: current.authorizations.filter(({ id }) => id !== authorizationId) }
      : undefined,
  );
  return true;
}

/** Waits `ms`, or less if the client hangs up first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
