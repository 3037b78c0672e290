import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '@/shared/api/query-client';
import { toasterWanted } from '@/shared/ui/toast';

// The toaster (sonner) loads with the first toast (src/shared/ui/toast.ts): no page waits for it.
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
  const toaster = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, toasterWanted.get);
  return (
    <QueryClientProvider client={client}>
      {children}
      {toaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
