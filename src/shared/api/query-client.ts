import { QueryClient } from '@tanstack/react-query';
import { getHttpStatus } from './http-client';

/** A 4xx will answer the same the second time; anything else (network, 5xx) gets one more try. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = getHttpStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetryQuery,
      },
      mutations: { retry: 0 },
    },
  });
}

/** The application's client; tests build their own with `createQueryClient()`. */
export const queryClient = createQueryClient();
