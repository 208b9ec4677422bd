import { agentEndpoints } from '@penny/contracts';
import { Hono } from 'hono';
import type { DomainServices } from '../../../services/index.ts';
import type { AppEnv } from '../../context.ts';
import { type EndpointMountOptions, mountEndpoint } from '../../endpoint.ts';
import { assertSameUser } from '../../identity-guard.ts';

/**
 * The agent service's account calls (`/agent`, spec 2 "Agent service"). The chat work adds /chat and
 * /dsl here; the agent's tools call the same service handlers directly.
 */
export function agentRoutes({ services, mount }: { services: DomainServices; mount: EndpointMountOptions }) {
  const router = new Hono<AppEnv>();
  const e = agentEndpoints;
  const { accounts } = services;

  mountEndpoint(
    router,
    e.snaptradeGetAccounts,
    async (input, c) => ({
      success: true,
      accounts: await accounts.accounts(assertSameUser(c, input).id, 'snaptrade', input.account_name),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.snaptradeGetAccountBalances,
    async (input, c) => ({
      success: true,
      balances: await accounts.balances(assertSameUser(c, input).id, 'snaptrade', input.account_name),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.plaidGetAccounts,
    async (input, c) => ({
      success: true,
      accounts: await accounts.accounts(assertSameUser(c, input).id, 'plaid', input.account_name),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.web3GetBalances,
    async (input, c) => ({
      success: true,
      balances: await accounts.balances(assertSameUser(c, input).id, 'web3', input.account_name),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.getTransactions,
    async (input, c, params) => {
      const page = await accounts.transactions(assertSameUser(c, input).id, params.platform, {
        accountName: input.account_name,
        startDate: input.start_date,
        endDate: input.end_date,
        accountId: input.account_id,
        search: input.search,
        limit: input.limit,
        cursor: input.cursor,
      });
      return { success: true, transactions: page.transactions, next_cursor: page.nextCursor };
    },
    mount,
  );

  return router;
}
