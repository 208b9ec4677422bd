import { identityMessages, type ProfileUserInfo, profileUserInfo, type UserProfile } from '@penny/contracts';
import { type QueryClient, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchProfile, type ProfileIdentity } from '../../api/index.ts';
import { deriveUserInfo, useSession } from '../../session/index.ts';
import { toast } from '../../ui/index.ts';

export const PROFILE_QUERY_ROOT = 'profile';

export function profileQueryKey(userId: string) {
  return [PROFILE_QUERY_ROOT, userId] as const;
}

function isProfileQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === PROFILE_QUERY_ROOT;
}

async function attempt(identity: ProfileIdentity, fresh: boolean): Promise<UserProfile | null> {
  try {
    const result = await fetchProfile(identity, { fresh });
    return result.success ? result.profile : null;
  } catch {
    return null;
  }
}

/**
 * docs/product/identity.md, "Error catalogue": an unsuccessful first load clears the caches and tries once
 * more (the "fresh" variant); a second failure clears the user's cached data and shows the 'Profile Error'
 * toast.
 */
export async function loadProfile(identity: ProfileIdentity, queryClient: QueryClient): Promise<UserProfile> {
  const first = await attempt(identity, false);
  if (first) return first;
  await queryClient.invalidateQueries({ predicate: (query) => !isProfileQuery(query.queryKey) });
  const second = await attempt(identity, true);
  if (second) return second;
  await queryClient.invalidateQueries({ predicate: (query) => !isProfileQuery(query.queryKey) });
  const { title, description } = identityMessages.toasts.profileError;
  toast.error(title, { description });
  throw new Error(description);
}

export type ProfileView = {
  profile: UserProfile | undefined;
  /** User_Info with the top-level fallbacks, null until loaded. */
  info: ProfileUserInfo | null;
  isPending: boolean;
  isError: boolean;
};

/** The signed-in user's profile (GET /db/get-profile), loaded once and shared. */
export function useProfile(): ProfileView {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const identity = user ? deriveUserInfo(user) : null;
  const query = useQuery({
    queryKey: profileQueryKey(user?.id ?? ''),
    queryFn: identity
      ? () =>
          loadProfile(
            { username: identity.username, firstName: identity.firstName, lastName: identity.lastName },
            queryClient,
          )
      : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return {
    profile: query.data,
    info: query.data ? profileUserInfo(query.data) : null,
    isPending: query.isPending,
    isError: query.isError,
  };
}
