import {
  type DeleteResourceResponse,
  dbEndpoints,
  deleteResourceResponseSchema,
  type GetUserResourcesResponse,
  getResourceResponseSchema,
  getUserResourcesResponseSchema,
  type ResourceUserInfo,
  type StoredResource,
  type StoreResourceRequest,
  type StoreResourceResponse,
  storeResourceResponseSchema,
} from '@penny/contracts';
import { requestEndpoint } from './endpoint-client.ts';
import { HttpError } from './request.ts';

/**
 * The database service's resource calls (docs/product/chat.md, "Database service"): store, list, read,
 * delete, through the app's request wrapper (bearer token or anonymous token, sealed bodies).
 */

/** The user fields of a session, as the resource calls name the user (docs/product/chat.md, "User info"). */
export type ResourceUserSource = {
  id: string;
  email?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
} | null;

/**
 * User info for resource views: the session's username (else email, else id) and names, with the
 * required resource-view fallbacks 'guest-user' / 'Guest' / 'User' (docs/product/chat.md, "User info").
 */
export function resourceViewUser(user: ResourceUserSource): ResourceUserInfo {
  return {
    username: user?.username || user?.email || user?.id || 'guest-user',
    firstName: user?.firstName || 'Guest',
    lastName: user?.lastName || 'User',
  };
}

export type ResourcePageQuery = { cursor?: string | null | undefined; limit?: number | undefined };

/**
 * GET /db/get-user-resources, newest first. A non-OK reply throws the required
 * 'Failed to fetch resources: {status}' (docs/product/chat.md, "Resource errors").
 */
export async function fetchUserResources(
  user: ResourceUserInfo,
  page: ResourcePageQuery = {},
  signal?: AbortSignal,
): Promise<GetUserResourcesResponse> {
  let raw: unknown;
  try {
    raw = await requestEndpoint(
      dbEndpoints.getUserResources,
      {
        ...user,
        ...(page.cursor ? { cursor: page.cursor } : {}),
        ...(page.limit ? { limit: page.limit } : {}),
      },
      signal ? { signal } : {},
    );
  } catch (error) {
    if (error instanceof HttpError) throw new Error(`Failed to fetch resources: ${error.status}`);
    throw error;
  }
  const parsed = getUserResourcesResponseSchema.safeParse(raw);
  // A list is used only when success is true and it is an array (docs/product/chat.md, "Server answers").
  if (!parsed.success || !parsed.data.success) return { success: false, resources: [], next_cursor: null };
  return parsed.data;
}

/** Why a resource could not be shown; `notFound` is the viewer's 'Resource not found'. */
export class ResourceLoadError extends Error {
  override name = 'ResourceLoadError';
  readonly notFound: boolean;
  constructor(message: string, notFound: boolean) {
    super(message);
    this.notFound = notFound;
  }
}

/**
 * GET /db/get-resource/{id}. Null when the reply carries no resource (the viewer's
 * 'No resource data available.'); a 404 throws a ResourceLoadError with `notFound`.
 */
export async function fetchResource(
  user: ResourceUserInfo,
  id: string,
  signal?: AbortSignal,
): Promise<StoredResource | null> {
  let raw: unknown;
  try {
    raw = await requestEndpoint(
      dbEndpoints.getResource,
      { ...user },
      { params: { id }, ...(signal ? { signal } : {}) },
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 404)
      throw new ResourceLoadError('Resource not found', true);
    throw error;
  }
  const parsed = getResourceResponseSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.success || !parsed.data.resource) return null;
  return parsed.data.resource;
}

/** POST /db/store-resource. The reply is returned as sent so the caller can check `success`. */
export async function storeResource(payload: StoreResourceRequest): Promise<StoreResourceResponse> {
  const raw = await requestEndpoint(dbEndpoints.storeResource, payload);
  const parsed = storeResourceResponseSchema.safeParse(raw);
  return parsed.success ? parsed.data : { success: false };
}

/** POST /db/delete-resource. `{success:false, error}` comes back as is; transport failures throw. */
export async function deleteResource(
  user: ResourceUserInfo,
  resourceId: string,
): Promise<DeleteResourceResponse> {
  const raw = await requestEndpoint(dbEndpoints.deleteResource, { ...user, resource_id: resourceId });
  const parsed = deleteResourceResponseSchema.safeParse(raw);
  return parsed.success ? parsed.data : { success: false };
}
