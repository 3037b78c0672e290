import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { useAccount } from '@/shared/auth/account-store';
import { PageHeaderProvider } from '@/shared/level/page-title';
import { SpaceProvider, registeredNav, type SpaceDefinition } from '@/shared/routing/space';
import { APP_TITLE } from '@/shared/config';
import { cn } from '@/shared/lib/cn';
import { SpaceHeader } from './space-header';
import { SpaceNav } from './space-nav';
import { BottomDock } from './accountant-dock';
import { OfflineBanner } from './offline-banner';
import { queryClient } from '@/shared/api/query-client';
import { useAccountStore } from '@/shared/auth/account-store';
import { unreadCountQuery } from '@/features/notifications/api/notifications';

/** What the shell shows of the server, asked for when a navigation into a space starts (decision 0039). */
export function prefetchShell(): void {
  if (useAccountStore.getState().account) void queryClient.prefetchQuery(unreadCountQuery());
}

/**
 * The shell of a private space: header (title, back, first name, space switcher, logout), the
 * navigation of the sections whose pages exist, the dock when the space has one, and the page.
 * Rendered below the space's guard, so the account is known.
 */
export function SpaceShell({ space }: { space: SpaceDefinition }) {
  const account = useAccount();
  const nav = useMemo(() => registeredNav(space), [space]);
  if (!account) return null;
  return (
    <SpaceProvider space={space}>
      <PageHeaderProvider>
        <a
          href="#contenu"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
        >
          Aller au contenu
        </a>
        <div className="flex min-h-screen">
          <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white lg:flex">
            <div className="flex h-16 items-center gap-2 border-b border-slate-200 px-4">
              <img src="/logo.svg" alt="" width={28} height={28} />
              <div className="min-w-0 leading-tight">
                <p className="truncate text-sm font-semibold text-brand-800">{APP_TITLE}</p>
                <p className="truncate text-xs text-slate-500">{space.label}</p>
              </div>
            </div>
            <div className="sticky top-0 flex-1 overflow-y-auto p-3">
              <SpaceNav items={nav} home={space.home} label={`Navigation ${space.label}`} />
            </div>
          </aside>
          <div className="flex min-w-0 flex-1 flex-col">
            <SpaceHeader space={space} account={account} nav={nav} />
            <OfflineBanner />
            <main id="contenu" tabIndex={-1} className={cn('flex-1 p-4 sm:p-6', space.dock && 'pb-24')}>
              <Outlet />
            </main>
          </div>
        </div>
        {space.dock && <BottomDock items={space.dock} />}
      </PageHeaderProvider>
    </SpaceProvider>
  );
}

export default SpaceShell;
