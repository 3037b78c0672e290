import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Account } from '@contract/auth';
import type { NavItem, SpaceDefinition } from '@/shared/routing/space';
import { usePageHeader } from '@/shared/level/page-title';
import { roleLabel, spacesOf } from '@/shared/auth/roles';
import { logout } from '@/shared/auth/session';
import { SpaceSwitcher } from '@/features/auth/components/space-switcher';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NavIcon } from '@/spaces/common/nav-icon';
import { MobileNav } from './mobile-nav';
import { OutboxIndicator, outboxCountLabel } from './outbox-indicator';
import { useOutbox } from '@/shared/offline/outbox-store';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';

/**
 * The notifications page of the space (its nav's), the personal one for the accountant: their dock's
 * /admin/notifications leads there too (RequireSpace).
 */
function notificationsPath(space: SpaceDefinition): string {
  if (space.key === 'accountant') return '/notifications';
  return space.nav.find((item) => item.feature === 'notifications')?.path ?? '/notifications';
}

type SpaceHeaderProps = { space: SpaceDefinition; account: Account; nav: NavItem[] };

export function SpaceHeader({ space, account, nav }: SpaceHeaderProps) {
  const { title, back } = usePageHeader();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const waiting = useOutbox().length;
  const [confirming, setConfirming] = useState(false);

  const leave = async () => {
    setLeaving(true);
    await logout();
    navigate('/connexion', { replace: true });
  };
  // writes not sent yet would go with the rest of the user's data: the user says so first
  const onLogout = () => (waiting > 0 ? setConfirming(true) : void leave());

  return (
    <header className="sticky top-0 z-30 flex min-h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-2 py-2 backdrop-blur sm:h-16 sm:px-4 sm:py-0">
      <MobileNav
        items={nav}
        home={space.home}
        spaceLabel={space.label}
        account={account}
        current={space.key}
        onLogout={onLogout}
        leaving={leaving}
      />
      {back && (
        <Link
          to={back}
          aria-label="Retour"
          title="Retour"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
        >
          <NavIcon name="back" />
        </Link>
      )}
      {/* On a phone the title wraps rather than being cut; the account's controls are in the menu. */}
      <h1 className="min-w-0 flex-1 break-words text-base font-semibold leading-tight text-slate-900 sm:truncate sm:text-lg">
        {title ?? space.label}
      </h1>
      <OutboxIndicator />
      <NotificationBell to={notificationsPath(space)} />
      <div className="hidden sm:contents">
        <SpaceSwitcher spaces={spacesOf(account)} current={space.key} />
      </div>
      <div className="hidden text-right leading-tight sm:block">
        <p className="text-sm font-medium text-slate-900">{account.firstname}</p>
        <p className="text-xs text-slate-600">{roleLabel(account)}</p>
      </div>
      <div className="group relative hidden sm:block">
        <button
          type="button"
          onClick={onLogout}
          disabled={leaving}
          aria-label="Déconnexion"
          title="Déconnexion"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
        >
          <NavIcon name="logout" />
        </button>
        <span
          role="tooltip"
          className="pointer-events-none absolute right-0 top-full z-40 mt-1 hidden whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white group-focus-within:block group-hover:block"
        >
          Déconnexion
        </span>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Se déconnecter ?"
        message={
          waiting > 0
            ? `${outboxCountLabel(waiting)} sur cet appareil : vous déconnecter ${
                waiting > 1 ? 'les supprimera sans les envoyer' : 'la supprimera sans l’envoyer'
              }.`
            : // sent while the question was open: nothing is lost any more
              'Les recettes en attente ont été envoyées entre-temps : rien ne sera perdu.'
        }
        confirmLabel={waiting > 0 ? 'Se déconnecter quand même' : 'Se déconnecter'}
        danger
        onConfirm={leave}
      />
    </header>
  );
}
