import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '@/shared/api/query-client';

// The toaster (sonner) loads after the first screen: the sign-in page does not wait for it.
const AppToaster = lazy(() =>
  import('@/shared/ui/toaster').then((module) => ({ default: module.AppToaster })),
);

/** What every screen needs above the router: server state and the toasts. */
export function AppProviders({
  children,
  client = appQueryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
