import { apiMessages, dbEndpoints, resourceMessages } from '@penny/contracts';
import { Hono } from 'hono';
import type { DomainServices } from '../../../domain-services.ts';
import type { Auth } from '../../../identity/index.ts';
import type { Logger } from '../../../logger.ts';
import type { AppEnv } from '../../context.ts';
import { type EndpointMountOptions, mountEndpoint } from '../../endpoint.ts';
import { ApiFailure } from '../../errors.ts';
import { assertSameUser } from '../../identity-guard.ts';
import { mountAccountEndpoints } from './accounts.ts';
import { mountChatEndpoints } from './chat.ts';

export type DatabaseRouteDeps = {
  services: DomainServices;
  auth: Auth;
  logger: Logger;
  mount: EndpointMountOptions;
};

/**
 * The database service (`/db`), mounted from its endpoint definitions (contracts/endpoints.ts). Each
 * handler names the user from the session (a payload's names are only compared with it), calls one
 * service handler, and shapes the answer.
 */
export function databaseRoutes({ services, auth, logger, mount }: DatabaseRouteDeps) {
  const router = new Hono<AppEnv>();
  const e = dbEndpoints;
  const { profile, resources, userData } = services;

  mountEndpoint(
    router,
    e.databaseSetup,
    async (input, c) => {
      if (c.get('principal').kind === 'anonymous') {
        // Called right after sign-up, before the email is confirmed: the server already created the
        // container with the account, and says nothing about whether that user exists. The status line
        // reads it, so it speaks of the account, not of our storage.
        return { success: true, message: 'Your account is set up and ready for your first sign-in.' };
      }
      await profile.setup(assertSameUser(c, input), input);
      return { success: true, message: 'Your account is set up.' };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.getProfile,
    async (input, c) => {
      const found = await profile.read(assertSameUser(c, input));
      if (!found) throw new ApiFailure('auth:required', apiMessages.authRequired);
      return { success: true, profile: found };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.saveUserPreferences,
    async (input, c) => {
      await profile.savePreferences(assertSameUser(c, input), input.preferences);
      return { success: true };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.generatePreferencePrompt,
    async (input, c) => {
      // user_info may name the user; it is only ever compared with the session.
      const actor = assertSameUser(c, input.user_info);
      return { success: true, prompt: profile.composePrompt(actor, input) };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.deleteUserData,
    async (input, c) => {
      await userData.eraseData(assertSameUser(c, input).id);
      return { success: true };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.deleteUserAccount,
    async (input, c) => {
      await userData.deleteAccount(assertSameUser(c, input).id);
      // Every session went with the user row (cascade); sign-out now only clears this client's cookie.
      const signOut = await auth.api
        .signOut({ headers: c.req.raw.headers, returnHeaders: true })
        .catch((error: unknown) => {
          logger.warn({ cause: (error as Error)?.name }, 'clearing the session cookie failed');
          return undefined;
        });
      for (const cookie of signOut?.headers.getSetCookie() ?? [])
        c.header('set-cookie', cookie, { append: true });
      return { success: true };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.storeResource,
    async (input, c) => {
      const id = await resources.store(assertSameUser(c, input).id, {
        resourceId: input.resource_id,
        threadId: input.thread_id,
        queryId: input.query_id,
        dslObjects: input.dsl_objects,
      });
      return { success: true, resource_id: id };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.getUserResources,
    async (input, c) => {
      const page = await resources.list(assertSameUser(c, input).id, {
        limit: input.limit,
        cursor: input.cursor,
      });
      return { success: true, resources: page.resources, next_cursor: page.nextCursor };
    },
    mount,
  );

  // Another user's id answers 404 exactly like an unknown one, never 403: an id reveals nothing.
  mountEndpoint(
    router,
    e.getResource,
    async (input, c, params) => {
      const resource = await resources.get(assertSameUser(c, input).id, params.id);
      if (!resource) throw new ApiFailure('resource:not-found', resourceMessages.notFound);
      return { success: true, resource };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.deleteResource,
    async (input, c) => {
      if (!(await resources.remove(assertSameUser(c, input).id, input.resource_id)))
        throw new ApiFailure('resource:not-found', resourceMessages.notFound);
      return { success: true };
    },
    mount,
  );

  mountEndpoint(
    router,
    e.homeSummary,
    async (input, c) => ({ success: true, ...(await services.home.summary(assertSameUser(c, input).id)) }),
    mount,
  );

  mountChatEndpoints(router, services, mount);
  mountAccountEndpoints(router, services, mount);

  return router;
}
