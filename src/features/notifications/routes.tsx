import type { RouteObject } from 'react-router';
import { pageRoute } from '@/shared/routing/page-route';

/* The 'notifications' page (ROUTES.md): the signed-in user's own, mounted by every space. */

const list = () => import('./pages/notifications-page').then((m) => m.NotificationsPage);

/** 'notifications' of a space (the personal space mounts it at '/notifications'). */
export function notificationRoutes(): RouteObject[] {
  return [pageRoute('notifications', 'notifications.list', list)];
}
