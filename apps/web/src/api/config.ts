import type { PublicConfig } from '@penny/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type { PublicConfig };

/** Served by the API server next to the SPA. */
export const PUBLIC_CONFIG_PATH = '/config';

export type FetchPublicConfigOptions = {
  url?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
};

/** One uncached `GET /config`, validated with the contract schema. */
export async function fetchPublicConfig({
  url = PUBLIC_CONFIG_PATH,
  fetch: doFetch = (input, init) => globalThis.fetch(input, init),
  signal,
}: FetchPublicConfigOptions = {}): Promise<PublicConfig> {
  // The schema (and zod) load beside the request, not with the first screen that reads the config.
  const contracts = import('@penny/contracts');
  const response = await doFetch(url, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  const body: unknown = await response.json();
  return (await contracts).publicConfigSchema.parse(body);
}

let cached: Promise<PublicConfig> | undefined;

/**
 * The public runtime config, loaded once per page and shared by every caller (React or not, e.g. the
 * request wrapper). A failed load is forgotten so the next call tries again.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (!cached) {
    const attempt = fetchPublicConfig();
    cached = attempt;
    attempt.catch(() => {
      if (cached === attempt) cached = undefined;
    });
  }
  return cached;
}

/** Forgets the loaded config (tests). */
export function resetPublicConfig(): void {
  cached = undefined;
}

export const publicConfigQueryKey = ['public-config'] as const;

/** For `queryClient.ensureQueryData(...)`/`prefetchQuery(...)`; never stale within a page. */
export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: publicConfigQueryKey,
    queryFn: () => loadPublicConfig(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The public config in components: `{data, isPending, error}` (TanStack Query). */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
