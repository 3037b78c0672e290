import { MutationCache, QueryClient } from '@tanstack/react-query';
import { getHttpStatus } from './http-client';

/** A 4xx will answer the same the second time; anything else (network, 5xx) gets one more try. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = getHttpStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/**
 * The dashboards' queries start with this key (src/features/dashboard). They summarise every write, so
 * any successful write marks them stale: the next home shows fresh figures, not the minute-old ones
 * (decision 0031).
 */
export const DASHBOARD_QUERY_ROOT = 'dashboard';

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ queryKey: [DASHBOARD_QUERY_ROOT] }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetryQuery,
        // a query runs even without network: its answer kept on the device (src/shared/offline/
        // persisted-queries.ts) is read first; only the network part waits for the network
        networkMode: 'offlineFirst',
      },
      // a write without network fails at once with its French message, instead of waiting unseen
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
  return client;
}

/** The application's client; tests build their own with `createQueryClient()`. */
export const queryClient = createQueryClient();
