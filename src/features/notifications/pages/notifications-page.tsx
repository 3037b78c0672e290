import { useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@contract/notifications';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormError } from '@/shared/ui/form-error';
import { Spinner } from '@/shared/ui/spinner';
import { notify } from '@/shared/ui/toast';
import { NOTIFICATION_PAGE_SIZE, useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';

/**
 * The signed-in user's notifications (every space's 'notifications'): newest first, 20 a page, the
 * unread ones marked; one is marked read when followed or by its button, all by 'Tout marquer comme lu'.
 */
export function NotificationsPage() {
  const paths = useSpacePaths();
  usePageTitle('Notifications', { back: paths.here });
  const [page, setPage] = useState(1);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const list = useNotifications(page, onlyUnread);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATION_PAGE_SIZE));
  const unread = list.data?.unread ?? 0;

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notify.success('Toutes les notifications sont marquées comme lues.'),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {unread === 0
            ? 'Aucune notification non lue.'
            : `${unread} notification${unread > 1 ? 's' : ''} non lue${unread > 1 ? 's' : ''}.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={onlyUnread}
            onClick={() => {
              setOnlyUnread((value) => !value);
              setPage(1);
            }}
          >
            {onlyUnread ? 'Voir toutes' : 'Non lues seulement'}
          </Button>
          <Button size="sm" onClick={onMarkAll} loading={markAll.isPending} disabled={unread === 0}>
            Tout marquer comme lu
          </Button>
        </div>
      </div>

      {list.isError && <FormError message={errorMessage(list.error)} />}
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : list.data && list.data.data.length === 0 ? (
        <EmptyState
          title="Aucune notification"
          text="Les événements qui vous concernent s’afficheront ici."
        />
      ) : (
        <ul className="space-y-2" aria-label="Liste des notifications">
          {list.data?.data.map((item) => (
            <NotificationItem key={item.id} item={item} onRead={() => markRead.mutate(item.id)} />
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label="Pagination" className="flex items-center justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Précédent
          </Button>
          <span className="text-sm text-slate-700">
            Page {page} sur {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Suivant
          </Button>
        </nav>
      )}
    </div>
  );
}

function NotificationItem({ item, onRead }: { item: Notification; onRead: () => void }) {
  return (
    <li
      className={`rounded-lg border p-3 sm:p-4 ${item.read ? 'border-slate-200 bg-white' : 'border-brand-200 bg-brand-50'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold text-slate-900">
            {!item.read && <span className="sr-only">Non lue : </span>}
            {item.title}
          </p>
          <p className="mt-1 break-words text-sm text-slate-700">{item.body}</p>
          <p className="mt-1 text-xs text-slate-600">{formatDateTime(item.created_at)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {item.link && (
            <Link
              to={item.link}
              onClick={() => {
                if (!item.read) onRead();
              }}
              className="inline-flex h-8 items-center rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
            >
              Voir
            </Link>
          )}
          {!item.read && (
            <Button variant="ghost" size="sm" onClick={onRead}>
              Marquer comme lu
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
