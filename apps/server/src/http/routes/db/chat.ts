import { dbEndpoints } from '@penny/contracts';
import type { Hono } from 'hono';
import type { DomainServices } from '../../../domain-services.ts';
import type { AppEnv } from '../../context.ts';
import { type EndpointMountOptions, mountEndpoint } from '../../endpoint.ts';
import { assertSameUser } from '../../identity-guard.ts';

/**
 * The database service's thread calls (docs/product/chat.md, "Database service"). Another user's thread id
 * behaves like an unknown one: reads answer empty, writes answer 404.
 */
export function mountChatEndpoints(
  router: Hono<AppEnv>,
  { chat }: Pick<DomainServices, 'chat'>,
  mount: EndpointMountOptions,
): void {
  const e = dbEndpoints;

  mountEndpoint(
    router,
    e.getAllUserThreads,
    async (input, c) => {
      const page = await chat.listThreads(assertSameUser(c, input).id, {
        limit: input.limit,
        cursor: input.cursor,
      });
      return { success: true, threads: page.threads, next_cursor: page.nextCursor };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.getMessages,
    async (input, c) => {
      const { title, messages } = await chat.messages(assertSameUser(c, input).id, input.thread_id);
      return { success: true, messages, ...(title === null ? {} : { title }) };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.getDsl,
    async (input, c) => ({
      success: true,
      dsls: await chat.dsls(assertSameUser(c, input).id, input.thread_id),
    }),
    mount,
  );

  mountEndpoint(
    router,
    e.deleteThread,
    async (input, c) => {
      await chat.deleteThread(assertSameUser(c, input).id, input.thread_id);
      return { success: true };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.syncThreadHistory,
    async (input, c) => ({
      success: true,
      synced_count: await chat.syncHistory(assertSameUser(c, input.user_info).id, input.thread_id),
    }),
    mount,
  );

  mountEndpoint(
    router,
    e.forkChat,
    async (input, c) => ({
      success: true,
      new_thread_id: await chat.fork(
        assertSameUser(c, input).id,
        input.source_thread_id,
        input.source_query_id,
      ),
    }),
    mount,
  );
}
