import {
  deleteResourceRequestSchema,
  getResourceQuerySchema,
  getUserResourcesQuerySchema,
  hasResourceUserInfo,
  resourceIdSchema,
  resourceMessages,
  storeResourceRequestSchema,
} from '@penny/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { createResourceService } from '../../../chat/index.ts';
import type { Database } from '../../../db/index.ts';
import type { AppEnv } from '../../context.ts';
import { ApiFailure } from '../../errors.ts';
import { assertSameUser } from '../../identity-guard.ts';
import { readBody, readQuery } from '../../validate.ts';

const anyJson = z.unknown();

/**
 * Saved resources: POST /db/store-resource, GET /db/get-user-resources, GET /db/get-resource/{id},
 * POST /db/delete-resource. The user is the session's; ids of other users' resources answer 404
 * exactly like unknown ids, never 403, so an id reveals nothing.
 */
export function resourceRoutes(deps: { db: Database }) {
  const resources = createResourceService(deps.db);

  return new Hono<AppEnv>()
    .post('/store-resource', async (c) => {
      const raw = await readBody(c, anyJson);
      // The spec's own message for a payload without username, firstName and lastName.
      if (!hasResourceUserInfo(raw)) throw new ApiFailure(400, resourceMessages.missingUserInfo);
      const input = await readBody(c, storeResourceRequestSchema);
      const user = assertSameUser(c, input);
      const id = await resources.store(user.id, {
        resourceId: input.resource_id,
        threadId: input.thread_id,
        queryId: input.query_id,
        dslObjects: input.dsl_objects,
      });
      return c.json({ success: true, resource_id: id });
    })
    .get('/get-user-resources', async (c) => {
      const query = readQuery(c, getUserResourcesQuerySchema);
      const user = assertSameUser(c, query);
      const page = await resources.list(user.id, { limit: query.limit, cursor: query.cursor });
      if (!page) throw new ApiFailure(400, 'Invalid request: cursor: is not a valid cursor');
      c.header('cache-control', 'no-store');
      return c.json({ success: true, resources: page.resources, next_cursor: page.nextCursor });
    })
    .get('/get-resource/:id', async (c) => {
      const query = readQuery(c, getResourceQuerySchema);
      const user = assertSameUser(c, query);
      const id = resourceIdSchema.safeParse(c.req.param('id'));
      const resource = id.success ? await resources.get(user.id, id.data) : null;
      if (!resource) throw new ApiFailure(404, resourceMessages.notFound);
      c.header('cache-control', 'no-store');
      return c.json({ success: true, resource });
    })
    .post('/delete-resource', async (c) => {
      const input = await readBody(c, deleteResourceRequestSchema);
      const user = assertSameUser(c, input);
      if (!(await resources.remove(user.id, input.resource_id))) {
        throw new ApiFailure(404, resourceMessages.notFound);
      }
      return c.json({ success: true });
    });
}
