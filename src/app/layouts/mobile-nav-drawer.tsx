import type { RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { Account } from '@contract/auth';
import type { NavItem } from '@/shared/routing/space';
import { roleLabel, spacesOf, type SpaceKey } from '@/shared/auth/roles';
import { APP_TITLE } from '@/shared/config';
import { NavIcon } from '@/spaces/common/nav-icon';
import { SpaceNav } from './space-nav';
import { SpaceLinks } from '@/features/auth/components/space-switcher';

export type MobileNavProps = {
  items: NavItem[];
  home: string;
  spaceLabel: string;
  account?: Account;
  current?: SpaceKey;
  onLogout?: () => void;
  leaving?: boolean;
};

/**
 * The drawer of the phone's navigation (Radix Dialog: focus trapped, Escape closes), loaded by
 * `./mobile-nav` when its menu button is first used. Closing gives the focus back to that button.
 */
export function MobileNavDrawer({
  items,
  home,
  spaceLabel,
  account,
  current,
  onLogout,
  leaving = false,
  open,
  setOpen,
  opener,
}: MobileNavProps & {
  open: boolean;
  setOpen: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const spaces = account ? spacesOf(account) : [];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="truncate text-base font-semibold text-slate-900">
              {spaceLabel}
            </Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Fermer le menu"
                className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              >
                <NavIcon name="close" />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Rubriques de l’espace {spaceLabel}</Dialog.Description>
          <div className="flex-1 overflow-y-auto p-3">
            <SpaceNav
              items={items}
              home={home}
              label={`Navigation ${spaceLabel}`}
              onNavigate={() => setOpen(false)}
            />
          </div>
          {account && (
            <div className="border-t border-slate-200 px-4 py-3 sm:hidden">
              <p className="text-sm font-medium text-slate-900">{account.firstname}</p>
              <p className="text-xs text-slate-600">{roleLabel(account)}</p>
              {spaces.length > 1 && (
                <nav aria-label="Mes espaces" className="mt-2">
                  <SpaceLinks
                    spaces={spaces}
                    current={current}
                    onNavigate={() => setOpen(false)}
                    className="space-y-1"
                  />
                </nav>
              )}
              {onLogout && (
                <button
                  type="button"
                  onClick={onLogout}
                  disabled={leaving}
                  className="mt-2 inline-flex min-h-10 w-full items-center gap-2 rounded-md px-3 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
                >
                  <NavIcon name="logout" />
                  Déconnexion
                </button>
              )}
            </div>
          )}
          <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-600">{APP_TITLE}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
