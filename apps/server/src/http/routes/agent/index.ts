import { agentEndpoints, type ChatStreamEvent } from '@penny/contracts';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { DomainServices } from '../../../domain-services.ts';
import type { AppEnv } from '../../context.ts';
import { type EndpointMountOptions, mountEndpoint } from '../../endpoint.ts';
import { failureOf } from '../../errors.ts';
import { assertSameUser, requireUser } from '../../identity-guard.ts';
import { readBody } from '../../validate.ts';
import { mountActionRoutes } from './actions.ts';

/**
 * The agent service (`/agent`, docs/product/chat.md, "Agent service"): the chat turn, the thread's
 * visualizations, and the account reads. The agent's tools call the same service handlers directly.
 */
export function agentRoutes({ services, mount }: { services: DomainServices; mount: EndpointMountOptions }) {
  const router = new Hono<AppEnv>();
  const e = agentEndpoints;
  const { accounts, agent, actions } = services;

  // POST /agent/chat: JSON by default; with `Accept: text/event-stream` each agent action, the
  // answer's text and the container stream as they happen, then the result. The turn runs to its end
  // and is saved even when the client goes away mid-stream.
  router.post(e.chat.path, async (c) => {
    const input = await readBody(c, e.chat.body);
    const user = assertSameUser(c, input.user_info);
    const wantsStream = (c.req.header('accept') ?? '').includes('text/event-stream');
    if (!wantsStream) {
      const answer = await agent.chat(user, input);
      if (mount.checkResponses) e.chat.response.parse(answer);
      c.header('cache-control', 'no-store');
      return c.json(answer);
    }
    const queue: ChatStreamEvent[] = [];
    let wake: (() => void) | undefined;
    let finished = false;
    let started: (() => void) | undefined;
    const startedOrDone = new Promise<void>((resolve) => {
      started = resolve;
    });
    const push = (event: ChatStreamEvent) => {
      queue.push(event);
      started?.();
      wake?.();
    };
    const turn = agent.chat(user, input, push);
    // Refusals before the turn starts (rate limit, a query still running, a full thread) stay plain
    // JSON errors with their status; once it has started, failures arrive as an `error` event.
    const early = await Promise.race([startedOrDone.then(() => undefined), turn]);
    if (early) queue.push({ type: 'result', result: early });
    const settled = turn
      .catch((error: unknown) => {
        const failure = failureOf(error);
        push({
          type: 'error',
          error: failure?.message ?? 'Something went wrong while answering.',
          code: failure?.code ?? 'server:error',
        });
      })
      .finally(() => {
        finished = true;
        wake?.();
      });
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      while (open) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({ data: JSON.stringify(event) });
          continue;
        }
        if (finished) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      await settled;
    });
  });

  mountEndpoint(
    router,
    e.dsl,
    async (_input, c, params) => ({
      success: true,
      dsl_objects: await agent.dsl(requireUser(c).id, params.thread_id),
    }),
    mount,
  );

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

  mountActionRoutes(router, actions, mount);

  return router;
}
