import type {
  GetUserResourcesResponse,
  ResourceSummary,
  ResourceUserInfo,
  StoreResourceRequest,
} from '@penny/contracts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  deleteResource,
  fetchResource,
  fetchUserResources,
  type ResourceUserSource,
  resourceViewUser,
  storeResource,
} from '../../api/index.ts';
import { useSession } from '../../session/index.ts';

/**
 * Server state for saved resources. Keys carry the user's username, first and last name
 * ("keys built from username, first name, last name plus a suffix": docs/product/chat.md, "Cache"); every
 * store or delete invalidates the whole `resources` family.
 */
export const resourceKeys = {
  all: ['resources'] as const,
  list: (user: ResourceUserInfo) =>
    ['resources', user.username, user.firstName, user.lastName, 'list'] as const,
  detail: (user: ResourceUserInfo, id: string) =>
    ['resources', user.username, user.firstName, user.lastName, 'detail', id] as const,
};

/**
 * The signed-in user as the resource calls name them (with the required resource-view fallbacks:
 * docs/product/chat.md, "User info").
 */
export function useResourceViewUser(): ResourceUserInfo {
  const { user } = useSession();
  return resourceViewUser(user as ResourceUserSource);
}

/** The user's resources, newest first, page by page ('Load more'). */
export function useResourceList(user: ResourceUserInfo) {
  const query = useInfiniteQuery({
    queryKey: resourceKeys.list(user),
    queryFn: ({ pageParam, signal }) => fetchUserResources(user, { cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // A failing list shows its toast once; the user can retry from the page.
    retry: false,
  });
  const resources: ResourceSummary[] = query.data?.pages.flatMap((page) => page.resources) ?? [];
  return { ...query, resources };
}

/** One resource for the viewer; disabled without an id. */
export function useResource(user: ResourceUserInfo, id: string | undefined) {
  return useQuery({
    queryKey: resourceKeys.detail(user, id ?? ''),
    queryFn: ({ signal }) => fetchResource(user, id as string, signal),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useDeleteResource(user: ResourceUserInfo) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteResource(user, id),
    onSuccess: (result, id) => {
      if (!result.success) return;
      // Gone from the list at once, so nothing re-selects it while the list refetches.
      queryClient.setQueryData<InfiniteData<GetUserResourcesResponse, string | null>>(
        resourceKeys.list(user),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              resources: page.resources.filter((resource) => resource.id !== id),
            })),
          },
      );
      queryClient.removeQueries({ queryKey: resourceKeys.detail(user, id) });
    },
    // Not awaited: the caller's toast and navigation need not wait for the list to refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.list(user) });
    },
  });
}

/**
 * Saves a visualization; the resource lists refetch afterwards ("then clears resource-list cache":
 * docs/product/chat.md, "Database service").
 */
export function useStoreResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: StoreResourceRequest) => storeResource(payload),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all });
    },
  });
}
