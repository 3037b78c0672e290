import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '@/shared/api/query-client';
import { toasterWanted } from '@/shared/ui/toast';
import { updateWaiting } from './pwa';

// The toaster (sonner) loads with the first toast (src/shared/ui/toast.ts): no page waits for it.
const AppToaster = lazy(() =>
  import('@/shared/ui/toaster').then((module) => ({ default: module.AppToaster })),
);
// 'Nouvelle version disponible' loads when a new version waits (src/app/pwa.ts).
const UpdatePrompt = lazy(() => import('./update-prompt'));

/** What every screen needs above the router: server state, the toasts, the new version's prompt. */
export function AppProviders({
  children,
  client = appQueryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  const toaster = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, toasterWanted.get);
  const update = useSyncExternalStore(updateWaiting.subscribe, updateWaiting.get, () => false);
  return (
    <QueryClientProvider client={client}>
      {children}
      {toaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
      {update && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
