import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { NavItem } from '@/shared/routing/space';
import { APP_TITLE } from '@/shared/config';
import { NavIcon } from '@/spaces/common/nav-icon';
import { SpaceNav } from './space-nav';

/** The phone's navigation: a menu button opening a drawer (focus trapped, Escape closes). */
export function MobileNav({
  items,
  home,
  spaceLabel,
}: {
  items: NavItem[];
  home: string;
  spaceLabel: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label="Ouvrir le menu"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
        >
          <NavIcon name="menu" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none">
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
          <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500">{APP_TITLE}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
