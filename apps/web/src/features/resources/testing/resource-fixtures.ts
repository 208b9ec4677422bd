import { dbEndpoints, type StoredResource } from '@penny/contracts';
import { vi } from 'vitest';
import { endpointReply, type RealServer, type SignedUpUser } from '../../../testing/real-server.ts';

/**
 * Saved resources for tests against the real server: stored through the server's own resource
 * service, at a chosen time, under the user's id.
 */

/** One container visualization titled `title`, whose content reads 'Details of {title}'. */
function containerObject(id: string, title: string): Record<string, unknown> {
  return {
    id: `query-${id}`,
    type: 'container',
    title,
    content_blocks: [{ type: 'content', content: `Details of ${title}` }],
  };
}

/** Stores a resource for `user` as if saved at `savedAt`; answers its id. */
export async function seedResource(
  server: RealServer,
  user: SignedUpUser,
  resource: { id: string; title: string; savedAt: Date },
): Promise<string> {
  // The server stamps a resource with its own clock: set it to the saving time for this one call.
  vi.setSystemTime(resource.savedAt);
  try {
    return await server.app.services.resources.store(user.user.id, {
      resourceId: resource.id,
      threadId: 't1',
      queryId: `query-${resource.id}`,
      dslObjects: [containerObject(resource.id, resource.title)],
    });
  } finally {
    vi.useRealTimers();
  }
}

/**
 * A `GET /db/get-resource/:id` reply the real server does not give (it refuses to store a resource
 * without visualizations), typed by the endpoint so drift fails to compile.
 */
export function resourceReply(resource: StoredResource | undefined): Response {
  return endpointReply(dbEndpoints.getResource, resource ? { success: true, resource } : { success: false });
}
