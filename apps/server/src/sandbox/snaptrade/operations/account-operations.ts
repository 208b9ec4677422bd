import { z } from 'zod';
import { SANDBOX_BROKERAGES } from '../brokerages.ts';
import {
  accountJson,
  accountPositionJson,
  activityJson,
  balancesJson,
  legacyPositionJson,
} from '../wire-format.ts';
import { findAccount, tradedAccountsOf } from './account-datasets.ts';
import {
  errorResponse,
  issuesText,
  type Operation,
  type OperationInput,
  type SnapTradeApi,
  syncedAt,
} from './context.ts';

/** Account data: the accounts, their balances, positions, holdings and activities. */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const activitiesQuery = z.object({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  offset: integerText(0, Number.MAX_SAFE_INTEGER).optional(),
  limit: integerText(1, 1000).optional(),
  type: z.string().max(500).optional(),
});

export function accountOperations(api: SnapTradeApi): Operation[] {
  const { now } = api;
  const accountData = (path: string, handle: (input: OperationInput) => Promise<Response>): Operation => ({
    method: 'GET',
    path,
    scope: 'user',
    reach: 'account-data',
    handle,
  });
  return [
    accountData('/accounts', async ({ c, user }) =>
      c.json(
        (await tradedAccountsOf(api, user)).map(({ account, authorization }) =>
          accountJson(account, authorization, syncedAt(now)),
        ),
      ),
    ),
    accountData('/accounts/:accountId', async ({ c, user }) => {
      const found = await findAccount(api, user, c.req.param('accountId'));
      return found
        ? c.json(accountJson(found.account, found.authorization, syncedAt(now)))
        : errorResponse(c, 'not-found');
    }),
    accountData('/accounts/:accountId/balances', async ({ c, user }) => {
      const found = await findAccount(api, user, c.req.param('accountId'));
      return found ? c.json(balancesJson(found.account)) : errorResponse(c, 'not-found');
    }),
    accountData('/accounts/:accountId/positions', async ({ c, user }) => {
      const found = await findAccount(api, user, c.req.param('accountId'));
      return found ? c.json(found.account.positions.map(legacyPositionJson)) : errorResponse(c, 'not-found');
    }),
    accountData('/accounts/:accountId/positions/all', async ({ c, user }) => {
      const found = await findAccount(api, user, c.req.param('accountId'));
      if (!found) return errorResponse(c, 'not-found');
      return c.json({
        results: found.account.positions.map(accountPositionJson),
        data_freshness: { as_of: syncedAt(now) },
      });
    }),
    accountData('/accounts/:accountId/holdings', async ({ c, user }) => {
      const found = await findAccount(api, user, c.req.param('accountId'));
      if (!found) return errorResponse(c, 'not-found');
      const { account, authorization } = found;
      return c.json({
        account: accountJson(account, authorization, syncedAt(now)),
        balances: balancesJson(account),
        positions: account.positions.map(legacyPositionJson),
        option_positions: [],
        orders: [],
        total_value: { value: Number(account.totalValue), currency: 'USD' },
      });
    }),
    accountData('/accounts/:accountId/activities', (input) => activities(api, input)),
  ];
}

/** Newest first, filtered by trade date and type, one page at a time. */
async function activities(api: SnapTradeApi, { c, user, query }: OperationInput): Promise<Response> {
  const parsed = activitiesQuery.safeParse(Object.fromEntries(query));
  if (!parsed.success) return errorResponse(c, 'invalid-input', issuesText(parsed.error));
  const found = await findAccount(api, user, c.req.param('accountId'));
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
}
