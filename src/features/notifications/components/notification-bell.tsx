import { Link } from 'react-router';
import { useUnreadCount } from '../api/notifications';

/**
 * The bell of every space's header: a link to the user's notifications page with the unread count,
 * asked again every 60 s. Its accessible name says 'Notifications' and how many are unread.
 */
export function NotificationBell({ to }: { to: string }) {
  const { data: unread = 0 } = useUnreadCount();
  const label =
    unread > 0
      ? `Notifications (${unread} non lue${unread > 1 ? 's' : ''})`
      : 'Notifications (aucune non lue)';
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
