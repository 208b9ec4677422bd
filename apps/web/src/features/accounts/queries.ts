import { ACCOUNT_LIMITS, type AccountCredential, type GetTransactionsResponse } from '@penny/contracts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type AccountUserInfo,
  accountKeys,
  disconnectAccount,
  fetchCredentials,
  fetchTransactions,
  refreshAccounts,
  type TransactionsQuery,
} from '../../api/index.ts';
import { deriveUserInfo, useSession } from '../../session/index.ts';

/** While a first sync runs, the credentials are read again this often (the status and balances move). */
export const SYNC_POLL_MS = 2000;

/** The signed-in user as the account calls name them (docs/product/identity.md, "Derived user info"). */
export function useAccountsUser(): AccountUserInfo {
  const { user } = useSession();
  if (!user) return { username: 'guest', firstName: 'Guest', lastName: 'User' };
  const { username, firstName, lastName } = deriveUserInfo(user);
  return { username, firstName, lastName };
}

/** A sync runs, or a bank's history is still arriving (its provider announces each part, then we sync). */
export function isSettling(credential: AccountCredential): boolean {
  return (
    credential.status === 'syncing' || (credential.status === 'active' && credential.history !== 'complete')
  );
}

export function isSyncing(credentials: Record<string, AccountCredential> | undefined): boolean {
  return Object.values(credentials ?? {}).some(isSettling);
}

/** The credentials map; polled every 2 s while any connection is syncing or its history arriving. */
export function useCredentials(user: AccountUserInfo) {
  return useQuery({
    queryKey: accountKeys.credentials(user),
    queryFn: ({ signal }) => fetchCredentials(user, signal),
    refetchInterval: (query) => (isSyncing(query.state.data) ? SYNC_POLL_MS : false),
    retry: false,
  });
}

/** Starts a sync of every connection, then reads the credentials again. */
export function useRefreshAccounts(user: AccountUserInfo) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshAccounts(user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.credentials(user) }),
  });
}

export function useDisconnectAccount(user: AccountUserInfo) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credential: Pick<AccountCredential, 'account_name' | 'account_type'>) =>
      disconnectAccount(user, {
        account_name: credential.account_name,
        account_type: credential.account_type,
      }),
    onSuccess: (_result, credential) => {
      // Gone at once, so the card does not linger while the list refetches.
      queryClient.setQueryData<Record<string, AccountCredential>>(accountKeys.credentials(user), (data) => {
        if (!data) return data;
        const { [credential.account_name]: _removed, ...rest } = data;
        return rest;
      });
      queryClient.removeQueries({
        queryKey: [...accountKeys.all, user.username, user.firstName, user.lastName, 'transactions'],
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.credentials(user) }),
  });
}

/** Every account query of this user is stale after a link: the page reads them again. */
export function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/** One account's transactions, newest first, page by page (keyset paging with `next_cursor`). */
export function useTransactions(user: AccountUserInfo, query: TransactionsQuery) {
  const result = useInfiniteQuery<
    GetTransactionsResponse,
    Error,
    InfiniteData<GetTransactionsResponse, string | null>,
    ReturnType<typeof accountKeys.transactions>,
    string | null
  >({
    queryKey: accountKeys.transactions(user, query),
    queryFn: ({ pageParam, signal }) =>
      fetchTransactions(
        query.platform,
        {
          ...user,
          account_name: query.accountName,
          account_id: query.accountId,
          start_date: query.start,
          end_date: query.end,
          limit: ACCOUNT_LIMITS.defaultPageSize,
          ...(query.search ? { search: query.search } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      ),
    initialPageParam: null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // A new search or range keeps the rows on screen until its first page arrives.
    placeholderData: (previous) => previous,
    retry: false,
  });
  const transactions = result.data?.pages.flatMap((page) => page.transactions) ?? [];
  return { ...result, transactions };
}
